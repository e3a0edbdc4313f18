// perft and divide, written once for any ChessPosition.
//
//   auto pos = mailbox::Position::from_fen(START_FEN);
//   perft(pos, 5);                   // 4865609 (chessprogramming wiki, "Perft Results")
//   for (auto [m, n] : divide(pos, 2)) std::cout << to_uci(m) << ": " << n << '\n';
#pragma once

#include <algorithm>
#include <cstdint>
#include <utility>
#include <vector>

#include "common/position_concept.hpp"

namespace movegen {

/// Whether perft counts the moves at the last ply from the move list (bulk) or makes each of them.
enum class Counting { BULK, MAKE_EVERY_LEAF };

/// The number of leaf nodes of the legal move tree `depth` plies deep (1 at depth 0). `pos` is left
/// unchanged. Bulk counting returns the number of legal moves at the last ply instead of making them:
/// `pos.count_legal()` if the position type offers that optional member (a count without building a
/// list), else the size of the move list. One ply above, `pos.count_legal_after_each(moves)` if offered:
/// the moves after each of the legal moves, summed, in one call that may share work between the siblings;
/// else `pos.count_legal_after(m)` for each m if offered: the moves after m counted without making m in
/// full (no key or history is kept for a position never visited).
template <ChessPosition P>
std::uint64_t perft(P& pos, int depth, Counting counting = Counting::BULK) {
  if (depth <= 0) return 1;
  if constexpr (requires { pos.count_legal(); })
    if (depth == 1 && counting == Counting::BULK) return pos.count_legal();
  MoveList moves;
  pos.generate_legal(moves);
  if (depth == 1 && counting == Counting::BULK) return moves.size();
  if constexpr (requires { pos.count_legal_after_each(moves); })
    if (depth == 2 && counting == Counting::BULK) return pos.count_legal_after_each(moves);
  std::uint64_t nodes = 0;
  if constexpr (requires { pos.count_legal_after(Move::none()); })
    if (depth == 2 && counting == Counting::BULK) {
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
std::vector<std::pair<Move, std::uint64_t>> divide(P& pos, int depth, Counting counting = Counting::BULK) {
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
