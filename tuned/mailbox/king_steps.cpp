#include "tuned/mailbox/king_steps.hpp"

namespace movegen::mailbox_tuned {

namespace {

// safe_king_steps for the king of colour Us, so that the letters it compares with are constants.
template <Color Us>
Bitboard safe_king_steps(Board& board, Square king, const Attackers& enemy) {
  const Attackers them(~Us, enemy.knights, enemy.king, *enemy.lines);
  const char king_letter = board[king];
  board[king] = '-';  // lifted: it shields no square from a slider on its line
  const int row = rank_of(king), col = file_of(king);
  Bitboard safe = 0;
#pragma GCC unroll 8  // each step becomes a constant
  for (Step s : KING_STEPS) {
    const int r = row + s.row, c = col + s.col;
    if (on_board(r, c) && !is_color(letter_at(board, r, c), Us) && !find_attackers<true>(board, r, c, them))
      safe |= square_bb(square_at(r, c));
  }
  board[king] = king_letter;
  return safe;
}

}  // namespace

Bitboard safe_king_steps(Board& board, Square king, const Attackers& enemy) {
  return enemy.by == BLACK ? safe_king_steps<WHITE>(board, king, enemy) : safe_king_steps<BLACK>(board, king, enemy);
}

}  // namespace movegen::mailbox_tuned
