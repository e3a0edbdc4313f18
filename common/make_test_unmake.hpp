// The legality test of make-test-unmake, written once for every reference position: a pseudo-legal move is
// legal if, once made, the mover's king is not attacked. The make-test-unmake strategy asks it of every
// move (generate_legal_made_and_tested, the strategy itself); the masks strategy only of en passant.
//
//   if (keeps_king_safe(pos, m)) list.push_back(m);   // m made with pos.play, tested, taken back
#pragma once

#include <cstddef>

#include "common/move.hpp"
#include "common/types.hpp"

namespace movegen {

/// True if pseudo-legal move `m` leaves the mover's king unattacked: made with pos.play(m), the king tested
/// with pos.is_square_attacked, taken back with pos.take_back. `pos` is left as it was.
template <class P>
bool keeps_king_safe(P& pos, Move m) {
  const Color us = pos.side_to_move();
  const auto undo = pos.play(m);
  const bool safe = !pos.is_square_attacked(pos.king_square(us), ~us);
  pos.take_back(m, undo);
  return safe;
}

/// The make-test-unmake strategy, written once for every reference representation: appends to `list` each
/// pseudo-legal move of the side to move (the representation's generate_pseudo_legal, found by
/// argument-dependent lookup) that keeps_king_safe keeps, in generation order. Leaves `pos` as it was.
template <class P>
void generate_legal_made_and_tested(P& pos, MoveList& list) {
  MoveList pseudo;
  generate_pseudo_legal(pos, pseudo);
  for (Move m : pseudo)
    if (keeps_king_safe(pos, m)) list.push_back(m);
}

/// Removes from list[first..] each en passant capture that keeps_king_safe rejects; keeps the order of the
/// others.
template <class P>
void drop_unsafe_en_passant(P& pos, MoveList& list, std::size_t first) {
  std::size_t kept = first;
  for (std::size_t i = first; i < list.size(); ++i)
    if (list[i].flag() != EN_PASSANT || keeps_king_safe(pos, list[i])) list.set(kept++, list[i]);
  list.resize(kept);
}

}  // namespace movegen
