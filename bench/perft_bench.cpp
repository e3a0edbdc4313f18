// perft on the standard positions in the three counting modes of common/perft.hpp:
// BM_PerftBulk_<Generator>/<position>/<depth> (--bulk siblings), BM_PerftBulkNode_<Generator>/<position>/<depth>
// (--bulk node: each leaf parent built and counted, as Stockfish counts) and
// BM_PerftMakeEveryLeaf_<Generator>/<position>/<depth> (--no-bulk),
// with nodes (leaf count) and nodes_per_second counters (per second of CPU time). Registered for the depths whose
// published count lies in [--perft_min_nodes, --perft_max_nodes] (by default 100 thousand to 5 million).
#include <fmt/format.h>

#include "bench/bench.hpp"
#include "bench/positions.hpp"
#include "common/perft.hpp"

namespace movegen::bench {
namespace {

/// perft(depth) of `p`, over and over. Counters: nodes (leaves of one perft) and nodes_per_second.
/// Fails if the count differs from the published one.
template <ChessPosition P>
void BM_Perft(benchmark::State& state, const BenchPosition& p, int depth, Counting counting) {
  P pos = P::from_fen(p.fen);
  const std::uint64_t expected = p.perft[depth];
  std::uint64_t nodes = 0;
  for (auto _ : state) {
    nodes = perft(pos, depth, counting);
    if (nodes != expected) {
      fail(state, fmt::format("{} depth {}: {} nodes, published {}", p.name, depth, nodes, expected));
      break;
    }
  }
  state.counters["nodes"] = double(nodes);
  state.counters["nodes_per_second"] =
      benchmark::Counter(double(nodes) * double(state.iterations()), benchmark::Counter::kIsRate);
}

void register_perft(const Options& options) {
  for_each_generator([&]<ChessPosition P>(const std::string& generator) {
    for (auto [family, counting] :
         {std::pair{"PerftBulk", Counting::BULK_SIBLINGS}, {"PerftBulkNode", Counting::BULK_NODE},
          {"PerftMakeEveryLeaf", Counting::MAKE_EVERY_LEAF}}) {
      for (const BenchPosition& p : PERFT_POSITIONS) {
        for (int depth = 1; depth <= max_depth(p); ++depth) {
          if (p.perft[depth] < options.perft_min_nodes || p.perft[depth] > options.perft_max_nodes) continue;
          benchmark::RegisterBenchmark(fmt::format("BM_{}_{}/{}/{}", family, generator, p.name, depth).c_str(),
                                       BM_Perft<P>, p, depth, counting)
              ->Unit(benchmark::kMillisecond);
        }
      }
    }
  });
}

const bool registered = add_registrar(register_perft);

}  // namespace
}  // namespace movegen::bench
