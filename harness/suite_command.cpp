// `movegen suite`: an EPD suite's counts checked, and the suite loading that compare and diff share.
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
#include "harness/cli.hpp"
#include "harness/commands.hpp"
#include "harness/generators.hpp"
#include "harness/json_output.hpp"
#include "harness/options.hpp"
#include "harness/progress_bar.hpp"

namespace movegen::harness {

std::string default_suite_path() {
  const std::filesystem::path relative = "tests/data/perft.epd";
  if (std::filesystem::exists(relative)) return relative.string();
  return (std::filesystem::path(MOVEGEN_SOURCE_DIR) / relative).string();
}

std::string quote_path(std::string_view path) {
  constexpr std::size_t KEEP = 100;  // a 5,000-character name is shown by its first and last 100 bytes
  const auto escape = [](std::string_view text) {
    std::string shown;
    for (char c : text)
      shown += (unsigned char)c < 0x20 || c == 0x7f || c == '\'' ? fmt::format("\\x{:02X}", int((unsigned char)c))
                                                                 : std::string(1, c);
    return shown;
  };
  if (path.size() <= 2 * KEEP) return "'" + escape(path) + "'";
  return fmt::format("'{}...({} bytes)...{}'", escape(path.substr(0, KEEP)), path.size() - 2 * KEEP,
                     escape(path.substr(path.size() - KEEP)));
}

std::vector<EpdEntry> load_suite(const std::string& path) {
  std::vector<EpdEntry> entries = load_epd(path, quote_path(path), RefusedPositions::KEEP);
  if (entries.empty()) throw EpdError(quote_path(path) + ": no positions (only blank or comment lines)");
  // parse_fen cannot tell whether the side not to move is in check; from_fen can.
  for (EpdEntry& entry : entries)
    for (Generator g : all_generators()) try {
        if (entry.refused.empty()) generator_ops(g).check_fen(entry.fen);
      } catch (const FenError& e) {
        entry.refused = e.what();
      }
  const auto checked =
      std::find_if(entries.begin(), entries.end(), [](const EpdEntry& e) { return e.refused.empty(); });
  if (checked == entries.end())
    throw EpdError(fmt::format("{}: every position is refused; line {}: {}", quote_path(path), entries.front().line,
                               entries.front().refused));
  return entries;
}

void require_counts_within(const std::vector<EpdEntry>& entries, int max_depth) {
  int shallowest = INT_MAX;
  for (const EpdEntry& entry : entries)
    for (const PerftCount& c : entry.counts)
      if (entry.refused.empty()) shallowest = std::min(shallowest, c.depth);
  if (shallowest > max_depth)
    throw UsageError(
        fmt::format("bad --max-depth: {} leaves no count to check (the shallowest is D{})", max_depth, shallowest));
}

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

}  // namespace

int run_suite(const SuiteOptions& options, std::ostream& out, std::ostream& err) {
  require_depth(options.max_depth, "--max-depth", 1);
  const std::vector<Generator> generators =
      options.generator == "all" ? all_generators() : parse_generator_list(options.generator, "--generator");
  std::optional<AllowImpossibleCheck> allowed;
  if (options.allow_impossible_check) allowed.emplace();
  const std::vector<EpdEntry> entries = load_suite(options.file);
  require_counts_within(entries, options.max_depth);

  using Clock = std::chrono::steady_clock;
  const auto start = Clock::now();
  ProgressBar bar(err);
  std::uint64_t nodes = 0;
  int counts_checked = 0, failures = 0, skipped = 0, refused = 0, index = 0;
  nlohmann::json positions = nlohmann::json::array();
  for (const EpdEntry& entry : entries) {
    ++index;
    const SuitePosition p = check_position(entry, generators, options.max_depth);
    for (const SuiteCheck& c : p.checks) {
      nodes += c.got.value_or(0);
      counts_checked += c.got.has_value();
    }
    failures += p.failed();
    refused += !entry.refused.empty();
    skipped += p.deepest == 0 && entry.refused.empty();
    bar.clear();
    if (options.json)
      positions.push_back(position_json(entry, p));
    else
      print_position(out, entry, p, options.max_depth);
    if (bar.shown()) out.flush();  // the line on screen before the bar is drawn under it
    bar.update(
        {nodes, std::size_t(index), entries.size(), std::chrono::duration<double>(Clock::now() - start).count()});
  }
  bar.clear();
  const double seconds = std::chrono::duration<double>(Clock::now() - start).count();
  const double mnps = seconds > 0 ? nodes / seconds / 1e6 : 0.0;
  if (options.json) {
    nlohmann::json names = nlohmann::json::array();
    for (Generator g : generators) names.push_back(generator_name(g));
    print_json(out, {{"command", "suite"},
                     {"file", options.file},
                     {"generators", names},
                     {"max_depth", options.max_depth},
                     {"positions", positions},
                     {"summary",
                      {{"positions", entries.size()},
                       {"counts_checked", counts_checked},
                       {"positions_failed", failures},
                       {"positions_skipped", skipped},
                       {"positions_refused", refused},
                       {"nodes", nodes},
                       {"seconds", seconds},
                       {"mnps", mnps}}},
                     {"pass", failures == 0}});
  } else {
    fmt::print(out,
               "\n{} positions, {} counts checked, {} positions failed, {} positions skipped{}; {} nodes in {:.2f} s "
               "({:.2f} Mnps)\n",
               entries.size(), counts_checked, failures, skipped,
               refused ? fmt::format(", {} positions refused", refused) : "", nodes, seconds, mnps);
  }
  return failures == 0 ? 0 : 1;
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
