// make_move + unmake_move of every legal move of the named positions:
// BM_MakeUnmake_<Generator>/<position>, with a counter of moves made and unmade per second.
#include <fmt/format.h>

#include "bench/bench.hpp"
#include "bench/positions.hpp"

namespace movegen::bench {
namespace {

/// Makes and unmakes each legal move of `p` in turn, over and over. Counter moves_per_second: make +
/// unmake pairs per second. Fails if the move count is not the published one or the position is not
/// restored exactly afterwards.
template <ChessPosition P>
void BM_MakeUnmake(benchmark::State& state, const BenchPosition& p) {
  P pos = P::from_fen(p.fen);
  MoveList list;
  pos.generate_legal(list);
  if (list.size() != p.perft[1]) {
    fail(state, fmt::format("{}: {} legal moves, expected {}", p.name, list.size(), p.perft[1]));
    return;
  }
  const std::string before = pos.fen();
  for (auto _ : state) {
    for (Move m : list) {
      pos.make_move(m);
      benchmark::DoNotOptimize(pos);
      pos.unmake_move(m);
    }
    benchmark::ClobberMemory();
  }
  if (pos.fen() != before) fail(state, fmt::format("{}: make + unmake left {}", p.name, pos.fen()));
  state.counters["moves_per_second"] =
      benchmark::Counter(double(state.iterations()) * double(list.size()), benchmark::Counter::kIsRate);
}

void register_make_unmake(const Options&) {
  for_each_generator([]<ChessPosition P>(const std::string& generator) {
    for (const BenchPosition& p : MOVEGEN_POSITIONS)
      benchmark::RegisterBenchmark(fmt::format("BM_MakeUnmake_{}/{}", generator, p.name).c_str(), BM_MakeUnmake<P>, p);
  });
}

const bool registered = add_registrar(register_make_unmake);

}  // namespace
}  // namespace movegen::bench
