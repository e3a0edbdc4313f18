// The mailbox's own board for `movegen show`: the 64-character string the generators read.
//
//   mailbox::board_view(pos).fields[0].values[0];   // "RNBQKBNRPPPPPPPP--------...pppppppprnbqkbnr"
#pragma once

#include "common/board_view.hpp"
#include "mailbox/position.hpp"

namespace movegen::mailbox {

/// The board string (FEN letters, '-' for empty, index 8 * rank + file: a1 = 0, h8 = 63) as one line, and cut
/// into its eight ranks, rank 8 on top, each with the index of its first character. Fields: "board string"
/// (one value of 64 characters).
BoardView board_view(const Position& pos);

}  // namespace movegen::mailbox
