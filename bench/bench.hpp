// What every benchmark file shares: the options main reads, registration for each generator, and
// failing loudly when a benchmark computes a wrong count.
//
//   void register_generate(const Options&) {
//     for_each_generator([]<ChessPosition P>(const std::string& gen) {
//       benchmark::RegisterBenchmark(("BM_GenerateLegal_" + gen + "/opening").c_str(), bm_generate<P>, ...);
//     });
//   }
//   const bool registered = add_registrar(register_generate);   // main calls it after reading options
#pragma once

#include <benchmark/benchmark.h>

#include <cstdint>
#include <string>

#include "common/position_concept.hpp"
#include "harness/generators.hpp"

namespace movegen::bench {

/// The benchmark programs' own command-line options (besides Google Benchmark's --benchmark_*).
struct Options {
  /// perft benchmarks are registered for the depths whose published count lies in [min, max] nodes.
  std::uint64_t perft_min_nodes = 100'000;
  std::uint64_t perft_max_nodes = 5'000'000;
};

/// A function that registers benchmarks once the options are known.
using Registrar = void (*)(const Options&);

/// Adds `r` to the functions main calls before running the benchmarks. Returns true, so that a file
/// can register itself with `const bool registered = add_registrar(...)` at namespace scope.
bool add_registrar(Registrar r);

/// The generator's name as benchmark names spell it: "Mailbox", "Bitboard".
std::string benchmark_name(harness::Generator g);

/// Calls `f.template operator()<P>(name)` for every generator the harness offers, with P its Position
/// type and name its benchmark_name, so that each family is registered with identical arguments for all.
template <class F>
void for_each_generator(F&& f) {
  for (harness::Generator g : harness::all_generators())
    harness::with_generator(g, [&]<ChessPosition P>() { f.template operator()<P>(benchmark_name(g)); });
}

/// Reports the benchmark as failed with `message` (Google Benchmark's SkipWithError: no timings are
/// reported for it) and makes the program exit with status 1 after all benchmarks ran. The caller
/// must leave the benchmark loop afterwards.
void fail(benchmark::State& state, const std::string& message);

}  // namespace movegen::bench
