#include "bitboard/legal_masks.hpp"

#include "bitboard/attacks.hpp"
#include "bitboard/movegen.hpp"

namespace movegen::bitboard {

namespace {

// The own pieces pinned to the king on `king`: each enemy slider that sees the king when only its own
// pieces block ("sniper") pins the piece between them if that is the one piece there, and ours.
Bitboard pinned_bb(const Position& pos, Square king) {
  const Color them = ~pos.side_to_move();
  const Bitboard snipers = (attacks_bb<ROOK>(king, pos.pieces(them)) & pos.pieces(them, ROOK, QUEEN)) |
                           (attacks_bb<BISHOP>(king, pos.pieces(them)) & pos.pieces(them, BISHOP, QUEEN));
  Bitboard pinned = 0;
  for (Bitboard b = snipers; b;) {
    const Bitboard between = between_bb(king, pop_lsb(b)) & pos.pieces();
    if (between && !more_than_one(between)) pinned |= between;
  }
  return pinned;
}

}  // namespace

CheckAndPinMasks check_and_pin_masks(const Position& pos) { return check_and_pin_masks_of(pos, pinned_bb, between_bb); }

void generate_moves_within(const Position& pos, CheckAndPinMasks masks,
                           MoveList& list) {  // the pieces that are not pinned at once, then each pinned one
  const Bitboard others = pos.pieces(pos.side_to_move()) & ~square_bb(masks.king);
  generate_piece_moves(pos, others & ~masks.pinned, masks.check_mask, list);
  for (Bitboard pinned = others & masks.pinned; pinned;) {
    const Square from = pop_lsb(pinned);
    generate_piece_moves(pos, square_bb(from), piece_targets(masks, from, line_bb), list);
  }
}

}  // namespace movegen::bitboard
