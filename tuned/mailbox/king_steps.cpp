#include "tuned/mailbox/king_steps.hpp"

namespace movegen::mailbox_tuned {

namespace {

// safe_king_steps for the king of colour Us, so that the letters it compares with are constants.
template <Color Us>
Bitboard safe_king_steps(Board& board, Square king, const Attackers& enemy) {
  const Attackers them(~Us, enemy.knights, enemy.king, *enemy.lines);
  const char king_letter = board[king];
  board[king] = '-';  // lifted: it shields no square from a slider on its line
  Bitboard safe = 0;
  for (int to : KING_TARGETS[king])
    if (!is_color(board[to], Us) && !find_attackers<true>(board, Square(to), them)) safe |= square_bb(Square(to));
  board[king] = king_letter;
  return safe;
}

}  // namespace

Bitboard safe_king_steps(Board& board, Square king, const Attackers& enemy) {
  return enemy.by == BLACK ? safe_king_steps<WHITE>(board, king, enemy) : safe_king_steps<BLACK>(board, king, enemy);
}

}  // namespace movegen::mailbox_tuned
