// The progress bar of long runs: its one line of text, and that it stays off the output when stderr is not
// a terminal (the tests run without one), so that a report to a file or a pipe is byte for byte the same;
// unless a run asks for a line every so many seconds, as perft does for runs longer than that.
#include <boost/test/unit_test.hpp>
#include <chrono>
#include <sstream>
#include <string>
#include <thread>

#include "harness/cli/progress_bar.hpp"
#include "tests/quick.hpp"
#include "tests/run_cli.hpp"

using namespace movegen::harness;
using movegen::test::run_cli;

BOOST_AUTO_TEST_CASE(line_shows_bar_nodes_speed_and_time_left) {
  BOOST_TEST(progress_line({.nodes = 50'000'000, .done = 1, .total = 4, .seconds = 2.0}, 8) ==
             "[##------]  25%  50000000 nodes  25.0 Mnps  6 s left");
  BOOST_TEST(progress_line({.nodes = 10, .done = 4, .total = 4, .seconds = 1.0}, 4) ==
             "[####] 100%  10 nodes  0.0 Mnps");
}

BOOST_AUTO_TEST_CASE(line_leaves_out_what_cannot_be_estimated) {
  // No total: no bar and no time left. No time or no nodes yet: no speed.
  BOOST_TEST(progress_line({.nodes = 3'000'000, .done = 0, .total = 0, .seconds = 1.5}) == "3000000 nodes  2.0 Mnps");
  BOOST_TEST(progress_line({.nodes = 0, .done = 0, .total = 3, .seconds = 0}, 3) == "[---]   0%  0 nodes");
}

BOOST_AUTO_TEST_CASE(bar_draws_nothing_on_a_stream_that_is_not_a_terminal) {
  std::ostringstream err;
  {
    ProgressBar bar(err);
    BOOST_TEST(!bar.shown());
    bar.update({.nodes = 1, .done = 1, .total = 2, .seconds = 10});
    bar.clear();
  }
  BOOST_TEST(err.str() == "");
  BOOST_TEST(!is_terminal(err));
}

BOOST_AUTO_TEST_CASE(bar_writes_a_line_every_so_often_on_a_stream_that_is_not_a_terminal_if_asked) {
  std::ostringstream err;
  {
    ProgressBar bar(err, 0.05);
    BOOST_TEST(bar.shown());
    bar.update({.nodes = 1, .done = 1, .total = 4, .seconds = 0.01});  // too soon: nothing
    BOOST_TEST(err.str() == "");
    std::this_thread::sleep_for(std::chrono::milliseconds(60));
    bar.update({.nodes = 2'000'000, .done = 1, .total = 4, .seconds = 1});
    bar.update({.nodes = 3'000'000, .done = 2, .total = 4, .seconds = 1.5});  // too soon again
    bar.clear();
  }
  BOOST_TEST(err.str() == "[#####---------------]  25%  2000000 nodes  2.0 Mnps  3 s left\n");
}

BOOST_AUTO_TEST_CASE(runs_without_a_terminal_print_nothing_extra) {
  // perft: the timing line alone on stderr; suite and compare: nothing.
  const auto perft = run_cli({"perft", "--threads", "2", "--hash", "1", movegen::test::quick_tests() ? "3" : "5"});
  BOOST_TEST(perft.code == 0);
  BOOST_TEST(perft.err.rfind("bitboard-tuned: ", 0) == 0);
  BOOST_TEST(std::count(perft.err.begin(), perft.err.end(), '\n') == 1);
  BOOST_TEST(perft.err.find('\r') == std::string::npos);
  const std::string suite = MOVEGEN_SOURCE_DIR "/tests/data/standard.epd";
  const auto s = run_cli({"suite", "--generator", "bitboard-tuned", "--max-depth", "3", suite});
  BOOST_TEST(s.code == 0);
  BOOST_TEST(s.err == "");
  const auto c = run_cli({"compare", "--generators", "bitboard-tuned,mailbox-masks", "--max-depth", "3", suite});
  BOOST_TEST(c.code == 0);
  BOOST_TEST(c.err == "");
}
