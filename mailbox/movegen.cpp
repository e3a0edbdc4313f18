#include "mailbox/movegen.hpp"

#include <algorithm>

namespace movegen::mailbox {

namespace {

// Adds the move from `from` one step `s` away, if that square is on the board and holds no own piece.
void add_step(const Position& pos, Square from, Step s, MoveList& moves) {
  const int row = rank_of(from) + s.row, col = file_of(from) + s.col;
  if (on_board(row, col) && !is_color(letter_at(pos.board(), row, col), pos.side_to_move()))
    moves.push_back(Move(from, square_at(row, col)));
}

}  // namespace

void generate_pawn_moves(const Position& pos, Square from, MoveList& moves) {
  const Color us = pos.side_to_move();
  const Board& board = pos.board();
  const int forward = us == WHITE ? 1 : -1;
  const int row = rank_of(from), col = file_of(from);
  const int ahead = row + forward;  // always on the board: no pawn stands on its last rank
  const bool promotes = relative_rank(us, Rank(ahead)) == RANK_8;
  auto add = [&](int r, int c) {
    if (promotes)
      for (PieceType pt : {QUEEN, ROOK, BISHOP, KNIGHT})
        moves.push_back(Move(from, square_at(r, c), promotion_flag(pt)));
    else
      moves.push_back(Move(from, square_at(r, c)));
  };

  // Single push onto an empty square; from the starting rank, a double push if the next one is empty too.
  if (is_empty(letter_at(board, ahead, col))) {
    add(ahead, col);
    if (relative_rank(us, Rank(row)) == RANK_2 && is_empty(letter_at(board, ahead + forward, col)))
      moves.push_back(Move(from, square_at(ahead + forward, col), DOUBLE_PUSH));
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

void generate_knight_moves(const Position& pos, Square from, MoveList& moves) {
  for (Step s : KNIGHT_STEPS) add_step(pos, from, s, moves);
}

void generate_slider_moves(const Position& pos, Square from, std::span<const Step> directions, MoveList& moves) {
  const Color us = pos.side_to_move();
#pragma GCC unroll 4  // each direction's steps become constants in the walk
  for (Step s : directions)
    for (int r = rank_of(from) + s.row, c = file_of(from) + s.col; on_board(r, c); r += s.row, c += s.col) {
      const char target = letter_at(pos.board(), r, c);
      if (!is_color(target, us)) moves.push_back(Move(from, square_at(r, c)));
      if (!is_empty(target)) break;  // the first piece met ends the ray
    }
}

void generate_king_moves(const Position& pos, Square from, MoveList& moves) {
  for (Step s : KING_STEPS) add_step(pos, from, s, moves);
}

void generate_castling_moves(const Position& pos, MoveList& moves) {
  const Color us = pos.side_to_move();
  for (int i = 0; i < 4; ++i) {
    const CastlingRule& rule = pos.castling_rules().rule(i);
    if (rule.color != us || !(pos.castling_rights() & rule.right)) continue;
    // Every square from the leftmost to the rightmost of the four squares empty, but the king's and the rook's.
    const auto [low, high] = std::minmax({rule.king_from, rule.king_to, rule.rook_from, rule.rook_to});
    bool legal = true;
    for (Square s = low; s <= high && legal; ++s)
      legal = is_empty(pos.board()[s]) || s == rule.king_from || s == rule.rook_from;
    // The king's square, the squares it passes through and the one it lands on: none attacked.
    for (Square s = std::min(rule.king_from, rule.king_to); s <= std::max(rule.king_from, rule.king_to) && legal; ++s)
      legal = !pos.is_square_attacked(s, ~us);
    if (legal) moves.push_back(rule.move());
  }
}

void generate_pseudo_legal(const Position& pos, MoveList& moves) {
  for (Square from = SQ_A1; from <= SQ_H8; ++from) {
    const Piece piece = pos.piece_on(from);
    if (piece == NO_PIECE || color_of(piece) != pos.side_to_move()) continue;
    switch (type_of(piece)) {
      case PAWN: generate_pawn_moves(pos, from, moves); break;
      case KNIGHT: generate_knight_moves(pos, from, moves); break;
      case BISHOP: generate_slider_moves(pos, from, BISHOP_DIRECTIONS, moves); break;
      case ROOK: generate_slider_moves(pos, from, ROOK_DIRECTIONS, moves); break;
      case QUEEN:
        generate_slider_moves(pos, from, BISHOP_DIRECTIONS, moves);
        generate_slider_moves(pos, from, ROOK_DIRECTIONS, moves);
        break;
      case KING: generate_king_moves(pos, from, moves); break;
      default: break;
    }
  }
  generate_castling_moves(pos, moves);
}

// The legality test, make-test-unmake: a pseudo-legal move is legal if, once made, the mover's king is not
// attacked. Castling was tested for attacks on the king's path as it was generated; testing it again here
// catches the one case that test misses, the castling rook shielding the king's destination in Chess960.
void Position::generate_legal(MoveList& list) {
  MoveList pseudo;
  generate_pseudo_legal(*this, pseudo);
  const Color us = side_;
  for (Move m : pseudo) {
    const Undo undo = play(m);
    if (!is_square_attacked(king_square(us), ~us)) list.push_back(m);
    take_back(m, undo);
  }
}

}  // namespace movegen::mailbox
