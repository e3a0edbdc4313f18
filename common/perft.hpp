// perft and divide, written once for any ChessPosition.
//
//   auto pos = mailbox::Position::from_fen(START_FEN);
//   perft(pos, 5);                   // 4865609 (chessprogramming wiki, "Perft Results")
//   perft(pos, 5, Counting::BULK_NODE);  // the same count, each node above the leaves built and counted
//   for (auto [m, n] : divide(pos, 2)) std::cout << to_uci(m) << ": " << n << '\n';
#pragma once

#include <algorithm>
#include <concepts>
#include <cstdint>
#include <string_view>
#include <utility>
#include <vector>

#include "common/position_concept.hpp"

namespace movegen {

/// How perft counts the last ply. Every mode gives the same count; they differ in the work done.
/// - BULK_SIBLINGS (`--bulk siblings`, the default): bulk counting with every counting hook the position
///   offers, the SiblingCountHook included where there is one.
/// - BULK_NODE (`--bulk node`): each node one ply above the leaves is built and its legal moves are
///   counted, as Stockfish's, qperft's and Gigantua's perft count: the LegalCountHook and
///   LegalCountAfterHook if offered, never the SiblingCountHook.
/// - MAKE_EVERY_LEAF (`--no-bulk`): every leaf move is made and unmade, as a search does.
enum class Counting { BULK_SIBLINGS, BULK_NODE, MAKE_EVERY_LEAF, BULK = BULK_SIBLINGS };

/// The name of `c` as the CLI and JSON write it: "siblings", "node" or "none".
constexpr std::string_view counting_name(Counting c) {
  return c == Counting::BULK_SIBLINGS ? "siblings" : c == Counting::BULK_NODE ? "node" : "none";
}

// Optional hooks: members a position type may offer so that perft counts faster. perft calls a hook only
// where it is offered (`if constexpr`); a type without any counts with generate_legal, make and unmake.
// A hook must give exactly the count of the plain way; tests/bulk_count_test.cpp compares them.

/// Optional hook: `pos.count_legal()`, the number of legal moves, counted without building the list.
template <class P>
concept LegalCountHook = requires(P& pos) {
  { pos.count_legal() } -> std::convertible_to<std::uint64_t>;
};

/// Optional hook: `pos.count_legal_after(m)`, the number of legal moves after the legal move m, with the
/// node after m built only as far as counting needs (no key or history for a position never visited).
template <class P>
concept LegalCountAfterHook = requires(P& pos, Move m) {
  { pos.count_legal_after(m) } -> std::convertible_to<std::uint64_t>;
};

/// Optional hook: `pos.count_legal_after_each(moves)`, the sum over `moves` (legal moves of pos) of the
/// legal moves after each, in one call that may share work between the siblings and so never build them.
template <class P>
concept SiblingCountHook = requires(P& pos, const MoveList& moves) {
  { pos.count_legal_after_each(moves) } -> std::convertible_to<std::uint64_t>;
};

/// Optional hook: `pos.perft(depth, counting)`, the leaf count `depth` plies below pos by the position's own
/// recursion, for BULK_NODE and MAKE_EVERY_LEAF (each leaf parent built, or each leaf made, as those modes
/// say), and for BULK_SIBLINGS where the type also offers a SiblingCountHook (its recursion then shares the
/// count between siblings its own way); otherwise BULK_SIBLINGS keeps the recursion below, with its hooks.
template <class P>
concept PerftHook = requires(const P& pos, int depth, Counting counting) {
  { pos.perft(depth, counting) } -> std::convertible_to<std::uint64_t>;
};

/// The counting a perft of position type P asked for `c` does: BULK_SIBLINGS is BULK_NODE for a type
/// without a SiblingCountHook (what reports name as the mode used).
template <class P>
constexpr Counting effective_counting(Counting c) {
  return c == Counting::BULK_SIBLINGS && !SiblingCountHook<P> ? Counting::BULK_NODE : c;
}

/// The number of leaf nodes of the legal move tree `depth` plies deep (1 at depth 0), counted as
/// `counting` says with the hooks P offers (above). `pos` is left unchanged.
template <ChessPosition P>
std::uint64_t perft(P& pos, int depth, Counting counting = Counting::BULK_SIBLINGS) {
  if (depth <= 0) return 1;
  if constexpr (PerftHook<P>)
    if (counting != Counting::BULK_SIBLINGS || SiblingCountHook<P>) return pos.perft(depth, counting);
  const bool bulk = counting != Counting::MAKE_EVERY_LEAF;
  if constexpr (LegalCountHook<P>)
    if (depth == 1 && bulk) return pos.count_legal();
  MoveList moves;
  pos.generate_legal(moves);
  if (depth == 1 && bulk) return moves.size();
  if constexpr (SiblingCountHook<P>)
    if (depth == 2 && counting == Counting::BULK_SIBLINGS) return pos.count_legal_after_each(moves);
  std::uint64_t nodes = 0;
  if constexpr (LegalCountAfterHook<P>)
    if (depth == 2 && bulk) {
      for (Move m : moves) nodes += pos.count_legal_after(m);
      return nodes;
    }
  for (Move m : moves) {
    pos.make_move(m);
    nodes += depth == 1 ? 1 : perft(pos, depth - 1, counting);  // a leaf is made and unmade, not called
    pos.unmake_move(m);
  }
  return nodes;
}

/// perft split by root move: one (move, leaf count below it) pair per legal move, sorted by UCI text.
template <ChessPosition P>
std::vector<std::pair<Move, std::uint64_t>> divide(P& pos, int depth, Counting counting = Counting::BULK_SIBLINGS) {
  std::vector<std::pair<Move, std::uint64_t>> result;
  if (depth <= 0) return result;
  MoveList moves;
  pos.generate_legal(moves);
  for (Move m : moves) {
    pos.make_move(m);
    result.emplace_back(m, perft(pos, depth - 1, counting));
    pos.unmake_move(m);
  }
  std::sort(result.begin(), result.end(),
            [](const auto& a, const auto& b) { return to_uci(a.first) < to_uci(b.first); });
  return result;
}

}  // namespace movegen
