#include "mailbox/position.hpp"

namespace movegen::mailbox {

Position Position::from_fen(std::string_view fen) {
  const BoardState s = parse_fen(fen);
  Position pos;
  for (Square sq = SQ_A1; sq <= SQ_H8; ++sq) {
    pos.board_[sq] = piece_to_char(s.board[sq]);
    if (type_of(s.board[sq]) == KING) pos.king_square_[color_of(s.board[sq])] = sq;
  }
  pos.load_fields(s);
  return pos;
}

bool Position::is_square_attacked(Square s, Color by) const {
  return mailbox::is_square_attacked(board_, s, by, king_square_[by]);
}

Bitboard Position::checkers() const {
  const Color us = side_to_move();
  return attackers_to(board_, king_square_[us], ~us, king_square_[~us]);
}

// The moves themselves: the letters on the board string, then the fields (PositionBase).
Undo Position::make_board_move(Move m) {
  if (m.flag() == CASTLING) return make_board_castling(m);
  const Color us = side_to_move();
  const Square from = m.from(), to = m.to(), taken = captured_square(m, us);
  const char moving = board_[from], captured = board_[taken];

  board_[taken] = '-';
  board_[to] = m.is_promotion() ? letter(us, m.promotion_type()) : moving;
  board_[from] = '-';
  if (moving == letter(us, KING)) king_square_[us] = to;
  return {captured, advance_fields(m, moving == letter(us, PAWN) || !is_empty(captured))};
}

Undo Position::make_board_castling(Move m) {
  const Color us = side_to_move();
  const CastlingMove c = castling_move(m);  // the move is king takes own rook

  // Both leave their squares, then land on theirs: in Chess960 one may land where the other stood.
  board_[c.king_from] = board_[c.rook_from] = '-';
  board_[c.king_to] = letter(us, KING);
  board_[c.rook_to] = letter(us, ROOK);
  king_square_[us] = c.king_to;
  return {'-', advance_fields(m, false)};
}

void Position::unmake_board_move(Move m, Undo undo) {
  if (m.flag() == CASTLING) return unmake_board_castling(m, undo);
  restore_fields(undo.fields);
  const Color us = side_to_move();
  const Square from = m.from(), to = m.to();

  board_[from] = m.is_promotion() ? letter(us, PAWN) : board_[to];
  board_[to] = '-';
  board_[captured_square(m, us)] = undo.captured;
  if (board_[from] == letter(us, KING)) king_square_[us] = from;
}

void Position::unmake_board_castling(Move m, Undo undo) {
  restore_fields(undo.fields);
  const Color us = side_to_move();
  const CastlingMove c = castling_move(m);

  board_[c.king_to] = board_[c.rook_to] = '-';
  board_[c.king_from] = letter(us, KING);
  board_[c.rook_from] = letter(us, ROOK);
  king_square_[us] = c.king_from;
}

std::string Position::check_position() const {
  // The board string against the king squares kept beside it; then the rules all generators share.
  if (std::string problem = check_board(board_, king_square_); !problem.empty()) return problem;
  return check_game_rules(*this);
}

std::string check_board(const Board& board, const Square (&king_square)[COLOR_NB]) {
  for (Square sq = SQ_A1; sq <= SQ_H8; ++sq) {
    const char c = board[sq];
    const Piece p = char_to_piece(c);
    if (p == NO_PIECE && c != '-') return "square " + square_name(sq) + " holds a bad letter";
    if (type_of(p) == KING && king_square[color_of(p)] != sq)
      return "king square of " + std::string(1, c) + " is out of date";
  }
  return "";
}

}  // namespace movegen::mailbox
