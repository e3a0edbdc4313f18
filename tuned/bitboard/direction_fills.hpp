// The attacks of every knight and slider of a side at once, four directions to a 256-bit vector (AVX2): the
// sliders by an occluded fill along each direction (Kogge-Stone: three doubling steps reach seven squares),
// the knights by their eight jumps, each a shift. One shift's targets never overlap between pieces: two sliders
// on one line cannot both reach a square in the same direction (the one behind stops at the one in front), and
// two knights jumping by the same step land on two squares. So the popcounts of the eight directions and the
// eight jumps add up to the pieces' moves, and bulk counting (count.hpp) counts a leaf parent's knight and
// slider moves with no loop over its pieces. The fill is the method of the Chess Programming Wiki's
// "Kogge-Stone Algorithm" page; only the vector layout is ours. Where the build has AVX-512 (VPOPCNTQ), the eight
// directions and the eight jumps go in one 512-bit vector, each step a rotation (fills512).
//
//   count_knight_and_slider_moves(knights, diagonal, straight, occupied, ~own);  // 7 in the start position
//   knight_and_slider_attacks(knights, diagonal, straight, occupied);            // their union
#pragma once

#include <cstddef>
#include <cstdint>

#include "bitboard/bitboard.hpp"

#if defined(__AVX2__)
#include <immintrin.h>
#endif

namespace movegen::bitboard_tuned {

#if defined(__AVX2__)
/// True where the build targets AVX2: count.hpp then counts knights and sliders with the fills below.
inline constexpr bool HAS_DIRECTION_FILLS = true;

namespace fills {

using Lanes = __m256i;  // four Bitboards, one per direction or jump

using bitboard::FILE_A_BB, bitboard::FILE_H_BB;
constexpr Bitboard NOT_A = ~FILE_A_BB, NOT_H = ~FILE_H_BB, NOT_AB = ~(FILE_A_BB | FILE_A_BB << 1),
                   NOT_GH = ~(FILE_H_BB | FILE_H_BB >> 1);

// Each lane of `b` shifted by its lane of `n` squares: towards h8 (Up, a left shift) or towards a1.
template <bool Up>
[[gnu::always_inline]] inline Lanes shift(Lanes b, Lanes n) {
  return Up ? _mm256_sllv_epi64(b, n) : _mm256_srlv_epi64(b, n);
}

/// The squares the sliders of `gen` attack in four directions, one to a lane, with `empty` the empty squares in
/// every lane: lanes north, north-east, north-west, east (Up) or south, south-west, south-east, west. Lane 0 and
/// 3 hold the straight sliders (rooks and queens), lanes 1 and 2 the diagonal ones (bishops and queens).
template <bool Up>
[[gnu::always_inline]] inline Lanes slide(Lanes gen, Lanes empty) {
  const Lanes step = _mm256_setr_epi64x(8, 9, 7, 1);
  // The squares a step in each lane's direction may reach without wrapping round the board's edge.
  const Lanes on_board = Up ? _mm256_setr_epi64x(-1, NOT_A, NOT_H, NOT_A) : _mm256_setr_epi64x(-1, NOT_H, NOT_A, NOT_H);
  Lanes pro = _mm256_and_si256(empty, on_board);  // squares a ray passes through
  Lanes n = step;
  for (int doubling = 0; doubling < 3; ++doubling) {  // rays of up to 1, 3, then 7 squares from each slider
    gen = _mm256_or_si256(gen, _mm256_and_si256(pro, shift<Up>(gen, n)));
    if (doubling < 2) pro = _mm256_and_si256(pro, shift<Up>(pro, n));
    n = _mm256_add_epi64(n, n);
  }
  return _mm256_and_si256(shift<Up>(gen, step), on_board);  // one step on from each ray: its last square
}

/// The squares the knights of every lane of `knights` jump to: lanes +6, +10, +15, +17 (Up) or -6, -10,
/// -15, -17, each without wrapping round the board's edge.
template <bool Up>
[[gnu::always_inline]] inline Lanes jump(Lanes knights) {
  const Lanes on_board =
      Up ? _mm256_setr_epi64x(NOT_GH, NOT_AB, NOT_H, NOT_A) : _mm256_setr_epi64x(NOT_AB, NOT_GH, NOT_A, NOT_H);
  return _mm256_and_si256(shift<Up>(knights, _mm256_setr_epi64x(6, 10, 15, 17)), on_board);
}

/// The popcount of each lane's Bitboard with AVX2 alone: each half-byte's popcount from a table of sixteen,
/// the bytes' counts summed per lane (vpsadbw).
[[gnu::always_inline]] inline Lanes popcount_lanes_by_half_bytes(Lanes b) {
  const Lanes table =
      _mm256_setr_epi8(0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4, 0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4);
  const Lanes low = _mm256_set1_epi8(0x0f);
  const Lanes bytes = _mm256_add_epi8(_mm256_shuffle_epi8(table, _mm256_and_si256(b, low)),
                                      _mm256_shuffle_epi8(table, _mm256_and_si256(_mm256_srli_epi16(b, 4), low)));
  return _mm256_sad_epu8(bytes, _mm256_setzero_si256());
}

/// The popcount of each lane's Bitboard: one instruction where the build has AVX-512's VPOPCNTQ.
[[gnu::always_inline]] inline Lanes popcount_lanes(Lanes b) {
#if defined(__AVX512VPOPCNTDQ__) && defined(__AVX512VL__)
  return _mm256_popcnt_epi64(b);
#else
  return popcount_lanes_by_half_bytes(b);
#endif
}

/// The popcounts of the lanes of `a`, `b`, `c` and `d` added lane by lane: with AVX2 alone, the half-bytes' counts
/// of all four added as bytes (at most 32 a byte) before one sum per lane (vpsadbw), not one per vector.
[[gnu::always_inline]] inline Lanes popcount_lanes_of_four(Lanes a, Lanes b, Lanes c, Lanes d) {
#if defined(__AVX512VPOPCNTDQ__) && defined(__AVX512VL__)
  return _mm256_add_epi64(_mm256_add_epi64(popcount_lanes(a), popcount_lanes(b)),
                          _mm256_add_epi64(popcount_lanes(c), popcount_lanes(d)));
#else
  const Lanes table =
      _mm256_setr_epi8(0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4, 0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4);
  const Lanes low = _mm256_set1_epi8(0x0f);
  const auto bytes = [&](Lanes b) {
    return _mm256_add_epi8(_mm256_shuffle_epi8(table, _mm256_and_si256(b, low)),
                           _mm256_shuffle_epi8(table, _mm256_and_si256(_mm256_srli_epi16(b, 4), low)));
  };
  const Lanes sum = _mm256_add_epi8(_mm256_add_epi8(bytes(a), bytes(b)), _mm256_add_epi8(bytes(c), bytes(d)));
  return _mm256_sad_epu8(sum, _mm256_setzero_si256());
#endif
}

/// The sum of the four lanes.
[[gnu::always_inline]] inline std::size_t sum_lanes(Lanes b) {
  const __m128i half = _mm_add_epi64(_mm256_castsi256_si128(b), _mm256_extracti128_si256(b, 1));
  return std::size_t(_mm_cvtsi128_si64(half) + _mm_extract_epi64(half, 1));
}

/// The union of the four lanes.
[[gnu::always_inline]] inline Bitboard union_of_lanes(Lanes b) {
  const __m128i half = _mm_or_si128(_mm256_castsi256_si128(b), _mm256_extracti128_si256(b, 1));
  return Bitboard(_mm_cvtsi128_si64(half) | _mm_extract_epi64(half, 1));
}

/// The sliders of `diagonal` and `straight` laid out as slide() reads them.
[[gnu::always_inline]] inline Lanes sliders(Bitboard diagonal, Bitboard straight) {
  return _mm256_setr_epi64x(straight, diagonal, diagonal, straight);
}

}  // namespace fills

#if defined(__AVX512F__) && defined(__AVX512VPOPCNTDQ__)
// g++ 12's own AVX-512 intrinsics (_mm512_rolv_epi64, _mm512_reduce_add_epi64) start from _mm512_undefined_epi32,
// which -Wmaybe-uninitialized then reports wherever they are inlined.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif
/// Where the build has AVX-512 with VPOPCNTQ (count_knight_and_slider_moves and knight_and_slider_attacks then use
/// them): the fills of `fills` with eight lanes, up and down together: each step a left rotation (towards h8 by n,
/// towards a1 by 64 - n), so that one instruction moves every lane its own way. A rotation carries what leaves
/// the board's far edge round to the near one (h8 onto a1's side); each lane's mask drops those squares with
/// the ones a shift in its direction may not reach: the rank a rotation wraps onto for the lanes that change
/// rank, the file edge as before. The masks are applied to every doubling's propagator as to the result, so a
/// wrapped bit never travels.
namespace fills512 {

using Lanes8 = __m512i;

using bitboard::RANK_1_BB, bitboard::RANK_8_BB;
constexpr Bitboard NOT_R1 = ~RANK_1_BB, NOT_R8 = ~RANK_8_BB, NOT_R12 = ~(RANK_1_BB | RANK_1_BB << 8),
                   NOT_R78 = ~(RANK_8_BB | RANK_8_BB >> 8);
using fills::NOT_A, fills::NOT_H, fills::NOT_AB, fills::NOT_GH;

// gen | (pro & moved) in one instruction (vpternlogq: A | (B & C) is 0xF8).
[[gnu::always_inline]] inline Lanes8 or_and(Lanes8 gen, Lanes8 pro, Lanes8 moved) {
  return _mm512_ternarylogic_epi64(gen, pro, moved, 0xF8);
}

/// The squares the sliders of `gen` attack in eight directions, one to a lane, with `empty` the empty squares in
/// every lane: lanes north, north-east, north-west, east, south, south-west, south-east, west. Lanes 0, 3, 4
/// and 7 hold the straight sliders (rooks and queens), the others the diagonal ones (bishops and queens).
[[gnu::always_inline]] inline Lanes8 slide(Lanes8 gen, Lanes8 empty) {
  const Lanes8 step = _mm512_setr_epi64(8, 9, 7, 1, 64 - 8, 64 - 9, 64 - 7, 64 - 1);
  const Lanes8 on_board = _mm512_setr_epi64(NOT_R1, NOT_A & NOT_R1, NOT_H & NOT_R1, NOT_A, NOT_R8, NOT_H & NOT_R8,
                                            NOT_A & NOT_R8, NOT_H);
  // Two and four steps: the rotations count modulo 64.
  const Lanes8 step2 = _mm512_setr_epi64(16, 18, 14, 2, 64 - 16, 64 - 18, 64 - 14, 64 - 2);
  const Lanes8 step4 = _mm512_setr_epi64(32, 36, 28, 4, 64 - 32, 64 - 36, 64 - 28, 64 - 4);
  Lanes8 pro = _mm512_and_si512(empty, on_board);  // squares a ray passes through
  gen = or_and(gen, pro, _mm512_rolv_epi64(gen, step));
  pro = _mm512_and_si512(pro, _mm512_rolv_epi64(pro, step));
  gen = or_and(gen, pro, _mm512_rolv_epi64(gen, step2));
  pro = _mm512_and_si512(pro, _mm512_rolv_epi64(pro, step2));
  gen = or_and(gen, pro, _mm512_rolv_epi64(gen, step4));
  return _mm512_and_si512(_mm512_rolv_epi64(gen, step), on_board);  // one step on from each ray: its last square
}

/// The squares the knights of every lane jump to: lanes +6, +10, +15, +17, -6, -10, -15, -17, each without
/// wrapping round the board's edge.
[[gnu::always_inline]] inline Lanes8 jump(Bitboard knights) {
  const Lanes8 step = _mm512_setr_epi64(6, 10, 15, 17, 64 - 6, 64 - 10, 64 - 15, 64 - 17);
  const Lanes8 on_board = _mm512_setr_epi64(NOT_GH & NOT_R1, NOT_AB & NOT_R1, NOT_H & NOT_R12, NOT_A & NOT_R12,
                                            NOT_AB & NOT_R8, NOT_GH & NOT_R8, NOT_A & NOT_R78, NOT_H & NOT_R78);
  return _mm512_and_si512(_mm512_rolv_epi64(_mm512_set1_epi64(knights), step), on_board);
}

/// The sliders of `diagonal` and `straight` laid out as slide() reads them.
[[gnu::always_inline]] inline Lanes8 sliders(Bitboard diagonal, Bitboard straight) {
  return _mm512_mask_blend_epi64(0x66, _mm512_set1_epi64(straight), _mm512_set1_epi64(diagonal));
}

}  // namespace fills512
#endif

#if defined(__AVX512F__) && defined(__AVX512VPOPCNTDQ__)
/// The moves of knight_and_slider_move_lanes, one count to a lane, not yet summed: eight lanes with AVX-512.
using MoveLanes = __m512i;
#else
/// The moves of knight_and_slider_move_lanes, one count to a lane, not yet summed: four lanes with AVX2.
using MoveLanes = __m256i;
#endif

/// count_knight_and_slider_moves lane by lane, before the lanes are summed: a loop over many nodes adds these up
/// (add_move_lanes) and sums the lanes once (sum_move_lanes), not once per node.
[[gnu::always_inline]] inline MoveLanes knight_and_slider_move_lanes(Bitboard knights, Bitboard diagonal,
                                                                     Bitboard straight, Bitboard occupied,
                                                                     Bitboard target) {
#if defined(__AVX512F__) && defined(__AVX512VPOPCNTDQ__)
  using namespace fills512;
  const Lanes8 targets = _mm512_set1_epi64(target);
  return _mm512_add_epi64(
      _mm512_popcnt_epi64(_mm512_and_si512(slide(sliders(diagonal, straight), _mm512_set1_epi64(~occupied)), targets)),
      _mm512_popcnt_epi64(_mm512_and_si512(jump(knights), targets)));
#else
  using namespace fills;
  const Lanes gen = sliders(diagonal, straight), empty = _mm256_set1_epi64x(~occupied);
  const Lanes jumpers = _mm256_set1_epi64x(knights), targets = _mm256_set1_epi64x(target);
  return popcount_lanes_of_four(
      _mm256_and_si256(slide<true>(gen, empty), targets), _mm256_and_si256(slide<false>(gen, empty), targets),
      _mm256_and_si256(jump<true>(jumpers), targets), _mm256_and_si256(jump<false>(jumpers), targets));
#endif
}

/// No moves in any lane: where a sum of MoveLanes starts.
[[gnu::always_inline]] inline MoveLanes no_move_lanes() {
#if defined(__AVX512F__) && defined(__AVX512VPOPCNTDQ__)
  return _mm512_setzero_si512();
#else
  return _mm256_setzero_si256();
#endif
}

/// The counts of `a` and `b` added lane by lane.
[[gnu::always_inline]] inline MoveLanes add_move_lanes(MoveLanes a, MoveLanes b) {
#if defined(__AVX512F__) && defined(__AVX512VPOPCNTDQ__)
  return _mm512_add_epi64(a, b);
#else
  return _mm256_add_epi64(a, b);
#endif
}

/// The sum of the lanes of `moves`.
[[gnu::always_inline]] inline std::size_t sum_move_lanes(MoveLanes moves) {
#if defined(__AVX512F__) && defined(__AVX512VPOPCNTDQ__)
  // Through memory, not by g++ 12's _mm512_reduce_add_epi64 or lane extracts, whose undefined start warns
  // (-Wuninitialized) where a caller outside this header inlines them; summed once per loop, its cost is not seen.
  alignas(64) std::int64_t lanes[8];
  _mm512_store_si512(lanes, moves);
  std::int64_t sum = 0;
  for (const std::int64_t lane : lanes) sum += lane;
  return std::size_t(sum);
#else
  return fills::sum_lanes(moves);
#endif
}

/// The number of moves of `knights`, of the bishop-like sliders of `diagonal` (bishops and queens) and of the
/// rook-like ones of `straight` (rooks and queens) to squares of `target`, with `occupied` the occupancy: the sum
/// over the pieces of popcount(attacks & target), a queen counted once in each set.
[[gnu::always_inline]] inline std::size_t count_knight_and_slider_moves(Bitboard knights, Bitboard diagonal,
                                                                        Bitboard straight, Bitboard occupied,
                                                                        Bitboard target) {
  return sum_move_lanes(knight_and_slider_move_lanes(knights, diagonal, straight, occupied, target));
}

/// Every square that `knights`, the sliders of `diagonal` (bishops and queens) or of `straight` (rooks and
/// queens) attack, with `occupied` the occupancy.
[[gnu::always_inline]] inline Bitboard knight_and_slider_attacks(Bitboard knights, Bitboard diagonal, Bitboard straight,
                                                                 Bitboard occupied) {
#if defined(__AVX512F__) && defined(__AVX512VPOPCNTDQ__)
  using namespace fills512;
  return Bitboard(_mm512_reduce_or_epi64(
      _mm512_or_si512(slide(sliders(diagonal, straight), _mm512_set1_epi64(~occupied)), jump(knights))));
#else
  using namespace fills;
  const Lanes gen = sliders(diagonal, straight), empty = _mm256_set1_epi64x(~occupied);
  const Lanes jumpers = _mm256_set1_epi64x(knights);
  return union_of_lanes(_mm256_or_si256(_mm256_or_si256(slide<true>(gen, empty), slide<false>(gen, empty)),
                                        _mm256_or_si256(jump<true>(jumpers), jump<false>(jumpers))));
#endif
}
#else
inline constexpr bool HAS_DIRECTION_FILLS = false;
// Declared only, so that the branches of count.hpp and generate.hpp that call them compile; without AVX2 those
// branches are discarded (if constexpr) and never call them.
struct MoveLanes {};
MoveLanes knight_and_slider_move_lanes(Bitboard knights, Bitboard diagonal, Bitboard straight, Bitboard occupied,
                                       Bitboard target);
MoveLanes no_move_lanes();
MoveLanes add_move_lanes(MoveLanes a, MoveLanes b);
std::size_t sum_move_lanes(MoveLanes moves);
std::size_t count_knight_and_slider_moves(Bitboard knights, Bitboard diagonal, Bitboard straight, Bitboard occupied,
                                          Bitboard target);
Bitboard knight_and_slider_attacks(Bitboard knights, Bitboard diagonal, Bitboard straight, Bitboard occupied);
#endif

#if defined(__AVX512F__) && defined(__AVX512VPOPCNTDQ__) && defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic pop
#endif
}  // namespace movegen::bitboard_tuned
