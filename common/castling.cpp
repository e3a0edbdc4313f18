#include "common/castling.hpp"

#include <algorithm>

namespace movegen {

namespace {

// The squares from a to b on one rank, both included.
Bitboard span_bb(Square a, Square b) {
  Bitboard squares = 0;
  for (Square s = std::min(a, b); s <= std::max(a, b); ++s) squares |= square_bb(s);
  return squares;
}

}  // namespace

CastlingRules CastlingRules::of(const BoardState& s) {
  CastlingRules rules;
  rules.kept_.fill(ANY_CASTLING);
  for (int i = 0; i < 4; ++i) {
    const CastlingRights right = CastlingRights(1 << i);
    const Color c = Color(i / 2);
    const bool held = s.castling & right;
    // A right not held keeps the classical squares, for reports on it; no move ever uses it.
    Square king = relative_square(c, SQ_E1);
    for (Square sq = SQ_A1; sq <= SQ_H8 && held; ++sq)
      if (s.board[sq] == make_piece(c, KING)) king = sq;
    const Square rook = held ? s.castling_rooks[i] : relative_square(c, i % 2 == 0 ? SQ_H1 : SQ_A1);
    const CastlingMove m = castling_move(king, rook);
    CastlingRule& r = rules.rules_[i];
    r = {right, c, m.king_from, m.king_to, m.rook_from, m.rook_to};
    const Bitboard own = square_bb(m.king_from) | square_bb(m.rook_from);
    r.path = (span_bb(m.king_from, m.king_to) | span_bb(m.rook_from, m.rook_to)) & ~own;
    r.king_path = span_bb(m.king_from, m.king_to) & ~square_bb(m.king_from);
    r.rook_may_shield = file_of(m.rook_from) != FILE_A && file_of(m.rook_from) != FILE_H;
    if (!held) continue;
    rules.kept_[m.king_from] = rules.kept_[m.king_from] & ~right;
    rules.kept_[m.rook_from] = rules.kept_[m.rook_from] & ~right;
    rules.classical_ &= file_of(m.king_from) == FILE_E && !r.rook_may_shield;
  }
  return rules;
}

std::array<Square, 4> CastlingRules::rook_squares(CastlingRights rights) const {
  std::array<Square, 4> rooks;
  for (int i = 0; i < 4; ++i) rooks[i] = (rights >> i & 1) ? rules_[i].rook_from : SQ_NONE;
  return rooks;
}

}  // namespace movegen
