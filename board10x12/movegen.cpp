#include "board10x12/movegen.hpp"

#include <span>

#include "common/piece_dispatch.hpp"

namespace movegen::board10x12 {

namespace {

// True if 10x12 square s (on the board) is in the set `targets`.
bool in(Bitboard targets, Square120 s) { return targets >> from_120(s) & 1; }

// Adds the move from `from` to 10x12 square `to` if `to` holds no sentinel and no own piece and is a target.
// Returns true if the square was empty, so that a slider may go on past it.
bool add_step(const Position& pos, Square from, Square120 to, Bitboard targets, MoveList& moves) {
  const char target = pos.board()[to];
  if (is_sentinel(target)) return false;
  if (!is_color(target, pos.side_to_move()) && in(targets, to)) moves.push_back(Move(from, from_120(to)));
  return is_empty(target);
}

// A slider's moves along each of `directions`: step until a sentinel or the first piece.
void add_slides(const Position& pos, Square from, std::span<const int> directions, Bitboard targets,
                MoveList& moves) {
  for (int d : directions)
    for (Square120 to = to_120(from) + d; add_step(pos, from, to, targets, moves); to += d) {
    }
}

}  // namespace

void generate_pawn_moves(const Position& pos, Square from, Bitboard targets, MoveList& moves) {
  const Color us = pos.side_to_move();
  const Board& board = pos.board();
  const int forward = pawn_push_offset(us);
  const Square120 origin = to_120(from);
  const Square120 ahead = origin + forward;  // always on the board: no pawn stands on its last rank
  const bool promotes = relative_rank(us, from_120(ahead)) == RANK_8;
  auto add = [&](Square120 to) {
    if (!in(targets, to)) return;
    if (promotes)
      add_promotions(moves, from, from_120(to));
    else
      moves.push_back(Move(from, from_120(to)));
  };

  // Single push onto an empty square; from the starting rank, a double push if the next one is empty too.
  if (is_empty(board[ahead])) {
    add(ahead);
    const Square120 two_ahead = ahead + forward;
    if (relative_rank(us, from) == RANK_2 && is_empty(board[two_ahead]) && in(targets, two_ahead))
      moves.push_back(Move(from, from_120(two_ahead), DOUBLE_PUSH));
  }
  // Pawn attacks, one rank ahead and one file aside: onto an enemy piece, or en passant onto the empty
  // square the enemy pawn has just crossed with its double push. A sentinel is neither.
  for (Step s : pawn_attack_steps(us)) {
    const Square120 to = origin + offset(s);
    if (is_color(board[to], ~us))
      add(to);
    else if (is_empty(board[to]) && from_120(to) == pos.ep_square())
      moves.push_back(Move(from, from_120(to), EN_PASSANT));
  }
}

void generate_knight_moves(const Position& pos, Square from, Bitboard targets, MoveList& moves) {
  for (int d : KNIGHT_OFFSETS) add_step(pos, from, to_120(from) + d, targets, moves);
}

void generate_bishop_moves(const Position& pos, Square from, Bitboard targets, MoveList& moves) {
  add_slides(pos, from, BISHOP_OFFSETS, targets, moves);
}

void generate_rook_moves(const Position& pos, Square from, Bitboard targets, MoveList& moves) {
  add_slides(pos, from, ROOK_OFFSETS, targets, moves);
}

void generate_queen_moves(const Position& pos, Square from, Bitboard targets, MoveList& moves) {
  generate_bishop_moves(pos, from, targets, moves);
  generate_rook_moves(pos, from, targets, moves);
}

void generate_king_moves(const Position& pos, Square from, Bitboard targets, MoveList& moves) {
  for (int d : KING_OFFSETS) add_step(pos, from, to_120(from) + d, targets, moves);
}

void generate_piece_moves(const Position& pos, Square from, Bitboard targets, MoveList& moves) {
  generate_moves_of_kind(pos, from, targets, moves);
}

void generate_moves_onto(const Position& pos, Bitboard targets, MoveList& moves) {
  // The board scan, a1 to h8 along the 120 letters: the sentinels at the ends of each rank are no one's.
  for (Square120 s = to_120(SQ_A1); s <= to_120(SQ_H8); ++s)
    if (is_color(pos.board()[s], pos.side_to_move())) generate_piece_moves(pos, from_120(s), targets, moves);
}

void generate_pseudo_legal(const Position& pos, MoveList& moves) {
  generate_moves_onto(pos, ALL_SQUARES, moves);
  generate_castling_moves(pos, moves);
}

}  // namespace movegen::board10x12
