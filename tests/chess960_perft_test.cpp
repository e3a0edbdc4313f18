// The Chess960 perft suite (tests/data/chess960.epd: the 960 published positions and our own) to depth 4
// in every generator; under MOVEGEN_TEST_QUICK to depth 2.
#include <boost/test/unit_test.hpp>

#include "common/epd.hpp"
#include "common/perft.hpp"
#include "tests/generators.hpp"
#include "tests/quick.hpp"

using namespace movegen;
using namespace movegen::testing;

BOOST_AUTO_TEST_CASE_TEMPLATE(chess960_suite_to_depth_4, P, Generators) {
  const int max_depth = test::quick_tests() ? 2 : 4;
  int checked = 0;
  for (const EpdEntry& e : load_epd(std::string(MOVEGEN_SOURCE_DIR) + "/tests/data/chess960.epd")) {
    P pos = P::from_fen(e.fen);
    for (const PerftCount& c : e.counts) {
      if (c.depth > max_depth) break;
      BOOST_TEST(perft(pos, c.depth) == c.nodes, "chess960.epd line " << e.line << " D" << c.depth << " " << e.fen);
      ++checked;
    }
    BOOST_TEST(pos.fen() == P::from_fen(e.fen).fen());  // perft leaves the position as it found it
  }
  BOOST_TEST(checked >= 976 * max_depth);
}
