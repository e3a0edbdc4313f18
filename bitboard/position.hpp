// The bitboard position: one set of squares per piece type and per colour, a piece array for "what
// stands on this square", and legal move generation from checkers and pinned pieces.
//
//   auto pos = bitboard::Position::from_fen(START_FEN);
//   MoveList moves;
//   pos.generate_legal(moves);              // 20 moves
//   pos.count_legal();                      // 20, counted with popcounts, no list built
//   pos.make_move(moves[0]);
//   pos.unmake_move(moves[0]);              // back to the start position, every field restored
#pragma once

#include <array>
#include <cassert>
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "bitboard/attacks.hpp"
#include "common/castling.hpp"
#include "common/fen.hpp"
#include "common/move.hpp"
#include "common/position_concept.hpp"
#include "common/zobrist.hpp"

namespace movegen::bitboard {

/// A chess position stored as bitboards (one per piece type, one per colour) plus a piece array, side
/// to move, castling rights, en passant square and clocks. Satisfies movegen::ChessPosition.
class Position {
 public:
  /// The position of a FEN. Throws FenError naming the field for any malformed or impossible FEN.
  static Position from_fen(std::string_view fen);

  /// The position as FEN, all six fields.
  std::string fen() const { return to_fen(state()); }
  /// Every FEN field of the position.
  BoardState state() const;

  Piece piece_on(Square s) const { return board_[s]; }
  Color side_to_move() const { return side_; }
  CastlingRights castling_rights() const { return castling_; }
  /// The castling rules of this game (classical or Chess960), found from the FEN it was loaded from.
  const CastlingRules& castling_rules() const { return castling_rules_; }
  /// The square a pawn just crossed with a double push, or SQ_NONE.
  Square ep_square() const { return ep_square_; }
  Square king_square(Color c) const { return lsb(pieces(c, KING)); }
  /// The position's Polyglot Zobrist key (common/zobrist.hpp), kept by make_move and unmake_move.
  Key key() const { return key_; }

  /// Every occupied square.
  Bitboard pieces() const { return by_color_[WHITE] | by_color_[BLACK]; }
  /// The squares of colour c's pieces.
  Bitboard pieces(Color c) const { return by_color_[c]; }
  /// The squares of colour c's pieces of type pt.
  Bitboard pieces(Color c, PieceType pt) const { return by_color_[c] & by_type_[pt]; }
  /// The squares of colour c's pieces of type pt1 or pt2 (e.g. ROOK, QUEEN: the rook-like sliders).
  Bitboard pieces(Color c, PieceType pt1, PieceType pt2) const {
    return by_color_[c] & (by_type_[pt1] | by_type_[pt2]);
  }

  /// The squares of the pieces of colour `by` that attack s, with `occupied` as the board's occupancy.
  Bitboard attackers_to(Square s, Color by, Bitboard occupied) const;
  /// True if a piece of colour `by` attacks square `s`.
  bool is_square_attacked(Square s, Color by) const { return attackers_to(s, by, pieces()) != 0; }
  /// The squares of the pieces giving check to the side to move.
  Bitboard checkers() const { return attackers_to(king_square(side_), ~side_, pieces()); }
  bool in_check() const { return checkers() != 0; }

  /// Appends every legal move to `list` (see movegen.hpp: from checkers and pinned pieces, no make).
  void generate_legal(MoveList& list) const;
  /// The number of legal moves, counted set-wise with popcounts without building a list: what perft's
  /// bulk counting uses at the last ply (common/perft.hpp).
  std::size_t count_legal() const;

  /// The number of legal moves after `m`, a move generated for this position: m played, count_legal(),
  /// m taken back. What perft's bulk counting calls at the parents of its leaves: m is played without
  /// the key and the history, which no one reads before it is taken back. Leaves the position as it was.
  std::size_t count_legal_after(Move m) {
    const Undo undo = play(m);
    const std::size_t count = count_legal();
    take_back(m, undo);
    return count;
  }

  /// Plays a move generated for this position; unmake_move takes it back.
  [[gnu::always_inline]] void make_move(Move m) {
    const Key next_key = key_ ^ key_change(*this, m);  // read from the boards before the move
    history_.push_back({play(m), key_});
    key_ = next_key;
    verify_invariants();
  }
  /// Takes back `m`, which must be the last move made, restoring every field exactly.
  [[gnu::always_inline]] void unmake_move(Move m) {
    assert(!history_.empty());
    take_back(m, history_.back().undo);
    key_ = history_.back().key;
    history_.pop_back();
    verify_invariants();
  }

  /// An empty string if the position is consistent: the per-type and per-colour bitboards, the occupancy
  /// and the piece array agree; then the mailbox's checks in its words: no pawn on rank 1 or 8, one king,
  /// at most 8 pawns and 16 pieces a side, castling rights and en passant square that fit the board and
  /// the side to move, non-negative clocks, the side not to move not in check. Otherwise a description of
  /// the first problem found. Checked builds (MOVEGEN_CHECK_INVARIANTS) run it after every make and unmake.
  std::string check_position() const;

 protected:
  /// What take_back needs and cannot read off the boards: the piece taken (NO_PIECE if none) and the
  /// fields the move overwrote.
  struct Undo {
    Piece captured;
    CastlingRights castling;
    Square ep_square;
    int halfmove_clock;
  };

  /// make_move without the history and the invariant check: make-test-unmake plays pseudo-legal moves,
  /// which may leave the mover's king in check, and keeps the returned Undo in a local variable.
  Undo play(Move m);
  /// Takes back `m`, played by play() which returned `undo`.
  void take_back(Move m, Undo undo);

 private:
  void put_piece(Piece p, Square s) { put_piece(p, color_of(p), s); }
  void remove_piece(Square s) { remove_piece(board_[s], color_of(board_[s]), s); }
  // put_piece and remove_piece for a caller that knows the piece p and its colour c.
  void put_piece(Piece p, Color c, Square s);
  void remove_piece(Piece p, Color c, Square s);
  void move_piece(Square from, Square to) { move_piece(board_[from], color_of(board_[from]), from, to); }
  // move_piece for a caller that has already read the piece p on `from`, of colour c.
  void move_piece(Piece p, Color c, Square from, Square to);
  // Runs check_position() through require_consistent in checked builds; nothing otherwise.
  void verify_invariants() const {
#ifdef MOVEGEN_CHECK_INVARIANTS
    // The FEN is built only for the report: checked builds run this after every make and unmake.
    if (const std::string problem = check_position(); !problem.empty()) require_consistent(problem, fen());
#endif
  }

  Piece board_[SQUARE_NB] = {};
  Bitboard by_type_[PIECE_TYPE_NB] = {};  // by_type_[NO_PIECE_TYPE] stays empty
  Bitboard by_color_[COLOR_NB] = {};
  Color side_ = WHITE;
  CastlingRights castling_ = NO_CASTLING;
  Square ep_square_ = SQ_NONE;
  int halfmove_clock_ = 0;
  int fullmove_number_ = 1;
  CastlingRules castling_rules_;
  Key key_ = 0;
  // One entry per move made: what take_back needs, and the key before the move.
  struct Played {
    Undo undo;
    Key key;
  };
  std::vector<Played> history_;
};

inline void Position::put_piece(Piece p, Color c, Square s) {
  board_[s] = p;
  by_type_[type_of(p)] |= square_bb(s);
  by_color_[c] |= square_bb(s);
}

inline void Position::remove_piece(Piece p, Color c, Square s) {
  by_type_[type_of(p)] ^= square_bb(s);
  by_color_[c] ^= square_bb(s);
  board_[s] = NO_PIECE;
}

inline void Position::move_piece(Piece p, Color c, Square from, Square to) {
  const Bitboard from_to = square_bb(from) | square_bb(to);
  by_type_[type_of(p)] ^= from_to;
  by_color_[c] ^= from_to;
  board_[to] = p;
  board_[from] = NO_PIECE;
}

// Defined in the header so that perft, a template in another file, can inline them. The moving piece is
// of colour `us` and a captured one of ~us: the colours are given to the helpers, not read off the pieces.
[[gnu::always_inline]] inline Position::Undo Position::play(Move m) {
  const Color us = side_;
  const Square from = m.from(), to = m.to();
  const Piece moved = board_[from];
  Undo undo{board_[to], castling_, ep_square_, halfmove_clock_};

  switch (m.flag()) {
    case EN_PASSANT: {
      const Square captured = to - pawn_push(us);
      undo.captured = board_[captured];
      remove_piece(captured);
      move_piece(moved, us, from, to);
      break;
    }
    case CASTLING: {  // king takes own rook: both leave their squares, then land on theirs
      const CastlingMove c = castling_move(m);
      undo.captured = NO_PIECE;
      remove_piece(c.king_from);
      remove_piece(c.rook_from);
      put_piece(make_piece(us, KING), c.king_to);
      put_piece(make_piece(us, ROOK), c.rook_to);
      break;
    }
    default:
      if (undo.captured != NO_PIECE) remove_piece(undo.captured, ~us, to);
      move_piece(moved, us, from, to);
      break;
  }
  if (m.is_promotion()) {
    remove_piece(to);
    put_piece(make_piece(us, m.promotion_type()), to);
  }

  castling_ &= castling_rules_.rights_kept_after_touching(from) & castling_rules_.rights_kept_after_touching(to);
  ep_square_ = m.flag() == DOUBLE_PUSH ? from + pawn_push(us) : SQ_NONE;
  halfmove_clock_ = type_of(moved) == PAWN || undo.captured != NO_PIECE ? 0 : halfmove_clock_ + 1;
  fullmove_number_ += us == BLACK;
  side_ = ~us;
  return undo;
}

[[gnu::always_inline]] inline void Position::take_back(Move m, Undo undo) {
  const Color us = ~side_;
  const Square from = m.from(), to = m.to();

  if (m.is_promotion()) {
    remove_piece(to);
    put_piece(make_piece(us, PAWN), to);
  }
  switch (m.flag()) {
    case EN_PASSANT:
      move_piece(to, from);
      put_piece(undo.captured, to - pawn_push(us));
      break;
    case CASTLING: {
      const CastlingMove c = castling_move(m);
      remove_piece(c.king_to);
      remove_piece(c.rook_to);
      put_piece(make_piece(us, KING), c.king_from);
      put_piece(make_piece(us, ROOK), c.rook_from);
      break;
    }
    default:
      move_piece(board_[to], us, to, from);
      if (undo.captured != NO_PIECE) put_piece(undo.captured, ~us, to);
      break;
  }

  castling_ = undo.castling;
  ep_square_ = undo.ep_square;
  halfmove_clock_ = undo.halfmove_clock;
  fullmove_number_ -= us == BLACK;
  side_ = us;
}

}  // namespace movegen::bitboard
