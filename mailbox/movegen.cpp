#include "mailbox/movegen.hpp"

namespace movegen::mailbox {

namespace {

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
  const bool promotes = ahead == (us == WHITE ? 7 : 0);
  auto add = [&](Square to) {
    if (promotes) {
      for (PieceType pt : {QUEEN, ROOK, BISHOP, KNIGHT}) list.push_back(Move(from, to, promotion_flag(pt)));
    } else {
      list.push_back(Move(from, to));
    }
  };

  // Single push, and the double push from the pawn's starting rank through an empty square.
  const Square push = square_at(ahead, col);
  if (is_empty(board[push])) {
    add(push);
    if (row == (us == WHITE ? 1 : 6) && is_empty(board[square_at(ahead + forward, col)]))
      list.push_back(Move(from, square_at(ahead + forward, col), DOUBLE_PUSH));
  }
  // Pawn attacks one row ahead and one column aside: on an enemy piece, or en passant.
  auto attack = [&](int c) {
    if (!on_board(ahead, c)) return;
    const Square to = square_at(ahead, c);
    if (is_color(board[to], ~us))
      add(to);
    else if (to == pos.ep_square())
      list.push_back(Move(from, to, EN_PASSANT));
  };
  attack(col - 1);
  attack(col + 1);
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
  const bool queen_side =
      (pos.castling_rights() & (us == WHITE ? WHITE_OOO : BLACK_OOO)) && empty(SQ_D1) && empty(SQ_C1) && empty(SQ_B1);
  if (!(king_side || queen_side) || pos.in_check()) return;
  const Square king = relative_square(us, SQ_E1);
  if (king_side && safe(SQ_F1)) list.push_back(Move(king, relative_square(us, SQ_G1), CASTLING));
  if (queen_side && safe(SQ_D1)) list.push_back(Move(king, relative_square(us, SQ_C1), CASTLING));
}

void generate_pseudo_legal(const Position& pos, MoveList& list) {
  const Board& board = pos.board();
  // XOR 0x20 swaps an ASCII letter's case: with black to move, black's letters read as capitals and
  // white's as small letters, so one switch on capitals picks out the mover's pieces.
  const char own_case = pos.side_to_move() == WHITE ? 0 : 0x20;
  for (Square from = SQ_A1; from <= SQ_H8; ++from) {
    switch (board[from] ^ own_case) {
      case 'P': generate_pawn_moves(pos, from, list); break;
      case 'N': generate_knight_moves(pos, from, list); break;
      case 'B': generate_slider_moves(pos, from, BISHOP_DIRECTIONS, list); break;
      case 'R': generate_slider_moves(pos, from, ROOK_DIRECTIONS, list); break;
      case 'Q':
        generate_slider_moves(pos, from, BISHOP_DIRECTIONS, list);
        generate_slider_moves(pos, from, ROOK_DIRECTIONS, list);
        break;
      case 'K': generate_king_moves(pos, from, list); break;
      default: break;  // an empty square or an enemy piece
    }
  }
  generate_castling_moves(pos, list);
}

}  // namespace movegen::mailbox
