#include "mailbox/movegen.hpp"

#include <span>

#include "common/piece_dispatch.hpp"

namespace movegen::mailbox {

namespace {

// True if square s is in the set `targets`.
bool in(Bitboard targets, Square s) { return targets >> s & 1; }

// Adds the move from `from` to (row, col) if that square is on the board, holds no own piece and is a
// target. Returns true if the square was on the board and empty, so that a slider may go on past it.
bool add_step(const Position& pos, Square from, int row, int col, Bitboard targets, MoveList& moves) {
  if (!on_board(row, col)) return false;
  const char target = letter_at(pos.board(), row, col);
  if (!is_color(target, pos.side_to_move()) && in(targets, square_at(row, col)))
    moves.push_back(Move(from, square_at(row, col)));
  return is_empty(target);
}

// A slider's moves along each of `directions`: step until the edge of the board or the first piece.
void add_slides(const Position& pos, Square from, std::span<const Step> directions, Bitboard targets, MoveList& moves) {
  for (Step s : directions)
    for (int r = rank_of(from) + s.row, c = file_of(from) + s.col; add_step(pos, from, r, c, targets, moves);
         r += s.row, c += s.col) {
    }
}

}  // namespace

void generate_pawn_moves(const Position& pos, Square from, Bitboard targets, MoveList& moves) {
  const Color us = pos.side_to_move();
  const Board& board = pos.board();
  const int forward = us == WHITE ? 1 : -1;
  const int row = rank_of(from), col = file_of(from);
  const int ahead = row + forward;  // always on the board: no pawn stands on its last rank
  const bool promotes = relative_rank(us, Rank(ahead)) == RANK_8;
  auto add = [&](int r, int c) {
    if (!in(targets, square_at(r, c))) return;
    if (promotes)
      add_promotions(moves, from, square_at(r, c));
    else
      moves.push_back(Move(from, square_at(r, c)));
  };

  // Single push onto an empty square; from the starting rank, a double push if the next one is empty too.
  if (is_empty(letter_at(board, ahead, col))) {
    add(ahead, col);
    const int two_ahead = ahead + forward;
    if (relative_rank(us, Rank(row)) == RANK_2 && is_empty(letter_at(board, two_ahead, col)) &&
        in(targets, square_at(two_ahead, col)))
      moves.push_back(Move(from, square_at(two_ahead, col), DOUBLE_PUSH));
  }
  // Pawn attacks, one row ahead and one column aside: onto an enemy piece, or en passant onto the square
  // the enemy pawn has just crossed with its double push.
  for (Step s : pawn_attack_steps(us)) {
    const int r = row + s.row, c = col + s.col;
    if (!on_board(r, c)) continue;
    if (is_color(letter_at(board, r, c), ~us))
      add(r, c);
    else if (square_at(r, c) == pos.ep_square())
      moves.push_back(Move(from, square_at(r, c), EN_PASSANT));
  }
}

void generate_knight_moves(const Position& pos, Square from, Bitboard targets, MoveList& moves) {
  for (Step s : KNIGHT_STEPS) add_step(pos, from, rank_of(from) + s.row, file_of(from) + s.col, targets, moves);
}

void generate_bishop_moves(const Position& pos, Square from, Bitboard targets, MoveList& moves) {
  add_slides(pos, from, BISHOP_DIRECTIONS, targets, moves);
}

void generate_rook_moves(const Position& pos, Square from, Bitboard targets, MoveList& moves) {
  add_slides(pos, from, ROOK_DIRECTIONS, targets, moves);
}

void generate_queen_moves(const Position& pos, Square from, Bitboard targets, MoveList& moves) {
  generate_bishop_moves(pos, from, targets, moves);
  generate_rook_moves(pos, from, targets, moves);
}

void generate_king_moves(const Position& pos, Square from, Bitboard targets, MoveList& moves) {
  for (Step s : KING_STEPS) add_step(pos, from, rank_of(from) + s.row, file_of(from) + s.col, targets, moves);
}

void generate_piece_moves(const Position& pos, Square from, Bitboard targets, MoveList& moves) {
  generate_moves_of_kind(pos, from, targets, moves);
}

void generate_moves_onto(const Position& pos, Bitboard targets, MoveList& moves) {
  for (Square from = SQ_A1; from <= SQ_H8; ++from)
    if (is_color(pos.board()[from], pos.side_to_move())) generate_piece_moves(pos, from, targets, moves);
}

void generate_pseudo_legal(const Position& pos, MoveList& moves) {
  generate_moves_onto(pos, ALL_SQUARES, moves);
  generate_castling_moves(pos, moves);
}

}  // namespace movegen::mailbox
