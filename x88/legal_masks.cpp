#include "x88/legal_masks.hpp"

#include "common/make_test_unmake.hpp"
#include "common/position_concept.hpp"
#include "x88/attacks.hpp"
#include "x88/movegen.hpp"

namespace movegen::x88 {

static_assert(ChessPosition<MasksPosition>);

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

}  // namespace

LegalityMasks legality_masks(const Position& pos) {
  LegalityMasks masks;
  masks.king = pos.king_square(pos.side_to_move());
  masks.checkers = pos.checkers();
  masks.pinned =
      pinned_along(pos, masks.king, ROOK_OFFSETS, ROOK) | pinned_along(pos, masks.king, BISHOP_OFFSETS, BISHOP);
  // In single check, a move other than the king's must take the checker or land between it and the king;
  // in double check no such move answers both.
  if (masks.checkers)
    masks.check_mask =
        more_than_one(masks.checkers) ? 0 : masks.checkers | between_bb(masks.king, lsb(masks.checkers));
  return masks;
}

Bitboard safe_king_squares(const Position& pos) {
  const Color us = pos.side_to_move();
  const Square king = pos.king_square(us);
  Bitboard safe = 0;
  for (int d : KING_OFFSETS) {
    const Square88 to = to_x88(king) + d;
    if (!off_board(to) && !is_square_attacked_without(pos, from_x88(to), ~us, square_bb(king)))
      safe |= square_bb(from_x88(to));
  }
  return safe;
}

void generate_legal_masks(Position& pos, MoveList& list) {
  const std::size_t first = list.size();
  const LegalityMasks masks = legality_masks(pos);
  generate_king_moves(pos, masks.king, safe_king_squares(pos), list);
  if (more_than_one(masks.checkers)) return;                      // double check: only the king moves
  for (Square88 s : pos.pieces(pos.side_to_move()).subspan(1)) {  // the king is entry 0
    const Square from = from_x88(s);
    const bool pinned = masks.pinned >> from & 1;
    generate_piece_moves(pos, from, masks.check_mask & (pinned ? line_bb(masks.king, from) : ALL_SQUARES), list);
  }
  if (!masks.checkers) generate_castling_moves(pos, list);
  drop_unsafe_en_passant(pos, list, first);  // en passant: made and tested
}

}  // namespace movegen::x88
