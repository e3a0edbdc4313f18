#include "bitboard/board_view.hpp"

#include <cstdio>
#include <string>

namespace movegen::bitboard {

namespace {

constexpr const char* PIECE_TYPE_NAMES[] = {"", "PAWN", "KNIGHT", "BISHOP", "ROOK", "QUEEN", "KING"};

std::string hex(Bitboard b) {
  char text[24];
  std::snprintf(text, sizeof text, "0x%016llx", static_cast<unsigned long long>(b));
  return text;
}

}  // namespace

BoardView board_view(const Position& pos) {
  BoardView view{"bitboards (bit n = square n, a1 = bit 0): the sets the position keeps", {}, {}};
  const auto add = [&](const std::string& name, Bitboard set) {
    std::string squares;
    for (Square sq = SQ_A1; sq <= SQ_H8; ++sq)
      if (set & square_bb(sq)) squares += " " + square_name(sq);
    char line[96];
    std::snprintf(line, sizeof line, "  %-22s %s", name.c_str(), hex(set).c_str());
    view.lines.push_back(squares.empty() ? line : line + (" " + squares));
    view.fields.push_back({name, {hex(set)}});
  };
  for (Color c : {WHITE, BLACK})
    for (PieceType pt = PAWN; pt <= KING; pt = PieceType(pt + 1))
      add(std::string(c == WHITE ? "pieces(WHITE, " : "pieces(BLACK, ") + PIECE_TYPE_NAMES[pt] + ")",
          pos.pieces(c, pt));
  add("pieces(WHITE)", pos.pieces(WHITE));
  add("pieces(BLACK)", pos.pieces(BLACK));
  return view;
}

}  // namespace movegen::bitboard
