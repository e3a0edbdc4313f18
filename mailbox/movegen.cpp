#include "mailbox/movegen.hpp"

namespace movegen::mailbox {

namespace {

// Adds from -> (row, col) if that square is on the board and not occupied by the mover's own piece.
// Returns true if the square was empty, so that a slider may go on.
template <class Sink>
bool add_step(const Board& board, Color us, Square from, int row, int col, Sink& out) {
  if (!on_board(row, col)) return false;
  const char target = board[square_at(row, col)];
  if (!is_color(target, us)) out.push_back(Move(from, square_at(row, col)));
  return is_empty(target);
}

}  // namespace

template <class Sink>
void generate_pawn_moves(const Position& pos, Square from, Sink& out) {
  const Board& board = pos.board();
  const Color us = pos.side_to_move();
  const int forward = us == WHITE ? 1 : -1;
  const int row = rank_of(from), col = file_of(from);
  const int ahead = row + forward;  // always on the board: no pawn stands on its last rank
  const bool promotes = ahead == (us == WHITE ? 7 : 0);
  auto add = [&](Square to) {
    if (promotes) {
      for (PieceType pt : {QUEEN, ROOK, BISHOP, KNIGHT}) out.push_back(Move(from, to, promotion_flag(pt)));
    } else {
      out.push_back(Move(from, to));
    }
  };

  // Single push, and the double push from the pawn's starting rank through an empty square.
  const Square push = square_at(ahead, col);
  if (is_empty(board[push])) {
    add(push);
    if (row == (us == WHITE ? 1 : 6) && is_empty(board[square_at(ahead + forward, col)]))
      out.push_back(Move(from, square_at(ahead + forward, col), DOUBLE_PUSH));
  }
  // Pawn attacks one row ahead and one column aside: on an enemy piece, or en passant.
  auto attack = [&](int c) {
    if (!on_board(ahead, c)) return;
    const Square to = square_at(ahead, c);
    if (is_color(board[to], ~us))
      add(to);
    else if (to == pos.ep_square())
      out.push_back(Move(from, to, EN_PASSANT));
  };
  attack(col - 1);
  attack(col + 1);
}

template <class Sink>
void generate_knight_moves(const Position& pos, Square from, Sink& out) {
  const Color us = pos.side_to_move();
  const int row = rank_of(from), col = file_of(from);
  for (Step s : KNIGHT_STEPS) add_step(pos.board(), us, from, row + s.row, col + s.col, out);
}

template <class Sink>
void generate_slider_moves(const Position& pos, Square from, std::span<const Step> directions, Sink& out) {
  const Board& board = pos.board();
  const Color us = pos.side_to_move();
  for (Step s : directions)
    for (int r = rank_of(from) + s.row, c = file_of(from) + s.col; add_step(board, us, from, r, c, out);
         r += s.row, c += s.col) {
    }
}

template <class Sink>
void generate_king_moves(const Position& pos, Square from, Sink& out) {
  const Color us = pos.side_to_move();
  const int row = rank_of(from), col = file_of(from);
  for (Step s : KING_STEPS) add_step(pos.board(), us, from, row + s.row, col + s.col, out);
}

template <class Sink>
void generate_castling_moves(const Position& pos, Sink& out) {
  const Color us = pos.side_to_move();
  const Board& board = pos.board();
  auto empty = [&](Square s) { return is_empty(board[relative_square(us, s)]); };
  auto safe = [&](Square s) { return !pos.is_square_attacked(relative_square(us, s), ~us); };
  // The cheap tests (the right, empty squares) come first; attack tests only when they pass.
  const bool king_side = (pos.castling_rights() & (us == WHITE ? WHITE_OO : BLACK_OO)) && empty(SQ_F1) && empty(SQ_G1);
  const bool queen_side =
      (pos.castling_rights() & (us == WHITE ? WHITE_OOO : BLACK_OOO)) && empty(SQ_D1) && empty(SQ_C1) && empty(SQ_B1);
  if (!(king_side || queen_side) || pos.in_check()) return;
  const Square king = relative_square(us, SQ_E1);
  if (king_side && safe(SQ_F1)) out.push_back(Move(king, relative_square(us, SQ_G1), CASTLING));
  if (queen_side && safe(SQ_D1)) out.push_back(Move(king, relative_square(us, SQ_C1), CASTLING));
}

template <class Sink>
void generate_piece_moves(const Position& pos, Square from, char piece, Sink& out) {
  switch (piece) {
    case 'P': generate_pawn_moves(pos, from, out); break;
    case 'N': generate_knight_moves(pos, from, out); break;
    case 'B': generate_slider_moves(pos, from, BISHOP_DIRECTIONS, out); break;
    case 'R': generate_slider_moves(pos, from, ROOK_DIRECTIONS, out); break;
    case 'Q':
      generate_slider_moves(pos, from, BISHOP_DIRECTIONS, out);
      generate_slider_moves(pos, from, ROOK_DIRECTIONS, out);
      break;
    case 'K': generate_king_moves(pos, from, out); break;
    default: break;  // an empty square or an enemy piece
  }
}

void generate_pseudo_legal(const Position& pos, MoveList& list) {
  const Board& board = pos.board();
  const Color us = pos.side_to_move();
  for (Square from = SQ_A1; from <= SQ_H8; ++from)
    if (is_color(board[from], us)) generate_piece_moves(pos, from, own_letter(board[from], us), list);
  generate_castling_moves(pos, list);
}

// Every sink's version of every per-piece generator.
#define MOVEGEN_INSTANTIATE(Sink)                                                             \
  template void generate_pawn_moves(const Position&, Square, Sink&);                          \
  template void generate_knight_moves(const Position&, Square, Sink&);                        \
  template void generate_slider_moves(const Position&, Square, std::span<const Step>, Sink&); \
  template void generate_king_moves(const Position&, Square, Sink&);                          \
  template void generate_castling_moves(const Position&, Sink&);                              \
  template void generate_piece_moves(const Position&, Square, char, Sink&);
MOVEGEN_INSTANTIATE(MoveList)
MOVEGEN_INSTANTIATE(MoveCounter)
MOVEGEN_INSTANTIATE(TestedMoveCounter)
#undef MOVEGEN_INSTANTIATE

}  // namespace movegen::mailbox
