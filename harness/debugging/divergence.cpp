#include "harness/debugging/divergence.hpp"

#include <fmt/format.h>
#include <fmt/ostream.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <map>
#include <ostream>
#include <set>

#include "harness/debugging/board_diagnosis.hpp"
#include "harness/debugging/child_positions.hpp"
#include "harness/debugging/node_check.hpp"
#include "mailbox/movegen.hpp"

namespace movegen::harness {

namespace {

// How many times the generator gave each move: the lines naming it, and at depth 1 their counts (a count
// above 1 is a duplicate: a program that merges equal moves into one line). Kept as numbers, never
// expanded: a program may claim 30 million copies of one move. The sources check that counts do not
// overflow when summed.
MoveTimes move_multiplicity(const DivideResult& r, int depth) {
  MoveTimes times;
  for (const auto& [move, count] : r.moves) times[move] += depth == 1 ? count : 1;
  return times;
}

// The moves `a` gives more often than `b`: each surplus move once per extra time up to 3, else once
// with the number of extra times ("e2e4 (5 more times)"; move_of reads the move back).
std::vector<std::string> surplus(const MoveTimes& a, const MoveTimes& b) {
  std::vector<std::string> out;
  for (const auto& [move, n] : a) {
    const auto found = b.find(move);
    const std::uint64_t m = found == b.end() ? 0 : found->second;
    if (n <= m) continue;
    if (n - m <= 3)
      out.insert(out.end(), n - m, move);
    else
      out.push_back(fmt::format("{} ({} more times)", move, n - m));
  }
  return out;
}

std::string times(std::uint64_t n) { return fmt::format("{} time{}", n, n == 1 ? "" : "s"); }

std::string join(const std::vector<std::string>& texts, std::string_view none) {
  return texts.empty() ? std::string(none) : fmt::format("{}", fmt::join(texts, " "));
}

}  // namespace

MoveTimes counts_by_move(const DivideResult& r) {
  MoveTimes counts;
  for (const auto& [move, count] : r.moves) counts[move] += count;
  return counts;
}

std::string move_of(const std::string& entry) { return entry.substr(0, entry.find(' ')); }

std::vector<std::string> multiset_minus(std::vector<std::string> a, std::vector<std::string> b) {
  std::sort(a.begin(), a.end());
  std::sort(b.begin(), b.end());
  std::vector<std::string> out;
  std::set_difference(a.begin(), a.end(), b.begin(), b.end(), std::back_inserter(out));
  return out;
}

std::string fen_after(const std::string& fen, const std::vector<std::string>& moves, Notation notation) {
  try {
    return position_after<MtuPosition<mailbox::Position>>(fen, moves, notation).fen();
  } catch (const std::exception& e) {
    return std::string("(no FEN: the mailbox generator cannot play this line: ") + e.what() + ")";
  }
}

bool divides_differ(const DivideResult& ra, const DivideResult& rb, int depth) {
  if (!ra.listed || !rb.listed) return ra.total != rb.total;  // a total alone: all there is to compare
  return move_multiplicity(ra, depth) != move_multiplicity(rb, depth) || counts_by_move(ra) != counts_by_move(rb);
}

MoveTimes move_times(const std::vector<std::string>& moves) {
  MoveTimes times;
  for (const std::string& m : moves) ++times[m];
  return times;
}

void judge_differing_moves(Divergence& d, const MoveTimes& times_a, const MoveTimes& times_b) {
  d.verdicts.clear();
  for (const auto* only : {&d.only_a, &d.only_b})
    for (const std::string& entry : *only) {
      const std::string move = move_of(entry);
      if (std::any_of(d.verdicts.begin(), d.verdicts.end(), [&](const MoveVerdict& v) { return v.move == move; }))
        continue;
      MoveVerdict v = judge_move(d.fen, move, d.notation);
      const auto in_a = times_a.find(move), in_b = times_b.find(move);
      if (in_a != times_a.end() && in_b != times_b.end())
        v.why = fmt::format("listed {} by {} and {} by {}; {}", times(in_a->second), d.a_name, times(in_b->second),
                            d.b_name, v.why);
      d.verdicts.push_back(std::move(v));
    }
}

namespace {

// Where a side printed a total alone (an engine that prints only totals) at the node `d.path`, whose divides `depth`
// deep are `ra` and `rb` and differ: at depth 1 the numbers of moves are all there is, and `d` is complete with them
// (true); deeper, each such divide is built from the side's totals after each of our moves (divide_from_child_totals),
// and `d` is complete only if none of those differ, yet the totals do.
bool told_by_totals(DivideSource& a, DivideSource& b, Divergence& d, int depth, DivideResult& ra, DivideResult& rb) {
  if (ra.listed && rb.listed) return false;
  const std::string unlisted = ra.listed ? "B prints" : rb.listed ? "A prints" : "A and B print";
  if (depth == 1) {
    d.detail =
        fmt::format("A counts {} moves here and B counts {}; {} only totals, so which moves differ cannot be told",
                    ra.total, rb.total, unlisted);
  } else {
    ra = divide_from_child_totals(a, std::move(ra), d.root_fen, d.path, depth);
    rb = divide_from_child_totals(b, std::move(rb), d.root_fen, d.path, depth);
    if (counts_by_move(ra) != counts_by_move(rb)) return false;  // descend into a move whose totals differ
    d.detail = fmt::format(
        "A counts {} nodes {} deep here and B counts {}, yet their totals {} deep after each of our "
        "legal moves agree: its moves here differ from ours ({} only totals)",
        ra.total, depth, rb.total, depth - 1, unlisted);
  }
  d.totals_only = true;
  d.fen = fen_after(d.root_fen, d.path, d.notation);
  return true;
}

// From the node `d.path` whose divides `depth` deep are `ra` and `rb` (and whose parent gave the counts
// `expected`), descends into a move whose counts differ until the move lists differ, and fills in `d`.
Divergence descend(DivideSource& a, DivideSource& b, Divergence d, int depth, DivideResult ra, DivideResult rb,
                   std::optional<std::pair<std::uint64_t, std::uint64_t>> expected) {
  const std::string& fen = d.root_fen;
  for (;; --depth) {
    if (told_by_totals(a, b, d, depth, ra, rb)) return d;
    const auto ma = move_multiplicity(ra, depth), mb = move_multiplicity(rb, depth);
    d.only_a = surplus(ma, mb);
    d.only_b = surplus(mb, ma);
    if (expected && ra.total != expected->first)
      d.detail = fmt::format("{} counted {} nodes below {} but its divide {} deep from here sums to {}", a.name(),
                             expected->first, d.path.back(), depth, ra.total);
    else if (expected && rb.total != expected->second)
      d.detail = fmt::format("{} counted {} nodes below {} but its divide {} deep from here sums to {}", b.name(),
                             expected->second, d.path.back(), depth, rb.total);
    if (!d.only_a.empty() || !d.only_b.empty() || !d.detail.empty()) {
      d.fen = fen_after(fen, d.path, d.notation);
      d.said_a = ra.said, d.said_b = rb.said;
      judge_differing_moves(d, ma, mb);
      diagnose_board(d, b, "B", rb);
      if (d.wrong_move.empty()) diagnose_board(d, a, "A", ra);
      return d;
    }
    const auto ca = counts_by_move(ra), cb = counts_by_move(rb);
    const auto differing =
        std::find_if(ca.begin(), ca.end(), [&](const auto& e) { return cb.at(e.first) != e.second; });
    if (depth == 1 || differing == ca.end()) break;
    expected = std::pair{differing->second, cb.at(differing->first)};
    d.path.push_back(differing->first);
    d.path_counts.push_back(*expected);
    ra = a.divide(fen, d.path, depth - 1), rb = b.divide(fen, d.path, depth - 1);
  }
  // The counts differed above, yet both agree here: should be unreachable, but never hide it.
  d.fen = fen_after(fen, d.path, d.notation);
  d.detail = "the counts below the last move differed at the parent, yet the divides here agree";
  return d;
}

// The divides of `a` and `b` from (fen, moves) at depth 1..`depth`, asked for lazily: at(d) asks once.
struct Deepening {
  DivideSource &a, &b;
  const std::string& fen;
  const std::vector<std::string>& moves;
  std::map<int, std::pair<DivideResult, DivideResult>> results;
  const std::pair<DivideResult, DivideResult>& at(int depth) {
    auto found = results.find(depth);
    if (found == results.end())
      found = results.emplace(depth, std::pair{a.divide(fen, moves, depth), b.divide(fen, moves, depth)}).first;
    return found->second;
  }
  bool differ(int depth) { return divides_differ(at(depth).first, at(depth).second, depth); }
};

}  // namespace

std::optional<Divergence> find_divergence(DivideSource& a, DivideSource& b, const std::string& fen,
                                          const std::vector<std::string>& moves, int depth) {
  Deepening deepening{a, b, fen, moves, {}};
  if (!deepening.differ(depth)) return std::nullopt;
  int first = 1;
  while (first < depth && !deepening.differ(first)) ++first;
  const auto& [ra, rb] = deepening.at(first);
  Divergence d = descend(a, b, Divergence(a.name(), b.name(), fen, moves, a.notation()), first, ra, rb, std::nullopt);
  d.depth = first;
  return d;
}

std::vector<Divergence> find_all_divergences(DivideSource& a, DivideSource& b, const std::string& fen,
                                             const std::vector<std::string>& moves, int depth) {
  Deepening deepening{a, b, fen, moves, {}};
  std::vector<Divergence> found;
  if (!deepening.differ(depth)) return found;
  if (!deepening.at(depth).first.listed || !deepening.at(depth).second.listed) {  // totals alone: one path to follow
    if (auto d = find_divergence(a, b, fen, moves, depth)) found.push_back(std::move(*d));
    return found;
  }
  std::set<std::string> done;  // root moves already reported
  for (int d = 1; d <= depth; ++d) {
    const auto& [ra, rb] = deepening.at(d);
    const auto ma = move_multiplicity(ra, d), mb = move_multiplicity(rb, d);
    Divergence root(a.name(), b.name(), fen, moves, a.notation());
    root.only_a = surplus(ma, mb), root.only_b = surplus(mb, ma);
    if (!root.only_a.empty() || !root.only_b.empty()) {
      root.fen = fen_after(fen, moves, root.notation);
      root.said_a = ra.said, root.said_b = rb.said;
      judge_differing_moves(root, ma, mb);
      for (const MoveVerdict& v : root.verdicts) {  // one divergence per root move only one side has
        if (!done.insert(v.move).second) continue;
        Divergence one = root;
        std::erase_if(one.only_a, [&](const std::string& m) { return move_of(m) != v.move; });
        std::erase_if(one.only_b, [&](const std::string& m) { return move_of(m) != v.move; });
        one.verdicts = {v};
        one.depth = d;
        found.push_back(std::move(one));
      }
    }
    if (d == 1) continue;
    const auto ca = counts_by_move(ra), cb = counts_by_move(rb);
    for (const auto& [move, count] : ca) {
      const auto other = cb.find(move);
      if (other == cb.end() || other->second == count || !done.insert(move).second) continue;
      Divergence one(a.name(), b.name(), fen, moves, a.notation());
      one.path.push_back(move);
      one.path_counts.push_back({count, other->second});
      std::vector<std::string> below = moves;
      below.push_back(move);
      one = descend(a, b, std::move(one), d - 1, a.divide(fen, below, d - 1), b.divide(fen, below, d - 1),
                    std::pair{count, other->second});
      one.depth = d;
      found.push_back(std::move(one));
    }
  }
  return found;
}

std::string squares_text(Bitboard b) { return "{" + square_names(b) + "}"; }

void print_divergence(std::ostream& out, const Divergence& d, bool verbose) {
  if (!d.board.empty()) fmt::print(out, "board:      {}\n", d.board);  // the cause first
  fmt::print(out, "A:          {}\nB:          {}\n", d.a_name, d.b_name);
  fmt::print(out, "root FEN:   {}\n", d.root_fen);
  if (d.depth > 0) fmt::print(out, "depth:      {} (the smallest at which the divides differ)\n", d.depth);
  if (!d.stage.empty())
    fmt::print(out, "stage:      {} (the divides agree; the lists of this stage differ)\n", d.stage);
  fmt::print(out, "move path:  {}\n", join(d.path, "(none: the root position)"));
  if (!d.path_counts.empty()) {  // the counts that led diff down the path
    std::string counts;
    const std::size_t first = d.path.size() - d.path_counts.size();
    for (std::size_t i = 0; i < d.path_counts.size(); ++i)
      counts +=
          fmt::format("{}{} {}/{}", i ? ", " : "", d.path[first + i], d.path_counts[i].first, d.path_counts[i].second);
    fmt::print(out, "nodes A/B:  {}\n", counts);
  }
  fmt::print(out, "FEN there:  {}\n", d.fen);
  if (!d.verdicts.empty() || !d.board.empty() || d.totals_only) fmt::print(out, "kind:       {}\n", d.cause());
  if (!d.board.empty() && !verbose) {
    const std::size_t n = d.verdicts.size();
    if (n)
      fmt::print(out, "follows:    and {} move difference{} that follow from it (--verbose lists them)\n", n,
                 n == 1 ? "" : "s");
  } else if (!d.totals_only) {  // by totals alone, the detail's counts are all there is
    fmt::print(out, "only A:     {}\n", join(d.only_a, "-"));
    fmt::print(out, "only B:     {}\n", join(d.only_b, "-"));
    for (std::size_t i = 0; i < d.verdicts.size(); ++i) {  // each line names its move
      const MoveVerdict& v = d.verdicts[i];
      fmt::print(out, "{:<12}{}{}\n", i ? "" : "why:", v.why.starts_with(v.move + " ") ? "" : v.move + ": ", v.why);
    }
  }
  if (!d.detail.empty()) fmt::print(out, "detail:     {}\n", d.detail);
  if (!d.through_move.empty())
    fmt::print(out,
               "through:    found through moves played from the position (its own divides agree): the position after "
               "{} ({}), sent as the moves played, {} deep\n",
               d.through_move, d.through_kind, d.through_depth);
  for (const auto& [side, said] : {std::pair{"A", &d.said_a}, std::pair{"B", &d.said_b}})
    for (std::size_t i = 0; i < said->size(); ++i)  // the engine's own words, as printed
      fmt::print(out, "{:<12}{}\n", i ? "" : fmt::format("{} said:", side), (*said)[i]);
}

}  // namespace movegen::harness
