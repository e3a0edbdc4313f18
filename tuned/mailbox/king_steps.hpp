// mailbox-tuned's king steps: the free squares next to the king less every square the enemy attacks, found as
// sets of squares read off the board string and the sets kept beside it: the enemy king's neighbours, its
// pawns' and knights' targets, and the reach of each enemy slider whose lines cross a step still free, over
// the occupied squares with the king lifted. Lifting the king is what makes that reach right: a slider that
// checks the king along a line also attacks the square behind the king on that line, which the king would
// otherwise seem to shield.
//
//   Board board = ...;                                      // a white king on e1, a black rook on a1
//   safe_king_steps(board, SQ_E1, enemy);                   // d2, e2, f2: d1 and f1 lie on the rook's rank
#pragma once

#include "tuned/mailbox/slider_lines.hpp"

namespace movegen::mailbox_tuned {

/// The squares one KING_STEP away from the king on `king` (of colour ~enemy.by) that are on the board, not
/// held by one of its own pieces, and not attacked by `enemy` once the king stands there: its legal steps,
/// castling aside. The board is only read: the king is lifted from the set of occupied squares, not the string.
Bitboard safe_king_steps(const Board& board, Square king, const Attackers& enemy);

}  // namespace movegen::mailbox_tuned
