#include "harness/perft/perft_split.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <stdexcept>
#include <unordered_map>

#include "harness/generators/setup.hpp"

namespace movegen::harness {

std::string position_key(std::string_view fen) {
  std::size_t end = 0;
  for (int spaces = 0; spaces < 4; ++spaces) {
    end = fen.find(' ', spaces == 0 ? 0 : end + 1);
    if (end == std::string_view::npos) return std::string(fen);  // no clocks to drop
  }
  return std::string(fen.substr(0, end));
}

namespace {

// The position's key, its en passant square written '-' when no legal move captures there: such a square
// changes nothing below, so positions equal but for it are one subtree (as in the published counts of
// distinct positions, and in the repetition rule).
template <ChessPosition P>
std::string subtree_key(P& pos) {
  std::string key = position_key(pos.fen());
  if (pos.ep_square() == SQ_NONE) return key;
  MoveList moves;
  pos.generate_legal(moves);
  for (Move m : moves)
    if (m.flag() == EN_PASSANT) return key;
  return key.substr(0, key.rfind(' ') + 1) + "-";
}

// Walks `depth` plies below `pos`, adding one path to `reached` for each position at the bottom, numbered
// in `index` by key as first reached.
template <ChessPosition P>
void collect_subtrees(P& pos, int depth, std::unordered_map<std::string, std::size_t>& index,
                      std::vector<std::string>& subtrees, std::map<std::size_t, std::uint64_t>& reached) {
  if (depth == 0) {
    std::string key = subtree_key(pos);
    const auto [it, added] = index.try_emplace(key, subtrees.size());
    if (added) subtrees.push_back(std::move(key));
    ++reached[it->second];
    return;
  }
  MoveList moves;
  pos.generate_legal(moves);
  for (Move m : moves) {
    pos.make_move(m);
    collect_subtrees(pos, depth - 1, index, subtrees, reached);
    pos.unmake_move(m);
  }
}

}  // namespace

PerftSplit split_perft(Generator g, std::string_view fen, const std::vector<std::string>& moves, int split_depth,
                       Notation notation) {
  if (split_depth < 1 || split_depth > MAX_SPLIT_DEPTH)
    throw UsageError(fmt::format("bad --split-depth: {} is outside 1..{}", split_depth, MAX_SPLIT_DEPTH));
  return with_generator(g, [&]<ChessPosition P>() {
    P pos = position_after<P>(fen, moves, notation);
    MoveList legal;
    pos.generate_legal(legal);
    std::vector<Move> root(legal.begin(), legal.end());
    std::sort(root.begin(), root.end(), [&](Move a, Move b) { return to_uci(a, notation) < to_uci(b, notation); });
    PerftSplit split;
    std::unordered_map<std::string, std::size_t> index;
    for (Move m : root) {
      split.root_moves.push_back(to_uci(m, notation));
      std::map<std::size_t, std::uint64_t> reached;
      pos.make_move(m);
      collect_subtrees(pos, split_depth - 1, index, split.subtrees, reached);
      pos.unmake_move(m);
      split.paths.emplace_back(reached.begin(), reached.end());
    }
    return split;
  });
}

std::vector<std::pair<std::string, std::uint64_t>> combine_divide(const PerftSplit& split,
                                                                  const std::vector<std::uint64_t>& counts) {
  if (counts.size() != split.subtrees.size())
    throw std::invalid_argument(
        fmt::format("combine_divide: {} counts for {} subtrees", counts.size(), split.subtrees.size()));
  std::vector<std::pair<std::string, std::uint64_t>> divide;
  for (std::size_t r = 0; r < split.root_moves.size(); ++r) {
    std::uint64_t nodes = 0;
    for (const auto& [subtree, paths] : split.paths[r]) nodes += paths * counts[subtree];
    divide.emplace_back(split.root_moves[r], nodes);
  }
  return divide;
}

}  // namespace movegen::harness
