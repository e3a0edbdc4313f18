#include "mailbox/attacks.hpp"

namespace movegen::mailbox {

namespace {

// The squares of the pieces of colour `by` that attack `sq`, looked for outward from `sq`; with
// `stop_at_first`, only the first one found.
Bitboard find_attackers(const Board& board, Square sq, Color by, bool stop_at_first) {
  const int row = rank_of(sq), col = file_of(sq);
  const char pawn = letter(by, PAWN), knight = letter(by, KNIGHT), king = letter(by, KING);
  Bitboard found = 0;
  // Records an attacker on (r, c); true if the search may stop there.
  auto attacker_on = [&](int r, int c) {
    found |= square_bb(square_at(r, c));
    return stop_at_first;
  };

  // A pawn attacks sq from where one of its attack steps, taken backwards, leads; a knight and a king
  // from one of their own steps away (their steps are the same both ways).
  for (Step s : pawn_attack_steps(by)) {
    const int r = row - s.row, c = col - s.col;
    if (on_board(r, c) && letter_at(board, r, c) == pawn && attacker_on(r, c)) return found;
  }
  for (Step s : KNIGHT_STEPS) {
    const int r = row + s.row, c = col + s.col;
    if (on_board(r, c) && letter_at(board, r, c) == knight && attacker_on(r, c)) return found;
  }
  for (Step s : KING_STEPS) {
    const int r = row + s.row, c = col + s.col;
    if (on_board(r, c) && letter_at(board, r, c) == king && attacker_on(r, c)) return found;
  }

  // Sliders: walk each direction to the first piece; it attacks sq if it is a slider of `by` that moves
  // along that direction, or a queen.
  auto slider_along = [&](Step s, char slider) {
    for (int r = row + s.row, c = col + s.col; on_board(r, c); r += s.row, c += s.col) {
      const char piece = letter_at(board, r, c);
      if (is_empty(piece)) continue;
      return (piece == slider || piece == letter(by, QUEEN)) && attacker_on(r, c);
    }
    return false;
  };
  for (Step s : ROOK_DIRECTIONS)
    if (slider_along(s, letter(by, ROOK))) return found;
  for (Step s : BISHOP_DIRECTIONS)
    if (slider_along(s, letter(by, BISHOP))) return found;
  return found;
}

}  // namespace

Bitboard attackers_to(const Board& board, Square sq, Color by) { return find_attackers(board, sq, by, false); }

bool is_square_attacked(const Board& board, Square sq, Color by) { return find_attackers(board, sq, by, true) != 0; }

}  // namespace movegen::mailbox
