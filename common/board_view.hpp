// A representation's own board, drawn by its folder (mailbox/board_view.hpp, x88/board_view.hpp,
// bitboard/board_view.hpp, ...): lines of text for `movegen show`, and the same data as named fields for
// `show --json` (docs/json.md) and the browser study view. The harness finds each representation's
// `board_view(const Position&)` through the generator table, so a new representation's view appears by itself.
//
//   BoardView v = mailbox::board_view(pos);   // v.lines: the drawing; v.fields: {"board string", {"RNBQKBNR..."}}
#pragma once

#include <string>
#include <vector>

namespace movegen {

/// One named piece of a board's data, as text values: a string, a list of 64 or 128 entries, a set as hex.
struct BoardField {
  std::string name;
  std::vector<std::string> values;
};

/// A representation's board: a one-line caption saying how to read it, the drawing, and its data by name.
struct BoardView {
  std::string caption;
  std::vector<std::string> lines;
  std::vector<BoardField> fields;
};

}  // namespace movegen
