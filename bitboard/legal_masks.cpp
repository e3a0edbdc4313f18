#include "bitboard/legal_masks.hpp"

#include "bitboard/attacks.hpp"
#include "bitboard/movegen.hpp"
#include "common/position_concept.hpp"

namespace movegen::bitboard {

static_assert(ChessPosition<MasksPosition>);

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

// The masks strategy's moves of stage S: this folder's visit of its pieces, handed to generate_within_masks.
template <Stage S>
void generate_masked(Position& pos, MoveList& list) {
  auto king_moves = [&](Square king, Bitboard safe) { generate_king_moves(pos, square_bb(king), safe, list); };
  auto other_moves = [&](const LegalityMasks& masks) {  // the pieces that are not pinned at once, then each pinned one
    const Bitboard others = pos.pieces(pos.side_to_move()) & ~square_bb(masks.king);
    generate_piece_moves(pos, others & ~masks.pinned, masks.check_mask, list);
    for (Bitboard pinned = others & masks.pinned; pinned;) {
      const Square from = pop_lsb(pinned);
      generate_piece_moves(pos, square_bb(from), piece_targets(masks, from, line_bb), list);
    }
  };
  generate_within_masks<S>(pos, list, king_moves, other_moves);
}

}  // namespace

LegalityMasks legality_masks(const Position& pos) { return legality_masks_of(pos, pinned_bb, between_bb); }

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

void generate_legal_masks(Position& pos, MoveList& list) { generate_masked<Stage::LEGAL>(pos, list); }

void generate_stage(MasksPosition& pos, MoveList& list, Stage stage) {
  with_stage(stage, [&]<Stage S>() { generate_masked<S>(pos, list); });
}

}  // namespace movegen::bitboard
