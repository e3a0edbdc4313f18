// `movegen perft`: Stockfish's `go perft` divide for one position.
#include <fmt/format.h>
#include <fmt/ostream.h>

#include <cerrno>
#include <chrono>
#include <cstring>
#include <memory>
#include <ostream>
#include <string>
#include <utility>
#include <vector>

#include "common/perft.hpp"
#include "harness/cli.hpp"
#include "harness/commands.hpp"
#include "harness/generators.hpp"
#include "harness/json_output.hpp"
#include "harness/options.hpp"
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

// One perft run: the divide in the order printed, the total and the time it took.
struct PerftRun {
  std::vector<std::pair<std::string, std::uint64_t>> divide;  // (UCI move, nodes), sorted by move text
  std::uint64_t total = 0;
  double seconds = 0;
  double mnps() const { return seconds > 0 ? total / seconds / 1e6 : 0.0; }
};

// The JSON document of a perft run (docs/json.md, "perft").
nlohmann::json perft_json(const PerftOptions& options, Generator generator, const PerftRun& run) {
  nlohmann::json divide = nlohmann::json::array();
  for (const auto& [move, nodes] : run.divide) divide.push_back({{"move", move}, {"nodes", nodes}});
  return {{"command", "perft"},     {"generator", generator_name(generator)},
          {"fen", options.fen},     {"moves", options.moves},
          {"depth", options.depth}, {"bulk", options.bulk},
          {"divide", divide},       {"nodes", run.total},
          {"seconds", run.seconds}, {"mnps", run.mnps()}};
}

}  // namespace

int run_perft(const PerftOptions& options, std::ostream& out, std::ostream& err) {
  require_depth(options.depth, "depth");
  const Generator generator = parse_generator(options.generator);
  const PerftRun run = with_generator(generator, [&]<ChessPosition P>() {
    const Notation notation = notation_for(options.fen, options.chess960);
    P pos = position_after<P>(options.fen, options.moves, notation);
    const Counting counting = options.bulk ? Counting::BULK : Counting::MAKE_EVERY_LEAF;
    const auto start = std::chrono::steady_clock::now();
    PerftRun r;
    for (auto [move, nodes] : divide(pos, options.depth, counting)) {
      r.divide.emplace_back(to_uci(move, notation), nodes);
      r.total += nodes;
    }
    if (options.depth == 0) r.total = 1;
    r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return r;
  });
  if (options.json) {
    print_json(out, perft_json(options, generator, run));
  } else {
    for (const auto& [move, nodes] : run.divide) fmt::print(out, "{}: {}\n", move, nodes);
    fmt::print(out, "\nNodes searched: {}\n", run.total);
  }
  require_written(out);  // before the timing line, so that a failed write is the only line on stderr
  fmt::print(err, "{}: {:.3f} s, {:.2f} Mnps\n", generator_name(generator), run.seconds, run.mnps());
  return 0;
}

Subcommand add_perft_command(CLI::App& app) {
  auto options = std::make_shared<PerftOptions>();
  CLI::App* cmd = app.add_subcommand("perft", "count leaf nodes, divided by root move (Stockfish format)");
  cmd->add_option("--generator", options->generator, "mailbox, mailbox-masks, bitboard or bitboard-mtu")
      ->capture_default_str();
  cmd->add_option("--fen", options->fen, "position to count from (default: the start position)");
  cmd->add_option("--moves", options->moves, "UCI moves played from the FEN first")->expected(1, -1);
  cmd->add_flag("!--no-bulk", options->bulk, "make every leaf move instead of counting the last ply's list");
  add_chess960_flag(*cmd, options->chess960);
  add_count_option(*cmd, "depth", options->depth, 0, MAX_DEPTH, "plies to search, 0..15")->required();
  add_json_flag(*cmd, options->json);
  return {cmd, [options](std::ostream& out, std::ostream& err) { return run_perft(*options, out, err); }};
}

}  // namespace movegen::harness
