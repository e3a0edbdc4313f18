#include "common/zobrist.hpp"

namespace movegen {

Key zobrist_key(const BoardState& s) {
  Key k = 0;
  for (Square sq = SQ_A1; sq <= SQ_H8; ++sq)
    if (s.board[sq] != NO_PIECE) k ^= zobrist::piece(s.board[sq], sq);
  k ^= zobrist::castling(s.castling);
  k ^= zobrist::en_passant(s.ep_square, s.side_to_move, [&s](Square sq) { return s.board[sq]; });
  if (s.side_to_move == WHITE) k ^= zobrist::WHITE_TO_MOVE;
  return k;
}

}  // namespace movegen
