// The masks strategy on bitboards: the checkers, pinned pieces and check mask of the side to move are found
// once per node by looking outward from its king with the attack tables (check_and_pin_masks); then the
// per-piece generators of bitboard/movegen.hpp are given as targets the check mask, and a pinned piece only
// the line through its king. The king's steps are tested once each with the king lifted off the board; en
// passant, the one move that takes a piece off a square it does not land on, is made and tested.
// mailbox/legal_masks.hpp is the same algorithm on the board string.
// This file holds what the masks strategy does its own way here: the masks (check_and_pin_masks) and the visit of
// the pieces (generate_moves_within); the strategy's steps, the king's safe squares and the generator,
// MasksPosition<bitboard::Position>, are written once in common/masks_strategy.hpp.
//
//   auto pos = MasksPosition<bitboard::Position>::from_fen("4k3/8/8/8/8/8/4R3/4K3 b - - 0 1");
//   check_and_pin_masks(pos).checkers;      // the rook on e2 (bit 12)
//   MoveList moves;
//   pos.generate_legal(moves);              // the king steps off the e-file: d8, d7, f7, f8
#pragma once

#include "bitboard/movegen.hpp"
#include "bitboard/position.hpp"
#include "common/masks_strategy.hpp"
#include "common/move.hpp"

namespace movegen::bitboard {

/// The checkers, pinned pieces and check mask of the side to move: the enemy pieces that attack its king;
/// and each enemy slider that would see the king through the side to move's pieces ("sniper") pins the
/// one piece of the side to move between them, if there is exactly one.
CheckAndPinMasks check_and_pin_masks(const Position& pos);

/// The moves of every piece of the side to move but its king, each onto its piece_targets under `masks` (the
/// check mask, and for a pinned piece the line through its king): the pieces that are not pinned as one set, then each
/// pinned one. The masks strategy's visit of the pieces (generate_within_masks, common/masks_strategy.hpp).
void generate_moves_within(const Position& pos, CheckAndPinMasks masks, MoveList& list);

/// Calls `f(s)` for each square s next to `king`: the squares of its attacks_bb<KING>, the lookup
/// safe_king_squares (common/masks_strategy.hpp) uses on bitboards instead of stepping by KING_STEPS.
template <class F>
void for_each_king_step(const Position&, Square king, F f) {
  for (Bitboard steps = attacks_bb<KING>(king); steps;) f(pop_lsb(steps));
}

}  // namespace movegen::bitboard
