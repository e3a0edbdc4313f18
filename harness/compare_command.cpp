// `movegen compare`: the generators side by side on a suite, counts checked, speed in the reference table
// (representations by strategies, from the generator table) and the tuned tier beside it. The runs and their
// timing are in compare_runs.hpp, the table in effect_table.hpp; this file holds the options and the report.
#include <fmt/format.h>
#include <fmt/ostream.h>

#include <algorithm>
#include <chrono>
#include <memory>
#include <optional>
#include <ostream>
#include <string>
#include <utility>
#include <vector>

#include "common/epd.hpp"
#include "common/perft.hpp"
#include "harness/cli.hpp"
#include "harness/commands.hpp"
#include "harness/compare_runs.hpp"
#include "harness/effect_table.hpp"
#include "harness/generators.hpp"
#include "harness/json_output.hpp"
#include "harness/options.hpp"
#include "harness/progress_bar.hpp"

namespace movegen::harness {

namespace {

std::string shorten(const std::string& text, std::size_t width) {
  return text.size() <= width ? text : text.substr(0, width - 3) + "...";
}

nlohmann::json timed_json(const Run& run, const Timed& t) {
  return {{"generator", generator_name(run.generator)},
          {"bulk_mode", counting_name(counting_used(run.generator, run.counting))},
          {"nodes", t.nodes},
          {"seconds", t.seconds()},
          {"mnps", t.mnps()},
          {"spread", t.spread()},
          {"rounds", t.rounds}};
}

// The runs of `runs` as JSON: those of the generators first (runs_of), then the --bulk node runs of the sibling
// counters, kept apart so that each generator has one entry in the first array.
std::pair<nlohmann::json, nlohmann::json> runs_json(const std::vector<Run>& runs, const std::vector<Timed>& timed,
                                                    std::size_t generators) {
  nlohmann::json first = nlohmann::json::array(), node = nlohmann::json::array();
  for (std::size_t i = 0; i < runs.size(); ++i)
    (i < generators ? first : node).push_back(timed_json(runs[i], timed[i]));
  return {first, node};
}

// A row of the JSON document.
nlohmann::json row_json(const EpdEntry& entry, const CompareRow& row, const std::vector<Run>& runs,
                        std::size_t generators) {
  nlohmann::json problems = nlohmann::json::array();
  const auto [timed, bulk_node] = runs_json(runs, row.timed, generators);
  for (const Mismatch& m : row.problems)
    problems.push_back({{"depth", m.depth},
                        {"generator", generator_name(m.run.generator)},
                        {"bulk_mode", counting_name(counting_used(m.run.generator, m.run.counting))},
                        {"got", m.got},
                        {"expected", m.expected}});
  return {
      {"line", entry.line},  {"fen", entry.fen},       {"depth", row.deepest},          {"nodes", row.expected_nodes},
      {"generators", timed}, {"bulk_node", bulk_node}, {"agree", row.problems.empty()}, {"problems", problems}};
}

}  // namespace

int run_compare(const CompareOptions& options, std::ostream& out, std::ostream& err) {
  require_depth(options.max_depth, "--max-depth", 1);
  if (options.rounds < 1 || options.rounds > MAX_ROUNDS)
    throw UsageError(fmt::format("bad --rounds: {} is outside 1..{}", options.rounds, MAX_ROUNDS));
  const std::vector<Generator> generators =
      options.generators.empty() ? all_generators() : parse_generator_list(options.generators, "--generators");
  std::optional<AllowImpossibleCheck> allowed;
  if (options.allow_impossible_check) allowed.emplace();
  const std::vector<EpdEntry> entries = load_suite(options.file);
  require_counts_within(entries, options.max_depth);
  const Counting counting = options.bulk ? Counting::BULK : Counting::MAKE_EVERY_LEAF;
  const std::vector<Run> runs = runs_of(generators, counting);

  std::size_t width = 9;  // each generator's Mnps column is as wide as its name
  for (Generator g : generators) width = std::max(width, generator_name(g).size());
  std::string header = fmt::format("{:>5}  {:<42} {:>2} {:>11}", "line", "position", "D", "nodes");
  for (Generator g : generators) header += fmt::format(" {:>{}}", generator_name(g), width);
  if (!options.json) fmt::print(out, "{}  agree\n", header);

  std::vector<Timed> totals(runs.size());
  for (Timed& t : totals) t.rounds.assign(options.rounds, 0.0);
  nlohmann::json rows = nlohmann::json::array();
  int disagreements = 0, counts_checked = 0, skipped = 0, refused = 0, index = 0;
  const auto start = std::chrono::steady_clock::now();
  std::uint64_t nodes_done = 0;
  ProgressBar bar(err);
  for (const EpdEntry& entry : entries) {
    ++index;
    if (!entry.refused.empty()) {
      ++refused;
      if (!options.json) fmt::print(out, "{:>5}  refused: {}\n", entry.line, entry.refused);
      continue;
    }
    const CompareRow row = compare_position(entry, runs, options.max_depth, options.rounds);
    counts_checked += row.counts_checked;
    skipped += row.deepest == 0;
    if (row.deepest == 0) continue;
    bar.clear();
    disagreements += !row.problems.empty();
    for (std::size_t i = 0; i < runs.size(); ++i) {
      totals[i].nodes += row.timed[i].nodes;
      for (int r = 0; r < options.rounds; ++r) totals[i].rounds[r] += row.timed[i].rounds[r];
    }
    if (options.json) {
      rows.push_back(row_json(entry, row, runs, generators.size()));
    } else {
      std::string line = fmt::format("{:>5}  {:<42} {:>2} {:>11}", entry.line, shorten(entry.fen, 42), row.deepest,
                                     row.timed[0].nodes);
      for (std::size_t i = 0; i < generators.size(); ++i) line += fmt::format(" {:>{}.2f}", row.timed[i].mnps(), width);
      std::string problems;
      for (const Mismatch& m : row.problems)
        problems += fmt::format(" D{} {} {} (EPD {})", m.depth, run_name(m.run), m.got, m.expected);
      fmt::print(out, "{}  {}{}\n", line, problems.empty() ? "yes" : "NO:", problems);
      if (bar.shown()) out.flush();  // the line on screen before the bar is drawn under it
    }
    for (const Timed& t : row.timed) nodes_done += t.nodes * options.rounds;
    bar.update({nodes_done, std::size_t(index), entries.size(),
                std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count()});
  }
  bar.clear();

  const EffectTable table = effect_table(runs, totals);
  if (options.json) {
    nlohmann::json names = nlohmann::json::array();
    for (Generator g : generators) names.push_back(generator_name(g));
    const auto [total_rows, total_node_rows] = runs_json(runs, totals, generators.size());
    print_json(out, {{"command", "compare"},
                     {"file", options.file},
                     {"generators", names},
                     {"max_depth", options.max_depth},
                     {"rounds", options.rounds},
                     {"bulk", options.bulk},
                     {"positions", rows},
                     {"summary",
                      {{"positions", entries.size()},
                       {"positions_skipped", skipped},
                       {"positions_refused", refused},
                       {"counts_checked", counts_checked},
                       {"positions_disagreeing", disagreements}}},
                     {"totals", total_rows},
                     {"totals_bulk_node", total_node_rows},
                     {"two_by_two", effect_table_json(table)},
                     {"all_agree", disagreements == 0}});
    return disagreements == 0 ? 0 : 1;
  }
  fmt::print(out,
             "\n{} positions{}, {} counts, each checked against the EPD and between {} generators ({} counting) in "
             "each of {} rounds; times are the median round's, spread (slowest - fastest) / median\n",
             entries.size(), refused ? fmt::format(" ({} refused)", refused) : "", counts_checked, generators.size(),
             options.bulk ? "bulk" : "make-every-leaf", options.rounds);
  std::size_t name_width = 0;  // the totals' names right-aligned to the longest, so their colons line up
  for (const auto& run : runs) name_width = std::max(name_width, run_name(run).size());
  for (std::size_t i = 0; i < runs.size(); ++i)
    fmt::print(out, "{:>{}}: {} nodes in {:.2f} s, {:.2f} Mnps, spread {:.0f}%\n", run_name(runs[i]), name_width,
               totals[i].nodes, totals[i].seconds(), totals[i].mnps(), 100 * totals[i].spread());
  print_effect_table(out, table);
  fmt::print(out, "{}\n",
             disagreements == 0 ? "all counts agree" : fmt::format("{} positions DISAGREE", disagreements));
  return disagreements == 0 ? 0 : 1;
}

Subcommand add_compare_command(CLI::App& app) {
  auto options = std::make_shared<CompareOptions>();
  CLI::App* cmd = app.add_subcommand(
      "compare",
      "run the generators on a suite: counts checked, speed by representation and strategy, and the tuned tier");
  add_count_option(*cmd, "--max-depth", options->max_depth, 1, MAX_DEPTH, "check counts up to this depth")
      ->capture_default_str();
  add_count_option(*cmd, "--rounds", options->rounds, 1, MAX_ROUNDS,
                   "time every count this many times, round r starting with generator r mod n; report the median")
      ->capture_default_str();
  cmd->add_flag("!--no-bulk", options->bulk, "make every leaf move (same work for every generator)");
  cmd->add_option("--generators", options->generators, "comma-separated generators to run (default: all)");
  cmd->add_option("file", options->file, "EPD file (default: the bundled suite)");
  add_json_flag(*cmd, options->json);
  add_chess960_flag(*cmd, options->chess960);
  add_allow_impossible_check_flag(*cmd, options->allow_impossible_check);
  return {cmd, [options](std::ostream& out, std::ostream& err) {
            if (options->file.empty()) options->file = default_suite_path();
            return run_compare(*options, out, err);
          }};
}

}  // namespace movegen::harness
