// Staged move generation, written once for every generator: the legal captures and the legal quiet moves of a
// position as two calls, as an engine's search asks for them (captures first, quiets only if no capture cuts the
// node off; the quiescence search asks for captures alone). Which move falls in which stage, and how that differs
// from Stockfish's GenType split: docs/search.md, "Stages".
//
//   MoveList captures, quiets;
//   generate_captures(pos, captures);   // every legal move that takes a piece, en passant included
//   generate_quiets(pos, quiets);       // every other legal move, castling and quiet promotions included
#pragma once

#include "common/move.hpp"
#include "common/position_concept.hpp"

namespace movegen {

/// True if legal move `m` of the side to move in `pos` takes a piece: en passant, or a move onto an occupied
/// square other than castling (encoded king takes own rook). Promotions are captures if they take a piece.
template <ChessPosition P>
bool is_capture(const P& pos, Move m) {
  if (m.flag() == EN_PASSANT) return true;
  return m.flag() != CASTLING && pos.piece_on(m.to()) != NO_PIECE;
}

/// Optional hook: a position's own stages, `pos.generate_captures(list)` and `pos.generate_quiets(list)`, each
/// appending exactly the moves the filters below would (tests/staged_generation_test.cpp checks every generator).
template <class P>
concept StagedGenerationHook = requires(P& pos, MoveList& list) {
  pos.generate_captures(list);
  pos.generate_quiets(list);
};

namespace detail {
// Appends the legal moves of `pos` for which is_capture(pos, m) == captures, in generation order.
template <ChessPosition P>
void generate_legal_where_capture_is(P& pos, MoveList& list, bool captures) {
  MoveList legal;
  pos.generate_legal(legal);
  for (Move m : legal)
    if (is_capture(pos, m) == captures) list.push_back(m);
}
}  // namespace detail

/// Appends the legal captures of the side to move in `pos` to `list`: every legal move that takes a piece, en
/// passant and capturing promotions (to every piece) included. The position's hook if it offers one, else its
/// legal moves filtered by is_capture.
template <ChessPosition P>
void generate_captures(P& pos, MoveList& list) {
  if constexpr (StagedGenerationHook<P>)
    pos.generate_captures(list);
  else
    detail::generate_legal_where_capture_is(pos, list, true);
}

/// Appends the legal quiet moves of the side to move in `pos` to `list`: every legal move that takes nothing,
/// castling and promotions without capture (to every piece) included. The position's hook if it offers one,
/// else its legal moves filtered by is_capture.
template <ChessPosition P>
void generate_quiets(P& pos, MoveList& list) {
  if constexpr (StagedGenerationHook<P>)
    pos.generate_quiets(list);
  else
    detail::generate_legal_where_capture_is(pos, list, false);
}

}  // namespace movegen
