// Where generated moves go: one sink interface for every generator. MoveWriter appends moves to a
// MoveList; MoveCounter only counts them (perft's bulk counting at the last ply). Both take single moves
// with add(Move), and sets of moves with the set-wise helpers the bitboard generator uses.
//
//   MoveList list;
//   MoveWriter writer(list);
//   writer.add_moves(SQ_G1, square_bb(SQ_F3) | square_bb(SQ_H3));   // g1f3, g1h3
//   MoveCounter counter;
//   counter.add_promotions(square_bb(SQ_E8), NORTH);                  // counter.count == 4
#pragma once

#include <cstddef>

#include "common/move.hpp"

namespace movegen {

/// Appends each move given to it to a MoveList.
class MoveWriter {
 public:
  explicit MoveWriter(MoveList& list) : list_(list) {}
  /// One move.
  void add(Move m) { list_.push_back(m); }
  /// One move from `from` to each square of `targets`.
  void add_moves(Square from, Bitboard targets) {
    while (targets) list_.push_back(Move(from, pop_lsb(targets)));
  }
  /// One pawn move to each square of `targets`, from the square one step `d` behind it.
  void add_pawn_moves(Bitboard targets, Direction d, MoveFlag flag = NORMAL) {
    while (targets) {
      const Square to = pop_lsb(targets);
      list_.push_back(Move(to - d, to, flag));
    }
  }
  /// The four promotions (queen, rook, bishop, knight) to each square of `targets`, from one step `d` behind.
  void add_promotions(Bitboard targets, Direction d) {
    while (targets) {
      const Square to = pop_lsb(targets);
      for (PieceType pt : {QUEEN, ROOK, BISHOP, KNIGHT}) list_.push_back(Move(to - d, to, promotion_flag(pt)));
    }
  }

 private:
  MoveList& list_;
};

/// Counts the moves given to it instead of storing them: a set of targets counts its popcount.
class MoveCounter {
 public:
  std::size_t count = 0;
  void add(Move) { ++count; }
  void add_moves(Square, Bitboard targets) { count += popcount(targets); }
  void add_pawn_moves(Bitboard targets, Direction, MoveFlag = NORMAL) { count += popcount(targets); }
  void add_promotions(Bitboard targets, Direction) { count += 4 * popcount(targets); }
};

}  // namespace movegen
