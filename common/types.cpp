#include "common/types.hpp"

namespace movegen {

std::string square_name(Square s) {
  if (!is_ok(s)) return "-";
  return {char('a' + file_of(s)), char('1' + rank_of(s))};
}

std::string square_names(Bitboard b) {
  std::string out;
  for (Square sq = SQ_A1; sq <= SQ_H8; ++sq)
    if (b & square_bb(sq)) out += (out.empty() ? "" : ", ") + square_name(sq);
  return out;
}

Square parse_square(std::string_view text) {
  if (text.size() != 2 || text[0] < 'a' || text[0] > 'h' || text[1] < '1' || text[1] > '8') return SQ_NONE;
  return make_square(File(text[0] - 'a'), Rank(text[1] - '1'));
}

}  // namespace movegen
