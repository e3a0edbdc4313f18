#include "tuned/mailbox/position.hpp"

#include <cassert>

#include "common/position_concept.hpp"
#include "mailbox/position.hpp"
#include "tuned/mailbox/movegen.hpp"

namespace movegen::mailbox_tuned {

static_assert(ChessPosition<Position>);

Position Position::from_fen(std::string_view fen) {
  const BoardState s = parse_fen(fen);
  Position pos;
  pos.load(s);
  pos.loaded_halfmove_clock_ = s.halfmove_clock;
  pos.loaded_fullmove_number_ = s.fullmove_number;
  pos.loaded_side_ = s.side_to_move;
  pos.key_ = zobrist_key(s);
  pos.history_.resize(256);  // room for 256 moves; grow_history adds more
  pos.history_room_ = pos.history_.size();
  pos.track_board();
  require_side_not_to_move_safe(pos.is_square_attacked(pos.king_square_[~pos.side_], pos.side_));
  return pos;
}

BoardState Position::state() const {
  BoardState s = state_without_clocks();
  s.halfmove_clock = halfmove_clock();
  // Each black move ends a full move: as many as black moved of the plies since the FEN loaded.
  s.fullmove_number = loaded_fullmove_number_ + int((plies_ + loaded_side_) / 2);
  return s;
}

int Position::halfmove_clock() const {
  // FIDE Laws of Chess, art. 9.3: the clock counts the moves since the last capture or pawn move. The
  // history holds the letter each move moved (a promotion's pawn) and the letter it took.
  for (std::size_t ply = plies_; ply > 0; --ply) {
    const Undo& move = history_[ply - 1];
    if (move.moving == 'P' || move.moving == 'p' || !is_empty(move.captured)) return int(plies_ - ply);
  }
  return loaded_halfmove_clock_ + int(plies_);
}

void Position::grow_history() {
  history_.resize(2 * history_.size() + 64);
  history_room_ = history_.size();
}

void Position::track_board() {
  counts_ = {};
  slider_lines_[WHITE] = slider_lines_[BLACK] = SliderLines{};
  knights_[WHITE] = knights_[BLACK] = 0;
  for (Square sq = SQ_A1; sq <= SQ_H8; ++sq)
    if (!is_empty(board_[sq])) track(board_[sq], sq, +1);
}

Key Position::make_special_move(Move m, Color us, Undo& undo) {
  const Square from = m.from(), to = m.to();
  if (m.flag() == CASTLING) {
    const CastlingMove c = castling_move(m);  // the move is king takes own rook
    const char king = letter(us, KING), rook = letter(us, ROOK);
    undo.moving = king;
    undo.captured = '-';
    // Both leave their squares, then land on theirs: in Chess960 one may land where the other stood.
    board_[c.king_from] = board_[c.rook_from] = '-';
    board_[c.king_to] = king;
    board_[c.rook_to] = rook;
    king_square_[us] = c.king_to;
    track_move(rook, c.rook_from, c.rook_to);
    return zobrist::castling_pieces(m, us);
  }
  // A promotion: the pawn leaves `from`, the piece promoted to lands on `to`, over any letter there.
  const char pawn = board_[from], captured = board_[to], promoted = letter(us, m.promotion_type());
  undo.moving = pawn;
  undo.captured = captured;
  board_[from] = '-';
  board_[to] = promoted;
  track(pawn, from, -1);
  if (!is_empty(captured)) track(captured, to, -1);
  track(promoted, to, +1);
  return letter_key(pawn, from) ^ letter_key(captured, to) ^ letter_key(promoted, to);
}

void Position::unmake_special_move(Move m, Color us, const Undo& undo) {
  const Square from = m.from(), to = m.to();
  if (m.flag() == CASTLING) {
    const CastlingMove c = castling_move(m);
    board_[c.king_to] = board_[c.rook_to] = '-';
    board_[c.king_from] = letter(us, KING);
    board_[c.rook_from] = letter(us, ROOK);
    king_square_[us] = c.king_from;
    track_move(letter(us, ROOK), c.rook_to, c.rook_from);
    return;
  }
  // The letter on `to` goes (the piece promoted to), the pawn comes back to `from`, and what it took to `to`.
  if (!is_empty(board_[to])) track(board_[to], to, -1);
  board_[from] = letter(us, PAWN);
  board_[to] = undo.captured;
  track(board_[from], from, +1);
  if (!is_empty(undo.captured)) track(undo.captured, to, +1);
}

void Position::generate_legal(MoveList& list) { mailbox_tuned::generate_legal(*this, list); }

void Position::generate_captures(MoveList& list) { generate_stage(*this, list, Stage::CAPTURES); }

void Position::generate_quiets(MoveList& list) { generate_stage(*this, list, Stage::QUIETS); }

std::size_t Position::count_legal() { return mailbox_tuned::count_legal(*this); }

bool Position::castling_keeps_king_safe(Move m) {
  const Color us = side_;
  Undo undo;
  make_move_unchecked<false>(m, undo);
  const bool safe = !is_square_attacked(king_square(us), ~us);
  unmake_move_unchecked<false>(m, undo);
  return safe;
}

bool Position::keeps_king_safe(Move m) {
  assert(m.flag() != CASTLING);  // castling is generated legal and never tested
  const Color us = side_;
  // Made on the board string alone: the moving letter to its square, over any piece it takes, and the
  // pawn taken en passant lifted. The letter counts and slider lines are left as they were, which the
  // attack test allows: a piece taken but still counted only makes it look along one more line.
  const Square from = m.from(), to = m.to();
  const Square taken = m.flag() == EN_PASSANT ? to - pawn_push(us) : to;
  const char moving = board_[from], captured = board_[taken];
  board_[taken] = '-';
  board_[to] = moving;
  board_[from] = '-';
  const bool safe = !is_square_attacked(from == king_square(us) ? to : king_square(us), ~us);
  board_[from] = moving;
  board_[to] = '-';
  board_[taken] = captured;
  return safe;
}

std::string Position::check_position() const {
  // The letter counts and slider lines kept by make and unmake, against the ones found afresh from the
  // board; then the plain checks.
  Position fresh = *this;
  fresh.track_board();
  for (Color c : {WHITE, BLACK})
    if (!(fresh.slider_lines_[c] == slider_lines_[c]))
      return std::string("slider lines of ") + (c == WHITE ? "white" : "black") + " are out of date";
  for (char c : PIECE_LETTERS)
    if (c != '-' && count(c) != fresh.count(c))
      return "count of " + std::string(1, c) + " is " + std::to_string(count(c)) + ", the board has " +
             std::to_string(fresh.count(c));
  // The board string against the king squares, then the rules all generators share.
  if (std::string problem = mailbox::check_board(board_, king_square_); !problem.empty()) return problem;
  if (std::string problem = check_game_rules(*this); !problem.empty()) return problem;
  // Last, so that a move played wrongly (a knight "double pushed") is reported by the rule it breaks.
  for (Color c : {WHITE, BLACK})
    if (fresh.knights_[c] != knights_[c])
      return std::string("knight squares of ") + (c == WHITE ? "white" : "black") + " are out of date";
  return "";
}

}  // namespace movegen::mailbox_tuned
