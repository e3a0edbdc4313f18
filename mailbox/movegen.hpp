// Mailbox move generation: one pseudo-legal generator per piece kind, each stepping with row and column
// changes and the single bounds check `on_board`, and generate_all, which finds king safety once and
// sends each piece's moves on as they are or through the make-test-unmake legality test.
//
//   MoveList list;
//   generate_knight_moves<WHITE>(pos, SQ_G1, list);   // g1f3, g1h3 in the start position
//   MoveCounter counter;
//   generate_all(pos, counter);                       // counter.count == 20
#pragma once

#include <cstddef>
#include <span>

#include "common/move.hpp"
#include "mailbox/position.hpp"

namespace movegen::mailbox {

/// Counts the moves given to it without storing them (perft's bulk counting, Position::count_legal).
struct MoveCounter {
  std::size_t count = 0;
  void push_back(Move) { ++count; }
};

/// Passes on to `out` (a MoveList or a MoveCounter) the moves of one piece that can be legal: those that
/// land on `targets` (the check mask, or every square for the king), and en passant. With Tested set,
/// each is first made, tested for the mover's king safety and unmade (Position::keeps_king_safe); the
/// generator reads the board again only after the unmake.
template <class Out, bool Tested>
struct LegalMoves {
  Position& pos;
  Out& out;
  Bitboard targets;
  Bitboard passed = 0;  // the squares of the moves passed on
  void push_back(Move m) {
    if (!(targets >> m.to() & 1) && m.flag() != EN_PASSANT) return;
    if (Tested && !pos.keeps_king_safe(m)) return;
    passed |= square_bb(m.to());
    out.push_back(m);
  }
};

// The per-piece generators, for side Us to move (which must be pos.side_to_move()), write into a Sink: a
// MoveList or MoveCounter (pseudo-legal moves) or LegalMoves (all are instantiated).

/// Single push, double push from the second rank, pawn attacks on enemy pieces, and all four promotions
/// (with or without capture) for the pawn on `from`. En passant, the one move that can expose the king
/// along a rank, is generated on its own and always tested (generate_pseudo_legal, generate_all).
template <Color Us, class Sink>
void generate_pawn_moves(const Position& pos, Square from, Sink& out);
/// The knight's eight KNIGHT_STEPS that land on the board and not on an own piece.
template <Color Us, class Sink>
void generate_knight_moves(const Position& pos, Square from, Sink& out);
/// A slider's moves along `directions`: every square up to and including the first piece met, unless
/// that piece is its own.
template <Color Us, class Sink>
void generate_slider_moves(const Position& pos, Square from, std::span<const Step> directions, Sink& out);
/// The king's eight KING_STEPS (castling is separate).
template <Color Us, class Sink>
void generate_king_moves(const Position& pos, Square from, Sink& out);
/// Castling moves of the side to move, all legal: the right held, the squares between king and rook
/// empty, the king not in check (`safety.checkers` empty) and neither the square it crosses nor the one
/// it lands on attacked. The square it crosses (f1, d1) is one of its own steps: `safe_steps` holds the
/// king's steps already found safe, so only the landing square (g1, c1) is tested here. (Neither the king
/// leaving e1 nor the rook's move changes those attacks: a piece attacking along the first rank through
/// e1 would give check.)
template <Color Us, class Sink>
void generate_castling_moves(const Position& pos, const KingSafety& safety, Bitboard safe_steps, Sink& out);

/// The pseudo-legal moves of the mover's piece on `from`, whose letter `piece` is given as the mover
/// sees it (own_letter: its own pieces as capitals); nothing for an empty square or an enemy piece.
template <Color Us, class Sink>
void generate_piece_moves(const Position& pos, Square from, char piece, Sink& out);

/// Every pseudo-legal move of the side to move (moves that may leave the own king in check; castling
/// only where it is legal).
void generate_pseudo_legal(const Position& pos, MoveList& list);

/// Every legal move of the side to move into `out` (a MoveList or a MoveCounter). King safety is found
/// once (checkers, pinned pieces, check mask); then a piece that is not the king and not pinned has its
/// moves onto the check mask passed on untested, because out of check such a move cannot expose the king
/// and in single check it captures the checker or blocks. The moves of the king, of pinned pieces and
/// en passant are made, tested and unmade. In double check only the king moves.
/// Leaves the position as it was.
template <class Out>
void generate_all(Position& pos, Out& out);

}  // namespace movegen::mailbox
