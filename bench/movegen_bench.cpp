// Legal move generation on named positions (opening, middlegame, endgame, in check, promotions):
// BM_GenerateLegal_<Generator>/<position>, with a moves-per-second counter.
#include <fmt/format.h>

#include "bench/bench.hpp"
#include "bench/positions.hpp"

namespace movegen::bench {
namespace {

/// Lists the legal moves of `p` over and over. Counter moves_per_second: moves listed per second.
/// Fails if the list does not have the position's published number of moves.
template <ChessPosition P>
void BM_GenerateLegal(benchmark::State& state, const BenchPosition& p) {
  P pos = P::from_fen(p.fen);
  measure_generation(state, pos, [](P& q, MoveList& l) { q.generate_legal(l); }, p.perft[1], p.name);
}

void register_generate(const Options&) {
  for_each_generator([]<ChessPosition P>(const std::string& generator) {
    for (const BenchPosition& p : MOVEGEN_POSITIONS)
      benchmark::RegisterBenchmark(fmt::format("BM_GenerateLegal_{}/{}", generator, p.name).c_str(),
                                   BM_GenerateLegal<P>, p);
  });
}

const bool registered = add_registrar(register_generate);

}  // namespace
}  // namespace movegen::bench
