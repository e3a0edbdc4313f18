// The mailbox position: the board as a 64-character string, plus side to move, castling rights, en passant
// square, clocks and the two king squares. make_move and unmake_move write the string. The position holds
// no legality strategy: mailbox/legal_mtu.hpp and mailbox/legal_masks.hpp each make a generator of it.
//
//   auto pos = mailbox::Position::from_fen(START_FEN);
//   pos.make_move(Move(SQ_E2, SQ_E4, DOUBLE_PUSH));
//   pos.board_string();                     // "RNBQKBNRPPPP-PPP------------P---...", e3 the en passant square
//   pos.unmake_move(Move(SQ_E2, SQ_E4, DOUBLE_PUSH));   // back to the start position, every field restored
#pragma once

#include <cassert>
#include <string>
#include <string_view>
#include <vector>

#include "common/castling.hpp"
#include "common/fen.hpp"
#include "common/move.hpp"
#include "common/zobrist.hpp"
#include "mailbox/attacks.hpp"
#include "mailbox/board_fields.hpp"

namespace movegen::mailbox {

/// A chess position stored as a 64-character board (FEN letters, '-' for empty, a1 = 0) plus side to
/// move, castling rights, en passant square and king squares (BoardFields), and clocks. Satisfies
/// movegen::ChessPosition once a legality strategy gives it generate_legal (MtuPosition, MasksPosition).
class Position : public BoardFields {
 public:
  /// The position of a FEN. Throws FenError naming the field for any malformed or impossible FEN.
  static Position from_fen(std::string_view fen);

  /// The position as FEN, all six fields.
  std::string fen() const { return to_fen(state()); }
  /// Every FEN field of the position.
  BoardState state() const;

  /// The position's Polyglot Zobrist key (common/zobrist.hpp), kept by make_move and unmake_move.
  Key key() const { return key_; }

  /// True if a piece of colour `by` attacks square `s`.
  bool is_square_attacked(Square s, Color by) const {
    return mailbox::is_square_attacked(board_, s, by, king_square_[by]);
  }
  /// The squares of the pieces giving check to the side to move.
  Bitboard checkers() const { return attackers_to(board_, king_square_[side_], ~side_, king_square_[~side_]); }
  bool in_check() const { return is_square_attacked(king_square_[side_], ~side_); }

  /// Plays a legal move of this position; unmake_move takes it back.
  void make_move(Move m) {
    const Key next_key = key_ ^ key_change(*this, m);  // read from the board before the move
    history_.push_back({play(m), key_});
    key_ = next_key;
    verify_invariants();
  }
  /// Takes back `m`, which must be the last move made, restoring every field exactly.
  void unmake_move(Move m) {
    assert(!history_.empty());
    take_back(m, history_.back().undo);
    key_ = history_.back().key;
    history_.pop_back();
    verify_invariants();
  }

  /// An empty string if the position is consistent: board letters, one king a side where the king squares
  /// say, no pawn on rank 1 or 8, at most 8 pawns and 16 pieces a side, castling rights and en passant
  /// square that fit the board and the side to move, non-negative clocks, and the side not to move not in
  /// check. Otherwise a description of the first problem found. Checked builds (MOVEGEN_CHECK_INVARIANTS)
  /// run it after every make_move and unmake_move.
  std::string check_position() const;

  /// What take_back needs and cannot read off the board: the letter taken ('-' if none) and the fields the
  /// move overwrote.
  struct Undo {
    char captured;
    CastlingRights castling;
    Square ep_square;
    int halfmove_clock;
  };

  /// make_move without the key, the history and the invariant check, for a legality test: plays a
  /// pseudo-legal move, which may leave the mover's king in check, and returns what take_back needs.
  Undo play(Move m);
  /// Takes back `m`, played by play() which returned `undo`.
  void take_back(Move m, Undo undo);

 private:
  /// play() and take_back() of a castling move: king and rook both move (see castling_move).
  Undo play_castling(Move m);
  void take_back_castling(Move m, Undo undo);
  void verify_invariants() const;

  int halfmove_clock_ = 0;
  int fullmove_number_ = 1;
  Key key_ = 0;
  // One entry per move made: what take_back needs, and the key before the move.
  struct Played {
    Undo undo;
    Key key;
  };
  std::vector<Played> history_;
};

/// check_position's first part, which mailbox-masks shares: an empty string if every square of `board`
/// holds a FEN letter or '-' and each king stands where `king_square` says; otherwise the first problem found.
std::string check_board(const Board& board, const Square (&king_square)[COLOR_NB]);

// The moves themselves: the letters on the board string, then the fields.
inline Position::Undo Position::play(Move m) {
  if (m.flag() == CASTLING) return play_castling(m);
  const Color us = side_;
  const Square from = m.from(), to = m.to();
  // The square of the piece taken: `to`, except en passant, which takes the pawn beside it.
  const Square taken = m.flag() == EN_PASSANT ? to - pawn_push(us) : to;
  const char moving = board_[from];
  const Undo undo{board_[taken], castling_, ep_square_, halfmove_clock_};

  board_[taken] = '-';
  board_[to] = m.is_promotion() ? letter(us, m.promotion_type()) : moving;
  board_[from] = '-';
  if (moving == letter(us, KING)) king_square_[us] = to;

  castling_ &= castling_rules_.rights_kept_after_touching(from) & castling_rules_.rights_kept_after_touching(to);
  ep_square_ = m.flag() == DOUBLE_PUSH ? from + pawn_push(us) : SQ_NONE;
  halfmove_clock_ = moving == letter(us, PAWN) || !is_empty(undo.captured) ? 0 : halfmove_clock_ + 1;
  fullmove_number_ += us == BLACK;
  side_ = ~us;
  return undo;
}

inline Position::Undo Position::play_castling(Move m) {
  const Color us = side_;
  const CastlingMove c = castling_move(m);  // the move is king takes own rook
  const Undo undo{'-', castling_, ep_square_, halfmove_clock_};

  // Both leave their squares, then land on theirs: in Chess960 one may land where the other stood.
  board_[c.king_from] = board_[c.rook_from] = '-';
  board_[c.king_to] = letter(us, KING);
  board_[c.rook_to] = letter(us, ROOK);
  king_square_[us] = c.king_to;

  castling_ &= castling_rules_.rights_kept_after_touching(c.king_from);  // the king has moved
  ep_square_ = SQ_NONE;
  ++halfmove_clock_;
  fullmove_number_ += us == BLACK;
  side_ = ~us;
  return undo;
}

inline void Position::take_back(Move m, Undo undo) {
  if (m.flag() == CASTLING) return take_back_castling(m, undo);
  const Color us = ~side_;
  const Square from = m.from(), to = m.to();
  const Square taken = m.flag() == EN_PASSANT ? to - pawn_push(us) : to;

  board_[from] = m.is_promotion() ? letter(us, PAWN) : board_[to];
  board_[to] = '-';
  board_[taken] = undo.captured;
  if (board_[from] == letter(us, KING)) king_square_[us] = from;

  castling_ = undo.castling;
  ep_square_ = undo.ep_square;
  halfmove_clock_ = undo.halfmove_clock;
  fullmove_number_ -= us == BLACK;
  side_ = us;
}

inline void Position::take_back_castling(Move m, Undo undo) {
  const Color us = ~side_;
  const CastlingMove c = castling_move(m);

  board_[c.king_to] = board_[c.rook_to] = '-';
  board_[c.king_from] = letter(us, KING);
  board_[c.rook_from] = letter(us, ROOK);
  king_square_[us] = c.king_from;

  castling_ = undo.castling;
  ep_square_ = undo.ep_square;
  halfmove_clock_ = undo.halfmove_clock;
  fullmove_number_ -= us == BLACK;
  side_ = us;
}

}  // namespace movegen::mailbox
