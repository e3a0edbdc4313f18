#include "x88/movegen.hpp"

#include <span>

#include "common/piece_dispatch.hpp"
#include "x88/attacks.hpp"

namespace movegen::x88 {

namespace {

// True if 0x88 square s (on the board) is in the set `targets`.
bool in(Bitboard targets, Square88 s) { return targets >> from_x88(s) & 1; }

// Adds the move from `from` to `to` if `to` is on the board, holds no own piece and is a target. Returns
// true if the square was on the board and empty, so that a slider may go on past it.
bool add_step(const Position& pos, Square88 from, Square88 to, Bitboard targets, MoveList& moves) {
  if (off_board(to)) return false;
  const Piece target = pos.board()[to];
  if (!is_color(target, pos.side_to_move()) && in(targets, to)) moves.push_back(Move(from_x88(from), from_x88(to)));
  return target == NO_PIECE;
}

// A slider's moves along each of `directions`: step until the edge of the board or the first piece.
void add_slides(const Position& pos, Square88 from, std::span<const int> directions, Bitboard targets,
                MoveList& moves) {
  for (int d : directions)
    for (Square88 to = from + d; add_step(pos, from, to, targets, moves); to += d) {
    }
}

}  // namespace

void generate_pawn_moves(const Position& pos, Square from, Bitboard targets, MoveList& moves) {
  const Color us = pos.side_to_move();
  const Board& board = pos.board();
  const int forward = pawn_push_offset(us);
  const Square88 origin = to_x88(from);
  const Square88 ahead = origin + forward;  // always on the board: no pawn stands on its last rank
  const bool promotes = relative_rank(us, from_x88(ahead)) == RANK_8;
  auto add = [&](Square88 to) {
    if (!in(targets, to)) return;
    if (promotes)
      add_promotions(moves, from, from_x88(to));
    else
      moves.push_back(Move(from, from_x88(to)));
  };

  // Single push onto an empty square; from the starting rank, a double push if the next one is empty too.
  if (board[ahead] == NO_PIECE) {
    add(ahead);
    const Square88 two_ahead = ahead + forward;
    if (relative_rank(us, from) == RANK_2 && board[two_ahead] == NO_PIECE && in(targets, two_ahead))
      moves.push_back(Move(from, from_x88(two_ahead), DOUBLE_PUSH));
  }
  // Pawn attacks, one rank ahead and one file aside: onto an enemy piece, or en passant onto the square
  // the enemy pawn has just crossed with its double push.
  for (Step s : pawn_attack_steps(us)) {
    const Square88 to = origin + offset(s);
    if (off_board(to)) continue;
    if (is_color(board[to], ~us))
      add(to);
    else if (from_x88(to) == pos.ep_square())
      moves.push_back(Move(from, from_x88(to), EN_PASSANT));
  }
}

void generate_knight_moves(const Position& pos, Square from, Bitboard targets, MoveList& moves) {
  for (int d : KNIGHT_OFFSETS) add_step(pos, to_x88(from), to_x88(from) + d, targets, moves);
}

void generate_bishop_moves(const Position& pos, Square from, Bitboard targets, MoveList& moves) {
  add_slides(pos, to_x88(from), BISHOP_OFFSETS, targets, moves);
}

void generate_rook_moves(const Position& pos, Square from, Bitboard targets, MoveList& moves) {
  add_slides(pos, to_x88(from), ROOK_OFFSETS, targets, moves);
}

void generate_queen_moves(const Position& pos, Square from, Bitboard targets, MoveList& moves) {
  generate_bishop_moves(pos, from, targets, moves);
  generate_rook_moves(pos, from, targets, moves);
}

void generate_king_moves(const Position& pos, Square from, Bitboard targets, MoveList& moves) {
  for (int d : KING_OFFSETS) add_step(pos, to_x88(from), to_x88(from) + d, targets, moves);
}

void generate_piece_moves(const Position& pos, Square from, Bitboard targets, MoveList& moves) {
  generate_moves_of_kind(pos, from, targets, moves);
}

void generate_moves_onto(const Position& pos, Bitboard targets, MoveList& moves) {
  for (Square88 s : pos.pieces(pos.side_to_move())) generate_piece_moves(pos, from_x88(s), targets, moves);
}

void generate_pseudo_legal(const Position& pos, MoveList& moves) {
  generate_moves_onto(pos, ALL_SQUARES, moves);
  generate_castling_moves(pos, moves);
}

}  // namespace movegen::x88
