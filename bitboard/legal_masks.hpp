// The masks strategy on bitboards: the checkers, pinned pieces and check mask of the side to move are found
// once per node by looking outward from its king with the attack tables (legality_masks); then the
// per-piece generators of bitboard/movegen.hpp are given as targets the check mask, and a pinned piece only
// the line through its king. The king's steps are tested once each with the king lifted off the board; en
// passant, the one move that takes a piece off a square it does not land on, is made and tested.
// mailbox/legal_masks.hpp is the same algorithm on the board string.
//
//   auto pos = bitboard::MasksPosition::from_fen("4k3/8/8/8/8/8/4R3/4K3 b - - 0 1");
//   legality_masks(pos).checkers;           // the rook on e2 (bit 12)
//   MoveList moves;
//   pos.generate_legal(moves);              // the king steps off the e-file: d8, d7, f7, f8
#pragma once

#include <string_view>

#include "bitboard/position.hpp"
#include "common/legality_masks.hpp"
#include "common/move.hpp"

namespace movegen::bitboard {

/// The checkers, pinned pieces and check mask of the side to move: the enemy pieces that attack its king;
/// and each enemy slider that would see the king through the side to move's pieces ("sniper") pins the
/// one piece of the side to move between them, if there is exactly one.
LegalityMasks legality_masks(const Position& pos);

/// The squares next to the side to move's king that no enemy piece attacks once the king has left its
/// square (lifted, so that it cannot hide from a checking slider behind itself). Own pieces' squares too.
Bitboard safe_king_squares(const Position& pos);

/// Appends every legal move of the side to move in `pos` to `list`: the king's steps onto safe squares;
/// unless in double check, each other piece's moves onto the check mask, a pinned piece's along the line
/// through its king; castling out of check; en passant made and tested. Leaves the position as it was. The
/// steps are generate_legal_within_masks (common/legality_masks.hpp); this folder visits its pieces.
void generate_legal_masks(Position& pos, MoveList& list);

/// The generator `bitboard-masks`: the bitboard Position with the masks strategy. Satisfies
/// movegen::ChessPosition.
struct MasksPosition : Position {
  /// The position of a FEN. Throws FenError naming the field for any malformed or impossible FEN.
  static MasksPosition from_fen(std::string_view fen) { return {Position::from_fen(fen)}; }
  /// Appends every legal move to `list` (generate_legal_masks).
  void generate_legal(MoveList& list) { generate_legal_masks(*this, list); }
};

/// Appends the legal moves of `stage` (common/staged_generation.hpp) of the side to move in `pos` to `list`: the
/// masks strategy with the stage's targets (generate_within_masks). What generate_captures and generate_quiets
/// call for this generator.
void generate_stage(MasksPosition& pos, MoveList& list, Stage stage);

}  // namespace movegen::bitboard
