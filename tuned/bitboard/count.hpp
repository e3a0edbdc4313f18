// Counting a node's legal moves without naming one: perft's bulk count at each leaf parent
// (tuned/bitboard/perft.cpp) and count_legal (movegen.cpp). In check, the generators of generate.hpp count
// into a MoveCounter, out of line. Out of check, the same generators run with a check mask known to be every
// square at compile time; where the build has AVX2, the knights and unpinned sliders are counted by direction
// fills instead (direction_fills.hpp), their counts summed lane by lane over perft's loop (FillTally), and the
// enemy's knights and sliders found by them for the king's danger;
// in rook and pawn endings, only the kinds that stand on the board are looked for (PieceKinds, ROOKS_ONLY), and
// perft's leaf parents there are counted by a count of their own (rook_ending.hpp).
//
//   count_legal_moves<WHITE>(sets);            // 20 in the start position
#pragma once

#include <cstddef>

#include "tuned/bitboard/direction_fills.hpp"
#include "tuned/bitboard/generate.hpp"

namespace movegen::bitboard_tuned {

/// The one set of kinds below ALL_KINDS that the count has a version for: rook and pawn endings (no knight,
/// bishop or queen) with no castling right left, such as position 3 of the Chess Programming Wiki's perft
/// results, whose leaf parents were counted in 11% fewer instructions without the look-ups of the kinds that
/// are not there, and in 3% fewer without castling and the upkeep of castling rights (with_count_version picks
/// it only where no right is held, and a move never brings one back).
inline constexpr PieceKinds ROOKS_ONLY = kind(ROOK);

/// The legal moves of Us in check, with `masks` its check_and_pin_masks<Us>(pos): the generators of the kinds of Kinds
/// into a MoveCounter, out of line so that the common case keeps its registers.
template <Color Us, PieceKinds Kinds>
[[gnu::noinline]] std::size_t count_evasions(const PieceSets& pos, const CheckAndPinMasks& masks) {
  MoveCounter counter;
  generate_all<Us, Kinds>(pos, masks, counter);
  return counter.count;
}

/// count_evasions with the masks found again inside it, for the count with fills (count_moves_by_fills): handed
/// the caller's masks by reference, the count stored them to memory at every node for the 1-3% of nodes in check
/// (instructions a leaf: start 10.82 to 10.67, Kiwipete 7.49 to 7.41; natively 1.025x and 1.009x).
template <Color Us>
[[gnu::noinline]] std::size_t count_evasions_found_again(const PieceSets& pos, Square king) {
  return count_evasions<Us, ALL_KINDS>(pos, check_and_pin_masks<Us>(pos, king));
}

/// The moves of Us's pieces but the king into `counter`, with `masks` out of check: the generators of
/// generate.hpp for the kinds of Kinds, inlined so that what `masks` holds at compile time drops out.
template <Color Us, PieceKinds Kinds>
[[gnu::always_inline]] inline void count_piece_moves(const PieceSets& pos, const CheckAndPinMasks& masks,
                                                     MoveCounter& counter) {
  generate_pawn_moves<Us>(pos, masks, counter);
  if constexpr (Kinds & kind(KNIGHT)) generate_knight_moves<Us>(pos, masks, counter);
  if constexpr (Kinds & kind(BISHOP)) generate_slider_moves<Us, BISHOP>(pos, masks, counter);
  if constexpr (Kinds & kind(ROOK)) generate_slider_moves<Us, ROOK>(pos, masks, counter);
  if constexpr (Kinds & kind(QUEEN)) generate_slider_moves<Us, QUEEN>(pos, masks, counter);
}

/// The moves counted by the count with direction fills (count_moves_by_fills) of one node or of many: those
/// counted one by one or by popcounts, and the fills' counts still lane by lane (MoveLanes), summed once by
/// total(). count_children_with_fills (tuned/bitboard/perft.cpp) sums the lanes once per leaf parent's parent, not
/// once per leaf parent.
struct FillTally {
  std::size_t count = 0;
  MoveLanes lanes = no_move_lanes();
  /// Every move counted.
  std::size_t total() const { return count + sum_move_lanes(lanes); }
};

/// The moves of Us's pieces but the king into `tally`, with `masks` out of check: the pawns by their
/// generator, the knights and unpinned sliders by direction fills (knight_and_slider_move_lanes), the pinned
/// sliders one by one.
template <Color Us>
[[gnu::always_inline]] inline void count_piece_moves_by_fills(const PieceSets& pos, const CheckAndPinMasks& masks,
                                                              FillTally& tally) {
  MoveCounter counter;
  generate_pawn_moves<Us>(pos, masks, counter);
  const Bitboard unpinned = ~masks.pinned;  // a pinned knight never moves
  tally.lanes = add_move_lanes(
      tally.lanes,
      knight_and_slider_move_lanes(pos.pieces(Us, KNIGHT) & unpinned, pos.pieces(Us, BISHOP, QUEEN) & unpinned,
                                   pos.pieces(Us, ROOK, QUEEN) & unpinned, pos.pieces(), ~pos.pieces(Us)));
  if (masks.pinned) {
    generate_pinned_slider_moves<Us, BISHOP>(pos, masks, counter);
    generate_pinned_slider_moves<Us, ROOK>(pos, masks, counter);
    generate_pinned_slider_moves<Us, QUEEN>(pos, masks, counter);
  }
  tally.count += counter.count;
}

/// The legal moves of Us, the side to move in `pos`, its king on `king`, added to `tally` (only where
/// HAS_DIRECTION_FILLS): count_legal_moves_of with the knights and sliders of both sides found by direction fills.
template <Color Us>
[[gnu::always_inline]] inline void count_moves_by_fills(const PieceSets& pos, Square king, FillTally& tally) {
  const CheckAndPinMasks masks = check_and_pin_masks<Us>(pos, king);
  if (masks.checkers) [[unlikely]] {
    tally.count += count_evasions_found_again<Us>(pos, king);
    return;
  }
  // As in count_legal_moves_of: the check mask every square, and the pinned set empty where nothing is pinned,
  // both known at compile time.
  const CheckAndPinMasks quiet{masks.king, 0, masks.pinned};
  // The king's moves first: the danger squares' fill and the union of its lanes are a long chain, which the other
  // pieces' counts then overlap.
  if (king_may_move<Us>(pos, masks.king)) {
    // The danger squares with the king left on the board (see count_legal_moves_of), by a second fill that shares
    // the first's empty squares.
    const Bitboard danger = attacked_squares<~Us, true, ALL_KINDS>(pos, pos.pieces());
    MoveCounter counter;
    generate_king_moves<Us>(pos, masks.king, danger, counter);
    generate_castling_moves<Us>(pos, quiet, danger, counter);
    tally.count += counter.count;
  }
  if (masks.pinned)
    count_piece_moves_by_fills<Us>(pos, quiet, tally);
  else
    count_piece_moves_by_fills<Us>(pos, CheckAndPinMasks{masks.king, 0, 0}, tally);
}

/// The legal moves of Us, the side to move in `pos`, its king on `king`, counted with popcounts; with Fills (only
/// where HAS_DIRECTION_FILLS), the knights and sliders of both sides found by direction fills; only the kinds of
/// Kinds looked for, which must hold every kind on the board.
/// Forced inline: perft's loop over the moves of a leaf parent's parent (CountReplies) inlines the versions
/// without fills, so that the parent's sets the siblings share stay in registers (position 3, against the build
/// before PieceKinds: 1.40x with it inlined, 1.11x out of line); its loop over the children built first
/// (count_children_with_fills, tuned/bitboard/perft.cpp) calls the version with fills, count_moves_by_fills, with
/// one FillTally for all of them; count_legal_moves_with is the same out of line.
template <Color Us, bool Fills, PieceKinds Kinds>
[[gnu::always_inline]] inline std::size_t count_legal_moves_of(const PieceSets& pos, Square king) {
  static_assert(!Fills || Kinds == ALL_KINDS);
  if constexpr (Fills) {
    FillTally tally;
    count_moves_by_fills<Us>(pos, king, tally);
    return tally.total();
  }
  const CheckAndPinMasks masks = check_and_pin_masks<Us, Kinds>(pos, king);
  if (masks.checkers) [[unlikely]]
    return count_evasions<Us, Kinds>(pos, masks);
  MoveCounter counter;
  // The check mask is every square, and with nothing pinned (the common case) the pinned set is empty: both
  // known at compile time, so that the generators drop them.
  const CheckAndPinMasks quiet{masks.king, 0, masks.pinned};
  if (masks.pinned)
    count_piece_moves<Us, Kinds>(pos, quiet, counter);
  else
    count_piece_moves<Us, Kinds>(pos, CheckAndPinMasks{masks.king, 0, 0}, counter);
  // In the opening the king often has no square to go to, and its danger squares need not be found; in a rook
  // ending it nearly always has one, and the test costs more than it saves.
  if constexpr (Kinds != ROOKS_ONLY)
    if (!king_may_move<Us>(pos, masks.king)) return counter.count;
  // The danger squares with the king left on the board: out of check no enemy ray reaches the king, so none
  // stops at it, and the set is king_danger's.
  const Bitboard danger = attacked_squares<~Us, false, Kinds>(pos, pos.pieces());
  generate_king_moves<Us>(pos, masks.king, danger, counter);
  if constexpr (Kinds != ROOKS_ONLY) generate_castling_moves<Us>(pos, quiet, danger, counter);
  return counter.count;
}

/// count_legal_moves_of out of line: the count of one node (count_legal_moves, and perft at depth 1).
template <Color Us, bool Fills, PieceKinds Kinds = ALL_KINDS>
[[gnu::noinline]] std::size_t count_legal_moves_with(const PieceSets& pos) {
  return count_legal_moves_of<Us, Fills, Kinds>(pos, pos.king_square(Us));
}

/// True if `pos` should be counted with direction fills (count_legal_moves_with<Us, true>): where the build has them
/// and more than two sliders stand on the board. With fewer, the look-ups piece by piece cost less than the fills'
/// fixed work: counted alone, the leaf parents of position 3 (two rooks and pawns) took 1.2x as long with fills, those
/// of the start position, Kiwipete and position 4 about 0.77x (docs/benchmarks.md).
[[gnu::always_inline]] inline bool uses_direction_fills(const PieceSets& pos) {
  return HAS_DIRECTION_FILLS && popcount(pos.sliders()) > 2;
}

/// The kinds that the children of `node`, colour Us to move, may hold: the node's own (PieceSets::kinds), and
/// every kind if a pawn of Us stands one step from promotion.
template <Color Us>
[[gnu::always_inline]] inline PieceKinds kinds_of_children(const PieceSets& node) {
  constexpr Bitboard Rank7 = rank_bb(relative_rank(Us, RANK_7));
  return node.pieces(Us, PAWN) & Rank7 ? ALL_KINDS : node.kinds();
}

/// visit.template operator()<Fills, Kinds>() with the version of count_legal_moves_with for a node whose
/// children hold no kinds beyond `kinds` (kinds_of_children) and the sliders and castling rights of `pos`: the
/// direction fills (uses_direction_fills), else the count of rook and pawn endings without castling rights
/// (ROOKS_ONLY), else the count of every kind.
template <class Visit>
[[gnu::always_inline]] inline decltype(auto) with_count_version(const PieceSets& pos, PieceKinds kinds, Visit visit) {
  if (uses_direction_fills(pos)) return visit.template operator()<HAS_DIRECTION_FILLS, ALL_KINDS>();
  if (!(kinds & ~ROOKS_ONLY) && !pos.castling_rights()) return visit.template operator()<false, ROOKS_ONLY>();
  return visit.template operator()<false, ALL_KINDS>();
}

/// The legal moves of Us, the side to move in `pos`, counted with popcounts.
template <Color Us>
inline std::size_t count_legal_moves(const PieceSets& pos) {
  return with_count_version(pos, pos.kinds(), [&]<bool Fills, PieceKinds Kinds>() {
    return count_legal_moves_with<Us, Fills, Kinds>(pos);
  });
}

}  // namespace movegen::bitboard_tuned
