#include "tuned/bitboard/sibling_count.hpp"

#include "tuned/bitboard/shared_replies.hpp"

namespace movegen::bitboard_tuned {

namespace {

// count_legal_after_each with A, the side to move at the leaf parent's parent, known at compile time; B replies.
template <Color A>
std::uint64_t count_after_each(const PieceSets& pos, const Piece* board, const MoveList& moves) {
  SharedReplies<A> shared(pos);
  std::uint64_t nodes = 0;
  for (Move m : moves) {
    const Piece moved = board[m.from()], captured = board[m.to()];
    int count;
    if (m.flag() <= DOUBLE_PUSH && captured == NO_PIECE &&
        shared.count_after(type_of(moved), m.from(), m.to(), m.flag() == DOUBLE_PUSH, count))
      nodes += static_cast<std::uint64_t>(count);
    else
      nodes += count_legal_after(pos, m, moved, captured);
  }
  return nodes;
}

}  // namespace

std::uint64_t count_legal_after_each(const PieceSets& pos, const Piece* board, const MoveList& moves) {
  return pos.side_to_move() == WHITE ? count_after_each<WHITE>(pos, board, moves)
                                     : count_after_each<BLACK>(pos, board, moves);
}

}  // namespace movegen::bitboard_tuned
