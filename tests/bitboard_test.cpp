// The bitboard helpers: square, file and rank sets, shifts that must not wrap around the board's edge,
// bit scans, and between/line sets checked against walking the board.
#include "bitboard/bitboard.hpp"

#include <boost/test/unit_test.hpp>

using namespace movegen;
using namespace movegen::bitboard;

namespace {

Bitboard squares(std::initializer_list<Square> list) {
  Bitboard b = 0;
  for (Square s : list) b |= square_bb(s);
  return b;
}

// The square one (rank, file) step from s, or nothing if that leaves the board.
Bitboard step(Square s, int dr, int df) {
  const int r = rank_of(s) + dr, f = file_of(s) + df;
  return r >= 0 && r < 8 && f >= 0 && f < 8 ? square_bb(make_square(File(f), Rank(r))) : 0;
}

}  // namespace

BOOST_AUTO_TEST_CASE(square_file_and_rank_sets) {
  BOOST_TEST(square_bb(SQ_A1) == 1u);
  BOOST_TEST(square_bb(SQ_H8) == Bitboard(1) << 63);
  BOOST_TEST(file_bb(FILE_C) == squares({SQ_C1, SQ_C2, SQ_C3, SQ_C4, SQ_C5, SQ_C6, SQ_C7, SQ_C8}));
  BOOST_TEST(rank_bb(RANK_2) == squares({SQ_A2, SQ_B2, SQ_C2, SQ_D2, SQ_E2, SQ_F2, SQ_G2, SQ_H2}));
  BOOST_TEST(file_bb(SQ_E4) == file_bb(FILE_E));
  BOOST_TEST(rank_bb(SQ_E4) == rank_bb(RANK_4));
}

BOOST_AUTO_TEST_CASE(shifts_match_single_steps_and_never_wrap) {
  for (Square s = SQ_A1; s <= SQ_H8; ++s) {
    BOOST_TEST_CONTEXT("square " << square_name(s)) {
      const Bitboard b = square_bb(s);
      BOOST_TEST(shift<NORTH>(b) == step(s, 1, 0));
      BOOST_TEST(shift<SOUTH>(b) == step(s, -1, 0));
      BOOST_TEST(shift<EAST>(b) == step(s, 0, 1));
      BOOST_TEST(shift<WEST>(b) == step(s, 0, -1));
      BOOST_TEST(shift<NORTH_EAST>(b) == step(s, 1, 1));
      BOOST_TEST(shift<NORTH_WEST>(b) == step(s, 1, -1));
      BOOST_TEST(shift<SOUTH_EAST>(b) == step(s, -1, 1));
      BOOST_TEST(shift<SOUTH_WEST>(b) == step(s, -1, -1));
      BOOST_TEST(shift<Direction(NORTH + NORTH)>(b) == step(s, 2, 0));
      BOOST_TEST(shift<Direction(SOUTH + SOUTH)>(b) == step(s, -2, 0));
    }
  }
  BOOST_TEST(shift<EAST>(FILE_H_BB) == 0u);  // h4 must not become a5
  BOOST_TEST(shift<WEST>(FILE_A_BB) == 0u);
  BOOST_TEST(shift<NORTH_EAST>(square_bb(SQ_H4)) == 0u);
  BOOST_TEST(shift<SOUTH_WEST>(square_bb(SQ_A5)) == 0u);
  BOOST_TEST(shift<NORTH>(RANK_8_BB) == 0u);
  BOOST_TEST(shift<SOUTH>(RANK_1_BB) == 0u);
}

BOOST_AUTO_TEST_CASE(bit_scans_and_counts) {
  Bitboard b = squares({SQ_C2, SQ_A7, SQ_H8});
  BOOST_TEST(popcount(b) == 3);
  BOOST_TEST(more_than_one(b));
  BOOST_TEST(!more_than_one(square_bb(SQ_E4)));
  BOOST_TEST(!more_than_one(0));
  BOOST_TEST(lsb(b) == SQ_C2);
  BOOST_TEST(pop_lsb(b) == SQ_C2);
  BOOST_TEST(pop_lsb(b) == SQ_A7);
  BOOST_TEST(pop_lsb(b) == SQ_H8);
  BOOST_TEST(b == 0u);
  BOOST_TEST(popcount(ALL_SQUARES) == 64);
}

BOOST_AUTO_TEST_CASE(between_examples) {
  BOOST_TEST(between_bb(SQ_A1, SQ_D4) == squares({SQ_B2, SQ_C3}));
  BOOST_TEST(between_bb(SQ_D4, SQ_A1) == squares({SQ_B2, SQ_C3}));
  BOOST_TEST(between_bb(SQ_E1, SQ_E8) == squares({SQ_E2, SQ_E3, SQ_E4, SQ_E5, SQ_E6, SQ_E7}));
  BOOST_TEST(between_bb(SQ_H1, SQ_A8) == squares({SQ_G2, SQ_F3, SQ_E4, SQ_D5, SQ_C6, SQ_B7}));
  BOOST_TEST(between_bb(SQ_E1, SQ_H1) == squares({SQ_F1, SQ_G1}));
  BOOST_TEST(between_bb(SQ_E4, SQ_E5) == 0u);  // adjacent
  BOOST_TEST(between_bb(SQ_A1, SQ_B3) == 0u);  // a knight's step apart: not aligned
  BOOST_TEST(between_bb(SQ_H4, SQ_A5) == 0u);  // neighbours in index, not on a line
  BOOST_TEST(between_bb(SQ_C3, SQ_C3) == 0u);
}

BOOST_AUTO_TEST_CASE(line_examples) {
  BOOST_TEST(line_bb(SQ_B1, SQ_C2) == squares({SQ_B1, SQ_C2, SQ_D3, SQ_E4, SQ_F5, SQ_G6, SQ_H7}));
  BOOST_TEST(line_bb(SQ_E4, SQ_E7) == file_bb(FILE_E));
  BOOST_TEST(line_bb(SQ_A3, SQ_F3) == rank_bb(RANK_3));
  BOOST_TEST(line_bb(SQ_G1, SQ_A7) == squares({SQ_G1, SQ_F2, SQ_E3, SQ_D4, SQ_C5, SQ_B6, SQ_A7}));
  BOOST_TEST(line_bb(SQ_A1, SQ_B3) == 0u);
}

BOOST_AUTO_TEST_CASE(between_and_line_agree_with_walking_every_pair) {
  const int directions[8][2] = {{1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}, {-1, -1}, {0, -1}, {1, -1}};
  int aligned_pairs = 0;
  for (Square a = SQ_A1; a <= SQ_H8; ++a) {
    Bitboard seen = 0;
    for (const auto& d : directions) {
      Bitboard walked = 0, ray = 0, back = 0;
      for (Bitboard b = step(a, d[0], d[1]); b; b = step(lsb(b), d[0], d[1])) ray |= b;
      for (Bitboard b = step(a, -d[0], -d[1]); b; b = step(lsb(b), -d[0], -d[1])) back |= b;
      for (Bitboard b = step(a, d[0], d[1]); b; b = step(lsb(b), d[0], d[1])) {
        const Square s = lsb(b);
        BOOST_TEST(between_bb(a, s) == walked);
        BOOST_TEST(line_bb(a, s) == (ray | back | square_bb(a)));
        walked |= b;
        seen |= b;
        ++aligned_pairs;
      }
    }
    for (Square s = SQ_A1; s <= SQ_H8; ++s)
      if (!(seen & square_bb(s))) {
        BOOST_TEST(between_bb(a, s) == 0u);
        BOOST_TEST(line_bb(a, s) == 0u);
      }
  }
  BOOST_TEST(aligned_pairs == 1456);  // 64 * 14 on ranks and files + 560 on diagonals
}

BOOST_AUTO_TEST_CASE(grid_printer_puts_rank_8_on_top) {
  const std::string grid = to_string(squares({SQ_A8, SQ_H1}));
  BOOST_TEST(grid.substr(0, 18) == "8 X . . . . . . .\n");
  BOOST_TEST(grid.find("1 . . . . . . . X\n") != std::string::npos);
  BOOST_TEST(grid.substr(grid.size() - 18) == "  a b c d e f g h\n");
}
