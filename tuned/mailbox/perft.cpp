// perft over Position, compiled once here, in a unit of its own (tuned/mailbox/position.hpp declares it
// `extern template`). In the harness's unit, which builds perft for all four generators, GCC reached its
// limit on how much a unit may grow by inlining and kept parts of make and unmake out of line (then the
// plain Position's play and take_back): a call each per leaf of a perft without bulk counting. Here make
// and unmake (tuned/mailbox/make_move.hpp) are inlined into the leaf loop.
#include "tuned/mailbox/position.hpp"

namespace movegen {

template std::uint64_t perft<mailbox_tuned::Position>(mailbox_tuned::Position& pos, int depth, Counting counting);

}  // namespace movegen
