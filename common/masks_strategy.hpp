// The masks strategy, written once for every reference representation: what it knows about a node before it
// generates a move (the pieces giving check, the own pieces pinned to the king, and where a move that is not
// the king's must land: CheckAndPinMasks), the rule that makes the check mask, the targets of a pinned piece, the
// king's safe squares, the strategy's steps (generate_within_masks) and the generator they make of a
// representation's position (MasksPosition). Each reference representation finds only its pins, the squares
// between two squares and the line through them, and visits its pieces, in its own way (check_and_pin_masks and
// generate_moves_within in mailbox/, board10x12/, x88/ and bitboard/legal_masks.cpp). The tuned tier computes the
// same struct (tuned/mailbox/check_and_pin_masks.hpp, tuned/bitboard/movegen.hpp), and
// tests/mailbox_tuned_test.cpp compares them.
//
//   auto pos = MasksPosition<mailbox::Position>::from_fen("4k3/8/8/8/8/8/4R3/4K3 b - - 0 1");
//   check_and_pin_masks(pos).checkers;      // the rook on e2 (bit 12)
//   MoveList moves;
//   pos.generate_legal(moves);              // the king steps off the e-file: d8, d7, f7, f8
#pragma once

#include <cstddef>
#include <string_view>

#include "common/make_test_unmake.hpp"
#include "common/move.hpp"
#include "common/staged_generation.hpp"
#include "common/steps.hpp"
#include "common/types.hpp"

namespace movegen {

/// The checkers, pinned pieces and check mask of the side to move, found once per node. A default
/// CheckAndPinMasks{} has no king to guard and restricts nothing: generators given it emit pseudo-legal moves.
struct CheckAndPinMasks {
  Square king = SQ_NONE;  // the side to move's king
  Bitboard checkers = 0;  // enemy pieces giving check
  Bitboard pinned = 0;    // own pieces standing alone between the king and an enemy slider on its line
  /// Where a move other than the king's must land: every square out of check; in single check the checker
  /// and the squares between it and the king; no square in double check.
  Bitboard check_mask = ALL_SQUARES;

  bool operator==(const CheckAndPinMasks&) const = default;
};

/// Where a move other than the king's must land, for a king on `king` given its `checkers`: every square
/// out of check; in single check the checker and `between(king, checker)`, the squares strictly between
/// them (a move there blocks a slider); no square in double check, where no such move answers both checks.
template <class Between>
constexpr Bitboard check_mask_bb(Square king, Bitboard checkers, Between between) {
  if (!checkers) return ALL_SQUARES;
  return more_than_one(checkers) ? 0 : checkers | between(king, lsb(checkers));
}

/// The CheckAndPinMasks of the side to move in `pos`: its king's square, pos.checkers(), the own pieces
/// `pinned_bb(pos, king)` finds pinned to that king, and check_mask_bb with the representation's
/// `between_bb(a, b)`, the squares strictly between a and b on a shared line.
template <class P, class PinnedBb, class BetweenBb>
CheckAndPinMasks check_and_pin_masks_of(const P& pos, PinnedBb pinned_bb, BetweenBb between_bb) {
  const Square king = pos.king_square(pos.side_to_move());
  const Bitboard checkers = pos.checkers();
  return {king, checkers, pinned_bb(pos, king), check_mask_bb(king, checkers, between_bb)};
}

/// Where the side to move's piece on `from` may land under `masks`: the check mask and, for a pinned piece,
/// only the squares of `line_bb(king, from)`, the line through its king and itself.
template <class LineBb>
Bitboard piece_targets(const CheckAndPinMasks& masks, Square from, LineBb line_bb) {
  return masks.check_mask & (masks.pinned >> from & 1 ? line_bb(masks.king, from) : ALL_SQUARES);
}

/// Calls `f(s)` for each square s next to `king`, for safe_king_squares: its KING_STEPS that stay on the board,
/// stepped once, unless the representation offers its own visit, an overload found by argument-dependent lookup
/// (the bitboard's, over attacks_bb<KING>; the 10x12 board's, by its sentinels).
template <class P, class F>
void for_each_king_step(const P&, Square king, F f) {
  for (Step s : KING_STEPS)
    if (on_board(rank_of(king) + s.row, file_of(king) + s.col))
      f(square_at(rank_of(king) + s.row, file_of(king) + s.col));
}

/// The squares next to the side to move's king in `pos` that no enemy piece attacks once the king has left its
/// square (lifted, so that it cannot hide from a checking slider behind itself); own pieces' squares too. Asked
/// of the representation's is_square_attacked_without(pos, square, by, lifted), found by argument-dependent
/// lookup.
template <class P>
Bitboard safe_king_squares(const P& pos) {
  const Color us = pos.side_to_move();
  const Square king = pos.king_square(us);
  Bitboard safe = 0;
  for_each_king_step(pos, king, [&](Square s) {
    if (!is_square_attacked_without(pos, s, ~us, square_bb(king))) safe |= square_bb(s);
  });
  return safe;
}

/// The masks strategy, its steps written once in the order every reference representation takes them, for every
/// stage: appends the legal moves of stage S of the side to move in `pos` to `list` and leaves `pos` as it was.
/// The king's steps onto safe_king_squares within stage_targets (generate_king_moves); unless in double check,
/// where only the king moves, every other piece's moves onto its piece_targets, the check mask narrowed to the
/// stage's targets (generate_moves_within, the representation's visit of its pieces); castling out of check
/// (generate_castling_moves, common/castling.hpp) unless S is CAPTURES; en passant, which the pawns' generator adds
/// whatever its targets, made and tested (drop_unsafe_en_passant), or dropped if S is QUIETS.
/// check_and_pin_masks, generate_king_moves and generate_moves_within are the representation's, found by
/// argument-dependent lookup. generate_moves_within takes the masks by value: a copy of its own, which the
/// per-piece calls of its loop cannot change, so that it need not read them again after each (0.9% of the
/// instructions of a start-position perft on the mailbox, callgrind, against a const reference).
template <Stage S, class P>
void generate_within_masks(P& pos, MoveList& list) {
  const std::size_t first = list.size();
  CheckAndPinMasks masks = check_and_pin_masks(pos);
  const Bitboard targets = stage_targets<S>(pos);
  generate_king_moves(pos, masks.king, safe_king_squares(pos) & targets, list);
  if (more_than_one(masks.checkers)) return;  // double check: only the king moves
  masks.check_mask &= targets;
  generate_moves_within(pos, masks, list);
  if (S != Stage::CAPTURES && !masks.checkers) generate_castling_moves(pos, list);
  if constexpr (S == Stage::QUIETS)
    keep_en_passant_if(list, first, [](Move) { return false; });  // a capture, in no quiet stage
  else
    drop_unsafe_en_passant(pos, list, first);  // en passant: made and tested
}

/// The generator of the masks strategy on representation position `Board` (mailbox::Position, ...): the
/// generators `mailbox-masks`, `board10x12-masks`, `x88-masks` and `bitboard-masks` of the generator table.
/// Satisfies movegen::ChessPosition.
template <class Board>
struct MasksPosition : Board {
  /// The position of a FEN. Throws FenError naming the field for any malformed or impossible FEN.
  static MasksPosition from_fen(std::string_view fen) { return {Board::from_fen(fen)}; }
  /// Appends every legal move to `list`: generate_within_masks<Stage::LEGAL>.
  void generate_legal(MoveList& list) { generate_within_masks<Stage::LEGAL>(static_cast<Board&>(*this), list); }
};

/// Appends the legal moves of `stage` (common/staged_generation.hpp) of the side to move in `pos` to `list`: the
/// masks strategy with the stage's targets. What generate_captures and generate_quiets call for this generator.
template <class Board>
void generate_stage(MasksPosition<Board>& pos, MoveList& list, Stage stage) {
  with_stage(stage, [&]<Stage S>() { generate_within_masks<S>(static_cast<Board&>(pos), list); });
}

}  // namespace movegen
