// UCI move text both ways: "e2e4", "e7e8q", castling as the king's move "e1g1" (classical notation) or
// as king takes own rook "e1h1" (Chess960 notation).
//
//   Move m = parse_uci_move(pos, "e2e4");   // throws MoveError if unknown or illegal here
//   pos.make_move(m);
#pragma once

#include <stdexcept>
#include <string>
#include <string_view>

#include "common/fen.hpp"
#include "common/position_concept.hpp"

namespace movegen {

/// A move text that is not UCI notation, or names no legal move of the position; what() says which.
class MoveError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// True if text has the shape of a UCI move: two squares a1..h8 and an optional promotion letter nbrq.
bool is_uci_move_text(std::string_view text);

/// The legal move of `pos` whose UCI text in `notation` is `text`. Throws MoveError naming the text and the
/// problem: not UCI move text, or not a legal move in this position (with its FEN).
template <ChessPosition P>
Move parse_uci_move(P& pos, std::string_view text, Notation notation = Notation::CLASSICAL) {
  if (!is_uci_move_text(text))
    throw MoveError("bad move " + quote_for_error(text) + ": not UCI move text such as e2e4 or e7e8q");
  MoveList moves;
  pos.generate_legal(moves);
  for (Move m : moves)
    if (to_uci(m, notation) == text) return m;
  throw MoveError("bad move " + quote_for_error(text) + ": not a legal move in " + pos.fen());
}

}  // namespace movegen
