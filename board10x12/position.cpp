#include "board10x12/position.hpp"

namespace movegen::board10x12 {

Position Position::from_fen(std::string_view fen) {
  const BoardState s = parse_fen(fen);
  Position pos;  // the empty board: its border already holds the sentinels
  for (Square sq = SQ_A1; sq <= SQ_H8; ++sq) {
    pos.board_[to_120(sq)] = piece_to_char(s.board[sq]);
    if (type_of(s.board[sq]) == KING) pos.king_square_[color_of(s.board[sq])] = sq;
  }
  pos.load_fields(s);
  return pos;
}

bool Position::is_square_attacked(Square s, Color by) const {
  return board10x12::is_square_attacked(board_, s, by, king_square_[by]);
}

Bitboard Position::checkers() const {
  const Color us = side_to_move();
  return attackers_to(board_, king_square_[us], ~us, king_square_[~us]);
}

// The moves themselves: the letters on the board string, then the fields (PositionBase).
Undo Position::make_board_move(Move m) {
  if (m.flag() == CASTLING) return make_board_castling(m);
  const Color us = side_to_move();
  const Square120 from = to_120(m.from()), to = to_120(m.to()), taken = to_120(captured_square(m, us));
  const char moving = board_[from], captured = board_[taken];

  board_[taken] = '-';
  board_[to] = m.is_promotion() ? letter(us, m.promotion_type()) : moving;
  board_[from] = '-';
  if (moving == letter(us, KING)) king_square_[us] = m.to();
  return {captured, advance_fields(m, moving == letter(us, PAWN) || !is_empty(captured))};
}

Undo Position::make_board_castling(Move m) {
  const Color us = side_to_move();
  const CastlingMove c = castling_move(m);  // the move is king takes own rook

  // Both leave their squares, then land on theirs: in Chess960 one may land where the other stood.
  board_[to_120(c.king_from)] = board_[to_120(c.rook_from)] = '-';
  board_[to_120(c.king_to)] = letter(us, KING);
  board_[to_120(c.rook_to)] = letter(us, ROOK);
  king_square_[us] = c.king_to;
  return {'-', advance_fields(m, false)};
}

void Position::unmake_board_move(Move m, Undo undo) {
  if (m.flag() == CASTLING) return unmake_board_castling(m, undo);
  restore_fields(undo.fields);
  const Color us = side_to_move();
  const Square120 from = to_120(m.from()), to = to_120(m.to());

  board_[from] = m.is_promotion() ? letter(us, PAWN) : board_[to];
  board_[to] = '-';
  board_[to_120(captured_square(m, us))] = undo.captured;
  if (board_[from] == letter(us, KING)) king_square_[us] = m.from();
}

void Position::unmake_board_castling(Move m, Undo undo) {
  restore_fields(undo.fields);
  const Color us = side_to_move();
  const CastlingMove c = castling_move(m);

  board_[to_120(c.king_to)] = board_[to_120(c.rook_to)] = '-';
  board_[to_120(c.king_from)] = letter(us, KING);
  board_[to_120(c.rook_from)] = letter(us, ROOK);
  king_square_[us] = c.king_from;
}

std::string Position::check_position() const {
  // The border, then the letters of the board against the king squares kept beside it; then the rules all
  // generators share.
  for (Square120 s = 0; s < BOARD120_SIZE; ++s)
    if (is_sentinel(EMPTY_BOARD[s]) && !is_sentinel(board_[s]))
      return "the sentinel entry " + std::to_string(s) + " holds '" + std::string(1, board_[s]) + "'";
  for (Square sq = SQ_A1; sq <= SQ_H8; ++sq) {
    const char c = board_[to_120(sq)];
    const Piece p = char_to_piece(c);
    if (p == NO_PIECE && !is_empty(c)) return "square " + square_name(sq) + " holds a bad letter";
    if (type_of(p) == KING && king_square_[color_of(p)] != sq)
      return "king square of " + std::string(1, c) + " is out of date";
  }
  return check_game_rules(*this);
}

}  // namespace movegen::board10x12
