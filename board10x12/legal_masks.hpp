// The masks strategy on the 10x12 board: the checkers, pinned pieces and check mask of the side to move are
// found once per node by looking outward from its king (check_and_pin_masks); then the per-piece generators of
// board10x12/movegen.hpp are given as targets the check mask, and a pinned piece only the line through its
// king. The king's steps are tested once each with the king lifted off the board; en passant, the one move
// that takes a piece off a square it does not land on, is made and tested. mailbox/legal_masks.hpp is the
// same algorithm with a row and column bounds test where this one meets a sentinel.
// This file holds what the masks strategy does its own way here: the masks (check_and_pin_masks), the visit of
// the pieces (generate_moves_within) and of the king's steps (for_each_king_step); the strategy's steps, the king's
// safe squares and the generator, MasksPosition<board10x12::Position>, are written once in common/masks_strategy.hpp.
//
//   auto pos = MasksPosition<board10x12::Position>::from_fen("4k3/8/8/8/8/8/4R3/4K3 b - - 0 1");
//   check_and_pin_masks(pos).checkers;      // the rook on e2 (bit 12)
//   MoveList moves;
//   pos.generate_legal(moves);              // the king steps off the e-file: d8, d7, f7, f8
#pragma once

#include "board10x12/movegen.hpp"
#include "board10x12/position.hpp"
#include "common/masks_strategy.hpp"
#include "common/move.hpp"

namespace movegen::board10x12 {

/// The checkers, pinned pieces and check mask of the side to move, found by looking outward from its king
/// along the KNIGHT_OFFSETS, the pawn attack steps and each slider offset: a piece of the side to move is
/// pinned when the next piece beyond it on the same line is an enemy slider that moves along that line.
CheckAndPinMasks check_and_pin_masks(const Position& pos);

/// The moves of every piece of the side to move but its king, each onto its piece_targets under `masks` (the
/// check mask, and for a pinned piece the line through its king): the board scan, a1 to h8 on the 10x12 board, as
/// generate_pseudo_legal's. The masks strategy's visit of the pieces (generate_within_masks,
/// common/masks_strategy.hpp).
void generate_moves_within(const Position& pos, CheckAndPinMasks masks, MoveList& list);

/// Calls `f(s)` for each square s next to `king`: its KING_OFFSETS that land on no sentinel, the visit
/// safe_king_squares (common/masks_strategy.hpp) uses on the 10x12 board instead of a row and column bounds test.
template <class F>
void for_each_king_step(const Position& pos, Square king, F f) {
  for (int d : KING_OFFSETS)
    if (const Square120 to = to_120(king) + d; !is_sentinel(pos.board()[to])) f(from_120(to));
}

}  // namespace movegen::board10x12
