// mailbox-tuned's per-square tables: what the reference mailbox finds with row and column arithmetic and a
// bounds test at every step (mailbox/board.hpp's on_board), computed once per square from the steps of
// common/steps.hpp. A slider walks a ray by a constant index offset for as many squares as the ray holds;
// a knight, king or pawn reads its target squares from a list. This is the effect of qperft's guard band
// (a board wider than 8x8, whose edge squares stop every walk) on the 64-letter board string, which has none.
//
//   for (int n = RAY_LENGTH[SQ_C1][NORTH_EAST], s = SQ_C1; n > 0; --n) s += RAY_OFFSET[NORTH_EAST];   // d2..h6
//   ALIGNED[SQ_E1][SQ_H4] == RAY_NE;                                                                   // e1-h4
//   diagonal for (int to : KNIGHT_TARGETS[SQ_G1]) ...                                                           // e2,
//   f3, h3
#pragma once

#include <array>
#include <cstdint>

#include "common/steps.hpp"
#include "common/types.hpp"

namespace movegen::mailbox_tuned {

/// The eight ray directions, as indices into RAY_OFFSET and RAY_LENGTH, in KING_STEPS's order (clockwise
/// from north): the even ones straight (rooks), the odd ones diagonal (bishops).
enum RayDirection : int { RAY_N, RAY_NE, RAY_E, RAY_SE, RAY_S, RAY_SW, RAY_W, RAY_NW, RAY_NB };

/// The straight and the diagonal ray directions.
inline constexpr std::array<RayDirection, 4> ROOK_RAYS = {RAY_N, RAY_E, RAY_S, RAY_W};
inline constexpr std::array<RayDirection, 4> BISHOP_RAYS = {RAY_NE, RAY_SE, RAY_SW, RAY_NW};

/// The board index change of one step along each ray direction (+8 north, +1 east, ...).
inline constexpr std::array<int, RAY_NB> RAY_OFFSET = step_offsets(KING_STEPS, 8);

/// The number of squares from each square (a1 = 0 .. h8 = 63) to the board's edge along each ray
/// direction: how many steps a slider may take before its walk leaves the board.
inline constexpr auto RAY_LENGTH = [] {
  std::array<std::array<std::uint8_t, RAY_NB>, SQUARE_NB> lengths{};
  for (int s = 0; s < SQUARE_NB; ++s)
    for (int d = 0; d < RAY_NB; ++d) {
      int n = 0;
      for (int r = s / 8 + KING_STEPS[d].row, c = s % 8 + KING_STEPS[d].col; on_board(r, c);
           r += KING_STEPS[d].row, c += KING_STEPS[d].col)
        ++n;
      lengths[s][d] = std::uint8_t(n);
    }
  return lengths;
}();

/// RAY_SETS[d][s]: the squares along ray direction d from square s to the board's edge (RAY_LENGTH of them),
/// s itself not included, as a set. Empty from the last square a ray reaches: h8 for the rays that run up
/// the board (N, NE, E, NW), a1 for those that run down.
inline constexpr auto RAY_SETS = [] {
  std::array<std::array<Bitboard, SQUARE_NB>, RAY_NB> sets{};
  for (int d = 0; d < RAY_NB; ++d)
    for (int s = 0; s < SQUARE_NB; ++s)
      for (int n = 1, to = s + RAY_OFFSET[d]; n <= RAY_LENGTH[s][d]; ++n, to += RAY_OFFSET[d])
        sets[d][s] |= square_bb(Square(to));
  return sets;
}();

/// FIRST_STEP_SETS[s][0]: the squares one step from s along ROOK_RAYS, [1] along BISHOP_RAYS: where a slider's
/// first steps land. A slider whose first steps are all held by its own pieces has no move.
inline constexpr auto FIRST_STEP_SETS = [] {
  std::array<std::array<Bitboard, 2>, SQUARE_NB> sets{};
  for (int s = 0; s < SQUARE_NB; ++s)
    for (int d = 0; d < RAY_NB; ++d)
      if (RAY_LENGTH[s][d] > 0) sets[s][d % 2] |= square_bb(Square(s + RAY_OFFSET[d]));
  return sets;
}();

/// The squares a slider on `from` first steps to along `rays` (ROOK_RAYS or BISHOP_RAYS): FIRST_STEP_SETS.
constexpr Bitboard first_steps_bb(Square from, const std::array<RayDirection, 4>& rays) {
  return FIRST_STEP_SETS[from][rays[0] % 2];
}

/// Up to eight target squares of one square, in the order of their steps' table; iterable.
struct Targets {
  std::array<std::uint8_t, 8> squares{};
  std::uint8_t size = 0;
  const std::uint8_t* begin() const { return squares.data(); }
  const std::uint8_t* end() const { return squares.data() + size; }
};

namespace detail {
// The squares one step of `steps` away from each square that are on the board.
template <std::size_t N>
constexpr std::array<Targets, SQUARE_NB> targets_of(const std::array<Step, N>& steps) {
  std::array<Targets, SQUARE_NB> table{};
  for (int s = 0; s < SQUARE_NB; ++s)
    for (Step step : steps)
      if (on_board(s / 8 + step.row, s % 8 + step.col))
        table[s].squares[table[s].size++] = std::uint8_t(square_at(s / 8 + step.row, s % 8 + step.col));
  return table;
}
}  // namespace detail

/// The squares a knight on each square leaps to (KNIGHT_STEPS on the board); also where a knight that
/// attacks the square stands.
inline constexpr std::array<Targets, SQUARE_NB> KNIGHT_TARGETS = detail::targets_of(KNIGHT_STEPS);
/// KNIGHT_TARGETS[s] as a set of squares (bit s of a Bitboard for square s): where a knight that attacks s
/// stands, tested against the knights' squares in one AND.
inline constexpr auto KNIGHT_TARGET_SETS = [] {
  std::array<Bitboard, SQUARE_NB> sets{};
  for (int s = 0; s < SQUARE_NB; ++s)
    for (int i = 0; i < KNIGHT_TARGETS[s].size; ++i) sets[s] |= square_bb(Square(KNIGHT_TARGETS[s].squares[i]));
  return sets;
}();
/// The squares next to each square (KING_STEPS on the board).
inline constexpr std::array<Targets, SQUARE_NB> KING_TARGETS = detail::targets_of(KING_STEPS);
/// KING_TARGETS[s] as a set of squares: a king's steps from s, and the squares a king on s attacks.
inline constexpr auto KING_TARGET_SETS = [] {
  std::array<Bitboard, SQUARE_NB> sets{};
  for (int s = 0; s < SQUARE_NB; ++s)
    for (int i = 0; i < KING_TARGETS[s].size; ++i) sets[s] |= square_bb(Square(KING_TARGETS[s].squares[i]));
  return sets;
}();
/// PAWN_ATTACKERS[c][s]: the squares from which a pawn of colour c attacks s (pawn_attack_steps taken
/// backwards); PAWN_ATTACKERS[~c][s] is also where c's pawn on s captures.
inline constexpr std::array<std::array<Targets, SQUARE_NB>, COLOR_NB> PAWN_ATTACKERS = {
    detail::targets_of(std::array<Step, 2>{{{-1, -1}, {-1, 1}}}),
    detail::targets_of(std::array<Step, 2>{{{1, -1}, {1, 1}}})};

/// ALIGNED[a][b]: the ray direction from square a on which square b lies, or RAY_NB if b is on none of a's
/// eight rays (or b == a). A pinned piece stays on its pin line exactly when ALIGNED[king][to] equals
/// ALIGNED[king][from]: both squares on the same ray from the king.
inline constexpr auto ALIGNED = [] {
  std::array<std::array<std::uint8_t, SQUARE_NB>, SQUARE_NB> table{};
  for (int a = 0; a < SQUARE_NB; ++a) {
    table[a].fill(RAY_NB);
    for (int d = 0; d < RAY_NB; ++d)
      for (Bitboard ray = RAY_SETS[d][a]; ray;) table[a][pop_lsb(ray)] = std::uint8_t(d);
  }
  return table;
}();

}  // namespace movegen::mailbox_tuned
