// Random playouts that cross-check in-process generators at every ply, written once for any Position types
// so that tests can run it on a deliberately broken generator.
//
//   FuzzRun run = fuzz_games<mailbox::MtuPosition, bitboard_tuned::Position>(options, nullptr, {"mailbox",
//   "bitboard-tuned"}); if (run.divergence) ... run.game, run.ply, run.start_fen ...
#pragma once

#include <fmt/format.h>

#include <chrono>
#include <cstdint>
#include <optional>
#include <random>
#include <set>
#include <string>
#include <tuple>
#include <vector>

#include "common/chess960.hpp"
#include "common/flip.hpp"
#include "harness/debug_commands.hpp"
#include "harness/node_check.hpp"

namespace movegen::harness {

/// What a fuzz run did: games started, positions checked between the built-in generators, positions
/// and divide calls the outside engine (--against) got, and the first mismatch with the game and ply it
/// was found at (ply 0 is the game's start position) and the FEN the game started from.
struct FuzzRun {
  int games = 0;
  std::uint64_t positions = 0;
  std::uint64_t against_positions = 0;
  std::uint64_t against_distinct = 0;  // of against_positions, the distinct ones (by Zobrist key)
  int against_games = 0;               // games in which the outside engine was checked at least once
  std::uint64_t against_calls = 0;
  std::optional<Divergence> divergence;
  int game = 0;
  int ply = 0;
  std::string start_fen;
};

/// A DivideSource that passes each divide on to another and counts them.
class CountingSource : public DivideSource {
 public:
  explicit CountingSource(DivideSource& inner) : DivideSource(inner.name()), inner_(inner) {}
  /// Divides passed on so far.
  std::uint64_t calls() const { return calls_; }
  std::optional<Generator> builtin() const override { return inner_.builtin(); }

 protected:
  DivideResult run_divide(const std::string& fen, const std::vector<std::string>& moves, int depth) override {
    ++calls_;
    return inner_.divide(fen, moves, depth);
  }

 private:
  DivideSource& inner_;
  std::uint64_t calls_ = 0;
};

/// True for the moves where generator bugs live: captures (en passant included), castling, promotions,
/// double pushes (they allow en passant) and moves that give check. Leaves `pos` as it was.
template <ChessPosition P>
bool is_bug_prone(P& pos, Move m) {
  if (m.flag() != NORMAL || pos.piece_on(m.to()) != NO_PIECE) return true;
  pos.make_move(m);
  const bool check = pos.checkers() != 0;
  pos.unmake_move(m);
  return check;
}

/// The move a game plays from `pos`: with probability bias% (rng() % 100 < bias) one drawn with
/// rng() % count from the bug-prone moves, if there are any, else one drawn from all `moves`.
template <ChessPosition P>
Move pick_move(P& pos, const MoveList& moves, int bias, std::mt19937_64& rng) {
  if (bias > 0 && int(rng() % 100) < bias) {
    MoveList prone;
    for (Move m : moves)
      if (is_bug_prone(pos, m)) prone.push_back(m);
    if (!prone.empty()) return prone[rng() % prone.size()];
  }
  return moves[rng() % moves.size()];
}

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
/// option that shapes it, starting from `start_fen` (named with --fen unless it is the start position);
/// --fen and --against are shell-quoted, so the line can be pasted.
std::string replay_command(const FuzzOptions& options, int game, int ply, const std::string& start_fen);

/// With an outside engine and --time, each game's share of the time: the time is spread over this many
/// games at least, so that a slow engine is checked at many starts, not along one long game.
inline constexpr int GAMES_IN_A_TIMED_RUN = 20;

/// Plays options.games random games of at most options.plies moves (or until options.time_seconds
/// have passed), game g from starts[g % starts.size()] (with `starts` empty, from Chess960 start position
/// game_seed(options.seed, g) % 960, so that every one of the 960 can come up) with
/// std::mt19937_64(game_seed(options.seed, g)) choosing each move by pick_move (the same games on every platform), g
/// counted from options.first_game, in P and in each of Qs. Unless options.from_start, a game's first
/// rng() % (OPENING_PLIES + 1) plies (drawn before its moves) are played unchecked. At every checked ply
/// nodes_agree(P's position, each Q's); at every options.flip_every-th position of a game flip_mismatch for each Q;
/// with `against`, find_divergence between P and it, given the game's start FEN and moves, at every
/// options.sample_every-th position of a game (counted per game, so that one game replays alone; given the FEN of the
/// game's first checked position and the moves since, so that the unchecked opening is not asked of it); with `against`
/// and a time limit a game also ends when its share of the time (time_seconds / GAMES_IN_A_TIMED_RUN) has passed.
/// `names` holds P's name, then each Q's. Stops at the first mismatch.
template <ChessPosition P, ChessPosition... Qs>
FuzzRun fuzz_games(const FuzzOptions& options, DivideSource* against, const std::vector<std::string>& names,
                   const std::vector<std::string>& starts = {std::string(START_FEN)}) {
  static_assert(sizeof...(Qs) >= 1, "fuzz_games compares P with at least one other generator");
  using Clock = std::chrono::steady_clock;
  const auto deadline =
      Clock::now() + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(options.time_seconds));
  FuzzRun run;
  const Notation notation = options.chess960 ? Notation::CHESS960 : Notation::CLASSICAL;
  BuiltinSource<P> reference(names.at(0), std::nullopt, notation);
  std::optional<CountingSource> outside;
  if (against) outside.emplace(*against);
  const bool share_time = against && options.time_seconds > 0;
  const auto game_time = std::chrono::duration_cast<Clock::duration>(
      std::chrono::duration<double>(options.time_seconds / GAMES_IN_A_TIMED_RUN));
  std::set<Key> against_keys;
  for (run.game = options.first_game; run.game - options.first_game < options.games; ++run.game) {
    if (options.time_seconds > 0 && Clock::now() >= deadline) break;
    ++run.games;
    std::mt19937_64 rng(game_seed(options.seed, run.game));
    // A random opening, unchecked, so that games reach varied positions (--from: none, checked from the start).
    const int opening = options.from_start ? 0 : std::min(options.plies, int(rng() % (OPENING_PLIES + 1)));
    run.start_fen = starts.empty() ? chess960_start_fen(int(game_seed(options.seed, run.game) % CHESS960_POSITIONS))
                                   : starts.at(std::size_t(run.game) % starts.size());
    P a = P::from_fen(run.start_fen);
    std::tuple<Qs...> others{Qs::from_fen(run.start_fen)...};
    Divergence d(names.at(0), names.at(1), run.start_fen, {}, notation);
    // Runs check(b, d) for each other generator b in turn, with d.b_name its name; false at the first failure.
    auto each_other = [&](auto check) {
      std::size_t i = 0;
      return std::apply([&](auto&... b) { return ((d.b_name = names.at(++i), check(b)) && ...); }, others);
    };
    const auto game_deadline = Clock::now() + game_time;
    std::string checked_from = run.start_fen;  // the game's first checked position, and the moves before it
    std::size_t opening_moves = 0;
    bool against_checked = false;
    auto stop = [&](std::optional<Divergence> found) {
      if (outside) run.against_calls = outside->calls();
      run.against_distinct = against_keys.size(), run.against_games += against_checked;
      run.divergence = std::move(found);
      return run;
    };
    for (run.ply = 0; run.ply <= options.plies; ++run.ply) {
      if (options.time_seconds > 0 && run.ply > 0 && Clock::now() >= deadline) break;
      if (share_time && run.ply > 0 && Clock::now() >= game_deadline) break;
      const int in_game = run.ply - opening + 1;  // positions of this game checked so far, this one included
      if (in_game == 1) checked_from = a.fen(), opening_moves = d.path.size();
      if (in_game > 0) ++run.positions;
      if (in_game > 0 && !each_other([&](auto& b) { return nodes_agree(a, b, d); })) return stop(d);
      if (options.flip_depth > 0 && in_game > 0 && in_game % options.flip_every == 0) {
        const bool flips_agree = each_other([&]<ChessPosition Q>(Q&) {
          d.detail = flip_mismatch<P, Q>(a, d, options.flip_depth);
          return d.detail.empty();
        });
        if (!flips_agree) return stop(d);
      }
      if (outside && in_game > 0 && in_game % options.sample_every == 0) {
        ++run.against_positions;
        against_keys.insert(a.key()), against_checked = true;
        // The engine is given the moves from the first checked position: the opening is not checked.
        const std::vector<std::string> since(d.path.begin() + long(opening_moves), d.path.end());
        if (auto found = find_divergence(reference, *outside, checked_from, since, options.against_depth))
          return stop(found);
      }
      MoveList moves;
      a.generate_legal(moves);
      if (moves.empty() || run.ply == options.plies) break;
      const Move m = pick_move(a, moves, options.bias, rng);
      a.make_move(m);
      std::apply([&](auto&... b) { (b.make_move(m), ...); }, others);
      d.path.push_back(to_uci(m, notation));
    }
    run.against_games += against_checked;
  }
  if (outside) run.against_calls = outside->calls();
  run.against_distinct = against_keys.size();
  return run;
}

}  // namespace movegen::harness
