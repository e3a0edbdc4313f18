// `--bulk siblings` on bitboard-tuned's own recursion (perft.cpp): the leaves two plies below a node counted
// with the siblings' shared count (sibling_count.hpp) as the generator finds the node's moves, the moved piece's
// type known at compile time, so that no move list and no piece array are kept. A quiet move is counted by
// SharedReplies (shared_replies.hpp); a capture, castling, en passant, a promotion, and a quiet move that gives
// check or changes the replying side's pins are played on a copy and counted as `--bulk node` counts them.
//
//   count_siblings<WHITE, true, ALL_KINDS>(sets);   // 400 in the start position, as perft(sets, 2, ...)
#pragma once

#include <cstdint>

#include "tuned/bitboard/count.hpp"
#include "tuned/bitboard/shared_replies.hpp"

namespace movegen::bitboard_tuned {

/// A generator sink (generate.hpp) that adds up, for each move of colour Us it is handed, the legal replies
/// after it: by SharedReplies for a quiet move, by count_legal_moves_with<~Us, Fills, Kinds> on the child
/// otherwise (the version with_count_version picked for the node, count.hpp).
template <Color Us, bool Fills, PieceKinds Kinds>
class SiblingCounter {
 public:
  explicit SiblingCounter(const PieceSets& node) : node_(node), shared_(node) {}
  /// The leaves counted so far.
  std::uint64_t nodes = 0;

  /// The moves of the Pt on `from` to each square of `targets`: quiet moves first, then captures.
  template <PieceType Pt>
  [[gnu::always_inline]] void add_moves(Square from, Bitboard targets) {
    for (Bitboard quiet = targets & ~node_.pieces(~Us); quiet;) add_quiet<Pt>(from, pop_lsb(quiet), false);
    for (Bitboard captures = targets & node_.pieces(~Us); captures;) {
      PieceSets child = node_;
      child.move_piece<Us, Pt>(from, pop_lsb(captures));
      nodes += count_in_full(child);
    }
  }
  /// Pawn moves to each square of `targets`, from one step `d` behind: pushes (`d` straight ahead, or a double
  /// push) are quiet.
  [[gnu::always_inline]] void add_pawn_moves(Bitboard targets, Direction d, MoveFlag flag = NORMAL) {
    if (d == pawn_push(Us) || flag == DOUBLE_PUSH) {
      for (; targets; targets &= targets - 1) add_quiet<PAWN>(lsb(targets) - d, lsb(targets), flag == DOUBLE_PUSH);
      return;
    }
    while (targets) {
      const Square to = pop_lsb(targets);
      PieceSets child = node_;
      child.move_piece<Us, PAWN>(to - d, to);
      nodes += count_in_full(child);
    }
  }
  /// The four promotions to each square of `targets`, from one step `d` behind.
  void add_promotions(Bitboard targets, Direction d) {
    while (targets) {
      const Square to = pop_lsb(targets);
      for (PieceType pt : {QUEEN, ROOK, BISHOP, KNIGHT}) {
        PieceSets child = node_;
        child.promote<Us>(to - d, to, pt);
        nodes += count_in_full(child);
      }
    }
  }
  /// En passant or castling, played by PieceSets::play.
  void add(Move m) {
    PieceSets child = node_;
    child.play(m, make_piece(Us, m.flag() == CASTLING ? KING : PAWN), NO_PIECE);
    nodes += count_in_full(child);
  }

 private:
  // The quiet move of the Pt on `from` to the empty square `to`: counted by the shared count, or played and
  // counted in full where the shared count does not hold.
  template <PieceType Pt>
  [[gnu::always_inline]] void add_quiet(Square from, Square to, bool double_push) {
    int count;
    if (shared_.template count_after<Pt>(from, to, double_push, count)) {
      nodes += static_cast<std::uint64_t>(count);
      return;
    }
    PieceSets child = node_;
    child.move_quiet<Us, Pt>(from, to);
    if (double_push) child.set_en_passant<Us>(from);
    nodes += count_in_full(child);
  }
  // The replies in `child` counted as `--bulk node` counts a leaf parent.
  static std::uint64_t count_in_full(const PieceSets& child) { return count_legal_moves_with<~Us, Fills, Kinds>(child); }

  const PieceSets& node_;
  SharedReplies<Us> shared_;
};

/// The leaves two plies below `node`, colour Us to move, counted by SiblingCounter with the count version
/// <Fills, Kinds> (with_count_version) for the moves counted in full.
template <Color Us, bool Fills, PieceKinds Kinds>
[[gnu::noinline]] std::uint64_t count_siblings(const PieceSets& node) {
  SiblingCounter<Us, Fills, Kinds> counter(node);
  generate_all<Us>(node, counter);
  return counter.nodes;
}

}  // namespace movegen::bitboard_tuned
