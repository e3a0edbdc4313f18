// The Chess960 perft suite (tests/data/chess960.epd: published positions and our own) to depth 4
// in every generator; under MOVEGEN_TEST_QUICK to depth 2.
#include <boost/test/unit_test.hpp>
#include <vector>

#include "common/epd.hpp"
#include "common/perft.hpp"
#include "tests/generators.hpp"
#include "tests/quick.hpp"

using namespace movegen;
using namespace movegen::testing;

BOOST_AUTO_TEST_CASE_TEMPLATE(chess960_suite_to_depth_4, P, Generators) {
  const int max_depth = test::quick_tests() ? 2 : 4;
  int checked = 0;
  const std::vector<EpdEntry> suite = load_epd(std::string(MOVEGEN_SOURCE_DIR) + "/tests/data/chess960.epd");
  for (const EpdEntry& e : suite) {
    P pos = P::from_fen(e.fen);
    for (const PerftCount& c : e.counts) {
      if (c.depth > max_depth) break;
      BOOST_TEST(perft(pos, c.depth) == c.nodes, "chess960.epd line " << e.line << " D" << c.depth << " " << e.fen);
      ++checked;
    }
    BOOST_TEST(pos.fen() == P::from_fen(e.fen).fen());  // perft leaves the position as it found it
  }
  BOOST_TEST(checked == static_cast<int>(suite.size()) * max_depth);  // every line has D1..D4
}
