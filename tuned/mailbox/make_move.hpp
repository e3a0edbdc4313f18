// mailbox-tuned's make and unmake, included at the end of tuned/mailbox/position.hpp so that perft (a
// template in another file) can inline them. The usual moves are played in line, each kind on its own path,
// the most common (flag NORMAL: quiet moves and captures) first: the letters on the board string, the king
// square, the moving slider's lines and the letter taken, the castling rights, the en passant square and
// the side. Castling and promotions go out of line (make_special_move). The key changes by the numbers of the letters
// moved and taken, looked up by the letters themselves, the rights lost, the en passant file cleared and set
// (Polyglot's rule, as common/zobrist.hpp states it) and the side; unmake copies the key back from the history.
//
//   pos.make_move(Move(SQ_E2, SQ_E4, DOUBLE_PUSH));   // 'P' from e2 to e4, en passant square e3
//   pos.unmake_move(Move(SQ_E2, SQ_E4, DOUBLE_PUSH)); // back: every field as it was
#pragma once

#include <array>

#include "common/zobrist.hpp"
#include "tuned/mailbox/position.hpp"

namespace movegen::mailbox_tuned {

namespace detail {
// Polyglot's number of each FEN letter on each square (zobrist::piece of the letter's piece), indexed by
// the letter itself: one load per letter, where '-' and any other byte give 0.
inline constexpr auto LETTER_SQUARE_KEYS = [] {
  std::array<std::array<Key, SQUARE_NB>, 256> numbers{};
  for (char c : PIECE_LETTERS)
    if (c != '-')
      for (int s = 0; s < SQUARE_NB; ++s)
        numbers[static_cast<unsigned char>(c)][s] = zobrist::piece(char_to_piece(c), Square(s));
  return numbers;
}();
}  // namespace detail

/// Polyglot's number of the FEN letter `piece` on square s (zobrist::piece of its piece); 0 for '-'.
constexpr Key letter_key(char piece, Square s) {
  return detail::LETTER_SQUARE_KEYS[static_cast<unsigned char>(piece)][s];
}

template <bool UpdateKey>
[[gnu::always_inline]] inline void Position::make_move_unchecked(Move m, Undo& undo) {
  // Every field is read before the first letter is written: a store of a char may alias any of them.
  const Color us = side_;
  const Square from = m.from(), to = m.to();
  const MoveFlag flag = m.flag();
  const CastlingRights castling = castling_;
  const Square ep = ep_square_;
  if constexpr (UpdateKey) undo.key = key_;
  undo.castling = castling;
  undo.ep_square = ep;
  // The en passant file leaves the key (read before the move, which may move the pawn beside), the side
  // changes, and the rights of a king or rook square touched go.
  Key k = zobrist::WHITE_TO_MOVE;
  if (UpdateKey && ep != SQ_NONE) [[unlikely]]
    k ^= zobrist::en_passant(ep, us, [this](Square s) { return piece_on(s); });
  const CastlingRights kept =
      castling & castling_rules_.rights_kept_after_touching(from) & castling_rules_.rights_kept_after_touching(to);
  if (UpdateKey && kept != castling) [[unlikely]]
    k ^= zobrist::castling(CastlingRights(castling ^ kept));
  castling_ = kept;
  ep_square_ = SQ_NONE;
  side_ = ~us;
  if (flag == NORMAL) [[likely]] {
    // A quiet move or a capture on `to`: the only moves that move the king or a slider but castling.
    const char moving = board_[from], captured = board_[to];
    const Square king = king_square_[us];
    undo.moving = moving;
    undo.captured = captured;
    board_[to] = moving;
    board_[from] = '-';
    if (from == king) king_square_[us] = to;
    if (is_slider(moving)) slider_lines_[us].move(moving, from, to);
    if (moving == letter(us, KNIGHT)) knights_[us] ^= square_bb(from) | square_bb(to);
    if (!is_empty(captured)) track(captured, to, -1);
    if constexpr (UpdateKey) k ^= letter_key(moving, from) ^ letter_key(moving, to) ^ letter_key(captured, to);
  } else if (flag == DOUBLE_PUSH) {
    // The letter moved is read from the board (a pawn in every legal double push), so that a move played
    // wrongly shows on the board for check_position.
    const char pawn = board_[from];
    undo.moving = pawn;
    undo.captured = '-';
    board_[to] = pawn;
    board_[from] = '-';
    ep_square_ = from + pawn_push(us);
    // The squares beside `to`, where a pawn of the side now to move may stand, are not touched by the push.
    if constexpr (UpdateKey)
      k ^= letter_key(pawn, from) ^ letter_key(pawn, to) ^
           zobrist::en_passant(from + pawn_push(us), ~us, [this](Square s) { return piece_on(s); });
  } else if (flag == EN_PASSANT) {
    // The pawn taken stands beside `from`, one row behind `to`.
    const Square taken = to - pawn_push(us);
    const char pawn = board_[from], taken_pawn = board_[taken];
    undo.moving = pawn;
    undo.captured = taken_pawn;
    board_[taken] = '-';
    board_[to] = pawn;
    board_[from] = '-';
    if (!is_empty(taken_pawn)) track(taken_pawn, taken, -1);
    if constexpr (UpdateKey) k ^= letter_key(pawn, from) ^ letter_key(pawn, to) ^ letter_key(taken_pawn, taken);
  } else {
    k ^= make_special_move(m, us, undo);
  }
  if constexpr (UpdateKey) key_ ^= k;
}

template <bool UpdateKey>
[[gnu::always_inline]] inline void Position::unmake_move_unchecked(Move m, const Undo& undo) {
  const Color us = ~side_;
  const Square from = m.from(), to = m.to();
  const MoveFlag flag = m.flag();
  side_ = us;
  castling_ = undo.castling;
  ep_square_ = undo.ep_square;
  if constexpr (UpdateKey) key_ = undo.key;
  const char moving = undo.moving, captured = undo.captured;
  if (flag == NORMAL) [[likely]] {
    const Square king = king_square_[us];
    board_[from] = moving;
    board_[to] = captured;
    if (to == king) king_square_[us] = from;
    if (is_slider(moving)) slider_lines_[us].move(moving, to, from);
    if (moving == letter(us, KNIGHT)) knights_[us] ^= square_bb(from) | square_bb(to);
    if (!is_empty(captured)) track(captured, to, +1);
  } else if (flag == DOUBLE_PUSH) {
    board_[from] = moving;
    board_[to] = '-';
  } else if (flag == EN_PASSANT) {
    const Square taken = to - pawn_push(us);
    board_[from] = moving;
    board_[to] = '-';
    board_[taken] = captured;
    if (!is_empty(captured)) track(captured, taken, +1);
  } else {
    unmake_special_move(m, us, undo);
  }
}

template <Color Us, PieceType Pt>
[[gnu::always_inline]] inline void Position::make_quiet_move(Square from, Square to, Undo& undo) {
  assert(side_ == Us);
  undo.castling = castling_;
  undo.ep_square = ep_square_;
  if constexpr (Pt == KING || Pt == ROOK) castling_ &= castling_rules_.rights_kept_after_touching(from);
  if constexpr (Pt == KING) king_square_[Us] = to;
  if constexpr (Pt == KNIGHT) knights_[Us] ^= square_bb(from) | square_bb(to);
  if constexpr (Pt == BISHOP || Pt == ROOK || Pt == QUEEN)
    slider_lines_[Us].move_kind<Pt>(from, to);
  ep_square_ = SQ_NONE;
  side_ = ~Us;
  board_[to] = board_[from];
  board_[from] = '-';
}

template <Color Us, PieceType Pt>
[[gnu::always_inline]] inline void Position::unmake_quiet_move(Square from, Square to, const Undo& undo) {
  assert(side_ == ~Us);
  side_ = Us;
  ep_square_ = undo.ep_square;
  if constexpr (Pt == KING || Pt == ROOK) castling_ = undo.castling;
  if constexpr (Pt == KING) king_square_[Us] = from;
  if constexpr (Pt == KNIGHT) knights_[Us] ^= square_bb(from) | square_bb(to);
  if constexpr (Pt == BISHOP || Pt == ROOK || Pt == QUEEN)
    slider_lines_[Us].move_kind<Pt>(to, from);
  board_[from] = board_[to];
  board_[to] = '-';
}

template <Color Us, PieceType Pt>
[[gnu::always_inline]] inline void Position::make_capture(Square from, Square to, Undo& undo) {
  assert(side_ == Us);
  const char captured = board_[to];
  const CastlingRights castling = castling_;
  undo.castling = castling;
  undo.ep_square = ep_square_;
  undo.captured = captured;
  CastlingRights kept = castling & castling_rules_.rights_kept_after_touching(to);
  if constexpr (Pt == KING || Pt == ROOK) kept &= castling_rules_.rights_kept_after_touching(from);
  castling_ = kept;
  if constexpr (Pt == KING) king_square_[Us] = to;
  if constexpr (Pt == KNIGHT) knights_[Us] ^= square_bb(from) | square_bb(to);
  if constexpr (Pt == BISHOP || Pt == ROOK || Pt == QUEEN)
    slider_lines_[Us].move_kind<Pt>(from, to);
  track(captured, to, -1);
  ep_square_ = SQ_NONE;
  side_ = ~Us;
  board_[to] = letter(Us, Pt);
  board_[from] = '-';
}

template <Color Us, PieceType Pt>
[[gnu::always_inline]] inline void Position::unmake_capture(Square from, Square to, const Undo& undo) {
  assert(side_ == ~Us);
  side_ = Us;
  ep_square_ = undo.ep_square;
  castling_ = undo.castling;
  if constexpr (Pt == KING) king_square_[Us] = from;
  if constexpr (Pt == KNIGHT) knights_[Us] ^= square_bb(from) | square_bb(to);
  if constexpr (Pt == BISHOP || Pt == ROOK || Pt == QUEEN)
    slider_lines_[Us].move_kind<Pt>(to, from);
  track(undo.captured, to, +1);
  board_[from] = letter(Us, Pt);
  board_[to] = undo.captured;
}

template <Color Us, PieceType Pt>
[[gnu::always_inline]] inline void Position::make_promotion(Square from, Square to, Undo& undo) {
  assert(side_ == Us);
  const char captured = board_[to];
  const CastlingRights castling = castling_;
  undo.castling = castling;
  undo.ep_square = ep_square_;
  undo.captured = captured;
  if (!is_empty(captured)) {
    castling_ = castling & castling_rules_.rights_kept_after_touching(to);
    track(captured, to, -1);
  }
  --counts_[static_cast<unsigned char>(letter(Us, PAWN))];
  track_inline(letter(Us, Pt), to, +1);
  ep_square_ = SQ_NONE;
  side_ = ~Us;
  board_[to] = letter(Us, Pt);
  board_[from] = '-';
}

template <Color Us, PieceType Pt>
[[gnu::always_inline]] inline void Position::unmake_promotion(Square from, Square to, const Undo& undo) {
  assert(side_ == ~Us);
  side_ = Us;
  ep_square_ = undo.ep_square;
  castling_ = undo.castling;
  track_inline(letter(Us, Pt), to, -1);
  ++counts_[static_cast<unsigned char>(letter(Us, PAWN))];
  if (!is_empty(undo.captured)) track(undo.captured, to, +1);
  board_[from] = letter(Us, PAWN);
  board_[to] = undo.captured;
}

[[gnu::always_inline, gnu::flatten]] inline void Position::make_move(Move m) {
  if (plies_ == history_room_) [[unlikely]]
    grow_history();
  make_move_unchecked<true>(m, history_[plies_++]);
  verify_invariants();
}

[[gnu::always_inline, gnu::flatten]] inline void Position::unmake_move(Move m) {
  assert(plies_ > 0);
  unmake_move_unchecked<true>(m, history_[--plies_]);
  verify_invariants();
}

[[gnu::flatten]] inline std::size_t Position::count_legal_after(Move m) {
  Undo undo;
  make_move_unchecked<false>(m, undo);
  const std::size_t count = count_legal();
  unmake_move_unchecked<false>(m, undo);
  return count;
}

}  // namespace movegen::mailbox_tuned
