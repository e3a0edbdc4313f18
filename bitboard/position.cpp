#include "bitboard/position.hpp"

#include <cassert>

#include "bitboard/attacks.hpp"
#include "common/position_concept.hpp"

namespace movegen::bitboard {

Position Position::from_fen(std::string_view fen) {
  init_attacks();
  const BoardState s = parse_fen(fen);
  Position pos;
  for (Square sq = SQ_A1; sq <= SQ_H8; ++sq)
    if (s.board[sq] != NO_PIECE) pos.put_piece(s.board[sq], sq);
  pos.side_ = s.side_to_move;
  pos.castling_ = s.castling;
  pos.castling_rules_ = CastlingRules::of(s);
  pos.ep_square_ = s.ep_square;
  pos.halfmove_clock_ = s.halfmove_clock;
  pos.fullmove_number_ = s.fullmove_number;
  pos.key_ = zobrist_key(s);
  require_side_not_to_move_safe(pos.is_square_attacked(pos.king_square(~pos.side_), pos.side_));
  return pos;
}

BoardState Position::state() const {
  BoardState s;
  for (Square sq = SQ_A1; sq <= SQ_H8; ++sq) s.board[sq] = board_[sq];
  s.side_to_move = side_;
  s.castling = castling_;
  s.castling_rooks = castling_rules_.rook_squares(castling_);
  s.ep_square = ep_square_;
  s.halfmove_clock = halfmove_clock_;
  s.fullmove_number = fullmove_number_;
  return s;
}

bool Position::is_square_attacked(Square s, Color by) const { return bitboard::is_square_attacked(*this, s, by); }

Bitboard Position::checkers() const { return attackers_to(*this, king_square(side_), ~side_, pieces()); }

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

Position::Undo Position::play(Move m) {
  const Color us = side_;
  const Square from = m.from(), to = m.to();
  const Undo undo{m.flag() == CASTLING ? NO_PIECE : board_[m.flag() == EN_PASSANT ? to - pawn_push(us) : to], castling_,
                  ep_square_, halfmove_clock_};
  const bool pawn_move = type_of(board_[from]) == PAWN;
  if (m.flag() == CASTLING) {
    // Both leave their squares, then land on theirs: in Chess960 one may land where the other stood.
    const CastlingMove c = castling_move(m);
    remove_piece(c.king_from);
    remove_piece(c.rook_from);
    put_piece(make_piece(us, KING), c.king_to);
    put_piece(make_piece(us, ROOK), c.rook_to);
  } else {
    if (undo.captured != NO_PIECE) remove_piece(m.flag() == EN_PASSANT ? to - pawn_push(us) : to);
    const Piece moving = remove_piece(from);
    put_piece(m.is_promotion() ? make_piece(us, m.promotion_type()) : moving, to);
  }
  castling_ &= castling_rules_.rights_kept_after_touching(from) & castling_rules_.rights_kept_after_touching(to);
  ep_square_ = m.flag() == DOUBLE_PUSH ? from + pawn_push(us) : SQ_NONE;
  halfmove_clock_ = pawn_move || undo.captured != NO_PIECE ? 0 : halfmove_clock_ + 1;
  fullmove_number_ += us == BLACK;
  side_ = ~us;
  return undo;
}

void Position::take_back(Move m, Undo undo) {
  const Color us = ~side_;
  const Square from = m.from(), to = m.to();
  if (m.flag() == CASTLING) {
    const CastlingMove c = castling_move(m);
    remove_piece(c.king_to);
    remove_piece(c.rook_to);
    put_piece(make_piece(us, KING), c.king_from);
    put_piece(make_piece(us, ROOK), c.rook_from);
  } else {
    const Piece moved = remove_piece(to);
    put_piece(m.is_promotion() ? make_piece(us, PAWN) : moved, from);
    if (undo.captured != NO_PIECE) put_piece(undo.captured, m.flag() == EN_PASSANT ? to - pawn_push(us) : to);
  }
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

void Position::verify_invariants() const {
#ifdef MOVEGEN_CHECK_INVARIANTS
  // The FEN is built only for the report: checked builds run this after every make and unmake.
  if (const std::string problem = check_position(); !problem.empty()) require_consistent(problem, fen());
#endif
}

}  // namespace movegen::bitboard
