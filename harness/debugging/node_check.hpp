// Comparing two in-process generators node by node: more than their counts, everything they say about a
// position (its FEN, checkers, legal moves as a multiset, the FEN after each move, and unmake restoring it).
//
// Compiled once, over AnyPosition (harness/generators/any_position.hpp); the template nodes_agree only wraps its arguments.
//
//   MtuPosition<mailbox::Position> a = ...; bitboard_tuned::Position b = ...;
//   Divergence d("mailbox", "bitboard", fen);
//   if (!nodes_agree(a, b, d)) print_divergence(std::cout, d);
#pragma once

#include <string>
#include <vector>

#include "harness/debugging/divergence.hpp"
#include "harness/generators/any_position.hpp"
#include "harness/moves/move_texts.hpp"

namespace movegen::harness {

/// True if `a` and `b` (the same position in two generators) agree on FEN, checkers, legal moves
/// (as multisets) and the FEN after each move, and each unmake restores the position. Otherwise fills in
/// `d`'s fen, only_a, only_b and detail (`d.root_fen` and `d.path` are the caller's) and returns false.
bool nodes_agree(AnyPosition& a, AnyPosition& b, Divergence& d);

/// nodes_agree at every node of the tree from `a`/`b` down to `depth` - 1 plies (so that every move of
/// a `depth`-ply perft is checked once), depth first; on the first disagreement fills in `d` (with the
/// moves from the root appended to `d.path`) and returns false.
bool trees_agree(AnyPosition& a, AnyPosition& b, int depth, Divergence& d);

/// nodes_agree of two Position types' positions, played on in place.
template <ChessPosition P, ChessPosition Q>
bool nodes_agree(P& a, Q& b, Divergence& d) {
  ErasedPosition<P&> any_a(a);
  ErasedPosition<Q&> any_b(b);
  return nodes_agree(static_cast<AnyPosition&>(any_a), static_cast<AnyPosition&>(any_b), d);
}

}  // namespace movegen::harness
