#include <chrono>
#include <filesystem>
#include <ostream>

#include <fmt/format.h>
#include <fmt/ostream.h>

#include "common/epd.hpp"
#include "common/perft.hpp"
#include "harness/commands.hpp"
#include "harness/generators.hpp"

namespace movegen::harness {

std::string default_suite_path() {
  const std::filesystem::path relative = "tests/data/perft.epd";
  if (std::filesystem::exists(relative)) return relative.string();
  return (std::filesystem::path(MOVEGEN_SOURCE_DIR) / relative).string();
}

std::vector<EpdEntry> load_suite(const std::string& path) {
  std::vector<EpdEntry> entries = load_epd(path);
  if (entries.empty()) throw EpdError(path + ": no positions (only blank or comment lines)");
  // parse_fen cannot tell whether the side not to move is in check; from_fen can.
  for (const EpdEntry& entry : entries)
    for (Generator g : all_generators())
      with_generator(g, [&]<ChessPosition P>() {
        try {
          (void)P::from_fen(entry.fen);
        } catch (const FenError& e) {
          throw EpdError(fmt::format("{}: line {}: {}", path, entry.line, e.what()));
        }
      });
  return entries;
}

int run_suite(const SuiteOptions& options, std::ostream& out, std::ostream& err) {
  require_depth(options.max_depth, "--max-depth", 1);
  const std::vector<Generator> generators =
      options.generator == "all" ? all_generators() : parse_generator_list(options.generator, "--generator");
  const std::vector<EpdEntry> entries = load_suite(options.file);

  using Clock = std::chrono::steady_clock;
  const auto start = Clock::now();
  auto last_progress = start;
  std::uint64_t nodes = 0;
  int counts_checked = 0, failures = 0, index = 0;
  for (const EpdEntry& entry : entries) {
    ++index;
    std::string problems;
    int deepest = 0;
    for (Generator g : generators) {
      with_generator(g, [&]<ChessPosition P>() {
        P pos = P::from_fen(entry.fen);
        for (const PerftCount& expected : entry.counts) {
          if (expected.depth > options.max_depth) continue;
          const std::uint64_t got = perft(pos, expected.depth);
          nodes += got;
          ++counts_checked;
          deepest = std::max(deepest, expected.depth);
          if (got != expected.nodes)
            problems += fmt::format("  D{} {} expected {} got {}", expected.depth, generator_name(g),
                                    expected.nodes, got);
        }
      });
    }
    failures += !problems.empty();
    fmt::print(out, "{:<4} line {:>3}  D1..D{}  {}{}\n", problems.empty() ? "ok" : "FAIL", entry.line, deepest,
               entry.fen, problems);
    if (Clock::now() - last_progress > std::chrono::seconds(2)) {
      last_progress = Clock::now();
      fmt::print(err, "suite: {}/{} positions, {:.1f} s\n", index, entries.size(),
                 std::chrono::duration<double>(last_progress - start).count());
    }
  }
  const double seconds = std::chrono::duration<double>(Clock::now() - start).count();
  fmt::print(out, "\n{} positions, {} counts checked, {} positions failed; {} nodes in {:.2f} s ({:.2f} Mnps)\n",
             entries.size(), counts_checked, failures, nodes, seconds, seconds > 0 ? nodes / seconds / 1e6 : 0.0);
  return failures == 0 ? 0 : 1;
}

}  // namespace movegen::harness
