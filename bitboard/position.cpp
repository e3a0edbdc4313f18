#include "bitboard/position.hpp"

#include "bitboard/attacks.hpp"

namespace movegen::bitboard {

Position Position::from_fen(std::string_view fen) {
  init_attacks();
  const BoardState s = parse_fen(fen);
  Position pos;
  for (Square sq = SQ_A1; sq <= SQ_H8; ++sq)
    if (s.board[sq] != NO_PIECE) pos.put_piece(s.board[sq], sq);
  pos.load_fields(s);
  return pos;
}

bool Position::is_square_attacked(Square s, Color by) const { return bitboard::is_square_attacked(*this, s, by); }

Bitboard Position::checkers() const {
  return attackers_to(*this, king_square(side_to_move()), ~side_to_move(), pieces());
}

void Position::put_piece(Piece p, Square s) {
  board_[s] = p;
  by_type_[type_of(p)] |= square_bb(s);
  by_color_[color_of(p)] |= square_bb(s);
}

Piece Position::remove_piece(Square s) {
  const Piece p = board_[s];
  board_[s] = NO_PIECE;
  by_type_[type_of(p)] &= ~square_bb(s);
  by_color_[color_of(p)] &= ~square_bb(s);
  return p;
}

// The moves themselves: the sets and the array, then the fields (PositionBase).
Undo Position::make_board_move(Move m) {
  const Color us = side_to_move();
  if (m.flag() == CASTLING) {
    // Both leave their squares, then land on theirs: in Chess960 one may land where the other stood.
    const CastlingMove c = castling_move(m);
    remove_piece(c.king_from);
    remove_piece(c.rook_from);
    put_piece(make_piece(us, KING), c.king_to);
    put_piece(make_piece(us, ROOK), c.rook_to);
    return {NO_PIECE, advance_fields(m, false)};
  }
  const Square taken = captured_square(m, us);
  const Piece captured = board_[taken];
  if (captured != NO_PIECE) remove_piece(taken);
  const Piece moving = remove_piece(m.from());
  put_piece(m.is_promotion() ? make_piece(us, m.promotion_type()) : moving, m.to());
  return {captured, advance_fields(m, type_of(moving) == PAWN || captured != NO_PIECE)};
}

void Position::unmake_board_move(Move m, Undo undo) {
  restore_fields(undo.fields);
  const Color us = side_to_move();
  if (m.flag() == CASTLING) {
    const CastlingMove c = castling_move(m);
    remove_piece(c.king_to);
    remove_piece(c.rook_to);
    put_piece(make_piece(us, KING), c.king_from);
    put_piece(make_piece(us, ROOK), c.rook_from);
    return;
  }
  const Piece moved = remove_piece(m.to());
  put_piece(m.is_promotion() ? make_piece(us, PAWN) : moved, m.from());
  if (undo.captured != NO_PIECE) put_piece(undo.captured, captured_square(m, us));
}

std::string Position::check_position() const {
  // The sets against each other and against the piece array; then the rules all generators share.
  if (by_color_[WHITE] & by_color_[BLACK]) return "a square holds pieces of both colours";
  Bitboard typed = 0;
  for (int pt = PAWN; pt <= KING; ++pt) {
    if (typed & by_type_[pt]) return "a square holds pieces of two types";
    typed |= by_type_[pt];
  }
  if (typed != pieces() || by_type_[NO_PIECE_TYPE]) return "the piece-type sets and the occupancy disagree";
  for (Square sq = SQ_A1; sq <= SQ_H8; ++sq) {
    const Piece p = board_[sq];
    if (p != NO_PIECE && (p >= PIECE_NB || piece_to_char(p) == '-'))
      return "square " + square_name(sq) + " holds a bad piece";
    if (p == NO_PIECE ? (pieces() & square_bb(sq)) != 0 : !(pieces(color_of(p), type_of(p)) & square_bb(sq)))
      return "the piece array and the sets disagree on " + square_name(sq);
  }
  return check_game_rules(*this);
}

}  // namespace movegen::bitboard
