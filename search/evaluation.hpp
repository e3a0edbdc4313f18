// The evaluation of the fixed search (search/search.hpp): material and piece-square tables, as Tomasz
// Michniewski's "Simplified Evaluation Function" gives them (chessprogramming wiki, "Simplified Evaluation
// Function"; its middle-game king table), in centipawns. Written once over the position concept, so that every
// generator scores a position with the same numbers; the search keeps it up to date move by move (eval_change),
// and evaluate computes it from scratch (at the root, and in tests that compare the two).
//
//   int white_view = evaluate(pos);                  // material and tables, white's pieces counted positive
//   int after = white_view + eval_change(pos, m);    // the same as evaluate() once m is made
#pragma once

#include <array>
#include <cstdint>

#include "common/castling.hpp"
#include "common/move.hpp"
#include "common/position_base.hpp"
#include "common/position_concept.hpp"
#include "common/types.hpp"

namespace movegen::search {

/// The value of a piece type in centipawns, the source's: pawn 100, knight 320, bishop 330, rook 500, queen
/// 900, king 20000 (so that MVV-LVA ranks the king as the most valuable attacker; every position has both
/// kings, so their material cancels in evaluate).
inline constexpr std::array<int, PIECE_TYPE_NB> PIECE_VALUES = {0, 100, 320, 330, 500, 900, 20000};

namespace detail {
// The source's tables, from white's side, as printed: the first row is rank 8, the last rank 1, files a to h.
// clang-format off
inline constexpr std::array<std::array<std::int16_t, 64>, PIECE_TYPE_NB> TABLES_AS_PRINTED = {{
  {},
  {  0,  0,  0,  0,  0,  0,  0,  0,    // pawn
    50, 50, 50, 50, 50, 50, 50, 50,
    10, 10, 20, 30, 30, 20, 10, 10,
     5,  5, 10, 25, 25, 10,  5,  5,
     0,  0,  0, 20, 20,  0,  0,  0,
     5, -5,-10,  0,  0,-10, -5,  5,
     5, 10, 10,-20,-20, 10, 10,  5,
     0,  0,  0,  0,  0,  0,  0,  0},
  {-50,-40,-30,-30,-30,-30,-40,-50,    // knight
   -40,-20,  0,  0,  0,  0,-20,-40,
   -30,  0, 10, 15, 15, 10,  0,-30,
   -30,  5, 15, 20, 20, 15,  5,-30,
   -30,  0, 15, 20, 20, 15,  0,-30,
   -30,  5, 10, 15, 15, 10,  5,-30,
   -40,-20,  0,  5,  5,  0,-20,-40,
   -50,-40,-30,-30,-30,-30,-40,-50},
  {-20,-10,-10,-10,-10,-10,-10,-20,    // bishop
   -10,  0,  0,  0,  0,  0,  0,-10,
   -10,  0,  5, 10, 10,  5,  0,-10,
   -10,  5,  5, 10, 10,  5,  5,-10,
   -10,  0, 10, 10, 10, 10,  0,-10,
   -10, 10, 10, 10, 10, 10, 10,-10,
   -10,  5,  0,  0,  0,  0,  5,-10,
   -20,-10,-10,-10,-10,-10,-10,-20},
  {  0,  0,  0,  0,  0,  0,  0,  0,    // rook
     5, 10, 10, 10, 10, 10, 10,  5,
    -5,  0,  0,  0,  0,  0,  0, -5,
    -5,  0,  0,  0,  0,  0,  0, -5,
    -5,  0,  0,  0,  0,  0,  0, -5,
    -5,  0,  0,  0,  0,  0,  0, -5,
    -5,  0,  0,  0,  0,  0,  0, -5,
     0,  0,  0,  5,  5,  0,  0,  0},
  {-20,-10,-10, -5, -5,-10,-10,-20,    // queen
   -10,  0,  0,  0,  0,  0,  0,-10,
   -10,  0,  5,  5,  5,  5,  0,-10,
    -5,  0,  5,  5,  5,  5,  0, -5,
     0,  0,  5,  5,  5,  5,  0, -5,
   -10,  5,  5,  5,  5,  5,  0,-10,
   -10,  0,  5,  0,  0,  0,  0,-10,
   -20,-10,-10, -5, -5,-10,-10,-20},
  {-30,-40,-40,-50,-50,-40,-40,-30,    // king, middle game
   -30,-40,-40,-50,-50,-40,-40,-30,
   -30,-40,-40,-50,-50,-40,-40,-30,
   -30,-40,-40,-50,-50,-40,-40,-30,
   -20,-30,-30,-40,-40,-30,-30,-20,
   -10,-20,-20,-20,-20,-20,-20,-10,
    20, 20,  0,  0,  0,  0, 20, 20,
    20, 30, 10,  0,  0, 10, 30, 20},
}};
// clang-format on

// Each piece on each square: its value plus its table entry, positive for white, negative for black. A white
// piece reads the printed table at the square mirrored top to bottom (a1 is printed last), a black one at the
// square itself (its rank 8 is printed first from its own side).
inline constexpr std::array<std::array<int, 64>, PIECE_NB> PIECE_SQUARE = [] {
  std::array<std::array<int, 64>, PIECE_NB> t{};
  for (Color c : {WHITE, BLACK})
    for (int pt = PAWN; pt <= KING; ++pt)
      for (int sq = 0; sq < 64; ++sq) {
        const int score =
            (pt == KING ? 0 : PIECE_VALUES[pt]) + TABLES_AS_PRINTED[pt][relative_square(c, Square(sq)) ^ 56];
        t[make_piece(c, PieceType(pt))][sq] = c == WHITE ? score : -score;
      }
  return t;
}();
}  // namespace detail

/// The score of piece `p` on `sq` in centipawns, white's view: value (none for a king) plus table entry,
/// negated for a black piece; 0 for NO_PIECE.
constexpr int piece_square(Piece p, Square sq) { return detail::PIECE_SQUARE[p][sq]; }

/// The material and tables of every piece of `pos`, in centipawns from white's view, read square by square.
template <ChessPosition P>
int evaluate(const P& pos) {
  int score = 0;
  for (Square sq = SQ_A1; sq <= SQ_H8; ++sq) score += piece_square(pos.piece_on(sq), sq);
  return score;
}

/// What legal move `m` of the side to move changes in evaluate(pos), white's view, read from the board before
/// `m` is made: the mover leaves its square and lands (promoted, for a promotion), a captured piece (beside
/// `to` for en passant) leaves, and castling moves king and rook (common/castling.hpp, castling_move).
template <ChessPosition P>
int eval_change(const P& pos, Move m) {
  if (m.flag() == CASTLING) {
    const CastlingMove c = castling_move(m);
    const Piece king = pos.piece_on(c.king_from), rook = pos.piece_on(c.rook_from);
    return piece_square(king, c.king_to) - piece_square(king, c.king_from) + piece_square(rook, c.rook_to) -
           piece_square(rook, c.rook_from);
  }
  const Piece mover = pos.piece_on(m.from());
  const Piece landed = m.is_promotion() ? make_piece(color_of(mover), m.promotion_type()) : mover;
  const Square taken = captured_square(m, color_of(mover));
  return piece_square(landed, m.to()) - piece_square(mover, m.from()) - piece_square(pos.piece_on(taken), taken);
}

}  // namespace movegen::search
