// mailbox-tuned's shortcuts against the reference mailbox's long way round: the attack test that skips what
// the letter counts, slider lines and king square say cannot attack, and check_and_pin_masks' checkers, pins and
// check mask, on every suite position and the positions random games reach from them (captures and
// promotions change the counts), checked against the plain look-everywhere attack test and against the
// CheckAndPinMasks of both reference masks generators and the tuned bitboard.
#include <algorithm>
#include <boost/test/unit_test.hpp>
#include <cstdint>
#include <string>
#include <vector>

#include "bitboard/attack_tables.hpp"
#include "bitboard/bitboard.hpp"
#include "bitboard/legal_masks.hpp"
#include "common/epd.hpp"
#include "common/perft.hpp"
#include "mailbox/legal_masks.hpp"
#include "mailbox/movegen.hpp"
#include "tests/generators.hpp"
#include "tests/quick.hpp"
#include "tuned/bitboard/movegen.hpp"
#include "tuned/mailbox/board_scan.hpp"
#include "tuned/mailbox/perft.hpp"
#include "tuned/mailbox/position.hpp"
#include "tuned/mailbox/square_tables.hpp"

using namespace movegen;

namespace {

// The suite's positions and, from each, the positions of one random game of up to `plies` moves.
std::vector<std::string> positions(int plies) { return testing::suite_positions_and_random_games(plies, 20261121); }

}  // namespace

BOOST_AUTO_TEST_CASE(attack_test_skips_only_pieces_that_cannot_attack) {
  int compared = 0;
  for (const std::string& fen : positions(test::quick_tests() ? 10 : 40)) {
    const mailbox_tuned::Position pos = mailbox_tuned::Position::from_fen(fen);
    const bitboard_tuned::Position reference = bitboard_tuned::Position::from_fen(fen);
    for (Color c : {WHITE, BLACK}) {
      for (Square s = SQ_A1; s <= SQ_H8; ++s) {
        // Counts, king square and slider lines (pos.attackers) against the plain test: every step looked at.
        const Bitboard skipping = mailbox_tuned::attackers_to(pos.board(), s, pos.attackers(c));
        const Bitboard everywhere = mailbox::attackers_to(pos.board(), s, c, pos.king_square(c));
        BOOST_TEST_CONTEXT(fen << ", square " << square_name(s) << ", by " << (c == WHITE ? "white" : "black")) {
          BOOST_TEST(skipping == everywhere);
          BOOST_TEST(pos.is_square_attacked(s, c) == reference.is_square_attacked(s, c));
        }
        ++compared;
      }
    }
  }
  BOOST_TEST(compared > 100000);
}

BOOST_AUTO_TEST_CASE(check_and_pin_masks_agree_in_every_masks_generator) {
  int in_check = 0, with_pins = 0;
  for (const std::string& fen : positions(test::quick_tests() ? 10 : 40)) {
    const CheckAndPinMasks expected = mailbox::check_and_pin_masks(MasksPosition<mailbox::Position>::from_fen(fen));
    const CheckAndPinMasks masks = mailbox_tuned::Position::from_fen(fen).check_and_pin_masks();
    auto same = [&](const CheckAndPinMasks& other, const char* whose) {
      BOOST_TEST_CONTEXT(fen << ", " << whose) {
        BOOST_TEST(other.king == expected.king);
        BOOST_TEST(other.checkers == expected.checkers);
        BOOST_TEST(other.pinned == expected.pinned);
        BOOST_TEST(other.check_mask == expected.check_mask);
      }
    };
    same(masks, "mailbox-tuned");
    same(bitboard::check_and_pin_masks(MasksPosition<bitboard::Position>::from_fen(fen)), "bitboard-masks");
    same(bitboard_tuned::check_and_pin_masks(bitboard_tuned::Position::from_fen(fen)), "bitboard-tuned");
    in_check += masks.checkers != 0;
    with_pins += masks.pinned != 0;
  }
  // The positions must include both kinds, or the test proves little.
  BOOST_TEST(in_check > 50);
  BOOST_TEST(with_pins > 50);
}

namespace {

// The king's legal steps, found as plain make-test-unmake finds them: the plain mailbox's legal king moves
// that are not castling.
Bitboard plain_king_steps(const std::string& fen) {
  MtuPosition<mailbox::Position> plain = MtuPosition<mailbox::Position>::from_fen(fen);
  const Square king = plain.king_square(plain.side_to_move());
  MoveList moves;
  plain.generate_legal(moves);
  Bitboard steps = 0;
  for (Move m : moves)
    if (m.from() == king && m.flag() != CASTLING) steps |= square_bb(m.to());
  return steps;
}

}  // namespace

BOOST_AUTO_TEST_CASE(safe_king_steps_are_the_steps_make_test_unmake_finds) {
  // The rook on a1 checks along the first rank: f1, behind the king on that rank, stays attacked once the
  // king has stepped there, although the king itself stands in the way while it is on e1.
  const std::string rank_check = "4k3/8/8/8/8/8/8/r3K3 w - - 0 1";
  mailbox_tuned::Position checked = mailbox_tuned::Position::from_fen(rank_check);
  BOOST_TEST(checked.safe_king_steps() == (square_bb(SQ_D2) | square_bb(SQ_E2) | square_bb(SQ_F2)));

  int in_check = 0;
  for (const std::string& fen : positions(test::quick_tests() ? 10 : 40)) {
    mailbox_tuned::Position pos = mailbox_tuned::Position::from_fen(fen);
    const std::string board_before(pos.board_string());
    BOOST_TEST_CONTEXT(fen) {
      BOOST_TEST(pos.safe_king_steps() == plain_king_steps(fen));
      BOOST_TEST(pos.board_string() == board_before);  // the king is put back
    }
    in_check += pos.in_check();
  }
  BOOST_TEST(in_check > 50);
}

namespace {

// The squares of a table entry as a Bitboard.
Bitboard squares_bb(const mailbox_tuned::Targets& targets) {
  Bitboard b = 0;
  for (int s : targets) b |= square_bb(Square(s));
  return b;
}

// The squares of the rays `rays` from s on an empty board, walked by RAY_OFFSET and RAY_LENGTH.
Bitboard rays_bb(Square s, const std::array<mailbox_tuned::RayDirection, 4>& rays) {
  Bitboard b = 0;
  for (mailbox_tuned::RayDirection d : rays)
    for (int n = 1, at = s + mailbox_tuned::RAY_OFFSET[d]; n <= mailbox_tuned::RAY_LENGTH[s][d];
         ++n, at += mailbox_tuned::RAY_OFFSET[d])
      b |= square_bb(Square(at));
  return b;
}

}  // namespace

BOOST_AUTO_TEST_CASE(square_tables_agree_with_the_bitboard_attack_tables) {
  using namespace mailbox_tuned;
  bitboard::init_attacks();
  for (Square s = SQ_A1; s <= SQ_H8; ++s) {
    BOOST_TEST_CONTEXT("square " << square_name(s)) {
      BOOST_TEST(squares_bb(KNIGHT_TARGETS[s]) == bitboard::attacks_bb<KNIGHT>(s));
      BOOST_TEST(squares_bb(KING_TARGETS[s]) == bitboard::attacks_bb<KING>(s));
      // Where a pawn of c attacks s from is where a pawn of the other colour on s attacks.
      for (Color c : {WHITE, BLACK}) BOOST_TEST(squares_bb(PAWN_ATTACKERS[c][s]) == bitboard::pawn_attacks_bb(~c, s));
      BOOST_TEST(rays_bb(s, ROOK_RAYS) == bitboard::attacks_bb<ROOK>(s, 0));
      BOOST_TEST(rays_bb(s, BISHOP_RAYS) == bitboard::attacks_bb<BISHOP>(s, 0));
    }
  }
  // ALIGNED: two squares share a ray exactly when they share a line; two squares on the same ray from a
  // lie one between a and the other (what keeps a pinned piece on its pin line).
  for (Square a = SQ_A1; a <= SQ_H8; ++a)
    for (Square b = SQ_A1; b <= SQ_H8; ++b) {
      if (a == b) continue;
      BOOST_TEST((ALIGNED[a][b] != RAY_NB) == (bitboard::line_bb(a, b) != 0));
      for (Square c = SQ_A1; c <= SQ_H8; ++c)
        if (c != a && c != b && ALIGNED[a][b] != RAY_NB && ALIGNED[a][b] == ALIGNED[a][c])
          BOOST_TEST(((bitboard::between_bb(a, c) >> b & 1) || (bitboard::between_bb(a, b) >> c & 1)));
    }
}

namespace {

// The raw codes of the legal moves `pos` generates, sorted: two generators' lists compare as sets.
template <class P>
std::vector<std::uint16_t> legal_codes(P pos) {
  MoveList list;
  pos.generate_legal(list);
  std::vector<std::uint16_t> codes;
  for (Move m : list) codes.push_back(m.raw());
  std::sort(codes.begin(), codes.end());
  return codes;
}

}  // namespace

// A check along the mover's own back rank: the squares between the rook and the king lie on the rank behind
// which no pawn can stand, so the evasions' pawn-push block has no square behind them to read (a read
// off the 64-letter board there was caught by UBSan). The legal moves are bitboard-masks'.
BOOST_AUTO_TEST_CASE(evasions_on_the_back_rank_read_only_the_board) {
  for (const std::string fen :
       {"R3k3/8/8/8/8/8/8/4K3 b - - 0 1", "4k3/8/8/8/8/8/8/r3K3 w - - 0 1", "r3k3/1p6/8/8/8/8/8/R3K3 b - - 0 1",
        "4k3/8/8/8/8/8/1P6/r3K3 w - - 0 1", "4k3/8/8/8/8/8/8/K6r w - - 0 1", "k6R/8/8/8/8/8/8/4K3 b - - 0 1"})
    BOOST_TEST_CONTEXT(fen) {
      BOOST_TEST(legal_codes(mailbox_tuned::Position::from_fen(fen)) ==
                     legal_codes(MasksPosition<bitboard::Position>::from_fen(fen)),
                 boost::test_tools::per_element());
    }
}

// mailbox-tuned's own recursion (tuned/mailbox/perft.hpp: each move played by the generator's sink without
// the key, castling, promotions and en passant included) against the reference mailbox's make-test-unmake,
// both modes, on the suite's positions, the positions random games reach from them, and the Chess960 suite;
// the position it starts from is left as it was, key included.
BOOST_AUTO_TEST_CASE(own_recursion_agrees_with_make_test_unmake) {
  std::vector<std::string> fens = positions(test::quick_tests() ? 4 : 12);
  for (const EpdEntry& e : load_epd(std::string(MOVEGEN_SOURCE_DIR) + "/tests/data/chess960.epd"))
    fens.push_back(e.fen);
  int compared = 0;
  for (const std::string& fen : fens) {
    MtuPosition<mailbox::Position> plain = MtuPosition<mailbox::Position>::from_fen(fen);
    mailbox_tuned::Position pos = mailbox_tuned::Position::from_fen(fen);
    const Key key = pos.key();
    const std::string before = pos.fen();
    const int depth = test::quick_tests() ? 2 : 3;
    const std::uint64_t expected = perft(plain, depth, Counting::MAKE_EVERY_LEAF);
    BOOST_TEST_CONTEXT(fen) {
      BOOST_TEST(mailbox_tuned::perft(pos, depth, Counting::MAKE_EVERY_LEAF) == expected);
      BOOST_TEST(mailbox_tuned::perft(pos, depth, Counting::BULK_NODE) == expected);
      BOOST_TEST(perft(pos, depth, Counting::BULK_NODE) == expected);  // through Position::perft, on a copy
      BOOST_TEST(pos.fen() == before);
      BOOST_TEST(pos.key() == key);
    }
    ++compared;
  }
  BOOST_TEST(compared > 500);
}

// count_legal's pawn count and generate_legal's pawn moves over the pawns' set (count_pawn_moves,
// generate_pawn_set_moves: pushes, double pushes, captures a file aside, promotions four times each, in a node
// without pins or check) against bitboard-masks' legal moves: pawns on the a- and h-files beside enemy pieces
// on the other edge of the rank ahead (a capture must not wrap round the rank), a double push blocked on its
// second square, promotions with and without a capture, for both sides; then every suite position and the
// positions random games reach from them.
BOOST_AUTO_TEST_CASE(pawn_count_over_the_pawn_set_agrees_with_the_move_list) {
  std::vector<std::string> fens = {"4k3/8/8/8/8/n6n/P6P/4K3 w - - 0 1",     "4k3/p6p/N6N/8/8/8/8/4K3 b - - 0 1",
                                   "4k3/8/8/8/n6b/1n4r1/P6P/4K3 w - - 0 1", "4k3/p6p/1N4R1/N6B/8/8/8/4K3 b - - 0 1",
                                   "1n2k1n1/P6P/8/8/8/8/8/4K3 w - - 0 1",   "4k3/8/8/8/8/8/p6p/1N2K1N1 b - - 0 1"};
  const std::vector<std::string> more = positions(test::quick_tests() ? 10 : 40);
  fens.insert(fens.end(), more.begin(), more.end());
  int without_pins = 0;
  for (const std::string& fen : fens) {
    mailbox_tuned::Position pos = mailbox_tuned::Position::from_fen(fen);
    BOOST_TEST_CONTEXT(fen) {
      BOOST_TEST(pos.count_legal() == legal_codes(MasksPosition<bitboard::Position>::from_fen(fen)).size());
      // The list, generated from the same sets (generate_pawn_set_moves), holds the same moves.
      BOOST_TEST(legal_codes(pos) == legal_codes(MasksPosition<bitboard::Position>::from_fen(fen)),
                 boost::test_tools::per_element());
    }
    const CheckAndPinMasks masks = pos.check_and_pin_masks();
    without_pins += !masks.pinned && !masks.checkers;
  }
  BOOST_TEST(without_pins > 500);
}

// count_legal's knight and slider counts (a knight's targets not held by its own pieces, one popcount over
// the own pieces' squares found on the board string; a slider's rays cut at the first occupied square,
// count_slider_moves) against bitboard-masks' legal moves: knights and sliders in the corners and on the
// edges, each target or ray end held by an own piece, an enemy piece or nothing, for both sides, with no
// pin or check.
BOOST_AUTO_TEST_CASE(knight_and_slider_counts_over_the_board_sets_agree_with_the_move_list) {
  const std::vector<std::string> fens = {
      "N3k2N/2R2R2/1p4p1/8/8/1P4P1/2r2r2/n3K2n w - - 0 1", "N3k2N/2R2R2/1p4p1/8/8/1P4P1/2r2r2/n3K2n b - - 0 1",
      "Q6B/3k4/8/8/8/8/3K4/b6r w - - 0 1",                  "Q6B/3k4/8/8/8/8/3K4/b6r b - - 0 1",
      "r1Q4b/p3k2P/1b6/1R4r1/6B1/8/p2K3P/R6q w - - 0 1",   "r1Q4b/p3k2P/1b6/1R4r1/6B1/8/p2K3P/R6q b - - 0 1",
      "4k3/8/2b1P3/1p3R2/3N4/1q3P2/2B1n3/4K3 w - - 0 1",   "4k3/2R1p3/1r3P2/3n4/1Q3p2/2p1B3/8/4K3 b - - 0 1",
      "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"};
  for (const std::string& fen : fens) {
    mailbox_tuned::Position pos = mailbox_tuned::Position::from_fen(fen);
    BOOST_TEST_CONTEXT(fen) {
      BOOST_TEST(!pos.check_and_pin_masks().pinned);
      BOOST_TEST(!pos.in_check());
      BOOST_TEST(pos.count_legal() == legal_codes(MasksPosition<bitboard::Position>::from_fen(fen)).size());
    }
  }
}

// own_squares_bb (AVX2 where the build targets it) and own_squares_bb_by_rank (the portable way, which no
// AVX2 build runs in perft) against the squares piece_on gives each colour, and occupied_squares_bb (both
// ways) against the squares piece_on gives any piece, on the positions random games reach from the suite's.
BOOST_AUTO_TEST_CASE(own_squares_from_the_board_string_are_the_pieces_squares) {
  int compared = 0;
  for (const std::string& fen : positions(test::quick_tests() ? 4 : 12)) {
    const mailbox_tuned::Position pos = mailbox_tuned::Position::from_fen(fen);
    Bitboard occupied = 0;
    for (Square s = SQ_A1; s <= SQ_H8; ++s)
      if (pos.piece_on(s) != NO_PIECE) occupied |= Bitboard(1) << s;
    BOOST_TEST_CONTEXT(fen) {
      BOOST_TEST(mailbox_tuned::occupied_squares_bb(pos.board()) == occupied);
      BOOST_TEST(mailbox_tuned::letter_squares_bb_by_rank(pos.board(), 0x40, 0x40) == occupied);
    }
    for (Color c : {WHITE, BLACK}) {
      Bitboard expected = 0;
      for (Square s = SQ_A1; s <= SQ_H8; ++s)
        if (pos.piece_on(s) != NO_PIECE && color_of(pos.piece_on(s)) == c) expected |= Bitboard(1) << s;
      BOOST_TEST_CONTEXT(fen << (c == WHITE ? " white" : " black")) {
        BOOST_TEST(mailbox_tuned::own_squares_bb(pos.board(), c) == expected);
        BOOST_TEST(mailbox_tuned::own_squares_bb_by_rank(pos.board(), c) == expected);
      }
      ++compared;
    }
  }
  BOOST_TEST(compared > 100);
}

// Chess960 castling where the rook's square before and after is the same (d1, queen side, king on e1): the
// rook's move from d1 to d1 leaves the slider lines as they were. Kept as sets of squares, a move flips
// from and to; a rook that stays must flip nothing, not its one square twice over as one bit.
BOOST_AUTO_TEST_CASE(castling_rook_that_stays_on_its_square_keeps_its_slider_line) {
  auto pos = mailbox_tuned::Position::from_fen("n1brkbqr/ppp1pp1p/6pB/3p4/2Pn4/8/PP2PPPP/NN1RKBQR w HDhd - 0 9");
  MoveList moves;
  pos.generate_legal(moves);
  const auto castling = std::find_if(moves.begin(), moves.end(), [](Move m) {
    return m.flag() == CASTLING && m.to() == SQ_D1;  // the king takes its rook's square: queen side
  });
  BOOST_REQUIRE(castling != moves.end());
  pos.make_move(*castling);
  BOOST_TEST(pos.check_position() == "");
  BOOST_TEST(pos.is_square_attacked(SQ_D4, WHITE));  // by the rook on d1 alone, up the d-file to the knight
}
