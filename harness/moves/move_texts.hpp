// A position's legal moves as the text a divide prints, for comparing move lists by text across generators
// and engines.
//
//   auto pos = MtuPosition<mailbox::Position>::from_fen(START_FEN);
//   legal_move_texts(pos).size();   // 20: "a2a3", "a2a4", ...
#pragma once

#include <string>
#include <vector>

#include "common/uci.hpp"

namespace movegen::harness {

/// The legal moves of `pos` (a ChessPosition or an AnyPosition) as UCI texts in `notation`, duplicates kept.
template <class P>
std::vector<std::string> legal_move_texts(P& pos, Notation notation = Notation::CLASSICAL) {
  MoveList list;
  pos.generate_legal(list);
  std::vector<std::string> texts;
  for (Move m : list) texts.push_back(to_uci(m, notation));
  return texts;
}

}  // namespace movegen::harness
