#include "x88/board_view.hpp"

#include <cstdio>
#include <string>

namespace movegen::x88 {

namespace {

std::string hex(Square88 sq) {
  char text[8];
  std::snprintf(text, sizeof text, "0x%02x", unsigned(sq));
  return text;
}

}  // namespace

BoardView board_view(const Position& pos) {
  BoardView view{"0x88 board (index 16 * rank + file; '~' off the board, where sq & 0x88 is nonzero):",
                 {"        0 1 2 3 4 5 6 7 8 9 a b c d e f"},
                 {}};
  std::vector<std::string> entries(128);
  for (Square88 sq = 0; sq < 128; ++sq)
    entries[sq] = off_board(sq)                 ? "~"
                  : pos.board()[sq] == NO_PIECE ? "."
                                                : std::string(1, piece_to_char(pos.board()[sq]));
  for (int rank = RANK_8; rank >= RANK_1; --rank) {
    std::string row = "  " + hex(16 * rank) + " ";
    for (Square88 sq = 16 * rank; sq < 16 * rank + 16; ++sq) row += " " + entries[sq];
    view.lines.push_back(row);
  }
  view.lines.push_back("        a b c d e f g h");
  view.fields.push_back({"board", entries});
  for (Color c : {WHITE, BLACK}) {
    BoardField list{c == WHITE ? "pieces(WHITE)" : "pieces(BLACK)", {}};
    std::string line = "  " + list.name + ":";
    for (Square88 sq : pos.pieces(c)) {
      list.values.push_back(hex(sq));
      line += " " + std::string(1, piece_to_char(pos.board()[sq])) + hex(sq);
    }
    view.lines.push_back(line);
    view.fields.push_back(std::move(list));
  }
  return view;
}

}  // namespace movegen::x88
