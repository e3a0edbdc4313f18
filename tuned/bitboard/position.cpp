#include "tuned/bitboard/position.hpp"

#include "common/position_concept.hpp"
#include "tuned/bitboard/movegen.hpp"

namespace movegen::bitboard_tuned {

Position Position::from_fen(std::string_view fen) {
  bitboard::init_attacks();
  const BoardState s = parse_fen(fen);
  Position pos;
  pos.history_ = History(255);
  Record& fen_record = pos.history_.records[0];
  PieceSets& sets = fen_record.sets;
  for (Square sq = SQ_A1; sq <= SQ_H8; ++sq) {
    const Piece p = pos.board_[sq] = s.board[sq];
    if (p != NO_PIECE) sets.toggle_piece(type_of(p), color_of(p), sq);
  }
  sets.side_ = s.side_to_move;
  sets.castling_ = s.castling;
  pos.castling_rules_owner_ = std::make_shared<const CastlingRules>(CastlingRules::of(s));
  sets.castling_rules_ = pos.castling_rules_owner_.get();
  sets.ep_square_ = s.ep_square;
  pos.loaded_halfmove_clock_ = s.halfmove_clock;
  pos.loaded_fullmove_number_ = s.fullmove_number;
  pos.loaded_side_ = s.side_to_move;
  fen_record.key = zobrist_key(s);
  fen_record.captured = NO_PIECE;
  for (Square sq = SQ_A1; sq <= SQ_H8; ++sq)
    if (pos.castling_rules().rights_kept_after_touching(sq) != ANY_CASTLING) pos.castling_squares_ |= square_bb(sq);
  require_side_not_to_move_safe(pos.is_square_attacked(pos.king_square(~pos.side_to_move()), pos.side_to_move()));
  return pos;
}

BoardState Position::state() const {
  BoardState s;
  for (Square sq = SQ_A1; sq <= SQ_H8; ++sq) s.board[sq] = board_[sq];
  s.side_to_move = side_to_move();
  s.castling = castling_rights();
  s.castling_rooks = castling_rules().rook_squares(castling_rights());
  s.ep_square = ep_square();
  s.halfmove_clock = halfmove_clock();
  // Each black move ends a full move: as many as black moved of the plies since the FEN loaded.
  s.fullmove_number = loaded_fullmove_number_ + int((history_.plies() + loaded_side_) / 2);
  return s;
}

int Position::halfmove_clock() const {
  // FIDE Laws of Chess, art. 9.3: the clock counts the moves since the last capture or pawn move. A capture
  // takes a piece off the board, and a pawn move (push, capture, en passant or promotion) changes the
  // squares of the pawns; no other move does either.
  const auto pawns = [](const PieceSets& s) { return s.pieces(WHITE, PAWN) | s.pieces(BLACK, PAWN); };
  const std::size_t plies = history_.plies();
  for (std::size_t ply = plies; ply > 0; --ply) {
    const PieceSets &before = history_.records[ply - 1].sets, &after = history_.records[ply].sets;
    if (pawns(before) != pawns(after) || popcount(before.pieces()) != popcount(after.pieces())) return int(plies - ply);
  }
  return loaded_halfmove_clock_ + int(plies);
}

void Position::History::grow() {
  const std::size_t plies = this->plies();
  records.resize(std::max<std::size_t>(64, 2 * records.size()));
  now = records.data() + plies;
  last = records.data() + records.size() - 1;
}

Key Position::make_special_move(Move m, PieceSets& sets, Piece moved, Piece& captured) {
  const Square from = m.from(), to = m.to();
  const Color us = sets.side_;
  switch (m.flag()) {
    case CASTLING: {  // king takes own rook: both leave their squares, then land on theirs
      captured = NO_PIECE;
      sets.toggle_move(m, us, moved, captured);
      play_on_piece_array(board_, m, us);
      return zobrist::castling_pieces(m, us);
    }
    case EN_PASSANT: {
      const Square taken = to - pawn_push(us);
      captured = make_piece(~us, PAWN);
      sets.toggle_move(m, us, moved, captured);
      play_on_piece_array(board_, m, us);
      return zobrist::piece(moved, from) ^ zobrist::piece(moved, to) ^ zobrist::piece(captured, taken);
    }
    default: {  // a promotion, with or without a capture
      const Piece promoted = make_piece(us, m.promotion_type());
      sets.toggle_move(m, us, moved, captured);
      play_on_piece_array(board_, m, us);
      return zobrist::piece(moved, from) ^ zobrist::piece(promoted, to) ^ zobrist::piece(captured, to);
    }
  }
}

void Position::unmake_special_move(Move m, Color us, Piece captured) {
  const Square from = m.from(), to = m.to();
  switch (m.flag()) {
    case CASTLING: {
      const CastlingMove c = castling_move(m);
      board_[c.king_to] = board_[c.rook_to] = NO_PIECE;
      board_[c.king_from] = make_piece(us, KING);
      board_[c.rook_from] = make_piece(us, ROOK);
      break;
    }
    case EN_PASSANT:
      board_[to - pawn_push(us)] = captured;
      board_[to] = NO_PIECE;
      board_[from] = make_piece(us, PAWN);
      break;
    default:
      board_[from] = make_piece(us, PAWN);
      board_[to] = captured;
      break;
  }
}

void Position::generate_legal(MoveList& list) const { bitboard_tuned::generate_legal(sets(), list); }

void Position::generate_captures(MoveList& list) const { generate_stage(sets(), list, Stage::CAPTURES); }

void Position::generate_quiets(MoveList& list) const { generate_stage(sets(), list, Stage::QUIETS); }

std::size_t Position::count_legal() const { return bitboard_tuned::count_legal(sets()); }

std::string Position::check_position() const {
  // The bitboards against each other and against the piece array.
  const PieceSets& sets = this->sets();
  if (sets.pieces(WHITE) & sets.pieces(BLACK)) return "a square holds pieces of both colours";
  for (Color c : {WHITE, BLACK}) {
    // The king set is the colour's pieces in no other set: a square xored into the colour's set alone lands
    // there. A missing king is left to check_game_rules, which names it.
    if (more_than_one(sets.pieces(c, KING))) return "a colour's pieces outside the other sets are more than one king";
    Bitboard typed = 0;
    for (PieceType pt : {PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING}) {
      if (typed & sets.pieces(c, pt)) return "a square holds pieces of two types";
      typed |= sets.pieces(c, pt);
    }
    if (typed != sets.pieces(c)) return "the piece-type bitboards and the occupancy disagree";
  }
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

}  // namespace movegen::bitboard_tuned
