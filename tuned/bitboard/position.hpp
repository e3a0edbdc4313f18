// bitboard-tuned: the bitboard position of the tuned tier. One set of squares per piece type and per colour
// kept per ply (copy-make records), a piece array for "what stands on this square", legal move generation
// set-wise inside check and pin masks, and perft's bulk count of a leaf parent's replies in one call.
//
//   auto pos = bitboard_tuned::Position::from_fen(START_FEN);
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

#include "bitboard/attack_tables.hpp"
#include "common/castling.hpp"
#include "common/fen.hpp"
#include "common/move.hpp"
#include "common/position_concept.hpp"
#include "common/zobrist.hpp"
#include "tuned/bitboard/perft.hpp"
#include "tuned/bitboard/piece_sets.hpp"
#include "tuned/bitboard/sibling_count.hpp"

namespace movegen::bitboard_tuned {

/// A chess position stored as bitboards (one per piece type, one per colour: PieceSets) plus a piece array,
/// side to move, castling rights, en passant square and clocks. Satisfies movegen::ChessPosition.
class Position {
 public:
  /// The position of a FEN. Throws FenError naming the field for any malformed or impossible FEN.
  static Position from_fen(std::string_view fen);

  /// The position as FEN, all six fields.
  std::string fen() const { return to_fen(state()); }
  /// Every FEN field of the position.
  BoardState state() const;

  /// The piece sets, side to move, castling rights and en passant square now: what generation reads. Valid
  /// until the next make_move or unmake_move.
  const PieceSets& sets() const { return history_.now->sets; }
  /// The same sets, so that a Position can be passed where a PieceSets is read (tuned/bitboard/movegen.hpp).
  operator const PieceSets&() const { return sets(); }

  Piece piece_on(Square s) const { return board_[s]; }
  /// The position's Polyglot Zobrist key (common/zobrist.hpp), kept by make_move and unmake_move.
  Key key() const { return history_.now->key; }

  // The questions PieceSets answers (tuned/bitboard/piece_sets.hpp), asked of the sets now.
  Color side_to_move() const { return sets().side_to_move(); }
  CastlingRights castling_rights() const { return sets().castling_rights(); }
  const CastlingRules& castling_rules() const { return sets().castling_rules(); }
  Square ep_square() const { return sets().ep_square(); }
  Square king_square(Color c) const { return sets().king_square(c); }
  Bitboard pieces() const { return sets().pieces(); }
  Bitboard pieces(Color c) const { return sets().pieces(c); }
  Bitboard pieces(Color c, PieceType pt) const { return sets().pieces(c, pt); }
  Bitboard pieces(Color c, PieceType pt1, PieceType pt2) const { return sets().pieces(c, pt1, pt2); }
  Bitboard attackers_to(Square s, Color by, Bitboard occupied) const { return sets().attackers_to(s, by, occupied); }
  bool is_square_attacked(Square s, Color by) const { return sets().is_square_attacked(s, by); }
  Bitboard checkers() const { return sets().checkers(); }
  bool in_check() const { return sets().in_check(); }

  /// Appends every legal move to `list` (see movegen.hpp: from checkers and pinned pieces, no make).
  void generate_legal(MoveList& list) const;
  /// The number of legal moves, counted set-wise with popcounts without building a list: perft's
  /// LegalCountHook (common/perft.hpp), used at the last ply by both bulk modes.
  std::size_t count_legal() const;

  /// The number of legal moves after `m`, a move generated for this position: m played on a copy of the
  /// piece sets alone (bitboard_tuned::count_legal_after), whose moves are counted, so that no piece array, clock,
  /// key or history is kept for a position never visited: perft's LegalCountAfterHook (common/perft.hpp),
  /// used by `--bulk node`; `--bulk siblings` calls count_legal_after_each (below) instead, which the tests
  /// check against this count. Leaves the position as it was.
  std::size_t count_legal_after(Move m) const {
    return bitboard_tuned::count_legal_after(sets(), m, board_[m.from()], board_[m.to()]);
  }
  /// The sum of count_legal_after(m) over `moves`, legal moves of this position: perft's SiblingCountHook
  /// (common/perft.hpp), called by `--bulk siblings` at the parents of its leaves, sharing between the siblings the part
  /// of the count that a quiet move leaves as it was (tuned/bitboard/sibling_count.hpp).
  std::uint64_t count_legal_after_each(const MoveList& moves) const {
    return bitboard_tuned::count_legal_after_each(*this, board_, moves);
  }

  /// The leaf count `depth` plies below this position with `--bulk node` or `--no-bulk` (`counting`), by
  /// bitboard_tuned::perft on copies of the sets (tuned/bitboard/perft.hpp): perft's PerftHook
  /// (common/perft.hpp).
  std::uint64_t perft(int depth, Counting counting) const { return bitboard_tuned::perft(sets(), depth, counting); }

  /// Plays a move generated for this position; unmake_move takes it back.
  [[gnu::always_inline]] void make_move(Move m) {
    play<true>(m);
    verify_invariants();
  }
  /// Takes back `m`, which must be the last move made, restoring every field exactly.
  [[gnu::always_inline]] void unmake_move(Move m) {
    take_back(m);
    verify_invariants();
  }

  /// An empty string if the position is consistent: the per-type and per-colour bitboards, the occupancy
  /// and the piece array agree; then the mailbox's checks in its words: no pawn on rank 1 or 8, one king,
  /// at most 8 pawns and 16 pieces a side, castling rights and en passant square that fit the board and
  /// the side to move, non-negative clocks, the side not to move not in check. Otherwise a description of
  /// the first problem found. Checked builds (MOVEGEN_CHECK_INVARIANTS) run it after every make and unmake.
  std::string check_position() const;

 protected:
  /// make_move without the invariant check, and without the key unless UpdateKey: make-test-unmake plays
  /// pseudo-legal moves, which may leave the mover's king in check, and reads no key before take_back.
  template <bool UpdateKey = false>
  [[gnu::always_inline]] void play(Move m) {
    if (history_.now == history_.last) [[unlikely]]
      history_.grow();
    do_move<UpdateKey>(m, history_.now[0], history_.now[1]);
    ++history_.now;
  }
  /// unmake_move without the invariant check: takes back `m`, the last move played.
  [[gnu::always_inline]] void take_back(Move m) {
    assert(history_.plies() > 0);
    undo_move(m, history_.now->sets.side_to_move(), history_.now->captured);
    --history_.now;
  }

 private:
  // The position after each move made, copy-make: a move computes its record from the one before, and
  // taking it back steps back to that one, which nothing has overwritten. Only the piece array is kept in
  // one copy, restored on the move's squares from the piece the move took.
  struct Record {
    PieceSets sets;  // the sets after the move (in the first record, the FEN's)
    Key key;         // the key after the move (not kept by play<false>)
    Piece captured;  // the piece the move took (NO_PIECE if none; the pawn taken en passant)
  };

  // Writes into `after` the position `before` with m played, and plays m on the piece array; the key too
  // if UpdateKey (make_move), not if it will be taken back before anyone reads it (play).
  template <bool UpdateKey>
  [[gnu::always_inline]] void do_move(Move m, const Record& before, Record& after);
  // Castling, en passant and promotions for do_move: `sets` (a copy of the sets before), the piece array
  // and the key's piece numbers (returned). `captured` is the piece on m.to() before the move, which
  // castling and en passant correct to what they take (none; the pawn beside). Cold, so kept out of line:
  // in line, the usual moves' code around it spilled more registers (perft without bulk counting 3% more
  // instructions).
  [[gnu::cold]] Key do_special_move(Move m, PieceSets& sets, Piece moved, Piece& captured);
  // Takes m back on the piece array (`them`: the side to move after m): the piece moved goes home and
  // `captured`, the piece it took, comes back.
  [[gnu::always_inline]] void undo_move(Move m, Color them, Piece captured);
  // Castling, en passant and promotions for undo_move.
  void undo_special_move(Move m, Color us, Piece captured);
  // The halfmove clock: the loaded clock plus the moves since, or the moves since the last capture or pawn
  // move, found in the history as a change of the pawn set or the piece count.
  int halfmove_clock() const;
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
  // One record per position since the FEN: records[0] the FEN's, *now the position now, the records past
  // it room for more moves. A copy points into its own records.
  struct History {
    std::vector<Record> records = std::vector<Record>(1);
    Record* now = records.data();
    Record* last = now;  // &records.back(), kept so that play tests the room in one compare

    History() = default;
    // Room for `moves` moves after the FEN's record, which is now.
    explicit History(std::size_t moves) : records(moves + 1), last(&records.back()) {}
    History(const History& other) : records(other.records) { point_as(other); }
    History& operator=(const History& other) {
      records = other.records;
      point_as(other);
      return *this;
    }
    History(History&&) noexcept = default;  // a moved vector keeps its storage: the pointers stay good
    History& operator=(History&&) noexcept = default;

    // The moves made since the FEN.
    std::size_t plies() const { return std::size_t(now - records.data()); }
    // Doubles the room (at least 64 moves): the only allocation of make_move, off its usual path.
    void grow();
    // Points now and last into these records as other's point into its own.
    void point_as(const History& other) {
      now = records.data() + other.plies();
      last = records.data() + records.size() - 1;
    }
  };
  History history_;
  // The squares whose touching loses a castling right (the kings' and castling rooks' start squares).
  Bitboard castling_squares_ = 0;
};

// Defined in the header so that perft, a template in another file, can inline them. The usual moves (quiet
// moves, captures and double pushes) are played in line; castling, en passant and promotions by
// do_special_move. The key changes by the numbers of what the move changes: the pieces moved and taken,
// the castling rights lost, the en passant file cleared or set (Polyglot's rule: only when a pawn of the
// side to move stands beside the pushed pawn, legal capture or not), and the side.
template <bool UpdateKey>
[[gnu::always_inline]] inline void Position::do_move(Move m, const Record& before, Record& after) {
  const PieceSets& was = before.sets;
  PieceSets& sets = after.sets;
  const Color us = was.side_, them = ~us;
  const Square from = m.from(), to = m.to();
  const Piece moved = board_[from];
  Piece captured = board_[to];
  sets = was;

  Key k = before.key ^ zobrist::WHITE_TO_MOVE;
  if (was.ep_square_ != SQ_NONE) [[unlikely]] {
    if (pawn_attacks_bb(them, was.ep_square_) & was.pieces(us, PAWN)) k ^= zobrist::en_passant_file(was.ep_square_);
    sets.ep_square_ = SQ_NONE;
  }
  if (m.flag() <= DOUBLE_PUSH) [[likely]] {
    sets.toggle_move(m, us, moved, captured);
    board_[from] = NO_PIECE;
    board_[to] = moved;
    k ^= zobrist::piece(moved, from) ^ zobrist::piece(moved, to) ^ zobrist::piece(captured, to);
    if (m.flag() == DOUBLE_PUSH) {
      sets.ep_square_ = from + pawn_push(us);
      if (pawn_attacks_bb(us, sets.ep_square_) & was.pieces(them, PAWN)) k ^= zobrist::en_passant_file(sets.ep_square_);
    }
  } else {
    k ^= do_special_move(m, sets, moved, captured);
  }
  if ((square_bb(from) | square_bb(to)) & castling_squares_) [[unlikely]] {
    const CastlingRights kept = was.castling_ & was.castling_rules_->rights_kept_after_touching(from) &
                                was.castling_rules_->rights_kept_after_touching(to);
    k ^= zobrist::castling(CastlingRights(was.castling_ ^ kept));
    sets.castling_ = kept;
  }
  sets.side_ = them;
  if constexpr (UpdateKey) after.key = k;
  after.captured = captured;
}

[[gnu::always_inline]] inline void Position::undo_move(Move m, Color them, Piece captured) {
  const Square from = m.from(), to = m.to();
  if (m.flag() <= DOUBLE_PUSH) [[likely]] {
    board_[from] = board_[to];
    board_[to] = captured;
  } else {
    undo_special_move(m, ~them, captured);
  }
}

}  // namespace movegen::bitboard_tuned
