#include "bitboard/attacks.hpp"

namespace movegen::bitboard {

namespace {

// One step as (rank change, file change), in the same order as the mailbox's step tables.
struct Step {
  int rank;
  int file;
};

constexpr Step KNIGHT_STEPS[8] = {{2, 1}, {1, 2}, {-1, 2}, {-2, 1}, {-2, -1}, {-1, -2}, {1, -2}, {2, -1}};
constexpr Step KING_STEPS[8] = {{1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}, {-1, -1}, {0, -1}, {1, -1}};
constexpr Step WHITE_PAWN_STEPS[2] = {{1, -1}, {1, 1}};
constexpr Step BLACK_PAWN_STEPS[2] = {{-1, -1}, {-1, 1}};

// For every square, the squares one of `steps` away that are still on the board.
template <std::size_t N>
constexpr SquareTable leaper_table(const Step (&steps)[N]) {
  SquareTable table{};
  for (int s = 0; s < SQUARE_NB; ++s)
    for (Step step : steps) {
      const int r = s / 8 + step.rank, f = s % 8 + step.file;
      if (r >= 0 && r < 8 && f >= 0 && f < 8) table[s] |= square_bb(Square(r * 8 + f));
    }
  return table;
}

}  // namespace

constexpr SquareTable detail::KNIGHT_ATTACKS = leaper_table(KNIGHT_STEPS);
constexpr SquareTable detail::KING_ATTACKS = leaper_table(KING_STEPS);
constexpr std::array<SquareTable, COLOR_NB> detail::PAWN_ATTACKS = {leaper_table(WHITE_PAWN_STEPS),
                                                                    leaper_table(BLACK_PAWN_STEPS)};

}  // namespace movegen::bitboard
