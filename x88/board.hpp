// The 0x88 board: 128 entries, index 16 * rank + file, each rank a row of 16 of which the first 8 are the
// board's files a..h and the other 8 lie off the board. A square is on the board exactly when
// `sq & 0x88` is 0: bit 3 is set on the off-board half of a row, bit 7 above rank 8 and below rank 1
// (a negative int has it set too), so that one AND is the whole bounds test of a step.
//
//   Square88 e2 = to_x88(SQ_E2);            // 0x14 (rank 1, file 4)
//   off_board(e2 + offset({0, 4}));         // true: 0x18, past the h-file
//   from_x88(e2 + offset({2, 0}));          // SQ_E4
#pragma once

#include <array>

#include "common/steps.hpp"
#include "common/types.hpp"

namespace movegen::x88 {

/// A square of the 0x88 board, 16 * rank + file; off the board when `sq & 0x88` is nonzero. The public
/// API speaks common Square (a1 = 0 .. h8 = 63); to_x88 and from_x88 convert at the boundary.
using Square88 = int;

/// The number of entries of the 0x88 board, the off-board half included.
inline constexpr int BOARD88_SIZE = 128;

/// The 0x88 board: a Piece per entry, NO_PIECE on an empty square and on every entry of the off-board half.
using Board = std::array<Piece, BOARD88_SIZE>;

/// The 0x88 square of common square s: its rank times 16 plus its file.
constexpr Square88 to_x88(Square s) { return 16 * rank_of(s) + file_of(s); }

/// The common square of on-board 0x88 square s: its rank times 8 plus its file.
constexpr Square from_x88(Square88 s) { return Square(8 * (s >> 4) + (s & 7)); }

/// The one bounds test: true if s lies off the board (a file past h, a rank past 1 or 8).
constexpr bool off_board(Square88 s) { return (s & 0x88) != 0; }

/// The 0x88 offset of a step of common/steps.hpp: 16 per row, 1 per column.
constexpr int offset(Step s) { return 16 * s.row + s.col; }

/// The named direction tables of common/steps.hpp as 0x88 offsets.
inline constexpr std::array<int, 8> KNIGHT_OFFSETS = step_offsets(KNIGHT_STEPS, 16);
inline constexpr std::array<int, 8> KING_OFFSETS = step_offsets(KING_STEPS, 16);
inline constexpr std::array<int, 4> BISHOP_OFFSETS = step_offsets(BISHOP_DIRECTIONS, 16);
inline constexpr std::array<int, 4> ROOK_OFFSETS = step_offsets(ROOK_DIRECTIONS, 16);

/// The offset of colour c's pawn push: one rank forward, +16 for white, -16 for black.
constexpr int pawn_push_offset(Color c) { return c == WHITE ? 16 : -16; }

/// True if p is a piece of colour c (false for NO_PIECE, whose colour bits read as white).
constexpr bool is_color(Piece p, Color c) { return p != NO_PIECE && color_of(p) == c; }

}  // namespace movegen::x88
