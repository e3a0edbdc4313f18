#include "tuned/bitboard/movegen.hpp"

#include "tuned/bitboard/count.hpp"

namespace movegen::bitboard_tuned {

CheckAndPinMasks check_and_pin_masks(const PieceSets& pos, Color us) {
  const Square king = pos.king_square(us);
  return us == WHITE ? check_and_pin_masks<WHITE>(pos, king) : check_and_pin_masks<BLACK>(pos, king);
}

CheckAndPinMasks check_and_pin_masks(const PieceSets& pos) { return check_and_pin_masks(pos, pos.side_to_move()); }

Bitboard king_danger(const PieceSets& pos) {
  return pos.side_to_move() == WHITE ? king_danger<WHITE>(pos) : king_danger<BLACK>(pos);
}

void generate_legal(const PieceSets& pos, MoveList& list) {
  MoveWriter writer(list);
  if (pos.side_to_move() == WHITE)
    generate_all<WHITE>(pos, writer);
  else
    generate_all<BLACK>(pos, writer);
}

void generate_stage(const PieceSets& pos, MoveList& list, Stage stage) {
  MoveWriter writer(list);
  with_stage(stage, [&]<Stage S>() {
    if constexpr (S == Stage::LEGAL)
      generate_legal(pos, list);
    else if (pos.side_to_move() == WHITE)
      generate_stage_moves<WHITE, S>(pos, writer);
    else
      generate_stage_moves<BLACK, S>(pos, writer);
  });
}

std::size_t count_legal(const PieceSets& pos) {
  return pos.side_to_move() == WHITE ? count_legal_moves<WHITE>(pos) : count_legal_moves<BLACK>(pos);
}

// The per-piece generators for both colours and both sinks, so that other files can call them too.
#define INSTANTIATE_GENERATORS(Us, Sink)                                                                \
  template void generate_pawn_moves<Us, Sink>(const PieceSets&, const CheckAndPinMasks&, Sink&);           \
  template void generate_knight_moves<Us, Sink>(const PieceSets&, const CheckAndPinMasks&, Sink&);         \
  template void generate_slider_moves<Us, BISHOP, Sink>(const PieceSets&, const CheckAndPinMasks&, Sink&); \
  template void generate_slider_moves<Us, ROOK, Sink>(const PieceSets&, const CheckAndPinMasks&, Sink&);   \
  template void generate_slider_moves<Us, QUEEN, Sink>(const PieceSets&, const CheckAndPinMasks&, Sink&);  \
  template void generate_king_moves<Us, Sink>(const PieceSets&, Square, Bitboard, Sink&);               \
  template void generate_castling_moves<Us, Sink>(const PieceSets&, const CheckAndPinMasks&, Bitboard, Sink&);
INSTANTIATE_GENERATORS(WHITE, MoveWriter)
INSTANTIATE_GENERATORS(BLACK, MoveWriter)
INSTANTIATE_GENERATORS(WHITE, MoveCounter)
INSTANTIATE_GENERATORS(BLACK, MoveCounter)
#undef INSTANTIATE_GENERATORS

}  // namespace movegen::bitboard_tuned
