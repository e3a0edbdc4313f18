#include "x88/legal_masks.hpp"

#include "x88/attacks.hpp"
#include "x88/movegen.hpp"

namespace movegen::x88 {

namespace {

// The squares strictly between a and b, walking the difference table's step from a: none if they are a
// king's step or a knight's leap apart (the walk reaches b at once) or share no line (no step).
Bitboard between_bb(Square a, Square b) {
  const int step = step_towards(to_x88(a), to_x88(b));
  Bitboard between = 0;
  if (step == 0) return between;
  for (Square88 s = to_x88(a) + step; s != to_x88(b); s += step) between |= square_bb(from_x88(s));
  return between;
}

// Every square of the line through a and b, edge to edge; a and b share a rank, file or diagonal.
Bitboard line_bb(Square a, Square b) {
  const int step = step_towards(to_x88(a), to_x88(b));
  Bitboard line = square_bb(a);
  for (int d : {step, -step})
    for (Square88 s = to_x88(a) + d; !off_board(s); s += d) line |= square_bb(from_x88(s));
  return line;
}

// The first square stepping by `d` from `from` that holds a piece; an off-board square if none before the edge.
Square88 first_piece(const Board& board, Square88 from, int d) {
  Square88 s = from + d;
  while (!off_board(s) && board[s] == NO_PIECE) s += d;
  return s;
}

// Pins along the direction offsets `directions` of an enemy `slider` (or queen): an own piece first from the
// king, and beyond it one of those.
Bitboard pinned_along(const Position& pos, Square king, const std::array<int, 4>& directions, PieceType slider) {
  const Color us = pos.side_to_move();
  const Board& board = pos.board();
  Bitboard pinned = 0;
  for (int d : directions) {
    const Square88 first = first_piece(board, to_x88(king), d);
    if (off_board(first) || !is_color(board[first], us)) continue;
    const Square88 beyond = first_piece(board, first, d);
    if (!off_board(beyond) && (board[beyond] == make_piece(~us, slider) || board[beyond] == make_piece(~us, QUEEN)))
      pinned |= square_bb(from_x88(first));
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
  for (Square88 s : pos.pieces(pos.side_to_move()).subspan(1))  // the king is entry 0
    generate_piece_moves(pos, from_x88(s), piece_targets(masks, from_x88(s), line_bb), list);
}

}  // namespace movegen::x88
