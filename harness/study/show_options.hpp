// What `movegen show` is asked (harness/study/show_view.hpp lays it out; `movegen show` and `movegen lab` set it).
#pragma once

#include <string>

#include "common/fen.hpp"

namespace movegen::harness {

/// What `movegen show` is asked: a position, and optionally an outside generator to list beside ours.
struct ShowOptions {
  std::string fen = std::string(START_FEN);
  std::string against;          // a generator spec whose legal moves are listed beside ours, or empty
  double timeout_seconds = 60;  // longest wait for one line of its output
  bool chess960 = false;        // Chess960 notation (implied by a Chess960-only FEN)
  bool json = false;            // one JSON document of the same data (show_json; docs/json.md)
};

}  // namespace movegen::harness
