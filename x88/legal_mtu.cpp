#include "x88/legal_mtu.hpp"

#include "common/make_test_unmake.hpp"
#include "common/position_concept.hpp"
#include "x88/movegen.hpp"

namespace movegen::x88 {

static_assert(ChessPosition<MtuPosition>);

void generate_legal_mtu(Position& pos, MoveList& list) {
  MoveList pseudo;
  generate_pseudo_legal(pos, pseudo);
  for (Move m : pseudo)
    if (keeps_king_safe(pos, m)) list.push_back(m);
}

}  // namespace movegen::x88
