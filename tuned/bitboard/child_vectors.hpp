// The children of a perft node written whole as three 256-bit vectors, where the build has AVX2: ChildVectors, which
// perft's ChildMaker (tuned/bitboard/child_maker.hpp) uses for the visitors that store each child in a slot.
//
//   ChildVectors<WHITE> vectors(node);
//   PieceSets& child = vectors.write<KNIGHT, false>(slot, square_bb(SQ_G1) | square_bb(SQ_F3));   // g1f3
#pragma once

#include <array>
#include <cstdint>
#include <new>
#include <type_traits>

#if defined(__AVX2__)
#include <immintrin.h>
#endif

#include "tuned/bitboard/piece_sets.hpp"

namespace movegen::bitboard_tuned {

#if defined(__AVX2__)
// The children of a node written whole as three 256-bit vectors, where the build has AVX2 (StoreChild's slots,
// MakeLeaf's one): the node with the turn passed (PieceSets::pass_turn), the move's squares xored into the mover's
// sets and a captured piece's square cleared from the other side's, in three stores where the copy took a dozen;
// ChildMaker then writes a double push's en passant square and the castling rights a move leaves. It reads PieceSets's
// layout: standard layout, so sets_[colour][PAWNS, KNIGHTS, DIAGONAL, STRAIGHT, ALL] come first (80 bytes), the
// fields in the last 16; every perft test of the tuned generator counts through it.
/// True: this build writes children as vectors (ChildVectors).
inline constexpr bool HAS_CHILD_VECTORS = true;
static_assert(std::is_standard_layout_v<PieceSets> && std::is_trivially_copyable_v<PieceSets>);
static_assert(sizeof(PieceSets) == 96 && alignof(PieceSets) == 32);
static_assert(PieceSets::side_offset() >= 64 && PieceSets::ep_square_offset() >= 64);  // in the last vector

/// The children of a node of colour Us to move, each written into a 32-byte aligned slot as three vectors.
template <Color Us>
class ChildVectors {
 public:
  // The node loaded as it is, pass_turn's two fields blended into the last vector: written as bytes into a copy
  // and read back as a vector, they stalled the load once per node (a narrow store is not forwarded to a wide load).
  explicit ChildVectors(const PieceSets& node) {
    const __m256i* in = reinterpret_cast<const __m256i*>(&node);
    passed_[0] = _mm256_load_si256(in);
    passed_[1] = _mm256_load_si256(in + 1);
    passed_[2] = _mm256_blendv_epi8(_mm256_load_si256(in + 2), load(PASSED_FIELDS.value), load(PASSED_FIELDS.mask));
  }
  // Writes into `slot` the child after a move of Us's Pt on the squares of `squares` (from and to) to an empty
  // square, or, with `captured` the square of the piece taken, a capture.
  template <PieceType Pt, bool Capture>
  [[gnu::always_inline]] PieceSets& write(void* slot, Bitboard squares, Bitboard captured = 0) const {
    constexpr auto Mover = set_mask(Us, Pt);
    constexpr auto Taken = set_mask(~Us, ALL_PIECES);
    const __m256i moved = _mm256_set1_epi64x(std::int64_t(squares));
    const __m256i taken = _mm256_set1_epi64x(std::int64_t(captured));
    __m256i* out = static_cast<__m256i*>(slot);
    for (int k = 0; k < 3; ++k) {
      __m256i v = passed_[k];
      if (Mover[4 * k] | Mover[4 * k + 1] | Mover[4 * k + 2] | Mover[4 * k + 3])
        v = _mm256_xor_si256(v, _mm256_and_si256(moved, lanes(Mover, k)));
      if (Capture && (Taken[4 * k] | Taken[4 * k + 1] | Taken[4 * k + 2] | Taken[4 * k + 3]))
        v = _mm256_andnot_si256(_mm256_and_si256(taken, lanes(Taken, k)), v);
      _mm256_store_si256(out + k, v);
    }
    return *std::launder(static_cast<PieceSets*>(slot));
  }

 private:
  static constexpr PieceType ALL_PIECES = NO_PIECE_TYPE;  // every set of a colour, as a capture clears
  using SetMask = std::array<std::int64_t, 12>;           // -1 at each Bitboard of the 96 bytes to change
  // The Bitboards of colour c's sets that a move of its Pt changes (ALL_PIECES: all five of c's sets).
  static constexpr SetMask set_mask(Color c, PieceType pt) {
    SetMask m{};
    const int base = 5 * c;  // sets_[c][...]
    m[base + 4] = -1;        // ALL
    if (pt == PAWN || pt == ALL_PIECES) m[base + 0] = -1;
    if (pt == KNIGHT || pt == ALL_PIECES) m[base + 1] = -1;
    if (pt == BISHOP || pt == QUEEN || pt == ALL_PIECES) m[base + 2] = -1;
    if (pt == ROOK || pt == QUEEN || pt == ALL_PIECES) m[base + 3] = -1;
    return m;
  }
  // The last vector's bytes that pass_turn<Us> writes (mask -1) and their values: no en passant square, ~Us to move.
  struct FieldBytes {
    alignas(32) std::array<std::int8_t, 32> value{}, mask{};
  };
  static constexpr FieldBytes passed_fields() {
    FieldBytes f;
    constexpr std::size_t last = 64;  // the last vector's first byte
    f.value[PieceSets::side_offset() - last] = std::int8_t(~Us);
    f.value[PieceSets::ep_square_offset() - last] = std::int8_t(SQ_NONE);
    f.mask[PieceSets::side_offset() - last] = f.mask[PieceSets::ep_square_offset() - last] = -1;
    return f;
  }
  static constexpr FieldBytes PASSED_FIELDS = passed_fields();
  static __m256i load(const std::array<std::int8_t, 32>& bytes) {
    return _mm256_load_si256(reinterpret_cast<const __m256i*>(bytes.data()));
  }
  static __m256i lanes(const SetMask& m, int k) {
    return _mm256_setr_epi64x(m[4 * k], m[4 * k + 1], m[4 * k + 2], m[4 * k + 3]);
  }
  __m256i passed_[3];
};
#else
/// False: no AVX2, the children are copied.
inline constexpr bool HAS_CHILD_VECTORS = false;
/// Declared only, so that ChildMaker compiles; without AVX2 it is never used (WritesVectors is false).
template <Color Us>
struct ChildVectors {
  explicit ChildVectors(const PieceSets&);
  template <PieceType Pt, bool Capture>
  PieceSets& write(void* slot, Bitboard squares, Bitboard captured = 0) const;
};
#endif

}  // namespace movegen::bitboard_tuned
