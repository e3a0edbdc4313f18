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
#include <string_view>

#include "common/position_concept.hpp"
#include "harness/generators/generators.hpp"

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

/// The generator's command-line name as benchmark names spell it: "mailbox-masks" is "MailboxMasks".
inline std::string benchmark_name(std::string_view generator) {
  std::string name;
  bool word_start = true;
  for (char c : generator) {
    if (c == '-') {
      word_start = true;
      continue;
    }
    name += word_start && c >= 'a' && c <= 'z' ? char(c - 'a' + 'A') : c;
    word_start = false;
  }
  return name;
}

/// Calls `f.template operator()<P>(name)` for each generator of the table (harness/generators/generator_table.hpp), with
/// P its Position type and name as benchmark names spell it (benchmark_name), so that every family is
/// registered with identical arguments for all.
template <class F>
void for_each_generator(F&& f) {
  [&]<class... Rows>(std::tuple<Rows...>*) {
    (f.template operator()<typename Rows::Position>(benchmark_name(Rows::name)), ...);
  }(static_cast<harness::GeneratorRows*>(nullptr));
}

/// Reports the benchmark as failed with `message` (Google Benchmark's SkipWithError: no timings are
/// reported for it) and makes the program exit with status 1 after all benchmarks ran. The caller
/// must leave the benchmark loop afterwards.
void fail(benchmark::State& state, const std::string& message);

/// Lists the legal moves of `pos` with `generate(pos, list)` over and over: the loop of every legal
/// generation benchmark. Counter moves_per_second: moves listed per second. Fails unless each list has
/// `expected` moves (`name` goes into the message).
template <class Pos, class Generate>
void measure_generation(benchmark::State& state, Pos& pos, Generate generate, std::uint64_t expected,
                        std::string_view name) {
  MoveList list;
  std::uint64_t moves = 0;
  for (auto _ : state) {
    list.clear();
    generate(pos, list);
    benchmark::DoNotOptimize(list);
    if (list.size() != expected) {
      fail(state, std::string(name) + ": " + std::to_string(list.size()) + " legal moves, expected " +
                      std::to_string(expected));
      break;
    }
    moves += list.size();
  }
  state.counters["moves_per_second"] = benchmark::Counter(double(moves), benchmark::Counter::kIsRate);
}

}  // namespace movegen::bench
