// Bitboard legal move generation. Checkers and pinned pieces are found once per node (CheckAndPinMasks);
// each piece kind then produces its moves as attack sets masked by them, so no move is ever made to
// test it. Every function writes into a Sink: MoveWriter appends moves to a MoveList, MoveCounter only
// adds up popcounts (perft's bulk counting).
//
//   MoveList list;
//   generate_legal(pos, list);                 // 20 moves in the start position
//   count_legal(pos);                          // 20, without the list
#pragma once

#include <cstddef>

#include "common/masks_strategy.hpp"
#include "common/move.hpp"
#include "common/staged_generation.hpp"
#include "tuned/bitboard/position.hpp"
#include "tuned/move_sink.hpp"

namespace movegen::bitboard_tuned {

/// The legality masks of the side to move in `pos`: checkers, pinned pieces and check mask.
CheckAndPinMasks check_and_pin_masks(const PieceSets& pos);

/// The legality masks of colour `us` in `pos`, whether or not it is to move: what perft's shared count of
/// sibling moves (sibling_count.hpp) finds once for the side that replies to them.
CheckAndPinMasks check_and_pin_masks(const PieceSets& pos, Color us);

/// The squares the king of the side to move may not enter: every square the enemy attacks with that king
/// taken off the board, so that it cannot step back along a checking slider's ray.
Bitboard king_danger(const PieceSets& pos);

// The per-piece generators, for side Us to move (which must be pos.side_to_move()), into Sink (MoveWriter
// or MoveCounter; both are instantiated). Given the legality masks of this node, each emits only legal
// moves; given a default CheckAndPinMasks{} (no king to guard: nothing pinned, no check), pseudo-legal ones.

/// Single pushes (one shift masked with the empty squares), double pushes (a second shift of the single
/// pushes that landed on the relative third rank), east and west captures of enemy pieces, promotions
/// (all four) on the last rank, and en passant, tested on its own for the pin it can uncover along the
/// rank when both pawns leave it (not tested when `masks` has no king). Pinned pawns move one at a time,
/// along the line through their king.
template <Color Us, class Sink>
void generate_pawn_moves(const PieceSets& pos, const CheckAndPinMasks& masks, Sink& sink);
/// Each unpinned knight's attacks that land on no own piece (a pinned knight can never move).
template <Color Us, class Sink>
void generate_knight_moves(const PieceSets& pos, const CheckAndPinMasks& masks, Sink& sink);
/// The moves of Us's sliders of type Pt (BISHOP, ROOK or QUEEN) along their lines. Pinned sliders keep to
/// the line through their king.
template <Color Us, PieceType Pt, class Sink>
void generate_slider_moves(const PieceSets& pos, const CheckAndPinMasks& masks, Sink& sink);
/// The moves of Us's pinned sliders of type Pt alone, each along the line through its king: the second half of
/// generate_slider_moves, which the count by direction fills (count.hpp) calls by itself.
template <Color Us, PieceType Pt, class Sink>
void generate_pinned_slider_moves(const PieceSets& pos, const CheckAndPinMasks& masks, Sink& sink);
/// The steps of the king on `king` to squares that hold no own piece and are not in `danger` (king_danger(); 0
/// for pseudo-legal moves). Castling is separate.
template <Color Us, class Sink>
void generate_king_moves(const PieceSets& pos, Square king, Bitboard danger, Sink& sink);
/// Castling, king-takes-rook: the right held, the king not in check, the squares king and rook cross or land
/// on empty but for them, the squares the king crosses and lands on not in `danger` (king_danger()), and in
/// Chess960 the king's destination not attacked along the back rank once the rook has left its square.
template <Color Us, class Sink>
void generate_castling_moves(const PieceSets& pos, const CheckAndPinMasks& masks, Bitboard danger, Sink& sink);

/// Set-wise moves of `pawns` (all of colour Us) that land in `target`, with `empty` the empty squares and
/// `enemies` the squares of the other side's pieces: single and double pushes, captures, and the four
/// promotions on the last rank (en passant is not among them). Forced inline: as a call, it cost bulk
/// counting 4-5%.
template <Color Us, class Sink>
[[gnu::always_inline]] inline void add_pawn_moves(Bitboard pawns, Bitboard empty, Bitboard enemies, Bitboard target,
                                                  Sink& sink) {
  constexpr Direction Up = pawn_push(Us), UpEast = Direction(Up + EAST), UpWest = Direction(Up + WEST);
  constexpr Bitboard Rank3 = rank_bb(relative_rank(Us, RANK_3)), Rank7 = rank_bb(relative_rank(Us, RANK_7));
  const Bitboard promoting = pawns & Rank7, others = pawns & ~Rank7;

  const Bitboard single_pushes = shift<Up>(others) & empty;
  const Bitboard double_pushes = shift<Up>(single_pushes & Rank3) & empty;
  sink.add_pawn_moves(single_pushes & target, Up);
  sink.add_pawn_moves(double_pushes & target, Direction(Up + Up), DOUBLE_PUSH);
  sink.add_pawn_moves(shift<UpEast>(others) & enemies & target, UpEast);
  sink.add_pawn_moves(shift<UpWest>(others) & enemies & target, UpWest);
  if (promoting) {
    sink.add_promotions(shift<Up>(promoting) & empty & target, Up);
    sink.add_promotions(shift<UpEast>(promoting) & enemies & target, UpEast);
    sink.add_promotions(shift<UpWest>(promoting) & enemies & target, UpWest);
  }
}

/// True if a slider of `diagonal` (bishops and queens) or of `straight` (rooks and queens) attacks s with
/// `occupied` as the occupancy: the test of en passant, which may uncover the king along a rank, a file or
/// a diagonal once both pawns have left their squares.
[[gnu::always_inline]] inline bool sliders_see(Square s, Bitboard occupied, Bitboard diagonal, Bitboard straight) {
  return (attacks_bb<ROOK>(s, occupied) & straight) || (attacks_bb<BISHOP>(s, occupied) & diagonal);
}

/// True if castling by `rule`, whose right is held, with the king not in check, is legal: the squares king
/// and rook cross or land on are empty but for them (`occupied`: the occupancy), the squares the king
/// crosses and lands on are not in `danger` (king_danger()), and in Chess960 a rook off the corner does
/// not shield the king's destination from an enemy rook or queen along the back rank (`enemy_straight`).
/// Tuned copy of check_castling (common/castling.hpp): the path and the king's squares as two set
/// intersections with the occupancy and the danger set, where the rule asks square by square; the castling
/// tests of tests/rules_test.cpp and tests/chess960_test.cpp run over every generator and cover it.
[[gnu::always_inline]] inline bool castling_is_legal(const CastlingRule& rule, Bitboard occupied, Bitboard danger,
                                                     Bitboard enemy_straight) {
  if ((rule.path & occupied) || (rule.king_path & danger)) return false;
  if (!rule.rook_may_shield) return true;
  const Bitboard castled = occupied ^ square_bb(rule.king_from) ^ square_bb(rule.rook_from);
  return !(attacks_bb<ROOK>(rule.king_to, castled) & enemy_straight);
}

/// Appends every legal move of the side to move to `list`.
void generate_legal(const PieceSets& pos, MoveList& list);
/// The number of legal moves of the side to move, counted with popcounts.
std::size_t count_legal(const PieceSets& pos);
/// Appends the legal moves of `stage` (common/staged_generation.hpp) of the side to move to `list`, each stage
/// generated by itself within the legality masks (generate_stage_moves in generate.hpp).
void generate_stage(const PieceSets& pos, MoveList& list, Stage stage);

}  // namespace movegen::bitboard_tuned
