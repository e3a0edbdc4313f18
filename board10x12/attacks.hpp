// 10x12 attack detection: looking outward from a square along the pawn, knight, king and slider offsets for
// an enemy piece that could move there. A step that leaves the board lands on a sentinel, which is no
// piece's letter, so no bounds test is asked.
//
//   Board board = ...;                                    // 120 letters, '-' for empty, SENTINEL around
//   bool attacked = is_square_attacked(board, SQ_E1, BLACK, SQ_E8);   // black's king stands on e8
//   Bitboard checkers = attackers_to(board, SQ_E1, BLACK, SQ_E8);
#pragma once

#include "board10x12/board.hpp"

namespace movegen::board10x12 {

/// The squares (a bit per common square, a1 = bit 0) of the pieces of colour `by` that attack `sq`: its
/// king, on `king`, if that is next to `sq`; a pawn one row behind it diagonally (as `by` sees the board),
/// a knight one KNIGHT_OFFSET away, and along each slider offset the first piece met, if it is a slider of
/// `by` that moves along that direction.
Bitboard attackers_to(const Board& board, Square sq, Color by, Square king);

/// True if a piece of colour `by` attacks `sq`, whatever stands on `sq`: attackers_to, stopping at the
/// first attacker found.
bool is_square_attacked(const Board& board, Square sq, Color by, Square king);

/// is_square_attacked once the pieces on the squares of `lifted` (pieces of the side `by` attacks) have
/// left the board: a king about to step, or castling's king and rook. Asked of a copy of the board.
bool is_square_attacked_without(const Board& board, Square sq, Color by, Square king, Bitboard lifted);

}  // namespace movegen::board10x12
