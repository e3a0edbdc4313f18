#include "x88/legal_mtu.hpp"

#include "common/make_test_unmake.hpp"
#include "common/position_concept.hpp"
#include "x88/movegen.hpp"

namespace movegen::x88 {

static_assert(ChessPosition<MtuPosition>);

void generate_legal_mtu(Position& pos, MoveList& list) { generate_legal_made_and_tested(pos, list); }

void generate_stage(MtuPosition& pos, MoveList& list, Stage stage) { generate_stage_made_and_tested(pos, list, stage); }

}  // namespace movegen::x88
