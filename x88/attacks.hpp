// 0x88 attack detection with the difference tables: the classic 0x88 attack-table technique (chessprogramming
// wiki, "0x88" and "Vector Attacks"). On a 0x88 board the difference B - A of two squares names the rows and
// columns between them uniquely, wherever A stands, so one table of 239 entries (index B - A + 119) answers
// "can a piece of this kind on A attack B on an empty board", and a second gives the step to walk from A
// towards B: a slider attacks B if every square of that walk before B is empty. The attacks of a side are
// found from its piece list, one table look-up per piece. Both tables are built from common/steps.hpp.
//
//   auto pos = x88::Position::from_fen(START_FEN);
//   can_attack(W_KNIGHT, to_x88(SQ_G1), to_x88(SQ_F3));   // true
//   attackers_to(pos, SQ_F3, WHITE);                       // {e2, g2, g1}
#pragma once

#include <cstdint>

#include "x88/position.hpp"

namespace movegen::x88 {

namespace detail {
// The difference tables, index B - A + 119: which pieces (bit p for Piece p) attack across the difference,
// and the step that walks from A to B (0 where no piece does).
struct DifferenceTables {
  std::array<std::uint16_t, 239> attackers{};
  std::array<int, 239> step{};
};

constexpr DifferenceTables make_difference_tables() {
  DifferenceTables t;
  auto mark = [&t](int difference, Piece p, int step) {
    t.attackers[difference + 119] |= std::uint16_t(1u << p);
    t.step[difference + 119] = step;
  };
  for (Color c : {WHITE, BLACK}) {
    for (Step s : pawn_attack_steps(c)) mark(offset(s), make_piece(c, PAWN), offset(s));
    for (int d : KNIGHT_OFFSETS) mark(d, make_piece(c, KNIGHT), d);
    for (int d : KING_OFFSETS) mark(d, make_piece(c, KING), d);
    for (PieceType slider : {BISHOP, ROOK})
      for (int d : slider == BISHOP ? BISHOP_OFFSETS : ROOK_OFFSETS)
        for (int distance = 1; distance < 8; ++distance) {
          mark(distance * d, make_piece(c, slider), d);
          mark(distance * d, make_piece(c, QUEEN), d);
        }
  }
  return t;
}

inline constexpr DifferenceTables DIFFERENCE_TABLES = make_difference_tables();
}  // namespace detail

/// True if piece p on 0x88 square `from` would attack `to` on an empty board (both on the board).
constexpr bool can_attack(Piece p, Square88 from, Square88 to) {
  return detail::DIFFERENCE_TABLES.attackers[to - from + 119] >> p & 1;
}

/// The 0x88 offset that walks from `from` to `to` for the piece that can_attack across them: a slider's
/// direction, a knight's leap, a king's or pawn's step; 0 if no piece moves from one to the other.
constexpr int step_towards(Square88 from, Square88 to) { return detail::DIFFERENCE_TABLES.step[to - from + 119]; }

/// The squares (a bit per common square, a1 = bit 0) of the pieces of colour `by` that attack `sq`: each
/// piece of its list that can_attack `sq`, a slider only if the squares between are empty.
Bitboard attackers_to(const Position& pos, Square sq, Color by);

/// True if a piece of colour `by` attacks `sq`, whatever stands on `sq`: attackers_to, stopping at the
/// first attacker found.
bool is_square_attacked(const Position& pos, Square sq, Color by);

/// is_square_attacked once the pieces on the squares of `lifted` (pieces of the side `by` attacks) have
/// left the board: a king about to step, or castling's king and rook. Asked of a copy of the board.
bool is_square_attacked_without(const Position& pos, Square sq, Color by, Bitboard lifted);

}  // namespace movegen::x88
