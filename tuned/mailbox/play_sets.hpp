// mailbox-tuned's moves played as sets for perft (tuned/mailbox/perft.cpp): a piece's quiet moves or captures,
// the pawns' pushes and castling, each child handed to a visitor and taken back, included at the end of
// tuned/mailbox/position.hpp so that perft inlines them. What every child of a set writes alike (the side, the
// en passant square, the mover's from-square) is written once for the set, so that each child costs the writes
// of its own squares; every child is still the whole position after its move when it is visited.
//
//   pos.play_quiet_moves<WHITE, KNIGHT>(SQ_G1, square_bb(SQ_F3) | square_bb(SQ_H3), visit);   // g1f3, g1h3
#pragma once

#include "tuned/mailbox/position.hpp"

namespace movegen::mailbox_tuned {

// The mover of a set, lifted from `from` (its sets as they were before the set: `knights`, `lines`), put on `to`.
template <Color Us, PieceType Pt>
[[gnu::always_inline]] inline void Position::land_mover(Square from, Square to, Bitboard knights,
                                                        const SliderLines& lines) {
  board_[to] = letter(Us, Pt);
  if constexpr (Pt == KING) king_square_[Us] = to;
  if constexpr (Pt == KNIGHT) knights_[Us] = knights ^ square_bb(from) ^ square_bb(to);
  if constexpr (Pt == BISHOP || Pt == ROOK || Pt == QUEEN) {
    slider_lines_[Us] = lines;
    slider_lines_[Us].move_kind<Pt>(from, to);
  }
}

// The position as it was before a set of the mover's moves: the mover back on `from`, Us to move, the fields
// saved before the set put back.
template <Color Us, PieceType Pt>
[[gnu::always_inline]] inline void Position::put_back_mover(Square from, Bitboard knights, const SliderLines& lines,
                                                            CastlingRights castling, Square ep) {
  board_[from] = letter(Us, Pt);
  side_ = Us;
  ep_square_ = ep;
  castling_ = castling;
  if constexpr (Pt == KING) king_square_[Us] = from;
  if constexpr (Pt == KNIGHT) knights_[Us] = knights;
  if constexpr (Pt == BISHOP || Pt == ROOK || Pt == QUEEN) slider_lines_[Us] = lines;
}

template <Color Us, PieceType Pt, class Visit>
[[gnu::always_inline]] inline void Position::play_quiet_moves(Square from, Bitboard targets, Visit&& visit) {
  assert(side_ == Us);
  if (!targets) return;
  const CastlingRights castling = castling_;
  const Square ep = ep_square_;
  const Bitboard knights = knights_[Us];
  const SliderLines lines = slider_lines_[Us];
  // The fields all the children share: the mover lifted from every set it stands in.
  if constexpr (Pt == KING || Pt == ROOK) castling_ &= castling_rules_.rights_kept_after_touching(from);
  ep_square_ = SQ_NONE;
  side_ = ~Us;
  board_[from] = '-';
  do {
    const Square to = pop_lsb(targets);
    land_mover<Us, Pt>(from, to, knights, lines);
    visit(*this);
    board_[to] = '-';
  } while (targets);
  put_back_mover<Us, Pt>(from, knights, lines, castling, ep);
}

template <Color Us, MoveFlag Flag, class Visit>
[[gnu::always_inline]] inline void Position::play_pawn_pushes(Bitboard targets, int back, Visit&& visit) {
  assert(side_ == Us);
  if (!targets) return;
  const Square ep = ep_square_;
  ep_square_ = SQ_NONE;
  side_ = ~Us;
  do {
    const Square to = pop_lsb(targets), from = Square(to - back);
    // A double push's en passant square is the one it crosses (make_move_unchecked's DOUBLE_PUSH).
    if constexpr (Flag == DOUBLE_PUSH) ep_square_ = Square(from + back / 2);
    board_[from] = '-';
    board_[to] = letter(Us, PAWN);
    visit(*this);
    board_[to] = '-';
    board_[from] = letter(Us, PAWN);
  } while (targets);
  side_ = Us;
  ep_square_ = ep;
}

template <Color Us, PieceType Pt, class Visit>
[[gnu::always_inline]] inline void Position::play_captures(Square from, Bitboard targets, Visit&& visit) {
  assert(side_ == Us);
  if (!targets) return;
  const CastlingRights castling = castling_;
  const Square ep = ep_square_;
  const Bitboard knights = knights_[Us], enemy_knights = knights_[~Us];
  const SliderLines lines = slider_lines_[Us], enemy_lines = slider_lines_[~Us];
  CastlingRights kept = castling;
  if constexpr (Pt == KING || Pt == ROOK) kept &= castling_rules_.rights_kept_after_touching(from);
  ep_square_ = SQ_NONE;
  side_ = ~Us;
  board_[from] = '-';
  do {
    const Square to = pop_lsb(targets);
    const char captured = board_[to];
    // A rook taken on its corner takes its right with it.
    castling_ = kept & castling_rules_.rights_kept_after_touching(to);
    land_mover<Us, Pt>(from, to, knights, lines);
    track_inline(captured, to, -1);
    visit(*this);
    ++counts_[static_cast<unsigned char>(captured)];
    knights_[~Us] = enemy_knights;
    slider_lines_[~Us] = enemy_lines;
    board_[to] = captured;
  } while (targets);
  put_back_mover<Us, Pt>(from, knights, lines, castling, ep);
}

template <Color Us, class Visit>
[[gnu::always_inline]] inline void Position::play_castling(Move m, Visit&& visit) {
  assert(side_ == Us && m.flag() == CASTLING);
  const CastlingMove c = castling_move(m);
  const CastlingRights castling = castling_;
  const Square ep = ep_square_;
  const SliderLines lines = slider_lines_[Us];
  castling_ = castling & castling_rules_.rights_kept_after_touching(c.king_from) &
              castling_rules_.rights_kept_after_touching(c.rook_from);
  ep_square_ = SQ_NONE;
  side_ = ~Us;
  // Both leave their squares, then land on theirs: in Chess960 one may land where the other stood.
  board_[c.king_from] = board_[c.rook_from] = '-';
  board_[c.king_to] = letter(Us, KING);
  board_[c.rook_to] = letter(Us, ROOK);
  king_square_[Us] = c.king_to;
  slider_lines_[Us].move_kind<ROOK>(c.rook_from, c.rook_to);
  visit(*this);
  board_[c.king_to] = board_[c.rook_to] = '-';
  board_[c.king_from] = letter(Us, KING);
  board_[c.rook_from] = letter(Us, ROOK);
  king_square_[Us] = c.king_from;
  slider_lines_[Us] = lines;
  side_ = Us;
  ep_square_ = ep;
  castling_ = castling;
}

}  // namespace movegen::mailbox_tuned
