#include "tuned/mailbox/king_steps.hpp"

namespace movegen::mailbox_tuned {

namespace {

// safe_king_steps for the king of colour Us, so that the letters it compares with are constants.
template <Color Us>
Bitboard safe_king_steps(Board& board, Square king, const Attackers& enemy, Bitboard checkers) {
  const Attackers them(~Us, enemy.knights, enemy.king, *enemy.lines);
  const char king_letter = board[king];
  // Lifted in check: the king shields no square from the slider that checks it along its line. Out of check
  // no line through the king holds an enemy slider it would uncover, and the board is only read.
  if (checkers) board[king] = '-';
  Bitboard safe = 0;
  for (int to : KING_TARGETS[king])
    if (!is_color(board[to], Us) && !find_attackers<true>(board, Square(to), them)) safe |= square_bb(Square(to));
  if (checkers) board[king] = king_letter;
  return safe;
}

}  // namespace

Bitboard safe_king_steps(Board& board, Square king, const Attackers& enemy, Bitboard checkers) {
  return enemy.by == BLACK ? safe_king_steps<WHITE>(board, king, enemy, checkers)
                           : safe_king_steps<BLACK>(board, king, enemy, checkers);
}

}  // namespace movegen::mailbox_tuned
