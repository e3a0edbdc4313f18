// The count of a leaf parent's legal moves in a rook and pawn ending without castling rights (count.hpp's
// ROOKS_ONLY), written for those endings alone: checks and pins from rooks and pawns kept in two sets, the pawns'
// moves counted as sets, and the enemy king's square handed in by perft's loop over the leaf parent's siblings
// (CountReplies, tuned/bitboard/perft.cpp), which knows it from the parent's move. Apart from count.hpp, whose
// counts serve every position, because only position 3's kind of ending takes it.
//
//   count_rook_ending_moves<BLACK>(child, child.king_square(BLACK), child.king_square(WHITE));
#pragma once

#include <cstddef>

#include "tuned/bitboard/count.hpp"
#include "tuned/bitboard/generate.hpp"

namespace movegen::bitboard_tuned {

/// The moves of Us's pawns in a rook ending that land in `target` (every square out of check), counted as sets:
/// `pushers` may push (unpinned, or pinned along their king's file), `capturers` may capture (unpinned: a rook pins
/// along a rank or file, which no capture keeps to). Pushes land on empty squares and captures on enemies, and a
/// double push's square is never a single push's (that one would block it): one popcount for the pushes and east
/// captures, one for the west captures.
template <Color Us>
[[gnu::always_inline]] inline std::size_t count_rook_ending_pawn_moves(Bitboard pushers, Bitboard capturers,
                                                                       Bitboard empty, Bitboard enemies,
                                                                       Bitboard target) {
  constexpr Direction Up = pawn_push(Us), UpEast = Direction(Up + EAST), UpWest = Direction(Up + WEST);
  constexpr Bitboard Rank3 = rank_bb(relative_rank(Us, RANK_3)), Rank8 = rank_bb(relative_rank(Us, RANK_8));
  const Bitboard single = shift<Up>(pushers) & empty;
  const Bitboard east =
      ((shift<Up>(single & Rank3) & empty) | single | (shift<UpEast>(capturers) & enemies)) & target;
  const Bitboard west = shift<UpWest>(capturers) & enemies & target;
  std::size_t count = popcount(east) + popcount(west);
  if ((east | west) & Rank8) [[unlikely]]  // a promotion counts four moves: three more
    count += 3 * (popcount(east & Rank8) + popcount(west & Rank8));
  return count;
}

/// The squares the pieces of colour By attack in a rook ending, its king on `king` and `occupied` the occupancy.
template <Color By>
[[gnu::always_inline]] inline Bitboard rook_ending_attacks(const PieceSets& pos, Square king, Bitboard occupied) {
  Bitboard attacked = pawn_attacks_bb<By>(pos.pieces(By, PAWN)) | attacks_bb<KING>(king);
  for (Bitboard rooks = pos.pieces_of_kinds<ROOKS_ONLY, ROOK, QUEEN>(By); rooks;)
    attacked |= attacks_bb<ROOK>(pop_lsb(rooks), occupied);
  return attacked;
}

/// The legal moves of Us in check by `checkers` in a rook ending, its king on `king`, the enemy's on `their_king`,
/// `pinned` its pinned pieces (count_rook_ending_moves), out of line, on a copy of the sets: with a reference to
/// perft's child, played in place on a member of its ChildMaker, GCC kept that child and the count in memory at every
/// leaf parent (position 3: 10.79 instructions a leaf with the reference, 10.36 with the copy). Set-wise as out of
/// check, with the moves but the king's narrowed to the check mask and none of a pinned piece (no pinned piece can
/// meet a check), the king's danger squares found with the king off the board (it may not step back along a checking
/// rook's line). About one leaf parent in thirteen of position 3 is in check: the generators into a MoveCounter took
/// 170 instructions for each.
template <Color Us>
[[gnu::noinline]] std::size_t count_rook_ending_evasions(const PieceSets pos, Square king, Square their_king,
                                                         Bitboard checkers, Bitboard pinned) {
  const Bitboard occupied = pos.pieces(), ours = pos.pieces(Us);
  const Bitboard danger = rook_ending_attacks<~Us>(pos, their_king, occupied ^ square_bb(king));
  std::size_t count = popcount(attacks_bb<KING>(king) & ~ours & ~danger);
  if (more_than_one(checkers)) return count;  // in double check only the king moves
  const Bitboard check_mask = checkers | between_bb(king, lsb(checkers));
  const Bitboard free_pawns = pos.pieces(Us, PAWN) & ~pinned;
  count += count_rook_ending_pawn_moves<Us>(free_pawns, free_pawns, ~occupied, pos.pieces(~Us), check_mask);
  if (pos.ep_square() != SQ_NONE) {
    MoveCounter counter;
    add_en_passant<Us>(pos, CheckAndPinMasks{king, checkers, pinned, check_mask}, counter);
    count += counter.count;
  }
  for (Bitboard rooks = pos.pieces_of_kinds<ROOKS_ONLY, ROOK, QUEEN>(Us) & ~pinned; rooks;)
    count += popcount(attacks_bb<ROOK>(pop_lsb(rooks), occupied) & ~ours & check_mask);
  return count;
}

/// The moves of Us's pawns and rooks out of check in a rook ending, its king on `king` and `pinned` its pinned
/// pieces: a pinned pawn pushes if pinned along its king's file and else has no move, a pinned rook keeps to its line.
template <Color Us>
[[gnu::always_inline]] inline std::size_t count_rook_ending_piece_moves(const PieceSets& pos, Square king,
                                                                        Bitboard pinned) {
  const Bitboard occupied = pos.pieces(), ours = pos.pieces(Us);
  const Bitboard pawns = pos.pieces(Us, PAWN);
  std::size_t count = count_rook_ending_pawn_moves<Us>(pawns & ~(pinned & ~bitboard::file_bb(king)), pawns & ~pinned,
                                                       ~occupied, pos.pieces(~Us), ALL_SQUARES);
  if (pos.ep_square() != SQ_NONE) [[unlikely]] {
    MoveCounter counter;
    add_en_passant<Us>(pos, CheckAndPinMasks{king, 0, pinned}, counter);
    count += counter.count;
  }
  for (Bitboard rooks = pos.pieces_of_kinds<ROOKS_ONLY, ROOK, QUEEN>(Us); rooks;) {
    const Square from = pop_lsb(rooks);
    const Bitboard targets = attacks_bb<ROOK>(from, occupied) & ~ours;
    count += popcount(pinned & square_bb(from) ? targets & line_bb(king, from) : targets);
  }
  return count;
}

/// count_legal_moves_of<Us, false, ROOKS_ONLY> written for rook and pawn endings alone, with `their_king`, the
/// enemy king's square, given too (perft's loop over the leaf parent's siblings knows it). Pins and checks come only
/// from rooks and pawns, and are kept in two sets, never in a CheckAndPinMasks in memory. The loop over the snipers
/// is check_and_pin_masks<Us, ROOKS_ONLY>'s (generate.hpp) written again on purpose: calling that one instead gives
/// the same counts, but position 3 ran 0.995x as fast (alternated, 4 rounds, 0.991-0.997).
template <Color Us>
[[gnu::always_inline]] inline std::size_t count_rook_ending_moves(const PieceSets& pos, Square king,
                                                                  Square their_king) {
  constexpr Color Them = ~Us;
  const Bitboard occupied = pos.pieces(), ours = pos.pieces(Us);
  const Bitboard their_rooks = pos.pieces_of_kinds<ROOKS_ONLY, ROOK, QUEEN>(Them);  // one set read: no queen
  Bitboard checkers = pawn_attacks_bb(Us, king) & pos.pieces(Them, PAWN), pinned = 0;
  for (Bitboard snipers = rays_bb<ROOK>(king) & their_rooks; snipers;) {
    const Square sniper = pop_lsb(snipers);
    const Bitboard blockers = between_bb(king, sniper) & occupied;
    if (!blockers)
      checkers |= square_bb(sniper);
    else if (!more_than_one(blockers))
      pinned |= blockers & ours;
  }
  if (checkers) [[unlikely]]
    return count_rook_ending_evasions<Us>(pos, king, their_king, checkers, pinned);
  // Nothing pinned (the common case) known at compile time, so that the pins' masks drop out.
  std::size_t count = pinned ? count_rook_ending_piece_moves<Us>(pos, king, pinned)
                             : count_rook_ending_piece_moves<Us>(pos, king, 0);
  // The danger squares with the king left on the board: out of check no enemy ray reaches it.
  const Bitboard danger = rook_ending_attacks<Them>(pos, their_king, occupied);
  return count + popcount(attacks_bb<KING>(king) & ~ours & ~danger);
}

}  // namespace movegen::bitboard_tuned
