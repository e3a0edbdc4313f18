// Mailbox pseudo-legal move generation, one function per piece kind, each stepping with row and
// column changes and the single bounds check `on_board`.
//
//   MoveList list;
//   generate_knight_moves(pos, SQ_G1, list);     // g1f3, g1h3 in the start position
#pragma once

#include <cstddef>
#include <span>

#include "common/move.hpp"
#include "mailbox/position.hpp"

namespace movegen::mailbox {

/// Counts the moves given to it without storing them: for the pieces whose moves cannot expose their
/// king (perft's bulk counting, Position::count_legal).
struct MoveCounter {
  std::size_t count = 0;
  void push_back(Move) { ++count; }
};

/// Counts the moves whose legality is in question (the king's, a pinned piece's, en passant), each made,
/// tested and unmade as soon as it is found; the generator reads the board again only after the unmake.
struct TestedMoveCounter {
  Position& pos;
  std::size_t count = 0;
  void push_back(Move m) { count += pos.keeps_king_safe(m); }
};

// The per-piece generators write into a Sink: a MoveList, a MoveCounter or a TestedMoveCounter
// (all three are instantiated).

/// Single push, double push from the second rank, pawn attacks on enemy pieces, en passant, and all
/// four promotions (with or without capture) for the pawn on `from`.
template <class Sink>
void generate_pawn_moves(const Position& pos, Square from, Sink& out);
/// The knight's eight KNIGHT_STEPS that land on the board and not on an own piece.
template <class Sink>
void generate_knight_moves(const Position& pos, Square from, Sink& out);
/// A slider's moves along `directions`: every square up to and including the first piece met, unless
/// that piece is its own.
template <class Sink>
void generate_slider_moves(const Position& pos, Square from, std::span<const Step> directions, Sink& out);
/// The king's eight KING_STEPS (castling is separate).
template <class Sink>
void generate_king_moves(const Position& pos, Square from, Sink& out);
/// Castling moves of the side to move: the right held, the squares between king and rook empty, the
/// king not in check and not passing through an attacked square. Whether the king lands on an
/// attacked square is left to the legality test, as for every other king move.
template <class Sink>
void generate_castling_moves(const Position& pos, Sink& out);

/// The pseudo-legal moves of the mover's piece on `from`, whose letter `piece` is given as the mover
/// sees it (own_letter: its own pieces as capitals); nothing for an empty square or an enemy piece.
template <class Sink>
void generate_piece_moves(const Position& pos, Square from, char piece, Sink& out);

/// Every pseudo-legal move of the side to move (moves that may leave the own king in check).
void generate_pseudo_legal(const Position& pos, MoveList& list);

}  // namespace movegen::mailbox
