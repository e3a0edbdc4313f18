// The bitboard position's own board for `movegen show`: its twelve piece sets and the two colour sets.
//
//   bitboard::board_view(pos).fields[0];   // {"pieces(WHITE, PAWN)", {"0x000000000000ff00"}}
#pragma once

#include "bitboard/position.hpp"
#include "common/board_view.hpp"

namespace movegen::bitboard {

/// The sets the position keeps, one line each, named by the call that reads it: the 64-bit set in hex (bit n =
/// square n, a1 = bit 0) and its squares. Fields: one per set ("pieces(WHITE, PAWN)", ..., "pieces(BLACK,
/// KING)", "pieces(WHITE)", "pieces(BLACK)"), each one value, the set in hex.
BoardView board_view(const Position& pos);

}  // namespace movegen::bitboard
