// Counting a node's legal moves without naming one: perft's bulk count at each leaf parent
// (tuned/bitboard/perft.cpp) and count_legal (movegen.cpp). In check, the generators of generate.hpp count
// into a MoveCounter, out of line. Out of check, the same generators run with a check mask known to be every
// square at compile time; where the build has AVX2, the knights and unpinned sliders are counted by direction
// fills instead (direction_fills.hpp), and the enemy's knights and sliders found by them for the king's danger.
//
//   count_legal_moves<WHITE>(sets);            // 20 in the start position
#pragma once

#include <cstddef>

#include "tuned/bitboard/direction_fills.hpp"
#include "tuned/bitboard/generate.hpp"

namespace movegen::bitboard_tuned {

/// The legal moves of Us in check, with `masks` its legality_masks<Us>(pos): the generators into a
/// MoveCounter, out of line so that the common case keeps its registers.
template <Color Us>
[[gnu::noinline]] std::size_t count_evasions(const PieceSets& pos, const LegalityMasks& masks) {
  MoveCounter counter;
  generate_all<Us>(pos, masks, counter);
  return counter.count;
}

/// The moves of Us's pieces but the king into `counter`, with `masks` out of check: the generators of
/// generate.hpp, inlined so that what `masks` holds at compile time drops out; with Fills, the knights and
/// unpinned sliders counted by direction fills (count_knight_and_slider_moves), the pinned sliders one by one.
template <Color Us, bool Fills>
[[gnu::always_inline]] inline void count_piece_moves(const PieceSets& pos, const LegalityMasks& masks,
                                                     MoveCounter& counter) {
  generate_pawn_moves<Us>(pos, masks, counter);
  if constexpr (Fills) {
    const Bitboard unpinned = ~masks.pinned;  // a pinned knight never moves
    counter.count +=
        count_knight_and_slider_moves(pos.pieces(Us, KNIGHT) & unpinned, pos.pieces(Us, BISHOP, QUEEN) & unpinned,
                                      pos.pieces(Us, ROOK, QUEEN) & unpinned, pos.pieces(), ~pos.pieces(Us));
    if (masks.pinned) {
      generate_pinned_slider_moves<Us, BISHOP>(pos, masks, counter);
      generate_pinned_slider_moves<Us, ROOK>(pos, masks, counter);
      generate_pinned_slider_moves<Us, QUEEN>(pos, masks, counter);
    }
  } else {
    generate_knight_moves<Us>(pos, masks, counter);
    generate_slider_moves<Us, BISHOP>(pos, masks, counter);
    generate_slider_moves<Us, ROOK>(pos, masks, counter);
    generate_slider_moves<Us, QUEEN>(pos, masks, counter);
  }
}

/// The legal moves of Us, the side to move in `pos`, counted with popcounts; with Fills (only where
/// HAS_DIRECTION_FILLS), the knights and sliders of both sides found by direction fills. Out of line: perft
/// calls it from every move of a leaf parent's parent, the one of the two picked by the position
/// (uses_direction_fills).
template <Color Us, bool Fills>
[[gnu::noinline]] std::size_t count_legal_moves_with(const PieceSets& pos) {
  const LegalityMasks masks = legality_masks<Us>(pos);
  if (masks.checkers) [[unlikely]]
    return count_evasions<Us>(pos, masks);
  MoveCounter counter;
  // The check mask is every square, and with nothing pinned (the common case) the pinned set is empty: both
  // known at compile time, so that the generators drop them.
  const LegalityMasks quiet{masks.king, 0, masks.pinned};
  if (masks.pinned)
    count_piece_moves<Us, Fills>(pos, quiet, counter);
  else
    count_piece_moves<Us, Fills>(pos, LegalityMasks{masks.king, 0, 0}, counter);
  if (!king_may_move<Us>(pos, masks.king)) return counter.count;
  const Bitboard danger = king_danger<Us, Fills>(pos);
  generate_king_moves<Us>(pos, danger, counter);
  generate_castling_moves<Us>(pos, quiet, danger, counter);
  return counter.count;
}

/// True if `pos` should be counted with direction fills (count_legal_moves_with<Us, true>): where the build has them
/// and more than two sliders stand on the board. With fewer, the look-ups piece by piece cost less than the fills'
/// fixed work: counted alone, the leaf parents of position 3 (two rooks and pawns) took 1.2x as long with fills, those
/// of the start position, Kiwipete and position 4 about 0.77x (docs/benchmarks.md).
[[gnu::always_inline]] inline bool uses_direction_fills(const PieceSets& pos) {
  return HAS_DIRECTION_FILLS && popcount(pos.sliders()) > 2;
}

/// The legal moves of Us, the side to move in `pos`, counted with popcounts.
template <Color Us>
inline std::size_t count_legal_moves(const PieceSets& pos) {
  return uses_direction_fills(pos) ? count_legal_moves_with<Us, HAS_DIRECTION_FILLS>(pos)
                                   : count_legal_moves_with<Us, false>(pos);
}

}  // namespace movegen::bitboard_tuned
