// The masks strategy on the mailbox: checkers, pinned pieces and the check mask of the side to move,
// found by looking outward from its king once per node (the same CheckAndPinMasks the bitboard computes).
//
//   const CheckAndPinMasks masks = check_and_pin_masks(board, king, enemy);   // enemy: Attackers of the other side
//   masks.pinned >> SQ_E2 & 1;                                                // is the piece on e2 pinned?
#pragma once

#include "common/masks_strategy.hpp"
#include "tuned/mailbox/slider_lines.hpp"

namespace movegen::mailbox_tuned {

/// Looks outward from the king on `king` once. Enemy pawns, knights and sliders that attack it are
/// checkers; an own piece is pinned when the next piece beyond it on the same line is an enemy rook or
/// queen (rank, file) or bishop or queen (diagonal). `enemy` names the other colour and its kinds.
/// Out of check, only pinned pieces, the king itself and en passant can expose the king.
CheckAndPinMasks check_and_pin_masks(const Board& board, Square king, const Attackers& enemy);

}  // namespace movegen::mailbox_tuned
