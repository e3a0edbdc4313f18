// The masks strategy on the 0x88 board: the checkers, pinned pieces and check mask of the side to move are
// found once per node (check_and_pin_masks: the checkers from the difference tables, the pins by walking out
// from its king); then the per-piece generators of x88/movegen.hpp are given as targets the check mask, and
// a pinned piece only the line through its king. The king's steps are tested once each with the king lifted
// off the board; en passant, the one move that takes a piece off a square it does not land on, is made and
// tested. mailbox/legal_masks.hpp and bitboard/legal_masks.hpp are the same algorithm on the others.
// This file holds what the masks strategy does its own way here: the masks (check_and_pin_masks) and the visit of
// the pieces (generate_moves_within); the strategy's steps, the king's safe squares and the generator,
// MasksPosition<x88::Position>, are written once in common/masks_strategy.hpp.
//
//   auto pos = MasksPosition<x88::Position>::from_fen("4k3/8/8/8/8/8/4R3/4K3 b - - 0 1");
//   check_and_pin_masks(pos).checkers;      // the rook on e2 (bit 12)
//   MoveList moves;
//   pos.generate_legal(moves);              // the king steps off the e-file: d8, d7, f7, f8
#pragma once

#include "common/masks_strategy.hpp"
#include "common/move.hpp"
#include "x88/movegen.hpp"
#include "x88/position.hpp"

namespace movegen::x88 {

/// The checkers, pinned pieces and check mask of the side to move: the checkers are the enemy pieces that
/// attack its king (x88/attacks.hpp); a piece of the side to move is pinned when, walking out from the king
/// along a direction offset, it is the first piece met and the next one is an enemy slider that moves along
/// that direction.
CheckAndPinMasks check_and_pin_masks(const Position& pos);

/// The moves of every piece of the side to move but its king, each onto its piece_targets under `masks` (the
/// check mask, and for a pinned piece the line through its king): the piece list of the side to move, its king (entry
/// 0) aside. The masks strategy's visit of the pieces (generate_within_masks, common/masks_strategy.hpp).
void generate_moves_within(const Position& pos, CheckAndPinMasks masks, MoveList& list);

}  // namespace movegen::x88
