// `movegen perft`: Stockfish's `go perft` divide for one position.
#include "harness/cli/perft_command.hpp"

#include <fmt/format.h>
#include <fmt/ostream.h>

#include <cerrno>
#include <chrono>
#include <cstring>
#include <memory>
#include <ostream>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "harness/cli/cli.hpp"
#include "harness/cli/commands.hpp"
#include "harness/cli/json_output.hpp"
#include "harness/cli/options.hpp"
#include "harness/cli/progress_bar.hpp"
#include "harness/generators/generators.hpp"
#include "harness/generators/setup.hpp"
#include "harness/perft/checkpointed_perft.hpp"
#include "harness/perft/perft_nodes.hpp"

namespace movegen::harness {

namespace {

// The JSON document of a perft run (docs/json.md, "perft").
nlohmann::json perft_json(const PerftOptions& options, Generator generator, const PerftRun& run) {
  nlohmann::json divide = nlohmann::json::array();
  for (const auto& [move, nodes] : run.divide) divide.push_back({{"move", move}, {"nodes", nodes}});
  const Counting counting =
      with_generator(generator, [&]<ChessPosition P>() { return effective_counting<P>(options.counting); });
  return {{"command", "perft"},
          {"generator", generator_name(generator)},
          {"fen", options.fen},
          {"moves", options.moves},
          {"depth", options.depth},
          {"bulk", counting != Counting::MAKE_EVERY_LEAF},
          {"bulk_mode", counting_name(counting)},
          {"hash_mb", options.hash_mb},
          {"threads", options.threads},
          {"divide", divide},
          {"nodes", run.total},
          {"seconds", run.seconds},
          {"mnps", run.mnps()}};
}

// Seconds between two progress lines when stderr is not a terminal (a pipe, a log file): a run shorter than
// this prints none, so that short runs' stderr is only the timing line.
constexpr double PROGRESS_LINE_SECONDS = 10;

// The threads a perft runs on when none are named: every core.
int default_threads() { return int(std::max(1u, std::thread::hardware_concurrency())); }

}  // namespace

int run_perft(const PerftOptions& given, std::ostream& out, std::ostream& err) {
  PerftOptions options = given;
  if (options.threads == 0) options.threads = default_threads();
  require_depth(options.depth, "depth");
  if (options.hash_mb < 0) throw UsageError(fmt::format("bad --hash: {} is negative", options.hash_mb));
  const Generator generator = parse_generator(options.generator);
  const PerftSettings settings{options.counting, std::size_t(options.hash_mb), options.threads};
  const Notation notation = notation_for(options.fen, options.chess960);
  const auto start = std::chrono::steady_clock::now();
  PerftRun run;
  CheckpointedDivide checkpointed;
  const bool checkpoint = !options.checkpoint.empty() && options.depth > 0;
  {
    ProgressBar bar(err, PROGRESS_LINE_SECONDS);
    const auto draw = [&](const PerftProgress& p) {
      bar.update({p.nodes.load(), p.done.load(), p.total.load(),
                  std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count()});
    };
    const auto on_progress = bar.shown() ? std::function<void(const PerftProgress&)>(draw) : nullptr;
    if (checkpoint) {
      checkpointed = checkpointed_divide(generator, options.fen, options.moves, options.depth, settings,
                                         options.checkpoint, on_progress, notation, options.test_kill_after);
      run.divide = checkpointed.divide;
    } else {
      run.divide =
          divide_nodes(generator, options.fen, options.moves, options.depth, settings, on_progress, nullptr, notation);
    }
  }
  for (const auto& [move, nodes] : run.divide) run.total += nodes;
  if (options.depth == 0) run.total = 1;
  run.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  print_perft_report(out, err, options, generator, run);
  if (checkpoint)
    fmt::print(err, "checkpoint: split depth {}: {} subtrees, {} of them from the checkpoint\n",
               checkpointed.split_depth, checkpointed.subtrees, checkpointed.resumed);
  return 0;
}

void print_perft_report(std::ostream& out, std::ostream& err, const PerftOptions& options, Generator generator,
                        const PerftRun& run) {
  if (options.json) {
    print_json(out, perft_json(options, generator, run));
  } else {
    for (const auto& [move, nodes] : run.divide) fmt::print(out, "{}: {}\n", move, nodes);
    fmt::print(out, "\nNodes searched: {}\n", run.total);
  }
  require_written(out);  // before the timing line, so that a failed write is the only line on stderr
  fmt::print(err, "{}: {:.3f} s, {:.2f} Mnps\n", generator_name(generator), run.seconds, run.mnps());
}

void add_perft_options(CLI::App& cmd, PerftOptions& options) {
  cmd.add_option("--generator", options.generator, generator_names())->capture_default_str();
  cmd.add_option("--fen", options.fen, "position to count from (default: the start position)");
  cmd.add_option("--moves", options.moves, "UCI moves played from the FEN first")->expected(1, -1);
  CLI::Option* bulk =
      cmd.add_option("--bulk", options.counting,
                     "bulk counting at the last ply: 'node' (default: each leaf parent built and counted) or "
                     "'siblings' (the siblings of a leaf parent counted in one call, where the generator offers it)")
          ->transform(
              [](std::string text) {
                if (text == "siblings") return std::to_string(int(Counting::BULK_SIBLINGS));
                if (text == "node") return std::to_string(int(Counting::BULK_NODE));
                throw CLI::ValidationError(
                    fmt::format("{} is not a mode: expected siblings or node", quote_for_error(text)));
              },
              "siblings|node");
  cmd.add_flag_callback(
         "--no-bulk", [&options] { options.counting = Counting::MAKE_EVERY_LEAF; },
         "make every leaf move instead of counting the last ply")
      ->excludes(bulk);
  add_chess960_flag(cmd, options.chess960);
  add_count_option(cmd, "--hash", options.hash_mb, 0, int(MAX_HASH_MB),
                   "MiB of hash table for subtree counts (default 0: none, the generator's own speed)");
  add_count_option(cmd, "--threads", options.threads, 1, MAX_THREADS, "threads to count on (default: all cores)");
  add_count_option(cmd, "depth", options.depth, 0, MAX_DEPTH, "plies to search, 0..15")->required();
  add_json_flag(cmd, options.json);
}

void add_checkpoint_options(CLI::App& cmd, PerftOptions& options) {
  cmd.add_option("--checkpoint", options.checkpoint,
                 "record each finished subtree in FILE, and resume from it if it holds some (docs/perft.md)");
  cmd.add_option("--test-kill-after", options.test_kill_after)->group("")->transform(decimal_in(1, 1 << 30));
}

Subcommand add_perft_command(CLI::App& app) {
  auto options = std::make_shared<PerftOptions>();
  CLI::App* cmd = app.add_subcommand("perft", "count leaf nodes, divided by root move (Stockfish format)");
  add_perft_options(*cmd, *options);
  add_checkpoint_options(*cmd, *options);
  return {cmd, [options](std::ostream& out, std::ostream& err) { return run_perft(*options, out, err); }};
}

}  // namespace movegen::harness
