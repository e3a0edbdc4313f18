// `movegen perft`: Stockfish's `go perft` divide for one position.
#include "harness/perft_command.hpp"

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

#include "harness/cli.hpp"
#include "harness/commands.hpp"
#include "harness/generators.hpp"
#include "harness/json_output.hpp"
#include "harness/options.hpp"
#include "harness/perft_nodes.hpp"
#include "harness/progress_bar.hpp"
#include "harness/setup.hpp"

namespace movegen::harness {

void require_written(std::ostream& out) {
  const int earlier = errno;  // a write that failed before now (a full buffer) left its reason here
  errno = 0;
  out.flush();
  if (out) return;
  const int reason = errno != 0 ? errno : earlier;
  throw UsageError(std::string("cannot write to stdout: ") + (reason != 0 ? std::strerror(reason) : "write error"));
}

void require_depth(int depth, const std::string& what, int min) {
  if (depth < min || depth > MAX_DEPTH)
    throw UsageError(fmt::format("bad {}: {} is outside {}..{}", what, depth, min, MAX_DEPTH));
}

namespace {

// The JSON document of a perft run (docs/json.md, "perft").
nlohmann::json perft_json(const PerftOptions& options, Generator generator, const PerftRun& run) {
  nlohmann::json divide = nlohmann::json::array();
  for (const auto& [move, nodes] : run.divide) divide.push_back({{"move", move}, {"nodes", nodes}});
  return {{"command", "perft"},         {"generator", generator_name(generator)},
          {"fen", options.fen},         {"moves", options.moves},
          {"depth", options.depth},     {"bulk", options.bulk},
          {"hash_mb", options.hash_mb}, {"threads", options.threads},
          {"divide", divide},           {"nodes", run.total},
          {"seconds", run.seconds},     {"mnps", run.mnps()}};
}

// The threads a perft runs on when none are named: every core.
int default_threads() { return int(std::max(1u, std::thread::hardware_concurrency())); }

}  // namespace

int run_perft(const PerftOptions& given, std::ostream& out, std::ostream& err) {
  PerftOptions options = given;
  if (options.threads == 0) options.threads = default_threads();
  require_depth(options.depth, "depth");
  if (options.hash_mb < 0) throw UsageError(fmt::format("bad --hash: {} is negative", options.hash_mb));
  const Generator generator = parse_generator(options.generator);
  const PerftSettings settings{options.bulk, std::size_t(options.hash_mb), options.threads};
  const auto start = std::chrono::steady_clock::now();
  PerftRun run;
  {
    ProgressBar bar(err);
    const auto draw = [&](const PerftProgress& p) {
      bar.update({p.nodes.load(), p.done.load(), p.total.load(),
                  std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count()});
    };
    run.divide = divide_nodes(generator, options.fen, options.moves, options.depth, settings,
                              bar.shown() ? std::function<void(const PerftProgress&)>(draw) : nullptr, nullptr,
                              notation_for(options.fen, options.chess960));
  }
  for (const auto& [move, nodes] : run.divide) run.total += nodes;
  if (options.depth == 0) run.total = 1;
  run.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  print_perft_report(out, err, options, generator, run);
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
  cmd.add_flag("!--no-bulk", options.bulk, "make every leaf move instead of counting the last ply's list");
  add_chess960_flag(cmd, options.chess960);
  add_count_option(cmd, "--hash", options.hash_mb, 0, int(MAX_HASH_MB),
                   "MiB of hash table for subtree counts (default 0: none, the generator's own speed)");
  add_count_option(cmd, "--threads", options.threads, 1, MAX_THREADS, "threads to count on (default: all cores)");
  add_count_option(cmd, "depth", options.depth, 0, MAX_DEPTH, "plies to search, 0..15")->required();
  add_json_flag(cmd, options.json);
}

Subcommand add_perft_command(CLI::App& app) {
  auto options = std::make_shared<PerftOptions>();
  CLI::App* cmd = app.add_subcommand("perft", "count leaf nodes, divided by root move (Stockfish format)");
  add_perft_options(*cmd, *options);
  return {cmd, [options](std::ostream& out, std::ostream& err) { return run_perft(*options, out, err); }};
}

}  // namespace movegen::harness
