#include "tuned/mailbox/slider_lines.hpp"

namespace movegen::mailbox_tuned {

namespace {

// attackers_to for the attackers of colour By, so that the letters it compares with are constants.
template <Color By>
Bitboard attackers_to(const Board& board, Square sq, const Attackers& attackers, bool stop_at_first) {
  const Attackers by(By, attackers.knights, attackers.king, *attackers.lines);
  return stop_at_first ? find_attackers<true>(board, sq, by) : find_attackers<false>(board, sq, by);
}

}  // namespace

Bitboard attackers_to(const Board& board, Square sq, const Attackers& attackers, bool stop_at_first) {
  return attackers.by == WHITE ? attackers_to<WHITE>(board, sq, attackers, stop_at_first)
                               : attackers_to<BLACK>(board, sq, attackers, stop_at_first);
}

}  // namespace movegen::mailbox_tuned
