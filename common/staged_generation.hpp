// Staged move generation, written once for every generator: the legal captures and the legal quiet moves of a
// position as two calls, as an engine's search asks for them (captures first, quiets only if no capture cuts the
// node off; the quiescence search asks for captures alone). Which move falls in which stage, and how that differs
// from Stockfish's GenType split: docs/search.md, "Stages". The reference tier generates each stage by itself:
// its per-piece generators are given stage_targets as their targets, inside its own legality strategy
// (generate_made_and_tested, common/make_test_unmake.hpp; generate_within_masks, common/masks_strategy.hpp),
// and each representation offers the result as generate_stage, which the free functions below find.
//
//   MoveList captures, quiets;
//   generate_captures(pos, captures);   // every legal move that takes a piece, en passant included
//   generate_quiets(pos, quiets);       // every other legal move, castling and quiet promotions included
//   if (pos.checkers()) generate_evasions(pos, evasions);   // in check: every legal move, instead of the two
#pragma once

#include <cassert>
#include <concepts>

#include "common/move.hpp"
#include "common/position_concept.hpp"

namespace movegen {

/// Which legal moves one generation call appends, after Stockfish's GenType (src/movegen.h): all of them, those
/// that take a piece (en passant and capturing promotions included), or the others (castling and promotions
/// without capture included).
enum class Stage { LEGAL, CAPTURES, QUIETS };

/// Calls `f.template operator()<S>()` with S the value of `stage` and returns its result: a stage chosen at run
/// time handed to code templated on it.
template <class F>
decltype(auto) with_stage(Stage stage, F&& f) {
  switch (stage) {
    case Stage::CAPTURES: return f.template operator()<Stage::CAPTURES>();
    case Stage::QUIETS: return f.template operator()<Stage::QUIETS>();
    default: return f.template operator()<Stage::LEGAL>();
  }
}

/// The squares of colour `c`'s pieces in `pos` (bit s for square s, a1 = 0): the position's own set if it keeps
/// one (`pos.pieces(c)` returning a Bitboard), else read square by square with piece_on.
template <class P>
Bitboard color_bb(const P& pos, Color c) {
  if constexpr (requires { { pos.pieces(c) } -> std::same_as<Bitboard>; }) {
    return pos.pieces(c);
  } else {
    Bitboard squares = 0;
    for (Square s = SQ_A1; s <= SQ_H8; ++s)
      if (const Piece p = pos.piece_on(s); p != NO_PIECE && color_of(p) == c) squares |= square_bb(s);
    return squares;
  }
}

/// The targets of stage S's moves for the side to move in `pos`, the set a per-piece generator is given: every
/// square (LEGAL); the enemy's pieces' squares (CAPTURES); every other square (QUIETS), which are the empty
/// squares, as no generator lands on its own pieces. En passant (a capture whose landing square is empty) and
/// castling (encoded king takes own rook) are not found by targets: the strategies add them to their stage.
template <Stage S, class P>
Bitboard stage_targets(const P& pos) {
  if constexpr (S == Stage::LEGAL)
    return ALL_SQUARES;
  else if constexpr (S == Stage::CAPTURES)
    return color_bb(pos, ~pos.side_to_move());
  else
    return ~color_bb(pos, ~pos.side_to_move());
}

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

/// A reference generator's stages: `generate_stage(pos, list, stage)`, found by argument-dependent lookup
/// (MtuPosition's in common/make_test_unmake.hpp, MasksPosition's in common/masks_strategy.hpp), appending the
/// legal moves of `stage`.
template <class P>
concept StageGenerator = requires(P& pos, MoveList& list) { generate_stage(pos, list, Stage::CAPTURES); };

/// Appends the legal moves of `pos` (its generate_legal) for which is_capture(pos, m) == captures, in generation
/// order: the stages of a position that offers none of its own, filtered from its legal list.
template <ChessPosition P>
void generate_legal_where_capture_is(P& pos, MoveList& list, bool captures) {
  MoveList legal;
  pos.generate_legal(legal);
  for (Move m : legal)
    if (is_capture(pos, m) == captures) list.push_back(m);
}

/// Appends the legal captures of the side to move in `pos` to `list`: every legal move that takes a piece, en
/// passant and capturing promotions (to every piece) included. The position's hook if it offers one, else its
/// generate_stage, else its legal moves filtered by is_capture.
template <ChessPosition P>
void generate_captures(P& pos, MoveList& list) {
  if constexpr (StagedGenerationHook<P>)
    pos.generate_captures(list);
  else if constexpr (StageGenerator<P>)
    generate_stage(pos, list, Stage::CAPTURES);
  else
    generate_legal_where_capture_is(pos, list, true);
}

/// Appends the legal quiet moves of the side to move in `pos` to `list`: every legal move that takes nothing,
/// castling and promotions without capture (to every piece) included. The position's hook if it offers one,
/// else its generate_stage, else its legal moves filtered by is_capture.
template <ChessPosition P>
void generate_quiets(P& pos, MoveList& list) {
  if constexpr (StagedGenerationHook<P>)
    pos.generate_quiets(list);
  else if constexpr (StageGenerator<P>)
    generate_stage(pos, list, Stage::QUIETS);
  else
    generate_legal_where_capture_is(pos, list, false);
}

/// Optional hook: a position's own evasions, `pos.generate_evasions(list)`, appending exactly its legal moves when
/// its side to move is in check (tests/staged_generation_test.cpp checks every generator).
template <class P>
concept EvasionsHook = requires(P& pos, MoveList& list) { pos.generate_evasions(list); };

/// Appends the legal moves of the side to move in `pos` to `list`. Precondition: it is in check
/// (pos.checkers() != 0; asserted). Stockfish's EVASIONS (src/movegen.cpp), the stage an engine asks for in check
/// instead of the captures and the quiet moves: the king's moves and, in single check, the moves that take the
/// checker (en passant included) or step between it and the king. The position's hook if it offers one, else its
/// legal moves (generate_legal), which in check are the evasions in every generator: the masks strategy and the
/// tuned tier keep every piece but the king inside the check mask, make-test-unmake tests each pseudo-legal move.
template <ChessPosition P>
void generate_evasions(P& pos, MoveList& list) {
  assert(pos.checkers() != 0);
  if constexpr (EvasionsHook<P>)
    pos.generate_evasions(list);
  else
    pos.generate_legal(list);
}

}  // namespace movegen
