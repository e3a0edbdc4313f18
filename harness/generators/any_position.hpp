// A position of any generator behind one interface, for the checks that walk two generators side by side
// (harness/debugging/node_check.hpp): they are compiled once, not once per pair of the table's Position types.
//
//   std::unique_ptr<AnyPosition> a = generator_ops(g).position(fen, {}, Notation::CLASSICAL);
//   MtuPosition<mailbox::Position> m = MtuPosition<mailbox::Position>::from_fen(fen);
//   ErasedPosition<MtuPosition<mailbox::Position>&> b(m);   // b plays its moves on m
//   bool same = a->state() == b.state();
#pragma once

#include <string>
#include <type_traits>
#include <utility>

#include "common/position_concept.hpp"

namespace movegen::harness {

/// The part of ChessPosition that comparing two generators needs, as virtual functions. Each has the meaning
/// of the ChessPosition function of the same name (common/position_concept.hpp).
class AnyPosition {
 public:
  virtual ~AnyPosition() = default;
  /// The position as FEN.
  virtual std::string fen() const = 0;
  /// The position as the generator-independent BoardState.
  virtual BoardState state() const = 0;
  /// The squares (a1=0..h8=63) of the pieces giving check to the side to move.
  virtual Bitboard checkers() const = 0;
  /// Appends the legal moves to `list`.
  virtual void generate_legal(MoveList& list) = 0;
  /// Plays `m`, a legal move of this position.
  virtual void make_move(Move m) = 0;
  /// Takes back `m`, the last move played.
  virtual void unmake_move(Move m) = 0;
};

/// P's position as an AnyPosition: with P a Position type it holds its own position, with P a reference
/// (`Position&`) it plays on the caller's.
template <class P>
requires ChessPosition<std::remove_cvref_t<P>>
class ErasedPosition final : public AnyPosition {
 public:
  explicit ErasedPosition(P pos) : pos_(std::forward<P>(pos)) {}
  std::string fen() const override { return pos_.fen(); }
  BoardState state() const override { return pos_.state(); }
  Bitboard checkers() const override { return pos_.checkers(); }
  void generate_legal(MoveList& list) override { pos_.generate_legal(list); }
  void make_move(Move m) override { pos_.make_move(m); }
  void unmake_move(Move m) override { pos_.unmake_move(m); }

 private:
  P pos_;
};

}  // namespace movegen::harness
