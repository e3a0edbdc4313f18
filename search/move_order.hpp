// The move order of the fixed search: a total order on the moves themselves, so that the order never depends
// on the order a generator emits them in, and every generator searches the same tree (STYLE.md, rule 15).
//
//   order_captures(pos, captures);   // most valuable victim first, then least valuable attacker, then Move::raw
//   order_quiets(quiets);            // by Move::raw: from square, then to square, then flag
//   order_moves(pos, evasions);      // the captures among them first, as order_captures, then as order_quiets
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>

#include "common/move.hpp"
#include "common/position_concept.hpp"
#include "common/staged_generation.hpp"
#include "search/evaluation.hpp"

namespace movegen::search {

/// The place of capture `m` of `pos` in MVV-LVA order, smaller first: the most valuable victim (the pawn for
/// en passant), then the least valuable attacker (by PIECE_VALUES), then the move's 16 bits, so that no two
/// moves tie.
template <ChessPosition P>
std::uint64_t capture_rank(const P& pos, Move m) {
  const PieceType victim = m.flag() == EN_PASSANT ? PAWN : type_of(pos.piece_on(m.to()));
  const PieceType attacker = type_of(pos.piece_on(m.from()));
  const auto victim_rank = std::uint64_t(PIECE_VALUES[KING] - PIECE_VALUES[victim]);
  return victim_rank << 48 | std::uint64_t(PIECE_VALUES[attacker]) << 16 | m.raw();
}

/// Sorts the captures of `pos` in `list` by capture_rank.
template <ChessPosition P>
void order_captures(const P& pos, MoveList& list) {
  std::array<std::uint64_t, MoveList::CAPACITY> ranks;
  for (std::size_t i = 0; i < list.size(); ++i) ranks[i] = capture_rank(pos, list[i]);
  std::sort(ranks.begin(), ranks.begin() + list.size());
  for (std::size_t i = 0; i < list.size(); ++i) {
    const auto raw = std::uint16_t(ranks[i]);  // the move's 16 bits, the rank's lowest
    list.set(i, Move(Square(raw & 63), Square(raw >> 6 & 63), MoveFlag(raw >> 12)));
  }
}

/// Sorts quiet moves by their 16 bits (Move::raw): the same total order that breaks the captures' ties.
inline void order_quiets(MoveList& list) { std::sort(list.begin(), list.end()); }

/// Sorts legal moves of `pos` of either stage (the evasions) in `list`: the captures (is_capture) first, sorted by
/// order_captures, then the quiet moves, by order_quiets; the order of generate_captures then generate_quiets.
template <ChessPosition P>
void order_moves(const P& pos, MoveList& list) {
  MoveList captures, quiets;
  for (Move m : list) (is_capture(pos, m) ? captures : quiets).push_back(m);
  order_captures(pos, captures);
  order_quiets(quiets);
  list = captures;
  for (Move m : quiets) list.push_back(m);
}

}  // namespace movegen::search
