// The 10x12 board for `movegen show`: all 120 letters, ten to a row, the sentinel border as stored.
//
//   board10x12::board_view(pos).lines[2];   // "   90  #rnbqkbnr#": rank 8 between its two sentinels
#pragma once

#include "board10x12/position.hpp"
#include "common/board_view.hpp"

namespace movegen::board10x12 {

/// The board's 120 letters, the top row (indices 110..119) first: twelve rows of ten, each with the index of
/// its first entry, SENTINEL ('#') on the border, '-' on an empty square; then the files under the board.
/// Fields: "board string" (one value of 120 characters, index 10 * (rank + 2) + file + 1, a1 = 21).
BoardView board_view(const Position& pos);

}  // namespace movegen::board10x12
