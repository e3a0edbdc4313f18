// The sliders' rays on an empty board, one table look-up per square: the tuned bitboard tests whether a
// slider's lines meet a square (the king's) before it pays for the occupancy look-up.
//
//   rays_bb<ROOK>(SQ_D4);                       // the d-file and the 4th rank but d4: 14 squares
//   rays_bb<QUEEN>(king) & their_sliders;       // the enemy sliders that might attack the king
#pragma once

#include "bitboard/attack_tables.hpp"

namespace movegen::bitboard_tuned {

namespace detail {
// Computed at compile time in slider_rays.cpp by walking each ray of common/steps.hpp to the board's edge.
extern const bitboard::SquareTable BISHOP_RAYS, ROOK_RAYS;
}  // namespace detail

/// The squares a slider of type Pt (BISHOP, ROOK or QUEEN) on s attacks on an empty board (s excluded).
template <PieceType Pt>
inline Bitboard rays_bb(Square s) {
  static_assert(Pt == BISHOP || Pt == ROOK || Pt == QUEEN, "a leaper's attacks: bitboard::attacks_bb<Pt>(s)");
  if constexpr (Pt == BISHOP)
    return detail::BISHOP_RAYS[s];
  else if constexpr (Pt == ROOK)
    return detail::ROOK_RAYS[s];
  else
    return detail::BISHOP_RAYS[s] | detail::ROOK_RAYS[s];
}

}  // namespace movegen::bitboard_tuned
