// Perft split into subtrees for distributed counting: the tree below a position cut `split_depth` plies
// down into its distinct positions there, each to be counted once, with how many move paths from each root
// move reach it. A divide is then the sum, over the subtrees a root move reaches, of paths times count.
//
//   PerftSplit split = split_perft(named_generator("bitboard-tuned"), START_FEN, {}, 3);  // 20 root moves, 5362 subtrees
//   std::vector<std::uint64_t> counts;                                    // leaves 2 plies below each
//   for (const std::string& fen : split.subtrees) counts.push_back(perft_nodes(g, fen, 2, {}));
//   combine_divide(split, counts);                                        // the divide of perft 5
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "common/move.hpp"
#include "harness/generators/generators.hpp"

namespace movegen::harness {

/// The deepest split perft_split accepts: the start position has 822,518 distinct positions 5 plies deep
/// (4,865,609 paths), and each is kept as a FEN.
inline constexpr int MAX_SPLIT_DEPTH = 5;

/// The split depth a checkpointed or distributed perft of `depth` plies uses unless told: depth - 1, within
/// 1..3 (the start position has 8,902 paths to 5,362 distinct positions 3 plies down).
constexpr int default_split_depth(int depth) { return depth - 1 < 1 ? 1 : depth - 1 > 3 ? 3 : depth - 1; }

/// A perft tree cut at a split depth.
struct PerftSplit {
  std::vector<std::string> root_moves;  // the legal moves of the root, UCI text, sorted as perft's divide
  /// The distinct positions at the split depth, as position_key FENs, an en passant square that no legal
  /// move captures on written '-' (it changes no count, and so two positions equal but for it are one).
  std::vector<std::string> subtrees;
  /// For each root move (same index as root_moves): (index into subtrees, number of move paths from the
  /// root move to that position), by subtree index. A root move whose line ends in mate or stalemate
  /// before the split depth reaches fewer subtrees, or none.
  std::vector<std::vector<std::pair<std::size_t, std::uint64_t>>> paths;
};

/// A FEN without its two clocks (placement, side to move, castling rights, en passant square): what
/// perft depends on, so positions with equal keys have equal counts. from_fen accepts it as it is.
std::string position_key(std::string_view fen);

/// The tree below `fen` after the UCI `moves`, cut `split_depth` plies down (1..MAX_SPLIT_DEPTH), with
/// generator `g`. Subtrees are numbered in the order first reached, root moves in divide order. Throws
/// FenError or MoveError for a bad position or move, UsageError naming --split-depth for a bad depth.
PerftSplit split_perft(Generator g, std::string_view fen, const std::vector<std::string>& moves, int split_depth,
                       Notation notation = Notation::CLASSICAL);

/// The divide of the whole tree: for each root move, the sum of paths times counts[subtree], where
/// counts[i] is the leaf count below split.subtrees[i]. Throws std::invalid_argument if counts has the
/// wrong size.
std::vector<std::pair<std::string, std::uint64_t>> combine_divide(const PerftSplit& split,
                                                                  const std::vector<std::uint64_t>& counts);

}  // namespace movegen::harness
