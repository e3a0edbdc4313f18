// What the masks strategy knows about a node before it generates a move: the pieces giving check, the
// own pieces pinned to the king, and where a move that is not the king's must land. The rule that makes the
// check mask, the assembly of the struct, the targets of a pinned piece and the strategy's steps are written
// once here (check_mask_bb, legality_masks_of, piece_targets, generate_within_masks); each reference
// representation finds only its pins, the squares between two squares and the line through them, and visits
// its pieces, in its own way (mailbox/, board10x12/, x88/ and bitboard/legal_masks.cpp). The tuned tier computes
// the same struct (tuned/mailbox/legality_masks.hpp, tuned/bitboard/movegen.hpp), and
// tests/mailbox_tuned_test.cpp compares them.
//
//   const LegalityMasks masks = legality_masks(pos);
//   if (more_than_one(masks.checkers)) { /* double check: only the king moves */ }
//   legality_masks_of(pos, pinned_bb, between_bb);   // how a representation's legality_masks fills it
#pragma once

#include <cstddef>

#include "common/make_test_unmake.hpp"
#include "common/move.hpp"
#include "common/types.hpp"

namespace movegen {

/// The checkers, pinned pieces and check mask of the side to move, found once per node. A default
/// LegalityMasks{} has no king to guard and restricts nothing: generators given it emit pseudo-legal moves.
struct LegalityMasks {
  Square king = SQ_NONE;  // the side to move's king
  Bitboard checkers = 0;  // enemy pieces giving check
  Bitboard pinned = 0;    // own pieces standing alone between the king and an enemy slider on its line
  /// Where a move other than the king's must land: every square out of check; in single check the checker
  /// and the squares between it and the king; no square in double check.
  Bitboard check_mask = ALL_SQUARES;

  bool operator==(const LegalityMasks&) const = default;
};

/// Where a move other than the king's must land, for a king on `king` given its `checkers`: every square
/// out of check; in single check the checker and `between(king, checker)`, the squares strictly between
/// them (a move there blocks a slider); no square in double check, where no such move answers both checks.
template <class Between>
constexpr Bitboard check_mask_bb(Square king, Bitboard checkers, Between between) {
  if (!checkers) return ALL_SQUARES;
  return more_than_one(checkers) ? 0 : checkers | between(king, lsb(checkers));
}

/// The LegalityMasks of the side to move in `pos`: its king's square, pos.checkers(), the own pieces
/// `pinned_bb(pos, king)` finds pinned to that king, and check_mask_bb with the representation's
/// `between_bb(a, b)`, the squares strictly between a and b on a shared line.
template <class P, class PinnedBb, class BetweenBb>
LegalityMasks legality_masks_of(const P& pos, PinnedBb pinned_bb, BetweenBb between_bb) {
  const Square king = pos.king_square(pos.side_to_move());
  const Bitboard checkers = pos.checkers();
  return {king, checkers, pinned_bb(pos, king), check_mask_bb(king, checkers, between_bb)};
}

/// Where the side to move's piece on `from` may land under `masks`: the check mask and, for a pinned piece,
/// only the squares of `line_bb(king, from)`, the line through its king and itself.
template <class LineBb>
Bitboard piece_targets(const LegalityMasks& masks, Square from, LineBb line_bb) {
  return masks.check_mask & (masks.pinned >> from & 1 ? line_bb(masks.king, from) : ALL_SQUARES);
}

/// The masks strategy, its steps written once in the order every reference representation takes them, for every
/// stage: appends the legal moves of stage S of the side to move in `pos` to `list` and leaves `pos` as it was.
/// The king's steps onto safe_king_squares(pos) within stage_targets, by `king_moves(king, targets)`; unless in
/// double check, where only the king moves, `other_moves(masks)`, every other piece's moves onto its
/// piece_targets, the check mask narrowed to the stage's targets; castling out of check (generate_castling_moves)
/// unless S is CAPTURES; en passant, which the pawns' generator adds whatever its targets, made and tested
/// (drop_unsafe_en_passant), or dropped if S is QUIETS. legality_masks, safe_king_squares and
/// generate_castling_moves are the representation's, found by argument-dependent lookup; the two callables hold
/// what differs between representations, how they visit their pieces.
template <Stage S, class P, class KingMoves, class OtherMoves>
void generate_within_masks(P& pos, MoveList& list, KingMoves king_moves, OtherMoves other_moves) {
  const std::size_t first = list.size();
  LegalityMasks masks = legality_masks(pos);
  const Bitboard targets = stage_targets<S>(pos);
  king_moves(masks.king, safe_king_squares(pos) & targets);
  if (more_than_one(masks.checkers)) return;  // double check: only the king moves
  masks.check_mask &= targets;
  other_moves(masks);
  if (S != Stage::CAPTURES && !masks.checkers) generate_castling_moves(pos, list);
  if constexpr (S == Stage::QUIETS)
    keep_en_passant_if(list, first, [](Move) { return false; });  // a capture, in no quiet stage
  else
    drop_unsafe_en_passant(pos, list, first);  // en passant: made and tested
}

/// Every legal move by the masks strategy: generate_within_masks<Stage::LEGAL>.
template <class P, class KingMoves, class OtherMoves>
void generate_legal_within_masks(P& pos, MoveList& list, KingMoves king_moves, OtherMoves other_moves) {
  generate_within_masks<Stage::LEGAL>(pos, list, king_moves, other_moves);
}

}  // namespace movegen
