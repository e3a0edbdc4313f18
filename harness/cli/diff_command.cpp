#include <fmt/format.h>
#include <fmt/ostream.h>

#include <chrono>
#include <memory>
#include <ostream>

#include "common/epd.hpp"
#include "harness/cli/cli.hpp"
#include "harness/cli/commands.hpp"
#include "harness/cli/debug_commands.hpp"
#include "harness/cli/json_output.hpp"
#include "harness/cli/options.hpp"
#include "harness/debugging/child_positions.hpp"
#include "harness/debugging/diff_report.hpp"
#include "harness/debugging/divergence.hpp"
#include "harness/debugging/failure_descent.hpp"
#include "harness/debugging/node_check.hpp"
#include "harness/debugging/stage_divergence.hpp"
#include "harness/engines/child_process.hpp"
#include "harness/engines/external_sources.hpp"

namespace movegen::harness {

namespace {

// Between two built-in generators: every node of the tree compared, not only the counts, depth 1, 2, ...
// so that the first disagreement found is one of the shallowest.
std::optional<Divergence> compare_builtin_trees(Generator ga, Generator gb, const std::string& fen,
                                                const std::vector<std::string>& moves, int depth, Notation notation) {
  for (int d = 1; d <= depth; ++d) {
    const std::unique_ptr<AnyPosition> a = generator_ops(ga).position(fen, moves, notation);
    const std::unique_ptr<AnyPosition> b = generator_ops(gb).position(fen, moves, notation);
    Divergence found(generator_name(ga), generator_name(gb), fen, moves, notation);
    if (trees_agree(*a, *b, d, found)) continue;
    found.depth = d;  // a and b stand where they disagree
    judge_differing_moves(found, move_times(legal_move_texts(*a, notation)),
                          move_times(legal_move_texts(*b, notation)));
    return found;
  }
  return std::nullopt;
}

// Every check of one position, in turn until one differs: the divides (every differing root move with `all`), every
// node between two built-in generators, the captures where both list them, and (unless `through` is off) the
// positions after a move of each kind asked through the moves, for an engine sent moves.
std::vector<Divergence> compare(DivideSource& a, DivideSource& b, const std::string& fen,
                                const std::vector<std::string>& moves, int depth, bool all, bool through) {
  if (all) {
    if (auto found = find_all_divergences(a, b, fen, moves, depth); !found.empty()) return found;
  } else if (auto d = find_divergence(a, b, fen, moves, depth)) {
    return {*d};
  }
  if (a.builtin() && b.builtin())
    if (auto d = compare_builtin_trees(*a.builtin(), *b.builtin(), fen, moves, depth, a.notation())) return {*d};
  if (auto d = compare_captures(a, b, fen, moves)) return {*d};  // where both list their captures
  if (!through) return {};
  if (auto d = compare_through_moves(a, b, fen, moves, depth)) return {*d};
  return {};
}

// The "parse" step: the positions a diff run checks, from --fen and --moves or every position of --epd, each
// with the depth it is checked to (an EPD position no deeper than its deepest count).
std::vector<DiffOutcome> diff_positions(const DiffOptions& options) {
  require_depth(options.depth, "--depth", 1);
  if (!options.epd.empty() && (!options.fen.empty() || !options.moves.empty()))
    throw UsageError("bad --epd: it cannot be combined with --fen or --moves");
  std::vector<DiffOutcome> outcomes;
  if (options.epd.empty()) {
    outcomes.push_back({options.fen.empty() ? std::string(START_FEN) : options.fen,
                        options.moves,
                        0,
                        options.depth,
                        {},
                        "",
                        "",
                        {},
                        {}});
    return outcomes;
  }
  for (const EpdEntry& e : load_suite(options.epd)) {
    int deepest = 1;
    for (const PerftCount& c : e.counts) deepest = std::max(deepest, c.depth);
    outcomes.push_back({e.fen, {}, e.line, std::min(options.depth, deepest), {}, "", e.refused, {}, {}});
  }
  return outcomes;
}

// One notation for every position: Chess960's if asked for or if any position needs it. Every position is
// then loaded by every generator, whatever the two compared are: an external engine may silently drop an
// illegal move or count a position that cannot arise, and two such engines would "agree".
Notation checked_notation(const std::vector<DiffOutcome>& outcomes, bool chess960) {
  Notation notation = chess960 ? Notation::CHESS960 : Notation::CLASSICAL;
  for (const DiffOutcome& o : outcomes)
    if (o.refused.empty() && notation_for(o.fen, false) == Notation::CHESS960) notation = Notation::CHESS960;
  for (const DiffOutcome& o : outcomes)
    for (Generator g : all_generators())
      if (o.refused.empty()) (void)generator_ops(g).position(o.fen, o.moves, notation);
  return notation;
}

// The two sources of a diff run: each started afresh after a failure, so that diff can ask again where it fails.
struct DiffPair {
  std::unique_ptr<RestartingSource> a, b;
};

DiffPair diff_pair(const DiffOptions& options, Notation notation) {
  const std::chrono::milliseconds timeout = timeout_from_seconds(options.timeout_seconds);
  const auto source = [&](const std::string& spec) {
    return std::make_unique<RestartingSource>(spec, [spec, timeout, notation, engine = options.engine] {
      return make_divide_source(spec, timeout, notation, engine);
    });
  };
  return {source(options.a), source(options.b)};
}

// With --epd, for a position whose answers differ: each outside side of the pair whose answer to the position's
// query depended on the queries its process was asked before (`asked_a`, `asked_b` of them: check_history).
std::vector<HistoryEffect> history_effects(DiffPair& pair, std::size_t asked_a, std::size_t asked_b,
                                           const DiffOutcome& o) {
  std::vector<HistoryEffect> effects;
  Query query{o.fen, o.moves, o.depth};
  if (const Divergence& d = o.divergences.front(); !d.through_move.empty())  // the query after the move that differs
    query.moves.push_back(d.through_move), query.depth = d.through_depth;
  for (auto [x, side, other, asked] :
       {std::tuple{pair.a.get(), "A", pair.b.get(), asked_a}, std::tuple{pair.b.get(), "B", pair.a.get(), asked_b}}) {
    const std::vector<Query>& log = x->queries();
    const std::vector<Query> earlier(log.begin(), log.begin() + long(std::min(asked, log.size())));
    if (auto h = check_history(*x, side, *other, earlier, query)) effects.push_back(std::move(*h));
  }
  return effects;
}

// The "run" step for one position: its divergences, or the failure of a program that died, hung or broke its
// protocol, located by descending to the position where it fails. With one position (no --epd) the failure is
// reported and thrown; over a suite the failing program is started afresh for the next position.
void check_position(const DiffOptions& options, DiffPair& pair, std::vector<DiffOutcome>& outcomes, DiffOutcome& o,
                    Notation notation, std::ostream& out) {
  RestartingSource &a = *pair.a, &b = *pair.b;
  const std::size_t asked_a = a.queries().size(), asked_b = b.queries().size();
  try {
    o.divergences = compare(a, b, o.fen, o.moves, o.depth, options.all, options.through_moves);
    if (!options.epd.empty() && !o.divergences.empty()) o.history = history_effects(pair, asked_a, asked_b, o);
  } catch (const ExternalError& e) {
    o.error = e.what();
    RestartingSource& failing = a.failed() ? a : b;
    o.failure = locate_failure(failing, a.failed() ? "A" : "B", o.fen, o.moves, o.depth, notation);
    if (o.failure) o.error = failure_line(*o.failure);
    if (options.epd.empty()) {  // one position: the report, and its error is the answer
      if (o.failure && options.json) print_json(out, diff_json(outcomes, a.name(), b.name()));
      if (o.failure && !options.json) print_failure(out, *o.failure, a.name(), b.name());
      throw ExternalError(o.failure ? failure_line(*o.failure, false) : o.error);  // the report holds the error
    }
    a.restart_if_failed(), b.restart_if_failed();  // if one cannot be started again, the run stops
  }
}

// The "report" step: JSON, the suite's summary, or one position's divergences.
void report_diff(const DiffOptions& options, const std::vector<DiffOutcome>& outcomes, const DiffPair& pair,
                 std::ostream& out) {
  const std::string a = pair.a->name(), b = pair.b->name();
  if (options.json) {
    print_json(out, diff_json(outcomes, a, b));
  } else if (!options.epd.empty()) {
    print_diff_summary(out, outcomes, a, b, options.verbose);
  } else if (const DiffOutcome& o = outcomes.front(); o.divergences.empty()) {
    fmt::print(out, "{} and {} agree at depth {} from {}\n", a, b, o.depth, o.fen);
  } else {
    for (std::size_t i = 0; i < o.divergences.size(); ++i)
      fmt::print(out, "{}", i ? "\n" : ""), print_divergence(out, o.divergences[i], options.verbose);
  }
}

}  // namespace

int run_diff(const DiffOptions& options, std::ostream& out, std::ostream& err) {
  std::optional<AllowImpossibleCheck> allowed;  // for the whole run: loading the suite and every position
  if (options.allow_impossible_check) allowed.emplace();
  std::vector<DiffOutcome> outcomes = diff_positions(options);
  const Notation notation = checked_notation(outcomes, options.chess960);
  DiffPair pair = diff_pair(options, notation);

  const auto start = std::chrono::steady_clock::now();
  std::size_t divergent = 0, failed = 0;
  for (DiffOutcome& o : outcomes) {
    if (o.refused.empty()) check_position(options, pair, outcomes, o, notation, out);
    divergent += !o.divergences.empty(), failed += !o.error.empty();
    if (!options.json && (!o.refused.empty() || !options.epd.empty())) print_outcome_line(out, o);
  }
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  report_diff(options, outcomes, pair, out);
  for (const auto& [side, source] : {std::pair{"A", pair.a.get()}, std::pair{"B", pair.b.get()}})
    for (const std::string& note : source->notes()) fmt::print(err, "note: {} ({}) {}\n", side, source->name(), note);
  fmt::print(err, "diff: {:.2f} s\n", seconds);
  if (failed) {
    fmt::print(err, "movegen: {} of {} positions could not be checked: an external program failed (see the report)\n",
               failed, outcomes.size());
    return 2;
  }
  return divergent == 0 ? 0 : 1;
}

Subcommand add_diff_command(CLI::App& app) {
  auto options = std::make_shared<DiffOptions>();
  CLI::App* cmd = app.add_subcommand("diff", "find the first position where two generators disagree");
  CLI::Option* fen = cmd->add_option("--fen", options->fen, "root position (default: the start position)");
  cmd->add_option("--epd", options->epd, "check every position of an EPD file instead")->excludes(fen);
  cmd->add_option("--moves", options->moves, "UCI moves played from the FEN first")->expected(1, -1);
  add_count_option(*cmd, "--depth", options->depth, 1, MAX_DEPTH, "divide depth, 1..15");
  add_timeout_option(*cmd, options->timeout_seconds, "seconds an external program may take for one reply");
  add_engine_options(*cmd, options->engine);
  cmd->add_flag("--all", options->all, "report every differing root move, each with its own shortest path");
  cmd->add_flag("!--no-through-moves", options->through_moves,
                "do not ask an engine sent moves ({moves}), where the divides agree, for the positions after one move "
                "of each kind (quiet, double push, capture, en passant, castling, promotion) sent as moves played, "
                "depth - 1 (at most 2) deep, which tests its handling of 'position ... moves'");
  add_chess960_flag(*cmd, options->chess960);
  add_allow_impossible_check_flag(*cmd, options->allow_impossible_check);
  add_json_flag(*cmd, options->json);
  cmd->add_flag("--verbose", options->verbose,
                "list the move differences that follow from a move played wrongly (JSON always lists them)");
  cmd->add_option("a", options->a, "generator: " + generator_names() + ", " + std::string(EXTERNAL_SPECS))->required();
  cmd->add_option("b", options->b, "the generator to compare with")->required();
  return {cmd, [options](std::ostream& out, std::ostream& err) { return run_diff(*options, out, err); }};
}

}  // namespace movegen::harness
