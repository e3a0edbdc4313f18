// A trace of one piece's moves, line by line, as the study view (`movegen lab`) shows it: what each
// representation's code looks at (square_walk_trace.hpp, bitboard_trace.hpp), drawn on a board beside the words.
//
//   Trace t;
//   t.lines.push_back({"step (+2, -1) to (2, 5) f3: empty -> move", square_bb(SQ_F3)});   // a knight on g1
//   t.targets |= square_bb(SQ_F3);
#pragma once

#include <string>
#include <vector>

#include "common/types.hpp"

namespace movegen::harness {

/// One line of a trace: its words, the squares it speaks of, and whether they are a set the code computed
/// (drawn as a grid) or squares it visited one by one.
struct TraceLine {
  std::string text;
  Bitboard squares = 0;
  bool is_set = false;
};

/// A trace: its lines in the order the code takes its steps, and the squares they find a move to.
struct Trace {
  std::vector<TraceLine> lines;
  Bitboard targets = 0;  // the squares the lines find a move to
};

}  // namespace movegen::harness
