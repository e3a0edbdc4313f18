#include "harness/divergence.hpp"

#include <fmt/format.h>
#include <fmt/ostream.h>

#include <algorithm>
#include <map>
#include <ostream>

#include "mailbox/position.hpp"

namespace movegen::harness {

namespace {

// How many times the generator gave each move: the lines naming it, and at depth 1 their counts (a count
// above 1 is a duplicate: a program that merges equal moves into one line). Kept as numbers, never
// expanded: a program may claim 30 million copies of one move. The sources check that counts do not
// overflow when summed.
std::map<std::string, std::uint64_t> move_multiplicity(const DivideResult& r, int depth) {
  std::map<std::string, std::uint64_t> times;
  for (const auto& [move, count] : r.moves) times[move] += depth == 1 ? count : 1;
  return times;
}

// The moves `a` gives more often than `b`: each surplus move once per extra time up to 3, else once
// with the number of extra times.
std::vector<std::string> surplus(const std::map<std::string, std::uint64_t>& a,
                                 const std::map<std::string, std::uint64_t>& b) {
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

std::map<std::string, std::uint64_t> counts_by_move(const DivideResult& r) {
  std::map<std::string, std::uint64_t> counts;
  for (const auto& [move, count] : r.moves) counts[move] += count;
  return counts;
}

std::string join(const std::vector<std::string>& texts, std::string_view none) {
  std::string out;
  for (const std::string& t : texts) out += (out.empty() ? "" : " ") + t;
  return out.empty() ? std::string(none) : out;
}

}  // namespace

std::vector<std::string> multiset_minus(std::vector<std::string> a, std::vector<std::string> b) {
  std::sort(a.begin(), a.end());
  std::sort(b.begin(), b.end());
  std::vector<std::string> out;
  std::set_difference(a.begin(), a.end(), b.begin(), b.end(), std::back_inserter(out));
  return out;
}

std::string fen_after(const std::string& fen, const std::vector<std::string>& moves) {
  try {
    return position_after<mailbox::Position>(fen, moves).fen();
  } catch (const std::exception& e) {
    return std::string("(no FEN: the mailbox generator cannot play this line: ") + e.what() + ")";
  }
}

std::optional<Divergence> find_divergence(DivideSource& a, DivideSource& b, const std::string& fen,
                                          const std::vector<std::string>& moves, int depth) {
  Divergence d(a.name(), b.name(), fen, moves);
  std::optional<std::pair<std::uint64_t, std::uint64_t>> expected;  // counts the parent gave this node
  for (; depth >= 1; --depth) {
    const DivideResult ra = a.divide(fen, d.path, depth), rb = b.divide(fen, d.path, depth);
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
      d.fen = fen_after(fen, d.path);
      return d;
    }
    if (depth == 1) break;
    const auto ca = counts_by_move(ra), cb = counts_by_move(rb);
    const auto differing =
        std::find_if(ca.begin(), ca.end(), [&](const auto& e) { return cb.at(e.first) != e.second; });
    if (differing == ca.end()) break;
    expected = std::pair{differing->second, cb.at(differing->first)};
    d.path.push_back(differing->first);
    d.path_counts.push_back(*expected);
  }
  if (expected) {  // counts differed above, yet both agree here: should be unreachable, but never hide it
    d.fen = fen_after(fen, d.path);
    d.detail = "the counts below the last move differed at the parent, yet the divides here agree";
    return d;
  }
  return std::nullopt;
}

std::string squares_text(Bitboard b) { return "{" + square_names(b) + "}"; }

void print_divergence(std::ostream& out, const Divergence& d) {
  fmt::print(out, "A:          {}\nB:          {}\n", d.a_name, d.b_name);
  fmt::print(out, "root FEN:   {}\n", d.root_fen);
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
  fmt::print(out, "only A:     {}\n", join(d.only_a, "-"));
  fmt::print(out, "only B:     {}\n", join(d.only_b, "-"));
  if (!d.detail.empty()) fmt::print(out, "detail:     {}\n", d.detail);
}

}  // namespace movegen::harness
