// The bitboard attack tables, square by square, against a slow reference that walks the board one
// (rank, file) step at a time; the slider tables of both backends on many random occupancies.
#include "bitboard/attack_tables.hpp"

#include <boost/test/unit_test.hpp>
#include <random>
#include <vector>

#include "tuned/bitboard/slider_rays.hpp"

using namespace movegen;
using namespace movegen::bitboard;

namespace {

struct Step {
  int rank, file;
};

const std::vector<Step> KNIGHT_STEPS = {{2, 1}, {1, 2}, {-1, 2}, {-2, 1}, {-2, -1}, {-1, -2}, {1, -2}, {2, -1}};
const std::vector<Step> KING_STEPS = {{1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}, {-1, -1}, {0, -1}, {1, -1}};
const std::vector<Step> DIAGONALS = {{1, 1}, {1, -1}, {-1, 1}, {-1, -1}};
const std::vector<Step> STRAIGHTS = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};

bool on_board(int rank, int file) { return rank >= 0 && rank < 8 && file >= 0 && file < 8; }
Bitboard bit(int rank, int file) { return Bitboard(1) << (rank * 8 + file); }

// The squares one step away from s, for each step that stays on the board.
Bitboard reference_leaper(Square s, const std::vector<Step>& steps) {
  Bitboard result = 0;
  for (Step st : steps)
    if (on_board(rank_of(s) + st.rank, file_of(s) + st.file)) result |= bit(rank_of(s) + st.rank, file_of(s) + st.file);
  return result;
}

// Each ray followed step by step, up to and including the first occupied square.
Bitboard reference_slider(Square s, Bitboard occupied, const std::vector<Step>& directions) {
  Bitboard result = 0;
  for (Step d : directions)
    for (int r = rank_of(s) + d.rank, f = file_of(s) + d.file; on_board(r, f); r += d.rank, f += d.file) {
      result |= bit(r, f);
      if (occupied & bit(r, f)) break;
    }
  return result;
}

// Random occupancies of three densities (about 8, 32 and 48 of 64 squares), from a fixed seed.
std::vector<Bitboard> random_occupancies(int per_density) {
  std::mt19937_64 random(20240611);
  std::vector<Bitboard> result = {0, ALL_SQUARES};
  for (int i = 0; i < per_density; ++i) {
    result.push_back(random() & random() & random());
    result.push_back(random());
    result.push_back(random() | random());
  }
  return result;
}

}  // namespace

BOOST_AUTO_TEST_CASE(leaper_tables_match_stepping) {
  for (Square s = SQ_A1; s <= SQ_H8; ++s) {
    BOOST_TEST_CONTEXT("square " << square_name(s)) {
      BOOST_TEST(attacks_bb<KNIGHT>(s) == reference_leaper(s, KNIGHT_STEPS));
      BOOST_TEST(attacks_bb<KING>(s) == reference_leaper(s, KING_STEPS));
      BOOST_TEST(pawn_attacks_bb(WHITE, s) == reference_leaper(s, {{1, -1}, {1, 1}}));
      BOOST_TEST(pawn_attacks_bb(BLACK, s) == reference_leaper(s, {{-1, -1}, {-1, 1}}));
    }
  }
  BOOST_TEST(attacks_bb<KNIGHT>(SQ_A1) == (square_bb(SQ_B3) | square_bb(SQ_C2)));
  BOOST_TEST(pawn_attacks_bb(WHITE, SQ_H4) == square_bb(SQ_G5));  // no wrap to the a-file
}

BOOST_AUTO_TEST_CASE(set_wise_pawn_attacks_are_the_union_of_single_pawns) {
  for (Bitboard pawns : random_occupancies(50)) {
    Bitboard white = 0, black = 0;
    for (Bitboard b = pawns; b;) {
      const Square s = pop_lsb(b);
      white |= pawn_attacks_bb(WHITE, s);
      black |= pawn_attacks_bb(BLACK, s);
    }
    BOOST_TEST(pawn_attacks_bb<WHITE>(pawns) == white);
    BOOST_TEST(pawn_attacks_bb<BLACK>(pawns) == black);
  }
}

BOOST_AUTO_TEST_CASE(both_slider_backends_match_ray_walking) {
  const std::vector<Bitboard> occupancies = random_occupancies(300);
  int mismatches = 0;
  for (Square s = SQ_A1; s <= SQ_H8; ++s) {
    for (Bitboard occupied : occupancies) {
      const Bitboard bishop = reference_slider(s, occupied, DIAGONALS);
      const Bitboard rook = reference_slider(s, occupied, STRAIGHTS);
      mismatches += magic_attacks<BISHOP>(s, occupied) != bishop;
      mismatches += pext_attacks<BISHOP>(s, occupied) != bishop;
      mismatches += magic_attacks<ROOK>(s, occupied) != rook;
      mismatches += pext_attacks<ROOK>(s, occupied) != rook;
      mismatches += attacks_bb<BISHOP>(s, occupied) != bishop;
      mismatches += attacks_bb<ROOK>(s, occupied) != rook;
      mismatches += attacks_bb<QUEEN>(s, occupied) != (bishop | rook);
    }
    BOOST_TEST(mismatches == 0, "first mismatch on " << square_name(s));
    if (mismatches) break;
  }
}

BOOST_AUTO_TEST_CASE(empty_board_rays_match_ray_walking) {
  // The empty-board tables bitboard-tuned screens lines with (tuned/bitboard/slider_rays.hpp), for every
  // square: each ray to the edge.
  using movegen::bitboard_tuned::rays_bb;
  for (Square s = SQ_A1; s <= SQ_H8; ++s) {
    BOOST_TEST_CONTEXT("square " << square_name(s)) {
      BOOST_TEST(rays_bb<BISHOP>(s) == reference_slider(s, 0, DIAGONALS));
      BOOST_TEST(rays_bb<ROOK>(s) == reference_slider(s, 0, STRAIGHTS));
      BOOST_TEST(rays_bb<QUEEN>(s) == (reference_slider(s, 0, DIAGONALS) | reference_slider(s, 0, STRAIGHTS)));
    }
  }
  BOOST_TEST(popcount(rays_bb<ROOK>(SQ_D4)) == 14);
  BOOST_TEST(popcount(rays_bb<BISHOP>(SQ_D4)) == 13);
}

BOOST_AUTO_TEST_CASE(sliders_stop_at_the_first_piece_and_include_it) {
  const Bitboard occupied = square_bb(SQ_A4) | square_bb(SQ_D1) | square_bb(SQ_C3);
  const Bitboard rook =
      square_bb(SQ_A2) | square_bb(SQ_A3) | square_bb(SQ_A4) | square_bb(SQ_B1) | square_bb(SQ_C1) | square_bb(SQ_D1);
  BOOST_TEST(magic_attacks<ROOK>(SQ_A1, occupied) == rook);
  BOOST_TEST(pext_attacks<ROOK>(SQ_A1, occupied) == rook);
  BOOST_TEST(magic_attacks<BISHOP>(SQ_A1, occupied) == (square_bb(SQ_B2) | square_bb(SQ_C3)));
  BOOST_TEST(pext_attacks<BISHOP>(SQ_A1, occupied) == (square_bb(SQ_B2) | square_bb(SQ_C3)));
}

BOOST_AUTO_TEST_CASE(pext_matches_its_definition) {
  for (Bitboard b : random_occupancies(100)) {
    const Bitboard mask = b ^ (b >> 3);
    Bitboard expected = 0;
    int out = 0;
    for (int i = 0; i < 64; ++i)
      if (mask & (Bitboard(1) << i)) expected |= Bitboard((b >> i) & 1) << out++;
    BOOST_TEST(pext(b, mask) == expected);
  }
}

BOOST_AUTO_TEST_CASE(stored_magic_numbers_are_what_the_seeded_search_finds) {
  for (PieceType pt : {BISHOP, ROOK})
    for (Square s = SQ_A1; s <= SQ_H8; ++s)
      BOOST_TEST(find_magic(pt, s) == magic_number(pt, s), "piece " << int(pt) << " on " << square_name(s));
}
