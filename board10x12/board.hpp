// The 10x12 board: 120 entries, 10 columns by 12 rows, index 10 * (rank + 2) + (file + 1), so a1 = 21 and
// h8 = 98. The 8x8 board sits inside a border of sentinel squares: two ranks below rank 1 and two above
// rank 8, one file left of the a-file and one right of the h-file. A step from a square on the board lands
// at most one column aside or two rows beyond it, so it lands either on the board or on a sentinel, never
// outside the 120 entries: reading the letter it lands on is the whole bounds test. The board of TSCP and
// VICE, and Sunfish's 120-character board string; the letters are the mailbox's (mailbox/board.hpp).
//
//   Square120 e2 = to_120(SQ_E2);                     // 35: row 3, column 5
//   is_sentinel(EMPTY_BOARD[to_120(SQ_H1) + 1]);      // true: past the h-file
//   from_120(e2 + offset({2, 0}));                    // SQ_E4
#pragma once

#include <array>

#include "common/steps.hpp"
#include "common/types.hpp"
#include "mailbox/board.hpp"

namespace movegen::board10x12 {

/// A square of the 10x12 board, 10 * (rank + 2) + (file + 1): 21 (a1) .. 98 (h8) on the board, a sentinel
/// elsewhere in 0..119. The public API speaks common Square (a1 = 0 .. h8 = 63); to_120 and from_120 convert
/// at the boundary.
using Square120 = int;

/// The number of entries of the 10x12 board, the sentinel border included.
inline constexpr int BOARD120_SIZE = 120;

/// The letter of a sentinel square, the border around the board: neither empty nor a piece of either colour.
inline constexpr char SENTINEL = '#';

/// The board: one FEN letter per square ('P', 'n', ...), '-' for an empty square, SENTINEL on the border;
/// 120 characters, readable as text ten to a row, a1's row third.
using Board = std::array<char, BOARD120_SIZE>;

/// The 10x12 square of common square s: 10 per rank, the first two ranks and the first file being sentinels.
constexpr Square120 to_120(Square s) { return 10 * (rank_of(s) + 2) + file_of(s) + 1; }

namespace detail {
// The common square of each 10x12 square of the board (SQ_NONE on the border), the inverse of to_120 as a
// table, as TSCP's and VICE's 120-to-64 arrays: a look-up instead of a division by 10.
inline constexpr std::array<Square, 120> SQUARE_OF_120 = [] {
  std::array<Square, 120> squares{};
  squares.fill(SQ_NONE);
  for (Square s = SQ_A1; s <= SQ_H8; ++s) squares[to_120(s)] = s;
  return squares;
}();
}  // namespace detail

/// The common square of 10x12 square s, which must be on the board.
constexpr Square from_120(Square120 s) { return detail::SQUARE_OF_120[s]; }

/// True if the letter `square` is a sentinel, so that a step landed off the board: the one bounds test, a
/// letter comparison.
constexpr bool is_sentinel(char square) { return square == SENTINEL; }

/// The board with no piece: SENTINEL on the border, '-' on the 64 squares of the board.
constexpr Board make_empty_board() {
  Board board{};
  board.fill(SENTINEL);
  for (Square s = SQ_A1; s <= SQ_H8; ++s) board[to_120(s)] = '-';
  return board;
}

/// The empty board, whose sentinels also say which 10x12 squares lie off the board at all.
inline constexpr Board EMPTY_BOARD = make_empty_board();

/// The 10x12 offset of a step of common/steps.hpp: 10 per row, 1 per column (NORTH = +10, EAST = +1).
constexpr int offset(Step s) { return 10 * s.row + s.col; }

/// The named direction tables of common/steps.hpp as 10x12 offsets (a knight's +21, +12, -8, ...).
inline constexpr std::array<int, 8> KNIGHT_OFFSETS = step_offsets(KNIGHT_STEPS, 10);
inline constexpr std::array<int, 8> KING_OFFSETS = step_offsets(KING_STEPS, 10);
inline constexpr std::array<int, 4> BISHOP_OFFSETS = step_offsets(BISHOP_DIRECTIONS, 10);
inline constexpr std::array<int, 4> ROOK_OFFSETS = step_offsets(ROOK_DIRECTIONS, 10);

/// The offset of colour c's pawn push: one rank forward, +10 for white, -10 for black.
constexpr int pawn_push_offset(Color c) { return offset({c == WHITE ? 1 : -1, 0}); }

// The questions asked of a letter are the mailbox's: the two boards hold the same letters, and a sentinel
// is neither empty nor a piece of either colour.
using mailbox::is_color;
using mailbox::is_empty;
using mailbox::letter;

}  // namespace movegen::board10x12
