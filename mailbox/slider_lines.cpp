#include "mailbox/slider_lines.hpp"

namespace movegen::mailbox {

Bitboard attackers_to(const Board& board, Square sq, const Attackers& attackers, bool stop_at_first) {
  const int row = rank_of(sq), col = file_of(sq);
  return stop_at_first ? find_attackers<true>(board, row, col, attackers)
                       : find_attackers<false>(board, row, col, attackers);
}

}  // namespace movegen::mailbox
