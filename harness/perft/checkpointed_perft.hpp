// perft of one position on this machine with a checkpoint (`movegen perft --checkpoint FILE`): the tree is cut
// into its distinct positions at the split depth (harness/perft/perft_split.hpp), the threads count them one at a
// time sharing one hash table, and each finished subtree is recorded in the checkpoint (harness/perft/perft_checkpoint.hpp,
// the format movegen-mpi writes, so either program resumes what the other began at the same split depth).
// A run killed part-way resumes from the file with the exact total.
//
//   CheckpointedDivide run = checkpointed_divide(named_generator("bitboard-tuned"), START_FEN, {}, 10,
//                                                {.hash_mb = 16384, .threads = 2}, "perft10.checkpoint");
//   run.divide;   // as divide_nodes gives it; run.resumed of run.subtrees came from the file
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "harness/perft/perft_nodes.hpp"

namespace movegen::harness {

/// A checkpointed perft's divide and how much of it the checkpoint already held.
struct CheckpointedDivide {
  std::vector<std::pair<std::string, std::uint64_t>> divide;  // (UCI move, leaf nodes), sorted by move text
  int split_depth = 0;
  std::size_t subtrees = 0;  // distinct positions at the split depth
  std::size_t resumed = 0;   // of them, counted by an earlier run and read from the checkpoint
};

/// The divide of `fen` after the UCI `moves` (both in `notation`), `depth` >= 1 plies, counted as
/// divide_nodes counts it, with every subtree at default_split_depth(depth) recorded in the checkpoint file
/// `path` as it finishes and the ones it already holds taken from it. `on_progress` (if any) is called about
/// ten times a second with this run's subtrees: done of total, and their nodes (each distinct subtree once).
/// `kill_after` > 0 is for tests: the process kills itself (SIGKILL) once that many records are on disk.
/// Throws as divide_nodes does, and CheckpointError (harness/perft/perft_checkpoint.hpp) for a checkpoint that
/// cannot be opened, read or written, or is of another run.
CheckpointedDivide checkpointed_divide(Generator g, std::string_view fen, const std::vector<std::string>& moves,
                                       int depth, const PerftSettings& s, const std::string& path,
                                       const std::function<void(const PerftProgress&)>& on_progress = {},
                                       Notation notation = Notation::CLASSICAL, int kill_after = 0);

}  // namespace movegen::harness
