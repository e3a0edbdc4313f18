// mailbox-tuned's moves played with their piece type known (Position::make_quiet_move, make_capture,
// make_promotion and their undo), which perft's own recursion uses, against make_move: the position between
// the do and the undo is make_move's, and the one after the undo is the position as it was.
#include <boost/test/unit_test.hpp>
#include <string>
#include <vector>

#include "common/move.hpp"
#include "common/types.hpp"
#include "tests/generators.hpp"
#include "tests/quick.hpp"
#include "tuned/mailbox/position.hpp"

using namespace movegen;

namespace {

// The suite's positions and, from each, the positions of one random game of up to `plies` moves.
std::vector<std::string> positions(int plies) { return testing::suite_positions_and_random_games(plies, 20261121); }

// The position after a move played with its piece known against make_move's (`made`): board, side, castling
// rights, en passant square, king squares, slider lines and every letter's count.
bool same_as_make_move(const mailbox_tuned::Position& a, const mailbox_tuned::Position& made) {
  for (char c : PIECE_LETTERS)
    if (c != '-' && a.count(c) != made.count(c)) return false;
  return a.board_string() == made.board_string() && a.side_to_move() == made.side_to_move() &&
         a.castling_rights() == made.castling_rights() && a.ep_square() == made.ep_square() &&
         a.king_square(WHITE) == made.king_square(WHITE) && a.king_square(BLACK) == made.king_square(BLACK) &&
         *a.attackers(WHITE).lines == *made.attackers(WHITE).lines &&
         *a.attackers(BLACK).lines == *made.attackers(BLACK).lines &&
         a.attackers(WHITE).knights == made.attackers(WHITE).knights &&
         a.attackers(BLACK).knights == made.attackers(BLACK).knights;
}

// f.template operator()<Us, Pt>() for piece type `pt`: a play known at compile time from a type known at
// run time.
template <Color Us, class F>
bool with_piece_type(PieceType pt, F f) {
  switch (pt) {
    case PAWN: return f.template operator()<Us, PAWN>();
    case KNIGHT: return f.template operator()<Us, KNIGHT>();
    case BISHOP: return f.template operator()<Us, BISHOP>();
    case ROOK: return f.template operator()<Us, ROOK>();
    case QUEEN: return f.template operator()<Us, QUEEN>();
    default: return f.template operator()<Us, KING>();
  }
}

// f.template operator()<Us, Pt>() for side `us` and piece type `pt` known at compile time.
template <class F>
bool with_side_and_piece_type(Color us, PieceType pt, F f) {
  return us == WHITE ? with_piece_type<WHITE>(pt, f) : with_piece_type<BLACK>(pt, f);
}

// `make` then `unmake` (a make_* of Position and its unmake_*) on `pos`: true if the position between them
// is make_move's (`made`) and the position after them is `pos` as it was, counts, key and FEN included.
template <class Make, class Unmake>
bool as_make_move(mailbox_tuned::Position pos, const mailbox_tuned::Position& made, Make make, Unmake unmake) {
  const mailbox_tuned::Position before = pos;
  mailbox_tuned::Position::Undo undo;
  make(pos, undo);
  const bool played = same_as_make_move(pos, made);
  unmake(pos, undo);
  return played && same_as_make_move(pos, before) && pos.fen() == before.fen() && pos.key() == before.key();
}

}  // namespace

// perft's quiet moves played with their piece type known (Position::make_quiet_move, which touches the castling
// rights only for a king or rook, the slider lines only for a slider) against make_move: every legal quiet
// move (flag NORMAL onto an empty square) of Kiwipete, where a king step and a rook move each lose rights and
// a bishop's or knight's move none, then of every suite position and the positions random games reach.
BOOST_AUTO_TEST_CASE(quiet_move_with_its_piece_known_is_make_move) {
  std::vector<std::string> fens = {"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"};
  const std::vector<std::string> more = positions(test::quick_tests() ? 10 : 40);
  fens.insert(fens.end(), more.begin(), more.end());
  int rights_lost = 0, compared = 0;
  for (const std::string& fen : fens) {
    mailbox_tuned::Position pos = mailbox_tuned::Position::from_fen(fen);
    MoveList moves;
    pos.generate_legal(moves);
    for (Move m : moves) {
      if (m.flag() != NORMAL || pos.piece_on(m.to()) != NO_PIECE) continue;
      mailbox_tuned::Position made = pos;
      made.make_move(m);
      rights_lost += made.castling_rights() != pos.castling_rights();
      const Square from = m.from(), to = m.to();
      const PieceType pt = type_of(pos.piece_on(from));
      const bool ok = with_side_and_piece_type(pos.side_to_move(), pt, [&]<Color Us, PieceType Pt>() {
        return as_make_move(
            pos, made, [&](auto& p, auto& undo) { p.template make_quiet_move<Us, Pt>(from, to, undo); },
            [&](auto& p, auto& undo) { p.template unmake_quiet_move<Us, Pt>(from, to, undo); });
      });
      BOOST_TEST(ok, fen << " " << to_uci(m));
      ++compared;
    }
  }
  BOOST_TEST(rights_lost > 20);
  BOOST_TEST(compared > 5000);
}

// perft's captures and promotions played with the piece type known (Position::make_capture, make_promotion)
// against make_move: every legal capture (flag NORMAL onto an enemy piece) and promotion of positions where
// a capture takes a rook on its corner and so a castling right (a bishop's, a pawn's promotion's), a king
// captures, a promotion takes a slider, and then of every suite position and the positions random games reach.
BOOST_AUTO_TEST_CASE(capture_and_promotion_with_the_piece_known_are_make_move) {
  std::vector<std::string> fens = {
      "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
      "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
      "r3k2r/1P6/8/8/8/8/6p1/R3K2R b KQkq - 0 1",          // g2xh1 and b7xa8 promote onto a corner rook
      "r3k2r/8/8/3B4/8/8/8/R3K2R w KQkq - 0 1",            // Bd5xa8 takes a castling right
      "4k3/8/8/8/8/8/3q4/4K3 w - - 0 1"};                  // the king takes the queen
  const std::vector<std::string> more = positions(test::quick_tests() ? 10 : 40);
  fens.insert(fens.end(), more.begin(), more.end());
  int rights_lost = 0, captures = 0, promotions = 0;
  for (const std::string& fen : fens) {
    mailbox_tuned::Position pos = mailbox_tuned::Position::from_fen(fen);
    MoveList moves;
    pos.generate_legal(moves);
    for (Move m : moves) {
      const bool capture = m.flag() == NORMAL && pos.piece_on(m.to()) != NO_PIECE;
      if (!capture && !m.is_promotion()) continue;
      mailbox_tuned::Position made = pos;
      made.make_move(m);
      rights_lost += made.castling_rights() != pos.castling_rights();
      const Square from = m.from(), to = m.to();
      bool ok = false;
      if (m.is_promotion()) {
        ok = with_side_and_piece_type(pos.side_to_move(), m.promotion_type(), [&]<Color Us, PieceType Pt>() {
          return as_make_move(
              pos, made, [&](auto& p, auto& undo) { p.template make_promotion<Us, Pt>(from, to, undo); },
              [&](auto& p, auto& undo) { p.template unmake_promotion<Us, Pt>(from, to, undo); });
        });
        ++promotions;
      } else {
        ok = with_side_and_piece_type(pos.side_to_move(), type_of(pos.piece_on(from)), [&]<Color Us, PieceType Pt>() {
          return as_make_move(
              pos, made, [&](auto& p, auto& undo) { p.template make_capture<Us, Pt>(from, to, undo); },
              [&](auto& p, auto& undo) { p.template unmake_capture<Us, Pt>(from, to, undo); });
        });
        ++captures;
      }
      BOOST_TEST(ok, fen << " " << to_uci(m));
    }
  }
  BOOST_TEST(rights_lost > 10);
  BOOST_TEST(captures > (test::quick_tests() ? 1000 : 2000));  // quick: a quarter of the random games
  BOOST_TEST(promotions > 100);
}
