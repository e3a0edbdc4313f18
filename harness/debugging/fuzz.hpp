// Random playouts that cross-check in-process generators at every ply, written once for any Position types
// so that tests can run it on a deliberately broken generator.
//
//   FuzzRun run = fuzz_games<MtuPosition<mailbox::Position>, bitboard_tuned::Position>(options, nullptr, {"mailbox",
//   "bitboard-tuned"}); if (run.divergence) ... run.game, run.ply, run.start_fen ...
#pragma once

#include <fmt/format.h>

#include <algorithm>
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
#include "common/staged_generation.hpp"
#include "harness/debugging/fuzz_options.hpp"
#include "harness/debugging/node_check.hpp"
#include "harness/debugging/stage_divergence.hpp"
#include "harness/engines/child_process.hpp"

namespace movegen::harness {

/// One cause of mismatches in a fuzz run, with its shortest example: the divergence (of the fewest moves from
/// its root), the game and ply it was found at (ply 0 is the game's start position), the FEN the game started
/// from, and how many mismatches had this cause.
struct FuzzCause {
  /// The name `--keep-going` reports the cause under once and `--ignore` takes. For moves that differ,
  /// Divergence::cause(): the rule of the first differing move as the move judge names it ("castling through
  /// an attacked square"), or "make move: queen capture" for a move played wrongly; for an outside engine's
  /// counts that contradict themselves, "a count that does not add up"; between built-in generators with the
  /// same moves, the check that failed: "board" (FEN, checkers, FEN after a move, unmake), "stages"
  /// (stages_mismatch) or "colour flip" (flip_mismatch).
  std::string cause;
  Divergence divergence;
  int game = 0;
  int ply = 0;
  std::string start_fen;
  int mismatches = 1;
};

/// What a fuzz run did: games started, positions checked between the built-in generators, positions
/// and divide calls the outside engine (--against) got, and the first mismatch (not ignored) with the game and
/// ply it was found at (ply 0 is the game's start position) and the FEN the game started from; with
/// FuzzOptions::keep_going, every cause found, each once, and the mismatches set aside by FuzzOptions::ignore.
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
  std::vector<FuzzCause> causes;  // in the order found; only the first without keep_going
  std::uint64_t ignored = 0;      // mismatches whose cause FuzzOptions::ignore names
};

/// A DivideSource that passes each divide on to another and counts them.
class CountingSource : public DivideSource {
 public:
  explicit CountingSource(DivideSource& inner) : DivideSource(inner.name()), inner_(inner) {}
  /// Divides passed on so far.
  std::uint64_t calls() const { return calls_; }
  std::optional<Generator> builtin() const override { return inner_.builtin(); }
  bool plays_moves() const override { return inner_.plays_moves(); }

 protected:
  DivideResult run_divide(const std::string& fen, const std::vector<std::string>& moves, int depth) override {
    ++calls_;
    return inner_.divide(fen, moves, depth);
  }
  std::optional<std::vector<std::string>> run_captures(const std::string& fen,
                                                       const std::vector<std::string>& moves) override {
    return inner_.captures(fen, moves);
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

/// An empty string if the stages of `pos` (common/staged_generation.hpp) split its legal moves in two: no capture
/// that takes nothing (is_capture), no quiet move that takes a piece, and together its legal moves as a multiset;
/// else what is wrong, moves written in `notation`.
template <ChessPosition P>
std::string stages_mismatch(P& pos, Notation notation) {
  MoveList legal, captures, quiets;
  pos.generate_legal(legal);
  generate_captures(pos, captures);
  generate_quiets(pos, quiets);
  for (Move m : captures)
    if (!is_capture(pos, m)) return to_uci(m, notation) + " is among its captures but takes nothing";
  for (Move m : quiets)
    if (is_capture(pos, m)) return to_uci(m, notation) + " is among its quiet moves but takes a piece";
  std::vector<Move> staged(captures.begin(), captures.end()), all(legal.begin(), legal.end());
  staged.insert(staged.end(), quiets.begin(), quiets.end());
  std::sort(staged.begin(), staged.end()), std::sort(all.begin(), all.end());
  if (staged == all) return {};
  return fmt::format("its {} captures and {} quiet moves are not its {} legal moves", captures.size(), quiets.size(),
                     legal.size());
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
/// counted from options.first_game, in P and in each of Qs. Every game's start position is checked first; then,
/// unless options.from_start, its next rng() % (OPENING_PLIES + 1) plies (drawn before its moves) are played
/// unchecked. At every checked ply nodes_agree(P's position, each Q's) and stages_mismatch of each; at every
/// options.flip_every-th position of a game flip_mismatch for each Q; with `against`, find_divergence between P and
/// it at every options.sample_every-th position of a game (counted per game from 0 after the opening, so that one game
/// replays alone; given the game's start FEN, or the FEN of its first position after the opening and the moves since,
/// so that the unchecked opening is not asked of it); with `against` and a time limit a game also ends when its share
/// of the time (time_seconds / GAMES_IN_A_TIMED_RUN) has passed. `names` holds P's name, then each Q's. Stops at the
/// first mismatch whose cause options.ignore does not name, unless options.keep_going: then a mismatch between the
/// built-in generators ends its game, one of `against` does not, and each cause is kept once (FuzzRun::causes).
/// Throws ExternalError when `against` fails (dies, hangs, breaks its protocol), its message followed by the game,
/// the ply, the FEN of the position and the replay_command of the game to there.
template <ChessPosition P, ChessPosition... Qs>
FuzzRun fuzz_games(const FuzzOptions& options, DivideSource* against, const std::vector<std::string>& names,
                   const std::vector<std::string>& starts = {std::string(START_FEN)});

namespace fuzz_detail {

using Clock = std::chrono::steady_clock;

// What a run's games share: its options and names, the clock, the outside engine, and the tally so far.
template <ChessPosition P>
struct FuzzContext {
  FuzzContext(const FuzzOptions& o, DivideSource* against, const std::vector<std::string>& n)
      : options(o),
        names(n),
        notation(o.chess960 ? Notation::CHESS960 : Notation::CLASSICAL),
        reference(n.at(0), std::nullopt, notation),
        deadline(Clock::now() +
                 std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(o.time_seconds))),
        share_time(against && o.time_seconds > 0),
        game_time(std::chrono::duration_cast<Clock::duration>(
            std::chrono::duration<double>(o.time_seconds / GAMES_IN_A_TIMED_RUN))) {
    if (against) outside.emplace(*against);
  }
  const FuzzOptions& options;
  const std::vector<std::string>& names;
  Notation notation;
  BuiltinSource<P> reference;  // P as a divide source, for find_divergence against the outside engine
  std::optional<CountingSource> outside;
  Clock::time_point deadline;
  bool share_time;  // with an outside engine and --time, each game gets its share of the time
  Clock::duration game_time;
  std::set<Key> against_keys;
  FuzzRun run;
  int game = 0, ply = 0;  // the game being played, and its ply
  std::string start_fen;  // where it started
  bool out_of_time() const { return options.time_seconds > 0 && Clock::now() >= deadline; }
  // Records a mismatch of `cause` found at this game and ply: set aside if options.ignore names its cause, else
  // counted under its cause (a new one, or an example with fewer moves, kept). True if the run stops here: at
  // the first mismatch not ignored, unless options.keep_going.
  bool record(Divergence d, const std::string& cause) {
    if (std::find(options.ignore.begin(), options.ignore.end(), cause) != options.ignore.end())
      return ++run.ignored, false;
    if (!run.divergence) run.divergence = d, run.game = game, run.ply = ply, run.start_fen = start_fen;
    const auto known =
        std::find_if(run.causes.begin(), run.causes.end(), [&](const FuzzCause& k) { return k.cause == cause; });
    if (known == run.causes.end())
      run.causes.push_back({cause, std::move(d), game, ply, start_fen, 1});
    else if (++known->mismatches, d.path.size() < known->divergence.path.size())
      known->divergence = std::move(d), known->game = game, known->ply = ply, known->start_fen = start_fen;
    return !options.keep_going;
  }
  // The outside engine's failure `e` at this game and ply, in position `fen`, with them named and a line that
  // replays the game to there.
  ExternalError in_game(const ExternalError& e, const std::string& fen) const {
    return ExternalError(fmt::format("{} (fuzz game {} at ply {}, position {}; replay: {})", e.what(), game, ply, fen,
                                     replay_command(options, game, ply, start_fen)),
                         e.stderr_tail());
  }
  // The tally of the outside engine's calls and positions, as the run stands.
  void count_against() {
    if (outside) run.against_calls = outside->calls();
    run.against_distinct = against_keys.size();
  }
};

// One game: P's position, each Q's, the moves played (in d.path), and where its checked part starts.
template <ChessPosition P, ChessPosition... Qs>
struct FuzzGame {
  explicit FuzzGame(const FuzzContext<P>& c)
      : a(P::from_fen(c.start_fen)),
        others{Qs::from_fen(c.start_fen)...},
        d(c.names.at(0), c.names.at(1), c.start_fen, {}, c.notation),
        checked_from(c.start_fen) {}
  P a;
  std::tuple<Qs...> others;
  Divergence d;
  std::string checked_from;       // the game's first checked position
  std::size_t opening_moves = 0;  // the moves of d.path played before it
  bool against_checked = false;   // the outside engine was asked in this game

  // Runs check(b) for each other generator b in turn, with d.b_name its name; false at the first failure.
  template <class Check>
  bool each_other(const std::vector<std::string>& names, Check check) {
    std::size_t i = 0;
    return std::apply([&](auto&... b) { return ((d.b_name = names.at(++i), check(b)) && ...); }, others);
  }
};

// A mismatch check_position found: its divergence and cause (FuzzCause::cause), and whether the game ends
// there (between built-in generators, whose boards may differ from then on) or goes on (an outside engine,
// asked afresh at every position).
struct Found {
  Divergence d;
  std::string cause;
  bool ends_game = true;
};

// The checks of a game's position number `in_game` (0 for its start position, and for the first after its
// opening; every check is made at 0): the generators node by node, every flip_every-th position the colour
// flip, every sample_every-th the outside engine. The mismatch, if any.
template <ChessPosition P, ChessPosition... Qs>
std::optional<Found> check_position(FuzzContext<P>& c, FuzzGame<P, Qs...>& g, int in_game) {
  const FuzzOptions& o = c.options;
  ++c.run.positions;
  if (!g.each_other(c.names, [&](auto& b) { return nodes_agree(g.a, b, g.d); })) {
    if (g.d.only_a.empty() && g.d.only_b.empty()) return Found{g.d, "board"};
    judge_differing_moves(g.d, move_times(g.d.only_a), move_times(g.d.only_b));
    return Found{g.d, g.d.cause()};
  }
  // Staged generation, in every generator: its captures and quiet moves split its legal moves.
  const auto stages_agree = [&](auto& pos, const std::string& name) {
    g.d.detail = stages_mismatch(pos, c.notation);
    if (!g.d.detail.empty()) g.d.fen = pos.fen(), g.d.detail = "the stages of " + name + ": " + g.d.detail;
    return g.d.detail.empty();
  };
  if (!stages_agree(g.a, c.names.at(0)) || !g.each_other(c.names, [&](auto& b) { return stages_agree(b, g.d.b_name); }))
    return Found{g.d, "stages"};
  if (o.flip_depth > 0 && in_game % o.flip_every == 0) {
    const bool flips_agree = g.each_other(c.names, [&]<ChessPosition Q>(Q&) {
      g.d.detail = flip_mismatch<P, Q>(g.a, g.d, o.flip_depth);
      return g.d.detail.empty();
    });
    if (!flips_agree) return Found{g.d, "colour flip"};
  }
  if (c.outside && in_game % o.sample_every == 0) {
    ++c.run.against_positions;
    c.against_keys.insert(g.a.key()), g.against_checked = true;
    // The engine is given the moves from the game's start, or from its first checked position after the
    // opening: the opening itself is not checked.
    const std::vector<std::string> since(g.d.path.begin() + long(g.opening_moves), g.d.path.end());
    std::optional<Divergence> d;
    try {
      d = find_divergence(c.reference, *c.outside, g.checked_from, since, o.against_depth);
    } catch (const ExternalError& e) {
      throw c.in_game(e, g.a.fen());
    }
    if (d) return Found{*d, d->cause(), false};
    try {
      d = compare_captures(c.reference, *c.outside, g.checked_from, since);  // if it lists them (--captures-command)
    } catch (const ExternalError& e) {
      throw c.in_game(e, g.a.fen());
    }
    if (d) return Found{*d, d->cause(), false};
  }
  return std::nullopt;
}

// Plays game c.game from c.start_fen, c.ply counting its plies: its start position checked, then (unless
// options.from_start) a random opening unchecked, then every position. True if the run stops in it
// (FuzzContext::record).
template <ChessPosition P, ChessPosition... Qs>
bool play_game(FuzzContext<P>& c) {
  const FuzzOptions& o = c.options;
  std::mt19937_64 rng(game_seed(o.seed, c.game));
  // A random opening, unchecked, so that games reach varied positions (--from: none, checked from the start).
  const int opening = o.from_start ? 0 : std::min(o.plies, int(rng() % (OPENING_PLIES + 1)));
  FuzzGame<P, Qs...> g(c);
  const auto game_deadline = Clock::now() + c.game_time;
  bool stop = false;
  for (c.ply = 0; c.ply <= o.plies && !stop; ++c.ply) {
    if (c.ply > 0 && (c.out_of_time() || (c.share_time && Clock::now() >= game_deadline))) break;
    if (c.ply == opening) g.checked_from = g.a.fen(), g.opening_moves = g.d.path.size();
    if (c.ply == 0 || c.ply >= opening)
      if (std::optional<Found> found = check_position(c, g, c.ply < opening ? 0 : c.ply - opening)) {
        stop = c.record(std::move(found->d), found->cause);
        if (stop || found->ends_game) break;
      }
    MoveList moves;
    g.a.generate_legal(moves);
    if (moves.empty() || c.ply == o.plies) break;
    const Move m = pick_move(g.a, moves, o.bias, rng);
    g.a.make_move(m);
    std::apply([&](auto&... b) { (b.make_move(m), ...); }, g.others);
    g.d.path.push_back(to_uci(m, c.notation));
  }
  c.run.against_games += g.against_checked;
  return stop;
}

}  // namespace fuzz_detail

template <ChessPosition P, ChessPosition... Qs>
FuzzRun fuzz_games(const FuzzOptions& options, DivideSource* against, const std::vector<std::string>& names,
                   const std::vector<std::string>& starts) {
  static_assert(sizeof...(Qs) >= 1, "fuzz_games compares P with at least one other generator");
  fuzz_detail::FuzzContext<P> c(options, against, names);
  for (c.game = options.first_game; c.game - options.first_game < options.games; ++c.game) {
    if (c.out_of_time()) break;
    ++c.run.games;
    c.start_fen = starts.empty() ? chess960_start_fen(int(game_seed(options.seed, c.game) % CHESS960_POSITIONS))
                                 : starts.at(std::size_t(c.game) % starts.size());
    if (fuzz_detail::play_game<P, Qs...>(c)) break;
  }
  c.count_against();
  return c.run;
}

}  // namespace movegen::harness
