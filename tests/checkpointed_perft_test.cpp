// `movegen perft --checkpoint FILE`: a hashed, threaded perft killed part-way (the test-only --test-kill-after
// N: SIGKILL once N subtrees are on disk) resumes from its checkpoint to the exact total and divide; a
// checkpoint of another run is refused, and a finished one answers with the same report.
#include <boost/test/unit_test.hpp>
#include <regex>
#include <string>
#include <vector>

#include "tests/quick.hpp"
#include "tests/run_cli.hpp"

using namespace movegen::test;

namespace {

// The number of subtree records in a checkpoint file.
int records_in(const std::string& path) {
  const std::string text = slurp(path);
  int records = 0;
  for (std::size_t at = text.find("\ndone "); at != std::string::npos; at = text.find("\ndone ", at + 1)) ++records;
  return records;
}

// The "N subtrees, R of them from the checkpoint" of a run's stderr, as (N, R); (-1, -1) if missing.
std::pair<int, int> subtrees_and_resumed(const std::string& err) {
  std::smatch m;
  if (!std::regex_search(err, m, std::regex("(\\d+) subtrees, (\\d+) of them from the checkpoint"))) return {-1, -1};
  return {std::stoi(m[1]), std::stoi(m[2])};
}

}  // namespace

BOOST_AUTO_TEST_CASE(a_hashed_perft_killed_part_way_resumes_to_the_exact_count) {
  const std::string checkpoint = (scratch().dir / "start.checkpoint").string();
  // Start position D5 (4,865,609, chessprogramming wiki "Perft Results"), D4 under sanitizers (197,281).
  const bool quick = quick_tests();
  const std::string depth = quick ? "4" : "5", nodes = quick ? "197281" : "4865609";
  const std::vector<std::string> args = {"perft", "--hash", "16", "--threads", "2", "--checkpoint", checkpoint, depth};
  const Run plain = run_cli({"perft", "--hash", "16", "--threads", "2", depth});
  BOOST_TEST(plain.out.find("Nodes searched: " + nodes + "\n") != std::string::npos, plain.out);

  std::vector<std::string> killed_args = args;
  killed_args.insert(killed_args.begin() + 1, {"--test-kill-after", "40"});
  const Run killed = run_cli(killed_args);
  BOOST_TEST(killed.code == 128 + 9);  // SIGKILL
  BOOST_TEST(killed.out == "");
  BOOST_TEST(records_in(checkpoint) == 40);  // exactly: the writer stops at the kill, however far counting ran

  const Run resumed = run_cli(args);
  BOOST_TEST(resumed.code == 0, resumed.err);
  BOOST_TEST(resumed.out == plain.out);  // the same divide and total
  const auto [subtrees, from_checkpoint] = subtrees_and_resumed(resumed.err);
  BOOST_TEST(from_checkpoint == 40, resumed.err);
  BOOST_TEST(subtrees > 40);
  BOOST_TEST(records_in(checkpoint) == subtrees);

  // Finished: the same report from the file alone, with any counting mode, threads or hash.
  const Run again = run_cli({"perft", "--bulk", "node", "--threads", "1", "--checkpoint", checkpoint, depth});
  BOOST_TEST(again.out == plain.out);
  BOOST_TEST(subtrees_and_resumed(again.err).second == subtrees, again.err);
}

BOOST_AUTO_TEST_CASE(a_checkpoint_of_another_run_is_refused) {
  const std::string checkpoint = (scratch().dir / "other.checkpoint").string();
  const Run first = run_cli({"perft", "--checkpoint", checkpoint, "3"});
  BOOST_TEST(first.code == 0, first.err);
  BOOST_TEST(first.out.find("Nodes searched: 8902\n") != std::string::npos);
  expect_bad_input({"perft", "--checkpoint", checkpoint, "4"}, "of another run");
  expect_bad_input({"perft", "--generator", "mailbox", "--checkpoint", checkpoint, "3"}, "of another run");
  expect_bad_input({"perft", "--checkpoint", scratch().dir.string(), "3"}, "cannot open: Is a directory");
}
