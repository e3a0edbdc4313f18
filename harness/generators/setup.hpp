// Building a position from the command line's FEN and move list.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "common/uci.hpp"

namespace movegen::harness {

/// The position of `fen` after playing the UCI `moves` (castling written as `notation` says) in order.
/// Throws FenError for a bad FEN and MoveError naming the first move that is not legal where it is played.
template <ChessPosition P>
P position_after(std::string_view fen, const std::vector<std::string>& moves, Notation notation = Notation::CLASSICAL) {
  P pos = P::from_fen(fen);
  for (const std::string& text : moves) pos.make_move(parse_uci_move(pos, text, notation));
  return pos;
}

/// The notation of a command's moves: Chess960's (castling as king takes rook, "e1h1") if `chess960`
/// (the --chess960 flag) is set or the FEN's castling rights need Chess960 (see needs_chess960), else the
/// classical one. Throws FenError for a bad FEN.
inline Notation notation_for(std::string_view fen, bool chess960) {
  return chess960 || needs_chess960(parse_fen(fen)) ? Notation::CHESS960 : Notation::CLASSICAL;
}

}  // namespace movegen::harness
