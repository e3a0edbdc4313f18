#include "bitboard/attack_tables.hpp"

#include "common/steps.hpp"

namespace movegen::bitboard {

namespace {

// For every square, the squares one of `steps` away that are still on the board: the mailbox's stepping,
// done once for every square.
template <std::size_t N>
constexpr SquareTable leaper_table(const std::array<Step, N>& steps) {
  SquareTable table{};
  for (Square s = SQ_A1; s <= SQ_H8; ++s) table[s] = step_targets_bb(s, steps);
  return table;
}

}  // namespace

constexpr SquareTable detail::KNIGHT_ATTACKS = leaper_table(KNIGHT_STEPS);
constexpr SquareTable detail::KING_ATTACKS = leaper_table(KING_STEPS);
constexpr std::array<SquareTable, COLOR_NB> detail::PAWN_ATTACKS = {leaper_table(pawn_attack_steps(WHITE)),
                                                                    leaper_table(pawn_attack_steps(BLACK))};

}  // namespace movegen::bitboard
