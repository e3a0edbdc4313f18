// The switch from a piece's type to the generator of its kind, written once for the representations that
// generate one square at a time (mailbox/, board10x12/, x88/). Each names its per-piece generators alike
// (generate_pawn_moves .. generate_king_moves, each (pos, from, targets, moves), found by argument-dependent
// lookup in the Position's namespace), and its generate_piece_moves calls this in its own movegen.cpp, so
// that the switch sits beside the generators it calls. The bitboard's generate_piece_moves takes a set of
// squares and gives it to every kind's generator instead (bitboard/movegen.cpp).
//
//   void generate_piece_moves(const Position& pos, Square from, Bitboard targets, MoveList& moves) {
//     generate_moves_of_kind(pos, from, targets, moves);
//   }
#pragma once

#include "common/move.hpp"
#include "common/types.hpp"

namespace movegen {

/// Appends the moves of the side to move's piece on `from` (a1 = 0 .. h8 = 63) that land on `targets`: the
/// representation's generator of that piece's kind; nothing for an empty square.
template <class P>
void generate_moves_of_kind(const P& pos, Square from, Bitboard targets, MoveList& moves) {
  switch (type_of(pos.piece_on(from))) {
    case PAWN: generate_pawn_moves(pos, from, targets, moves); break;
    case KNIGHT: generate_knight_moves(pos, from, targets, moves); break;
    case BISHOP: generate_bishop_moves(pos, from, targets, moves); break;
    case ROOK: generate_rook_moves(pos, from, targets, moves); break;
    case QUEEN: generate_queen_moves(pos, from, targets, moves); break;
    case KING: generate_king_moves(pos, from, targets, moves); break;
    default: break;
  }
}

}  // namespace movegen
