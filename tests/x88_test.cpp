// The 0x88 board's own machinery against the plain way: the difference tables (can_attack, step_towards)
// against stepping with common/steps.hpp for every pair of squares and every piece, the square conversions
// both ways, the one bounds test at every edge, and the piece lists that make and unmake keep, on the
// suite's positions and random games from them; and x88's legality masks against the mailbox's.
#include <boost/test/unit_test.hpp>
#include <string>
#include <vector>

#include "mailbox/legal_masks.hpp"
#include "tests/generators.hpp"
#include "tests/quick.hpp"
#include "x88/attacks.hpp"
#include "x88/legal_masks.hpp"
#include "x88/movegen.hpp"

using namespace movegen;
using namespace movegen::x88;

namespace {

// True if piece p on `from` attacks `to` on an empty board, found by stepping (row, col) with the step
// tables: a leaper's one step, a slider's walk along its directions to the edge.
bool attacks_by_stepping(Piece p, Square from, Square to) {
  const int row = rank_of(from), col = file_of(from);
  auto reaches = [&](Step s, bool slides) {
    for (int r = row + s.row, c = col + s.col; on_board(r, c); r += s.row, c += s.col) {
      if (square_at(r, c) == to) return true;
      if (!slides) break;
    }
    return false;
  };
  auto any = [&](const auto& steps, bool slides) {
    for (Step s : steps)
      if (reaches(s, slides)) return true;
    return false;
  };
  switch (type_of(p)) {
    case PAWN: return any(pawn_attack_steps(color_of(p)), false);
    case KNIGHT: return any(KNIGHT_STEPS, false);
    case BISHOP: return any(BISHOP_DIRECTIONS, true);
    case ROOK: return any(ROOK_DIRECTIONS, true);
    case QUEEN: return any(BISHOP_DIRECTIONS, true) || any(ROOK_DIRECTIONS, true);
    case KING: return any(KING_STEPS, false);
    default: return false;
  }
}

constexpr Piece PIECES[] = {W_PAWN, W_KNIGHT, W_BISHOP, W_ROOK, W_QUEEN, W_KING,
                            B_PAWN, B_KNIGHT, B_BISHOP, B_ROOK, B_QUEEN, B_KING};

// The suite's positions and, from each, the positions of one random game of up to `plies` moves.
std::vector<std::string> positions(int plies) { return testing::suite_positions_and_random_games(plies, 20261125); }

}  // namespace

BOOST_AUTO_TEST_CASE(difference_table_agrees_with_stepping_for_every_pair_and_piece) {
  int attacking_pairs = 0;
  for (Square a = SQ_A1; a <= SQ_H8; ++a)
    for (Square b = SQ_A1; b <= SQ_H8; ++b)
      for (Piece p : PIECES) {
        const bool expected = attacks_by_stepping(p, a, b);
        BOOST_TEST_CONTEXT(piece_to_char(p) << " " << square_name(a) << " -> " << square_name(b)) {
          BOOST_TEST(can_attack(p, to_x88(a), to_x88(b)) == expected);
          if (!expected) continue;
          ++attacking_pairs;
          // The step walks from a to b over the board, and is one row and column step of the piece's table.
          const int step = step_towards(to_x88(a), to_x88(b));
          BOOST_TEST(step != 0);
          Square88 s = to_x88(a);
          for (int n = 0; n < 8 && s != to_x88(b); ++n) s += step;
          BOOST_TEST(s == to_x88(b));
        }
      }
  BOOST_TEST(attacking_pairs > 0);
}

BOOST_AUTO_TEST_CASE(no_piece_attacks_its_own_square) {
  for (Square a = SQ_A1; a <= SQ_H8; ++a)
    for (Piece p : PIECES) BOOST_TEST(!can_attack(p, to_x88(a), to_x88(a)));
}

BOOST_AUTO_TEST_CASE(square_conversions_round_trip) {
  for (Square s = SQ_A1; s <= SQ_H8; ++s) {
    BOOST_TEST(!off_board(to_x88(s)));
    BOOST_TEST(from_x88(to_x88(s)) == s);
    BOOST_TEST(to_x88(s) == 16 * rank_of(s) + file_of(s));
  }
  int on = 0;
  for (Square88 s = 0; s < BOARD88_SIZE; ++s)
    if (!off_board(s)) {
      ++on;
      BOOST_TEST(to_x88(from_x88(s)) == s);
    }
  BOOST_TEST(on == 64);
  BOOST_TEST(to_x88(SQ_A1) == 0x00);
  BOOST_TEST(to_x88(SQ_H1) == 0x07);
  BOOST_TEST(to_x88(SQ_A8) == 0x70);
  BOOST_TEST(to_x88(SQ_H8) == 0x77);
}

BOOST_AUTO_TEST_CASE(off_board_is_detected_at_every_edge) {
  // Every step of every table, and every slider step repeated up to seven times, from every square: the 0x88
  // test agrees with the row and column test, including past the a- and h-files and below rank 1 and above
  // rank 8.
  std::vector<Step> steps(KNIGHT_STEPS.begin(), KNIGHT_STEPS.end());
  steps.insert(steps.end(), KING_STEPS.begin(), KING_STEPS.end());
  for (Step s : KING_STEPS)
    for (int k = 2; k < 8; ++k) steps.push_back({k * s.row, k * s.col});
  for (Square sq = SQ_A1; sq <= SQ_H8; ++sq)
    for (Step s : steps)
      BOOST_TEST(off_board(to_x88(sq) + offset(s)) == !on_board(rank_of(sq) + s.row, file_of(sq) + s.col),
                 square_name(sq) << " + (" << s.row << ", " << s.col << ")");
  // The edges by name: one step off each side of each corner.
  BOOST_TEST(off_board(to_x88(SQ_A1) - 1));
  BOOST_TEST(off_board(to_x88(SQ_A1) - 16));
  BOOST_TEST(off_board(to_x88(SQ_H1) + 1));
  BOOST_TEST(off_board(to_x88(SQ_H8) + 1));
  BOOST_TEST(off_board(to_x88(SQ_H8) + 16));
  BOOST_TEST(off_board(to_x88(SQ_A8) + 16));
  BOOST_TEST(off_board(to_x88(SQ_A8) - 1));
}

BOOST_AUTO_TEST_CASE(make_and_unmake_keep_the_piece_lists) {
  // After every move made and taken back, check_position (the lists against the board, the king first)
  // holds and the lists are in their order before the move.
  for (const std::string& fen : positions(test::quick_tests() ? 10 : 40)) {
    BOOST_TEST_CONTEXT(fen) {
      MtuPosition<Position> pos = MtuPosition<Position>::from_fen(fen);
      BOOST_TEST(pos.check_position() == "");
      const std::vector<Square88> white(pos.pieces(WHITE).begin(), pos.pieces(WHITE).end());
      const std::vector<Square88> black(pos.pieces(BLACK).begin(), pos.pieces(BLACK).end());
      MoveList moves;
      pos.generate_legal(moves);
      for (Move m : moves) {
        pos.make_move(m);
        BOOST_TEST(pos.check_position() == "", to_uci(m, Notation::CLASSICAL));
        pos.unmake_move(m);
        BOOST_TEST(std::vector<Square88>(pos.pieces(WHITE).begin(), pos.pieces(WHITE).end()) == white);
        BOOST_TEST(std::vector<Square88>(pos.pieces(BLACK).begin(), pos.pieces(BLACK).end()) == black);
        BOOST_TEST(pos.fen() == fen);
      }
    }
  }
}

BOOST_AUTO_TEST_CASE(check_and_pin_masks_match_the_mailbox) {
  for (const std::string& fen : positions(test::quick_tests() ? 10 : 40)) {
    BOOST_TEST_CONTEXT(fen) {
      const MasksPosition<Position> pos = MasksPosition<Position>::from_fen(fen);
      const MasksPosition<mailbox::Position> mailbox_pos = MasksPosition<mailbox::Position>::from_fen(fen);
      BOOST_TEST((x88::check_and_pin_masks(pos) == mailbox::check_and_pin_masks(mailbox_pos)));
      BOOST_TEST(safe_king_squares(pos) == safe_king_squares(mailbox_pos));
      for (Color by : {WHITE, BLACK})
        for (Square sq = SQ_A1; sq <= SQ_H8; ++sq)
          BOOST_TEST(pos.is_square_attacked(sq, by) == mailbox_pos.is_square_attacked(sq, by));
    }
  }
}
