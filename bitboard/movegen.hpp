// Bitboard pseudo-legal move generation: one function per piece kind, each turning a set of the side to
// move's pieces into moves with the attack tables (bitboard/attack_tables.hpp) and, for pawns, set-wise
// shifts with file masks. Each appends the moves that follow the piece's rule and land on `targets`; a move
// may still leave the mover's own king in check. The two legality strategies call these same functions:
// make-test-unmake (MtuPosition<Position>, common/make_test_unmake.hpp) with every square as a target, then tests each
// move; masks (MasksPosition<Position>, bitboard/legal_masks.hpp) with the check and pin masks as targets.
// mailbox/movegen.hpp has the same functions in the same order, one square at a time. Castling is generated once for
// every representation, over this one's is_square_attacked_without (generate_castling_moves, common/castling.hpp).
//
//   MoveList list;
//   generate_knight_moves(pos, pos.pieces(WHITE, KNIGHT), ALL_SQUARES, list);  // b1a3, b1c3, g1f3, g1h3
//   generate_pseudo_legal(pos, list);                                         // 20 in the start position
#pragma once

#include "bitboard/attacks.hpp"
#include "bitboard/position.hpp"
#include "common/make_test_unmake.hpp"
#include "common/move.hpp"

namespace movegen::bitboard {

// The per-piece generators, for the side to move's pieces on the squares of `from` (a set: bit s for
// square s, a1 = 0 .. h8 = 63). A move is added only if it lands on a square of `targets`.

/// The pawns of `from`: single pushes (one shift towards the last rank, onto empty squares), double pushes
/// (a second shift of the single pushes that reached the relative third rank), pawn attacks east and west
/// onto enemy pieces, and all four promotions (queen, rook, bishop, knight) on the last rank, each landing
/// on `targets`; and en passant onto the square the enemy pawn has just crossed, whatever `targets` holds:
/// it takes a pawn that is not on its landing square, so the caller tests it.
void generate_pawn_moves(const Position& pos, Bitboard from, Bitboard targets, MoveList& moves);
/// The knights of `from`: each one's knight attacks that hold no own piece and are in `targets`.
void generate_knight_moves(const Position& pos, Bitboard from, Bitboard targets, MoveList& moves);
/// The bishops of `from`: each one's diagonal attacks up to and including the first piece met on each ray,
/// that hold no own piece and are in `targets`.
void generate_bishop_moves(const Position& pos, Bitboard from, Bitboard targets, MoveList& moves);
/// The rooks of `from`, as the bishops along ranks and files.
void generate_rook_moves(const Position& pos, Bitboard from, Bitboard targets, MoveList& moves);
/// The queens of `from`: the bishop's and the rook's moves.
void generate_queen_moves(const Position& pos, Bitboard from, Bitboard targets, MoveList& moves);
/// The king on `from` (one square, as the common masks strategy hands it over): its king attacks that hold no
/// own piece and are in `targets`.
void generate_king_moves(const Position& pos, Square from, Bitboard targets, MoveList& moves);

/// The moves of the side to move's pieces of `from` that land on `targets`: each kind's generator given
/// its pieces of `from`.
void generate_piece_moves(const Position& pos, Bitboard from, Bitboard targets, MoveList& moves);
/// Every pseudo-legal move of the side to move's pieces that lands on `targets`, castling aside: each own
/// piece's moves given `targets` (en passant whatever `targets` holds). The stages of make-test-unmake give it the
/// enemy's squares or every other square (stage_targets, common/staged_generation.hpp).
void generate_moves_onto(const Position& pos, Bitboard targets, MoveList& moves);
/// Every pseudo-legal move of the side to move: each own piece's moves with every square a target, then
/// castling.
void generate_pseudo_legal(const Position& pos, MoveList& moves);

}  // namespace movegen::bitboard
