// `fuzz --against` with a slow engine and --time: the time is spread over many short games from many
// starts, the summary counts the distinct positions and games the engine was checked at, and a bug that
// needs a position from the middle of a game is found. tests/broken_engine answers 100 ms late here.
#include <boost/test/unit_test.hpp>
#include <string>

#include "tests/run_cli.hpp"

using namespace movegen::test;

namespace {

std::string slow_engine(const std::string& bug) {
  return std::string("uci:") + BROKEN_ENGINE + " --uci " + bug + " --delay 100";
}

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

}  // namespace

BOOST_AUTO_TEST_CASE(a_slow_engine_is_checked_over_many_short_games) {
  const Run r = run_cli({"fuzz", "--against", slow_engine("none"), "--time", "6", "--seed", "1"});
  BOOST_TEST(r.code == 0, r.err);
  // One game from the start position took the whole time before: now each game gets a share of it.
  const std::size_t at = r.out.find(" distinct positions in ");
  BOOST_REQUIRE_MESSAGE(at != std::string::npos, r.out);
  const int games = std::stoi(r.out.substr(at + 23));
  BOOST_TEST(games >= 10, r.out);
  BOOST_TEST(contains(r.out, "note: few positions for an engine this slow"), r.out);
}

BOOST_AUTO_TEST_CASE(a_slow_engine_with_a_mid_game_bug_is_caught_within_the_time) {
  const Run r = run_cli({"fuzz", "--against", slow_engine("double-push-any-rank"), "--time", "30", "--seed", "1"});
  BOOST_TEST(r.code == 1, r.out << r.err);
  BOOST_TEST(contains(r.out, "MISMATCH"), r.out);
  BOOST_TEST(contains(r.out, "is not legal: a pawn double-pushes only from its starting rank"), r.out);
}
