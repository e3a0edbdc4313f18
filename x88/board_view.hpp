// The 0x88 board for `movegen show`: all 128 entries, the off-board half marked, and the piece lists.
//
//   x88::board_view(pos).lines[1];   // "  0x70  r n b q k b n r ~ ~ ~ ~ ~ ~ ~ ~"
#pragma once

#include "common/board_view.hpp"
#include "x88/position.hpp"

namespace movegen::x88 {

/// The board's 128 entries, rank 8 on top: a row of 16 per rank with the index of its first entry, entries
/// 8..15 of each row (off the board: `sq & 0x88` nonzero) marked '~', empty squares '.'; then each side's
/// piece list as 0x88 indices (the king first). Fields: "board" (128 values: a FEN letter, "." or "~"),
/// "pieces(WHITE)" and "pieces(BLACK)" (the piece lists: 0x88 indices in hex, in list order).
BoardView board_view(const Position& pos);

}  // namespace movegen::x88
