// The masks strategy on the mailbox: the checkers, pinned pieces and check mask of the side to move are
// found once per node by looking outward from its king (check_and_pin_masks); then the per-piece generators of
// mailbox/movegen.hpp are given as targets the check mask, and a pinned piece only the line through its
// king. The king's steps are tested once each with the king lifted off the board; en passant, the one move
// that takes a piece off a square it does not land on, is made and tested. bitboard/legal_masks.hpp is the
// same algorithm on bitboards.
// This file holds what the masks strategy does its own way here: the masks (check_and_pin_masks) and the visit of
// the pieces (generate_moves_within); the strategy's steps, the king's safe squares and the generator,
// MasksPosition<mailbox::Position>, are written once in common/masks_strategy.hpp.
//
//   auto pos = MasksPosition<mailbox::Position>::from_fen("4k3/8/8/8/8/8/4R3/4K3 b - - 0 1");
//   check_and_pin_masks(pos).checkers;      // the rook on e2 (bit 12)
//   MoveList moves;
//   pos.generate_legal(moves);              // the king steps off the e-file: d8, d7, f7, f8
#pragma once

#include "common/masks_strategy.hpp"
#include "common/move.hpp"
#include "mailbox/movegen.hpp"
#include "mailbox/position.hpp"

namespace movegen::mailbox {

/// The checkers, pinned pieces and check mask of the side to move, found by looking outward from its king
/// along the KNIGHT_STEPS, the pawn attack steps and each slider direction: a piece of the side to move is
/// pinned when the next piece beyond it on the same line is an enemy slider that moves along that line.
CheckAndPinMasks check_and_pin_masks(const Position& pos);

/// The moves of every piece of the side to move but its king, each onto its piece_targets under `masks` (the
/// check mask, and for a pinned piece the line through its king): the board scan, a1 to h8. The masks strategy's
/// visit of the pieces (generate_within_masks, common/masks_strategy.hpp).
void generate_moves_within(const Position& pos, CheckAndPinMasks masks, MoveList& list);

}  // namespace movegen::mailbox
