// `movegen suite`: an EPD suite's counts checked.
#include <fmt/format.h>
#include <fmt/ostream.h>

#include <algorithm>
#include <chrono>
#include <climits>
#include <filesystem>
#include <memory>
#include <optional>
#include <ostream>

#include "common/epd.hpp"
#include "common/perft.hpp"
#include "harness/cli/cli.hpp"
#include "harness/cli/commands.hpp"
#include "harness/cli/json_output.hpp"
#include "harness/cli/options.hpp"
#include "harness/cli/progress_bar.hpp"
#include "harness/generators/generators.hpp"

namespace movegen::harness {

namespace {

// One EPD count of a position, checked by one generator; `got` is empty for a count deeper than --max-depth.
struct SuiteCheck {
  Generator generator;
  PerftCount expected;
  std::optional<std::uint64_t> got;
  bool failed() const { return got && *got != expected.nodes; }
};

// A position's checks, generator by generator and each in the EPD's order, and the deepest depth checked
// (0: none, the position is skipped).
struct SuitePosition {
  std::vector<SuiteCheck> checks;
  int deepest = 0;
  bool failed() const {
    return std::any_of(checks.begin(), checks.end(), [](auto& c) { return c.failed(); });
  }
};

SuitePosition check_position(const EpdEntry& entry, const std::vector<Generator>& generators, int max_depth) {
  SuitePosition result;
  if (!entry.refused.empty()) return result;
  for (Generator g : generators)
    for (const PerftCount& expected : entry.counts) {
      result.checks.push_back({g, expected, std::nullopt});
      if (expected.depth > max_depth) continue;
      result.checks.back().got = generator_ops(g).perft(entry.fen, expected.depth, Counting::BULK);
      result.deepest = std::max(result.deepest, expected.depth);
    }
  return result;
}

void print_position(std::ostream& out, const EpdEntry& entry, const SuitePosition& p, int max_depth) {
  if (!entry.refused.empty()) {
    fmt::print(out, "refused line {:>3}  {}  {}\n", entry.line, entry.refused, entry.fen);
    return;
  }
  if (p.deepest == 0) {
    fmt::print(out, "skipped line {:>3}  (no count at depth 1..{})  {}\n", entry.line, max_depth, entry.fen);
    return;
  }
  std::string problems;
  for (const SuiteCheck& c : p.checks)
    if (c.failed())
      problems += fmt::format("  D{} {} expected {} got {}", c.expected.depth, generator_name(c.generator),
                              c.expected.nodes, *c.got);
  fmt::print(out, "{:<4} line {:>3}  D1..D{}  {}{}\n", problems.empty() ? "ok" : "FAIL", entry.line, p.deepest,
             entry.fen, problems);
}

// A position of the JSON document (docs/json.md, "suite").
nlohmann::json position_json(const EpdEntry& entry, const SuitePosition& p) {
  nlohmann::json checks = nlohmann::json::array();
  for (const SuiteCheck& c : p.checks) {
    nlohmann::json check = {{"generator", generator_name(c.generator)},
                            {"depth", c.expected.depth},
                            {"expected", c.expected.nodes},
                            {"skipped", !c.got}};
    if (c.got) check.update({{"got", *c.got}, {"ok", !c.failed()}});
    checks.push_back(check);
  }
  nlohmann::json position = {{"line", entry.line},
                             {"fen", entry.fen},
                             {"status", !entry.refused.empty() ? "refused"
                                        : p.deepest == 0       ? "skipped"
                                        : p.failed()           ? "fail"
                                                               : "ok"},
                             {"deepest", p.deepest},
                             {"checks", checks}};
  if (!entry.id.empty()) position["id"] = entry.id;
  if (!entry.refused.empty()) position["reason"] = entry.refused;
  return position;
}

// What a suite run adds up to.
struct SuiteTotals {
  std::uint64_t nodes = 0;
  int counts_checked = 0, failures = 0, skipped = 0, refused = 0;
  double seconds = 0;
  nlohmann::json positions = nlohmann::json::array();  // with --json: each position's document
  double mnps() const { return seconds > 0 ? nodes / seconds / 1e6 : 0.0; }
};

void add_position(SuiteTotals& sum, const EpdEntry& entry, const SuitePosition& p) {
  for (const SuiteCheck& c : p.checks) {
    sum.nodes += c.got.value_or(0);
    sum.counts_checked += c.got.has_value();
  }
  sum.failures += p.failed();
  sum.refused += !entry.refused.empty();
  sum.skipped += p.deepest == 0 && entry.refused.empty();
}

// The "run" step: every position checked, its line printed as it is done (text report).
SuiteTotals check_suite(const SuiteOptions& options, const std::vector<Generator>& generators,
                        const std::vector<EpdEntry>& entries, std::ostream& out, std::ostream& err) {
  using Clock = std::chrono::steady_clock;
  const auto start = Clock::now();
  ProgressBar bar(err);
  SuiteTotals sum;
  std::size_t index = 0;
  for (const EpdEntry& entry : entries) {
    ++index;
    const SuitePosition p = check_position(entry, generators, options.max_depth);
    add_position(sum, entry, p);
    bar.clear();
    if (options.json)
      sum.positions.push_back(position_json(entry, p));
    else
      print_position(out, entry, p, options.max_depth);
    if (bar.shown()) out.flush();  // the line on screen before the bar is drawn under it
    bar.update({sum.nodes, index, entries.size(), std::chrono::duration<double>(Clock::now() - start).count()});
  }
  bar.clear();
  sum.seconds = std::chrono::duration<double>(Clock::now() - start).count();
  return sum;
}

// The JSON document of a suite run (docs/json.md, "suite").
nlohmann::json suite_json(const SuiteOptions& options, const std::vector<Generator>& generators,
                          std::size_t positions, const SuiteTotals& sum) {
  nlohmann::json names = nlohmann::json::array();
  for (Generator g : generators) names.push_back(generator_name(g));
  return {{"command", "suite"},
          {"file", options.file},
          {"generators", names},
          {"max_depth", options.max_depth},
          {"positions", sum.positions},
          {"summary",
           {{"positions", positions},
            {"counts_checked", sum.counts_checked},
            {"positions_failed", sum.failures},
            {"positions_skipped", sum.skipped},
            {"positions_refused", sum.refused},
            {"nodes", sum.nodes},
            {"seconds", sum.seconds},
            {"mnps", sum.mnps()}}},
          {"pass", sum.failures == 0}};
}

}  // namespace

int run_suite(const SuiteOptions& options, std::ostream& out, std::ostream& err) {
  require_depth(options.max_depth, "--max-depth", 1);
  const std::vector<Generator> generators =
      options.generator == "all" ? all_generators() : parse_generator_list(options.generator, "--generator");
  std::optional<AllowImpossibleCheck> allowed;  // for the whole run: loading the suite and every count
  if (options.allow_impossible_check) allowed.emplace();
  const std::vector<EpdEntry> entries = load_suite(options.file);
  require_counts_within(entries, options.max_depth);

  const SuiteTotals sum = check_suite(options, generators, entries, out, err);
  if (options.json)
    print_json(out, suite_json(options, generators, entries.size(), sum));
  else
    fmt::print(out,
               "\n{} positions, {} counts checked, {} positions failed, {} positions skipped{}; {} nodes in {:.2f} s "
               "({:.2f} Mnps)\n",
               entries.size(), sum.counts_checked, sum.failures, sum.skipped,
               sum.refused ? fmt::format(", {} positions refused", sum.refused) : "", sum.nodes, sum.seconds,
               sum.mnps());
  return sum.failures == 0 ? 0 : 1;
}

Subcommand add_suite_command(CLI::App& app) {
  auto options = std::make_shared<SuiteOptions>();
  CLI::App* cmd = app.add_subcommand("suite", "check an EPD perft suite's counts");
  cmd->add_option("--generator", options->generator, "a generator, a comma-separated list of them, or all")
      ->capture_default_str();
  add_count_option(*cmd, "--max-depth", options->max_depth, 1, MAX_DEPTH, "check counts up to this depth");
  cmd->add_option("file", options->file, "EPD file (default: the bundled suite)");
  add_json_flag(*cmd, options->json);
  add_chess960_flag(*cmd, options->chess960);
  add_allow_impossible_check_flag(*cmd, options->allow_impossible_check);
  return {cmd, [options](std::ostream& out, std::ostream& err) {
            if (options->file.empty()) options->file = default_suite_path();
            return run_suite(*options, out, err);
          }};
}

}  // namespace movegen::harness
