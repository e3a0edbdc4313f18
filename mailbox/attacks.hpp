// Mailbox attack detection: step tables and an attack test that looks outward from the target square.
//
//   Board board = ...;                                    // 64 FEN letters, '-' for empty, a1 = 0
//   bool attacked = is_square_attacked(board, SQ_E1, BLACK);
#pragma once

#include <array>
#include <cstdint>

#include "common/types.hpp"

namespace movegen::mailbox {

/// The board: one FEN letter per square ('P', 'n', ...), '-' for an empty square, index rank * 8 + file.
using Board = std::array<char, SQUARE_NB>;

/// One step on the board as a change of row (rank) and column (file).
struct Step {
  int row;
  int col;
};

inline constexpr std::array<Step, 8> KNIGHT_STEPS = {
    {{2, 1}, {1, 2}, {-1, 2}, {-2, 1}, {-2, -1}, {-1, -2}, {1, -2}, {2, -1}}};
inline constexpr std::array<Step, 8> KING_STEPS = {
    {{1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}, {-1, -1}, {0, -1}, {1, -1}}};
inline constexpr std::array<Step, 4> BISHOP_DIRECTIONS = {{{1, 1}, {-1, 1}, {-1, -1}, {1, -1}}};
inline constexpr std::array<Step, 4> ROOK_DIRECTIONS = {{{1, 0}, {0, 1}, {-1, 0}, {0, -1}}};

/// The board's one bounds check: true if (row, col) is on the board, 0 <= row, col < 8. A negative
/// number converted to unsigned is huge, so one unsigned comparison tests both ends of both.
constexpr bool on_board(int row, int col) { return (unsigned(row) | unsigned(col)) < 8; }

/// The square at (row, col), which must be on the board.
constexpr Square square_at(int row, int col) { return Square(row * 8 + col); }

/// The letter on the square at (row, col), which must be on the board.
constexpr char letter_at(const Board& board, int row, int col) { return board[unsigned(row * 8 + col)]; }

/// The FEN letter of colour c's piece of type pt.
constexpr char letter(Color c, PieceType pt) { return piece_to_char(make_piece(c, pt)); }

/// True for an empty square.
constexpr bool is_empty(char square) { return square == '-'; }

/// The letter as colour `us` sees it: its own pieces as capitals, the enemy's as small letters. XOR 0x20
/// swaps an ASCII letter's case ('-' becomes a control character, neither capital nor small).
constexpr char own_letter(char square, Color us) { return char(square ^ (us == WHITE ? 0 : 0x20)); }

/// True if the letter is a piece of colour c (false for an empty square). XOR 0x20 swaps an ASCII
/// letter's case: white's capitals become small letters (>= 'a'), while '-' (0x2d) stays below 'a'.
constexpr bool is_color(char square, Color c) { return (square ^ (c == WHITE ? 0x20 : 0)) >= 'a'; }

/// One colour's sliders counted per line of the board, so that an attack test walks a ray only when the
/// ray's line holds a slider that moves along it. Kept by Position beside the board string.
struct SliderLines {
  std::array<std::uint8_t, 8> ranks{}, files{};   // rooks and queens on each rank (row), each file (col)
  std::array<std::uint8_t, 15> diagonals{};       // bishops and queens on each a1-h8 line, row - col + 7
  std::array<std::uint8_t, 15> anti_diagonals{};  // bishops and queens on each a8-h1 line, row + col

  /// Adds (delta +1) or removes (-1) the piece `piece` (a FEN letter) on (row, col); a letter that is
  /// not a bishop, rook or queen changes nothing.
  void update(char piece, int row, int col, int delta) {
    const char kind = char(piece | 0x20);  // the small letter, whatever the colour
    if (kind == 'r' || kind == 'q') {
      ranks[row] = std::uint8_t(ranks[row] + delta);
      files[col] = std::uint8_t(files[col] + delta);
    }
    if (kind == 'b' || kind == 'q') {
      diagonals[row - col + 7] = std::uint8_t(diagonals[row - col + 7] + delta);
      anti_diagonals[row + col] = std::uint8_t(anti_diagonals[row + col] + delta);
    }
  }

  bool operator==(const SliderLines&) const = default;
};

/// Colour `by`, and what it has on the board that lets an attack test skip steps: whether it has
/// knights, where its king stands, and its slider lines. A colour alone means "look everywhere".
struct Attackers {
  Attackers(Color c) : by(c) {}  // NOLINT(google-explicit-constructor): a colour is "look everywhere"
  Attackers(Color c, bool has_knights, Square king_square, const SliderLines& slider_lines)
      : by(c), knights(has_knights), king(king_square), lines(&slider_lines) {}
  Color by;
  bool knights = true;                 // a knight on the board
  Square king = SQ_NONE;               // its king's square; looked for step by step when not known
  const SliderLines* lines = nullptr;  // its sliders per line; every ray is walked without them

  /// Which of the four lines through (row, col) hold a slider of `by` that moves along them: all four
  /// when its slider lines are not known.
  struct Lines {
    bool rank, file, diagonal, anti_diagonal;
    /// The flag of the line that `step` runs along.
    constexpr bool along(Step step) const {
      if (step.row == 0) return rank;
      if (step.col == 0) return file;
      return step.row == step.col ? diagonal : anti_diagonal;
    }
  };
  Lines lines_through(int row, int col) const {
    if (!lines) return {true, true, true, true};
    return {lines->ranks[row] != 0, lines->files[col] != 0, lines->diagonals[row - col + 7] != 0,
            lines->anti_diagonals[row + col] != 0};
  }
};

/// The squares holding pieces of colour `attackers.by` that attack `sq`, found by looking outward from
/// `sq` along pawn, knight, king and slider steps. Stops at the first hit when `first_only` is set.
Bitboard attackers_of(const Board& board, Square sq, Attackers attackers, bool first_only = false);

/// True if any piece of colour `attackers.by` attacks `sq` (its own pieces and empty squares alike).
inline bool is_square_attacked(const Board& board, Square sq, Attackers attackers) {
  return attackers_of(board, sq, attackers, true) != 0;
}

/// What threatens a king, found once per node.
struct KingSafety {
  Bitboard checkers = 0;  // enemy pieces giving check
  Bitboard pinned = 0;    // own pieces standing alone between the king and an enemy slider on its line
  /// Where a move other than the king's must land: everywhere out of check; in single check the checker
  /// and the squares between it and the king; nowhere in double check.
  Bitboard check_mask = ALL_SQUARES;
};

/// Looks outward from the king on `king` once. Enemy pawns, knights and sliders that attack it are
/// checkers; an own piece is pinned when the next piece beyond it on the same line is an enemy rook or
/// queen (rank, file) or bishop or queen (diagonal). `enemy` names the other colour and its kinds.
/// Out of check, only pinned pieces, the king itself and en passant can expose the king.
KingSafety king_safety(const Board& board, Square king, Attackers enemy);

}  // namespace movegen::mailbox
