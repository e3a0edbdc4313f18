// Building a position from the command line's FEN and move list.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "common/uci.hpp"

namespace movegen::harness {

/// The position of `fen` after playing the UCI `moves` in order. Throws FenError for a bad FEN and
/// MoveError naming the first move that is not legal where it is played.
template <ChessPosition P>
P position_after(std::string_view fen, const std::vector<std::string>& moves) {
  P pos = P::from_fen(fen);
  for (const std::string& text : moves) pos.make_move(parse_uci_move(pos, text));
  return pos;
}

}  // namespace movegen::harness
