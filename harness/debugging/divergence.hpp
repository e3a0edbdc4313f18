// Finding where two generators first disagree, and reporting it.
//
//   auto a = make_divide_source("mailbox", timeout), b = make_divide_source("uci:/usr/games/stockfish", timeout);
//   if (auto d = find_divergence(*a, *b, fen, {}, 4)) print_divergence(std::cout, *d);
#pragma once

#include <cstdint>
#include <iosfwd>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "harness/engines/divide_source.hpp"
#include "harness/moves/move_kind.hpp"

namespace movegen::harness {

/// The cause of a divergence told by totals alone (Divergence::totals_only).
inline constexpr const char* TOTALS_ONLY_CAUSE = "a count that differs, told by totals alone";

/// Where two generators, named `a_name` and `b_name`, disagree: the position reached from `root_fen` by `path`, its
/// FEN, the moves only one of them generates there (as many times as it generates them beyond the other), and `detail`
/// for a disagreement that is not about the move list (FEN after a move, checkers, a generator whose counts contradict
/// themselves).
struct Divergence {
  Divergence() = default;
  Divergence(std::string a, std::string b, std::string root, std::vector<std::string> moves = {},
             Notation move_notation = Notation::CLASSICAL)
      : a_name(std::move(a)),
        b_name(std::move(b)),
        root_fen(std::move(root)),
        path(std::move(moves)),
        notation(move_notation) {}

  std::string a_name = "A";
  std::string b_name = "B";
  std::string root_fen;
  std::vector<std::string> path;
  Notation notation = Notation::CLASSICAL;  // how the path's and the lists' castling moves are written
  std::vector<std::pair<std::uint64_t, std::uint64_t>> path_counts;  // A's and B's count below each move
                                                                     // of the path that diff descended into
  std::string fen;
  std::vector<std::string> only_a;
  std::vector<std::string> only_b;
  std::string detail;
  int depth = 0;  // the smallest divide depth from the root at which A and B differ
  /// The stage of staged generation whose lists differ ("captures": compare_captures, stage_divergence.hpp), in which
  /// only_a and only_b are that stage's moves; "" when the divides differ.
  std::string stage;
  std::vector<MoveVerdict> verdicts;  // one per distinct move of only_a, then of only_b (judge_move)
  /// A make-move bug, when one side's moves here imply a board other than ours: the move of `path` it
  /// plays wrongly (its answers through the moves and from the FEN differ from that move on), "" if none;
  /// `wrong_side` "A" or "B", and `board` the sentence that says so with the squares involved.
  std::string wrong_move;
  std::string wrong_side;
  std::string wrong_rule;  // the wrong move's rule (MoveVerdict::rule), in the position before it, or "the side to
                           // move after it" when that is what differs, whatever the move
  std::string board;
  /// What A and B printed besides their divides in their replies where the lists differ (DivideResult::said):
  /// an engine's `info string` lines, quoted in the report as its own words.
  std::vector<std::string> said_a, said_b;
  /// Found through moves (compare_through_moves, child_positions.hpp): the move played from the position checked,
  /// whose divides agree, after which A and B differ when sent it as a move; its kind ("castling"); the depth asked
  /// after it. "" and 0 when found from the position itself.
  std::string through_move, through_kind;
  int through_depth = 0;
  /// Told by totals alone: a side prints no move lines (DivideResult::listed), so at `fen` only its count is known
  /// (`detail` gives both); cause() is then TOTALS_ONLY_CAUSE.
  bool totals_only = false;

  /// The kind of the divergence: MAKE_MOVE for a move played wrongly, COUNT when no move differs (a
  /// `detail` only), else the kind of the first differing move (only A's first).
  MoveKind kind() const {
    if (!wrong_move.empty()) return MoveKind::MAKE_MOVE;
    return verdicts.empty() ? MoveKind::COUNT : verdicts.front().kind;
  }
  /// Its cause, the one word for it in every report (per-position lines, examples, groups, JSON `kind` and
  /// `cause`): "make move: knight move" for a move played wrongly, else the rule of the first differing
  /// move (MoveVerdict::rule), "a count that does not add up" for a detail only; for a stage, the stage before
  /// it: "captures: legal en passant".
  std::string cause() const {
    if (!wrong_move.empty()) return "make move: " + wrong_rule;
    if (totals_only) return TOTALS_ONLY_CAUSE;
    const std::string rule = verdicts.empty() ? "a count that does not add up" : verdicts.front().rule;
    return stage.empty() ? rule : stage + ": " + rule;
  }
};

/// How many times a generator gave each move at one node: UCI text to count.
using MoveTimes = std::map<std::string, std::uint64_t>;

/// True if two divides `depth` deep differ: a move one gives more often than the other (counted as at depth 1
/// from the move lines, or from the counts at depth 1), or a move whose counts differ.
bool divides_differ(const DivideResult& ra, const DivideResult& rb, int depth);

/// Each move's node count in divide `r` (a move listed twice: the sum of its lines).
MoveTimes counts_by_move(const DivideResult& r);

/// The move of an entry of Divergence::only_a or only_b: "e2e4" from "e2e4" or "e2e4 (5 more times)".
std::string move_of(const std::string& entry);

/// Each move text of `moves` with the number of times it occurs.
MoveTimes move_times(const std::vector<std::string>& moves);

/// Fills `d.verdicts` from d.only_a and d.only_b: judge_move in d.fen for each distinct move, and for a
/// move that both generate, but one more often (`times_a`, `times_b`: the counts at that node), a `why`
/// that says so first.
void judge_differing_moves(Divergence& d, const MoveTimes& times_a, const MoveTimes& times_b);

/// Compares the divides of `a` and `b` `depth` plies deep (1..MAX_DEPTH) from `fen` after `moves`; if they
/// differ, finds the smallest depth at which they differ (asking again at 1, 2, ...) and from there
/// descends into a move whose counts differ (the first in UCI text order), one divide per side and ply,
/// until the shallowest position on that line whose legal move lists differ as multisets: the shortest
/// move path that shows a difference. A generator whose divide below a move does not sum to the count it
/// gave for that move is reported too. The differing moves are judged (judge_differing_moves).
/// std::nullopt when the divides agree (one divide per side). Throws what DivideSource::divide throws.
std::optional<Divergence> find_divergence(DivideSource& a, DivideSource& b, const std::string& fen,
                                          const std::vector<std::string>& moves, int depth);

/// Like find_divergence, but goes on past the first: one divergence per root move that differs, each
/// with its own shortest path (a root move only one side generates is one divergence with an empty path).
/// Empty when the divides agree. Costs every divide depth 1..`depth` once per side, then one descent per
/// differing root move.
std::vector<Divergence> find_all_divergences(DivideSource& a, DivideSource& b, const std::string& fen,
                                             const std::vector<std::string>& moves, int depth);

/// The FEN after `moves` (castling written as `notation` says) from `fen` as the mailbox generator plays
/// them, or a note saying why there is none.
std::string fen_after(const std::string& fen, const std::vector<std::string>& moves,
                      Notation notation = Notation::CLASSICAL);

/// The moves of `a` missing from `b`, as multisets: each move as many times as `a` has it more than `b`.
std::vector<std::string> multiset_minus(std::vector<std::string> a, std::vector<std::string> b);

/// Prints the report: for a move played wrongly the `board:` line first, naming it; then A's and B's names,
/// root FEN, the depth at which they first differ, move path (with A's and B's node counts below each move
/// diff descended into), FEN there, moves only A generates, moves only B generates, the kind (its cause)
/// and a line per differing move saying why it is legal or not, and the detail if any. For a move played
/// wrongly the differing moves, which follow from it, are one line "and N move differences that follow
/// from it" unless `verbose`; then what each side said besides its divide there (`B said:`).
void print_divergence(std::ostream& out, const Divergence& d, bool verbose = false);

/// Squares of a bitboard as text, "{e1, g8}", "{}" for none.
std::string squares_text(Bitboard b);

}  // namespace movegen::harness
