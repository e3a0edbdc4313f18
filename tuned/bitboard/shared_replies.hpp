// The replies after each quiet move of a leaf parent's parent, counted from what its moves share (the rule is
// sibling_count.hpp's): SharedReplies<A> finds once, for colour A to move, what every quiet move of A leaves as it
// was (B's checkers and pins, knights' moves, the sliders' attack sets, the king's danger squares by kind), and
// count_after<Pt> then counts B's legal moves after one quiet move of A's Pt, or says that the move must be counted
// in full (it gives check or changes a pin). Pt known at compile time: perft's own recursion (sibling_perft.hpp)
// hands it the moves as the generator finds them, with no piece array; count_legal_after_each looks the type up.
//
//   SharedReplies<WHITE> shared(sets);
//   int count;
//   if (shared.count_after<PAWN>(SQ_E2, SQ_E4, true, count)) ...   // count: black's replies after e2e4
#pragma once

#include <optional>

#include "tuned/bitboard/generate.hpp"
#include "tuned/bitboard/slider_rays.hpp"

namespace movegen::bitboard_tuned {

namespace shared_replies {

// One slider's attack set along one kind of line, with the occupancy of the leaf parent's parent: a queen has
// two, one along the diagonals and one along the ranks and files.
struct SliderAttacks {
  Square square;
  bool diagonal;
  Bitboard attacks;
};

// The attack sets of colour C's sliders with `occupied` as the occupancy, into `out` (room for 32: 15 pieces
// besides the king, queens counted twice); returns how many.
template <Color C>
int slider_attacks_of(const PieceSets& pos, Bitboard occupied, SliderAttacks* out) {
  int n = 0;
  for (Bitboard b = pos.pieces(C, BISHOP, QUEEN); b;) {
    const Square s = pop_lsb(b);
    out[n++] = {s, true, attacks_bb<BISHOP>(s, occupied)};
  }
  for (Bitboard b = pos.pieces(C, ROOK, QUEEN); b;) {
    const Square s = pop_lsb(b);
    out[n++] = {s, false, attacks_bb<ROOK>(s, occupied)};
  }
  return n;
}

// The attacks of slider `s` standing on `square` with `occupied` as the occupancy.
inline Bitboard attacks_from(const SliderAttacks& s, Square square, Bitboard occupied) {
  return s.diagonal ? attacks_bb<BISHOP>(square, occupied) : attacks_bb<ROOK>(square, occupied);
}

// The squares the pieces of A attack with B's king taken off the board (so that the king cannot step back
// along a slider's ray), kept per piece kind so that the attacks after one quiet move of A are found from those
// of the parent: the moved piece's kind again, and the sliders whose attack set holds from or to.
template <Color A>
class Danger {
 public:
  Danger(const PieceSets& pos, Square their_king) : pos_(pos), king_(their_king), our_king_(pos.king_square(A)) {
    knight_attacks_ = knight_attacks(pos.pieces(A, KNIGHT));
    slider_count_ = slider_attacks_of<A>(pos, pos.pieces() ^ square_bb(their_king), sliders_);
    for (int i = 0; i < slider_count_; ++i) slider_union_ |= sliders_[i].attacks;
  }

  // The squares B's king may not enter after a quiet move of A's Pt from `from` to `to`; `occupied` is the
  // occupancy after it.
  template <PieceType Pt>
  [[gnu::always_inline]] Bitboard after(Square from, Square to, Bitboard occupied) const {
    const Bitboard from_to = square_bb(from) | square_bb(to);
    Bitboard pawns = pos_.pieces(A, PAWN), knights = knight_attacks_;
    Square king = our_king_;
    if constexpr (Pt == PAWN) pawns ^= from_to;
    if constexpr (Pt == KNIGHT) knights = knight_attacks(pos_.pieces(A, KNIGHT) ^ from_to);
    if constexpr (Pt == KING) king = to;
    Bitboard danger = pawn_attacks_bb<A>(pawns) | knights | attacks_bb<KING>(king);
    // A piece other than a slider moved, and no slider sees from or to: every slider attacks as before.
    if constexpr (Pt != BISHOP && Pt != ROOK && Pt != QUEEN)
      if (!(slider_union_ & from_to)) return danger | slider_union_;
    occupied ^= square_bb(king_);
    for (int i = 0; i < slider_count_; ++i) {
      const SliderAttacks& s = sliders_[i];
      if (s.square == from)
        danger |= attacks_from(s, to, occupied);
      else if (s.attacks & from_to)
        danger |= attacks_from(s, s.square, occupied);
      else
        danger |= s.attacks;
    }
    return danger;
  }

 private:
  static Bitboard knight_attacks(Bitboard knights) {
    Bitboard attacked = 0;
    while (knights) attacked |= attacks_bb<KNIGHT>(pop_lsb(knights));
    return attacked;
  }

  const PieceSets& pos_;
  Square king_;      // B's
  Square our_king_;  // A's
  Bitboard knight_attacks_;
  Bitboard slider_union_ = 0;
  int slider_count_;
  SliderAttacks sliders_[32];
};

}  // namespace shared_replies

/// What the quiet moves of colour A in `pos` (A to move) share of the count of B's replies, found once; then the
/// count after each (count_after). `pos` must outlive it.
template <Color A>
class SharedReplies {
 public:
  explicit SharedReplies(const PieceSets& pos);

  /// True, with B's legal moves after the quiet move of A's Pt from `from` to the empty square `to` (a double push
  /// if `double_push`; not castling, en passant or a promotion) in `count`, unless the move gives check or changes
  /// B's pins: false then, and the move is counted in full (count_legal_after).
  template <PieceType Pt>
  [[gnu::always_inline]] bool count_after(Square from, Square to, bool double_push, int& count);
  /// count_after with the moved piece's type `pt` known at run time.
  bool count_after(PieceType pt, Square from, Square to, bool double_push, int& count) {
    switch (pt) {
      case PAWN: return count_after<PAWN>(from, to, double_push, count);
      case KNIGHT: return count_after<KNIGHT>(from, to, double_push, count);
      case BISHOP: return count_after<BISHOP>(from, to, double_push, count);
      case ROOK: return count_after<ROOK>(from, to, double_push, count);
      case QUEEN: return count_after<QUEEN>(from, to, double_push, count);
      default: return count_after<KING>(from, to, double_push, count);
    }
  }

 private:
  static constexpr Color B = ~A;
  // True if, after the quiet move of A's Pt whose squares are `from_to` with `occupied` the occupancy after it, no
  // slider of A gives check to B's king and B's pinned pieces are the parent's: the test of a move whose from or
  // to is on the king's lines (knights' and pawns' checks are tested apart).
  template <PieceType Pt>
  bool same_pins(Bitboard from_to, Bitboard occupied) const;
  // B's en passant captures after A's double push from `from` to `to`, with `occupied` the occupancy after it and
  // B not in check: as add_en_passant (generate.hpp) tests them, each is legal if no slider of A sees B's king
  // once both pawns are gone from their squares, which covers a pin of the capturer and the rank pin of both.
  int en_passant_count(Square from, Square to, Bitboard occupied) const;

  const PieceSets& pos_;
  Square king_;  // B's
  Bitboard occupied_, ours_;
  Bitboard pinned_;  // B's pinned pieces
  // A's moves counted in full: those that may give check or change B's pins (from or to on the king's lines, a
  // knight or pawn landing where it checks).
  Bitboard lines_, knight_checks_, pawn_checks_;
  // The squares B's pawns attack: a double push that crosses one of them may be taken en passant.
  Bitboard en_passant_targets_;
  // B's knights' and sliders' moves in the parent, which a quiet move changes only for the sliders that see its
  // from or to (seen_: the union of their attack sets).
  int shared_ = 0;
  int slider_count_;
  shared_replies::SliderAttacks sliders_[32];
  Bitboard targets_[32];
  int counts_[32];
  Bitboard seen_ = 0;
  Bitboard free_pawns_, pinned_pawns_;
  Bitboard king_steps_;
  // Castling may be open after a move if a path held by a right is empty (castle_open_), or blocked by one piece
  // only, which may leave it (castle_unblocked_by_: those pieces).
  bool castle_open_ = false;
  Bitboard castle_unblocked_by_ = 0;
  std::optional<shared_replies::Danger<A>> danger_;  // found for the first move after which B's king may move
};

template <Color A>
SharedReplies<A>::SharedReplies(const PieceSets& pos)
    : pos_(pos), king_(pos.king_square(B)), occupied_(pos.pieces()), ours_(pos.pieces(A)) {
  const Bitboard theirs = pos.pieces(B);
  pinned_ = check_and_pin_masks<B>(pos, king_).pinned;  // B is not in check: A is to move
  lines_ = rays_bb<QUEEN>(king_);
  knight_checks_ = attacks_bb<KNIGHT>(king_);
  pawn_checks_ = pawn_attacks_bb(B, king_);
  en_passant_targets_ = pawn_attacks_bb<B>(pos.pieces(B, PAWN));
  for (Bitboard b = pos.pieces(B, KNIGHT) & ~pinned_; b;) shared_ += popcount(attacks_bb<KNIGHT>(pop_lsb(b)) & ~theirs);
  slider_count_ = shared_replies::slider_attacks_of<B>(pos, occupied_, sliders_);
  for (int i = 0; i < slider_count_; ++i) {
    const Square s = sliders_[i].square;
    targets_[i] = pinned_ & square_bb(s) ? ~theirs & line_bb(king_, s) : ~theirs;
    counts_[i] = popcount(sliders_[i].attacks & targets_[i]);
    shared_ += counts_[i];
    seen_ |= sliders_[i].attacks;
  }
  const Bitboard pawns = pos.pieces(B, PAWN);
  free_pawns_ = pawns & ~pinned_;
  pinned_pawns_ = pawns & pinned_;
  king_steps_ = attacks_bb<KING>(king_) & ~theirs;
  for (int i = B == WHITE ? 0 : 2; i < (B == WHITE ? 2 : 4); ++i) {  // the rules of K, Q, k, q
    const CastlingRule& rule = pos.castling_rules().rule(i);
    if (!(pos.castling_rights() & rule.right)) continue;
    const Bitboard blockers = rule.path & occupied_;
    castle_open_ |= !blockers;
    if (!more_than_one(blockers)) castle_unblocked_by_ |= blockers;
  }
}

template <Color A>
template <PieceType Pt>
[[gnu::always_inline]] inline bool SharedReplies<A>::count_after(Square from, Square to, bool double_push,
                                                                 int& count) {
  const Bitboard from_to = square_bb(from) | square_bb(to);
  const Bitboard occupied = occupied_ ^ from_to;
  if constexpr (Pt == KNIGHT)
    if (knight_checks_ & square_bb(to)) return false;
  if constexpr (Pt == PAWN)
    if (pawn_checks_ & square_bb(to)) return false;
  if ((from_to & lines_) && !same_pins<Pt>(from_to, occupied)) return false;

  count = shared_;
  if (seen_ & from_to)
    for (int i = 0; i < slider_count_; ++i)
      if (sliders_[i].attacks & from_to)
        count += popcount(shared_replies::attacks_from(sliders_[i], sliders_[i].square, occupied) & targets_[i]) -
                 counts_[i];

  MoveCounter pawn_moves;
  add_pawn_moves<B>(free_pawns_, ~occupied, ours_ ^ from_to, ALL_SQUARES, pawn_moves);
  for (Bitboard b = pinned_pawns_; b;) {
    const Square s = pop_lsb(b);
    add_pawn_moves<B>(square_bb(s), ~occupied, ours_ ^ from_to, line_bb(king_, s), pawn_moves);
  }
  count += static_cast<int>(pawn_moves.count);
  if constexpr (Pt == PAWN)
    if (double_push && (en_passant_targets_ & square_bb(from + pawn_push(A))))
      count += en_passant_count(from, to, occupied);

  // The king: its steps to free squares and castling with a free path, both only where A does not attack.
  const bool may_castle = castle_open_ || (castle_unblocked_by_ & square_bb(from));
  if (king_steps_ || may_castle) {
    if (!danger_) danger_.emplace(pos_, king_);
    const Bitboard danger = danger_->template after<Pt>(from, to, occupied);
    count += popcount(king_steps_ & ~danger);
    if (may_castle) {
      const Bitboard their_straight = pos_.pieces(A, ROOK, QUEEN) ^ (Pt == ROOK || Pt == QUEEN ? from_to : 0);
      for (int i = B == WHITE ? 0 : 2; i < (B == WHITE ? 2 : 4); ++i) {
        const CastlingRule& rule = pos_.castling_rules().rule(i);
        count += (pos_.castling_rights() & rule.right) && castling_is_legal(rule, occupied, danger, their_straight);
      }
    }
  }
  return true;
}

template <Color A>
template <PieceType Pt>
bool SharedReplies<A>::same_pins(Bitboard from_to, Bitboard occupied) const {
  Bitboard diagonal = pos_.pieces(A, BISHOP, QUEEN), straight = pos_.pieces(A, ROOK, QUEEN);
  if constexpr (Pt == BISHOP || Pt == QUEEN) diagonal ^= from_to;
  if constexpr (Pt == ROOK || Pt == QUEEN) straight ^= from_to;
  const Bitboard ours = ours_ ^ from_to;
  // A's sliders that would see the king if B's pieces were not there, as check_and_pin_masks finds them.
  Bitboard snipers = (attacks_bb<BISHOP>(king_, ours) & diagonal) | (attacks_bb<ROOK>(king_, ours) & straight);
  Bitboard pinned = 0;
  while (snipers) {
    const Bitboard blockers = between_bb(king_, pop_lsb(snipers)) & occupied;
    if (!blockers) return false;  // check
    if (!more_than_one(blockers)) pinned |= blockers;
  }
  return ((pinned ^ pinned_) & pos_.pieces(B)) == 0;
}

template <Color A>
int SharedReplies<A>::en_passant_count(Square from, Square to, Bitboard occupied) const {
  const Square crossed = from + pawn_push(A);
  const Bitboard diagonal = pos_.pieces(A, BISHOP, QUEEN), straight = pos_.pieces(A, ROOK, QUEEN);
  int count = 0;
  for (Bitboard b = pawn_attacks_bb(A, crossed) & pos_.pieces(B, PAWN); b;) {
    const Bitboard after = occupied ^ square_bb(pop_lsb(b)) ^ square_bb(to) ^ square_bb(crossed);
    count += !sliders_see(king_, after, diagonal, straight);
  }
  return count;
}

}  // namespace movegen::bitboard_tuned
