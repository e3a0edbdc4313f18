// mailbox-tuned's reads of the board string several letters at a time: a letter's colour seen from the side
// to move, the pieces of one colour found as a Bitboard a rank (eight letters) at a time or, with AVX2,
// thirty-two letters at once, the pawns' moves counted all at once from their set, and a slider's moves counted from
// the set of occupied squares read off the string (count_slider_moves). Those sets are found afresh from the
// string at each node that counts: the string stays the only board. The generator templates of generate.hpp
// build on them.
//
//   own_squares_bb(pos.board(), WHITE);     // 0xFFFF in the start position
//   occupied_squares_bb(pos.board());       // 0xFFFF00000000FFFF in the start position
#pragma once

#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>
#if defined(__AVX2__)
#include <immintrin.h>
#endif

#include "tuned/mailbox/position.hpp"
#include "tuned/mailbox/square_tables.hpp"

namespace movegen::mailbox_tuned {

// Internal to each unit that includes it, as generate.hpp's templates are (see there): GCC inlines a
// function of internal linkage called once more readily than a shared inline one.
namespace {

// The letter as colour `us` sees it: its own pieces as capitals, the enemy's as small letters. XOR 0x20
// swaps an ASCII letter's case ('-' becomes a control character, neither capital nor small).
constexpr char own_letter(char square, Color us) { return char(square ^ (us == WHITE ? 0 : 0x20)); }

// is_color in one comparison: XOR 0x20 swaps an ASCII letter's case, so that the pieces of c become small
// letters (>= 'a'), while '-' (0x2d) stays below 'a'.
constexpr bool is_own(char square, Color c) { return (square ^ (c == WHITE ? 0x20 : 0)) >= 'a'; }

// Eight letters of the board string at once (a rank, byte i = file i): 0x80 in each byte equal to `c`, 0
// elsewhere. Exact: no byte borrows from its neighbour (x & 0x7f plus 0x7f stays below 0x100).
constexpr std::uint64_t bytes_equal(std::uint64_t letters, char c) {
  constexpr std::uint64_t LOW7 = 0x7f7f7f7f7f7f7f7f;
  const std::uint64_t x = letters ^ (0x0101010101010101 * static_cast<unsigned char>(c));
  return ~(((x & LOW7) + LOW7) | x | LOW7);
}

// The squares whose letter, its bits in `mask` kept, equals `want`, bit s for square s. A rank at a time,
// its eight bits gathered into one byte by a multiplication: the portable way, and letter_squares_bb's
// without AVX2.
inline Bitboard letter_squares_bb_by_rank(const Board& board, char mask, char want) {
  const std::uint64_t masks = 0x0101010101010101 * static_cast<unsigned char>(mask);
  Bitboard squares = 0;
  for (int row = 0; row < 8; ++row) {
    std::uint64_t letters;
    std::memcpy(&letters, &board[square_at(row, 0)], sizeof letters);
    const std::uint64_t found = bytes_equal(letters & masks, want);               // 0x80 in each byte found
    squares |= Bitboard(((found >> 7) * 0x0102040810204080) >> 56) << (8 * row);  // byte i's bit to bit i
  }
  return squares;
}

// letter_squares_bb_by_rank's set, with AVX2 (where the build targets it) thirty-two letters compared at once.
inline Bitboard letter_squares_bb(const Board& board, char mask, char want) {
#if defined(__AVX2__)
  const __m256i masks = _mm256_set1_epi8(mask), wanted = _mm256_set1_epi8(want);
  auto half = [&](int first) {
    const __m256i letters = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(board.data() + first));
    return Bitboard(std::uint32_t(_mm256_movemask_epi8(_mm256_cmpeq_epi8(_mm256_and_si256(letters, masks), wanted))));
  };
  return half(0) | half(32) << 32;
#else
  return letter_squares_bb_by_rank(board, mask, want);
#endif
}

// The squares of colour c's pieces on the board string: the letters whose bits 6 and 5 read 10 (capitals,
// White) or 11 (small letters, Black); '-' reads 01.
inline Bitboard own_squares_bb(const Board& board, Color c) {
  return letter_squares_bb(board, 0x60, c == WHITE ? 0x40 : 0x60);
}
// own_squares_bb the portable way (letter_squares_bb_by_rank), which no AVX2 build runs in perft.
inline Bitboard own_squares_bb_by_rank(const Board& board, Color c) {
  return letter_squares_bb_by_rank(board, 0x60, c == WHITE ? 0x40 : 0x60);
}
// The squares that hold a piece: the letters with bit 6 (0x40) set, which '-' (0x2d) has not.
inline Bitboard occupied_squares_bb(const Board& board) { return letter_squares_bb(board, 0x40, 0x40); }

// The squares a slider on `from` reaches along `rays`: on each ray, the squares up to and with the first
// piece of `occupied`, found in one bit scan (RAY_SETS: the ray beyond that piece taken away).
inline Bitboard slider_reach(Square from, const std::array<RayDirection, 4>& rays, Bitboard occupied) {
  Bitboard reach = 0;
#pragma GCC unroll 4  // each direction, and so the way its bit scan runs, becomes a constant
  for (RayDirection d : rays) {
    const Bitboard ray = RAY_SETS[d][from], blockers = ray & occupied;
    // The piece nearest to `from`: the lowest square on a ray that runs up the board (positive offset), the
    // highest on one that runs down. With none, the board's last square that way, whose ray is empty.
    const int first = RAY_OFFSET[d] > 0 ? std::countr_zero(blockers | square_bb(SQ_H8))
                                        : 63 - std::countl_zero(blockers | square_bb(SQ_A1));
    reach |= ray ^ RAY_SETS[d][first];
  }
  return reach;
}

// The number of moves of a slider on `from` along `rays` to squares not in `own`: its slider_reach. Exact for
// perft's count of a node with no pinned piece and no check, where every such move is legal.
inline int count_slider_moves(Square from, const std::array<RayDirection, 4>& rays, Bitboard occupied, Bitboard own) {
  // A slider hemmed in by its own pieces (most of them early in a game) has none: one AND, not four ray scans.
  if (!(first_steps_bb(from, rays) & ~own)) return 0;
  return std::popcount(slider_reach(from, rays, occupied) & ~own);
}

// The squares of the pawns of colour c on the board string: the letters equal to its pawn's, all bits kept.
inline Bitboard pawn_squares_bb(const Board& board, Color c) {
  return letter_squares_bb(board, char(0xff), letter(c, PAWN));
}

// The squares the pawns of colour C on `pawns` attack.
template <Color C>
Bitboard pawn_attacks_bb(Bitboard pawns) {
  constexpr Bitboard FILE_A = 0x0101010101010101, FILE_H = FILE_A << 7;
  return C == WHITE ? (pawns & ~FILE_A) << 7 | (pawns & ~FILE_H) << 9 : (pawns & ~FILE_A) >> 9 | (pawns & ~FILE_H) >> 7;
}

// The number of moves of the pawns of Us on `pawns` but en passant (single and double pushes, captures, each
// promotion four times), counted for all of them at once from the board string's sets: the squares ahead
// against `empty`, a file aside against `enemy` (a pawn on the a-file takes nothing towards file a). For
// perft's count of a node with no pinned piece and no check, where every such move is legal.
template <Color Us>
int count_pawn_moves(Bitboard pawns, Bitboard empty, Bitboard enemy) {
  constexpr Bitboard FILE_A = 0x0101010101010101, FILE_H = FILE_A << 7;
  constexpr Bitboard THIRD_RANK = Us == WHITE ? 0xFF0000 : 0xFF0000000000;  // a single push lands here first
  constexpr Bitboard LAST_RANK = Us == WHITE ? 0xFF00000000000000 : 0xFF;
  auto forward = [](Bitboard b, int n) { return Us == WHITE ? b << n : b >> n; };  // n squares up Us's board
  const Bitboard single = forward(pawns, 8) & empty, twice = forward(single & THIRD_RANK, 8) & empty;
  const Bitboard towards_a = forward(pawns & ~FILE_A, Us == WHITE ? 7 : 9) & enemy;
  const Bitboard towards_h = forward(pawns & ~FILE_H, Us == WHITE ? 9 : 7) & enemy;
  const int moves = popcount(single) + popcount(twice) + popcount(towards_a) + popcount(towards_h);
  // Each promotion was counted once: three more, its other pieces.
  if (!((single | towards_a | towards_h) & LAST_RANK)) return moves;
  return moves + 3 * (popcount(single & LAST_RANK) + popcount(towards_a & LAST_RANK) + popcount(towards_h & LAST_RANK));
}

}  // namespace

}  // namespace movegen::mailbox_tuned
