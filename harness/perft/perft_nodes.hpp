// Perft of one position by a generator named at run time, with a hash table and threads: what `movegen
// perft` runs, and what a program that splits a tree over machines (movegen-mpi) calls for each subtree.
//
//   perft_nodes(named_generator("bitboard-tuned"), START_FEN, 7, {.hash_mb = 256, .threads = 2});   // 3195901860
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "common/move.hpp"
#include "common/parallel_perft.hpp"
#include "harness/generators/generators.hpp"

namespace movegen::harness {

/// How to count: the bulk mode or every leaf made (common/perft.hpp; BULK_NODE by default, as the CLI's perft: the
/// fastest for every generator); the hash table in MiB (0: none); threads.
struct PerftSettings {
  Counting counting = Counting::BULK_NODE;
  std::size_t hash_mb = 0;
  int threads = 1;
};

/// The largest --hash the CLI accepts, in MiB (1 TiB); perft_nodes also refuses more than the machine has.
inline constexpr std::size_t MAX_HASH_MB = std::size_t(1) << 20;
/// The most threads --threads accepts.
inline constexpr int MAX_THREADS = 1024;

/// Throws UsageError naming --hash if a table of `hash_mb` MiB is more than this machine's memory or than
/// MAX_HASH_MB (perft's and bench's tables alike).
void require_hash_mb(std::size_t hash_mb);

/// Throws UsageError naming --hash or --threads if `s` asks for more memory than this machine has (or more
/// than MAX_HASH_MB) or for threads outside 1..MAX_THREADS.
void require_settings(const PerftSettings& s);

/// The number of leaf nodes `depth` plies below `fen` (1 at depth 0), counted by generator `g` with the
/// table and threads of `s`: the same number for every setting. `table`, if given, is used (and kept filled
/// for the next call) instead of a new table of s.hash_mb MiB: a program counting many subtrees, such as
/// movegen-mpi, allocates its table once. Throws FenError for a bad FEN, UsageError as require_settings
/// does, std::bad_alloc if the table cannot be allocated.
std::uint64_t perft_nodes(Generator g, std::string_view fen, int depth, const PerftSettings& s,
                          PerftTable* table = nullptr);

/// The divide of `fen` after the UCI `moves`, both written in `notation`: (UCI move, leaf nodes) per legal move
/// sorted by move text, as
/// perft_nodes counts it. `on_progress`, if given, is called about ten times a second from the calling thread
/// while the threads count. Throws as perft_nodes does, and MoveError for a move that is not legal.
std::vector<std::pair<std::string, std::uint64_t>> divide_nodes(
    Generator g, std::string_view fen, const std::vector<std::string>& moves, int depth, const PerftSettings& s,
    const std::function<void(const PerftProgress&)>& on_progress = {}, PerftTable* table = nullptr,
    Notation notation = Notation::CLASSICAL);

}  // namespace movegen::harness
