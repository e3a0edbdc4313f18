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
#include "bitboard/sibling_count.hpp"
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
  [[gnu::always_inline]] std::size_t count_legal_after(Move m) {
    PieceSets after = *this;
    after.play(m, board_[m.from()], board_[m.to()]);
    return bitboard::count_legal(after);
  }
  /// The sum of count_legal_after(m) over `moves`, legal moves of this position: what perft's bulk counting
  /// calls at the parents of its leaves instead of count_legal_after, sharing between the siblings the part
  /// of the count that a quiet move leaves as it was (bitboard/sibling_count.hpp).
  std::uint64_t count_legal_after_each(const MoveList& moves) const {
    return bitboard::count_legal_after_each(*this, board_, moves);
  }

  /// Plays a move generated for this position; unmake_move takes it back.
  [[gnu::always_inline]] void make_move(Move m) {
    if (plies_ == history_room_) [[unlikely]]
      grow_history();
    do_move<true>(m, history_[plies_++]);
    verify_invariants();
  }
  /// Takes back `m`, which must be the last move made, restoring every field exactly.
  [[gnu::always_inline]] void unmake_move(Move m) {
    assert(plies_ > 0);
    undo_move<true>(m, history_[--plies_]);
    verify_invariants();
  }

  /// An empty string if the position is consistent: the per-type and per-colour bitboards, the occupancy
  /// and the piece array agree; then the mailbox's checks in its words: no pawn on rank 1 or 8, one king,
  /// at most 8 pawns and 16 pieces a side, castling rights and en passant square that fit the board and
  /// the side to move, non-negative clocks, the side not to move not in check. Otherwise a description of
  /// the first problem found. Checked builds (MOVEGEN_CHECK_INVARIANTS) run it after every make and unmake.
  std::string check_position() const;

 protected:
  /// What a move's take-back restores, written once by the move: the piece sets (with side, castling rights
  /// and en passant square) and the key before it, copied back whole, and the piece it took (NO_PIECE if
  /// none; the pawn taken en passant), for the piece array.
  struct Undo {
    PieceSets sets;
    Key key;
    Piece captured;
  };

  /// make_move without the key, the history and the invariant check: make-test-unmake plays pseudo-legal
  /// moves, which may leave the mover's king in check, and keeps the returned Undo in a local variable.
  [[gnu::always_inline]] Undo play(Move m) {
    Undo undo;
    do_move<false>(m, undo);
    return undo;
  }
  /// Takes back `m`, played by play() which returned `undo`.
  [[gnu::always_inline]] void take_back(Move m, const Undo& undo) { undo_move<false>(m, undo); }

 private:
  // Plays m and writes what it overwrote into `undo`; the key too if UpdateKey (make_move), not if it
  // will be taken back before anyone reads it (play).
  template <bool UpdateKey>
  [[gnu::always_inline]] void do_move(Move m, Undo& undo);
  // Castling, en passant and promotions for do_move: the sets, the piece array and the key's piece
  // numbers (returned). `captured` is the piece on m.to() before the move, which castling and en passant
  // correct to what they take (none; the pawn beside). Cold, so kept out of line: in line, the usual
  // moves' code around it spilled more registers (perft without bulk counting 3% more instructions).
  [[gnu::cold]] Key do_special_move(Move m, Color us, Piece moved, Piece& captured);
  // Castling, en passant and promotions for undo_move: the piece array (the sets are copied back).
  [[gnu::always_inline]] void undo_special_move(Move m, Color us, Piece captured);
  // Takes back m, played by do_move which wrote `undo`; the key too if UpdateKey.
  template <bool UpdateKey>
  [[gnu::always_inline]] void undo_move(Move m, const Undo& undo);
  // The halfmove clock: the loaded clock plus the moves since, or the moves since the last capture or pawn
  // move, found in the history as a change of the pawn set or the piece count.
  int halfmove_clock() const;
  // Doubles the room for history (at least 64 moves): the only allocation of make_move, off its usual path.
  void grow_history();
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
  // The clocks and side to move of the FEN loaded: with the moves made since (history_), the clocks now.
  int loaded_halfmove_clock_ = 0;
  int loaded_fullmove_number_ = 1;
  Color loaded_side_ = WHITE;
  // The rules PieceSets::castling_rules_ points to, shared by every copy of the position.
  std::shared_ptr<const CastlingRules> castling_rules_owner_;
  Key key_ = 0;
  std::vector<Undo> history_;     // one per move made in the first plies_ entries; the rest is room for more
  std::size_t history_room_ = 0;  // history_.size(), kept apart so that make_move tests it in one compare
  std::size_t plies_ = 0;
  // The squares whose touching loses a castling right (the kings' and castling rooks' start squares).
  Bitboard castling_squares_ = 0;
};

// Defined in the header so that perft, a template in another file, can inline them. The usual moves (quiet
// moves, captures and double pushes) are played in line; castling, en passant and promotions by
// do_special_move. The key changes by the numbers of what the move changes: the pieces moved and taken,
// the castling rights lost, the en passant file cleared or set (Polyglot's rule: only when a pawn of the
// side to move stands beside the pushed pawn, legal capture or not), and the side.
template <bool UpdateKey>
[[gnu::always_inline]] inline void Position::do_move(Move m, Undo& undo) {
  const Color us = side_, them = ~us;
  const Square from = m.from(), to = m.to();
  const Piece moved = board_[from];
  Piece captured = board_[to];
  const Key key_before = key_;
  const CastlingRights castling_before = castling_;
  const Square ep_before = ep_square_;
  undo.sets = *this;
  undo.key = key_before;

  Key k = key_before ^ zobrist::WHITE_TO_MOVE;
  if (ep_before != SQ_NONE) [[unlikely]] {
    if (pawn_attacks_bb(them, ep_before) & pieces(us, PAWN)) k ^= zobrist::en_passant_file(ep_before);
    ep_square_ = SQ_NONE;
  }
  if (m.flag() <= DOUBLE_PUSH) [[likely]] {
    toggle_move(m, us, moved, captured);
    board_[from] = NO_PIECE;
    board_[to] = moved;
    k ^= zobrist::piece(moved, from) ^ zobrist::piece(moved, to) ^ zobrist::piece(captured, to);
    if (m.flag() == DOUBLE_PUSH) {
      ep_square_ = from + pawn_push(us);
      if (pawn_attacks_bb(us, ep_square_) & pieces(them, PAWN)) k ^= zobrist::en_passant_file(ep_square_);
    }
  } else {
    k ^= do_special_move(m, us, moved, captured);
  }
  if ((square_bb(from) | square_bb(to)) & castling_squares_) [[unlikely]] {
    const CastlingRights kept = castling_before & castling_rules_->rights_kept_after_touching(from) &
                                castling_rules_->rights_kept_after_touching(to);
    k ^= zobrist::castling(CastlingRights(castling_before ^ kept));
    castling_ = kept;
  }
  side_ = them;
  if constexpr (UpdateKey) key_ = k;
  undo.captured = captured;
}

inline Key Position::do_special_move(Move m, Color us, Piece moved, Piece& captured) {
  const Square from = m.from(), to = m.to();
  switch (m.flag()) {
    case CASTLING: {  // king takes own rook: both leave their squares, then land on theirs
      const CastlingMove c = castling_move(m);
      captured = NO_PIECE;
      toggle_move(m, us, moved, captured);
      board_[c.king_from] = board_[c.rook_from] = NO_PIECE;
      board_[c.king_to] = make_piece(us, KING);
      board_[c.rook_to] = make_piece(us, ROOK);
      return zobrist::castling_pieces(m, us);
    }
    case EN_PASSANT: {
      const Square taken = to - pawn_push(us);
      captured = make_piece(~us, PAWN);
      toggle_move(m, us, moved, captured);
      board_[taken] = board_[from] = NO_PIECE;
      board_[to] = moved;
      return zobrist::piece(moved, from) ^ zobrist::piece(moved, to) ^ zobrist::piece(captured, taken);
    }
    default: {  // a promotion, with or without a capture
      const Piece promoted = make_piece(us, m.promotion_type());
      toggle_move(m, us, moved, captured);
      board_[from] = NO_PIECE;
      board_[to] = promoted;
      return zobrist::piece(moved, from) ^ zobrist::piece(promoted, to) ^ zobrist::piece(captured, to);
    }
  }
}

template <bool UpdateKey>
[[gnu::always_inline]] inline void Position::undo_move(Move m, const Undo& undo) {
  const Color us = ~side_;
  const Square from = m.from(), to = m.to();
  if (m.flag() <= DOUBLE_PUSH) [[likely]] {
    board_[from] = board_[to];
    board_[to] = undo.captured;
  } else {
    undo_special_move(m, us, undo.captured);
  }
  static_cast<PieceSets&>(*this) = undo.sets;
  if constexpr (UpdateKey) key_ = undo.key;
}

inline void Position::undo_special_move(Move m, Color us, Piece captured) {
  const Square from = m.from(), to = m.to();
  switch (m.flag()) {
    case CASTLING: {
      const CastlingMove c = castling_move(m);
      board_[c.king_to] = board_[c.rook_to] = NO_PIECE;
      board_[c.king_from] = make_piece(us, KING);
      board_[c.rook_from] = make_piece(us, ROOK);
      break;
    }
    case EN_PASSANT:
      board_[to - pawn_push(us)] = captured;
      board_[to] = NO_PIECE;
      board_[from] = make_piece(us, PAWN);
      break;
    default:
      board_[from] = make_piece(us, PAWN);
      board_[to] = captured;
      break;
  }
}

}  // namespace movegen::bitboard
