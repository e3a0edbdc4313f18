#include "bitboard/legal_masks.hpp"

#include "bitboard/attacks.hpp"
#include "bitboard/movegen.hpp"
#include "common/make_test_unmake.hpp"
#include "common/position_concept.hpp"

namespace movegen::bitboard {

static_assert(ChessPosition<MasksPosition>);

LegalityMasks legality_masks(const Position& pos) {
  const Color us = pos.side_to_move(), them = ~us;
  LegalityMasks masks;
  masks.king = pos.king_square(us);
  masks.checkers = pos.checkers();
  // The enemy sliders that see the king when only their own pieces block: with exactly one piece (ours)
  // between, that piece is pinned.
  const Bitboard snipers = (attacks_bb<ROOK>(masks.king, pos.pieces(them)) & pos.pieces(them, ROOK, QUEEN)) |
                           (attacks_bb<BISHOP>(masks.king, pos.pieces(them)) & pos.pieces(them, BISHOP, QUEEN));
  for (Bitboard b = snipers; b;) {
    const Bitboard between = between_bb(masks.king, pop_lsb(b)) & pos.pieces();
    if (between && !more_than_one(between)) masks.pinned |= between;
  }
  // In single check, a move other than the king's must take the checker or land between it and the king;
  // in double check no such move answers both.
  if (masks.checkers)
    masks.check_mask = more_than_one(masks.checkers) ? 0 : masks.checkers | between_bb(masks.king, lsb(masks.checkers));
  return masks;
}

Bitboard safe_king_squares(const Position& pos) {
  const Color us = pos.side_to_move();
  const Square king = pos.king_square(us);
  Bitboard safe = 0;
  for (Bitboard steps = attacks_bb<KING>(king); steps;) {
    const Square s = pop_lsb(steps);
    if (!is_square_attacked_without(pos, s, ~us, square_bb(king))) safe |= square_bb(s);
  }
  return safe;
}

void generate_legal_masks(Position& pos, MoveList& list) {
  const std::size_t first = list.size();
  const LegalityMasks masks = legality_masks(pos);
  generate_king_moves(pos, square_bb(masks.king), safe_king_squares(pos), list);
  if (more_than_one(masks.checkers)) return;  // double check: only the king moves
  const Bitboard others = pos.pieces(pos.side_to_move()) & ~square_bb(masks.king);
  generate_piece_moves(pos, others & ~masks.pinned, masks.check_mask, list);
  for (Bitboard pinned = others & masks.pinned; pinned;) {
    const Square from = pop_lsb(pinned);
    generate_piece_moves(pos, square_bb(from), masks.check_mask & line_bb(masks.king, from), list);
  }
  if (!masks.checkers) generate_castling_moves(pos, list);
  drop_unsafe_en_passant(pos, list, first);  // en passant: made and tested
}

}  // namespace movegen::bitboard
