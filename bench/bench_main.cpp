// The main of every benchmark program: reads the project's options, records how the code was built in
// the JSON context, registers the benchmarks and exits 1 if any of them computed a wrong count.
#include <charconv>
#include <cstdio>
#include <string_view>
#include <vector>

#include "bench/bench.hpp"
#include "bench/build_info.hpp"

namespace movegen::bench {
namespace {

std::vector<Registrar>& registrars() {
  static std::vector<Registrar> list;
  return list;
}

bool any_failed = false;

void print_help() {
  benchmark::PrintDefaultHelp();
  std::fprintf(stderr,
               "movegen-lab options:\n"
               "  [--perft_min_nodes=<count>]  register perft depths with at least this many nodes (100000)\n"
               "  [--perft_max_nodes=<count>]  register perft depths with at most this many nodes (5000000)\n");
}

/// Reads `--name=<count>` into `value`; false if `arg` is another option. Exits 2 on a bad count.
bool read_count(std::string_view arg, std::string_view name, std::uint64_t& value) {
  const std::string prefix = "--" + std::string(name) + "=";
  if (!arg.starts_with(prefix)) return false;
  const std::string_view text = arg.substr(prefix.size());
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (text.empty() || error != std::errc() || end != text.data() + text.size()) {
    std::fprintf(stderr, "bad --%s '%.*s': expected a non-negative whole number of nodes\n", name.data(),
                 int(text.size()), text.data());
    std::exit(2);
  }
  return true;
}

}  // namespace

bool add_registrar(Registrar r) {
  registrars().push_back(r);
  return true;
}

std::string benchmark_name(harness::Generator g) {
  std::string name = harness::generator_name(g);
  if (!name.empty() && name[0] >= 'a' && name[0] <= 'z') name[0] = char(name[0] - 'a' + 'A');
  return name;
}

void fail(benchmark::State& state, const std::string& message) {
  any_failed = true;
  state.SkipWithError(message.c_str());
}

}  // namespace movegen::bench

int main(int argc, char** argv) {
  using namespace movegen::bench;
  benchmark::Initialize(&argc, argv, print_help);
  Options options;
  for (int i = 1; i < argc; ++i) {
    const std::string_view arg = argv[i];
    if (read_count(arg, "perft_min_nodes", options.perft_min_nodes)) continue;
    if (read_count(arg, "perft_max_nodes", options.perft_max_nodes)) continue;
    std::fprintf(stderr, "unknown argument '%s' (--help lists the options)\n", argv[i]);
    return 2;
  }
  benchmark::AddCustomContext("movegen_compiler", COMPILER);
  benchmark::AddCustomContext("movegen_build_type", BUILD_TYPE);
  benchmark::AddCustomContext("movegen_flags", BUILD_FLAGS);
  for (Registrar r : registrars()) r(options);
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return any_failed ? 1 : 0;
}
