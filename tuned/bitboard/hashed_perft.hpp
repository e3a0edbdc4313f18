// bitboard-tuned's own hash perft: what Position::perft(depth, counting, table) runs, perft's HashedPerftHook
// (common/parallel_perft.hpp). The same table entries as the generic recursion (key, lock, depth), found by a
// recursion on copies of the piece sets and the piece array: each child built once from its parent, its key and
// lock changed by the move's numbers (key_change) without a make or an unmake, and its bucket prefetched with
// its siblings' before any of them is counted.
//
//   PerftTable table(128);
//   auto pos = Position::from_fen(START_FEN);
//   pos.perft(8, Counting::BULK_SIBLINGS, table);   // 84998978956
#pragma once

#include <cstdint>

#include "common/perft.hpp"
#include "common/perft_table.hpp"
#include "common/zobrist.hpp"
#include "tuned/bitboard/piece_sets.hpp"

namespace movegen::bitboard_tuned {

/// The leaf count `depth` (>= PerftTable::MIN_DEPTH) plies below the position of `sets` and `board` (the piece
/// on each square), whose Polyglot key is `key` and lock `lock` (zobrist_key with LOCK_NUMBERS): each subtree of
/// depth >= MIN_DEPTH looked up in `table` first and stored after it is counted, as common/parallel_perft.hpp's
/// hash perft does; the last two plies counted as perft(pos, 2, counting) counts them, BULK_SIBLINGS as BULK_NODE
/// (the faster by the clock under the table, hashed_perft.cpp).
std::uint64_t hashed_perft(const PieceSets& sets, const Piece* board, Key key, Key lock, int depth, Counting counting,
                           PerftTable& table);

}  // namespace movegen::bitboard_tuned
