// How mailbox-tuned's generators hand a move to their sink (tuned/move_sink.hpp): a quiet move, a capture or
// the four promotions, through the sink's fast path told the mover's colour and piece type when it has one
// (perft's ChildMaker, tuned/mailbox/perft.cpp, which plays the move knowing both), else as a Move to add().
// A piece's quiet moves and the pawns' pushes go as whole sets to a sink that plays sets (PlaysQuietSets):
// perft's ChildMaker then passes the turn once for all of them (Position::play_quiet_moves).
//
//   add_quiet<WHITE, KNIGHT>(sink, SQ_G1, SQ_F3);   // sink.add_quiet<WHITE, KNIGHT>(g1, f3), or sink.add(g1f3)
//   add_quiets<WHITE, KNIGHT>(sink, SQ_G1, square_bb(SQ_F3) | square_bb(SQ_H3));   // g1f3, g1h3
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

// A sink that plays a set of quiet moves of the piece of type Pt of Us at once (perft's ChildMaker):
// add_quiets<Us, Pt>(from, targets), its captures as add_captures<Us, Pt>(from, targets), and the pawns'
// pushes as add_pawn_pushes<Us, Flag>(targets, back).
template <class Sink, Color Us, PieceType Pt>
concept PlaysQuietSets = requires(Sink& sink, Square from, Bitboard targets) {
  sink.template add_quiets<Us, Pt>(from, targets);
  sink.template add_captures<Us, Pt>(from, targets);
  sink.template add_pawn_pushes<Us, NORMAL>(targets, 8);
};

// Hands `out` the captures of the piece of type Pt of Us from `from` onto each square of `targets` (all
// enemy pieces): as one set to a sink that plays sets, else one by one (add_capture).
template <Color Us, PieceType Pt, class Sink>
[[gnu::always_inline]] inline void add_captures(Sink& out, Square from, Bitboard targets) {
  if constexpr (PlaysQuietSets<Sink, Us, Pt>)
    out.template add_captures<Us, Pt>(from, targets);
  else
    while (targets) add_capture<Us, Pt>(out, from, pop_lsb(targets));
}

// Hands `out` the quiet moves of the piece of type Pt of Us from `from` to each square of `targets` (all
// empty): as one set to a sink that plays sets (PlaysQuietSets), else one by one (add_quiet).
template <Color Us, PieceType Pt, class Sink>
[[gnu::always_inline]] inline void add_quiets(Sink& out, Square from, Bitboard targets) {
  if constexpr (PlaysQuietSets<Sink, Us, Pt>)
    out.template add_quiets<Us, Pt>(from, targets);
  else
    while (targets) add_quiet<Us, Pt>(out, from, pop_lsb(targets));
}

// Hands `out` the pushes of the pawns of Us onto each square of `targets` (all empty, none on the last
// rank), each from `back` squares behind it: single pushes (Flag NORMAL) or double pushes (DOUBLE_PUSH).
template <Color Us, MoveFlag Flag, class Sink>
[[gnu::always_inline]] inline void add_pawn_pushes(Sink& out, Bitboard targets, int back) {
  if constexpr (PlaysQuietSets<Sink, Us, PAWN>) {
    out.template add_pawn_pushes<Us, Flag>(targets, back);
  } else {
    while (targets) {
      const Square to = pop_lsb(targets);
      if constexpr (Flag == NORMAL)
        add_quiet<Us, PAWN>(out, Square(to - back), to);
      else
        out.add(Move(Square(to - back), to, Flag));
    }
  }
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
