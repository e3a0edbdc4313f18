#include "mailbox/attacks.hpp"

#include <algorithm>
#include <cstdlib>

namespace movegen::mailbox {

namespace {

// The first piece met from (row, col) stepping by `step`, and where it stands; '-' if none.
inline char first_piece(const Board& board, int row, int col, Step step, Square& where) {
  for (int r = row + step.row, c = col + step.col; on_board(r, c); r += step.row, c += step.col) {
    char p = letter_at(board, r, c);
    if (!is_empty(p)) {
      where = square_at(r, c);
      return p;
    }
  }
  return '-';
}

// The pawns and knights of colour `attackers.by` that attack the square at (row, col).
inline Bitboard attackers_of_leapers(const Board& board, int row, int col, Attackers attackers) {
  const Color by = attackers.by;
  Bitboard found = 0;
  // A pawn of `by` attacks (row, col) from one row behind it, as seen from `by`'s side.
  const int pawn_row = row - (by == WHITE ? 1 : -1);
  const char pawn = letter(by, PAWN), knight = letter(by, KNIGHT);
  for (int dc : {-1, 1})
    if (on_board(pawn_row, col + dc) && letter_at(board, pawn_row, col + dc) == pawn)
      found |= square_bb(square_at(pawn_row, col + dc));
  if (attackers.knights)
    for (Step s : KNIGHT_STEPS)
      if (on_board(row + s.row, col + s.col) && letter_at(board, row + s.row, col + s.col) == knight)
        found |= square_bb(square_at(row + s.row, col + s.col));
  return found;
}

}  // namespace

Bitboard attackers_of(const Board& board, Square sq, Attackers attackers, bool first_only) {
  const Color by = attackers.by;
  const int row = rank_of(sq), col = file_of(sq);
  Bitboard found = attackers_of_leapers(board, row, col, attackers);
  // The king, one step away: found from its square when that is known.
  if (attackers.king != SQ_NONE) {
    const int rows_apart = std::abs(rank_of(attackers.king) - row),
              cols_apart = std::abs(file_of(attackers.king) - col);
    if (std::max(rows_apart, cols_apart) == 1) found |= square_bb(attackers.king);  // not its own square
  } else {
    for (Step s : KING_STEPS)
      if (on_board(row + s.row, col + s.col) && letter_at(board, row + s.row, col + s.col) == letter(by, KING))
        found |= square_bb(square_at(row + s.row, col + s.col));
  }
  if (found && first_only) return found;
  // Sliders: the first piece met along each line that holds one of `by`'s sliders moving along it.
  const char queen = letter(by, QUEEN);
  auto look = [&](Step s, char slider, bool slider_on_line) {
    if (!slider_on_line) return false;
    Square where = SQ_NONE;
    const char p = first_piece(board, row, col, s, where);
    if (p != slider && p != queen) return false;
    found |= square_bb(where);
    return first_only;
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

KingSafety king_safety(const Board& board, Square king, Attackers enemy) {
  const Color them = enemy.by, us = ~them;
  const int row = rank_of(king), col = file_of(king);
  // Pawns and knights give check from where they stand; they cannot pin, and they are answered by
  // capturing them.
  KingSafety safety;
  safety.checkers = attackers_of_leapers(board, row, col, enemy);
  Bitboard answers = safety.checkers;
  const char queen = letter(them, QUEEN);
  auto look = [&](Step s, char slider, bool slider_on_line) {
    if (!slider_on_line) return;  // no enemy slider on this line: no check, no pin
    Square first = SQ_NONE, beyond = SQ_NONE;
    const char p = first_piece(board, row, col, s, first);
    if (p == slider || p == queen) {
      // A slider's check is answered by capturing it or by blocking a square on the way to the king.
      safety.checkers |= square_bb(first);
      for (int r = row + s.row, c = col + s.col;; r += s.row, c += s.col) {
        answers |= square_bb(square_at(r, c));
        if (square_at(r, c) == first) break;
      }
    } else if (is_color(p, us)) {
      const char q = first_piece(board, rank_of(first), file_of(first), s, beyond);
      if (q == slider || q == queen) safety.pinned |= square_bb(first);
    }
  };
  const auto line = enemy.lines_through(row, col);
#pragma GCC unroll 4
  for (Step s : ROOK_DIRECTIONS) look(s, letter(them, ROOK), line.along(s));
#pragma GCC unroll 4
  for (Step s : BISHOP_DIRECTIONS) look(s, letter(them, BISHOP), line.along(s));
  // Two checkers cannot both be answered by one move of another piece: only the king may move.
  if (safety.checkers) safety.check_mask = more_than_one(safety.checkers) ? 0 : answers;
  return safety;
}

}  // namespace movegen::mailbox
