#include "tuned/mailbox/legality_masks.hpp"

namespace movegen::mailbox_tuned {

namespace {

// legality_masks against colour Them, so that the letters it compares with are constants.
template <Color Them>
LegalityMasks legality_masks(const Board& board, Square king, const Attackers& attackers) {
  const Attackers enemy(Them, attackers.knights, attackers.king, *attackers.lines);
  const Color them = Them, us = ~Them;
  const int row = rank_of(king), col = file_of(king);
  // Pawns and knights give check from where they stand; they cannot pin, and they are answered by
  // capturing them.
  LegalityMasks masks;
  masks.king = king;
  masks.checkers = leaper_attackers(board, row, col, enemy);
  Bitboard answers = masks.checkers;
  const char queen = letter(them, QUEEN);
  auto look = [&](Step s, char slider, bool slider_on_line) {
    if (!slider_on_line) return;  // no enemy slider on this line: no check, no pin
    Square first = SQ_NONE, beyond = SQ_NONE;
    const char p = first_piece(board, row, col, s, first);
    if (p == slider || p == queen) {
      // A slider's check is answered by capturing it or by blocking a square on the way to the king.
      masks.checkers |= square_bb(first);
      for (int r = row + s.row, c = col + s.col;; r += s.row, c += s.col) {
        answers |= square_bb(square_at(r, c));
        if (square_at(r, c) == first) break;
      }
    } else if (is_color(p, us)) {
      const char q = first_piece(board, rank_of(first), file_of(first), s, beyond);
      if (q == slider || q == queen) masks.pinned |= square_bb(first);
    }
  };
  const auto line = enemy.lines_through(row, col);
#pragma GCC unroll 4
  for (Step s : ROOK_DIRECTIONS) look(s, letter(them, ROOK), line.along(s));
#pragma GCC unroll 4
  for (Step s : BISHOP_DIRECTIONS) look(s, letter(them, BISHOP), line.along(s));
  // Two checkers cannot both be answered by one move of another piece: only the king may move.
  if (masks.checkers) masks.check_mask = more_than_one(masks.checkers) ? 0 : answers;
  return masks;
}

}  // namespace

LegalityMasks legality_masks(const Board& board, Square king, const Attackers& enemy) {
  return enemy.by == WHITE ? legality_masks<WHITE>(board, king, enemy) : legality_masks<BLACK>(board, king, enemy);
}

}  // namespace movegen::mailbox_tuned
