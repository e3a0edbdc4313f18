#include "mailbox/board_view.hpp"

#include <string>

namespace movegen::mailbox {

BoardView board_view(const Position& pos) {
  const std::string board(pos.board_string());
  BoardView view{"mailbox board string (index 8 * rank + file, a1 = 0; '-' empty):", {"  " + board}, {}};
  for (int rank = RANK_8; rank >= RANK_1; --rank) {
    const int first = 8 * rank;
    view.lines.push_back((first < 10 ? "   " : "  ") + std::to_string(first) + "  " + board.substr(first, 8));
  }
  view.fields.push_back({"board string", {board}});
  return view;
}

}  // namespace movegen::mailbox
