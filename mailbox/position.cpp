#include "mailbox/position.hpp"

#include "common/position_concept.hpp"

namespace movegen::mailbox {

Position Position::from_fen(std::string_view fen) {
  const BoardState s = parse_fen(fen);
  Position pos;
  pos.load(s);
  pos.halfmove_clock_ = s.halfmove_clock;
  pos.fullmove_number_ = s.fullmove_number;
  pos.key_ = zobrist_key(s);
  pos.history_.reserve(256);
  require_side_not_to_move_safe(pos.is_square_attacked(pos.king_square_[~pos.side_], pos.side_));
  return pos;
}

BoardState Position::state() const {
  BoardState s = state_without_clocks();
  s.halfmove_clock = halfmove_clock_;
  s.fullmove_number = fullmove_number_;
  return s;
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

void Position::verify_invariants() const {
#ifdef MOVEGEN_CHECK_INVARIANTS
  // The FEN is built only for the report: checked builds run this after every make and unmake.
  if (const std::string problem = check_position(); !problem.empty()) require_consistent(problem, fen());
#endif
}

}  // namespace movegen::mailbox
