#include "common/flip.hpp"

namespace movegen {

namespace {

constexpr Square mirror(Square s) { return Square(s ^ 56); }  // same file, rank 1 <-> rank 8

constexpr Piece swap_color(Piece p) { return p == NO_PIECE ? NO_PIECE : make_piece(~color_of(p), type_of(p)); }

}  // namespace

BoardState flip(const BoardState& state) {
  BoardState flipped = state;
  for (Square s = SQ_A1; s <= SQ_H8; ++s) flipped.board[mirror(s)] = swap_color(state.board[s]);
  flipped.side_to_move = ~state.side_to_move;
  flipped.castling = CastlingRights(((state.castling & (WHITE_OO | WHITE_OOO)) << 2) |
                                    ((state.castling & (BLACK_OO | BLACK_OOO)) >> 2));
  for (int i = 0; i < 4; ++i) {  // K, Q, k, q become k, q, K, Q
    const Square rook = state.castling_rooks[i ^ 2];
    flipped.castling_rooks[i] = rook == SQ_NONE ? SQ_NONE : mirror(rook);
  }
  flipped.ep_square = state.ep_square == SQ_NONE ? SQ_NONE : mirror(state.ep_square);
  return flipped;
}

}  // namespace movegen
