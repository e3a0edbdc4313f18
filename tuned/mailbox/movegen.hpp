// mailbox-tuned move generation: the reference mailbox's per-piece stepping (mailbox/movegen.cpp), specialised
// at compile time for the side to move and for where the moves go, and run inside the legality masks found
// once per node. A piece that is not the king and not pinned has its moves onto the check mask passed on
// untested; the king's steps are its free neighbours the enemy does not attack with it lifted (king_steps.hpp);
// a pinned piece keeps the moves that stay on its pin line (ALIGNED, square_tables.hpp); only en passant
// is made, tested and unmade.
//
//   MoveList list;
//   generate_legal(pos, list);               // 20 moves in the start position
//   count_legal(pos);                        // 20, without the list
#pragma once

#include <cstddef>

#include "common/move.hpp"
#include "common/staged_generation.hpp"
#include "tuned/mailbox/position.hpp"

namespace movegen::mailbox_tuned {

/// Appends every legal move of the side to move to `list`. The legality masks are found once (checkers,
/// pinned pieces, check mask); in double check only the king moves. Leaves the position as it was.
void generate_legal(Position& pos, MoveList& list);
/// The number of legal moves of the side to move, generate_legal's list size, counted without the list.
std::size_t count_legal(Position& pos);
/// Appends the legal moves of `stage` (common/staged_generation.hpp) of the side to move to `list`: generate_legal's
/// steps into a sink that keeps the stage's moves (StageMoves in move_filters.hpp), which the per-piece generators
/// hand it as captures or quiet moves. Leaves the position as it was.
void generate_stage(Position& pos, MoveList& list, Stage stage);

}  // namespace movegen::mailbox_tuned
