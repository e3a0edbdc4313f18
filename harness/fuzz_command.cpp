#include <fmt/format.h>
#include <fmt/ostream.h>

#include <chrono>
#include <climits>
#include <memory>
#include <ostream>

#include "harness/child_process.hpp"
#include "harness/cli.hpp"
#include "harness/commands.hpp"
#include "harness/fuzz.hpp"
#include "harness/options.hpp"

namespace movegen::harness {

std::string replay_command(const FuzzOptions& o, int game, int ply) {
  std::string line =
      fmt::format("movegen fuzz --seed {} --first-game {} --games 1 --plies {} --flip-depth {} --flip-every {}", o.seed,
                  game, ply, o.flip_depth, o.flip_every);
  if (!o.against.empty())
    line += fmt::format(" --against {} --sample-every {} --against-depth {} --timeout {}", shell_quote(o.against),
                        o.sample_every, o.against_depth, o.timeout_seconds);
  return line;
}

int run_fuzz(const FuzzOptions& options, std::ostream& out, std::ostream& err) {
  if (options.games < 1) throw UsageError(fmt::format("bad --games: {} is not a positive count", options.games));
  if (options.plies < 0) throw UsageError(fmt::format("bad --plies: {} is negative", options.plies));
  if (options.flip_depth < 0 || options.flip_depth > 4)
    throw UsageError(fmt::format("bad --flip-depth: {} is outside 0..4", options.flip_depth));
  if (options.flip_every < 1)
    throw UsageError(fmt::format("bad --flip-every: {} is not a positive count", options.flip_every));
  if (options.sample_every < 1)
    throw UsageError(fmt::format("bad --sample-every: {} is not a positive count", options.sample_every));
  require_depth(options.against_depth, "--against-depth", 1);
  const std::chrono::milliseconds timeout = timeout_from_seconds(options.timeout_seconds);
  std::unique_ptr<DivideSource> against;
  if (!options.against.empty()) against = make_divide_source(options.against, timeout);

  // Every built-in generator, each checked against the first (the plain mailbox) at every ply.
  std::vector<std::string> names;
  for (Generator g : all_generators()) names.push_back(generator_name(g));
  const auto start = std::chrono::steady_clock::now();
  const FuzzRun run = fuzz_games<mailbox::Position, mailbox::MasksPosition, bitboard::Position, bitboard::MtuPosition>(
      options, against.get(), names);
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::string checked = names[0];
  for (std::size_t i = 1; i < names.size(); ++i) checked += " vs " + names[i];
  if (against) checked += fmt::format(" (and {})", against->name());
  fmt::print(out, "fuzz {}: {} positions in {} games checked in {:.2f} s ({:.0f} positions/s), seed {}\n", checked,
             run.positions, run.divergence ? run.game - options.first_game + 1 : options.games, seconds,
             seconds > 0 ? run.positions / seconds : 0.0, options.seed);
  if (!run.divergence) {
    fmt::print(out, "no mismatch\n");
    return 0;
  }
  fmt::print(out, "MISMATCH in game {} at ply {} (seed {}); replay: {}\n", run.game, run.ply, options.seed,
             replay_command(options, run.game, run.ply));
  print_divergence(out, *run.divergence);
  (void)err;
  return 1;
}

Subcommand add_fuzz_command(CLI::App& app) {
  auto options = std::make_shared<FuzzOptions>();
  CLI::App* cmd = app.add_subcommand("fuzz", "random games cross-checking the built-in generators");
  add_count_option(*cmd, "--games", options->games, 1, INT_MAX, "games to play");
  add_count_option(*cmd, "--plies", options->plies, 0, INT_MAX, "moves a game at most");
  add_seed_option(*cmd, options->seed, "the run's seed; each game's seed is derived from it and the game number");
  add_count_option(*cmd, "--first-game", options->first_game, 0, INT_MAX, "number of the first game (to replay one)");
  add_count_option(*cmd, "--flip-depth", options->flip_depth, 0, 4, "perft depth for the colour-flip check, 0 off");
  add_count_option(*cmd, "--flip-every", options->flip_every, 1, INT_MAX, "positions between colour-flip checks");
  cmd->add_option("--against", options->against, "also check this generator spec at sampled positions");
  add_count_option(*cmd, "--sample-every", options->sample_every, 1, INT_MAX, "positions between checks of --against");
  add_count_option(*cmd, "--against-depth", options->against_depth, 1, MAX_DEPTH, "divide depth for --against");
  add_timeout_option(*cmd, options->timeout_seconds, "seconds --against may take for one reply");
  return {cmd, [options](std::ostream& out, std::ostream& err) { return run_fuzz(*options, out, err); }};
}

}  // namespace movegen::harness
