#include "x88/attacks.hpp"

namespace movegen::x88 {

namespace {

// True for the pieces that attack along a line, whose path must be empty.
bool is_slider(Piece p) { return type_of(p) == BISHOP || type_of(p) == ROOK || type_of(p) == QUEEN; }

// The squares of the pieces on `attackers` (0x88 squares of one side's list) that attack `target` on
// `board`; with `stop_at_first`, only the first one found.
template <bool stop_at_first>
Bitboard find_attackers(const Board& board, std::span<const Square88> attackers, Square88 target) {
  Bitboard found = 0;
  for (Square88 from : attackers) {
    const Piece p = board[from];
    if (!can_attack(p, from, target)) continue;
    if (is_slider(p)) {  // walk the direction table's step towards the target: every square before it empty
      const int step = step_towards(from, target);
      Square88 s = from + step;
      while (s != target && board[s] == NO_PIECE) s += step;
      if (s != target) continue;
    }
    found |= square_bb(from_x88(from));
    if (stop_at_first) return found;
  }
  return found;
}

}  // namespace

Bitboard attackers_to(const Position& pos, Square sq, Color by) {
  return find_attackers<false>(pos.board(), pos.pieces(by), to_x88(sq));
}

bool is_square_attacked(const Position& pos, Square sq, Color by) {
  return find_attackers<true>(pos.board(), pos.pieces(by), to_x88(sq)) != 0;
}

bool is_square_attacked_without(const Position& pos, Square sq, Color by, Bitboard lifted) {
  Board without = pos.board();
  while (lifted) without[to_x88(pop_lsb(lifted))] = NO_PIECE;
  return find_attackers<true>(without, pos.pieces(by), to_x88(sq)) != 0;
}

}  // namespace movegen::x88
