// `movegen bench`: the engine authors' benchmark, as Stockfish's `bench` is: the fixed search (search/search.hpp)
// of a list of positions to a fixed depth, by every generator, which must all search the same tree (nodes, best
// move, score). It prints each position's nodes, best move and score and each generator's speed, then the
// reference table of compare (representations by strategies, the tuned tier beside) for the search workload.
#include "harness/cli/bench_command.hpp"

#include <fmt/format.h>
#include <fmt/ostream.h>

#include <CLI/CLI.hpp>
#include <chrono>
#include <memory>
#include <new>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "common/fen.hpp"
#include "harness/cli/cli.hpp"
#include "harness/cli/json_output.hpp"
#include "harness/cli/options.hpp"
#include "harness/generators/generators.hpp"
#include "harness/generators/position_list.hpp"
#include "harness/generators/search_ops.hpp"
#include "harness/generators/setup.hpp"
#include "harness/perft/compare_runs.hpp"
#include "harness/perft/effect_table.hpp"
#include "harness/perft/perft_nodes.hpp"
#include "harness/usage/usage_error.hpp"
#include "search/score.hpp"
#include "search/search.hpp"

namespace movegen::harness {

namespace {

/// bench's default depth: every generator searches Stockfish's 48 bench positions for at least a second.
constexpr int BENCH_DEFAULT_DEPTH = 5;

struct BenchOptions {
  std::string generators;  // comma-separated generator names; empty: all
  int depth = BENCH_DEFAULT_DEPTH;
  std::string fen;  // one position instead of a file
  std::string epd;  // a file of positions (one FEN a line; EPD operations ignored); empty: the bench list
  bool json = false;
  int hash_mb = 0;  // the transposition table's MiB; 0: none
};

// One position searched by every generator: each one's result and seconds, and the first that disagrees.
struct BenchRow {
  ListedPosition position;
  std::vector<search::SearchResult> results;
  std::vector<double> seconds;
  std::optional<std::size_t> disagreeing;
};

// `table`, if not null, is cleared by each search before it starts, within the time measured.
BenchRow bench_position(const ListedPosition& position, const std::vector<Generator>& generators, int depth,
                        search::TranspositionTable* table) {
  BenchRow row{position, {}, {}, std::nullopt};
  for (Generator g : generators) {
    const auto start = std::chrono::steady_clock::now();
    row.results.push_back(search_function(g)(position.fen, depth, table));
    row.seconds.push_back(std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
  }
  row.disagreeing = search::first_disagreeing(row.results);
  return row;
}

std::string best_move_text(const BenchRow& row, std::size_t i) {
  const Move m = row.results[i].best_move;
  return m == Move::none() ? "(none)" : to_uci(m, notation_for(row.position.fen, false));
}

// What differs: "x88 searched 1234 nodes, best e2e4, cp 35; mailbox 1200 nodes, best d2d4, cp 20".
std::string disagreement_text(const BenchRow& row, const std::vector<Generator>& generators) {
  auto describe = [&](std::size_t i) {
    return fmt::format("{} {} nodes, best {}, {}", generator_name(generators[i]), row.results[i].nodes,
                       best_move_text(row, i), search::score_text(row.results[i].score));
  };
  return fmt::format("position {} ({}): {} differs from {}", row.position.line, row.position.fen,
                     describe(*row.disagreeing), describe(0));
}

void print_row(std::ostream& out, const BenchRow& row, const std::vector<Generator>& generators) {
  const search::SearchResult& r = row.results[0];
  std::string line = fmt::format("{:>5} {:>11} {:>7} {:>10}", row.position.line, r.nodes, best_move_text(row, 0),
                                 search::score_text(r.score));
  for (std::size_t i = 0; i < generators.size(); ++i)
    line += fmt::format(" {:>{}.2f}", row.seconds[i] > 0 ? row.results[i].nodes / row.seconds[i] / 1e6 : 0.0,
                        generator_name(generators[i]).size());
  fmt::print(out, "{}  {}\n", line, row.disagreeing ? "NO: " + disagreement_text(row, generators) : "yes");
}

nlohmann::json row_json(const BenchRow& row, const std::vector<Generator>& generators) {
  nlohmann::json runs = nlohmann::json::array();
  for (std::size_t i = 0; i < generators.size(); ++i)
    runs.push_back({{"generator", generator_name(generators[i])},
                    {"nodes", row.results[i].nodes},
                    {"best_move", best_move_text(row, i)},
                    {"score", search::score_text(row.results[i].score)},
                    {"seconds", row.seconds[i]}});
  return {{"line", row.position.line},
          {"fen", row.position.fen},
          {"nodes", row.results[0].nodes},
          {"best_move", best_move_text(row, 0)},
          {"score", search::score_text(row.results[0].score)},
          {"generators", runs},
          {"agree", !row.disagreeing},
          {"disagreement", row.disagreeing ? disagreement_text(row, generators) : ""}};
}

// Each generator's nodes and seconds summed over the positions, as compare's table takes them (one round).
std::vector<Timed> bench_totals(const std::vector<BenchRow>& rows, std::size_t generators) {
  std::vector<Timed> totals(generators);
  for (Timed& t : totals) t.rounds = {0.0};
  for (const BenchRow& row : rows)
    for (std::size_t i = 0; i < generators; ++i) {
      totals[i].nodes += row.results[i].nodes;
      totals[i].rounds[0] += row.seconds[i];
    }
  return totals;
}

std::vector<ListedPosition> bench_positions(const BenchOptions& options) {
  if (!options.fen.empty()) {
    for (Generator g : all_generators()) generator_ops(g).check_fen(options.fen);
    return {{options.fen, 0}};
  }
  return load_positions(options.epd.empty() ? default_bench_path() : options.epd);
}

void print_summary(std::ostream& out, const std::vector<Generator>& generators, const std::vector<Timed>& totals,
                   int disagreements) {
  fmt::print(out, "\n");
  for (std::size_t i = 0; i < generators.size(); ++i)
    fmt::print(out, "{:>{}}: {} nodes in {:.2f} s, {:.2f} Mnps\n", generator_name(generators[i]),
               LONGEST_GENERATOR_NAME, totals[i].nodes, totals[i].seconds(), totals[i].mnps());
  print_effect_table(out, effect_table(runs_of(generators, Counting::MAKE_EVERY_LEAF), totals));
  fmt::print(out, "{}\n",
             disagreements == 0 ? "all generators agree" : fmt::format("{} positions DISAGREE", disagreements));
}

nlohmann::json bench_json(const BenchOptions& options, const std::vector<Generator>& generators,
                          const std::vector<BenchRow>& rows, const std::vector<Timed>& totals, int disagreements) {
  nlohmann::json names = nlohmann::json::array(), positions = nlohmann::json::array(), sums = nlohmann::json::array();
  for (Generator g : generators) names.push_back(generator_name(g));
  for (const BenchRow& row : rows) positions.push_back(row_json(row, generators));
  for (std::size_t i = 0; i < generators.size(); ++i)
    sums.push_back({{"generator", generator_name(generators[i])},
                    {"nodes", totals[i].nodes},
                    {"seconds", totals[i].seconds()},
                    {"mnps", totals[i].mnps()}});
  return {{"command", "bench"},
          {"depth", options.depth},
          {"hash_mb", options.hash_mb},
          {"generators", names},
          {"positions", positions},
          {"totals", sums},
          {"positions_disagreeing", disagreements},
          {"two_by_two", effect_table_json(effect_table(runs_of(generators, Counting::MAKE_EVERY_LEAF), totals))},
          {"all_agree", disagreements == 0}};
}

// A table of `hash_mb` MiB, none for 0; throws UsageError naming --hash if the machine cannot hold it.
std::optional<search::TranspositionTable> transposition_table(int hash_mb) {
  require_hash_mb(std::size_t(hash_mb));
  if (hash_mb == 0) return std::nullopt;
  try {
    return search::TranspositionTable(std::size_t(hash_mb));
  } catch (const std::bad_alloc&) {
    throw UsageError(fmt::format("bad --hash: {} MiB cannot be allocated", hash_mb));
  }
}

int run_bench(const BenchOptions& options, std::ostream& out, std::ostream& err) {
  const std::vector<Generator> generators =
      options.generators.empty() ? all_generators() : parse_generator_list(options.generators, "--generators");
  const std::vector<ListedPosition> positions = bench_positions(options);
  std::optional<search::TranspositionTable> table = transposition_table(options.hash_mb);
  if (!options.json) {
    std::string header = fmt::format("{:>5} {:>11} {:>7} {:>10}", "line", "nodes", "best", "score");
    for (Generator g : generators) header += " " + generator_name(g);
    fmt::print(out, "depth {}{}, Mnps per generator\n{}  agree\n", options.depth,
               options.hash_mb > 0 ? fmt::format(", hash {} MiB", options.hash_mb) : "", header);
  }
  std::vector<BenchRow> rows;
  int disagreements = 0;
  for (const ListedPosition& position : positions) {
    rows.push_back(bench_position(position, generators, options.depth, table ? &*table : nullptr));
    if (rows.back().disagreeing) {
      ++disagreements;
      fmt::print(err, "movegen bench: {}\n", disagreement_text(rows.back(), generators));
    }
    if (!options.json) print_row(out, rows.back(), generators);
  }
  const std::vector<Timed> totals = bench_totals(rows, generators.size());
  if (options.json)
    print_json(out, bench_json(options, generators, rows, totals, disagreements));
  else
    print_summary(out, generators, totals, disagreements);
  return disagreements == 0 ? 0 : 1;
}

}  // namespace

Subcommand add_bench_command(CLI::App& app) {
  auto options = std::make_shared<BenchOptions>();
  CLI::App* cmd = app.add_subcommand(
      "bench",
      "search a list of positions (default: Stockfish's bench) to a fixed depth with every generator, "
      "check that all search the same tree, and time them");
  cmd->add_option("--generators", options->generators, "comma-separated generators to run (default: all)");
  add_count_option(*cmd, "--depth", options->depth, 1, search::MAX_SEARCH_DEPTH, "search depth in plies")
      ->capture_default_str();
  add_count_option(*cmd, "--hash", options->hash_mb, 0, int(MAX_HASH_MB),
                   "MiB of transposition table, cleared for each search (default 0: none)");
  CLI::Option* fen = cmd->add_option("--fen", options->fen, "search this position only");
  cmd->add_option("--epd", options->epd, "a file of positions, one FEN a line (default: Stockfish's bench list)")
      ->excludes(fen);
  add_json_flag(*cmd, options->json);
  return {cmd, [options](std::ostream& out, std::ostream& err) { return run_bench(*options, out, err); }};
}

}  // namespace movegen::harness
