// What mailbox-tuned keeps beside the board string so that an attack test can skip most of its steps:
// the squares of each colour's sliders, by the lines they move along (SliderLines), and Attackers, which
// tells an attack test which lines hold an enemy slider, and where the enemy's knights and king stand.
// The reference mailbox keeps none of this and looks everywhere (mailbox/attacks.hpp).
//
//   SliderLines lines;
//   lines.toggle('R', SQ_A1);                        // a white rook on a1: rank 1 and the a-file
//   Attackers enemy(BLACK, square_bb(SQ_G8), SQ_E8, lines);  // a black knight on g8
//   attackers_to(board, SQ_E1, enemy);               // walks only the rays whose line holds a slider
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdlib>

#include "mailbox/board.hpp"
#include "tuned/mailbox/square_tables.hpp"

namespace movegen::mailbox_tuned {

// The reference mailbox's board string and letter tests (mailbox/board.hpp), used as they are.
using mailbox::Board, mailbox::is_color, mailbox::is_empty, mailbox::letter;

/// True for the letter of a bishop, rook or queen of either colour: the pieces SliderLines keeps. One
/// table lookup, since make and unmake ask it of every moving piece.
inline bool is_slider(char piece) {
  static constexpr auto SLIDER = [] {
    std::array<bool, 256> table{};
    for (char c : {'B', 'R', 'Q', 'b', 'r', 'q'}) table[static_cast<unsigned char>(c)] = true;
    return table;
  }();
  return SLIDER[static_cast<unsigned char>(piece)];
}

/// The squares of the four lines through a square: its rank, its file, its diagonal (a1-h8 direction) and its
/// anti-diagonal (a8-h1 direction), the square itself included.
struct LinesThrough {
  Bitboard rank, file, diagonal, anti_diagonal;
};
/// LinesThrough of each square, a1 = 0 .. h8 = 63.
inline constexpr auto LINES_THROUGH = [] {
  std::array<LinesThrough, SQUARE_NB> lines{};
  for (int s = 0; s < SQUARE_NB; ++s)
    for (int t = 0; t < SQUARE_NB; ++t) {
      const Bitboard bit = Bitboard(1) << t;
      const int row = s / 8, col = s % 8, trow = t / 8, tcol = t % 8;
      if (trow == row) lines[s].rank |= bit;
      if (tcol == col) lines[s].file |= bit;
      if (trow - tcol == row - col) lines[s].diagonal |= bit;
      if (trow + tcol == row + col) lines[s].anti_diagonal |= bit;
    }
  return lines;
}();

/// One colour's sliders as two sets of squares beside the board string, so that an attack test walks a ray
/// only when the ray's line holds a slider that moves along it: one line's test is one AND with
/// LINES_THROUGH, and a slider's move flips two bits of a set.
struct SliderLines {
  Bitboard straight = 0;  // the squares of the rooks and queens, which move along ranks and files
  Bitboard diagonal = 0;  // the squares of the bishops and queens, which move along diagonals

  /// Adds or removes (either way: the bit flips) the piece `piece` (a FEN letter) on s; a letter that is
  /// not a bishop, rook or queen changes nothing.
  void toggle(char piece, Square s) {
    const char kind = char(piece | 0x20);  // the small letter, whatever the colour
    if (kind == 'r' || kind == 'q') straight ^= square_bb(s);
    if (kind == 'b' || kind == 'q') diagonal ^= square_bb(s);
  }

  /// The slider `piece` (a FEN letter of a bishop, rook or queen) moved from `from` to `to`.
  void move(char piece, Square from, Square to) {
    const char kind = char(piece | 0x20);
    if (kind == 'r' || kind == 'q') move_kind<ROOK>(from, to);    // a queen's rank and file
    if (kind == 'b' || kind == 'q') move_kind<BISHOP>(from, to);  // and its diagonals
  }

  /// move() for a slider of type Pt (BISHOP, ROOK or QUEEN) known at compile time: no letter to test. The
  /// two squares' bits are XORed, not ORed, so that a move onto its own square (a Chess960 castling rook
  /// that stays where it stands) changes nothing.
  template <PieceType Pt>
  void move_kind(Square from, Square to) {
    if constexpr (Pt == ROOK || Pt == QUEEN) straight ^= square_bb(from) ^ square_bb(to);
    if constexpr (Pt == BISHOP || Pt == QUEEN) diagonal ^= square_bb(from) ^ square_bb(to);
  }

  bool operator==(const SliderLines&) const = default;
};

/// Colour `by`, and what it has on the board that lets an attack test skip steps: where its knights and
/// its king stand, and its slider lines.
struct Attackers {
  Attackers(Color c, Bitboard knight_squares, Square king_square, const SliderLines& slider_lines)
      : by(c), knights(knight_squares), king(king_square), lines(&slider_lines) {}
  Color by;
  Bitboard knights;          // the squares of `by`'s knights (a square may be stale: the board decides)
  Square king;               // its king's square
  const SliderLines* lines;  // its sliders per line

  /// Which of the four lines through s hold a slider of `by` that moves along them.
  struct Lines {
    bool rank, file, diagonal, anti_diagonal;
    /// The flag of the line that ray direction `d` runs along.
    constexpr bool along(RayDirection d) const {
      if (d == RAY_E || d == RAY_W) return rank;
      if (d == RAY_N || d == RAY_S) return file;
      return d == RAY_NE || d == RAY_SW ? diagonal : anti_diagonal;
    }
  };
  Lines lines_through(Square s) const {
    const LinesThrough& through = LINES_THROUGH[s];
    return {(through.rank & lines->straight) != 0, (through.file & lines->straight) != 0,
            (through.diagonal & lines->diagonal) != 0, (through.anti_diagonal & lines->diagonal) != 0};
  }
};

/// The first piece met from square s along ray direction d, and where it stands (in `where`); '-' if none.
inline char first_piece(const Board& board, Square s, RayDirection d, Square& where) {
  int at = s;
  for (int n = RAY_LENGTH[s][d]; n > 0; --n) {
    at += RAY_OFFSET[d];
    if (!is_empty(board[at])) {
      where = Square(at);
      return board[at];
    }
  }
  return '-';
}

/// The pawns and knights of colour `attackers.by` that attack square s.
inline Bitboard leaper_attackers(const Board& board, Square s, const Attackers& attackers) {
  Bitboard found = 0;
  for (int from : PAWN_ATTACKERS[attackers.by][s])
    if (board[from] == letter(attackers.by, PAWN)) found |= square_bb(Square(from));
  // The knights' squares a knight's leap from s, each confirmed on the board (a test that plays a move on the
  // board alone, Position::keeps_king_safe, may have taken one).
  for (Bitboard near = KNIGHT_TARGET_SETS[s] & attackers.knights; near;) {
    const Square from = pop_lsb(near);
    if (board[from] == letter(attackers.by, KNIGHT)) found |= square_bb(from);
  }
  return found;
}

/// attackers_to's search, inline for attackers_to's instances: the attackers of colour `attackers.by` of
/// square s, or with `stop_at_first` only the first one found.
template <bool stop_at_first>
inline Bitboard find_attackers(const Board& board, Square s, const Attackers& attackers) {
  const Color by = attackers.by;
  Bitboard found = leaper_attackers(board, s, attackers);
  // The king, one step away: found from its square.
  const int row = rank_of(s), col = file_of(s);
  const int rows_apart = std::abs(rank_of(attackers.king) - row), cols_apart = std::abs(file_of(attackers.king) - col);
  if (std::max(rows_apart, cols_apart) == 1) found |= square_bb(attackers.king);  // not its own square
  if (found && stop_at_first) return found;
  // Sliders: the first piece met along each line that holds one of `by`'s sliders moving along it.
  const char queen = letter(by, QUEEN);
  auto look = [&](RayDirection d, char slider, bool slider_on_line) {
    if (!slider_on_line) return false;
    Square where = SQ_NONE;
    const char p = first_piece(board, s, d, where);
    if (p != slider && p != queen) return false;
    found |= square_bb(where);
    return stop_at_first;
  };
  // The loops are unrolled so that each direction, and the line it runs along, is a constant.
  const auto line = attackers.lines_through(s);
#pragma GCC unroll 4
  for (RayDirection d : ROOK_RAYS)
    if (look(d, letter(by, ROOK), line.along(d))) return found;
#pragma GCC unroll 4
  for (RayDirection d : BISHOP_RAYS)
    if (look(d, letter(by, BISHOP), line.along(d))) return found;
  return found;
}

/// attackers_to (mailbox/attacks.hpp) with shortcuts: knights are looked for only if `attackers` has any,
/// its king is found from its square, and a ray is walked only if its line holds one of its sliders that
/// moves along it. The same squares as the plain attackers_to; tests/mailbox_tuned_test.cpp checks that.
Bitboard attackers_to(const Board& board, Square sq, const Attackers& attackers, bool stop_at_first = false);

/// True if a piece of colour `attackers.by` attacks `sq` (attackers_to with its shortcuts).
inline bool is_square_attacked(const Board& board, Square sq, const Attackers& attackers) {
  return attackers_to(board, sq, attackers, true) != 0;
}

}  // namespace movegen::mailbox_tuned
