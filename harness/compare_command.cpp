// `movegen compare`: the generators side by side on a suite, counts checked, speed in the reference table
// (representations by strategies, from the generator table) and the tuned tier beside it.
#include <fmt/format.h>
#include <fmt/ostream.h>

#include <algorithm>
#include <chrono>
#include <map>
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
#include "harness/generators.hpp"
#include "harness/json_output.hpp"
#include "harness/options.hpp"
#include "harness/progress_bar.hpp"

namespace movegen::harness {

namespace {

// A generator's nodes (the same every round) and its seconds in each round.
struct Timed {
  std::uint64_t nodes = 0;
  std::vector<double> rounds;  // seconds, round by round
  double seconds() const { return median(rounds); }
  double mnps() const { return seconds() > 0 ? nodes / seconds() / 1e6 : 0.0; }
  /// (slowest - fastest) / median of the rounds' times: 0.05 when they lie within 5% of the median's width.
  double spread() const {
    if (rounds.empty() || seconds() <= 0) return 0.0;
    const auto [low, high] = std::minmax_element(rounds.begin(), rounds.end());
    return (*high - *low) / seconds();
  }
  static double median(std::vector<double> v) {
    if (v.empty()) return 0.0;
    std::sort(v.begin(), v.end());
    return v.size() % 2 ? v[v.size() / 2] : (v[v.size() / 2 - 1] + v[v.size() / 2]) / 2;
  }
};

// One timed run of a compare: a generator and the counting it is timed with.
struct Run {
  Generator generator;
  Counting counting;
};

// The counting a perft of generator g asked for `c` does (BULK_SIBLINGS is BULK_NODE without a sibling count).
Counting counting_used(Generator g, Counting c) {
  return with_generator(g, [&]<ChessPosition P>() { return effective_counting<P>(c); });
}

// Each generator with `counting`; with bulk counting, each generator that counts siblings (issue 32: the
// tuned bitboard) again with --bulk node, the counting of Stockfish's and the peers' perft, after them all.
std::vector<Run> runs_of(const std::vector<Generator>& generators, Counting counting) {
  std::vector<Run> runs;
  for (Generator g : generators) runs.push_back({g, counting});
  if (counting == Counting::BULK_SIBLINGS)
    for (Generator g : generators)
      if (counting_used(g, counting) == Counting::BULK_SIBLINGS) runs.push_back({g, Counting::BULK_NODE});
  return runs;
}

// A run's name in the report: the generator's, with " --bulk node" for the second run of a sibling counter.
std::string run_name(const Run& run) {
  return std::string(generator_name(run.generator)) + (run.counting == Counting::BULK_NODE ? " --bulk node" : "");
}

// perft of `fen` at `depth` with generator g (its own translation unit's perft): nodes, and seconds taken.
std::pair<std::uint64_t, double> timed_perft(Generator g, const std::string& fen, int depth, Counting counting) {
  const GeneratorOps& ops = generator_ops(g);
  const auto start = std::chrono::steady_clock::now();
  const std::uint64_t nodes = ops.perft(fen, depth, counting);
  return {nodes, std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count()};
}

std::string shorten(const std::string& text, std::size_t width) {
  return text.size() <= width ? text : text.substr(0, width - 3) + "...";
}

// A count of the EPD that a generator did not reproduce.
struct Mismatch {
  int depth;
  Run run;
  std::uint64_t got, expected;
};

// One position of a compare run: each generator's nodes and, round by round, time summed over the EPD's depths
// 1..deepest (deepest 0: no count within --max-depth), the EPD's own sum, and the counts that differ from the EPD.
struct CompareRow {
  int deepest = 0, counts_checked = 0;
  std::uint64_t expected_nodes = 0;
  std::vector<Timed> timed;
  std::vector<Mismatch> problems;
};

// The position's counts within max_depth, `rounds` times over: round r runs the generators in rotated order,
// starting with generator r mod n, so that none always runs first (on a cold cache) or right after the same
// neighbour. Every round's count is checked; a count that differs is reported once.
CompareRow compare_position(const EpdEntry& entry, const std::vector<Run>& runs, int max_depth, int rounds) {
  CompareRow row;
  const std::size_t n = runs.size();
  row.timed.resize(n);
  for (Timed& t : row.timed) t.rounds.assign(rounds, 0.0);
  for (const PerftCount& expected : entry.counts) {
    if (expected.depth > max_depth) continue;
    row.deepest = std::max(row.deepest, expected.depth);
    ++row.counts_checked;
    row.expected_nodes += expected.nodes;
    std::vector<bool> wrong(n, false);
    for (int r = 0; r < rounds; ++r)
      for (std::size_t k = 0; k < n; ++k) {
        const std::size_t i = (std::size_t(r) + k) % n;
        const auto [nodes, seconds] = timed_perft(runs[i].generator, entry.fen, expected.depth, runs[i].counting);
        if (r == 0) row.timed[i].nodes += nodes;
        row.timed[i].rounds[r] += seconds;
        if (nodes != expected.nodes && !wrong[i]) {
          wrong[i] = true;
          row.problems.push_back({expected.depth, runs[i], nodes, expected.nodes});
        }
      }
  }
  return row;
}

// The table of a compare run, its size from the generator table: Mnps of each reference generator by
// representation (rows, in table order) and legality strategy (columns), where that generator ran (and took
// measurable time), with the spread of its rounds, and the effect of each choice as a ratio of two cells; and
// beside it each representation's tuned generator, with how far tuning took it beyond its reference masks cell
// (and, for a generator that counts siblings, its --bulk node run below it).
struct EffectTable {
  struct Cell {
    double mnps, spread;  // of the median round; (slowest - fastest) / median
  };
  std::vector<std::string_view> representations;  // the rows; the first is the baseline of the representation effect
  std::vector<std::string_view> tuned;            // the representations with a tuned generator in the table
  std::map<std::pair<std::string_view, Strategy>, Cell> reference;
  std::map<std::string_view, Cell> tuned_cells;
  std::map<std::string_view, Cell> tuned_node_cells;  // the --bulk node runs of tuned generators that count siblings

  static std::optional<double> ratio(std::optional<double> a, std::optional<double> b) {
    return a && b && *b > 0 ? std::optional(*a / *b) : std::nullopt;
  }
  std::optional<Cell> cell_of(std::string_view r, Strategy s) const {
    const auto it = reference.find({r, s});
    return it == reference.end() ? std::nullopt : std::optional(it->second);
  }
  std::optional<Cell> tuned_of(std::string_view r) const {
    const auto it = tuned_cells.find(r);
    return it == tuned_cells.end() ? std::nullopt : std::optional(it->second);
  }
  std::optional<double> cell(std::string_view r, Strategy s) const {
    const auto c = cell_of(r, s);
    return c ? std::optional(c->mnps) : std::nullopt;
  }
  std::optional<double> tuned_cell(std::string_view r) const {
    const auto c = tuned_of(r);
    return c ? std::optional(c->mnps) : std::nullopt;
  }
  /// masks over make-test-unmake, on representation r
  std::optional<double> masks_effect(std::string_view r) const {
    return ratio(cell(r, Strategy::MASKS), cell(r, Strategy::MAKE_TEST_UNMAKE));
  }
  /// representation r over the baseline (the first row), with strategy s
  std::optional<double> representation_effect(std::string_view r, Strategy s) const {
    return ratio(cell(r, s), cell(representations.front(), s));
  }
  std::optional<Cell> tuned_node_of(std::string_view r) const {
    const auto it = tuned_node_cells.find(r);
    return it == tuned_node_cells.end() ? std::nullopt : std::optional(it->second);
  }
  /// the tuned generator of representation r over the reference cell of its strategy (masks)
  std::optional<double> tuning_effect(std::string_view r) const {
    return ratio(tuned_cell(r), cell(r, Strategy::MASKS));
  }
  /// the tuned generator's --bulk node run over the reference masks cell (which counts each node too)
  std::optional<double> tuning_effect_node(std::string_view r) const {
    const auto c = tuned_node_of(r);
    return ratio(c ? std::optional(c->mnps) : std::nullopt, cell(r, Strategy::MASKS));
  }
};

EffectTable effect_table(const std::vector<Run>& runs, const std::vector<Timed>& totals) {
  EffectTable table;
  table.representations = all_representations();
  for (Generator g : all_generators())
    if (tier_of(g) == Tier::TUNED &&
        std::find(table.tuned.begin(), table.tuned.end(), representation_of(g)) == table.tuned.end())
      table.tuned.push_back(representation_of(g));
  for (std::size_t i = 0; i < runs.size(); ++i)
    if (totals[i].mnps() > 0) {
      const Generator g = runs[i].generator;
      const EffectTable::Cell cell{totals[i].mnps(), totals[i].spread()};
      if (tier_of(g) == Tier::TUNED && runs[i].counting == Counting::BULK_NODE)  // the second run (runs_of)
        table.tuned_node_cells[representation_of(g)] = cell;
      else if (tier_of(g) == Tier::TUNED)
        table.tuned_cells[representation_of(g)] = cell;
      else
        table.reference[{representation_of(g), strategy_of(g)}] = cell;
    }
  return table;
}

// A cell as text: the median round's Mnps and, in brackets, the spread of the rounds.
std::string cell_text(std::optional<EffectTable::Cell> c) {
  return c ? fmt::format("{:.2f} ({:.0f}%)", c->mnps, 100 * c->spread) : std::string("-");
}

// The table as text: representation in rows, strategy in columns, the strategy effect at the end of each row;
// below, each representation's effect against the first under each column; then the tuned tier.
void print_effect_table(std::ostream& out, const EffectTable& table) {
  auto ratio = [](std::optional<double> v) { return v ? fmt::format("{:.2f}x", *v) : std::string("-"); };
  constexpr Strategy MTU = Strategy::MAKE_TEST_UNMAKE, MASKS = Strategy::MASKS;
  fmt::print(out, "\n{:<22} {:>16} {:>16} {:>14}\n", "Mnps (spread)", "make-test-unmake", "masks", "masks effect");
  for (std::string_view r : table.representations)
    fmt::print(out, "{:<22} {:>16} {:>16} {:>14}\n", r, cell_text(table.cell_of(r, MTU)),
               cell_text(table.cell_of(r, MASKS)), ratio(table.masks_effect(r)));
  fmt::print(out, "\n{:<22} {:>16} {:>16}\n", "representation effect", "make-test-unmake", "masks");
  for (std::size_t i = 1; i < table.representations.size(); ++i) {
    const std::string_view r = table.representations[i];
    fmt::print(out, "{:<22} {:>16} {:>16}\n", fmt::format("{} / {}", r, table.representations.front()),
               ratio(table.representation_effect(r, MTU)), ratio(table.representation_effect(r, MASKS)));
  }
  fmt::print(out, "\n{:<26} {:>16} {:>16} {:>14}\n", "Mnps, tuned tier", "reference masks", "tuned", "tuning effect");
  for (std::string_view r : table.tuned) {
    const auto node = table.tuned_node_of(r);  // a sibling counter: its row says which bulk mode it is
    fmt::print(out, "{:<26} {:>16} {:>16} {:>14}\n", node ? fmt::format("{} --bulk siblings", r) : std::string(r),
               cell_text(table.cell_of(r, MASKS)), cell_text(table.tuned_of(r)), ratio(table.tuning_effect(r)));
    if (node)
      fmt::print(out, "{:<26} {:>16} {:>16} {:>14}\n", fmt::format("{} --bulk node", r),
                 cell_text(table.cell_of(r, MASKS)), cell_text(node), ratio(table.tuning_effect_node(r)));
  }
}

nlohmann::json or_null(std::optional<double> v) { return v ? nlohmann::json(*v) : nlohmann::json(nullptr); }

// The table as JSON (docs/json.md, "compare"): missing cells and effects are null.
nlohmann::json effect_table_json(const EffectTable& table) {
  nlohmann::json doc = {{"mnps", nlohmann::json::object()},
                        {"spread", nlohmann::json::object()},
                        {"masks_effect", nlohmann::json::object()},
                        {"representation_effect", nlohmann::json::object()},
                        {"tuned", nlohmann::json::object()},
                        {"tuned_spread", nlohmann::json::object()},
                        {"tuning_effect", nlohmann::json::object()},
                        {"tuned_bulk_node", nlohmann::json::object()},
                        {"tuning_effect_bulk_node", nlohmann::json::object()}};
  for (std::string_view r : table.representations) {
    for (Strategy s : ALL_STRATEGIES) {
      const auto c = table.cell_of(r, s);
      doc["mnps"][std::string(r)][strategy_name(s)] = or_null(table.cell(r, s));
      doc["spread"][std::string(r)][strategy_name(s)] = c ? nlohmann::json(c->spread) : nlohmann::json(nullptr);
    }
    doc["masks_effect"][std::string(r)] = or_null(table.masks_effect(r));
  }
  for (std::size_t i = 1; i < table.representations.size(); ++i)
    for (Strategy s : ALL_STRATEGIES)
      doc["representation_effect"][std::string(table.representations[i])][strategy_name(s)] =
          or_null(table.representation_effect(table.representations[i], s));
  for (std::string_view r : table.tuned) {
    const auto c = table.tuned_of(r);
    doc["tuned"][std::string(r)] = or_null(table.tuned_cell(r));
    doc["tuned_spread"][std::string(r)] = c ? nlohmann::json(c->spread) : nlohmann::json(nullptr);
    doc["tuning_effect"][std::string(r)] = or_null(table.tuning_effect(r));
    if (const auto node = table.tuned_node_of(r)) {
      doc["tuned_bulk_node"][std::string(r)] = node->mnps;
      doc["tuning_effect_bulk_node"][std::string(r)] = or_null(table.tuning_effect_node(r));
    }
  }
  return doc;
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
