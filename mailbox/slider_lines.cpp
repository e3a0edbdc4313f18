#include "mailbox/slider_lines.hpp"

#include <algorithm>
#include <cstdlib>

namespace movegen::mailbox {

Bitboard attackers_to(const Board& board, Square sq, const Attackers& attackers, bool stop_at_first) {
  const Color by = attackers.by;
  const int row = rank_of(sq), col = file_of(sq);
  Bitboard found = leaper_attackers(board, row, col, attackers);
  // The king, one step away: found from its square.
  const int rows_apart = std::abs(rank_of(attackers.king) - row), cols_apart = std::abs(file_of(attackers.king) - col);
  if (std::max(rows_apart, cols_apart) == 1) found |= square_bb(attackers.king);  // not its own square
  if (found && stop_at_first) return found;
  // Sliders: the first piece met along each line that holds one of `by`'s sliders moving along it.
  const char queen = letter(by, QUEEN);
  auto look = [&](Step s, char slider, bool slider_on_line) {
    if (!slider_on_line) return false;
    Square where = SQ_NONE;
    const char p = first_piece(board, row, col, s, where);
    if (p != slider && p != queen) return false;
    found |= square_bb(where);
    return stop_at_first;
  };
  // The loops are unrolled so that each step, and the line it runs along, is a constant.
  const auto line = attackers.lines_through(row, col);
#pragma GCC unroll 4
  for (Step s : ROOK_DIRECTIONS)
    if (look(s, letter(by, ROOK), line.along(s))) return found;
#pragma GCC unroll 4
  for (Step s : BISHOP_DIRECTIONS)
    if (look(s, letter(by, BISHOP), line.along(s))) return found;
  return found;
}

}  // namespace movegen::mailbox
