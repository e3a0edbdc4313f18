// mailbox-tuned's own perft below a node: each legal move is played on the board string as the generator
// finds it (a sink that makes the move, visits the node after it and takes the move back), with the side
// to move a template argument: no move list, no key and no history for the nodes it visits.
// Position::perft hands it the counts of `--bulk node` and `--no-bulk` (perft's PerftHook,
// common/perft.hpp); `--bulk siblings` keeps the generic recursion.
//
//   Position pos = Position::from_fen(START_FEN);
//   perft(pos, 5, Counting::BULK_NODE);         // 4865609
//   perft(pos, 5, Counting::MAKE_EVERY_LEAF);   // the same count, every leaf made and taken back
#pragma once

#include <cstdint>

#include "common/perft.hpp"

namespace movegen::mailbox_tuned {

class Position;

/// The number of leaf nodes `depth` plies below `pos` (1 at depth 0). BULK_NODE plays each move of a node
/// two plies above the leaves and counts the legal moves after it (count_legal); MAKE_EVERY_LEAF plays and
/// takes back every leaf move; BULK_SIBLINGS counts as BULK_NODE here. `pos` is left as it was; its key
/// and history are not read or written.
std::uint64_t perft(Position& pos, int depth, Counting counting);

}  // namespace movegen::mailbox_tuned
