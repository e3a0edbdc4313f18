// One piece's moves traced on the boards that are walked square by square, each in its own terms: the
// mailbox's (row, column) steps and its on_board test, the 0x88 board's index offsets and its `sq & 0x88`
// test, the 10x12 board's offsets and its sentinel border. A line per step, leap or ray; a pawn's push,
// double push and the two attack steps.
//
//   Trace t = trace_mailbox_walk(parse_fen(START_FEN), SQ_G1);
//   t.lines[0].text;   // "step (+2, +1) to (2, 7) h3: empty -> move"
#pragma once

#include "common/fen.hpp"
#include "common/types.hpp"
#include "harness/study/trace_lines.hpp"

namespace movegen::harness {

/// The trace of the piece on `from` (which must hold one) as the mailbox walks it: places (row, column).
Trace trace_mailbox_walk(const BoardState& s, Square from);

/// The trace of the piece on `from` (which must hold one) as the 0x88 board walks it: places 16 * rank + file.
Trace trace_x88_walk(const BoardState& s, Square from);

/// The trace of the piece on `from` (which must hold one) as the 10x12 board walks it: places
/// 10 * (rank + 2) + file + 1.
Trace trace_board10x12_walk(const BoardState& s, Square from);

}  // namespace movegen::harness
