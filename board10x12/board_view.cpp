#include "board10x12/board_view.hpp"

#include <string>

namespace movegen::board10x12 {

BoardView board_view(const Position& pos) {
  const std::string board(pos.board_string());
  BoardView view{"10x12 board (index 10 * (rank + 2) + file + 1, a1 = 21; '#' sentinel, '-' empty):", {}, {}};
  for (int first = BOARD120_SIZE - 10; first >= 0; first -= 10) {
    const std::string index = std::to_string(first);
    view.lines.push_back(std::string(5 - index.size(), ' ') + index + "  " + board.substr(first, 10));
  }
  view.lines.push_back("        abcdefgh");
  view.fields.push_back({"board string", {board}});
  return view;
}

}  // namespace movegen::board10x12
