// mailbox-tuned's king steps: every free square next to the king is asked once whether an enemy piece
// attacks it, with the king lifted off the board string, instead of making, testing and unmaking each step.
// Lifting the king is what makes one test per square enough: a slider that checks the king along a line
// also attacks the square behind the king on that line, which the king would otherwise seem to shield.
//
//   Board board = ...;                                      // a white king on e1, a black rook on a1
//   safe_king_steps(board, SQ_E1, enemy);                   // d2, e2, f2: d1 and f1 lie on the rook's rank
#pragma once

#include "tuned/mailbox/slider_lines.hpp"

namespace movegen::mailbox_tuned {

/// The squares one KING_STEP away from the king on `king` (of colour ~enemy.by) that are on the board, not
/// held by one of its own pieces, and not attacked by `enemy` once the king stands there: its legal steps,
/// castling aside. `checkers` are the pieces giving check to that king. In check the king's letter is lifted
/// off `board` for the tests and put back; out of check the board is only read: a line through the king
/// holds no enemy slider that the lifted king would uncover (it would be giving check), so the king shields
/// nothing; skipping the two writes made perft's count 3-4% faster on the start position (docs/benchmarks.md).
Bitboard safe_king_steps(Board& board, Square king, const Attackers& enemy, Bitboard checkers);

}  // namespace movegen::mailbox_tuned
