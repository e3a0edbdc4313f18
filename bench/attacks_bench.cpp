// Attack queries on the named positions: BM_IsSquareAttacked_<Generator>/<position> asks for all 64
// squares and both colours; BM_Checkers_<Generator>/<position> computes the checkers of the side to move.
#include <fmt/format.h>

#include "bench/bench.hpp"
#include "bench/positions.hpp"
#include "mailbox/movegen.hpp"

namespace movegen::bench {
namespace {

/// The squares attacked by `by`, one is_square_attacked query per square.
template <ChessPosition P>
Bitboard attacked_squares(const P& pos, Color by) {
  Bitboard attacked = 0;
  for (Square s = SQ_A1; s <= SQ_H8; ++s)
    if (pos.is_square_attacked(s, by)) attacked |= Bitboard{1} << s;
  return attacked;
}

/// Asks is_square_attacked for every square and both colours, over and over. Counter
/// queries_per_second. Fails if the answers differ from the mailbox generator's.
template <ChessPosition P>
void BM_IsSquareAttacked(benchmark::State& state, const BenchPosition& p) {
  const P pos = P::from_fen(p.fen);
  const auto reference = MtuPosition<mailbox::Position>::from_fen(p.fen);
  for (Color c : {WHITE, BLACK}) {
    if (attacked_squares(pos, c) != attacked_squares(reference, c)) {
      fail(state, fmt::format("{}: squares attacked by {} differ from the mailbox's", p.name, int(c)));
      return;
    }
  }
  for (auto _ : state) {
    benchmark::DoNotOptimize(attacked_squares(pos, WHITE));
    benchmark::DoNotOptimize(attacked_squares(pos, BLACK));
  }
  state.counters["queries_per_second"] =
      benchmark::Counter(double(state.iterations()) * 2 * double(SQUARE_NB), benchmark::Counter::kIsRate);
}

/// Computes the checkers of the side to move over and over. Counter positions_per_second. Fails if
/// they differ from the mailbox generator's.
template <ChessPosition P>
void BM_Checkers(benchmark::State& state, const BenchPosition& p) {
  const P pos = P::from_fen(p.fen);
  if (pos.checkers() != MtuPosition<mailbox::Position>::from_fen(p.fen).checkers()) {
    fail(state, fmt::format("{}: checkers differ from the mailbox's", p.name));
    return;
  }
  for (auto _ : state) benchmark::DoNotOptimize(pos.checkers());
  state.counters["positions_per_second"] = benchmark::Counter(double(state.iterations()), benchmark::Counter::kIsRate);
}

void register_attacks(const Options&) {
  for_each_generator([]<ChessPosition P>(const std::string& generator) {
    for (const BenchPosition& p : MOVEGEN_POSITIONS)
      benchmark::RegisterBenchmark(fmt::format("BM_IsSquareAttacked_{}/{}", generator, p.name).c_str(),
                                   BM_IsSquareAttacked<P>, p);
    for (const BenchPosition& p : MOVEGEN_POSITIONS)
      benchmark::RegisterBenchmark(fmt::format("BM_Checkers_{}/{}", generator, p.name).c_str(), BM_Checkers<P>, p);
  });
}

const bool registered = add_registrar(register_attacks);

}  // namespace
}  // namespace movegen::bench
