// The mailbox board: 64 FEN letters, one per square, '-' for an empty square, index rank * 8 + file
// (a1 = 0, h8 = 63), and the few questions asked of a letter.
//
//   Board board = ...;                      // "RNBQKBNRPPPPPPPP--------...pppppppprnbqkbnr"
//   letter_at(board, 0, 4) == 'K';          // row 0 (rank 1), column 4 (the e-file)
//   is_color(board[SQ_E7], BLACK);          // true: 'p' is a black piece
#pragma once

#include <array>

#include "common/steps.hpp"
#include "common/types.hpp"

namespace movegen::mailbox {

/// The board: one FEN letter per square ('P', 'n', ...), '-' for an empty square, index rank * 8 + file.
using Board = std::array<char, SQUARE_NB>;

/// The letter on the square at (row, col), which must be on the board.
constexpr char letter_at(const Board& board, int row, int col) { return board[unsigned(row * 8 + col)]; }

/// The FEN letter of colour c's piece of type pt: 'N' for a white knight, 'n' for a black one.
constexpr char letter(Color c, PieceType pt) { return piece_to_char(make_piece(c, pt)); }

/// True for an empty square.
constexpr bool is_empty(char square) { return square == '-'; }

/// True if the letter is a piece of colour c: a capital for white, a small letter for black (false for
/// an empty square).
constexpr bool is_color(char square, Color c) {
  return c == WHITE ? square >= 'A' && square <= 'Z' : square >= 'a' && square <= 'z';
}

}  // namespace movegen::mailbox
