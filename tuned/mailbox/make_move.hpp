// mailbox-tuned's make and unmake, included at the end of tuned/mailbox/position.hpp so that perft (a
// template in another file) can inline them. The usual moves (quiet moves, captures, double pushes and en
// passant) are played in line: the letters on the board string, the king square, the moving slider's lines
// and the letter taken, the castling rights, the en passant square and the side. Castling and promotions
// go out of line (do_special_move). The key changes by the numbers of the letters moved and taken, looked
// up by the letters themselves, the rights lost, the en passant file cleared and set (Polyglot's rule, as
// common/zobrist.hpp states it) and the side; unmake copies the key back from the history.
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

/// True for castling and promotions: the moves do_special_move plays (flags CASTLING and PROMOTION_*), one
/// bit of a mask per flag.
constexpr bool is_special(Move m) {
  constexpr unsigned SPECIAL =
      1u << CASTLING | 1u << PROMOTION_KNIGHT | 1u << PROMOTION_BISHOP | 1u << PROMOTION_ROOK | 1u << PROMOTION_QUEEN;
  return SPECIAL >> m.flag() & 1;
}

template <bool UpdateKey>
[[gnu::always_inline]] inline void Position::do_move(Move m, Undo& undo) {
  const Color us = side_;
  const Square from = m.from(), to = m.to();
  if constexpr (UpdateKey) undo.key = key_;
  undo.castling = castling_;
  undo.ep_square = ep_square_;
  // The en passant file leaves the key (read before the move, which may move the pawn beside), the side
  // changes.
  Key k = zobrist::WHITE_TO_MOVE;
  if (UpdateKey && ep_square_ != SQ_NONE)
    k ^= zobrist::en_passant(ep_square_, us, [this](Square s) { return piece_on(s); });
  if (is_special(m)) [[unlikely]] {
    k ^= do_special_move(m, us, undo);
  } else {
    // The square of the letter taken: `to`, except en passant, which takes the pawn beside it.
    const Square taken = m.flag() == EN_PASSANT ? to - pawn_push(us) : to;
    const char moving = board_[from], captured = board_[taken];
    undo.moving = moving;
    undo.captured = captured;
    board_[taken] = '-';
    board_[to] = moving;
    board_[from] = '-';
    if (from == king_square_[us]) king_square_[us] = to;
    if (is_slider(moving)) slider_lines_[us].move(moving, rank_of(from), file_of(from), rank_of(to), file_of(to));
    if (!is_empty(captured)) track(captured, taken, -1);
    if constexpr (UpdateKey) k ^= letter_key(moving, from) ^ letter_key(moving, to) ^ letter_key(captured, taken);
  }
  const CastlingRights kept =
      castling_ & castling_rules_.rights_kept_after_touching(from) & castling_rules_.rights_kept_after_touching(to);
  if (UpdateKey && kept != castling_) k ^= zobrist::castling(CastlingRights(castling_ ^ kept));
  castling_ = kept;
  ep_square_ = SQ_NONE;
  if (m.flag() == DOUBLE_PUSH) {
    ep_square_ = from + pawn_push(us);
    // The squares beside `to`, where a pawn of the side now to move may stand, are not touched by the push.
    if constexpr (UpdateKey) k ^= zobrist::en_passant(ep_square_, ~us, [this](Square s) { return piece_on(s); });
  }
  side_ = ~us;
  if constexpr (UpdateKey) key_ ^= k;
}

template <bool UpdateKey>
[[gnu::always_inline]] inline void Position::undo_move(Move m, const Undo& undo) {
  const Color us = ~side_;
  side_ = us;
  castling_ = undo.castling;
  ep_square_ = undo.ep_square;
  if constexpr (UpdateKey) key_ = undo.key;
  if (is_special(m)) [[unlikely]]
    return undo_special_move(m, us, undo);
  const Square from = m.from(), to = m.to();
  const Square taken = m.flag() == EN_PASSANT ? to - pawn_push(us) : to;
  const char moving = board_[to];
  board_[from] = moving;
  board_[to] = '-';
  board_[taken] = undo.captured;
  if (to == king_square_[us]) king_square_[us] = from;
  if (is_slider(moving)) slider_lines_[us].move(moving, rank_of(to), file_of(to), rank_of(from), file_of(from));
  if (!is_empty(undo.captured)) track(undo.captured, taken, +1);
}

[[gnu::always_inline, gnu::flatten]] inline void Position::make_move(Move m) {
  if (plies_ == history_room_) [[unlikely]]
    grow_history();
  do_move<true>(m, history_[plies_++]);
  verify_invariants();
}

[[gnu::always_inline, gnu::flatten]] inline void Position::unmake_move(Move m) {
  assert(plies_ > 0);
  undo_move<true>(m, history_[--plies_]);
  verify_invariants();
}

[[gnu::flatten]] inline std::size_t Position::count_legal_after(Move m) {
  Undo undo;
  do_move<false>(m, undo);
  const std::size_t count = count_legal();
  undo_move<false>(m, undo);
  return count;
}

}  // namespace movegen::mailbox_tuned
