// Counting one subtree: the unit of work that `movegen-mpi` hands to a rank.
//
//   perft_nodes(Generator::BITBOARD, START_FEN, 5, {});   // 4865609
//
// This is a stand-in: plain single-threaded perft, ignoring hash_mb and threads. The branch that adds
// Zobrist keys, the hash table and threads (issue 14, items 1 to 3) brings the real one with this same
// name and signature, to be swapped in at its merge.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>

#include "harness/generators.hpp"

namespace movegen::harness {

/// How perft_nodes counts: bulk counting at the last ply, the hash table's size in MiB (0: none), and the
/// number of threads.
struct PerftSettings {
  bool bulk = true;
  std::size_t hash_mb = 0;
  int threads = 1;
};

/// The leaf nodes `depth` plies below the position of `fen` (1 at depth 0), counted with generator `g`.
/// Throws FenError for a bad FEN. This stand-in ignores s.hash_mb and s.threads.
std::uint64_t perft_nodes(Generator g, std::string_view fen, int depth, const PerftSettings& s);

}  // namespace movegen::harness
