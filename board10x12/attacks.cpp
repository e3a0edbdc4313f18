#include "board10x12/attacks.hpp"

#include <cstdlib>

namespace movegen::board10x12 {

namespace {

// The squares of the pieces of colour `by` (whose king stands on `king`) that attack `sq`, looked for
// outward from `sq`; with `stop_at_first`, only the first one found.
template <bool stop_at_first>
Bitboard find_attackers(const Board& board, Square sq, Color by, Square king) {
  const Square120 target = to_120(sq);
  const char pawn = letter(by, PAWN), knight = letter(by, KNIGHT), bishop = letter(by, BISHOP), rook = letter(by, ROOK),
             queen = letter(by, QUEEN);
  Bitboard found = 0;
  // Records an attacker on s; true if the search may stop there.
  auto attacker_on = [&](Square120 s) {
    found |= square_bb(from_120(s));
    return stop_at_first;
  };

  // The king attacks the squares next to it: at most one row and one column away, and not its own.
  if (std::abs(rank_of(king) - rank_of(sq)) <= 1 && std::abs(file_of(king) - file_of(sq)) <= 1 && king != sq) {
    found |= square_bb(king);
    if (stop_at_first) return found;
  }
  // A pawn attacks sq from where one of its attack steps, taken backwards, leads; a knight from one of its
  // offsets away (its offsets are the same both ways). A sentinel is neither letter.
  for (Step s : pawn_attack_steps(by)) {
    const Square120 from = target - offset(s);
    if (board[from] == pawn && attacker_on(from)) return found;
  }
  for (int d : KNIGHT_OFFSETS)
    if (board[target + d] == knight && attacker_on(target + d)) return found;

  // Sliders: walk each direction to the first piece or sentinel; a piece attacks sq if it is a slider of
  // `by` that moves along that direction, or a queen.
  auto slider_along = [&](int d, char slider) {
    Square120 s = target + d;
    while (is_empty(board[s])) s += d;
    return (board[s] == slider || board[s] == queen) && attacker_on(s);
  };
  for (int d : ROOK_OFFSETS)
    if (slider_along(d, rook)) return found;
  for (int d : BISHOP_OFFSETS)
    if (slider_along(d, bishop)) return found;
  return found;
}

}  // namespace

Bitboard attackers_to(const Board& board, Square sq, Color by, Square king) {
  return find_attackers<false>(board, sq, by, king);
}

bool is_square_attacked(const Board& board, Square sq, Color by, Square king) {
  return find_attackers<true>(board, sq, by, king) != 0;
}

bool is_square_attacked_without(const Board& board, Square sq, Color by, Square king, Bitboard lifted) {
  Board without = board;
  while (lifted) without[to_120(pop_lsb(lifted))] = '-';
  return is_square_attacked(without, sq, by, king);
}

}  // namespace movegen::board10x12
