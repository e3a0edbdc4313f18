#include "tuned/mailbox/movegen.hpp"

#include "tuned/mailbox/generate.hpp"

namespace movegen::mailbox_tuned {

void generate_legal(Position& pos, MoveList& list) {
  MoveWriter writer(list);
  if (pos.side_to_move() == WHITE)
    generate_all<WHITE>(pos, writer);
  else
    generate_all<BLACK>(pos, writer);
}

void generate_stage(Position& pos, MoveList& list, Stage stage) {
  MoveWriter writer(list);
  with_stage(stage, [&]<Stage S>() {
    if constexpr (S == Stage::LEGAL) {
      generate_legal(pos, list);
    } else {
      StageMoves<S, MoveWriter> staged{pos.board(), writer};
      if (pos.side_to_move() == WHITE)
        generate_all<WHITE>(pos, staged);
      else
        generate_all<BLACK>(pos, staged);
    }
  });
}

std::size_t count_legal(Position& pos) {
  MoveCounter counter;
  if (pos.side_to_move() == WHITE)
    generate_all<WHITE>(pos, counter);
  else
    generate_all<BLACK>(pos, counter);
  return counter.count;
}

}  // namespace movegen::mailbox_tuned
