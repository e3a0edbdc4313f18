// Bitboard attack sets: precomputed tables for pawns, knights and kings, slider tables for bishops,
// rooks and queens, and set-wise pawn attacks.
//
//   attacks_bb<KNIGHT>(SQ_G1);                  // {e2, f3, h3}
//   attacks_bb<ROOK>(SQ_A1, occupied);          // each ray up to and including the first piece met
//   pawn_attacks_bb(WHITE, SQ_E4);              // {d5, f5}
//   pawn_attacks_bb<BLACK>(black_pawns);        // every square some black pawn attacks
#pragma once

#include <array>

#include "bitboard/bitboard.hpp"
#include "bitboard/sliders.hpp"

namespace movegen::bitboard {

/// A set per square, indexed a1 = 0 .. h8 = 63.
using SquareTable = std::array<Bitboard, SQUARE_NB>;

namespace detail {
// Computed at compile time in attack_tables.cpp by stepping from each square with the mailbox's step lists.
extern const SquareTable KNIGHT_ATTACKS, KING_ATTACKS;
extern const std::array<SquareTable, COLOR_NB> PAWN_ATTACKS;
}  // namespace detail

/// The squares a pawn of colour c on s attacks (diagonally forward; en passant not included).
inline Bitboard pawn_attacks_bb(Color c, Square s) { return detail::PAWN_ATTACKS[c][s]; }

/// Every square attacked by some pawn of colour C in `pawns`: one shift forward-east, one forward-west.
template <Color C>
constexpr Bitboard pawn_attacks_bb(Bitboard pawns) {
  if constexpr (C == WHITE)
    return shift<NORTH_EAST>(pawns) | shift<NORTH_WEST>(pawns);
  else
    return shift<SOUTH_EAST>(pawns) | shift<SOUTH_WEST>(pawns);
}

/// The squares a piece of type Pt (KNIGHT..KING) on s attacks with `occupied` pieces on the board;
/// sliders stop at, and include, the first occupied square of each ray.
template <PieceType Pt>
Bitboard attacks_bb(Square s, Bitboard occupied) {
  static_assert(Pt >= KNIGHT && Pt <= KING, "pawn attacks depend on colour: use pawn_attacks_bb");
  if constexpr (Pt == KNIGHT)
    return detail::KNIGHT_ATTACKS[s];
  else if constexpr (Pt == KING)
    return detail::KING_ATTACKS[s];
  else if constexpr (Pt == QUEEN)
    return slider_attacks<BISHOP>(s, occupied) | slider_attacks<ROOK>(s, occupied);
  else
    return slider_attacks<Pt>(s, occupied);
}

/// The squares a knight or king (Pt) on s attacks: one table look-up.
template <PieceType Pt>
Bitboard attacks_bb(Square s) {
  static_assert(Pt == KNIGHT || Pt == KING, "a slider's attacks depend on the occupied squares");
  return attacks_bb<Pt>(s, 0);
}

/// Makes sure every attack table is ready (see init_slider_tables); cheap after the first call.
inline void init_attacks() { init_slider_tables(); }

}  // namespace movegen::bitboard
