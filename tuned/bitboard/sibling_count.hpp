// Perft's bulk count one ply above the leaves, shared between sibling moves. At a leaf parent, side A
// to move, perft needs the number of legal replies of side B after each legal move m of A. A quiet move
// of A (no capture, castling, en passant or promotion) leaves every piece of B where it was and changes
// the occupancy of two squares only, m's from and to. So most of B's count is found once for all the
// siblings, and each m only pays for what it changes:
//   - B's checkers and pinned pieces come from pieces on B's king's lines (its queen rays on an empty
//     board) and from knights and pawns next to it. If neither from nor to is on those lines and the moved
//     piece does not give check from `to` as a knight or pawn, they are the parent's (no check, the same
//     pins). If from or to is on them, A's sliders that see the king are looked for again: if none gives
//     check and B's pinned pieces are the same, the parent's facts still hold; otherwise m is counted in
//     full, as count_legal_after(m) counts it.
//   - B's knights then move as in the parent: their count is found once.
//   - A slider's attack set is every square up to and including the first piece on each ray, so it changes
//     only if from or to is in it: the other sliders keep the parent's count, without a look-up.
//   - B's pawns depend on the occupancy of many squares: they are counted again, set-wise, for each m.
//   - B's king: its free squares do not change (B's pieces do not move), but the squares A attacks do;
//     they are found as a union of A's attack sets, of which again only the moved piece and the sliders
//     that see from or to are looked up again. Found only when the king may step or castle.
//   - After a double push next to a pawn of B, the en passant captures are tested as the generator tests
//     them: no slider of A may see the king once both pawns have left their squares.
// Every capture, castling, en passant and promotion of A is counted in full. The shared part and the count after
// one quiet move are SharedReplies (shared_replies.hpp), which perft's own recursion also calls (sibling_perft.hpp).
//
//   MoveList moves;
//   pos.generate_legal(moves);
//   count_legal_after_each(pos, board, moves);   // the sum of count_legal_after(m) over the list
#pragma once

#include <cstdint>

#include "common/move.hpp"
#include "tuned/bitboard/piece_sets.hpp"

namespace movegen::bitboard_tuned {

/// The number of legal moves after each move of `moves` (legal moves of `pos`), summed: perft's bulk count
/// at a leaf parent. `board` is the position's piece array (the piece on each square, a1 = 0 .. h8 = 63).
std::uint64_t count_legal_after_each(const PieceSets& pos, const Piece* board, const MoveList& moves);

}  // namespace movegen::bitboard_tuned
