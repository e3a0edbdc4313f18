// Bitboard legal move generation. Checkers and pinned pieces are found once per node (LegalityMasks);
// each piece kind then produces its moves as attack sets masked by them, so no move is ever made to
// test it. Every function writes into a Sink: MoveWriter appends moves to a MoveList, MoveCounter only
// adds up popcounts (perft's bulk counting).
//
//   MoveList list;
//   generate_legal(pos, list);                 // 20 moves in the start position
//   count_legal(pos);                          // 20, without the list
#pragma once

#include <cstddef>

#include "bitboard/position.hpp"
#include "common/move.hpp"

namespace movegen::bitboard {

/// What legal generation needs to know about a node, computed once before any piece's moves.
struct LegalityMasks {
  Square king;          // the side to move's king
  Bitboard checkers;    // enemy pieces giving check
  Bitboard pinned;      // own pieces standing alone between the king and an enemy slider
  Bitboard check_mask;  // where a non-king move must land: everywhere when not in check, the checker and
                        // the squares between it and the king in single check, nowhere in double check
  Bitboard danger;      // squares the enemy attacks with the king taken off the board: the king may not go there
};

/// The legality masks of the side to move in `pos`.
LegalityMasks legality_masks(const Position& pos);

/// Appends each move to a MoveList.
class MoveWriter {
 public:
  explicit MoveWriter(MoveList& list) : list_(list) {}
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

/// Counts moves instead of writing them: a set of targets counts its popcount.
class MoveCounter {
 public:
  std::size_t count = 0;
  void add(Move) { ++count; }
  void add_moves(Square, Bitboard targets) { count += popcount(targets); }
  void add_pawn_moves(Bitboard targets, Direction, MoveFlag = NORMAL) { count += popcount(targets); }
  void add_promotions(Bitboard targets, Direction) { count += 4 * popcount(targets); }
};

// The per-piece generators, for side Us to move (which must be pos.side_to_move()), into Sink (MoveWriter
// or MoveCounter; both are instantiated). Each emits only legal moves, given `masks` of this node.

/// Single pushes (one shift masked with the empty squares), double pushes (a second shift of the single
/// pushes that landed on the relative third rank), east and west captures of enemy pieces, promotions
/// (all four) on the last rank, and en passant, tested on its own for the pin it can uncover along the
/// rank when both pawns leave it. Pinned pawns move one at a time, along the line through their king.
template <Color Us, class Sink>
void generate_pawn_moves(const Position& pos, const LegalityMasks& masks, Sink& sink);
/// Each unpinned knight's attacks that land on no own piece (a pinned knight can never move).
template <Color Us, class Sink>
void generate_knight_moves(const Position& pos, const LegalityMasks& masks, Sink& sink);
/// A slider's moves along Pt's lines: Pt == BISHOP for bishops and queens on diagonals, Pt == ROOK for
/// rooks and queens on ranks and files. Pinned sliders keep to the line through their king.
template <Color Us, PieceType Pt, class Sink>
void generate_slider_moves(const Position& pos, const LegalityMasks& masks, Sink& sink);
/// The king's steps to squares that hold no own piece and are not in `masks.danger` (attacked with the
/// king taken off the board, so that it cannot step back along a checking slider's ray). Castling is
/// separate.
template <Color Us, class Sink>
void generate_king_moves(const Position& pos, const LegalityMasks& masks, Sink& sink);
/// Castling: the right held, the king not in check, the squares between king and rook empty, and the
/// squares the king crosses and lands on not in `masks.danger`.
template <Color Us, class Sink>
void generate_castling_moves(const Position& pos, const LegalityMasks& masks, Sink& sink);

/// Appends every legal move of the side to move to `list`.
void generate_legal(const Position& pos, MoveList& list);
/// The number of legal moves of the side to move, counted with popcounts.
std::size_t count_legal(const Position& pos);

}  // namespace movegen::bitboard
