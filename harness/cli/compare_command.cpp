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
#include "harness/cli/cli.hpp"
#include "harness/cli/commands.hpp"
#include "harness/cli/json_output.hpp"
#include "harness/cli/options.hpp"
#include "harness/cli/progress_bar.hpp"
#include "harness/generators/generators.hpp"
#include "harness/perft/compare_runs.hpp"
#include "harness/perft/effect_table.hpp"

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
          {"rounds", t.rounds},
          {"repeats", t.repeats()},
          {"seconds_in_all", t.seconds_in_all()}};
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

// Counts that differ from the EPD as JSON; with the position's line when `lines` (those of repeat_passes).
nlohmann::json problems_json(const std::vector<Mismatch>& mismatches, bool lines) {
  nlohmann::json problems = nlohmann::json::array();
  for (const Mismatch& m : mismatches) {
    problems.push_back({{"depth", m.depth},
                        {"generator", generator_name(m.run.generator)},
                        {"bulk_mode", counting_name(counting_used(m.run.generator, m.run.counting))},
                        {"got", m.got},
                        {"expected", m.expected}});
    if (lines) problems.back()["line"] = m.line;
  }
  return problems;
}

// A row of the JSON document.
nlohmann::json row_json(const EpdEntry& entry, const CompareRow& row, const std::vector<Run>& runs,
                        std::size_t generators) {
  const nlohmann::json problems = problems_json(row.problems, false);
  const auto [timed, bulk_node] = runs_json(runs, row.timed, generators);
  return {
      {"line", entry.line},  {"fen", entry.fen},       {"depth", row.deepest},          {"nodes", row.expected_nodes},
      {"generators", timed}, {"bulk_node", bulk_node}, {"agree", row.problems.empty()}, {"problems", problems}};
}

// What a compare run checks and times, from its options (the "parse" step): the generators, the suite and the
// runs, every option checked before anything is printed.
struct ComparePlan {
  std::vector<Generator> generators;
  std::vector<EpdEntry> entries;
  std::vector<Run> runs;
  std::size_t width = 9;  // each generator's Mnps column is as wide as its name
};

ComparePlan plan_compare(const CompareOptions& options) {
  require_depth(options.max_depth, "--max-depth", 1);
  if (options.rounds < 1 || options.rounds > MAX_ROUNDS)
    throw UsageError(fmt::format("bad --rounds: {} is outside 1..{}", options.rounds, MAX_ROUNDS));
  if (!(options.tuned_seconds >= MIN_TIMEOUT_SECONDS && options.tuned_seconds <= MAX_TIMEOUT_SECONDS))
    throw UsageError(fmt::format("bad --tuned-seconds: {} is outside {}..{} seconds", options.tuned_seconds,
                                 MIN_TIMEOUT_SECONDS, MAX_TIMEOUT_SECONDS));
  ComparePlan plan;
  plan.generators =
      options.generators.empty() ? all_generators() : parse_generator_list(options.generators, "--generators");
  plan.entries = load_suite(options.file);
  require_counts_within(plan.entries, options.max_depth);
  plan.runs = runs_of(plan.generators, options.bulk ? Counting::BULK : Counting::MAKE_EVERY_LEAF);
  for (Generator g : plan.generators) plan.width = std::max(plan.width, generator_name(g).size());
  return plan;
}

// What the rows of a compare run add up to.
struct CompareTotals {
  std::vector<Timed> totals;   // per run: nodes and each round's seconds, summed over the positions
  std::vector<bool> repeated;  // per run: its total timed again by repeat_passes (the tuned tier)
  std::vector<Mismatch> repeated_problems;
  nlohmann::json rows = nlohmann::json::array();
  int disagreements = 0, counts_checked = 0, skipped = 0, refused = 0;
};

// One position's line of the text report.
void print_compare_row(std::ostream& out, const ComparePlan& plan, const EpdEntry& entry, const CompareRow& row) {
  std::string line =
      fmt::format("{:>5}  {:<42} {:>2} {:>11}", entry.line, shorten(entry.fen, 42), row.deepest, row.timed[0].nodes);
  for (std::size_t i = 0; i < plan.generators.size(); ++i)
    line += fmt::format(" {:>{}.2f}", row.timed[i].mnps(), plan.width);
  std::string problems;
  for (const Mismatch& m : row.problems)
    problems += fmt::format(" D{} {} {} (EPD {})", m.depth, run_name(m.run), m.got, m.expected);
  fmt::print(out, "{}  {}{}\n", line, problems.empty() ? "yes" : "NO:", problems);
}

// Adds one checked position's row to the totals.
void add_row(CompareTotals& sum, const CompareRow& row, int rounds) {
  sum.disagreements += !row.problems.empty();
  for (std::size_t i = 0; i < sum.totals.size(); ++i) {
    sum.totals[i].nodes += row.timed[i].nodes;
    for (int r = 0; r < rounds; ++r) sum.totals[i].rounds[r] += row.timed[i].rounds[r];
  }
}

// The "run" step: every position of the plan checked and timed, its line printed as it is done (text report).
CompareTotals run_compare_rows(const CompareOptions& options, const ComparePlan& plan, std::ostream& out,
                               std::ostream& err) {
  CompareTotals sum;
  sum.totals.resize(plan.runs.size());
  for (Timed& t : sum.totals) t.rounds.assign(options.rounds, 0.0);
  const auto start = std::chrono::steady_clock::now();
  std::uint64_t nodes_done = 0;
  std::size_t index = 0;
  ProgressBar bar(err);
  for (const EpdEntry& entry : plan.entries) {
    ++index;
    if (!entry.refused.empty()) {
      ++sum.refused;
      if (!options.json) fmt::print(out, "{:>5}  refused: {}\n", entry.line, entry.refused);
      continue;
    }
    const CompareRow row = compare_position(entry, plan.runs, options.max_depth, options.rounds);
    sum.counts_checked += row.counts_checked;
    sum.skipped += row.deepest == 0;
    if (row.deepest == 0) continue;
    bar.clear();
    add_row(sum, row, options.rounds);
    if (options.json) {
      sum.rows.push_back(row_json(entry, row, plan.runs, plan.generators.size()));
    } else {
      print_compare_row(out, plan, entry, row);
      if (bar.shown()) out.flush();  // the line on screen before the bar is drawn under it
    }
    for (const Timed& t : row.timed) nodes_done += t.nodes * options.rounds;
    bar.update({nodes_done, index, plan.entries.size(),
                std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count()});
  }
  bar.clear();
  return sum;
}

// The tuned tier's totals timed again, each run passing over the suite until it has run --tuned-seconds (issue
// 57: one pass of the bundled suite to depth 4 lasts 0.03-0.14 s, too short to time).
void repeat_tuned_runs(const CompareOptions& options, const ComparePlan& plan, CompareTotals& sum) {
  std::vector<Run> tuned;
  sum.repeated.assign(plan.runs.size(), false);
  for (std::size_t i = 0; i < plan.runs.size(); ++i)
    if (tier_of(plan.runs[i].generator) == Tier::TUNED) {
      sum.repeated[i] = true;
      tuned.push_back(plan.runs[i]);
    }
  if (tuned.empty()) return;
  RepeatedPasses again = repeat_passes(plan.entries, tuned, options.max_depth, options.rounds, options.tuned_seconds);
  for (std::size_t i = 0, k = 0; i < plan.runs.size(); ++i)
    if (sum.repeated[i]) sum.totals[i] = std::move(again.timed[k++]);
  sum.repeated_problems = std::move(again.problems);
}

// The JSON document of a compare run (docs/json.md, "compare").
nlohmann::json compare_json(const CompareOptions& options, const ComparePlan& plan, const CompareTotals& sum) {
  nlohmann::json names = nlohmann::json::array();
  for (Generator g : plan.generators) names.push_back(generator_name(g));
  const auto [total_rows, total_node_rows] = runs_json(plan.runs, sum.totals, plan.generators.size());
  return {{"command", "compare"},
          {"file", options.file},
          {"generators", names},
          {"max_depth", options.max_depth},
          {"rounds", options.rounds},
          {"tuned_seconds", options.tuned_seconds},
          {"bulk", options.bulk},
          {"positions", sum.rows},
          {"summary",
           {{"positions", plan.entries.size()},
            {"positions_skipped", sum.skipped},
            {"positions_refused", sum.refused},
            {"counts_checked", sum.counts_checked},
            {"positions_disagreeing", sum.disagreements}}},
          {"totals", total_rows},
          {"totals_bulk_node", total_node_rows},
          {"repeated_problems", problems_json(sum.repeated_problems, true)},
          {"two_by_two", effect_table_json(effect_table(plan.runs, sum.totals))},
          {"all_agree", sum.disagreements == 0 && sum.repeated_problems.empty()}};
}

// The text report's end: the summary, each run's total, the table of effects and the verdict.
void print_compare_summary(std::ostream& out, const CompareOptions& options, const ComparePlan& plan,
                           const CompareTotals& sum) {
  fmt::print(out,
             "\n{} positions{}, {} counts, each checked against the EPD and between {} generators ({} counting) in "
             "each of {} rounds; times are the median round's CPU seconds, spread (slowest - fastest) / median\n",
             plan.entries.size(), sum.refused ? fmt::format(" ({} refused)", sum.refused) : "", sum.counts_checked,
             plan.generators.size(), options.bulk ? "bulk" : "make-every-leaf", options.rounds);
  if (std::find(sum.repeated.begin(), sum.repeated.end(), true) != sum.repeated.end())
    fmt::print(
        out,
        "tuned tier timed again: passes over the suite in groups of positions of 2M nodes or more, each group run "
        "by each run in turn once untimed then every round, until it has run {:.2f} s in all (--tuned-seconds); its time is "
        "a pass's, every pass checked\n",
        options.tuned_seconds);
  std::size_t name_width = 0;  // the totals' names right-aligned to the longest, so their colons line up
  for (const auto& run : plan.runs) name_width = std::max(name_width, run_name(run).size());
  for (std::size_t i = 0; i < plan.runs.size(); ++i) {
    const Timed& t = sum.totals[i];
    const std::string passes =
        sum.repeated[i] ? fmt::format(", {:.1f} passes a round, {:.2f} s in all", t.repeats(), t.seconds_in_all()) : "";
    fmt::print(out, "{:>{}}: {} nodes in {:.2f} s, {:.2f} Mnps, spread {:.0f}%{}\n", run_name(plan.runs[i]), name_width,
               t.nodes, t.seconds(), t.mnps(), 100 * t.spread(), passes);
  }
  print_effect_table(out, effect_table(plan.runs, sum.totals));
  for (const Mismatch& m : sum.repeated_problems)
    fmt::print(out, "line {}: D{} {} {} (EPD {}) on a repeated pass\n", m.line, m.depth, run_name(m.run), m.got,
               m.expected);
  if (sum.disagreements == 0 && sum.repeated_problems.empty())
    fmt::print(out, "all counts agree\n");
  else
    fmt::print(out, "{} positions DISAGREE{}\n", sum.disagreements,
               sum.repeated_problems.empty() ? "" : ", and a repeated pass");
}

}  // namespace

int run_compare(const CompareOptions& options, std::ostream& out, std::ostream& err) {
  std::optional<AllowImpossibleCheck> allowed;  // for the whole run: loading the suite and every count
  if (options.allow_impossible_check) allowed.emplace();
  const ComparePlan plan = plan_compare(options);
  if (!options.json) {
    std::string header = fmt::format("{:>5}  {:<42} {:>2} {:>11}", "line", "position", "D", "nodes");
    for (Generator g : plan.generators) header += fmt::format(" {:>{}}", generator_name(g), plan.width);
    fmt::print(out, "{}  agree\n", header);
  }
  CompareTotals sum = run_compare_rows(options, plan, out, err);
  repeat_tuned_runs(options, plan, sum);
  if (options.json)
    print_json(out, compare_json(options, plan, sum));
  else
    print_compare_summary(out, options, plan, sum);
  return sum.disagreements == 0 && sum.repeated_problems.empty() ? 0 : 1;
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
  add_seconds_option(*cmd, "--tuned-seconds", options->tuned_seconds,
                     "time each tuned generator again, passing over the suite until it has run this long in all");
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
