// Mailbox pseudo-legal move generation, one function per piece kind, each stepping with row and
// column changes and the single bounds check `on_board`.
//
//   MoveList list;
//   generate_knight_moves(pos, SQ_G1, list);     // g1f3, g1h3 in the start position
#pragma once

#include <span>

#include "common/move.hpp"
#include "mailbox/position.hpp"

namespace movegen::mailbox {

/// Single push, double push from the second rank, pawn attacks on enemy pieces, en passant, and all
/// four promotions (with or without capture) for the pawn on `from`.
void generate_pawn_moves(const Position& pos, Square from, MoveList& list);
/// The knight's eight KNIGHT_STEPS that land on the board and not on an own piece.
void generate_knight_moves(const Position& pos, Square from, MoveList& list);
/// A slider's moves along `directions`: every square up to and including the first piece met, unless
/// that piece is its own.
void generate_slider_moves(const Position& pos, Square from, std::span<const Step> directions, MoveList& list);
/// The king's eight KING_STEPS (castling is separate).
void generate_king_moves(const Position& pos, Square from, MoveList& list);
/// Castling moves of the side to move: the right held, the squares between king and rook empty, the
/// king not in check and not passing through an attacked square. Whether the king lands on an
/// attacked square is left to the legality test, as for every other king move.
void generate_castling_moves(const Position& pos, MoveList& list);

/// Every pseudo-legal move of the side to move (moves that may leave the own king in check).
void generate_pseudo_legal(const Position& pos, MoveList& list);

}  // namespace movegen::mailbox
