// Mailbox move generation, the textbook way: one function per piece kind, each stepping from the piece's
// square with the named step tables (common/steps.hpp) and the one bounds check `on_board`, appending
// pseudo-legal moves to a list. Position::generate_legal then keeps the moves that, once made, leave the
// mover's king unattacked.
//
//   MoveList list;
//   generate_knight_moves(pos, SQ_G1, list);   // g1f3, g1h3 in the start position
//   generate_pseudo_legal(pos, list);          // every piece's moves, some of which may expose the king
#pragma once

#include <span>

#include "common/move.hpp"
#include "mailbox/position.hpp"

namespace movegen::mailbox {

// The per-piece generators, for the side to move's piece on `from`. Each appends pseudo-legal moves:
// moves that follow the piece's rule but may leave the mover's own king in check.

/// The pawn on `from`: single push onto an empty square, double push from its starting rank through an
/// empty square, pawn attacks onto an enemy piece or onto the en passant square (taking the pawn that
/// just passed it), and all four promotions (queen, rook, bishop, knight) when it reaches the last rank.
void generate_pawn_moves(const Position& pos, Square from, MoveList& moves);
/// The knight on `from`: its eight KNIGHT_STEPS that land on the board and not on an own piece.
void generate_knight_moves(const Position& pos, Square from, MoveList& moves);
/// The bishop, rook or queen on `from`, along each of `directions`: every square up to and including the
/// first piece met, unless that piece is its own.
void generate_slider_moves(const Position& pos, Square from, std::span<const Step> directions, MoveList& moves);
/// The king on `from`: its eight KING_STEPS that land on the board and not on an own piece.
void generate_king_moves(const Position& pos, Square from, MoveList& moves);
/// Castling (FIDE Laws of Chess, art. 3.8.2, and the Chess960 rules), encoded king-takes-rook: the right
/// is held, every square the king and the rook cross or land on is empty but for that king and rook, and
/// the king is not in check and passes through and lands on no attacked square. In Chess960 the rook may
/// shield the king's destination along the back rank: generate_legal's make-test-unmake catches that.
void generate_castling_moves(const Position& pos, MoveList& moves);

/// Every pseudo-legal move of the side to move: each own piece's moves, square a1 to h8, then castling.
void generate_pseudo_legal(const Position& pos, MoveList& moves);

}  // namespace movegen::mailbox
