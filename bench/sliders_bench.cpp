// The bitboard generator's two slider backends side by side: BM_SliderAttacks_Magic/<position> and
// BM_SliderAttacks_Pext/<position> look up the bishop and rook attacks of every square with the
// position's occupancy. Counter lookups_per_second.
#include <fmt/format.h>

#include "bench/bench.hpp"
#include "bench/positions.hpp"
#include "bitboard/sliders.hpp"
#include "tuned/bitboard/position.hpp"

namespace movegen::bench {
namespace {

using bitboard::magic_attacks;
using bitboard::pext_attacks;

/// The bishop and rook attacks of all 64 squares with `occupied` through one backend, folded into one
/// value so that no lookup can be left out.
template <Bitboard (*Bishop)(Square, Bitboard), Bitboard (*Rook)(Square, Bitboard)>
Bitboard all_slider_attacks(Bitboard occupied) {
  Bitboard folded = 0;
  for (Square s = SQ_A1; s <= SQ_H8; ++s) folded ^= Bishop(s, occupied) + Rook(s, occupied);
  return folded;
}

constexpr auto magic_lookups = all_slider_attacks<magic_attacks<BISHOP>, magic_attacks<ROOK>>;
constexpr auto pext_lookups = all_slider_attacks<pext_attacks<BISHOP>, pext_attacks<ROOK>>;

/// Runs `lookups` on the occupancy of `p` over and over. Fails if the two backends disagree on any
/// square of the position.
template <Bitboard (*Lookups)(Bitboard)>
void BM_SliderAttacks(benchmark::State& state, const BenchPosition& p) {
  const Bitboard occupied = bitboard_tuned::Position::from_fen(p.fen).pieces();
  for (Square s = SQ_A1; s <= SQ_H8; ++s) {
    if (magic_attacks<BISHOP>(s, occupied) != pext_attacks<BISHOP>(s, occupied) ||
        magic_attacks<ROOK>(s, occupied) != pext_attacks<ROOK>(s, occupied)) {
      fail(state, fmt::format("{}: magic and PEXT attacks differ on square {}", p.name, int(s)));
      return;
    }
  }
  if (!bitboard::USE_PEXT) state.SetLabel("no BMI2 in this build: PEXT emulated bit by bit");
  for (auto _ : state) {
    benchmark::DoNotOptimize(occupied);  // keeps the lookups from being hoisted out of the loop
    benchmark::DoNotOptimize(Lookups(occupied));
  }
  state.counters["lookups_per_second"] =
      benchmark::Counter(double(state.iterations()) * 2 * double(SQUARE_NB), benchmark::Counter::kIsRate);
}

void register_sliders(const Options&) {
  for (const BenchPosition& p : MOVEGEN_POSITIONS)
    benchmark::RegisterBenchmark(fmt::format("BM_SliderAttacks_Magic/{}", p.name).c_str(),
                                 BM_SliderAttacks<magic_lookups>, p);
  for (const BenchPosition& p : MOVEGEN_POSITIONS)
    benchmark::RegisterBenchmark(fmt::format("BM_SliderAttacks_Pext/{}", p.name).c_str(),
                                 BM_SliderAttacks<pext_lookups>, p);
}

const bool registered = add_registrar(register_sliders);

}  // namespace
}  // namespace movegen::bench
