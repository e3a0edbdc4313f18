#include "tuned/mailbox/check_and_pin_masks.hpp"

namespace movegen::mailbox_tuned {

namespace {

// check_and_pin_masks against colour Them, so that the letters it compares with are constants.
template <Color Them>
CheckAndPinMasks check_and_pin_masks(const Board& board, Square king, const Attackers& attackers) {
  const Attackers enemy(Them, attackers.knights, attackers.king, *attackers.lines);
  const Color them = Them, us = ~Them;
  // Pawns and knights give check from where they stand; they cannot pin, and they are answered by
  // capturing them.
  CheckAndPinMasks masks;
  masks.king = king;
  masks.checkers = leaper_attackers(board, king, enemy);
  Bitboard answers = masks.checkers;
  const char queen = letter(them, QUEEN);
  auto look = [&](RayDirection d, char slider, bool slider_on_line) {
    if (!slider_on_line) return;  // no enemy slider on this line: no check, no pin
    Square first = SQ_NONE, beyond = SQ_NONE;
    const char p = first_piece(board, king, d, first);
    if (p == slider || p == queen) {
      // A slider's check is answered by capturing it or by blocking a square on the way to the king.
      masks.checkers |= square_bb(first);
      for (int at = king + RAY_OFFSET[d];; at += RAY_OFFSET[d]) {
        answers |= square_bb(Square(at));
        if (at == first) break;
      }
    } else if (is_color(p, us)) {
      const char q = first_piece(board, first, d, beyond);
      if (q == slider || q == queen) masks.pinned |= square_bb(first);
    }
  };
  const auto line = enemy.lines_through(king);
#pragma GCC unroll 4
  for (RayDirection d : ROOK_RAYS) look(d, letter(them, ROOK), line.along(d));
#pragma GCC unroll 4
  for (RayDirection d : BISHOP_RAYS) look(d, letter(them, BISHOP), line.along(d));
  // Two checkers cannot both be answered by one move of another piece: only the king may move.
  if (masks.checkers) masks.check_mask = more_than_one(masks.checkers) ? 0 : answers;
  return masks;
}

}  // namespace

CheckAndPinMasks check_and_pin_masks(const Board& board, Square king, const Attackers& enemy) {
  return enemy.by == WHITE ? check_and_pin_masks<WHITE>(board, king, enemy)
                           : check_and_pin_masks<BLACK>(board, king, enemy);
}

}  // namespace movegen::mailbox_tuned
