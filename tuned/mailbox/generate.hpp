// mailbox-tuned's generator templates, for side Us to move and any sink (tuned/move_sink.hpp, or perft's
// sink that plays each move as it is found, tuned/mailbox/perft.cpp): the per-piece stepping, castling, en
// passant and the evasions (the pieces not pinned take theirs from sets, set_moves.hpp), and generate_all,
// which runs them inside the legality masks found once per node.
// movegen.cpp instantiates them for the move list and the counter.
//
//   MoveCounter counter;
//   generate_all<WHITE>(pos, counter);       // counter.count == 20 in the start position
#pragma once

#include <bit>
#include <cstddef>
#include <cstdint>
#include <type_traits>

#include "common/staged_generation.hpp"
#include "tuned/mailbox/board_scan.hpp"
#include "tuned/mailbox/hand_off.hpp"
#include "tuned/mailbox/move_filters.hpp"
#include "tuned/mailbox/position.hpp"
#include "tuned/mailbox/set_moves.hpp"
#include "tuned/mailbox/square_tables.hpp"
#include "tuned/move_sink.hpp"

namespace movegen::mailbox_tuned {

// Internal to each unit that includes it (movegen.cpp, perft.cpp), as they were inside movegen.cpp: GCC
// inlines a function of internal linkage called once more readily than a shared inline one (callgrind:
// with external linkage en passant and the piece scan stayed out of line, +2% instructions per node).
namespace {

// The per-piece generators, for side Us to move, in the plain mailbox's order and words; each writes its
// pseudo-legal moves into a Sink (a MoveWriter, a MoveCounter, or a filter of move_filters.hpp).

// Adds from -> to, a step of the mover's piece of type Pt, if `to` is not occupied by the mover's own
// piece. Returns true if the square was empty, so that a slider may go on.
template <Color Us, PieceType Pt, class Sink>
[[gnu::always_inline]] inline bool add_step(const Board& board, Square from, int to, Sink& out) {
  const char target = board[to];
  if (is_empty(target)) {
    add_quiet<Us, Pt>(out, from, Square(to));
    return true;
  }
  if (!is_own(target, Us)) add_capture<Us, Pt>(out, from, Square(to));
  return false;
}

// A pawn of Us from `from` to `to` (a single push, or a capture if Capture): the four promotions if `to` is
// on the last rank, else one move.
template <Color Us, bool Capture, class Sink>
[[gnu::always_inline]] inline void add_pawn_move(Square from, int to, Sink& out) {
  constexpr int last_row = Us == WHITE ? 7 : 0;
  if (rank_of(Square(to)) == last_row)
    add_promotions<Us>(out, from, Square(to));
  else if constexpr (Capture)
    add_capture<Us, PAWN>(out, from, Square(to));
  else
    out.add(Move(from, Square(to)));
}

// Single push, double push, pawn attacks on enemy pieces, promotions. En passant, the one move that can
// expose the king along a rank, is generated on its own (add_en_passant) and always tested.
template <Color Us, class Sink>
[[gnu::always_inline]] inline void generate_pawn_moves(const Board& board, Square from, Sink& out) {
  constexpr int start_row = Us == WHITE ? 1 : 6;
  constexpr int forward = pawn_push(Us);
  const int row = rank_of(from);
  const int push = from + forward;
  if (is_empty(board[push])) {
    if (rank_of(Square(push)) == (Us == WHITE ? 7 : 0))
      add_promotions<Us>(out, from, Square(push));
    else
      add_quiet<Us, PAWN>(out, from, Square(push));
    if (row == start_row && is_empty(board[push + forward])) out.add(Move(from, Square(push + forward), DOUBLE_PUSH));
  }
  // Where a pawn of Us on `from` captures: where an enemy pawn would attack `from` from, ahead of it.
  for (int to : PAWN_ATTACKERS[~Us][from])
    if (is_own(board[to], ~Us)) add_pawn_move<Us, true>(from, to, out);
}

template <Color Us, class Sink>
[[gnu::always_inline]] inline void generate_knight_moves(const Board& board, Square from, Sink& out) {
  for (int to : KNIGHT_TARGETS[from]) add_step<Us, KNIGHT>(board, from, to, out);
}

// Each ray of `rays` from `from`, square by square to the board's edge (RAY_LENGTH), up to the first piece,
// for the mover's slider of type Pt.
template <Color Us, PieceType Pt, class Sink>
inline void generate_slider_moves(const Board& board, Square from, const std::array<RayDirection, 4>& rays, Sink& out) {
#pragma GCC unroll 4  // each direction's offset becomes a constant
  for (RayDirection d : rays) {
    int to = from;
    for (int n = RAY_LENGTH[from][d]; n > 0; --n) {
      to += RAY_OFFSET[d];
      if (!add_step<Us, Pt>(board, from, to, out)) break;
    }
  }
}

// The king's steps: the free squares next to it that the enemy does not attack with the king lifted
// (Position::safe_king_steps), passed on as a set. Returns that set, which castling reads.
template <class Sink>
inline Bitboard generate_king_moves(Position& pos, Square from, Sink& out) {
  const Bitboard steps = pos.safe_king_steps();
  out.add_moves(from, steps);
  return steps;
}

// Chess960 castling by the castling rule (check_castling, common/castling.hpp). The rule's test with king
// and rook lifted (a rook off the corner may shield the king's destination) is asked by playing the
// castling move and testing the king.
template <Color Us, class Sink>
void generate_chess960_castling_moves(Position& pos, Sink& out) {
  const Board& board = pos.board();
  for (int i = Us == WHITE ? 0 : 2; i < (Us == WHITE ? 2 : 4); ++i) {  // rules K, Q, k, q
    const CastlingRule& rule = pos.castling_rules().rule(i);
    auto empty = [&](Square s) { return is_empty(board[s]); };
    auto attacked = [&](Square s, Bitboard lifted) {
      return lifted ? !pos.castling_keeps_king_safe(rule.move()) : pos.is_square_attacked(s, ~Us);
    };
    if (check_castling(rule, pos.castling_rights(), empty, attacked).legal()) out.add(rule.move());
  }
}

// Castling, all legal. Classical castling keeps a tuned copy of the rule (check_castling) because it reuses
// the king's steps already tested: the right held, the squares between king and rook empty, the king not in
// check and neither the square it crosses nor the one it lands on attacked. In classical chess the square it crosses
// (f1, d1) is one of the king's own steps: `safe_steps` holds the king's steps already found safe, so only
// the landing square (g1, c1) is tested here. (Neither the king leaving e1 nor the rook's move changes those
// attacks: a piece attacking along the first rank through e1 would give check.)
template <Color Us, class Sink>
inline void generate_castling_moves(Position& pos, const CheckAndPinMasks& masks, Bitboard safe_steps, Sink& out) {
  if (!pos.castling_rules().classical()) {
    if (!masks.checkers) generate_chess960_castling_moves<Us>(pos, out);
    return;
  }
  const Board& board = pos.board();
  auto empty = [&](Square s) { return is_empty(board[relative_square(Us, s)]); };
  auto safe = [&](Square s) { return !pos.is_square_attacked(relative_square(Us, s), ~Us); };
  // The cheap tests (the right, empty squares) come first; attack tests only when they pass.
  const bool king_side = (pos.castling_rights() & (Us == WHITE ? WHITE_OO : BLACK_OO)) && empty(SQ_F1) && empty(SQ_G1);
  const bool queen_side =
      (pos.castling_rights() & (Us == WHITE ? WHITE_OOO : BLACK_OOO)) && empty(SQ_D1) && empty(SQ_C1) && empty(SQ_B1);
  if (!(king_side || queen_side) || masks.checkers) return;
  const Square king = relative_square(Us, SQ_E1);
  auto crosses_safely = [&](Square s) { return safe_steps >> relative_square(Us, s) & 1; };
  if (king_side && crosses_safely(SQ_F1) && safe(SQ_G1)) out.add(Move(king, relative_square(Us, SQ_H1), CASTLING));
  if (queen_side && crosses_safely(SQ_D1) && safe(SQ_C1)) out.add(Move(king, relative_square(Us, SQ_A1), CASTLING));
}

// The moves of the mover's piece on `from`, whose letter `piece` is given as the mover sees it (own_letter:
// its own pieces as capitals). The king ('K') has none here: generate_king_moves finds its steps.
template <Color Us, class Sink>
[[gnu::always_inline]] inline void generate_piece_moves(const Board& board, Square from, char piece, Sink& out) {
  // Pawns, the most numerous, are told apart with one comparison before the switch's table jump.
  if (piece == 'P') return generate_pawn_moves<Us>(board, from, out);
  switch (piece) {
    case 'N': generate_knight_moves<Us>(board, from, out); break;
    case 'B': generate_slider_moves<Us, BISHOP>(board, from, BISHOP_RAYS, out); break;
    case 'R': generate_slider_moves<Us, ROOK>(board, from, ROOK_RAYS, out); break;
    case 'Q':
      generate_slider_moves<Us, QUEEN>(board, from, BISHOP_RAYS, out);
      generate_slider_moves<Us, QUEEN>(board, from, ROOK_RAYS, out);
      break;
    default: break;
  }
}

// En passant: the pawns of Us beside the pawn that has just made a double push (one row behind the
// en passant square, one column aside) take it. The one move that can expose the king along a rank.
template <Color Us, class Sink>
void add_en_passant(const Position& pos, Sink& out) {
  const Square to = pos.ep_square();
  if (to == SQ_NONE) return;
  // The squares from which a pawn of Us attacks the en passant square.
  for (int from : PAWN_ATTACKERS[Us][to])
    if (pos.board()[from] == letter(Us, PAWN)) out.add(Move(Square(from), to, EN_PASSANT));
}

// The moves of Us out of a single check other than the king's: each square of the check mask (the
// checker's square, and the squares between a slider and the king) is reached by the own pieces that attack
// it (attackers_to, which skips the lines without an own slider), pawns only where they capture the
// checker, and by the pawn pushes onto an empty square. A pinned piece has none: its line and the check's
// meet only at the king. En passant is added apart (add_en_passant), tested.
template <Color Us, class Out>
void generate_evasions(Position& pos, const CheckAndPinMasks& masks, Out& out) {
  const Board& board = pos.board();
  constexpr int forward = pawn_push(Us), double_push_row = Us == WHITE ? 3 : 4, back_rank = Us == WHITE ? 0 : 7;
  const char pawn = letter(Us, PAWN);
  const Bitboard movable = ~(masks.pinned | square_bb(masks.king));
  for (Bitboard targets = masks.check_mask; targets;) {
    const Square to = pop_lsb(targets);
    const bool capture = !is_empty(board[to]);  // only the checker's square holds a piece
    for (Bitboard from = attackers_to(board, to, pos.attackers(Us)) & movable; from;) {
      const Square s = pop_lsb(from);
      if (board[s] != pawn)
        out.add(Move(s, to));
      else if (capture)
        add_pawn_move<Us, true>(s, to, out);
    }
    // A block by a pawn push: single from one square behind, double from two behind over an empty square.
    // None onto the own back rank, which has no square behind it on the board.
    if (capture || rank_of(to) == back_rank) continue;
    const Square behind = Square(to - forward);
    if (board[behind] == pawn) {
      if (movable >> behind & 1) add_pawn_move<Us, false>(behind, to, out);
    } else if (is_empty(board[behind]) && rank_of(to) == double_push_row && board[behind - forward] == pawn &&
               (movable >> (behind - forward) & 1)) {
      out.add(Move(Square(behind - forward), to, DOUBLE_PUSH));
    }
  }
}

// Every legal move of Us into `out`. The king's steps come first, passed on as a set; in double check only
// the king moves, in single check the evasions (generate_evasions). Out of check each other piece's moves go
// to the sink their legality calls for: a pinned piece's into `pinned` (kept on its pin line), en passant
// into `tested`, every other piece's straight to `out`.
template <Color Us, class Out>
void generate_all(Position& pos, Out& out) {
  const Board& board = pos.board();
  const Square king = pos.king_square(Us);
  const CheckAndPinMasks masks = pos.check_and_pin_masks();
  const Bitboard king_steps = generate_king_moves(pos, king, out);
  if (more_than_one(masks.checkers)) return;
  TestedMoves<Out> tested{pos, out, masks.check_mask};
  if (masks.checkers) {
    generate_evasions<Us>(pos, masks, out);
    add_en_passant<Us>(pos, tested);
    return;
  }
  PinnedMoves<Out> pinned{out, masks.check_mask, king};
  if constexpr (std::is_same_v<Out, MoveCounter>) {
    if (!masks.pinned) {
      // Counted from sets of squares, no letter read twice: a knight's moves are its targets not held by its
      // own pieces, one popcount; a slider's are cut from its rays at the occupied squares (count_slider_moves);
      // a queen stands in both slider sets and is counted along both kinds of line; the pawns all at once.
      const Attackers mine = pos.attackers(Us);
      const Bitboard own = own_squares_bb(board, Us), occupied = occupied_squares_bb(board);
      out.count += count_pawn_moves<Us>(pawn_squares_bb(board, Us), ~occupied, occupied & ~own);
      for (Bitboard knights = mine.knights; knights;)
        out.count += popcount(KNIGHT_TARGET_SETS[pop_lsb(knights)] & ~own);
      for (Bitboard sliders = mine.lines->diagonal; sliders;)
        out.count += count_slider_moves(pop_lsb(sliders), BISHOP_RAYS, occupied, own);
      for (Bitboard sliders = mine.lines->straight; sliders;)
        out.count += count_slider_moves(pop_lsb(sliders), ROOK_RAYS, occupied, own);
      add_en_passant<Us>(pos, tested);
      generate_castling_moves<Us>(pos, masks, king_steps, out);
      return;
    }
  }
  // The pieces not pinned from sets of squares; the pinned ones, rare, each by its letter into `pinned`.
  generate_set_moves<Us>(pos, masks.pinned, out);
  for (Bitboard b = masks.pinned; b;) {
    const Square from = pop_lsb(b);
    generate_piece_moves<Us>(board, from, own_letter(board[from], Us), pinned);
  }
  add_en_passant<Us>(pos, tested);
  // Castling moves are legal as generated; the king's steps have just been tested.
  generate_castling_moves<Us>(pos, masks, king_steps, out);
}

}  // namespace

}  // namespace movegen::mailbox_tuned
