#include "common/move.hpp"

#include "common/castling.hpp"
#include "common/uci.hpp"

namespace movegen {

std::string to_uci(Move m, Notation notation) {
  const bool king_move = m.flag() == CASTLING && notation == Notation::CLASSICAL;
  std::string text = square_name(m.from()) + square_name(king_move ? castling_move(m).king_to : m.to());
  if (m.is_promotion()) text += "nbrq"[m.promotion_type() - KNIGHT];
  return text;
}

bool is_uci_move_text(std::string_view text) {
  if (text.size() != 4 && text.size() != 5) return false;
  if (parse_square(text.substr(0, 2)) == SQ_NONE || parse_square(text.substr(2, 2)) == SQ_NONE) return false;
  return text.size() == 4 || std::string_view("nbrq").find(text[4]) != std::string_view::npos;
}

}  // namespace movegen
