#include "harness/perft_nodes.hpp"

#include "common/perft.hpp"

namespace movegen::harness {

std::uint64_t perft_nodes(Generator g, std::string_view fen, int depth, const PerftSettings& s) {
  return with_generator(g, [&]<ChessPosition P>() {
    P pos = P::from_fen(fen);
    return perft(pos, depth, s.bulk ? Counting::BULK : Counting::MAKE_EVERY_LEAF);
  });
}

}  // namespace movegen::harness
