// A make-move bug behind a divergence: the move an engine plays wrongly, found by asking it the position reached
// through the moves and from the FEN. Called by find_divergence (divergence.hpp) at the end of its descent.
//
//   diagnose_board(d, engine, "B", divide_b);  // d.board: "B plays e1g1 wrongly: after it, B's board differs ..."
#pragma once

#include <string>

#include "harness/debugging/divergence.hpp"

namespace movegen::harness {

/// Looks for a make-move bug behind `d` (found at the end of its path, with `rx` the divide `x`, the side
/// named `side`, gave there): if x moves from squares where our board has no piece of the side to move, or
/// never moves a piece of ours that has moves, x is asked for the position from the FEN instead of
/// through the moves; if that answers differently, the first move of the path after which x's divide two
/// plies deep through the moves differs from the one from the FEN is the move x plays wrongly: fills
/// d.wrong_move, d.wrong_side and d.board. Throws what DivideSource::divide throws.
void diagnose_board(Divergence& d, DivideSource& x, const std::string& side, const DivideResult& rx);

}  // namespace movegen::harness
