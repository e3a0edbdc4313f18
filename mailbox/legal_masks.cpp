#include "mailbox/legal_masks.hpp"

#include "mailbox/movegen.hpp"

namespace movegen::mailbox {

namespace {

// The direction from square a towards square b as a step of -1, 0 or +1 in row and column, if they share a
// rank, file or diagonal; {0, 0} otherwise (or if a == b).
Step direction_towards(Square a, Square b) {
  const int dr = rank_of(b) - rank_of(a), dc = file_of(b) - file_of(a);
  if (a == b || (dr != 0 && dc != 0 && dr != dc && dr != -dc)) return {0, 0};
  return {(dr > 0) - (dr < 0), (dc > 0) - (dc < 0)};
}

// The squares strictly between a and b if they share a rank, file or diagonal; none otherwise.
Bitboard between_bb(Square a, Square b) {
  const Step s = direction_towards(a, b);
  Bitboard between = 0;
  if (s.row == 0 && s.col == 0) return between;
  for (int r = rank_of(a) + s.row, c = file_of(a) + s.col; square_at(r, c) != b; r += s.row, c += s.col)
    between |= square_bb(square_at(r, c));
  return between;
}

// Every square of the line through a and b, edge to edge, if they share a rank, file or diagonal.
Bitboard line_bb(Square a, Square b) {
  const Step s = direction_towards(a, b);
  Bitboard line = square_bb(a);
  for (int sign : {+1, -1})
    for (int r = rank_of(a) + sign * s.row, c = file_of(a) + sign * s.col; on_board(r, c);
         r += sign * s.row, c += sign * s.col)
      line |= square_bb(square_at(r, c));
  return line;
}

// The first piece met stepping by `s` from `from`, and its square in `where`; '-' if none before the edge.
char first_piece(const Board& board, Square from, Step s, Square& where) {
  for (int r = rank_of(from) + s.row, c = file_of(from) + s.col; on_board(r, c); r += s.row, c += s.col)
    if (!is_empty(letter_at(board, r, c))) {
      where = square_at(r, c);
      return letter_at(board, r, c);
    }
  return '-';
}

// Pins along the directions `directions` of an enemy `slider` (or queen): an own piece first from the king,
// and beyond it one of those.
Bitboard pinned_along(const Position& pos, Square king, const std::array<Step, 4>& directions, PieceType slider) {
  const Color us = pos.side_to_move();
  Bitboard pinned = 0;
  for (Step s : directions) {
    Square first = SQ_NONE, beyond = SQ_NONE;
    if (!is_color(first_piece(pos.board(), king, s, first), us)) continue;
    const char p = first_piece(pos.board(), first, s, beyond);
    if (p == letter(~us, slider) || p == letter(~us, QUEEN)) pinned |= square_bb(first);
  }
  return pinned;
}

// The own pieces pinned to the king on `king`: along the rook's directions and the bishop's.
Bitboard pinned_bb(const Position& pos, Square king) {
  return pinned_along(pos, king, ROOK_DIRECTIONS, ROOK) | pinned_along(pos, king, BISHOP_DIRECTIONS, BISHOP);
}

}  // namespace

CheckAndPinMasks check_and_pin_masks(const Position& pos) { return check_and_pin_masks_of(pos, pinned_bb, between_bb); }

void generate_moves_within(const Position& pos, CheckAndPinMasks masks, MoveList& list) {  // the board scan, a1 to h8
  const Color us = pos.side_to_move();
  for (Square from = SQ_A1; from <= SQ_H8; ++from) {
    if (from == masks.king || !is_color(pos.board()[from], us)) continue;
    generate_piece_moves(pos, from, piece_targets(masks, from, line_bb), list);
  }
}

}  // namespace movegen::mailbox
