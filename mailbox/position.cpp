#include "mailbox/position.hpp"

#include <cassert>

#include "common/position_concept.hpp"
#include "mailbox/movegen.hpp"

namespace movegen::mailbox {

Position Position::from_fen(std::string_view fen) {
  const BoardState s = parse_fen(fen);
  Position pos;
  pos.board_.fill('-');
  for (Square sq = SQ_A1; sq <= SQ_H8; ++sq) {
    if (s.board[sq] != NO_PIECE) pos.put_piece(sq, piece_to_char(s.board[sq]));
    if (type_of(s.board[sq]) == KING) pos.king_square_[color_of(s.board[sq])] = sq;
  }
  pos.side_ = s.side_to_move;
  pos.castling_ = s.castling;
  pos.ep_square_ = s.ep_square;
  pos.halfmove_clock_ = s.halfmove_clock;
  pos.fullmove_number_ = s.fullmove_number;
  pos.history_.reserve(256);
  require_side_not_to_move_safe(pos.is_square_attacked(pos.king_square_[~pos.side_], pos.side_));
  return pos;
}

BoardState Position::state() const {
  BoardState s;
  for (Square sq = SQ_A1; sq <= SQ_H8; ++sq) s.board[sq] = piece_on(sq);
  s.side_to_move = side_;
  s.castling = castling_;
  s.ep_square = ep_square_;
  s.halfmove_clock = halfmove_clock_;
  s.fullmove_number = fullmove_number_;
  return s;
}

void Position::generate_legal(MoveList& list) { generate_all(*this, list); }

std::size_t Position::count_legal() {
  MoveCounter counter;
  generate_all(*this, counter);
  return counter.count;
}

bool Position::keeps_king_safe(Move m) {
  const Color us = side_;
  if (m.flag() == CASTLING) {  // the rook moves too: the whole move is played
    play(m);                   // unchecked: the move may leave our king in check, which check_position() would report
    const bool safe = !is_square_attacked(king_square_[us], ~us);
    unmake_move(m);
    return safe;
  }
  // Made on the board string alone: the moving letter to its square, over any piece it takes, and the
  // pawn taken en passant lifted. The letter counts and slider lines are left as they were, which the
  // attack test allows: a piece taken but still counted only makes it look along one more line.
  const Square from = m.from(), to = m.to();
  const Square taken = m.flag() == EN_PASSANT ? to - pawn_push(us) : to;
  const char moving = board_[from], captured = board_[taken];
  board_[taken] = '-';
  board_[to] = moving;
  board_[from] = '-';
  const bool safe = !is_square_attacked(from == king_square_[us] ? to : king_square_[us], ~us);
  board_[from] = moving;
  board_[to] = '-';
  board_[taken] = captured;
  return safe;
}

void Position::make_move(Move m) {
  play(m);
  verify_invariants();
}

inline void Position::put_piece(Square s, char piece) {
  board_[s] = piece;
  ++counts_[static_cast<unsigned char>(piece)];
  slider_lines_[is_color(piece, WHITE) ? WHITE : BLACK].update(piece, rank_of(s), file_of(s), +1);
}

inline char Position::remove_piece(Square s) {
  const char piece = board_[s];
  board_[s] = '-';
  --counts_[static_cast<unsigned char>(piece)];
  slider_lines_[is_color(piece, WHITE) ? WHITE : BLACK].update(piece, rank_of(s), file_of(s), -1);
  return piece;
}

void Position::play(Move m) {
  const Color us = side_;
  const Square from = m.from(), to = m.to();
  Undo undo{board_[to], castling_, ep_square_, halfmove_clock_};

  switch (m.flag()) {
    case EN_PASSANT: undo.captured = remove_piece(to - pawn_push(us)); break;
    case CASTLING: {
      const CastlingRule& rule = castling_rule_for(to);
      put_piece(rule.rook_to, remove_piece(rule.rook_from));
      break;
    }
    default:
      if (!is_empty(undo.captured)) remove_piece(to);
      break;
  }
  const char piece = remove_piece(from);
  put_piece(to, m.is_promotion() ? letter(us, m.promotion_type()) : piece);
  if (type_of(char_to_piece(piece)) == KING) king_square_[us] = to;

  castling_ &= rights_kept_after_touching(from) & rights_kept_after_touching(to);
  ep_square_ = m.flag() == DOUBLE_PUSH ? from + pawn_push(us) : SQ_NONE;
  const bool resets_clock = type_of(char_to_piece(piece)) == PAWN || !is_empty(undo.captured);
  halfmove_clock_ = resets_clock ? 0 : halfmove_clock_ + 1;
  fullmove_number_ += us == BLACK;
  side_ = ~us;
  history_.push_back(undo);
}

void Position::unmake_move(Move m) {
  assert(!history_.empty());
  const Undo undo = history_.back();
  history_.pop_back();
  const Color us = ~side_;
  const Square from = m.from(), to = m.to();

  const char moved = remove_piece(to);
  put_piece(from, m.is_promotion() ? letter(us, PAWN) : moved);
  switch (m.flag()) {
    case EN_PASSANT: put_piece(to - pawn_push(us), undo.captured); break;
    case CASTLING: {
      const CastlingRule& rule = castling_rule_for(to);
      put_piece(rule.rook_from, remove_piece(rule.rook_to));
      break;
    }
    default:
      if (!is_empty(undo.captured)) put_piece(to, undo.captured);
      break;
  }
  if (type_of(char_to_piece(moved)) == KING) king_square_[us] = from;

  castling_ = undo.castling;
  ep_square_ = undo.ep_square;
  halfmove_clock_ = undo.halfmove_clock;
  fullmove_number_ -= us == BLACK;
  side_ = us;
  verify_invariants();
}

std::string Position::check_position() const {
  // The board string against the king squares and letter counts kept beside it; then the rules both
  // generators share.
  std::array<int, 128> counted{};
  SliderLines lines[COLOR_NB];
  for (Square sq = SQ_A1; sq <= SQ_H8; ++sq) {
    const char c = board_[sq];
    const Piece p = char_to_piece(c);
    if (p == NO_PIECE && c != '-') return "square " + square_name(sq) + " holds a bad letter";
    if (type_of(p) == KING && king_square_[color_of(p)] != sq)
      return "king square of " + std::string(1, c) + " is out of date";
    ++counted[static_cast<unsigned char>(c)];
    if (p != NO_PIECE) lines[color_of(p)].update(c, rank_of(sq), file_of(sq), +1);
  }
  for (Color c : {WHITE, BLACK})
    if (!(lines[c] == slider_lines_[c]))
      return std::string("slider lines of ") + (c == WHITE ? "white" : "black") + " are out of date";
  for (char c : PIECE_LETTERS)
    if (c != '-' && count(c) != counted[static_cast<unsigned char>(c)])
      return "count of " + std::string(1, c) + " is " + std::to_string(count(c)) + ", the board has " +
             std::to_string(counted[static_cast<unsigned char>(c)]);
  return check_game_rules(*this);
}

void Position::verify_invariants() const {
#ifdef MOVEGEN_CHECK_INVARIANTS
  // The FEN is built only for the report: checked builds run this after every make and unmake.
  if (const std::string problem = check_position(); !problem.empty()) require_consistent(problem, fen());
#endif
}

}  // namespace movegen::mailbox
