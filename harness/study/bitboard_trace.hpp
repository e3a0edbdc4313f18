// One piece's moves traced on the bitboard, in its own terms: the set operations that find them (shift,
// pawn_attacks_bb, attacks_bb), each line a set, then the legality masks that keep them legal (checkers,
// check_mask or the king's safe squares, pinned and line_bb).
//
//   Trace t = trace_bitboard(MtuPosition<bitboard::Position>::from_fen(START_FEN), SQ_E2);
//   t.lines[0].text;   // "single push = shift<NORTH>({e2}) & empty"
#pragma once

#include "bitboard/position.hpp"
#include "common/types.hpp"
#include "harness/study/trace_lines.hpp"

namespace movegen::harness {

/// The trace of the piece on `from`, which must be one of the side to move's: the sets its moves come from,
/// then check_and_pin_masks' checkers and check_mask (safe_king_squares for a king) and whether it is pinned.
Trace trace_bitboard(const bitboard::Position& pos, Square from);

}  // namespace movegen::harness
