// perft of the standard positions and the bundled suite, for every generator, plus perft's own
// consistency: divide sums to perft, and bulk counting equals making every leaf move.
#include "common/perft.hpp"

#include <boost/test/unit_test.hpp>
#include <cstdlib>

#include "common/epd.hpp"
#include "tests/generators.hpp"
#include "tests/quick.hpp"

using namespace movegen;
using namespace movegen::testing;

namespace {

std::vector<EpdEntry> load(const char* name) {
  return load_epd(std::string(MOVEGEN_SOURCE_DIR) + "/tests/data/" + name);
}

template <ChessPosition P>
void check_file(const char* name) {
  int checked = 0;
  for (const EpdEntry& e : load(name)) {
    P pos = P::from_fen(e.fen);
    for (const PerftCount& c : e.counts) {
      if (c.nodes > test::perft_node_budget()) continue;
      BOOST_TEST(perft(pos, c.depth) == c.nodes, name << " line " << e.line << " D" << c.depth << " " << e.fen);
      ++checked;
    }
  }
  BOOST_TEST(checked > 0);
}

}  // namespace

BOOST_AUTO_TEST_CASE_TEMPLATE(standard_positions, P, Generators) { check_file<P>("standard.epd"); }

BOOST_AUTO_TEST_CASE_TEMPLATE(bundled_suite, P, Generators) { check_file<P>("perft.epd"); }

BOOST_AUTO_TEST_CASE_TEMPLATE(divide_sums_to_perft_and_bulk_equals_full_counting, P, Generators) {
  P pos = P::from_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
  const std::string before = pos.fen();
  std::uint64_t sum = 0;
  auto split = divide(pos, 3);
  for (auto [move, nodes] : split) sum += nodes;
  BOOST_TEST(split.size() == 48u);
  BOOST_TEST(sum == perft(pos, 3));
  BOOST_TEST(perft(pos, 3, Counting::MAKE_EVERY_LEAF) == perft(pos, 3, Counting::BULK));
  BOOST_TEST(pos.fen() == before);
  BOOST_TEST(perft(pos, 0) == 1u);
  // divide lists moves sorted by their UCI text.
  for (std::size_t i = 1; i < split.size(); ++i) BOOST_TEST(to_uci(split[i - 1].first) < to_uci(split[i].first));
}
