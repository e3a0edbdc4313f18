// 10x12 pseudo-legal move generation: the mailbox's generators (mailbox/movegen.hpp) with the sentinel
// border for a bounds test. One function per piece kind, each stepping from the piece's 10x12 square by the
// direction offsets of board10x12/board.hpp (common/steps.hpp as 10 * row + col) until a step lands on a
// sentinel or a piece. Each appends the moves that follow the piece's rule and land on `targets`; a move
// may still leave the mover's own king in check. The two legality strategies call these same functions:
// make-test-unmake (MtuPosition<Position>, common/make_test_unmake.hpp) with every square as a target, then tests each
// move; masks (MasksPosition<Position>, board10x12/legal_masks.hpp) with the check and pin masks as targets. Castling
// is generated once for every representation, over this one's is_square_attacked_without (generate_castling_moves,
// common/castling.hpp).
//
//   MoveList list;
//   generate_knight_moves(pos, SQ_G1, ALL_SQUARES, list);   // g1f3, g1h3 in the start position
//   generate_pseudo_legal(pos, list);                        // every piece's moves: 20 in the start position
#pragma once

#include "board10x12/position.hpp"
#include "common/make_test_unmake.hpp"
#include "common/move.hpp"

namespace movegen::board10x12 {

// The per-piece generators, for the side to move's piece on `from` (a1 = 0 .. h8 = 63). `targets` is a
// set of squares (bit s for square s): a move is added only if it lands on one of them.

/// The pawn on `from`: single push onto an empty square, double push from its starting rank through an
/// empty square, pawn attacks onto an enemy piece, and all four promotions (queen, rook, bishop, knight)
/// on the last rank, each landing on `targets`; and en passant onto the square the enemy pawn has just
/// crossed, whatever `targets` holds: it takes a pawn that is not on its landing square, so the caller
/// tests it.
void generate_pawn_moves(const Position& pos, Square from, Bitboard targets, MoveList& moves);
/// The knight on `from`: its eight KNIGHT_OFFSETS that land on no sentinel and no own piece, on `targets`.
void generate_knight_moves(const Position& pos, Square from, Bitboard targets, MoveList& moves);
/// The bishop on `from`: along each of BISHOP_OFFSETS, every square up to and including the first piece
/// met, unless that piece is its own, or up to the sentinel; those on `targets`.
void generate_bishop_moves(const Position& pos, Square from, Bitboard targets, MoveList& moves);
/// The rook on `from`, as the bishop along ROOK_OFFSETS.
void generate_rook_moves(const Position& pos, Square from, Bitboard targets, MoveList& moves);
/// The queen on `from`: the bishop's and the rook's moves.
void generate_queen_moves(const Position& pos, Square from, Bitboard targets, MoveList& moves);
/// The king on `from`: its eight KING_OFFSETS that land on no sentinel and no own piece, on `targets`.
void generate_king_moves(const Position& pos, Square from, Bitboard targets, MoveList& moves);

/// The moves of the side to move's piece on `from` that land on `targets`: the generator of its kind
/// (generate_moves_of_kind, common/piece_dispatch.hpp).
void generate_piece_moves(const Position& pos, Square from, Bitboard targets, MoveList& moves);
/// Every pseudo-legal move of the side to move's pieces that lands on `targets`, castling aside: each own
/// piece's moves given `targets` (en passant whatever `targets` holds). The stages of make-test-unmake give it the
/// enemy's squares or every other square (stage_targets, common/staged_generation.hpp).
void generate_moves_onto(const Position& pos, Bitboard targets, MoveList& moves);
/// Every pseudo-legal move of the side to move: each own piece's moves, square a1 to h8, with every square a
/// target, then castling.
void generate_pseudo_legal(const Position& pos, MoveList& moves);

}  // namespace movegen::board10x12
