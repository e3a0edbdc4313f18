#include <chrono>
#include <memory>
#include <ostream>

#include <fmt/format.h>
#include <fmt/ostream.h>

#include "common/epd.hpp"
#include "common/perft.hpp"
#include "harness/cli.hpp"
#include "harness/commands.hpp"
#include "harness/generators.hpp"
#include "harness/options.hpp"

namespace movegen::harness {

namespace {

struct Timed {
  std::uint64_t nodes = 0;
  double seconds = 0;
  double mnps() const { return seconds > 0 ? nodes / seconds / 1e6 : 0.0; }
};

// perft of `fen` at `depth` with generator g, and how long it took.
Timed timed_perft(Generator g, const std::string& fen, int depth, Counting counting) {
  return with_generator(g, [&]<ChessPosition P>() {
    P pos = P::from_fen(fen);
    const auto start = std::chrono::steady_clock::now();
    Timed t;
    t.nodes = perft(pos, depth, counting);
    t.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return t;
  });
}

std::string shorten(const std::string& text, std::size_t width) {
  return text.size() <= width ? text : text.substr(0, width - 3) + "...";
}

}  // namespace

int run_compare(const CompareOptions& options, std::ostream& out, std::ostream& err) {
  require_depth(options.max_depth, "--max-depth", 1);
  const std::vector<EpdEntry> entries = load_suite(options.file);
  require_counts_within(entries, options.max_depth);
  const std::vector<Generator> generators = all_generators();
  const Counting counting = options.bulk ? Counting::BULK : Counting::MAKE_EVERY_LEAF;

  std::string header = fmt::format("{:>5}  {:<42} {:>2} {:>11}", "line", "position", "D", "nodes");
  for (Generator g : generators) header += fmt::format(" {:>9}", generator_name(g) + " Mnps");
  if (generators.size() == 2) header += fmt::format(" {:>6}", "ratio");
  fmt::print(out, "{}  agree\n", header);

  std::vector<Timed> totals(generators.size());
  int disagreements = 0, counts_checked = 0, index = 0;
  auto last_progress = std::chrono::steady_clock::now();
  for (const EpdEntry& entry : entries) {
    ++index;
    std::vector<Timed> row(generators.size());
    std::string problems;
    int deepest = 0;
    for (const PerftCount& expected : entry.counts) {
      if (expected.depth > options.max_depth) continue;
      deepest = std::max(deepest, expected.depth);
      ++counts_checked;
      for (std::size_t i = 0; i < generators.size(); ++i) {
        const Timed t = timed_perft(generators[i], entry.fen, expected.depth, counting);
        row[i].nodes += t.nodes;
        row[i].seconds += t.seconds;
        if (t.nodes != expected.nodes)
          problems += fmt::format(" D{} {} {} (EPD {})", expected.depth, generator_name(generators[i]), t.nodes,
                                  expected.nodes);
      }
    }
    if (deepest == 0) continue;
    disagreements += !problems.empty();
    std::string line = fmt::format("{:>5}  {:<42} {:>2} {:>11}", entry.line, shorten(entry.fen, 42), deepest,
                                   row[0].nodes);
    for (std::size_t i = 0; i < generators.size(); ++i) {
      line += fmt::format(" {:>9.2f}", row[i].mnps());
      totals[i].nodes += row[i].nodes;
      totals[i].seconds += row[i].seconds;
    }
    if (generators.size() == 2)
      line += fmt::format(" {:>6.2f}", row[0].seconds > 0 && row[1].seconds > 0 ? row[0].seconds / row[1].seconds : 0.0);
    fmt::print(out, "{}  {}{}\n", line, problems.empty() ? "yes" : "NO:", problems);
    if (std::chrono::steady_clock::now() - last_progress > std::chrono::seconds(5)) {
      last_progress = std::chrono::steady_clock::now();
      fmt::print(err, "compare: {}/{} positions\n", index, entries.size());
    }
  }

  fmt::print(out, "\n{} positions, {} counts, each checked against the EPD and between {} generators ({} counting)\n",
             entries.size(), counts_checked, generators.size(), options.bulk ? "bulk" : "make-every-leaf");
  for (std::size_t i = 0; i < generators.size(); ++i)
    fmt::print(out, "{:>9}: {} nodes in {:.2f} s, {:.2f} Mnps\n", generator_name(generators[i]), totals[i].nodes,
               totals[i].seconds, totals[i].mnps());
  if (generators.size() == 2 && totals[1].seconds > 0)
    fmt::print(out, "{} is {:.1f}x as fast as {}\n", generator_name(generators[1]),
               totals[0].seconds / totals[1].seconds, generator_name(generators[0]));
  fmt::print(out, "{}\n", disagreements == 0 ? "all counts agree"
                                             : fmt::format("{} positions DISAGREE", disagreements));
  return disagreements == 0 ? 0 : 1;
}

Subcommand add_compare_command(CLI::App& app) {
  auto options = std::make_shared<CompareOptions>();
  CLI::App* cmd = app.add_subcommand("compare", "run both generators on a suite: counts checked, speed side by side");
  add_count_option(*cmd, "--max-depth", options->max_depth, 1, MAX_DEPTH, "check counts up to this depth");
  cmd->add_flag("!--no-bulk", options->bulk, "make every leaf move (same work for both generators)");
  cmd->add_option("file", options->file, "EPD file (default: the bundled suite)");
  return {cmd, [options](std::ostream& out, std::ostream& err) {
            if (options->file.empty()) options->file = default_suite_path();
            return run_compare(*options, out, err);
          }};
}

}  // namespace movegen::harness
