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

}  // namespace

Bitboard attackers_of(const Board& board, Square sq, Color by, bool first_only) {
  const int row = rank_of(sq), col = file_of(sq);
  Bitboard found = 0;
  auto hit = [&](Square s) {
    found |= Bitboard(1) << s;
    return first_only;
  };

  // A pawn of `by` attacks sq from one row behind sq, as seen from `by`'s side.
  const int pawn_row = row - (by == WHITE ? 1 : -1);
  for (int dc : {-1, 1})
    if (on_board(pawn_row, col + dc) && board[square_at(pawn_row, col + dc)] == letter(by, PAWN))
      if (hit(square_at(pawn_row, col + dc))) return found;

  for (Step s : KNIGHT_STEPS)
    if (on_board(row + s.row, col + s.col) && board[square_at(row + s.row, col + s.col)] == letter(by, KNIGHT))
      if (hit(square_at(row + s.row, col + s.col))) return found;

  for (Step s : KING_STEPS)
    if (on_board(row + s.row, col + s.col) && board[square_at(row + s.row, col + s.col)] == letter(by, KING))
      if (hit(square_at(row + s.row, col + s.col))) return found;

  Square where = SQ_NONE;
  for (Step s : ROOK_DIRECTIONS) {
    char p = first_piece(board, row, col, s, where);
    if (p == letter(by, ROOK) || p == letter(by, QUEEN))
      if (hit(where)) return found;
  }
  for (Step s : BISHOP_DIRECTIONS) {
    char p = first_piece(board, row, col, s, where);
    if (p == letter(by, BISHOP) || p == letter(by, QUEEN))
      if (hit(where)) return found;
  }
  return found;
}

}  // namespace movegen::mailbox
