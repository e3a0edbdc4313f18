#include "harness/perft/perft_nodes.hpp"

#include <fmt/format.h>
#include <unistd.h>

namespace movegen::harness {

namespace {

// This machine's memory in MiB, or 0 if it cannot be told.
std::size_t memory_mb() {
  const long pages = sysconf(_SC_PHYS_PAGES), page_size = sysconf(_SC_PAGE_SIZE);
  if (pages <= 0 || page_size <= 0) return 0;
  return (std::uint64_t(pages) * std::uint64_t(page_size)) >> 20;
}

}  // namespace

void require_hash_mb(std::size_t hash_mb) {
  if (hash_mb > MAX_HASH_MB) throw UsageError(fmt::format("bad --hash: {} MiB is outside 0..{}", hash_mb, MAX_HASH_MB));
  if (const std::size_t memory = memory_mb(); memory > 0 && hash_mb > memory)
    throw UsageError(fmt::format("bad --hash: {} MiB is more than this machine's memory ({} MiB)", hash_mb, memory));
}

void require_settings(const PerftSettings& s) {
  if (s.threads < 1 || s.threads > MAX_THREADS)
    throw UsageError(fmt::format("bad --threads: {} is outside 1..{}", s.threads, MAX_THREADS));
  require_hash_mb(s.hash_mb);
}

std::vector<std::pair<std::string, std::uint64_t>> divide_nodes(
    Generator g, std::string_view fen, const std::vector<std::string>& moves, int depth, const PerftSettings& s,
    const std::function<void(const PerftProgress&)>& on_progress, PerftTable* table, Notation notation) {
  require_settings(s);
  const GeneratorOps& ops = generator_ops(g);
  (void)ops.divide(fen, moves, 0, Counting::BULK, notation);  // a bad FEN or move is refused before the table is made
  PerftTable own_table(table ? 0 : s.hash_mb);
  PerftProgress progress;
  std::function<void()> tick;
  if (on_progress) tick = [&] { on_progress(progress); };
  return ops.parallel_divide(fen, moves, depth, s.counting, table ? *table : own_table, s.threads, &progress, tick,
                             notation);
}

std::uint64_t perft_nodes(Generator g, std::string_view fen, int depth, const PerftSettings& s, PerftTable* table) {
  if (depth <= 0) {
    require_settings(s);
    generator_ops(g).check_fen(fen);  // still refuse a bad FEN
    return 1;
  }
  std::uint64_t total = 0;
  for (const auto& [move, nodes] : divide_nodes(g, fen, {}, depth, s, {}, table)) total += nodes;
  return total;
}

}  // namespace movegen::harness
