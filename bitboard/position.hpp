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

#include <algorithm>
#include <array>
#include <cassert>
#include <cstddef>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "bitboard/attacks.hpp"
#include "bitboard/piece_sets.hpp"
#include "common/castling.hpp"
#include "common/fen.hpp"
#include "common/move.hpp"
#include "common/position_concept.hpp"
#include "common/zobrist.hpp"

namespace movegen::bitboard {

/// A chess position stored as bitboards (one per piece type, one per colour: PieceSets) plus a piece array,
/// side to move, castling rights, en passant square and clocks. Satisfies movegen::ChessPosition.
class Position : public PieceSets {
 public:
  /// The position of a FEN. Throws FenError naming the field for any malformed or impossible FEN.
  static Position from_fen(std::string_view fen);

  /// The position as FEN, all six fields.
  std::string fen() const { return to_fen(state()); }
  /// Every FEN field of the position.
  BoardState state() const;

  Piece piece_on(Square s) const { return board_[s]; }
  /// The position's Polyglot Zobrist key (common/zobrist.hpp), kept by make_move and unmake_move.
  Key key() const { return key_; }

  /// Appends every legal move to `list` (see movegen.hpp: from checkers and pinned pieces, no make).
  void generate_legal(MoveList& list) const;
  /// The number of legal moves, counted set-wise with popcounts without building a list: what perft's
  /// bulk counting uses at the last ply (common/perft.hpp).
  std::size_t count_legal() const;

  /// The number of legal moves after `m`, a move generated for this position: m played on a copy of the
  /// piece sets alone (PieceSets::play), whose moves are counted. What perft's bulk counting calls at the
  /// parents of its leaves, which are counted and never visited: no piece array, clock, key or history is
  /// kept for them. Leaves the position as it was.
  std::size_t count_legal_after(Move m) {
    PieceSets after = *this;
    after.play(m, board_[m.from()], board_[m.to()]);
    return bitboard::count_legal(after);
  }

  /// Plays a move generated for this position; unmake_move takes it back.
  [[gnu::always_inline]] void make_move(Move m) {
    const Key next_key = key_ ^ key_change(*this, m);  // read from the boards before the move
    if (plies_ == history_.size()) [[unlikely]]
      history_.resize(std::max<std::size_t>(64, 2 * plies_));  // the only allocation, off the usual path
    history_[plies_++] = {play(m), key_};
    key_ = next_key;
    verify_invariants();
  }
  /// Takes back `m`, which must be the last move made, restoring every field exactly.
  [[gnu::always_inline]] void unmake_move(Move m) {
    assert(plies_ > 0);
    const Played& last = history_[--plies_];
    take_back(m, last.undo);
    key_ = last.key;
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
  // Puts piece p on empty square s: the piece array and the sets.
  void put_piece(Piece p, Square s) {
    board_[s] = p;
    toggle_piece(type_of(p), color_of(p), s);
  }
  // Runs check_position() through require_consistent in checked builds; nothing otherwise.
  void verify_invariants() const {
#ifdef MOVEGEN_CHECK_INVARIANTS
    // The FEN is built only for the report: checked builds run this after every make and unmake.
    if (const std::string problem = check_position(); !problem.empty()) require_consistent(problem, fen());
#endif
  }

  Piece board_[SQUARE_NB] = {};
  int halfmove_clock_ = 0;
  int fullmove_number_ = 1;
  // The rules PieceSets::castling_rules_ points to, shared by every copy of the position.
  std::shared_ptr<const CastlingRules> castling_rules_owner_;
  Key key_ = 0;
  // One entry per move made: what take_back needs, and the key before the move.
  struct Played {
    Undo undo;
    Key key;
  };
  std::vector<Played> history_;  // the first plies_ entries are the moves made; the rest is room for more
  std::size_t plies_ = 0;
};

// Defined in the header so that perft, a template in another file, can inline them. The sets and fields
// change as PieceSets::play changes them, and back by the same xors (toggle_move); the piece array is
// written square by square.
[[gnu::always_inline]] inline Position::Undo Position::play(Move m) {
  const Color us = side_;
  const Square from = m.from(), to = m.to();
  const Piece moved = board_[from];
  Undo undo{board_[to], castling_, ep_square_, halfmove_clock_};
  PieceSets::play(m, moved, undo.captured);

  switch (m.flag()) {
    case EN_PASSANT:
      undo.captured = board_[to - pawn_push(us)];
      board_[to - pawn_push(us)] = NO_PIECE;
      break;
    case CASTLING: {  // king takes own rook: both leave their squares, then land on theirs
      const CastlingMove c = castling_move(m);
      undo.captured = NO_PIECE;
      board_[c.king_from] = board_[c.rook_from] = NO_PIECE;
      board_[c.king_to] = make_piece(us, KING);
      board_[c.rook_to] = make_piece(us, ROOK);
      break;
    }
    default: break;
  }
  if (m.flag() != CASTLING) {
    board_[from] = NO_PIECE;
    board_[to] = m.is_promotion() ? make_piece(us, m.promotion_type()) : moved;
  }
  halfmove_clock_ = type_of(moved) == PAWN || undo.captured != NO_PIECE ? 0 : halfmove_clock_ + 1;
  fullmove_number_ += us == BLACK;
  return undo;
}

[[gnu::always_inline]] inline void Position::take_back(Move m, Undo undo) {
  const Color us = ~side_;
  const Square from = m.from(), to = m.to();

  switch (m.flag()) {
    case EN_PASSANT:
      board_[to - pawn_push(us)] = undo.captured;
      board_[to] = NO_PIECE;
      board_[from] = make_piece(us, PAWN);
      break;
    case CASTLING: {
      const CastlingMove c = castling_move(m);
      board_[c.king_to] = board_[c.rook_to] = NO_PIECE;
      board_[c.king_from] = make_piece(us, KING);
      board_[c.rook_from] = make_piece(us, ROOK);
      break;
    }
    default:
      board_[from] = m.is_promotion() ? make_piece(us, PAWN) : board_[to];
      board_[to] = undo.captured;
      break;
  }
  toggle_move(m, us, board_[from], undo.captured);

  castling_ = undo.castling;
  ep_square_ = undo.ep_square;
  halfmove_clock_ = undo.halfmove_clock;
  fullmove_number_ -= us == BLACK;
  side_ = us;
}

}  // namespace movegen::bitboard
