#include "mailbox/movegen.hpp"

namespace movegen::mailbox {

namespace {

// A pawn move to `to`: all four promotions when it reaches the last rank, else one move.
void add_pawn_move(Color us, Square from, Square to, MoveList& list) {
  if (relative_rank(us, to) == RANK_8) {
    for (PieceType pt : {QUEEN, ROOK, BISHOP, KNIGHT}) list.push_back(Move(from, to, promotion_flag(pt)));
  } else {
    list.push_back(Move(from, to));
  }
}

// Adds from -> (row, col) if that square is on the board and not occupied by the mover's own piece.
// Returns true if the square was empty, so that a slider may go on.
bool add_step(const Position& pos, Square from, int row, int col, MoveList& list) {
  if (!on_board(row, col)) return false;
  char target = pos.board()[square_at(row, col)];
  if (!is_color(target, pos.side_to_move())) list.push_back(Move(from, square_at(row, col)));
  return is_empty(target);
}

}  // namespace

void generate_pawn_moves(const Position& pos, Square from, MoveList& list) {
  const Board& board = pos.board();
  const Color us = pos.side_to_move();
  const int forward = us == WHITE ? 1 : -1;
  const int row = rank_of(from), col = file_of(from);
  const int ahead = row + forward;  // always on the board: no pawn stands on its last rank

  // Single push, and the double push from the pawn's starting rank through an empty square.
  if (is_empty(board[square_at(ahead, col)])) {
    add_pawn_move(us, from, square_at(ahead, col), list);
    if (relative_rank(us, from) == RANK_2 && is_empty(board[square_at(ahead + forward, col)]))
      list.push_back(Move(from, square_at(ahead + forward, col), DOUBLE_PUSH));
  }
  // Pawn attacks one row ahead and one column aside: on an enemy piece, or en passant.
  for (int side : {-1, 1}) {
    if (!on_board(ahead, col + side)) continue;
    Square to = square_at(ahead, col + side);
    if (is_color(board[to], ~us))
      add_pawn_move(us, from, to, list);
    else if (to == pos.ep_square())
      list.push_back(Move(from, to, EN_PASSANT));
  }
}

void generate_knight_moves(const Position& pos, Square from, MoveList& list) {
  for (Step s : KNIGHT_STEPS) add_step(pos, from, rank_of(from) + s.row, file_of(from) + s.col, list);
}

void generate_slider_moves(const Position& pos, Square from, std::span<const Step> directions, MoveList& list) {
  for (Step s : directions)
    for (int r = rank_of(from) + s.row, c = file_of(from) + s.col; add_step(pos, from, r, c, list);
         r += s.row, c += s.col) {
    }
}

void generate_king_moves(const Position& pos, Square from, MoveList& list) {
  for (Step s : KING_STEPS) add_step(pos, from, rank_of(from) + s.row, file_of(from) + s.col, list);
}

void generate_castling_moves(const Position& pos, MoveList& list) {
  const Color us = pos.side_to_move();
  const Board& board = pos.board();
  auto empty = [&](Square s) { return is_empty(board[relative_square(us, s)]); };
  auto safe = [&](Square s) { return !pos.is_square_attacked(relative_square(us, s), ~us); };
  // The cheap tests (the right, empty squares) come first; attack tests only when they pass.
  const bool king_side = (pos.castling_rights() & (us == WHITE ? WHITE_OO : BLACK_OO)) && empty(SQ_F1) && empty(SQ_G1);
  const bool queen_side = (pos.castling_rights() & (us == WHITE ? WHITE_OOO : BLACK_OOO)) && empty(SQ_D1) &&
                          empty(SQ_C1) && empty(SQ_B1);
  if (!(king_side || queen_side) || pos.in_check()) return;
  const Square king = relative_square(us, SQ_E1);
  if (king_side && safe(SQ_F1)) list.push_back(Move(king, relative_square(us, SQ_G1), CASTLING));
  if (queen_side && safe(SQ_D1)) list.push_back(Move(king, relative_square(us, SQ_C1), CASTLING));
}

void generate_pseudo_legal(const Position& pos, MoveList& list) {
  const Color us = pos.side_to_move();
  const Board& board = pos.board();
  for (Square from = SQ_A1; from <= SQ_H8; ++from) {
    if (!is_color(board[from], us)) continue;
    switch (type_of(char_to_piece(board[from]))) {
      case PAWN: generate_pawn_moves(pos, from, list); break;
      case KNIGHT: generate_knight_moves(pos, from, list); break;
      case BISHOP: generate_slider_moves(pos, from, BISHOP_DIRECTIONS, list); break;
      case ROOK: generate_slider_moves(pos, from, ROOK_DIRECTIONS, list); break;
      case QUEEN:
        generate_slider_moves(pos, from, BISHOP_DIRECTIONS, list);
        generate_slider_moves(pos, from, ROOK_DIRECTIONS, list);
        break;
      case KING: generate_king_moves(pos, from, list); break;
      default: break;
    }
  }
  generate_castling_moves(pos, list);
}

}  // namespace movegen::mailbox
