#include <fmt/format.h>
#include <fmt/ostream.h>

#include <algorithm>
#include <chrono>
#include <memory>
#include <optional>
#include <ostream>

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

// The 2x2 table of a compare run: Mnps of each generator by representation (rows) and legality strategy
// (columns), with the strategy effect (masks over make-test-unmake) at the end of each row and the
// representation effect (bitboard over mailbox) under each column, where both generators ran.
void print_two_by_two(std::ostream& out, const std::vector<Generator>& generators, const std::vector<Timed>& totals) {
  auto mnps = [&](Representation r, Strategy s) -> std::optional<double> {
    for (std::size_t i = 0; i < generators.size(); ++i)
      if (representation_of(generators[i]) == r && strategy_of(generators[i]) == s && totals[i].seconds > 0)
        return totals[i].mnps();
    return std::nullopt;
  };
  auto cell = [](std::optional<double> v) { return v ? fmt::format("{:.2f}", *v) : std::string("-"); };
  auto ratio = [](std::optional<double> a, std::optional<double> b) {
    return a && b && *b > 0 ? fmt::format("{:.2f}x", *a / *b) : std::string("-");
  };
  constexpr Strategy MTU = Strategy::MAKE_TEST_UNMAKE, MASKS = Strategy::MASKS;
  fmt::print(out, "\n{:<22} {:>16} {:>10} {:>17}\n", "Mnps", "make-test-unmake", "masks", "masks effect");
  for (auto [name, r] : {std::pair{"mailbox", Representation::MAILBOX}, {"bitboard", Representation::BITBOARD}})
    fmt::print(out, "{:<22} {:>16} {:>10} {:>17}\n", name, cell(mnps(r, MTU)), cell(mnps(r, MASKS)),
               ratio(mnps(r, MASKS), mnps(r, MTU)));
  fmt::print(out, "{:<22} {:>16} {:>10}\n", "representation effect",
             ratio(mnps(Representation::BITBOARD, MTU), mnps(Representation::MAILBOX, MTU)),
             ratio(mnps(Representation::BITBOARD, MASKS), mnps(Representation::MAILBOX, MASKS)));
}

}  // namespace

int run_compare(const CompareOptions& options, std::ostream& out, std::ostream& err) {
  require_depth(options.max_depth, "--max-depth", 1);
  const std::vector<Generator> generators =
      options.generators.empty() ? all_generators() : parse_generator_list(options.generators, "--generators");
  const std::vector<EpdEntry> entries = load_suite(options.file);
  require_counts_within(entries, options.max_depth);
  const Counting counting = options.bulk ? Counting::BULK : Counting::MAKE_EVERY_LEAF;

  std::size_t width = 9;  // each generator's Mnps column is as wide as its name
  for (Generator g : generators) width = std::max(width, generator_name(g).size());
  std::string header = fmt::format("{:>5}  {:<42} {:>2} {:>11}", "line", "position", "D", "nodes");
  for (Generator g : generators) header += fmt::format(" {:>{}}", generator_name(g), width);
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
    std::string line =
        fmt::format("{:>5}  {:<42} {:>2} {:>11}", entry.line, shorten(entry.fen, 42), deepest, row[0].nodes);
    for (std::size_t i = 0; i < generators.size(); ++i) {
      line += fmt::format(" {:>{}.2f}", row[i].mnps(), width);
      totals[i].nodes += row[i].nodes;
      totals[i].seconds += row[i].seconds;
    }
    fmt::print(out, "{}  {}{}\n", line, problems.empty() ? "yes" : "NO:", problems);
    if (std::chrono::steady_clock::now() - last_progress > std::chrono::seconds(5)) {
      last_progress = std::chrono::steady_clock::now();
      fmt::print(err, "compare: {}/{} positions\n", index, entries.size());
    }
  }

  fmt::print(out, "\n{} positions, {} counts, each checked against the EPD and between {} generators ({} counting)\n",
             entries.size(), counts_checked, generators.size(), options.bulk ? "bulk" : "make-every-leaf");
  for (std::size_t i = 0; i < generators.size(); ++i)
    fmt::print(out, "{:>13}: {} nodes in {:.2f} s, {:.2f} Mnps\n", generator_name(generators[i]), totals[i].nodes,
               totals[i].seconds, totals[i].mnps());
  print_two_by_two(out, generators, totals);
  fmt::print(out, "{}\n",
             disagreements == 0 ? "all counts agree" : fmt::format("{} positions DISAGREE", disagreements));
  return disagreements == 0 ? 0 : 1;
}

Subcommand add_compare_command(CLI::App& app) {
  auto options = std::make_shared<CompareOptions>();
  CLI::App* cmd = app.add_subcommand("compare", "run the generators on a suite: counts checked, speed in a 2x2 table");
  add_count_option(*cmd, "--max-depth", options->max_depth, 1, MAX_DEPTH, "check counts up to this depth");
  cmd->add_flag("!--no-bulk", options->bulk, "make every leaf move (same work for every generator)");
  cmd->add_option("--generators", options->generators, "comma-separated generators to run (default: all four)");
  cmd->add_option("file", options->file, "EPD file (default: the bundled suite)");
  return {cmd, [options](std::ostream& out, std::ostream& err) {
            if (options->file.empty()) options->file = default_suite_path();
            return run_compare(*options, out, err);
          }};
}

}  // namespace movegen::harness
