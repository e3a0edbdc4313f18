#include "bitboard/position.hpp"

#include "bitboard/movegen.hpp"
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
  pos.castling_rules_owner_ = std::make_shared<const CastlingRules>(CastlingRules::of(s));
  pos.castling_rules_ = pos.castling_rules_owner_.get();
  pos.ep_square_ = s.ep_square;
  pos.loaded_halfmove_clock_ = s.halfmove_clock;
  pos.loaded_fullmove_number_ = s.fullmove_number;
  pos.loaded_side_ = s.side_to_move;
  pos.key_ = zobrist_key(s);
  pos.history_.resize(256);
  pos.history_room_ = pos.history_.size();
  for (Square sq = SQ_A1; sq <= SQ_H8; ++sq)
    if (pos.castling_rules_->rights_kept_after_touching(sq) != ANY_CASTLING) pos.castling_squares_ |= square_bb(sq);
  require_side_not_to_move_safe(pos.is_square_attacked(pos.king_square(~pos.side_), pos.side_));
  return pos;
}

BoardState Position::state() const {
  BoardState s;
  for (Square sq = SQ_A1; sq <= SQ_H8; ++sq) s.board[sq] = board_[sq];
  s.side_to_move = side_;
  s.castling = castling_;
  s.castling_rooks = castling_rules().rook_squares(castling_);
  s.ep_square = ep_square_;
  s.halfmove_clock = halfmove_clock();
  // Each black move ends a full move: as many as black moved of the plies since the FEN loaded.
  s.fullmove_number = loaded_fullmove_number_ + int((plies_ + loaded_side_) / 2);
  return s;
}

int Position::halfmove_clock() const {
  // FIDE Laws of Chess, art. 9.3: the clock counts the moves since the last capture or pawn move. A capture
  // takes a piece off the board, and a pawn move (push, capture, en passant or promotion) changes the
  // squares of the pawns; no other move does either.
  const auto pawns = [](const PieceSets& s) { return s.pieces(WHITE, PAWN) | s.pieces(BLACK, PAWN); };
  const PieceSets* after = this;
  for (std::size_t ply = plies_; ply > 0; --ply) {
    const PieceSets& before = history_[ply - 1].sets;
    if (pawns(before) != pawns(*after) || popcount(before.pieces()) != popcount(after->pieces()))
      return int(plies_ - ply);
    after = &before;
  }
  return loaded_halfmove_clock_ + int(plies_);
}

void Position::grow_history() {
  history_.resize(std::max<std::size_t>(64, 2 * plies_));
  history_room_ = history_.size();
}

void Position::generate_legal(MoveList& list) const { bitboard::generate_legal(*this, list); }

std::size_t Position::count_legal() const { return bitboard::count_legal(*this); }

std::string Position::check_position() const {
  // The bitboards against each other and against the piece array.
  if (by_color_[WHITE] & by_color_[BLACK]) return "a square holds pieces of both colours";
  if (by_type_[NO_PIECE_TYPE] != 0) return "the no-piece bitboard is not empty";
  Bitboard typed = 0;
  for (int pt = PAWN; pt <= KING; ++pt) {
    if (typed & by_type_[pt]) return "a square holds pieces of two types";
    typed |= by_type_[pt];
  }
  if (typed != pieces()) return "the piece-type bitboards and the occupancy disagree";
  for (Square sq = SQ_A1; sq <= SQ_H8; ++sq) {
    const Piece p = board_[sq];
    if (p != NO_PIECE && (p >= PIECE_NB || piece_to_char(p) == '-'))
      return "square " + square_name(sq) + " holds a bad piece";
    const bool occupied = pieces() & square_bb(sq);
    if (p == NO_PIECE ? occupied : !(pieces(color_of(p), type_of(p)) & square_bb(sq)))
      return "the piece array and the bitboards disagree on " + square_name(sq);
  }
  // The rules all generators share.
  return check_game_rules(*this);
}

}  // namespace movegen::bitboard
