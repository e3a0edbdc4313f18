// mailbox-tuned's sinks that pass on only some of the moves a generator finds (generate.hpp): the moves that
// stay legal once tested (TestedMoves), a pinned piece's moves along its pin line (PinnedMoves), and one stage's
// moves, captures or quiets (StageMoves).
//
//   PinnedMoves<MoveCounter> pinned{counter, masks.check_mask, king};
//   generate_piece_moves<WHITE>(board, from, 'R', pinned);   // counts the pinned rook's moves along its pin line
#pragma once

#include "common/staged_generation.hpp"
#include "tuned/mailbox/position.hpp"
#include "tuned/mailbox/square_tables.hpp"

namespace movegen::mailbox_tuned {

// Internal to each unit that includes it, as generate.hpp's templates are (see there).
namespace {

// Passes on to `out` the moves that can be legal, those that land on `targets` (the check mask) and en
// passant, once each is made, tested for the mover's king safety and unmade (Position::keeps_king_safe):
// en passant's sink. The generator reads the board again only after the unmake.
template <class Out>
struct TestedMoves {
  Position& pos;
  Out& out;
  Bitboard targets;
  void add(Move m) {
    if (!(targets >> m.to() & 1) && m.flag() != EN_PASSANT) return;
    if (pos.keeps_king_safe(m)) out.add(m);
  }
};

// Passes on to `out` the moves of a pinned piece that land on `targets` (the check mask) and stay on the
// pin line: on the same ray from the king as the square the piece leaves (ALIGNED). Sliding along that
// line it can neither pass the pinner, which it would take first, nor the king. En passant is not sent
// here: its captured pawn leaves the line too (add_en_passant, tested).
template <class Out>
struct PinnedMoves {
  Out& out;
  Bitboard targets;
  Square king;
  void add(Move m) {
    if ((targets >> m.to() & 1) && ALIGNED[king][m.to()] == ALIGNED[king][m.from()]) out.add(m);
  }
};

// Passes on to `out` only the moves of stage S (Stage::CAPTURES or Stage::QUIETS, common/staged_generation.hpp),
// which the generators tell apart as they find them: add_capture's moves are captures and add_quiet's quiet,
// known at compile time, so that the other stage's moves are never written; a move given whole (add,
// add_promotion, a set of king steps) is a capture if it is en passant or lands on a piece, castling aside.
template <Stage S, class Out>
struct StageMoves {
  const Board& board;
  Out& out;
  static constexpr bool captures = S == Stage::CAPTURES;
  void add(Move m) {
    if ((m.flag() == EN_PASSANT || (m.flag() != CASTLING && !is_empty(board[m.to()]))) == captures) out.add(m);
  }
  void add_moves(Square from, Bitboard targets) {
    while (targets) add(Move(from, pop_lsb(targets)));
  }
  template <Color Us, PieceType Pt>
  void add_quiet(Square from, Square to) {
    if constexpr (!captures) out.add(Move(from, to));
  }
  template <Color Us, PieceType Pt>
  void add_capture(Square from, Square to) {
    if constexpr (captures) out.add(Move(from, to));
  }
  template <Color Us, PieceType Pt>
  void add_promotion(Square from, Square to) {
    if (!is_empty(board[to]) == captures) out.add(Move(from, to, promotion_flag(Pt)));
  }
};

}  // namespace

}  // namespace movegen::mailbox_tuned
