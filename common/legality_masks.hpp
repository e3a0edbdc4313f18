// What the masks strategy knows about a node before it generates a move: the pieces giving check, the
// own pieces pinned to the king, and where a move that is not the king's must land. Every masks generator
// computes the same struct in its own way (legality_masks() in mailbox/legal_masks.hpp,
// bitboard/legal_masks.hpp, tuned/mailbox/legality_masks.hpp and tuned/bitboard/movegen.hpp), and
// tests/mailbox_tuned_test.cpp compares them.
//
//   const LegalityMasks masks = legality_masks(pos);
//   if (more_than_one(masks.checkers)) { /* double check: only the king moves */ }
#pragma once

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

}  // namespace movegen
