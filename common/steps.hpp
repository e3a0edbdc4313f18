// The steps and directions of the pieces, written once: the mailbox steps with them square by square, and
// the bitboard builds its attack tables from them (bitboard/attack_tables.cpp, bitboard/bitboard.cpp,
// bitboard/sliders.cpp), so that the bitboard's tables are the mailbox's steps computed once.
//
//   for (Step s : KNIGHT_STEPS)
//     if (on_board(rank_of(sq) + s.row, file_of(sq) + s.col)) ...   // a knight's move from sq
#pragma once

#include <array>

#include "common/types.hpp"

namespace movegen {

/// One step on the board as a change of row (rank, +1 is towards rank 8) and column (file, +1 is towards
/// the h-file).
struct Step {
  int row;
  int col;
};

/// The knight's eight leaps, clockwise from two rows up and one column right.
inline constexpr std::array<Step, 8> KNIGHT_STEPS = {
    {{2, 1}, {1, 2}, {-1, 2}, {-2, 1}, {-2, -1}, {-1, -2}, {1, -2}, {2, -1}}};
/// The king's eight steps, clockwise from north.
inline constexpr std::array<Step, 8> KING_STEPS = {
    {{1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}, {-1, -1}, {0, -1}, {1, -1}}};
/// The four diagonal directions of bishops (and queens).
inline constexpr std::array<Step, 4> BISHOP_DIRECTIONS = {{{1, 1}, {-1, 1}, {-1, -1}, {1, -1}}};
/// The four straight directions of rooks (and queens).
inline constexpr std::array<Step, 4> ROOK_DIRECTIONS = {{{1, 0}, {0, 1}, {-1, 0}, {0, -1}}};

/// The two steps of colour c's pawn attacks: one row forward (up for white, down for black), one column
/// to either side.
constexpr std::array<Step, 2> pawn_attack_steps(Color c) {
  const int forward = c == WHITE ? 1 : -1;
  return {{{forward, -1}, {forward, 1}}};
}

/// The one bounds check: true if (row, col) is on the board, 0 <= row, col < 8. A negative number
/// converted to unsigned is huge, so one unsigned comparison tests both ends of both.
constexpr bool on_board(int row, int col) { return (unsigned(row) | unsigned(col)) < 8; }

/// The square at (row, col), which must be on the board.
constexpr Square square_at(int row, int col) { return Square(row * 8 + col); }

/// The squares one of `steps` away from `s` that are on the board (bit s for square s): a leaper's moves
/// from `s`, stepped once.
template <std::size_t N>
constexpr Bitboard step_targets_bb(Square s, const std::array<Step, N>& steps) {
  Bitboard targets = 0;
  for (Step step : steps)
    if (on_board(rank_of(s) + step.row, file_of(s) + step.col))
      targets |= square_bb(square_at(rank_of(s) + step.row, file_of(s) + step.col));
  return targets;
}

/// The index offsets of a table of steps, in the table's order, on a board whose rows are `row_width`
/// entries apart (16 for the 0x88 board, 10 for the 10x12 board): row * row_width + column each.
template <std::size_t N>
constexpr std::array<int, N> step_offsets(const std::array<Step, N>& steps, int row_width) {
  std::array<int, N> result{};
  for (std::size_t i = 0; i < N; ++i) result[i] = steps[i].row * row_width + steps[i].col;
  return result;
}

}  // namespace movegen
