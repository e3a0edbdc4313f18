#include "mailbox/attacks.hpp"

#include <cstdlib>

namespace movegen::mailbox {

namespace {

// The squares of the pieces of colour `by` (whose king stands on `king`) that attack `sq`, looked for
// outward from `sq`; with `stop_at_first`, only the first one found.
template <bool stop_at_first>
Bitboard find_attackers(const Board& board, Square sq, Color by, Square king) {
  const int row = rank_of(sq), col = file_of(sq);
  const char pawn = letter(by, PAWN), knight = letter(by, KNIGHT), bishop = letter(by, BISHOP), rook = letter(by, ROOK),
             queen = letter(by, QUEEN);
  Bitboard found = 0;
  // Records an attacker on (r, c); true if the search may stop there.
  auto attacker_on = [&](int r, int c) {
    found |= square_bb(square_at(r, c));
    return stop_at_first;
  };

  // The king attacks the squares next to it: at most one row and one column away, and not its own.
  if (std::abs(rank_of(king) - row) <= 1 && std::abs(file_of(king) - col) <= 1 && king != sq) {
    found |= square_bb(king);
    if (stop_at_first) return found;
  }
  // A pawn attacks sq from where one of its attack steps, taken backwards, leads; a knight from one of its
  // steps away (its steps are the same both ways).
  for (Step s : pawn_attack_steps(by)) {
    const int r = row - s.row, c = col - s.col;
    if (on_board(r, c) && letter_at(board, r, c) == pawn && attacker_on(r, c)) return found;
  }
  for (Step s : KNIGHT_STEPS) {
    const int r = row + s.row, c = col + s.col;
    if (on_board(r, c) && letter_at(board, r, c) == knight && attacker_on(r, c)) return found;
  }

  // Sliders: walk each direction to the first piece; it attacks sq if it is a slider of `by` that moves
  // along that direction, or a queen.
  auto slider_along = [&](Step s, char slider) {
    for (int r = row + s.row, c = col + s.col; on_board(r, c); r += s.row, c += s.col) {
      const char piece = letter_at(board, r, c);
      if (is_empty(piece)) continue;
      return (piece == slider || piece == queen) && attacker_on(r, c);
    }
    return false;
  };
  for (Step s : ROOK_DIRECTIONS)
    if (slider_along(s, rook)) return found;
  for (Step s : BISHOP_DIRECTIONS)
    if (slider_along(s, bishop)) return found;
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
  while (lifted) without[pop_lsb(lifted)] = '-';
  return is_square_attacked(without, sq, by, king);
}

}  // namespace movegen::mailbox
