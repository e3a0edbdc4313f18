// Random playouts that cross-check in-process generators at every ply, written once for any Position types
// so that tests can run it on a deliberately broken generator.
//
//   FuzzRun run = fuzz_games<mailbox::Position, bitboard::Position>(options, nullptr, {"mailbox", "bitboard"});
//   if (run.divergence) ... run.game, run.ply ...
#pragma once

#include <fmt/format.h>

#include <cstdint>
#include <optional>
#include <random>
#include <string>
#include <tuple>
#include <vector>

#include "common/flip.hpp"
#include "harness/debug_commands.hpp"
#include "harness/node_check.hpp"

namespace movegen::harness {

/// What a fuzz run did: positions checked, and the first mismatch with the game and ply it was found at
/// (ply 0 is the start position).
struct FuzzRun {
  std::uint64_t positions = 0;
  std::optional<Divergence> divergence;
  int game = 0;
  int ply = 0;
};

/// perft `depth` of the colour-flipped position in P and Q against perft of the position itself in P;
/// an empty string when all three agree, else what differs.
template <ChessPosition P, ChessPosition Q>
std::string flip_mismatch(P& a, const Divergence& names, int depth) {
  P flipped_a = P::from_fen(to_fen(flip(a.state())));
  Q flipped_b = Q::from_fen(flipped_a.fen());
  const std::uint64_t original = perft(a, depth), fa = perft(flipped_a, depth), fb = perft(flipped_b, depth);
  if (original == fa && original == fb) return {};
  return fmt::format("perft {} is {} here in {}, but of the colour-flipped position {} it is {} in {} and {} in {}",
                     depth, original, names.a_name, flipped_a.fen(), fa, names.a_name, fb, names.b_name);
}

/// The seed of game `game` of a run with seed `run_seed`: both mixed by std::seed_seq (the same on every
/// platform), so that runs with different seeds share no game.
inline std::uint64_t game_seed(std::uint64_t run_seed, int game) {
  std::seed_seq mix{std::uint32_t(run_seed), std::uint32_t(run_seed >> 32), std::uint32_t(game)};
  std::uint32_t halves[2];
  mix.generate(halves, halves + 2);
  return std::uint64_t(halves[0]) << 32 | halves[1];
}

/// The command line that plays game `game` of a run with `options` alone, `ply` plies deep, with every
/// option that shapes it; --against is shell-quoted, so the line can be pasted.
std::string replay_command(const FuzzOptions& options, int game, int ply);

/// Plays options.games random games of at most options.plies moves from the start position, game g with
/// std::mt19937_64(game_seed(options.seed, g)) choosing move number rng() % count (the same games on every
/// platform), g counted from options.first_game, in P and in each of Qs. At every ply nodes_agree(P's
/// position, each Q's); at every options.flip_every-th position of a game flip_mismatch for each Q; with
/// `against`, find_divergence between P and it at every options.sample_every-th position of a game
/// (counted per game, so that one game replays alone). `names` holds P's name, then each Q's. Stops at
/// the first mismatch.
template <ChessPosition P, ChessPosition... Qs>
FuzzRun fuzz_games(const FuzzOptions& options, DivideSource* against, const std::vector<std::string>& names) {
  static_assert(sizeof...(Qs) >= 1, "fuzz_games compares P with at least one other generator");
  FuzzRun run;
  BuiltinSource<P> reference(names.at(0));
  for (run.game = options.first_game; run.game - options.first_game < options.games; ++run.game) {
    std::mt19937_64 rng(game_seed(options.seed, run.game));
    P a = P::from_fen(START_FEN);
    std::tuple<Qs...> others{Qs::from_fen(START_FEN)...};
    Divergence d(names.at(0), names.at(1), std::string(START_FEN));
    // Runs check(b, d) for each other generator b in turn, with d.b_name its name; false at the first failure.
    auto each_other = [&](auto check) {
      std::size_t i = 0;
      return std::apply([&](auto&... b) { return ((d.b_name = names.at(++i), check(b)) && ...); }, others);
    };
    for (run.ply = 0; run.ply <= options.plies; ++run.ply) {
      ++run.positions;
      if (!each_other([&](auto& b) { return nodes_agree(a, b, d); })) return run.divergence = d, run;
      const int in_game = run.ply + 1;  // positions of this game so far
      if (options.flip_depth > 0 && in_game % options.flip_every == 0) {
        const bool flips_agree = each_other([&]<ChessPosition Q>(Q&) {
          d.detail = flip_mismatch<P, Q>(a, d, options.flip_depth);
          return d.detail.empty();
        });
        if (!flips_agree) return run.divergence = d, run;
      }
      if (against && in_game % options.sample_every == 0)
        if (auto found = find_divergence(reference, *against, a.fen(), {}, options.against_depth))
          return run.divergence = found, run;
      MoveList moves;
      a.generate_legal(moves);
      if (moves.empty() || run.ply == options.plies) break;
      const Move m = moves[rng() % moves.size()];
      a.make_move(m);
      std::apply([&](auto&... b) { (b.make_move(m), ...); }, others);
      d.path.push_back(to_uci(m));
    }
  }
  return run;
}

}  // namespace movegen::harness
