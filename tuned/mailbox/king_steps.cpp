#include "tuned/mailbox/king_steps.hpp"

#include "tuned/mailbox/board_scan.hpp"

namespace movegen::mailbox_tuned {

namespace {

// safe_king_steps for the king of colour Us, so that the letters it compares with are constants.
template <Color Us>
Bitboard safe_king_steps(const Board& board, Square king, const Attackers& enemy) {
  Bitboard steps = KING_TARGET_SETS[king] & ~own_squares_bb(board, Us);
  if (!steps) return 0;
  // The squares next to the enemy king and those its pawns and knights attack, then each enemy slider's reach
  // over the board with the king lifted, for the sliders whose lines cross a step still free.
  steps &= ~(KING_TARGET_SETS[enemy.king] | pawn_attacks_bb<~Us>(pawn_squares_bb(board, ~Us)));
  for (Bitboard knights = enemy.knights; knights && steps;) steps &= ~KNIGHT_TARGET_SETS[pop_lsb(knights)];
  if (!steps) return 0;
  const Bitboard occupied = occupied_squares_bb(board) & ~square_bb(king);
  for (Bitboard sliders = enemy.lines->diagonal; sliders && steps;) {
    const Square s = pop_lsb(sliders);
    if ((LINES_THROUGH[s].diagonal | LINES_THROUGH[s].anti_diagonal) & steps)
      steps &= ~slider_reach(s, BISHOP_RAYS, occupied);
  }
  for (Bitboard sliders = enemy.lines->straight; sliders && steps;) {
    const Square s = pop_lsb(sliders);
    if ((LINES_THROUGH[s].rank | LINES_THROUGH[s].file) & steps) steps &= ~slider_reach(s, ROOK_RAYS, occupied);
  }
  return steps;
}

}  // namespace

Bitboard safe_king_steps(const Board& board, Square king, const Attackers& enemy) {
  return enemy.by == BLACK ? safe_king_steps<WHITE>(board, king, enemy) : safe_king_steps<BLACK>(board, king, enemy);
}

}  // namespace movegen::mailbox_tuned
