#include "tuned/bitboard/slider_rays.hpp"

#include <array>

#include "common/steps.hpp"

namespace movegen::bitboard_tuned {

namespace {

// For every square, the squares a slider reaches along `directions` on an empty board: each ray walked
// to the board's edge.
constexpr bitboard::SquareTable ray_table(const std::array<Step, 4>& directions) {
  bitboard::SquareTable table{};
  for (Square s = SQ_A1; s <= SQ_H8; ++s)
    for (Step d : directions)
      for (int r = rank_of(s) + d.row, f = file_of(s) + d.col; on_board(r, f); r += d.row, f += d.col)
        table[s] |= square_bb(square_at(r, f));
  return table;
}

}  // namespace

constexpr bitboard::SquareTable detail::BISHOP_RAYS = ray_table(BISHOP_DIRECTIONS);
constexpr bitboard::SquareTable detail::ROOK_RAYS = ray_table(ROOK_DIRECTIONS);

}  // namespace movegen::bitboard_tuned
