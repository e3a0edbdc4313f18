#include <fmt/format.h>
#include <fmt/ostream.h>

#include <chrono>
#include <climits>
#include <memory>
#include <ostream>

#include "common/epd.hpp"
#include "harness/cli/cli.hpp"
#include "harness/cli/commands.hpp"
#include "harness/cli/json_output.hpp"
#include "harness/cli/options.hpp"
#include "harness/debugging/diff_report.hpp"
#include "harness/debugging/fuzz.hpp"
#include "harness/engines/child_process.hpp"

namespace movegen::harness {

namespace {

// The FENs games start from, game g from the (g mod count)-th: --fen, --epd, none with --chess960 (random
// Chess960 start positions), the bundled suite with --against, else the start position.
std::vector<std::string> start_positions(const FuzzOptions& o) {
  if (!o.fen.empty()) {
    (void)mailbox::Position::from_fen(o.fen);  // throws FenError before anything runs
    return {o.fen};
  }
  if (o.chess960 && o.epd.empty()) return {};
  const std::string epd = !o.epd.empty() ? o.epd : !o.against.empty() ? default_suite_path() : "";
  if (epd.empty()) return {std::string(START_FEN)};
  std::vector<std::string> fens;
  for (const EpdEntry& e : load_suite(epd))
    if (e.refused.empty()) fens.push_back(e.fen);
  return fens;
}

// A divergence as `diff --json` gives it, with the two generators' names and the game's start added.
nlohmann::json mismatch_json(const Divergence& d) {
  nlohmann::json j = divergence_json(d);
  j["a"] = d.a_name, j["b"] = d.b_name, j["root_fen"] = d.root_fen;
  return j;
}

// The options that say how --against is spoken to, those not at their defaults, as command-line words.
std::string engine_option_words(const EngineOptions& e) {
  const EngineOptions defaults;
  std::string words;
  if (e.perft_command != defaults.perft_command) words += " --perft-command " + shell_quote(e.perft_command);
  if (e.position_command != defaults.position_command)
    words += " --position-command " + shell_quote(e.position_command);
  if (!e.captures_command.empty()) words += " --captures-command " + shell_quote(e.captures_command);
  if (e.strict) words += " --strict";
  if (e.shredder_fen) words += " --shredder-fen";
  return words;
}

}  // namespace

// Fewer distinct positions than this, checked against an outside engine, earn a note on what to change.
constexpr std::uint64_t FEW_POSITIONS = 200;

std::string replay_command(const FuzzOptions& o, int game, int ply, const std::string& start_fen) {
  std::string line =
      fmt::format("movegen fuzz --seed {} --first-game {} --games 1 --plies {} --bias {}", o.seed, game, ply, o.bias);
  if (start_fen != START_FEN) line += " --fen " + shell_quote(start_fen);
  if (o.chess960) line += " --chess960";
  if (o.from_start) line += " --from";
  line += fmt::format(" --flip-depth {} --flip-every {}", o.flip_depth, o.flip_every);
  if (!o.against.empty())
    line += fmt::format(" --against {} --against-every {} --against-depth {} --timeout {}", shell_quote(o.against),
                        o.sample_every, o.against_depth, o.timeout_seconds) +
            engine_option_words(o.engine);
  for (const std::string& cause : o.ignore) line += " --ignore " + shell_quote(cause);
  if (o.keep_going) line += " --keep-going";
  return line;
}

namespace {

// The "parse" step's checks: every option in range before a game is played.
void check_fuzz_options(const FuzzOptions& options) {
  if (options.games < 1) throw UsageError(fmt::format("bad --games: {} is not a positive count", options.games));
  if (options.plies < 0) throw UsageError(fmt::format("bad --plies: {} is negative", options.plies));
  if (options.bias < 0 || options.bias > 100)
    throw UsageError(fmt::format("bad --bias: {} is outside 0..100 percent", options.bias));
  if (!(options.time_seconds >= 0 && options.time_seconds <= MAX_TIMEOUT_SECONDS))
    throw UsageError(fmt::format("bad --time: {} is outside 0..{} seconds", options.time_seconds, MAX_TIMEOUT_SECONDS));
  if (options.flip_depth < 0 || options.flip_depth > 4)
    throw UsageError(fmt::format("bad --flip-depth: {} is outside 0..4", options.flip_depth));
  if (options.flip_every < 1)
    throw UsageError(fmt::format("bad --flip-every: {} is not a positive count", options.flip_every));
  if (options.sample_every < 1)
    throw UsageError(fmt::format("bad --against-every: {} is not a positive count", options.sample_every));
  if (!options.fen.empty() && !options.epd.empty()) throw UsageError("bad --epd: it cannot be combined with --fen");
  require_depth(options.against_depth, "--against-depth", 1);
  for (const std::string& cause : options.ignore)
    if (cause.empty()) throw UsageError("bad --ignore: a cause is needed (as a report names it), not an empty text");
}

// A finished fuzz run: the options it ran with (Chess960 set if a start position needs it), its start
// positions, the generators checked, the outside engine, what was found and how long it took.
struct FuzzReport {
  FuzzOptions options;
  std::vector<std::string> starts, names;
  std::unique_ptr<DivideSource> against;
  FuzzRun run;
  double seconds = 0;
  double per_second() const { return seconds > 0 ? run.positions / seconds : 0.0; }
  std::string replay() const { return run.divergence ? replay_command(options, run.game, run.ply, run.start_fen) : ""; }
  std::string replay(const FuzzCause& k) const { return replay_command(options, k.game, k.ply, k.start_fen); }
};

// The JSON document of a fuzz run (docs/json.md, "fuzz").
nlohmann::json fuzz_json(const FuzzReport& r) {
  const FuzzOptions& options = r.options;
  const FuzzRun& run = r.run;
  nlohmann::json doc = {{"command", "fuzz"},
                        {"seed", options.seed},
                        {"games", run.games},
                        {"plies", options.plies},
                        {"bias", options.bias},
                        {"opening_plies", options.from_start ? 0 : OPENING_PLIES},
                        {"start_positions", r.starts.empty() ? std::size_t(CHESS960_POSITIONS) : r.starts.size()},
                        {"generators", r.names},
                        {"positions", run.positions},
                        {"seconds", r.seconds},
                        {"positions_per_second", r.per_second()},
                        {"against", nullptr},
                        {"mismatch", nullptr},
                        {"causes", nlohmann::json::array()},
                        {"ignored", run.ignored}};
  if (r.against)
    doc["against"] = {{"spec", r.against->name()},
                      {"every", options.sample_every},
                      {"depth", options.against_depth},
                      {"positions", run.against_positions},
                      {"distinct_positions", run.against_distinct},
                      {"games", run.against_games},
                      {"calls", run.against_calls}};
  if (run.divergence)
    doc["mismatch"] = {{"game", run.game},
                       {"ply", run.ply},
                       {"start_fen", run.start_fen},
                       {"replay", r.replay()},
                       {"divergence", mismatch_json(*run.divergence)}};
  for (const FuzzCause& k : run.causes)
    doc["causes"].push_back({{"cause", k.cause},
                             {"mismatches", k.mismatches},
                             {"game", k.game},
                             {"ply", k.ply},
                             {"start_fen", k.start_fen},
                             {"replay", r.replay(k)},
                             {"divergence", mismatch_json(k.divergence)}});
  return doc;
}

// With --keep-going: the mismatches by cause, a table, then each cause's shortest example with its replay line.
void print_causes(std::ostream& out, const FuzzReport& r, const std::string& ignored) {
  int mismatches = 0;
  std::size_t width = 5;  // "cause"
  for (const FuzzCause& k : r.run.causes) mismatches += k.mismatches, width = std::max(width, k.cause.size());
  const std::size_t n = r.run.causes.size();
  fmt::print(out, "MISMATCHES: {} in all, of {} cause{}{} (seed {})\n\n", mismatches, n, n == 1 ? "" : "s", ignored,
             r.options.seed);
  fmt::print(out, "{:<{}}{:>12}  shortest example\n", "cause", width, "mismatches");
  for (const FuzzCause& k : r.run.causes)
    fmt::print(out, "{:<{}}{:>12}  game {} at ply {}\n", k.cause, width, k.mismatches, k.game, k.ply);
  for (const FuzzCause& k : r.run.causes) {
    fmt::print(out, "\n{}: shortest example, game {} at ply {}; replay: {}\n", k.cause, k.game, k.ply, r.replay(k));
    print_divergence(out, k.divergence);
  }
}

// The text report of a fuzz run.
void print_fuzz_report(std::ostream& out, const FuzzReport& r) {
  const FuzzRun& run = r.run;
  std::string checked = r.names[0];
  for (std::size_t i = 1; i < r.names.size(); ++i) checked += " vs " + r.names[i];
  fmt::print(out, "fuzz {}: {} positions in {} games checked in {:.2f} s ({:.0f} positions/s), seed {}\n", checked,
             run.positions, run.games, r.seconds, r.per_second(), r.options.seed);
  if (r.against) {
    const std::string name = r.against->name();
    fmt::print(out, "{}: {} positions checked at depth {} (every {}), in {} calls\n", name, run.against_positions,
               r.options.against_depth, r.options.sample_every, run.against_calls);
    fmt::print(out, "{}: {} distinct positions in {} games\n", name, run.against_distinct, run.against_games);
    if (run.against_distinct < FEW_POSITIONS && !run.divergence && run.against_calls > 0)
      fmt::print(out,
                 "note: few positions for an engine this slow ({:.0f} ms a call): a longer --time, --against-every "
                 "N, --against-depth 1 or --plies 16 check more\n",
                 r.seconds * 1000 / double(run.against_calls));
  }
  const std::string ignored = run.ignored ? fmt::format(" ({} ignored: --ignore)", run.ignored) : "";
  if (!run.divergence) {
    fmt::print(out, "no mismatch{}\n", ignored);
    return;
  }
  if (!r.options.keep_going) {
    if (!ignored.empty()) fmt::print(out, "{} mismatches ignored (--ignore) before this one\n", run.ignored);
    fmt::print(out, "MISMATCH in game {} at ply {} (seed {}); replay: {}\n", run.game, run.ply, r.options.seed,
               r.replay());
    print_divergence(out, *run.divergence);
    return;
  }
  print_causes(out, r, ignored);
}

}  // namespace

int run_fuzz(const FuzzOptions& given, std::ostream& out, std::ostream& err) {
  check_fuzz_options(given);
  FuzzReport r;
  r.options = given;
  r.starts = start_positions(r.options);
  for (const std::string& fen : r.starts) r.options.chess960 |= notation_for(fen, false) == Notation::CHESS960;
  if (!r.options.against.empty())
    r.against = make_divide_source(r.options.against, timeout_from_seconds(r.options.timeout_seconds),
                                   r.options.chess960 ? Notation::CHESS960 : Notation::CLASSICAL, r.options.engine);
  // Every built-in generator, each checked against the first (the plain mailbox) at every ply.
  for (Generator g : all_generators()) r.names.push_back(generator_name(g));
  const auto start = std::chrono::steady_clock::now();
  r.run = with_all_generators([&]<ChessPosition... Ps>() {
    return fuzz_games<Ps...>(r.options, r.against.get(), r.names, r.starts);
  });
  r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (r.options.json)
    print_json(out, fuzz_json(r));
  else
    print_fuzz_report(out, r);
  if (r.against)  // what the harness does differently for the engine, as diff says it
    for (const std::string& note : r.against->notes()) fmt::print(err, "note: {} {}\n", r.against->name(), note);
  return r.run.divergence ? 1 : 0;
}

Subcommand add_fuzz_command(CLI::App& app) {
  auto options = std::make_shared<FuzzOptions>();
  CLI::App* cmd = app.add_subcommand("fuzz", "random games cross-checking the built-in generators");
  CLI::Option* games = add_count_option(*cmd, "--games", options->games, 1, INT_MAX, "games to play");
  add_count_option(*cmd, "--plies", options->plies, 0, INT_MAX, "moves a game at most");
  CLI::Option* time =
      add_seconds_option(*cmd, "--time", options->time_seconds, "play until this many seconds have passed")
          ->default_str("");
  add_seed_option(*cmd, options->seed, "the run's seed; each game's seed is derived from it and the game number");
  add_count_option(*cmd, "--first-game", options->first_game, 0, INT_MAX, "number of the first game (to replay one)");
  CLI::Option* fen = cmd->add_option("--fen", options->fen, "start every game here");
  cmd->add_option("--epd", options->epd, "start games from this EPD file's positions in turn")->excludes(fen);
  add_count_option(*cmd, "--bias", options->bias, 0, 100,
                   "percent of moves drawn from captures, checks, castling, en passant, promotions, double pushes");
  add_count_option(*cmd, "--flip-depth", options->flip_depth, 0, 4, "perft depth for the colour-flip check, 0 off");
  add_count_option(*cmd, "--flip-every", options->flip_every, 1, INT_MAX, "positions between colour-flip checks");
  cmd->add_option("--against", options->against,
                  "also check this generator spec (games start from the bundled suite unless --fen or --epd)");
  add_count_option(*cmd, "--against-every,--sample-every", options->sample_every, 1, INT_MAX,
                   "positions between checks of --against (1: every position)");
  add_count_option(*cmd, "--against-depth", options->against_depth, 1, MAX_DEPTH, "divide depth for --against");
  add_timeout_option(*cmd, options->timeout_seconds, "seconds --against may take for one reply");
  add_engine_options(*cmd, options->engine);
  add_json_flag(*cmd, options->json);
  add_chess960_flag(*cmd, options->chess960);
  cmd->add_flag("--from", options->from_start,
                "check every position of each game, without the random opening of 0..8 unchecked plies that follows "
                "its start position");
  cmd->add_flag("--keep-going", options->keep_going,
                "go on past a mismatch and report each cause once, with its shortest example (a cause: the rule "
                "of the first differing move as the report's `kind:` line names it, or board, stages, colour flip)");
  cmd->add_option("--ignore", options->ignore,
                  "set a known cause aside (as --keep-going or the `kind:` line names it, e.g. 'castling out of "
                  "check'); repeatable")
      ->type_name("CAUSE")
      ->expected(1)
      ->take_all();
  return {cmd, [options, games, time](std::ostream& out, std::ostream& err) {
            FuzzOptions o = *options;
            if (time->count() > 0 && games->count() == 0) o.games = INT_MAX;  // --time alone bounds the run
            return run_fuzz(o, out, err);
          }};
}

}  // namespace movegen::harness
