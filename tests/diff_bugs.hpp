// One more deliberately wrong generator, for the diff tests, beside the zoo (tests/bug_zoo.hpp): the
// mailbox generator with one more move that a classic bug lets through, used as BrokenPosition<Bug>.
//
//   BrokenPosition<DoublePushFromThirdRank> pos = ...;   // after a2a3 b7b6 it also plays a3a5
#pragma once

#include "tests/bug_zoo.hpp"

namespace movegen::testing {

/// Lets a pawn on its third rank push two squares when both are empty, out of check and where its single
/// push is legal (so that the extra move never exposes the king); played as a plain move, so that no en
/// passant square is set and the position stays consistent for checked builds.
struct DoublePushFromThirdRank {
  static void generate_legal(MtuPosition<mailbox::Position>& pos, MoveList& list) {
    pos.generate_legal(list);
    if (pos.in_check()) return;
    const Color us = pos.side_to_move();
    const Direction up = pawn_push(us);
    for (Square s = SQ_A1; s <= SQ_H8; ++s)
      if (pos.piece_on(s) == make_piece(us, PAWN) && relative_rank(us, s) == RANK_3 && list.contains(Move(s, s + up)) &&
          pos.piece_on(s + up + up) == NO_PIECE)
        list.push_back(Move(s, s + up + up));
  }
};

}  // namespace movegen::testing
