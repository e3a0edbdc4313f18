// mailbox-tuned's moves of the pieces that are not pinned, found from sets of squares: the pawns' set read off
// the board string (board_scan.hpp), the knights' and sliders' sets kept beside it (Position::attackers), each
// piece's targets cut at the occupied squares. generate_all (generate.hpp) runs them out of check.
//
//   generate_set_moves<WHITE>(pos, masks.pinned, sink);   // every move but the king's, en passant, castling
#pragma once

#include "tuned/mailbox/board_scan.hpp"
#include "tuned/mailbox/hand_off.hpp"
#include "tuned/mailbox/position.hpp"
#include "tuned/mailbox/square_tables.hpp"

namespace movegen::mailbox_tuned {

// Internal to each unit that includes it, as generate.hpp's templates are (see there).
namespace {

// Hands `out` a move of the mover's piece of type Pt from `from` to each square of `targets`: quiet moves onto
// the empty squares, captures onto the others.
template <Color Us, PieceType Pt, class Sink>
[[gnu::always_inline]] inline void add_targets(Square from, Bitboard targets, Bitboard empty, Sink& out) {
  add_quiets<Us, Pt>(out, from, targets & empty);
  add_captures<Us, Pt>(out, from, targets & ~empty);
}

// The moves of the pawns of Us on `pawns` but en passant, found for all of them at once from sets of squares
// as count_pawn_moves counts them: each target square's pawn stands one step (`push`) or one capture behind.
template <Color Us, class Sink>
inline void generate_pawn_set_moves(Bitboard pawns, Bitboard empty, Bitboard enemy, Sink& out) {
  constexpr Bitboard FILE_A = 0x0101010101010101, FILE_H = FILE_A << 7;
  constexpr Bitboard THIRD_RANK = Us == WHITE ? 0xFF0000 : 0xFF0000000000;
  constexpr Bitboard LAST_RANK = Us == WHITE ? 0xFF00000000000000 : 0xFF;
  constexpr int push = pawn_push(Us), towards_a = push - 1, towards_h = push + 1;
  auto forward = [](Bitboard b, int n) { return n > 0 ? b << n : b >> -n; };
  const Bitboard single = forward(pawns, push) & empty;
  add_pawn_pushes<Us, NORMAL>(out, single & ~LAST_RANK, push);
  add_pawn_pushes<Us, DOUBLE_PUSH>(out, forward(single & THIRD_RANK, push) & empty, 2 * push);
  const Bitboard capture_a = forward(pawns & ~FILE_A, towards_a) & enemy;
  const Bitboard capture_h = forward(pawns & ~FILE_H, towards_h) & enemy;
  for (Bitboard b = capture_a & ~LAST_RANK; b;) {
    const Square to = pop_lsb(b);
    add_capture<Us, PAWN>(out, Square(to - towards_a), to);
  }
  for (Bitboard b = capture_h & ~LAST_RANK; b;) {
    const Square to = pop_lsb(b);
    add_capture<Us, PAWN>(out, Square(to - towards_h), to);
  }
  if (!((single | capture_a | capture_h) & LAST_RANK)) [[likely]]
    return;
  for (Bitboard b = single & LAST_RANK; b;) {
    const Square to = pop_lsb(b);
    add_promotions<Us>(out, Square(to - push), to);
  }
  for (Bitboard b = capture_a & LAST_RANK; b;) {
    const Square to = pop_lsb(b);
    add_promotions<Us>(out, Square(to - towards_a), to);
  }
  for (Bitboard b = capture_h & LAST_RANK; b;) {
    const Square to = pop_lsb(b);
    add_promotions<Us>(out, Square(to - towards_h), to);
  }
}

// The moves of the pieces of Us that are not on `pinned` (nor the king), from sets of squares: the pawns' read
// off the board string, the knights' and sliders' kept beside it (a slider set holding both bishops and queens,
// or rooks and queens, a queen is the square in both), each piece's targets cut at the occupied squares.
template <Color Us, class Sink>
inline void generate_set_moves(const Position& pos, Bitboard pinned, Sink& out) {
  const Board& board = pos.board();
  const Attackers mine = pos.attackers(Us);
  const Bitboard own = own_squares_bb(board, Us), occupied = occupied_squares_bb(board), empty = ~occupied;
  generate_pawn_set_moves<Us>(pawn_squares_bb(board, Us) & ~pinned, empty, occupied & ~own, out);
  for (Bitboard b = mine.knights & ~pinned; b;) {
    const Square from = pop_lsb(b);
    add_targets<Us, KNIGHT>(from, KNIGHT_TARGET_SETS[from] & ~own, empty, out);
  }
  const Bitboard straight = mine.lines->straight & ~pinned, diagonal = mine.lines->diagonal & ~pinned;
  // A slider hemmed in by its own pieces (first_steps_bb) is skipped before its rays are scanned.
  for (Bitboard b = diagonal & ~straight; b;) {
    const Square from = pop_lsb(b);
    if (!(first_steps_bb(from, BISHOP_RAYS) & ~own)) continue;
    add_targets<Us, BISHOP>(from, slider_reach(from, BISHOP_RAYS, occupied) & ~own, empty, out);
  }
  for (Bitboard b = straight & ~diagonal; b;) {
    const Square from = pop_lsb(b);
    if (!(first_steps_bb(from, ROOK_RAYS) & ~own)) continue;
    add_targets<Us, ROOK>(from, slider_reach(from, ROOK_RAYS, occupied) & ~own, empty, out);
  }
  for (Bitboard b = straight & diagonal; b;) {
    const Square from = pop_lsb(b);
    if (!(KING_TARGET_SETS[from] & ~own)) continue;
    const Bitboard reach = slider_reach(from, BISHOP_RAYS, occupied) | slider_reach(from, ROOK_RAYS, occupied);
    add_targets<Us, QUEEN>(from, reach & ~own, empty, out);
  }
}

}  // namespace

}  // namespace movegen::mailbox_tuned
