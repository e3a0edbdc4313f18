#include "x88/position.hpp"

#include <cassert>

#include "common/position_concept.hpp"
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
  pos.side_ = s.side_to_move;
  pos.castling_ = s.castling;
  pos.castling_rules_ = CastlingRules::of(s);
  pos.ep_square_ = s.ep_square;
  pos.halfmove_clock_ = s.halfmove_clock;
  pos.fullmove_number_ = s.fullmove_number;
  pos.key_ = zobrist_key(s);
  pos.history_.reserve(256);
  require_side_not_to_move_safe(pos.is_square_attacked(pos.king_square(~pos.side_), pos.side_));
  return pos;
}

BoardState Position::state() const {
  BoardState s;
  for (Square sq = SQ_A1; sq <= SQ_H8; ++sq) s.board[sq] = piece_on(sq);
  s.side_to_move = side_;
  s.castling = castling_;
  s.castling_rooks = castling_rules_.rook_squares(castling_);
  s.ep_square = ep_square_;
  s.halfmove_clock = halfmove_clock_;
  s.fullmove_number = fullmove_number_;
  return s;
}

bool Position::is_square_attacked(Square s, Color by) const { return x88::is_square_attacked(*this, s, by); }

Bitboard Position::checkers() const { return attackers_to(*this, king_square(side_), ~side_); }

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

Position::Undo Position::play(Move m) {
  if (m.flag() == CASTLING) return play_castling(m);
  const Color us = side_;
  const Square88 from = to_x88(m.from()), to = to_x88(m.to());
  // The square of the piece taken: `to`, except en passant, which takes the pawn beside it.
  const Square88 taken = m.flag() == EN_PASSANT ? to - pawn_push_offset(us) : to;
  const Piece moving = board_[from];
  Undo undo{board_[taken], 0, castling_, ep_square_, halfmove_clock_};

  if (undo.captured != NO_PIECE) undo.captured_index = remove_piece(taken);
  move_piece(from, to);
  if (m.is_promotion()) board_[to] = make_piece(us, m.promotion_type());

  castling_ &=
      castling_rules_.rights_kept_after_touching(m.from()) & castling_rules_.rights_kept_after_touching(m.to());
  ep_square_ = m.flag() == DOUBLE_PUSH ? m.from() + pawn_push(us) : SQ_NONE;
  halfmove_clock_ = type_of(moving) == PAWN || undo.captured != NO_PIECE ? 0 : halfmove_clock_ + 1;
  fullmove_number_ += us == BLACK;
  side_ = ~us;
  return undo;
}

Position::Undo Position::play_castling(Move m) {
  const Color us = side_;
  const CastlingMove c = castling_move(m);  // the move is king takes own rook
  const Square88 king_from = to_x88(c.king_from), rook_from = to_x88(c.rook_from);
  const int king_index = index_[king_from], rook_index = index_[rook_from];
  const Undo undo{NO_PIECE, 0, castling_, ep_square_, halfmove_clock_};

  // Both leave their squares, then land on theirs: in Chess960 one may land where the other stood.
  board_[king_from] = board_[rook_from] = NO_PIECE;
  place(make_piece(us, KING), to_x88(c.king_to), king_index);
  place(make_piece(us, ROOK), to_x88(c.rook_to), rook_index);

  castling_ &= castling_rules_.rights_kept_after_touching(c.king_from);  // the king has moved
  ep_square_ = SQ_NONE;
  ++halfmove_clock_;
  fullmove_number_ += us == BLACK;
  side_ = ~us;
  return undo;
}

void Position::take_back(Move m, Undo undo) {
  if (m.flag() == CASTLING) return take_back_castling(m, undo);
  const Color us = ~side_;
  const Square88 from = to_x88(m.from()), to = to_x88(m.to());
  const Square88 taken = m.flag() == EN_PASSANT ? to - pawn_push_offset(us) : to;

  move_piece(to, from);
  if (m.is_promotion()) board_[from] = make_piece(us, PAWN);
  if (undo.captured != NO_PIECE) restore_piece(undo.captured, taken, undo.captured_index);

  castling_ = undo.castling;
  ep_square_ = undo.ep_square;
  halfmove_clock_ = undo.halfmove_clock;
  fullmove_number_ -= us == BLACK;
  side_ = us;
}

void Position::take_back_castling(Move m, Undo undo) {
  const Color us = ~side_;
  const CastlingMove c = castling_move(m);
  const Square88 king_to = to_x88(c.king_to), rook_to = to_x88(c.rook_to);
  const int king_index = index_[king_to], rook_index = index_[rook_to];

  board_[king_to] = board_[rook_to] = NO_PIECE;
  place(make_piece(us, KING), to_x88(c.king_from), king_index);
  place(make_piece(us, ROOK), to_x88(c.rook_from), rook_index);

  castling_ = undo.castling;
  ep_square_ = undo.ep_square;
  halfmove_clock_ = undo.halfmove_clock;
  fullmove_number_ -= us == BLACK;
  side_ = us;
}

void Position::make_move(Move m) {
  const Key next_key = key_ ^ key_change(*this, m);  // read from the board before the move
  history_.push_back({play(m), key_});
  key_ = next_key;
  verify_invariants();
}

void Position::unmake_move(Move m) {
  assert(!history_.empty());
  take_back(m, history_.back().undo);
  key_ = history_.back().key;
  history_.pop_back();
  verify_invariants();
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

void Position::verify_invariants() const {
#ifdef MOVEGEN_CHECK_INVARIANTS
  // The FEN is built only for the report: checked builds run this after every make and unmake.
  if (const std::string problem = check_position(); !problem.empty()) require_consistent(problem, fen());
#endif
}

}  // namespace movegen::x88
