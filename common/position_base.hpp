// What every reference position keeps beside its board, written once: the FEN fields other than the
// placement (side to move, castling rights and rules, en passant square, clocks), the Zobrist key, and the
// record of the moves played, with make_move, unmake_move and the invariant check built on them. A
// representation derives from PositionBase and writes only its board: from_fen's placement, piece_on,
// king_square, make_board_move and unmake_board_move (the board's part of a move), is_square_attacked,
// checkers and check_position.
//
//   struct Undo { char captured; MoveFields fields; };       // what unmake_board_move needs
//   class Position : public PositionBase<Position, Undo> {
//     Undo make_board_move(Move m) { ...move the letters...; return {taken, advance_fields(m, resets_clock)}; }
//     void unmake_board_move(Move m, Undo u) { restore_fields(u.fields); ...put the letters back...; }
//   };
#pragma once

#include <cassert>
#include <string>
#include <vector>

#include "common/castling.hpp"
#include "common/fen.hpp"
#include "common/move.hpp"
#include "common/position_concept.hpp"
#include "common/zobrist.hpp"

namespace movegen {

/// The fields a move overwrites that cannot be read back off the board: what advance_fields returns and
/// restore_fields takes.
struct MoveFields {
  CastlingRights castling;
  Square ep_square;
  int halfmove_clock;
};

/// The square of the piece that move `m` of colour `us` takes: its destination, except for en passant,
/// which takes the pawn that passed the destination with a double push (FIDE Laws of Chess, 3.7 d).
constexpr Square captured_square(Move m, Color us) {
  return m.flag() == EN_PASSANT ? m.to() - pawn_push(us) : m.to();
}

/// The part of a reference position that is the same in every representation. `Derived` is the position
/// (CRTP); `Undo` is what its make_board_move() returns and its unmake_board_move() needs, kept once per move made.
template <class Derived, class Undo>
class PositionBase {
 public:
  Color side_to_move() const { return side_; }
  CastlingRights castling_rights() const { return castling_; }
  /// The castling rules of this game (classical or Chess960), found from the FEN it was loaded from.
  const CastlingRules& castling_rules() const { return castling_rules_; }
  /// The square a pawn just crossed with a double push, or SQ_NONE.
  Square ep_square() const { return ep_square_; }
  /// The position's Polyglot Zobrist key (common/zobrist.hpp), kept by make_move and unmake_move.
  Key key() const { return key_; }
  /// True if the side to move is in check: Derived's checkers() finds a piece giving check.
  bool in_check() const { return derived().checkers() != 0; }

  /// Every FEN field of the position: the placement read square by square with piece_on.
  BoardState state() const {
    BoardState s;
    for (Square sq = SQ_A1; sq <= SQ_H8; ++sq) s.board[sq] = derived().piece_on(sq);
    s.side_to_move = side_;
    s.castling = castling_;
    s.castling_rooks = castling_rules_.rook_squares(castling_);
    s.ep_square = ep_square_;
    s.halfmove_clock = halfmove_clock_;
    s.fullmove_number = fullmove_number_;
    return s;
  }
  /// The position as FEN, all six fields.
  std::string fen() const { return to_fen(state()); }

  /// Plays a legal move of this position (the board's part by Derived::make_board_move); unmake_move takes it back.
  void make_move(Move m) {
    const Key next_key = key_ ^ key_change(derived(), m);  // read from the board before the move
    history_.push_back({derived().make_board_move(m), key_});
    key_ = next_key;
    verify_invariants();
  }
  /// Takes back `m`, which must be the last move made, restoring every field exactly.
  void unmake_move(Move m) {
    assert(!history_.empty());
    derived().unmake_board_move(m, history_.back().undo);
    key_ = history_.back().key;
    history_.pop_back();
    verify_invariants();
  }

 protected:
  /// Takes every field of `s`, a parsed FEN, but the placement, which Derived has already put on its
  /// board; then requires the side not to move to be out of check (FenError otherwise).
  void load_fields(const BoardState& s) {
    side_ = s.side_to_move;
    castling_ = s.castling;
    castling_rules_ = CastlingRules::of(s);
    ep_square_ = s.ep_square;
    halfmove_clock_ = s.halfmove_clock;
    fullmove_number_ = s.fullmove_number;
    key_ = zobrist_key(s);
    history_.reserve(256);
    require_side_not_to_move_safe(derived().is_square_attacked(derived().king_square(~side_), side_));
  }

  /// The fields after move `m` of the side to move, once its board has moved: castling rights lost by the
  /// squares it touched, the en passant square of a double push, the halfmove clock (0 after a pawn move
  /// or a capture, `resets_clock`), the move number, the side. Returns what they were.
  MoveFields advance_fields(Move m, bool resets_clock) {
    const MoveFields before{castling_, ep_square_, halfmove_clock_};
    const Color us = side_;
    castling_ &=
        castling_rules_.rights_kept_after_touching(m.from()) & castling_rules_.rights_kept_after_touching(m.to());
    ep_square_ = m.flag() == DOUBLE_PUSH ? m.from() + pawn_push(us) : SQ_NONE;
    halfmove_clock_ = resets_clock ? 0 : halfmove_clock_ + 1;
    fullmove_number_ += us == BLACK;
    side_ = ~us;
    return before;
  }
  /// Undoes advance_fields: the fields back to `before`, the side and move number back.
  void restore_fields(MoveFields before) {
    side_ = ~side_;
    fullmove_number_ -= side_ == BLACK;
    castling_ = before.castling;
    ep_square_ = before.ep_square;
    halfmove_clock_ = before.halfmove_clock;
  }

 private:
  const Derived& derived() const { return static_cast<const Derived&>(*this); }
  Derived& derived() { return static_cast<Derived&>(*this); }

  /// Checked builds (MOVEGEN_CHECK_INVARIANTS) stop with the problem and the FEN if check_position finds one.
  void verify_invariants() const {
#ifdef MOVEGEN_CHECK_INVARIANTS
    // The FEN is built only for the report: checked builds run this after every make and unmake.
    if (const std::string problem = derived().check_position(); !problem.empty()) require_consistent(problem, fen());
#endif
  }

  Color side_ = WHITE;
  CastlingRights castling_ = NO_CASTLING;
  CastlingRules castling_rules_;
  Square ep_square_ = SQ_NONE;
  int halfmove_clock_ = 0;
  int fullmove_number_ = 1;
  Key key_ = 0;
  // One entry per move made: what unmake_board_move needs, and the key before the move.
  struct Played {
    Undo undo;
    Key key;
  };
  std::vector<Played> history_;
};

}  // namespace movegen
