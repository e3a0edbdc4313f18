// One 16-bit move type for all generators, and a fixed-capacity move list.
//
//   MoveList list;
//   list.push_back(Move(SQ_E2, SQ_E4, DOUBLE_PUSH));
//   for (Move m : list) std::cout << to_uci(m);   // "e2e4"
#pragma once

#include <array>
#include <cassert>
#include <cstddef>
#include <cstdint>
#include <string>

#include "common/types.hpp"

namespace movegen {

/// What kind of move it is beyond from and to. Promotions name the piece promoted to.
enum MoveFlag : std::uint8_t {
  NORMAL = 0,       // any quiet move or capture that is none of the below
  DOUBLE_PUSH = 1,  // a pawn's two-square first move; sets the en passant square
  CASTLING = 2,     // encoded king-takes-rook, Move(king_from, rook_from): see castling_move (castling.hpp)
  EN_PASSANT = 3,   // the captured pawn stands beside `to`, not on it
  PROMOTION_KNIGHT = 4,
  PROMOTION_BISHOP = 5,
  PROMOTION_ROOK = 6,
  PROMOTION_QUEEN = 7,
};

/// A move in 16 bits: bits 0-5 the from square, bits 6-11 the to square, bits 12-15 the MoveFlag.
/// Every generator emits the same value for the same move, so move lists compare as integers.
class Move {
 public:
  /// An unset move: like an int, it holds no value until assigned, so that a MoveList's 256 slots are
  /// not cleared at every node. Use Move::none() for "no move".
  Move() = default;
  constexpr Move(Square from, Square to, MoveFlag flag = NORMAL)
      : data_(std::uint16_t(from | (to << 6) | (flag << 12))) {}

  /// The null move (all bits zero, a1a1): never generated, used as "no move".
  static constexpr Move none() { return Move(SQ_A1, SQ_A1); }

  constexpr Square from() const { return Square(data_ & 63); }
  constexpr Square to() const { return Square((data_ >> 6) & 63); }
  constexpr MoveFlag flag() const { return MoveFlag(data_ >> 12); }
  constexpr bool is_promotion() const { return flag() >= PROMOTION_KNIGHT; }
  /// The piece type promoted to; only meaningful when is_promotion().
  constexpr PieceType promotion_type() const { return PieceType(int(flag()) - int(PROMOTION_KNIGHT) + int(KNIGHT)); }
  constexpr std::uint16_t raw() const { return data_; }

  constexpr bool operator==(const Move&) const = default;
  constexpr auto operator<=>(const Move&) const = default;

 private:
  std::uint16_t data_;
};

/// The promotion flag for a piece type (KNIGHT..QUEEN).
constexpr MoveFlag promotion_flag(PieceType pt) { return MoveFlag(int(PROMOTION_KNIGHT) + int(pt) - int(KNIGHT)); }

/// How UCI text writes castling: CLASSICAL as the king's move ("e1g1"), CHESS960 as king takes own rook
/// ("e1h1", as Stockfish writes it with UCI_Chess960 set). Every other move reads the same in both.
enum class Notation { CLASSICAL, CHESS960 };

/// A move in UCI long algebraic notation: "e2e4", "e7e8q", castling as `notation` says ("e1g1" or "e1h1").
std::string to_uci(Move m, Notation notation = Notation::CLASSICAL);

/// Room for every legal move of any position (the known maximum is 218), with no allocation.
class MoveList {
 public:
  static constexpr std::size_t CAPACITY = 256;

  void push_back(Move m) {
    assert(size_ < CAPACITY);
    moves_[size_++] = m;
  }
  void clear() { size_ = 0; }
  /// Overwrites the move at index i (< size()).
  void set(std::size_t i, Move m) { moves_[i] = m; }
  /// Keeps the first n moves (n <= size()).
  void resize(std::size_t n) {
    assert(n <= size_);
    size_ = n;
  }
  std::size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  Move operator[](std::size_t i) const { return moves_[i]; }
  const Move* begin() const { return moves_.data(); }
  const Move* end() const { return moves_.data() + size_; }
  Move* begin() { return moves_.data(); }
  Move* end() { return moves_.data() + size_; }
  /// True if m is in the list.
  bool contains(Move m) const {
    for (Move x : *this)
      if (x == m) return true;
    return false;
  }

 private:
  std::array<Move, CAPACITY> moves_;
  std::size_t size_ = 0;
};

/// Appends the four promotions of a pawn moving from `from` to `to` (on its last rank) to `list`: to a
/// queen, a rook, a bishop and a knight, in that order.
inline void add_promotions(MoveList& list, Square from, Square to) {
  for (PieceType pt : {QUEEN, ROOK, BISHOP, KNIGHT}) list.push_back(Move(from, to, promotion_flag(pt)));
}

}  // namespace movegen
