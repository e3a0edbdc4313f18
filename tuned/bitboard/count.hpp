// Counting a node's legal moves without naming one: perft's bulk count at each leaf parent
// (tuned/bitboard/perft.cpp) and count_legal (movegen.cpp). In check, the generators of generate.hpp count
// into a MoveCounter, out of line. Out of check, the same generators run with a check mask known to be every
// square at compile time.
//
//   count_legal_moves<WHITE>(sets);            // 20 in the start position
#pragma once

#include <cstddef>

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
/// generate.hpp, inlined so that what `masks` holds at compile time drops out.
template <Color Us>
[[gnu::always_inline]] inline void count_piece_moves(const PieceSets& pos, const LegalityMasks& masks,
                                                     MoveCounter& counter) {
  generate_pawn_moves<Us>(pos, masks, counter);
  generate_knight_moves<Us>(pos, masks, counter);
  generate_slider_moves<Us, BISHOP>(pos, masks, counter);
  generate_slider_moves<Us, ROOK>(pos, masks, counter);
  generate_slider_moves<Us, QUEEN>(pos, masks, counter);
}

/// The legal moves of Us, the side to move in `pos`, counted with popcounts.
template <Color Us>
inline std::size_t count_legal_moves(const PieceSets& pos) {
  const LegalityMasks masks = legality_masks<Us>(pos);
  if (masks.checkers) [[unlikely]]
    return count_evasions<Us>(pos, masks);
  MoveCounter counter;
  // The check mask is every square, and with nothing pinned (the common case) the pinned set is empty: both
  // known at compile time, so that the generators drop them.
  const LegalityMasks quiet{masks.king, 0, masks.pinned};
  if (masks.pinned)
    count_piece_moves<Us>(pos, quiet, counter);
  else
    count_piece_moves<Us>(pos, LegalityMasks{masks.king, 0, 0}, counter);
  if (!king_may_move<Us>(pos, masks.king)) return counter.count;
  const Bitboard danger = king_danger<Us>(pos);
  generate_king_moves<Us>(pos, danger, counter);
  generate_castling_moves<Us>(pos, quiet, danger, counter);
  return counter.count;
}

}  // namespace movegen::bitboard_tuned
