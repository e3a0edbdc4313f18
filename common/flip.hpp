// The colour-flipped twin of a position: the board mirrored top to bottom with the colours swapped.
// Every legal move of one has a mirrored twin in the other, so both have the same perft counts at every
// depth: a check on a generator that needs no second source.
//
//   BoardState s = parse_fen("r3k2r/8/8/8/8/8/8/R3K2R w Kq - 0 1");
//   to_fen(flip(s));   // "r3k2r/8/8/8/8/8/8/R3K2R b Qk - 0 1"
#pragma once

#include "common/fen.hpp"

namespace movegen {

/// The colour-flipped state: each piece moved to its square's mirror across the middle of the board
/// (a1 <-> a8) and given the other colour, the other side to move, castling rights K <-> k and Q <-> q,
/// the en passant square mirrored; clocks unchanged. flip(flip(s)) == s.
BoardState flip(const BoardState& state);

}  // namespace movegen
