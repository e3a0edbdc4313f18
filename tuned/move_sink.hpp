// Where generated moves go: one sink interface for every generator. MoveWriter appends moves to a
// MoveList; MoveCounter only counts them (perft's bulk counting at the last ply). Both take single moves
// with add(Move), and sets of moves with the set-wise helpers the bitboard generator uses. A sink may offer
// fast paths that are told the mover's colour and piece type at compile time (perft's sinks); the generators
// find them by one concept, KnowsMover.
//
//   MoveList list;
//   MoveWriter writer(list);
//   writer.add_moves(SQ_G1, square_bb(SQ_F3) | square_bb(SQ_H3));   // g1f3, g1h3
//   MoveCounter counter;
//   counter.add_promotions(square_bb(SQ_E8), NORTH);                  // counter.count == 4
#pragma once

#include <cstddef>

#include "common/move.hpp"
#include "common/types.hpp"

namespace movegen {

/// Any sink a generator writes into: it takes single moves with add(Move). MoveWriter and MoveCounter are sinks,
/// and so are the generators' filters (a stage's moves, a pinned piece's, the ones made and tested).
template <class S>
concept MoveSink = requires(S& sink, Move m) { sink.add(m); };

/// The forms of a sink's optional fast paths, each told at compile time what moves (KnowsMover).
enum class FastPath {
  QUIET,      // add_quiet<Us, Pt>(from, to): a quiet move of a Pt of Us
  CAPTURE,    // add_capture<Us, Pt>(from, to): a capture by a Pt of Us
  PROMOTION,  // add_promotion<Us, Pt>(from, to): a pawn of Us promoting to a Pt
  PIECE_SET,  // add_moves<Pt>(from, targets): a Pt's moves to each square of a set (Us: the side to move)
};

/// A sink's optional fast path of form F: the mover's colour Us and piece type Pt known when the move is
/// generated, so that the sink can play it without looking the piece up (perft's sinks,
/// tuned/mailbox/perft.cpp and tuned/bitboard/perft.cpp). The generators ask it before they write a move and
/// fall back to add(Move) or add_moves(from, targets) when it is false; the one concept every tuned generator
/// asks.
template <class S, FastPath F, Color Us, PieceType Pt>
concept KnowsMover = MoveSink<S> && requires(S& sink, Square from, Square to, Bitboard targets) {
  requires(F != FastPath::QUIET || requires { sink.template add_quiet<Us, Pt>(from, to); });
  requires(F != FastPath::CAPTURE || requires { sink.template add_capture<Us, Pt>(from, to); });
  requires(F != FastPath::PROMOTION || requires { sink.template add_promotion<Us, Pt>(from, to); });
  requires(F != FastPath::PIECE_SET || requires { sink.template add_moves<Pt>(from, targets); });
};

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
