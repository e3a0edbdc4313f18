#include <fmt/format.h>
#include <fmt/ostream.h>

#include <chrono>
#include <ostream>

#include "harness/commands.hpp"
#include "harness/fuzz.hpp"

namespace movegen::harness {

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
  if (!(options.timeout_seconds > 0))
    throw UsageError(fmt::format("bad --timeout: {} is not a positive number of seconds", options.timeout_seconds));
  std::unique_ptr<DivideSource> against;
  if (!options.against.empty())
    against = make_divide_source(options.against,
                                 std::chrono::milliseconds(static_cast<long long>(options.timeout_seconds * 1000)));

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
             run.positions, run.divergence ? run.game + 1 : options.games, seconds,
             seconds > 0 ? run.positions / seconds : 0.0, options.seed);
  if (!run.divergence) {
    fmt::print(out, "no mismatch\n");
    return 0;
  }
  fmt::print(out, "MISMATCH in game {} at ply {} (seed {}); replay: movegen fuzz --seed {} --games 1 --plies {}\n",
             run.game, run.ply, options.seed, options.seed + std::uint64_t(run.game), run.ply);
  print_divergence(out, *run.divergence);
  (void)err;
  return 1;
}

}  // namespace movegen::harness
