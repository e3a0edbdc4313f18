#include "bitboard/bitboard.hpp"

#include "common/steps.hpp"

namespace movegen::bitboard {

namespace {

using detail::PairTable;

// Walks from `from` in each direction: every square passed gets between = the squares walked over
// before it, and line = the whole line through `from` in that direction and its opposite.
constexpr PairTable make_table(bool whole_line) {
  PairTable table{};
  for (int from = 0; from < SQUARE_NB; ++from) {
    for (Step d : KING_STEPS) {  // the eight line directions
      const int dr = d.row, df = d.col;
      Bitboard line = square_bb(Square(from));
      for (int sign : {1, -1})
        for (int r = from / 8 + sign * dr, f = from % 8 + sign * df; on_board(r, f); r += sign * dr, f += sign * df)
          line |= square_bb(Square(r * 8 + f));
      Bitboard walked = 0;
      for (int r = from / 8 + dr, f = from % 8 + df; on_board(r, f); r += dr, f += df) {
        table[from][r * 8 + f] = whole_line ? line : walked;
        walked |= square_bb(Square(r * 8 + f));
      }
    }
  }
  return table;
}

}  // namespace

constexpr PairTable detail::BETWEEN_BB = make_table(false);
constexpr PairTable detail::LINE_BB = make_table(true);

std::string to_string(Bitboard b) {
  std::string out;
  for (int r = RANK_8; r >= RANK_1; --r) {
    out += char('1' + r);
    for (int f = FILE_A; f <= FILE_H; ++f) {
      out += ' ';
      out += (b & square_bb(make_square(File(f), Rank(r)))) ? 'X' : '.';
    }
    out += '\n';
  }
  out += "  a b c d e f g h\n";
  return out;
}

}  // namespace movegen::bitboard
