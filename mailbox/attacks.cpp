#include "mailbox/attacks.hpp"

namespace movegen::mailbox {

namespace {

// The first piece met from (row, col) stepping by `step`, and where it stands; '-' if none.
char first_piece(const Board& board, int row, int col, Step step, Square& where) {
  for (int r = row + step.row, c = col + step.col; on_board(r, c); r += step.row, c += step.col) {
    char p = board[square_at(r, c)];
    if (!is_empty(p)) {
      where = square_at(r, c);
      return p;
    }
  }
  return '-';
}

// The pawns and knights of colour `by` that attack the square at (row, col).
Bitboard attackers_of_leapers(const Board& board, int row, int col, Color by) {
  Bitboard found = 0;
  // A pawn of `by` attacks (row, col) from one row behind it, as seen from `by`'s side.
  const int pawn_row = row - (by == WHITE ? 1 : -1);
  const char pawn = letter(by, PAWN), knight = letter(by, KNIGHT);
  for (int dc : {-1, 1})
    if (on_board(pawn_row, col + dc) && board[square_at(pawn_row, col + dc)] == pawn)
      found |= Bitboard(1) << square_at(pawn_row, col + dc);
  for (Step s : KNIGHT_STEPS)
    if (on_board(row + s.row, col + s.col) && board[square_at(row + s.row, col + s.col)] == knight)
      found |= Bitboard(1) << square_at(row + s.row, col + s.col);
  return found;
}

}  // namespace

Bitboard attackers_of(const Board& board, Square sq, Color by, bool first_only) {
  const int row = rank_of(sq), col = file_of(sq);
  Bitboard found = attackers_of_leapers(board, row, col, by);
  if (found && first_only) return found;
  auto hit = [&](Square s) {
    found |= Bitboard(1) << s;
    return first_only;
  };

  const char king = letter(by, KING), rook = letter(by, ROOK), bishop = letter(by, BISHOP), queen = letter(by, QUEEN);
  for (Step s : KING_STEPS)
    if (on_board(row + s.row, col + s.col) && board[square_at(row + s.row, col + s.col)] == king)
      if (hit(square_at(row + s.row, col + s.col))) return found;

  Square where = SQ_NONE;
  for (Step s : ROOK_DIRECTIONS) {
    const char p = first_piece(board, row, col, s, where);
    if (p == rook || p == queen)
      if (hit(where)) return found;
  }
  for (Step s : BISHOP_DIRECTIONS) {
    const char p = first_piece(board, row, col, s, where);
    if (p == bishop || p == queen)
      if (hit(where)) return found;
  }
  return found;
}

KingSafety king_safety(const Board& board, Square king, Color us) {
  const Color them = ~us;
  const int row = rank_of(king), col = file_of(king);
  // Pawns and knights give check from where they stand; they cannot pin.
  KingSafety safety{attackers_of_leapers(board, row, col, them), 0};
  const char queen = letter(them, QUEEN);
  auto look = [&](Step s, char slider) {
    Square first = SQ_NONE, beyond = SQ_NONE;
    const char p = first_piece(board, row, col, s, first);
    if (p == slider || p == queen) {
      safety.checkers |= Bitboard(1) << first;
    } else if (is_color(p, us)) {
      const char q = first_piece(board, rank_of(first), file_of(first), s, beyond);
      if (q == slider || q == queen) safety.pinned |= Bitboard(1) << first;
    }
  };
  for (Step s : ROOK_DIRECTIONS) look(s, letter(them, ROOK));
  for (Step s : BISHOP_DIRECTIONS) look(s, letter(them, BISHOP));
  return safety;
}

}  // namespace movegen::mailbox
