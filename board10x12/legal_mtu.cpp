#include "board10x12/legal_mtu.hpp"

#include "board10x12/movegen.hpp"
#include "common/make_test_unmake.hpp"
#include "common/position_concept.hpp"

namespace movegen::board10x12 {

static_assert(ChessPosition<MtuPosition>);

void generate_legal_mtu(Position& pos, MoveList& list) {
  MoveList pseudo;
  generate_pseudo_legal(pos, pseudo);
  for (Move m : pseudo)
    if (keeps_king_safe(pos, m)) list.push_back(m);
}

}  // namespace movegen::board10x12
