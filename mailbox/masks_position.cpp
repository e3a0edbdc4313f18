#include "mailbox/masks_position.hpp"

#include <cassert>

#include "common/position_concept.hpp"
#include "mailbox/masks_movegen.hpp"

namespace movegen::mailbox {

static_assert(ChessPosition<MasksPosition>);

namespace {

// The squares whose letters move m (made by `us`) changes, each once: from and to, the pawn taken en
// passant, and castling's king and rook destinations (in Chess960 one may be the other's start square).
struct ChangedSquares {
  std::array<Square, 4> squares;
  int size = 2;
  ChangedSquares(Move m, Color us) : squares{m.from(), m.to()} {
    if (m.flag() == EN_PASSANT) squares[size++] = m.to() - pawn_push(us);
    if (m.flag() == CASTLING) {
      const CastlingMove c = castling_move(m);
      add_once(c.king_to);
      add_once(c.rook_to);
    }
  }
  void add_once(Square s) {
    for (int i = 0; i < size; ++i)
      if (squares[i] == s) return;
    squares[size++] = s;
  }
  const Square* begin() const { return squares.data(); }
  const Square* end() const { return squares.data() + size; }
};

}  // namespace

MasksPosition MasksPosition::from_fen(std::string_view fen) {
  MasksPosition pos;
  static_cast<Position&>(pos) = Position::from_fen(fen);
  pos.key_ = pos.Position::key();
  pos.history_.resize(256);  // room for 256 moves; grow_history adds more
  pos.track_board();
  return pos;
}

void MasksPosition::grow_history() { history_.resize(2 * history_.size() + 64); }

void MasksPosition::track_board() {
  counts_ = {};
  slider_lines_[WHITE] = slider_lines_[BLACK] = SliderLines{};
  for (Square sq = SQ_A1; sq <= SQ_H8; ++sq) track(sq, +1);
}

inline void MasksPosition::track(Square s, int delta) {
  if (!is_empty(board_[s])) track(board_[s], s, delta);
}

void MasksPosition::retrack(Move m, Color us, int delta) {
  for (Square s : ChangedSquares(m, us)) track(s, delta);
}

void MasksPosition::generate_legal(MoveList& list) { mailbox::generate_legal(*this, list); }

std::size_t MasksPosition::count_legal() { return mailbox::count_legal(*this); }

bool MasksPosition::castling_keeps_king_safe(Move m) {
  const Color us = side_to_move();
  const Undo undo = play(m);  // the board string alone: the mover's letters leave no slider line
  const bool safe = !is_square_attacked(king_square(us), ~us);
  take_back(m, undo);
  return safe;
}

bool MasksPosition::keeps_king_safe(Move m) {
  assert(m.flag() != CASTLING);  // castling is generated legal and never tested
  const Color us = side_to_move();
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

std::string MasksPosition::check_position() const {
  // The letter counts and slider lines kept by make and unmake, against the ones found afresh from the
  // board; then the plain checks.
  MasksPosition fresh = *this;
  fresh.track_board();
  for (Color c : {WHITE, BLACK})
    if (!(fresh.slider_lines_[c] == slider_lines_[c]))
      return std::string("slider lines of ") + (c == WHITE ? "white" : "black") + " are out of date";
  for (char c : PIECE_LETTERS)
    if (c != '-' && count(c) != fresh.count(c))
      return "count of " + std::string(1, c) + " is " + std::to_string(count(c)) + ", the board has " +
             std::to_string(fresh.count(c));
  // The board string against the king squares, then the rules all generators share on this position: not
  // Position::check_position, which would compare the plain Position's key, left at the FEN's.
  if (std::string problem = check_board(); !problem.empty()) return problem;
  return check_game_rules(*this);
}

}  // namespace movegen::mailbox
