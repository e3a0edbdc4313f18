// Bitboard helpers: single squares, files and ranks as sets, shifts that never wrap around the board's
// edge, bit scans, and the squares between and along two aligned squares.
//
//   Bitboard b = square_bb(SQ_E4) | square_bb(SQ_H4);
//   shift<EAST>(b);                       // {f4}: h4 would wrap to a5, so it falls off the board
//   between_bb(SQ_A1, SQ_D4);             // {b2, c3}
//   std::cout << to_string(b);            // an 8x8 grid, rank 8 on top
#pragma once

#include <array>
#include <bit>
#include <string>

#include "common/types.hpp"

namespace movegen::bitboard {

inline constexpr Bitboard FILE_A_BB = 0x0101010101010101ULL;
inline constexpr Bitboard FILE_H_BB = FILE_A_BB << 7;
inline constexpr Bitboard RANK_1_BB = 0xFFULL;
inline constexpr Bitboard RANK_8_BB = RANK_1_BB << 56;

/// Every square of file f (FILE_A .. FILE_H).
constexpr Bitboard file_bb(File f) { return FILE_A_BB << f; }
constexpr Bitboard file_bb(Square s) { return file_bb(file_of(s)); }
/// Every square of rank r (RANK_1 .. RANK_8).
constexpr Bitboard rank_bb(Rank r) { return RANK_1_BB << (8 * r); }
constexpr Bitboard rank_bb(Square s) { return rank_bb(rank_of(s)); }

/// The set b moved one step in direction D (also NORTH + NORTH and SOUTH + SOUTH for double pushes).
/// Squares that would leave the board, including across the a/h-file edge, are dropped.
template <Direction D>
constexpr Bitboard shift(Bitboard b) {
  if constexpr (D == NORTH)
    return b << 8;
  else if constexpr (D == SOUTH)
    return b >> 8;
  else if constexpr (D == NORTH + NORTH)
    return b << 16;
  else if constexpr (D == SOUTH + SOUTH)
    return b >> 16;
  else if constexpr (D == EAST)
    return (b & ~FILE_H_BB) << 1;
  else if constexpr (D == WEST)
    return (b & ~FILE_A_BB) >> 1;
  else if constexpr (D == NORTH_EAST)
    return (b & ~FILE_H_BB) << 9;
  else if constexpr (D == NORTH_WEST)
    return (b & ~FILE_A_BB) << 7;
  else if constexpr (D == SOUTH_EAST)
    return (b & ~FILE_H_BB) >> 7;
  else if constexpr (D == SOUTH_WEST)
    return (b & ~FILE_A_BB) >> 9;
  else
    static_assert(D == NORTH, "shift: unsupported direction");
}

namespace detail {
/// A set for every ordered pair of squares, indexed [a][b].
using PairTable = std::array<std::array<Bitboard, SQUARE_NB>, SQUARE_NB>;
// Computed at compile time in bitboard.cpp by walking rays: the between and line sets of every pair.
extern const PairTable BETWEEN_BB;
extern const PairTable LINE_BB;
}  // namespace detail

/// The squares strictly between a and b if they share a rank, file or diagonal; empty otherwise.
inline Bitboard between_bb(Square a, Square b) { return detail::BETWEEN_BB[a][b]; }
/// The whole line (edge to edge) through a and b if they share a rank, file or diagonal; empty otherwise.
inline Bitboard line_bb(Square a, Square b) { return detail::LINE_BB[a][b]; }

/// b as an 8x8 grid for study, rank 8 on top: 'X' for a square in the set, '.' otherwise, with file
/// letters and rank numbers at the edges.
std::string to_string(Bitboard b);

}  // namespace movegen::bitboard
