// How mailbox-tuned's generators hand a move to their sink (tuned/move_sink.hpp): a quiet move, a capture or
// the four promotions, through the sink's fast path told the mover's colour and piece type when it has one
// (perft's ChildMaker, tuned/mailbox/perft.cpp, which plays the move knowing both), else as a Move to add().
//
//   add_quiet<WHITE, KNIGHT>(sink, SQ_G1, SQ_F3);   // sink.add_quiet<WHITE, KNIGHT>(g1, f3), or sink.add(g1f3)
#pragma once

#include "common/move.hpp"
#include "tuned/move_sink.hpp"

namespace movegen::mailbox_tuned {

// Internal to each unit that includes it, as generate.hpp's templates are (see there).
namespace {

// Hands `out` the move from -> to (flag NORMAL) of the piece of type Pt of Us, the side to move, a quiet move
// onto an empty square (F = FastPath::QUIET) or a capture (FastPath::CAPTURE): through the sink's
// add_quiet<Us, Pt> or add_capture<Us, Pt> if it has one (perft's ChildMaker, which plays the move knowing
// its side and piece: Position::make_quiet_move, make_capture), else as a Move to add().
template <FastPath F, Color Us, PieceType Pt, class Sink>
[[gnu::always_inline]] inline void add_normal(Sink& out, Square from, Square to) {
  if constexpr (!KnowsMover<Sink, F, Us, Pt>)
    out.add(Move(from, to));
  else if constexpr (F == FastPath::QUIET)
    out.template add_quiet<Us, Pt>(from, to);
  else
    out.template add_capture<Us, Pt>(from, to);
}

// The quiet move from -> to of the piece of type Pt of Us (add_normal).
template <Color Us, PieceType Pt, class Sink>
[[gnu::always_inline]] inline void add_quiet(Sink& out, Square from, Square to) {
  add_normal<FastPath::QUIET, Us, Pt>(out, from, to);
}

// The capture from -> to of the piece of type Pt of Us (add_normal).
template <Color Us, PieceType Pt, class Sink>
[[gnu::always_inline]] inline void add_capture(Sink& out, Square from, Square to) {
  add_normal<FastPath::CAPTURE, Us, Pt>(out, from, to);
}

// Hands `out` the four promotions of a pawn of Us from -> to (queen, rook, bishop, knight): through the
// sink's add_promotion<Us, Pt> if it has one (perft's ChildMaker: Position::make_promotion), else as four Moves.
template <Color Us, class Sink>
[[gnu::always_inline]] inline void add_promotions(Sink& out, Square from, Square to) {
  if constexpr (KnowsMover<Sink, FastPath::PROMOTION, Us, QUEEN>) {
    out.template add_promotion<Us, QUEEN>(from, to);
    out.template add_promotion<Us, ROOK>(from, to);
    out.template add_promotion<Us, BISHOP>(from, to);
    out.template add_promotion<Us, KNIGHT>(from, to);
  } else {
    for (PieceType pt : {QUEEN, ROOK, BISHOP, KNIGHT}) out.add(Move(from, to, promotion_flag(pt)));
  }
}

}  // namespace

}  // namespace movegen::mailbox_tuned
