// Mailbox attack detection: looking outward from a square along the pawn, knight, king and slider steps
// for an enemy piece that could move there.
//
//   Board board = ...;                                    // 64 FEN letters, '-' for empty, a1 = 0
//   bool attacked = is_square_attacked(board, SQ_E1, BLACK, SQ_E8);   // black's king stands on e8
//   Bitboard checkers = attackers_to(board, SQ_E1, BLACK, SQ_E8);
#pragma once

#include "mailbox/board.hpp"

namespace movegen::mailbox {

/// The squares (a bit per square, a1 = bit 0) of the pieces of colour `by` that attack `sq`: its king, on
/// `king`, if that is next to `sq`; a pawn one row behind it diagonally (as `by` sees the board), a knight
/// one KNIGHT_STEP away, and along each slider direction the first piece met, if it is a slider of `by`
/// that moves along that direction.
Bitboard attackers_to(const Board& board, Square sq, Color by, Square king);

/// True if a piece of colour `by` attacks `sq`, whatever stands on `sq`: attackers_to, stopping at the
/// first attacker found.
bool is_square_attacked(const Board& board, Square sq, Color by, Square king);

/// is_square_attacked once the pieces on the squares of `lifted` (pieces of the side `by` attacks) have
/// left the board: a king about to step, or castling's king and rook. Asked of a copy of the board.
bool is_square_attacked_without(const Board& board, Square sq, Color by, Square king, Bitboard lifted);

}  // namespace movegen::mailbox
