// mailbox-masks move generation: the plain mailbox's per-piece stepping (mailbox/movegen.cpp), specialised
// at compile time for the side to move and for where the moves go, and run inside the legality masks found
// once per node. A piece that is not the king and not pinned has its moves onto the check mask passed on
// untested; the king's moves, a pinned piece's moves and en passant are made, tested and unmade.
//
//   MoveCounter counter;
//   generate_legal_moves(pos, counter);      // counter.count == 20 in the start position
#pragma once

#include "common/move_sink.hpp"
#include "mailbox/masks_position.hpp"

namespace movegen::mailbox {

/// Every legal move of the side to move into `out` (a MoveWriter or a MoveCounter). The legality masks
/// are found once (checkers, pinned pieces, check mask); in double check only the king moves. Leaves the
/// position as it was.
template <class Out>
void generate_legal_moves(MasksPosition& pos, Out& out);

}  // namespace movegen::mailbox
