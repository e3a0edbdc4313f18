// What the bitboard generator reads of a position: one set of squares per piece type and per colour, the
// side to move, castling rights and rules, and the en passant square. A move changes the sets by xoring
// its squares in (toggle_move). The bitboard Position keeps one per ply (tuned/bitboard/position.hpp): its
// make_move writes the sets after the move beside the sets before it, and unmake_move steps back to those.
// Perft's bulk counting copies them too, 96 bytes, and plays a move on the copy alone to count the moves
// after it (count_legal_after, below).
//
//   PieceSets after = pos;                                   // the sets of a Position, copied
//   after.play(m, pos.piece_on(m.from()), captured);          // the sets after m; pos is unchanged
//   count_legal(after);                                      // the legal moves after m
//   count_legal_after(pos, m, pos.piece_on(m.from()), captured);  // the same count in one call
#pragma once

#include <cstddef>
#include <utility>

#include "bitboard/attack_tables.hpp"
#include "common/castling.hpp"
#include "common/move.hpp"
#include "common/types.hpp"

namespace movegen::bitboard_tuned {

/// A set of the piece types besides pawns and kings, bit pt for PieceType pt: the kinds a node may hold, told
/// at compile time to the bulk count (count.hpp), which then leaves out the look-ups and loops of the others.
using PieceKinds = unsigned;
/// The set of one kind.
constexpr PieceKinds kind(PieceType pt) { return 1u << pt; }
/// Knights, bishops, rooks and queens: any node.
inline constexpr PieceKinds ALL_KINDS = kind(KNIGHT) | kind(BISHOP) | kind(ROOK) | kind(QUEEN);

// The reference bitboard's sets, shifts, attack tables and sliders (bitboard/bitboard.hpp,
// attack_tables.hpp, sliders.hpp), used as they are: the tuned tier adds to them, it does not copy them.
using bitboard::attacks_bb, bitboard::between_bb, bitboard::line_bb, bitboard::pawn_attacks_bb, bitboard::rank_bb,
    bitboard::shift;

/// A position's piece sets, side to move, castling rights, castling rules and en passant square: all that
/// legal move generation (tuned/bitboard/movegen.hpp) reads. The castling rules are not copied with it: they
/// belong to the Position it came from, which must outlive it. The sets fill 96 bytes whole, aligned on 32,
/// so that a copy is whole vector moves that do not overlap: a load that spans two overlapping stores, as
/// the copies of 88 bytes made, cannot be forwarded from them (when unmake copied the sets back, perft
/// without bulk counting of the start position ran at 84 million nodes a second instead of 127).
class alignas(32) PieceSets {
 public:
  Color side_to_move() const { return side_; }
  CastlingRights castling_rights() const { return castling_; }
  /// The castling rules of this game (classical or Chess960), found from the FEN it was loaded from.
  const CastlingRules& castling_rules() const { return *castling_rules_; }
  /// The square a pawn just crossed with a double push, or SQ_NONE.
  Square ep_square() const { return ep_square_; }
  Square king_square(Color c) const { return lsb(pieces(c, KING)); }

  /// Every occupied square.
  Bitboard pieces() const { return sets_[WHITE][ALL] | sets_[BLACK][ALL]; }
  /// The squares of colour c's pieces.
  Bitboard pieces(Color c) const { return sets_[c][ALL]; }
  /// The squares of colour c's pieces of type pt: one set read for pawns and knights, two for the sliders, which
  /// are kept as diagonal and straight sets (a queen in both).
  [[gnu::always_inline]] Bitboard pieces(Color c, PieceType pt) const {
    switch (pt) {
      case PAWN: return sets_[c][PAWNS];
      case KNIGHT: return sets_[c][KNIGHTS];
      case BISHOP: return sets_[c][DIAGONAL] & ~sets_[c][STRAIGHT];
      case ROOK: return sets_[c][STRAIGHT] & ~sets_[c][DIAGONAL];
      case QUEEN: return sets_[c][DIAGONAL] & sets_[c][STRAIGHT];
      case KING: return pieces_of_kinds<ALL_KINDS, KING>(c);
      default: return 0;
    }
  }
  /// The squares of colour c's pieces of type pt1 or pt2: one set read for the sliders of a kind (BISHOP,
  /// QUEEN: the diagonal ones; ROOK, QUEEN: the straight ones).
  [[gnu::always_inline]] Bitboard pieces(Color c, PieceType pt1, PieceType pt2) const {
    if (pt1 > pt2) std::swap(pt1, pt2);
    if (pt1 == BISHOP && pt2 == QUEEN) return sets_[c][DIAGONAL];
    if (pt1 == ROOK && pt2 == QUEEN) return sets_[c][STRAIGHT];
    return pieces(c, pt1) | pieces(c, pt2);
  }

  /// pieces(c, Pt1, Pt2) where Kinds holds both types; the one set Kinds holds if it holds one; no square if
  /// neither; for KING, c's piece in none of the sets of pawns and of the kinds of Kinds. For the caller that knows
  /// (PieceKinds) that the sets of the other kinds are empty, and need not be read.
  template <PieceKinds Kinds, PieceType Pt1, PieceType Pt2 = Pt1>
  [[gnu::always_inline]] Bitboard pieces_of_kinds(Color c) const {
    constexpr bool first = Kinds & kind(Pt1), second = Kinds & kind(Pt2);
    if constexpr (Pt1 == KING) {
      Bitboard others = sets_[c][PAWNS];
      if constexpr (Kinds & kind(KNIGHT)) others |= sets_[c][KNIGHTS];
      if constexpr (Kinds & (kind(BISHOP) | kind(QUEEN))) others |= sets_[c][DIAGONAL];
      if constexpr (Kinds & (kind(ROOK) | kind(QUEEN))) others |= sets_[c][STRAIGHT];
      return sets_[c][ALL] & ~others;
    } else if constexpr (first && second)
      return pieces(c, Pt1, Pt2);
    else if constexpr (first || second)
      return pieces(c, first ? Pt1 : Pt2);
    else
      return 0;
  }
  /// The kinds standing on the board, of either colour.
  PieceKinds kinds() const {
    PieceKinds kinds = 0;
    for (PieceType pt : {KNIGHT, BISHOP, ROOK, QUEEN})
      kinds |= PieceKinds((pieces(WHITE, pt) | pieces(BLACK, pt)) != 0) << pt;
    return kinds;
  }

  /// The squares of both colours' sliders: bishops, rooks and queens.
  Bitboard sliders() const {
    return sets_[WHITE][DIAGONAL] | sets_[WHITE][STRAIGHT] | sets_[BLACK][DIAGONAL] | sets_[BLACK][STRAIGHT];
  }

  /// The squares of the pieces of colour `by` that attack s, with `occupied` as the board's occupancy.
  Bitboard attackers_to(Square s, Color by, Bitboard occupied) const;
  /// True if a piece of colour `by` attacks square `s`.
  bool is_square_attacked(Square s, Color by) const { return attackers_to(s, by, pieces()) != 0; }
  /// The squares of the pieces giving check to the side to move.
  Bitboard checkers() const { return attackers_to(king_square(side_), ~side_, pieces()); }
  bool in_check() const { return checkers() != 0; }

  /// Plays move m, generated for these sets, on the sets and fields alone: `moved` is the piece on
  /// m.from(), `captured` the piece on m.to() (NO_PIECE if none; ignored for en passant and castling).
  /// The fields it overwrites are not kept: Position::play keeps them for take_back.
  [[gnu::always_inline]] void play(Move m, Piece moved, Piece captured) {
    const Color us = side_;
    toggle_move(m, us, moved, captured);
    castling_ &=
        castling_rules_->rights_kept_after_touching(m.from()) & castling_rules_->rights_kept_after_touching(m.to());
    ep_square_ = m.flag() == DOUBLE_PUSH ? m.from() + pawn_push(us) : SQ_NONE;
    side_ = ~us;
  }

  /// Plays a move of colour Us's Pt, both known at compile time, from `from` to `to` that is not castling,
  /// en passant or a promotion, taking whatever enemy piece stands on `to`: play() without the piece array,
  /// for perft's own recursion (tuned/bitboard/perft.hpp). `to` is cleared from every set a captured piece
  /// may stand in (clear_captured), without looking up its type. A double push's en passant square is set
  /// by the caller.
  template <Color Us, PieceType Pt>
  [[gnu::always_inline]] void move_piece(Square from, Square to) {
    clear_captured<~Us>(to);
    toggle(Us, Pt, from, to);
    finish_move<Us>(from, to);
  }
  /// move_piece for a move to an empty square: no set to clear, and no castling right lost unless a king or
  /// rook leaves its square (a piece of another type never stands on a start square whose right is held,
  /// and an empty `to` holds no rook).
  template <Color Us, PieceType Pt>
  [[gnu::always_inline]] void move_quiet(Square from, Square to) {
    toggle(Us, Pt, from, to);
    if constexpr (Pt == KING || Pt == ROOK)
      if (castling_) castling_ &= castling_rules_->rights_kept_after_touching(from);
    ep_square_ = SQ_NONE;
    side_ = ~Us;
  }
  /// Promotes colour Us's pawn on `from` to a `promoted` on `to`, taking whatever enemy piece stands there.
  template <Color Us>
  [[gnu::always_inline]] void promote(Square from, Square to, PieceType promoted) {
    clear_captured<~Us>(to);
    toggle_piece(PAWN, Us, from);
    toggle_piece(promoted, Us, to);
    finish_move<Us>(from, to);
  }
  /// Xors a move of colour Us's Pt from `from` to `to` into the sets alone; xoring it again takes it back.
  /// With pass_turn<Us>() once before, the sets after a move to an empty square of a piece that changes no
  /// castling right (not a king or rook): perft's children played in place, one at a time.
  template <Color Us, PieceType Pt>
  [[gnu::always_inline]] void toggle_quiet(Square from, Square to) {
    toggle(Us, Pt, from, to);
  }
  /// The sets with colour C's piece of type Pt (not a king) on `s` taken off, or put back: a capture played in place
  /// beside toggle_quiet and taken back (perft's ChildMaker in rook endings).
  template <Color C, PieceType Pt>
  [[gnu::always_inline]] void toggle_captured(Square s) {
    toggle(C, Pt, square_bb(s));
  }
  /// The fields after any move of colour Us but a double push, a king's or a rook's: no en passant square, the
  /// other side to move (castling rights as they were).
  template <Color Us>
  void pass_turn() {
    ep_square_ = SQ_NONE;
    side_ = ~Us;
  }
  /// The byte offsets of the two fields pass_turn writes, for code that writes the sets whole as vectors
  /// (ChildVectors, perft.cpp).
  static constexpr std::size_t side_offset() { return offsetof(PieceSets, side_); }
  static constexpr std::size_t ep_square_offset() { return offsetof(PieceSets, ep_square_); }
  /// The castling rights kept when a piece leaves `from` (a king or rook leaving its start square loses its
  /// rights): toggle_quiet's complement for a king's or rook's move, taken back by restore_castling_rights.
  void leave_castling_square(Square from) {
    if (castling_) castling_ &= castling_rules_->rights_kept_after_touching(from);
  }
  /// Puts back `rights`, the castling rights before leave_castling_square.
  void restore_castling_rights(CastlingRights rights) { castling_ = rights; }
  /// No en passant square: takes back set_en_passant.
  void clear_en_passant() { ep_square_ = SQ_NONE; }
  /// Sets the en passant square that a double push of colour Us from `from` crossed (after move_piece).
  template <Color Us>
  void set_en_passant(Square from) {
    ep_square_ = from + pawn_push(Us);
  }

 protected:
  friend class Position;  // which keeps one PieceSets per ply and writes the next from the last

  /// Xors move m of colour `us` into the sets: `moved` off m.from(), onto m.to() (as the promoted piece for a
  /// promotion), `captured` (NO_PIECE if none) off m.to(), the pawn taken en passant off its square, and
  /// castling's king and rook off their start squares and onto their destinations (in Chess960 one square
  /// may be both; its xors then cancel). Xoring the same move again takes it back.
  [[gnu::always_inline]] void toggle_move(Move m, Color us, Piece moved, Piece captured) {
    const Square from = m.from(), to = m.to();
    switch (m.flag()) {
      case CASTLING: {
        const CastlingMove c = castling_move(m);
        const Bitboard rook = square_bb(c.rook_from) ^ square_bb(c.rook_to);
        sets_[us][STRAIGHT] ^= rook;
        sets_[us][ALL] ^= square_bb(c.king_from) ^ square_bb(c.king_to) ^ rook;
        return;
      }
      case EN_PASSANT: toggle_piece(PAWN, ~us, to - pawn_push(us)); break;
      default:
        if (captured != NO_PIECE) toggle_piece(type_of(captured), ~us, to);
        break;
    }
    if (m.is_promotion()) {
      toggle_piece(PAWN, us, from);
      toggle_piece(m.promotion_type(), us, to);
    } else {
      toggle(us, type_of(moved), from, to);
    }
  }
  /// The fields every move of colour Us from `from` to `to` changes besides the sets: the castling rights
  /// lost by touching a king's or rook's start square, no en passant square, the other side to move.
  template <Color Us>
  [[gnu::always_inline]] void finish_move(Square from, Square to) {
    if (castling_) [[unlikely]]
      castling_ &= castling_rules_->rights_kept_after_touching(from) & castling_rules_->rights_kept_after_touching(to);
    ep_square_ = SQ_NONE;
    side_ = ~Us;
  }
  /// Clears `to` from every set of colour Them that a captured piece may stand in, pawn to queen (no king is
  /// ever taken), which takes it off without looking up its type.
  template <Color Them>
  [[gnu::always_inline]] void clear_captured(Square to) {
    for (Bitboard& set : sets_[Them]) set &= ~square_bb(to);
  }
  /// Xors a piece of type pt and colour c on s into the sets: puts it there, or takes it off (a king is put
  /// only, on a PieceSets without one).
  void toggle_piece(PieceType pt, Color c, Square s) { toggle(c, pt, square_bb(s)); }
  /// Xors a move of colour c's pt from `from` to `to` into the sets: played, or taken back.
  [[gnu::always_inline]] void toggle(Color c, PieceType pt, Square from, Square to) {
    toggle(c, pt, square_bb(from) | square_bb(to));
  }
  /// Xors `squares` into the set of colour c's pieces of type pt (both slider sets for a queen; none for a king,
  /// whose squares are those of c's pieces in no other set) and into c's pieces.
  [[gnu::always_inline]] void toggle(Color c, PieceType pt, Bitboard squares) {
    switch (pt) {
      case PAWN: sets_[c][PAWNS] ^= squares; break;
      case KNIGHT: sets_[c][KNIGHTS] ^= squares; break;
      case BISHOP: sets_[c][DIAGONAL] ^= squares; break;
      case ROOK: sets_[c][STRAIGHT] ^= squares; break;
      case QUEEN:
        sets_[c][DIAGONAL] ^= squares;
        sets_[c][STRAIGHT] ^= squares;
        break;
      default: break;
    }
    sets_[c][ALL] ^= squares;
  }

  // The sets of each colour: its pawns, knights, diagonal sliders (bishops and queens), straight sliders (rooks
  // and queens) and all its pieces, king included. The slider sets by line kind are what generation reads
  // (the look-ups and fills of a bishop and a queen are the same), each in one load.
  enum SetIndex { PAWNS, KNIGHTS, DIAGONAL, STRAIGHT, ALL, SET_NB };
  Bitboard sets_[COLOR_NB][SET_NB] = {};
  Color side_ = WHITE;
  CastlingRights castling_ = NO_CASTLING;
  Square ep_square_ = SQ_NONE;
  // Last, so that the padding before it is inside the 96 bytes and a copy moves them whole (see above).
  const CastlingRules* castling_rules_ = nullptr;
};

static_assert(sizeof(PieceSets) == 96, "PieceSets: 96 bytes whole, see above");

/// The number of legal moves of the side to move in `sets`, counted with popcounts (tuned/bitboard/movegen.cpp).
std::size_t count_legal(const PieceSets& sets);

/// The number of legal moves after m, a move generated for `sets`: m played on a copy of the sets (see
/// PieceSets::play for `moved` and `captured`), whose moves are counted. `sets` is left as it was.
[[gnu::always_inline]] inline std::size_t count_legal_after(const PieceSets& sets, Move m, Piece moved,
                                                            Piece captured) {
  PieceSets after = sets;
  after.play(m, moved, captured);
  return count_legal(after);
}

/// Plays m, a legal move of colour `us`, on `board` (the piece on each square, a1 = 0): the piece array that
/// Position and the hashed recursion keep beside their sets. Castling empties both the king's and the rook's
/// squares before placing them (a Chess960 square may be both); en passant clears the pawn taken beside.
inline void play_on_piece_array(Piece* board, Move m, Color us) {
  const Square from = m.from(), to = m.to();
  if (m.flag() == CASTLING) {
    const CastlingMove c = castling_move(m);
    board[c.king_from] = board[c.rook_from] = NO_PIECE;
    board[c.king_to] = make_piece(us, KING);
    board[c.rook_to] = make_piece(us, ROOK);
    return;
  }
  if (m.flag() == EN_PASSANT) board[to - pawn_push(us)] = NO_PIECE;
  board[to] = m.is_promotion() ? make_piece(us, m.promotion_type()) : board[from];
  board[from] = NO_PIECE;
}

}  // namespace movegen::bitboard_tuned
