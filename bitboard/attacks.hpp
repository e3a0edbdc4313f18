// Bitboard attack detection: the pieces that attack a square, found by looking outward from the square
// with the attack tables (bitboard/attack_tables.hpp): a knight attacks s if s's knight attacks hold it,
// a slider if s's slider attacks along its lines reach it.
//
//   auto pos = bitboard::Position::from_fen(START_FEN);
//   attackers_to(pos, SQ_F3, WHITE, pos.pieces());   // {e2, g2, g1}
//   is_square_attacked(pos, SQ_E4, BLACK);           // false
#pragma once

#include "bitboard/position.hpp"

namespace movegen::bitboard {

/// The squares (a bit per square, a1 = bit 0) of the pieces of colour `by` that attack `sq` when the
/// squares of `occupied` hold pieces: its pawns, knights and king from the tables, its sliders along the
/// rays from `sq` that stop at the first occupied square.
Bitboard attackers_to(const Position& pos, Square sq, Color by, Bitboard occupied);

/// True if a piece of colour `by` attacks `sq`, whatever stands on `sq`.
bool is_square_attacked(const Position& pos, Square sq, Color by);

/// is_square_attacked once the pieces on the squares of `lifted` (pieces of the side `by` attacks) have
/// left the board: a king about to step, or castling's king and rook.
bool is_square_attacked_without(const Position& pos, Square sq, Color by, Bitboard lifted);

}  // namespace movegen::bitboard
