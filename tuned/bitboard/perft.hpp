// bitboard-tuned's own perft below a node: the recursion runs on copies of the piece sets alone, with the
// side to move a template argument, and each move is played as the generator finds it, with its piece type
// known at compile time (no move list, no piece array, no key). Position::perft hands it the counts of every
// mode (perft's PerftHook, common/perft.hpp); with `--bulk siblings` the leaves two plies below a node are counted
// by the siblings' shared count (sibling_perft.hpp).
//
//   perft(pos.sets(), 5, Counting::BULK_NODE);         // 4865609 from the start position
//   perft(pos.sets(), 5, Counting::MAKE_EVERY_LEAF);   // the same count, every leaf made
#pragma once

#include <cstdint>

#include "common/perft.hpp"
#include "tuned/bitboard/piece_sets.hpp"

namespace movegen::bitboard_tuned {

/// The number of leaf nodes `depth` plies below `sets` (1 at depth 0). BULK_NODE builds each node one ply
/// above the leaves and counts its legal moves (count_legal); MAKE_EVERY_LEAF builds every leaf as a copy
/// of its parent's sets with the move played (copy-make: taking a move back is dropping the copy), and
/// BULK_SIBLINGS counts each node two plies above the leaves by the shared count of its moves (count_siblings).
std::uint64_t perft(const PieceSets& sets, int depth, Counting counting);

/// perft's count without moving the stack to its page offset first: for a caller that is itself a recursion and
/// counts a small subtree at each of its nodes (hashed_perft at PerftTable::MIN_DEPTH): moving the frames down
/// their page at every call cost start perft 8 with `--hash 128 --bulk node` 1.3% (alternated).
std::uint64_t nested_perft(const PieceSets& sets, int depth, Counting counting);

}  // namespace movegen::bitboard_tuned
