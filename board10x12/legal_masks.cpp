#include "board10x12/legal_masks.hpp"

#include "board10x12/movegen.hpp"

namespace movegen::board10x12 {

namespace {

// The 10x12 offset of one step from square a towards square b, -1, 0 or +1 in row and column, if they share a
// rank, file or diagonal; 0 otherwise (or if a == b).
int direction_towards(Square a, Square b) {
  const int dr = rank_of(b) - rank_of(a), dc = file_of(b) - file_of(a);
  if (a == b || (dr != 0 && dc != 0 && dr != dc && dr != -dc)) return 0;
  return offset({(dr > 0) - (dr < 0), (dc > 0) - (dc < 0)});
}

// The squares strictly between a and b if they share a rank, file or diagonal; none otherwise.
Bitboard between_bb(Square a, Square b) {
  const int d = direction_towards(a, b);
  Bitboard between = 0;
  if (d == 0) return between;
  for (Square120 s = to_120(a) + d; s != to_120(b); s += d) between |= square_bb(from_120(s));
  return between;
}

// Every square of the line through a and b, sentinel to sentinel, if they share a rank, file or diagonal.
Bitboard line_bb(Square a, Square b) {
  const int d = direction_towards(a, b);
  Bitboard line = square_bb(a);
  for (int step : {d, -d})
    for (Square120 s = to_120(a) + step; !is_sentinel(EMPTY_BOARD[s]); s += step) line |= square_bb(from_120(s));
  return line;
}

// The first square stepping by `d` from `from` that is not empty: a piece, or the sentinel past the edge.
Square120 first_piece(const Board& board, Square120 from, int d) {
  Square120 s = from + d;
  while (is_empty(board[s])) s += d;
  return s;
}

// Pins along the direction offsets `directions` of an enemy `slider` (or queen): an own piece first from the
// king, and beyond it one of those.
Bitboard pinned_along(const Position& pos, Square king, const std::array<int, 4>& directions, PieceType slider) {
  const Color us = pos.side_to_move();
  const Board& board = pos.board();
  Bitboard pinned = 0;
  for (int d : directions) {
    const Square120 first = first_piece(board, to_120(king), d);
    if (!is_color(board[first], us)) continue;
    const char beyond = board[first_piece(board, first, d)];
    if (beyond == letter(~us, slider) || beyond == letter(~us, QUEEN)) pinned |= square_bb(from_120(first));
  }
  return pinned;
}

// The own pieces pinned to the king on `king`: along the rook's directions and the bishop's.
Bitboard pinned_bb(const Position& pos, Square king) {
  return pinned_along(pos, king, ROOK_OFFSETS, ROOK) | pinned_along(pos, king, BISHOP_OFFSETS, BISHOP);
}

}  // namespace

CheckAndPinMasks check_and_pin_masks(const Position& pos) { return check_and_pin_masks_of(pos, pinned_bb, between_bb); }

void generate_moves_within(const Position& pos, CheckAndPinMasks masks, MoveList& list) {
  const Color us = pos.side_to_move();
  for (Square120 s = to_120(SQ_A1); s <= to_120(SQ_H8); ++s) {  // the board scan, as generate_pseudo_legal's
    if (!is_color(pos.board()[s], us)) continue;
    const Square from = from_120(s);
    if (from == masks.king) continue;
    generate_piece_moves(pos, from, piece_targets(masks, from, line_bb), list);
  }
}

}  // namespace movegen::board10x12
