// Slider attack tables for bishops and rooks, in two backends that index one table of attack sets per
// square by the occupancy of the squares that can block the slider (its relevant mask):
//   magic: index = ((occupied & mask) * magic) >> shift (the "fancy magic bitboards" scheme,
//          chessprogramming wiki "Magic Bitboards"), with magic numbers found by our seeded search
//          (find_magic), stored as constants and checked against every occupancy at startup;
//   PEXT:  index = _pext_u64(occupied, mask), the BMI2 instruction that gathers the masked bits.
// Both are always built; slider_attacks<Pt> uses PEXT when the compiler targets BMI2 (-march=native on
// a CPU that has it), magic otherwise.
//
//   init_slider_tables();                              // also runs before main and from Position::from_fen
//   magic_attacks<ROOK>(SQ_A1, occupied) == pext_attacks<ROOK>(SQ_A1, occupied);   // always true
#pragma once

#include "bitboard/bitboard.hpp"

#ifdef __BMI2__
#include <immintrin.h>
#endif

namespace movegen::bitboard {

/// True if slider_attacks (and so attacks_bb) uses the PEXT backend in this build.
#ifdef __BMI2__
inline constexpr bool USE_PEXT = true;
#else
inline constexpr bool USE_PEXT = false;
#endif

/// One square's magic lookup: the relevant mask, the magic number, the shift (64 minus the mask's
/// popcount) and where this square's part of the attack table starts.
struct MagicEntry {
  Bitboard mask;
  Bitboard magic;
  const Bitboard* attacks;
  unsigned shift;

  unsigned index(Bitboard occupied) const { return unsigned(((occupied & mask) * magic) >> shift); }
};

/// One square's PEXT lookup: the relevant mask and where this square's part of the attack table starts.
struct PextEntry {
  Bitboard mask;
  const Bitboard* attacks;
};

namespace detail {
// Indexed by square; filled by init_slider_tables().
extern MagicEntry BISHOP_MAGICS[SQUARE_NB], ROOK_MAGICS[SQUARE_NB];
extern PextEntry BISHOP_PEXT[SQUARE_NB], ROOK_PEXT[SQUARE_NB];
}  // namespace detail

/// Fills both backends' tables, once: later calls return at once, and concurrent first calls wait for
/// the one that fills them. Runs before main; Position::from_fen calls it too, so that positions made
/// during static initialisation also find the tables ready.
void init_slider_tables();

/// The magic number for a slider of type pt (BISHOP or ROOK) on s that the seeded search finds: the
/// first candidate of the square's fixed pseudo-random sequence that maps every occupancy of the
/// relevant mask to a slot holding that occupancy's attack set. Deterministic; up to ~0.1 s a square.
Bitboard find_magic(PieceType pt, Square s);
/// The magic number in use for a slider of type pt (BISHOP or ROOK) on s.
Bitboard magic_number(PieceType pt, Square s);

/// The bits of `b` selected by `mask`, packed into the low bits in square order: _pext_u64 with BMI2,
/// a bit-by-bit loop otherwise (so that the PEXT backend can be tested on any CPU).
inline Bitboard pext(Bitboard b, Bitboard mask) {
#ifdef __BMI2__
  return _pext_u64(b, mask);
#else
  Bitboard result = 0;
  for (Bitboard bit = 1; mask; bit <<= 1, mask &= mask - 1)
    if (b & mask & -mask) result |= bit;
  return result;
#endif
}

/// The squares a bishop or rook on s attacks with `occupied` pieces on the board: each ray up to and
/// including the first occupied square. Magic backend.
template <PieceType Pt>
Bitboard magic_attacks(Square s, Bitboard occupied) {
  static_assert(Pt == BISHOP || Pt == ROOK);
  const MagicEntry& e = Pt == BISHOP ? detail::BISHOP_MAGICS[s] : detail::ROOK_MAGICS[s];
  return e.attacks[e.index(occupied)];
}

/// The same attack set as magic_attacks, through the PEXT backend.
template <PieceType Pt>
Bitboard pext_attacks(Square s, Bitboard occupied) {
  static_assert(Pt == BISHOP || Pt == ROOK);
  const PextEntry& e = Pt == BISHOP ? detail::BISHOP_PEXT[s] : detail::ROOK_PEXT[s];
  return e.attacks[pext(occupied, e.mask)];
}

/// The bishop or rook attack set through the backend this build chose (see USE_PEXT).
template <PieceType Pt>
Bitboard slider_attacks(Square s, Bitboard occupied) {
  if constexpr (USE_PEXT)
    return pext_attacks<Pt>(s, occupied);
  else
    return magic_attacks<Pt>(s, occupied);
}

}  // namespace movegen::bitboard
