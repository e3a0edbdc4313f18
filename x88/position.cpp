#include "x88/position.hpp"

#include "x88/attacks.hpp"

namespace movegen::x88 {

Position Position::from_fen(std::string_view fen) {
  const BoardState s = parse_fen(fen);
  Position pos;
  // The kings first, so that each stays entry 0 of its list: a king is never taken, so never moved.
  for (Square sq = SQ_A1; sq <= SQ_H8; ++sq)
    if (type_of(s.board[sq]) == KING) pos.add_piece(s.board[sq], to_x88(sq));
  for (Square sq = SQ_A1; sq <= SQ_H8; ++sq)
    if (s.board[sq] != NO_PIECE && type_of(s.board[sq]) != KING) pos.add_piece(s.board[sq], to_x88(sq));
  pos.load_fields(s);
  return pos;
}

bool Position::is_square_attacked(Square s, Color by) const { return x88::is_square_attacked(*this, s, by); }

Bitboard Position::checkers() const { return attackers_to(*this, king_square(side_to_move()), ~side_to_move()); }

// The board and the lists: each entry of a list names the square of a piece, and index_ names the entry.
void Position::place(Piece p, Square88 s, int index) {
  board_[s] = p;
  list_[color_of(p)][index] = s;
  index_[s] = index;
}

void Position::move_piece(Square88 from, Square88 to) {
  place(board_[from], to, index_[from]);
  board_[from] = NO_PIECE;
}

int Position::remove_piece(Square88 s) {
  const Color c = color_of(board_[s]);
  const int index = index_[s];
  const Square88 last = list_[c][--count_[c]];
  list_[c][index] = last;
  index_[last] = index;
  board_[s] = NO_PIECE;
  return index;
}

void Position::restore_piece(Piece p, Square88 s, int index) {
  const Color c = color_of(p);
  const int last = count_[c]++;
  if (index != last) place(board_[list_[c][index]], list_[c][index], last);
  place(p, s, index);
}

// The moves themselves: the board and the lists, then the fields (PositionBase).
Undo Position::make_board_move(Move m) {
  if (m.flag() == CASTLING) return make_board_castling(m);
  const Color us = side_to_move();
  const Square88 from = to_x88(m.from()), to = to_x88(m.to()), taken = to_x88(captured_square(m, us));
  const Piece moving = board_[from], captured = board_[taken];
  const int captured_index = captured != NO_PIECE ? remove_piece(taken) : 0;

  move_piece(from, to);
  if (m.is_promotion()) board_[to] = make_piece(us, m.promotion_type());
  return {captured, captured_index, advance_fields(m, type_of(moving) == PAWN || captured != NO_PIECE)};
}

Undo Position::make_board_castling(Move m) {
  const Color us = side_to_move();
  const CastlingMove c = castling_move(m);  // the move is king takes own rook
  const Square88 king_from = to_x88(c.king_from), rook_from = to_x88(c.rook_from);
  const int king_index = index_[king_from], rook_index = index_[rook_from];

  // Both leave their squares, then land on theirs: in Chess960 one may land where the other stood.
  board_[king_from] = board_[rook_from] = NO_PIECE;
  place(make_piece(us, KING), to_x88(c.king_to), king_index);
  place(make_piece(us, ROOK), to_x88(c.rook_to), rook_index);
  return {NO_PIECE, 0, advance_fields(m, false)};
}

void Position::unmake_board_move(Move m, Undo undo) {
  if (m.flag() == CASTLING) return unmake_board_castling(m, undo);
  restore_fields(undo.fields);
  const Color us = side_to_move();
  const Square88 from = to_x88(m.from()), to = to_x88(m.to());

  move_piece(to, from);
  if (m.is_promotion()) board_[from] = make_piece(us, PAWN);
  if (undo.captured != NO_PIECE) restore_piece(undo.captured, to_x88(captured_square(m, us)), undo.captured_index);
}

void Position::unmake_board_castling(Move m, Undo undo) {
  restore_fields(undo.fields);
  const Color us = side_to_move();
  const CastlingMove c = castling_move(m);
  const Square88 king_to = to_x88(c.king_to), rook_to = to_x88(c.rook_to);
  const int king_index = index_[king_to], rook_index = index_[rook_to];

  board_[king_to] = board_[rook_to] = NO_PIECE;
  place(make_piece(us, KING), to_x88(c.king_from), king_index);
  place(make_piece(us, ROOK), to_x88(c.rook_from), rook_index);
}

std::string Position::check_position() const {
  // The off-board half, then the lists against the board; then the rules all generators share.
  for (Square88 s = 0; s < BOARD88_SIZE; ++s)
    if (off_board(s) && board_[s] != NO_PIECE) return "the off-board entry " + std::to_string(s) + " holds a piece";
  for (Color c : {WHITE, BLACK}) {
    const std::string side = c == WHITE ? "white" : "black";
    int on_board = 0;
    for (Square sq = SQ_A1; sq <= SQ_H8; ++sq) on_board += is_color(piece_on(sq), c);
    if (count_[c] != on_board) return "the " + side + " piece list does not hold every " + side + " piece";
    for (int i = 0; i < count_[c]; ++i) {
      const Square88 s = list_[c][i];
      if (off_board(s) || !is_color(board_[s], c) || index_[s] != i)
        return "entry " + std::to_string(i) + " of the " + side + " piece list is out of date";
    }
    // A missing king is a rule of the game that check_game_rules names; a king on the board must be entry 0.
    bool has_king = false;
    for (Square sq = SQ_A1; sq <= SQ_H8; ++sq) has_king |= piece_on(sq) == make_piece(c, KING);
    if (has_king && board_[list_[c][0]] != make_piece(c, KING))
      return "the " + side + " piece list does not start with its king";
  }
  for (Square sq = SQ_A1; sq <= SQ_H8; ++sq)
    if (const Piece p = piece_on(sq); p != NO_PIECE && (p >= PIECE_NB || piece_to_char(p) == '-'))
      return "square " + square_name(sq) + " holds a bad piece";
  return check_game_rules(*this);
}

}  // namespace movegen::x88
