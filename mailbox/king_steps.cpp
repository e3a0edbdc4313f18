#include "mailbox/king_steps.hpp"

namespace movegen::mailbox {

Bitboard safe_king_steps(Board& board, Square king, const Attackers& enemy) {
  const Color us = ~enemy.by;
  const char king_letter = board[king];
  board[king] = '-';  // lifted: it shields no square from a slider on its line
  const int row = rank_of(king), col = file_of(king);
  Bitboard safe = 0;
  for (Step s : KING_STEPS) {
    const int r = row + s.row, c = col + s.col;
    if (on_board(r, c) && !is_color(letter_at(board, r, c), us) && !find_attackers<true>(board, r, c, enemy))
      safe |= square_bb(square_at(r, c));
  }
  board[king] = king_letter;
  return safe;
}

}  // namespace movegen::mailbox
