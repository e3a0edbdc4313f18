// How bitboard-tuned's perft recursion (perft.cpp) turns the moves the generators find into children: ChildMaker, a
// generator sink that plays each move (on a copy of the node, written as vectors, or in place and taken back) and
// hands the child to a Visit, which counts, stores or recurses below it.
//
//   ChildMaker<Us, CountReplies<~Us, Kinds>> maker(node, CountReplies<~Us, Kinds>{...});
//   generate_all<Us>(node, maker);  // maker.visit().nodes: the leaves counted
#pragma once

#include <type_traits>
#include <utility>

#include "tuned/bitboard/child_vectors.hpp"
#include "tuned/bitboard/generate.hpp"

namespace movegen::bitboard_tuned {

/// A generator sink (generate.hpp) that plays each move it is handed on a copy of the sets of colour Us's node and
/// passes the node after the move to its Visit (perft.cpp's MakeLeaf, CountReplies, StoreChild or Recurse). A Visit
/// says how it takes the child (IN_PLACE, STORES_CHILDREN) and whether the node may hold a castling right
/// (CASTLING_RIGHTS) or a pawn to promote (PROMOTIONS), and has the members its way of taking it calls.
template <Color Us, class Visit>
class ChildMaker {
 public:
  ChildMaker(const PieceSets& node, Visit visit) : node_(node), visit_(visit), vectors_(node), quiet_(node) {
    if constexpr (Visit::IN_PLACE) quiet_.template pass_turn<Us>();
  }
  // The visitor, with the leaves it counted.
  const Visit& visit() const { return visit_; }

  // The moves of the Pt on `from` to each square of `targets`.
  // Moves to empty squares first, played without clearing a captured piece (PieceSets::move_quiet).
  template <PieceType Pt>
  [[gnu::always_inline]] void add_moves(Square from, Bitboard targets) {
    if constexpr (Visit::IN_PLACE) {
      for (Bitboard quiet = targets & ~node_.pieces(~Us); quiet;) visit_in_place<Pt>(from, pop_lsb(quiet));
      if constexpr (CapturesInPlace) {
        for (Bitboard captures = targets & node_.pieces(~Us); captures;)
          visit_capture_in_place<Pt>(from, pop_lsb(captures));
        return;
      }
    } else if constexpr (WritesVectors) {
      // Written as vectors (ChildVectors), and where the node holds a castling right, the rights the move leaves
      // (a king or rook leaving its square, a rook taken on its own) written after.
      const CastlingRights rights = castling_rights();
      const CastlingRights kept_from =
          rights && (Pt == KING || Pt == ROOK) ? CastlingRights(rights & kept_after(from)) : rights;
      // The vectors and the visitor (its slot and count) as locals: a vector store may alias any memory, and
      // members of *this, whose address the generators hold, were reloaded from the stack for every child.
      const ChildVectors<Us> vectors = vectors_;
      Visit visit = visit_;
      for (Bitboard quiet = targets & ~node_.pieces(~Us); quiet;) {
        PieceSets& child =
            vectors.template write<Pt, false>(visit.next_slot(), square_bb(from) | square_bb(pop_lsb(quiet)));
        if ((Pt == KING || Pt == ROOK) && rights) child.restore_castling_rights(kept_from);
        visit.written(child);
      }
      for (Bitboard captures = targets & node_.pieces(~Us); captures;) {
        const Square to = pop_lsb(captures);
        PieceSets& child =
            vectors.template write<Pt, true>(visit.next_slot(), square_bb(from) | square_bb(to), square_bb(to));
        if (rights) child.restore_castling_rights(CastlingRights(kept_from & kept_after(to)));
        visit.written(child);
      }
      visit_ = visit;
      return;
    } else {
      for (Bitboard quiet = targets & ~node_.pieces(~Us); quiet;) {
        PieceSets child = node_;
        child.move_quiet<Us, Pt>(from, pop_lsb(quiet));
        visit_(child);
      }
    }
    for (Bitboard captures = targets & node_.pieces(~Us); captures;) {
      const Square to = pop_lsb(captures);
      PieceSets child = node_;
      child.move_piece<Us, Pt>(from, to);
      visit<Pt>(child, to);
    }
  }
  // Pawn moves to each square of `targets`, from one step `d` behind; a double push sets en passant. Pushes
  // (`d` straight ahead) land on empty squares.
  [[gnu::always_inline]] void add_pawn_moves(Bitboard targets, Direction d, MoveFlag flag = NORMAL) {
    if constexpr (CapturesInPlace)
      if (d != pawn_push(Us) && flag != DOUBLE_PUSH) {
        while (targets) {
          const Square to = pop_lsb(targets);
          visit_capture_in_place<PAWN>(to - d, to);
        }
        return;
      }
    if constexpr (Visit::IN_PLACE)
      if (d == pawn_push(Us) || flag == DOUBLE_PUSH) {
        while (targets) {
          const Square to = pop_lsb(targets);
          if (flag == DOUBLE_PUSH) quiet_.template set_en_passant<Us>(to - d);
          visit_in_place<PAWN>(to - d, to);
        }
        if (flag == DOUBLE_PUSH) quiet_.clear_en_passant();
        return;
      }
    if constexpr (WritesVectors) {
      const ChildVectors<Us> vectors = vectors_;  // locals, as in add_moves
      Visit visit = visit_;
      if (d == pawn_push(Us) || flag == DOUBLE_PUSH) {
        for (; targets; targets &= targets - 1) {
          const Square to = lsb(targets);
          PieceSets& child = vectors.template write<PAWN, false>(visit.next_slot(), square_bb(to) | square_bb(to - d));
          if (flag == DOUBLE_PUSH) child.set_en_passant<Us>(to - d);
          visit.written(child);
        }
      } else {
        const CastlingRights rights = castling_rights();
        for (; targets; targets &= targets - 1) {
          const Square to = lsb(targets);
          PieceSets& child =
              vectors.template write<PAWN, true>(visit.next_slot(), square_bb(to) | square_bb(to - d), square_bb(to));
          if (rights) child.restore_castling_rights(CastlingRights(rights & kept_after(to)));
          visit.written(child);
        }
      }
      visit_ = visit;
      return;
    }
    while (targets) {
      const Square to = pop_lsb(targets);
      PieceSets child = node_;
      if (d == pawn_push(Us) || flag == DOUBLE_PUSH)
        child.move_quiet<Us, PAWN>(to - d, to);
      else
        child.move_piece<Us, PAWN>(to - d, to);
      if (flag == DOUBLE_PUSH) child.set_en_passant<Us>(to - d);
      visit<PAWN>(child, to);
    }
  }
  // The four promotions to each square of `targets`, from one step `d` behind; none where Visit::PROMOTIONS is
  // false (no pawn of the node stands one step from promotion), so that the count is not inlined four times more.
  void add_promotions(Bitboard targets, Direction d) {
    if constexpr (!Visit::PROMOTIONS) return;
    while (targets) {
      const Square to = pop_lsb(targets);
      for (PieceType pt : {QUEEN, ROOK, BISHOP, KNIGHT}) {
        PieceSets child = node_;
        child.promote<Us>(to - d, to, pt);
        visit_(child);
      }
    }
  }
  // En passant or castling, played by PieceSets::play (which needs no captured piece for either).
  void add(Move m) {
    PieceSets child = node_;
    child.play(m, make_piece(Us, m.flag() == CASTLING ? KING : PAWN), NO_PIECE);
    visit_(child);
  }

 private:
  // The move of the Pt on `from` to the empty square `to` played in place on quiet_ (a king or rook leaving its
  // square loses its castling rights there, unless Visit::CASTLING_RIGHTS is false: the node holds none), visited
  // and taken back.
  template <PieceType Pt>
  [[gnu::always_inline]] void visit_in_place(Square from, Square to) {
    constexpr bool LosesRights = (Pt == KING || Pt == ROOK) && Visit::CASTLING_RIGHTS;
    const CastlingRights rights = quiet_.castling_rights();
    quiet_.template toggle_quiet<Us, Pt>(from, to);
    if constexpr (LosesRights) quiet_.leave_castling_square(from);
    visit<Pt>(std::as_const(quiet_), to);
    quiet_.template toggle_quiet<Us, Pt>(from, to);
    if constexpr (LosesRights) quiet_.restore_castling_rights(rights);
  }

  // The capture by the Pt on `from` of the enemy pawn or rook on `to` (CapturesInPlace: no other enemy piece but the
  // king) played in place on quiet_, visited and taken back: the captured piece xored off its square and back.
  template <PieceType Pt>
  [[gnu::always_inline]] void visit_capture_in_place(Square from, Square to) {
    const bool pawn = node_.pieces(~Us, PAWN) & square_bb(to);
    toggle_captured(pawn, to);
    visit_in_place<Pt>(from, to);
    toggle_captured(pawn, to);
  }
  // Xors the enemy pawn (or else rook) on `to` off or back.
  [[gnu::always_inline]] void toggle_captured(bool pawn, Square to) {
    if (pawn)
      quiet_.template toggle_captured<~Us, PAWN>(to);
    else
      quiet_.template toggle_captured<~Us, ROOK>(to);
  }

  // Hands `child`, the node after a move of Us's Pt to `to`, to the Visit, with the piece and square where it takes
  // them (CountReplies, which in a rook ending then knows Us's king square without looking it up).
  template <PieceType Pt>
  [[gnu::always_inline]] void visit(const PieceSets& child, Square to) {
    if constexpr (requires { visit_.template after_move<Pt>(child, to); })
      visit_.template after_move<Pt>(child, to);
    else
      visit_(child);
  }

  // The node's castling rights; none, known at compile time, where Visit::CASTLING_RIGHTS is false.
  CastlingRights castling_rights() const { return Visit::CASTLING_RIGHTS ? node_.castling_rights() : NO_CASTLING; }
  // The castling rights kept after a move from or to `s` (CastlingRules::rights_kept_after_touching).
  CastlingRights kept_after(Square s) const { return node_.castling_rules().rights_kept_after_touching(s); }

  // True if captures too are played in place: only where no castling right is held (none to lose by a capture) and
  // no promotion is played, the rook-ending version, whose enemy pieces are pawns, rooks and the king. Each capture
  // had copied the node (position 3: 9.40 to 9.35 instructions a leaf, 1.03x as fast alternated).
  static constexpr bool CapturesInPlace = Visit::IN_PLACE && !Visit::CASTLING_RIGHTS && !Visit::PROMOTIONS;
  // True if Visit stores each child whole (StoreChild, MakeLeaf) and the build has AVX2: ChildVectors writes them.
  static constexpr bool WritesVectors = Visit::STORES_CHILDREN && HAS_CHILD_VECTORS;
  // What stands for vectors_ or quiet_ where the Visit has no use for it.
  struct NoVectors {
    explicit NoVectors(const PieceSets&) {}
  };

  const PieceSets& node_;
  Visit visit_;
  // With WritesVectors, the node with the turn passed, as vectors.
  [[no_unique_address]] std::conditional_t<WritesVectors, ChildVectors<Us>, NoVectors> vectors_;
  // With Visit::IN_PLACE, the node with the turn passed (PieceSets::pass_turn), on which quiet moves are played and
  // taken back, not each on a copy (with CapturesInPlace, captures too). Only then: one left unused was still zeroed,
  // nine stores a leaf parent.
  [[no_unique_address]] std::conditional_t<Visit::IN_PLACE, PieceSets, NoVectors> quiet_;
};

}  // namespace movegen::bitboard_tuned
