// More deliberately wrong generators, for the diff tests: each is the mailbox generator with one more
// move that a classic bug lets through, used as BrokenPosition<Bug> (tests/broken_generators.hpp).
//
//   BrokenPosition<DoublePushFromThirdRank> pos = ...;   // after a2a3 b7b6 it also plays a3a5
#pragma once

#include <cstdlib>

#include "tests/broken_generators.hpp"

namespace movegen::testing {

/// Lets a pawn on its third rank push two squares when both are empty, out of check and where its single
/// push is legal (so that the extra move never exposes the king); played as a plain move, so that no en
/// passant square is set and the position stays consistent for checked builds.
struct DoublePushFromThirdRank {
  static void generate_legal(mailbox::Position& pos, MoveList& list) {
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

/// Castles when the right is held, the squares between king and rook are empty and the king's landing
/// square is safe, without asking whether the king is in check or crosses an attacked square.
struct CastleThroughAttack {
  static void generate_legal(mailbox::Position& pos, MoveList& list) {
    pos.generate_legal(list);
    const Color us = pos.side_to_move();
    for (const CastlingRule& r : CASTLING_RULES) {
      const Move castle(r.king_from, r.king_to, CASTLING);
      if (r.color != us || !(pos.castling_rights() & r.right) || list.contains(castle)) continue;
      bool empty = true;
      for (int s = std::min(r.king_from, r.rook_from) + 1; s < std::max(r.king_from, r.rook_from); ++s)
        empty &= pos.piece_on(Square(s)) == NO_PIECE;
      if (empty && !pos.is_square_attacked(r.king_to, ~us)) list.push_back(castle);
    }
  }
};

/// Plays en passant without testing whether the capture exposes the king (the rank pin of the two pawns
/// leaving one rank together). Leaves inconsistent positions: not for checked builds.
struct EnPassantUnchecked {
  static void generate_legal(mailbox::Position& pos, MoveList& list) {
    pos.generate_legal(list);
    MoveList pseudo;
    mailbox::generate_pseudo_legal(pos, pseudo);
    for (Move m : pseudo)
      if (m.flag() == EN_PASSANT && !list.contains(m)) list.push_back(m);
  }
};

}  // namespace movegen::testing
