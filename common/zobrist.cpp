#include "common/zobrist.hpp"

namespace movegen {

Key zobrist_key(const BoardState& s, const ZobristNumbers& n) {
  Key k = 0;
  for (Square sq = SQ_A1; sq <= SQ_H8; ++sq)
    if (s.board[sq] != NO_PIECE) k ^= zobrist::piece(s.board[sq], sq, n);
  k ^= zobrist::castling(s.castling, n);
  k ^= zobrist::en_passant(s.ep_square, s.side_to_move, [&s](Square sq) { return s.board[sq]; }, n);
  if (s.side_to_move == WHITE) k ^= n.white_to_move;
  return k;
}

}  // namespace movegen
