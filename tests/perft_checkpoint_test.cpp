// The checkpoint of a distributed perft run (harness/perft/perft_checkpoint.hpp): records survive a reopen,
// another run's file is refused, and every kind of damaged line is named by its line number.
#include "harness/perft/perft_checkpoint.hpp"

#include <boost/test/unit_test.hpp>

#include "tests/run_cli.hpp"

using namespace movegen::harness;
using namespace movegen::test;

namespace {

const std::vector<std::string> SUBTREES = {"4k3/8/8/8/8/8/8/4K3 w - -", "4k3/8/8/8/8/8/8/3K4 b - -",
                                           "4k3/8/8/8/8/8/8/5K2 b - -"};

CheckpointHeader header() {
  return {.generator = "bitboard-tuned",
          .fen = "4k3/8/8/8/8/8/8/4K3 w - - 0 1",
          .moves = {"e1d1", "e8d8"},
          .depth = 5,
          .split_depth = 2,
          .subtrees = SUBTREES.size()};
}

// A checkpoint file `name` holding `text`, its path returned.
std::string checkpoint_file(const std::string& name, const std::string& text) { return scratch().file(name, text); }

// Opening `text` as a checkpoint of header() must throw CheckpointError at `line` with `problem` in what().
void expect_refused(const std::string& text, int line, const std::string& problem,
                    const CheckpointHeader& run = header()) {
  const std::string path = checkpoint_file("refused.txt", text);
  BOOST_TEST_CONTEXT(text) {
    try {
      PerftCheckpoint checkpoint(path, run, SUBTREES);
      BOOST_ERROR("accepted");
    } catch (const CheckpointError& e) {
      BOOST_TEST(e.line() == line);
      BOOST_TEST(std::string(e.what()).find(problem) != std::string::npos, e.what() << " lacks: " << problem);
      if (line > 0) BOOST_TEST(std::string(e.what()).find(" line " + std::to_string(line) + ": ") != std::string::npos);
    }
  }
}

}  // namespace

BOOST_AUTO_TEST_CASE(records_written_are_read_back_after_a_reopen) {
  const std::string path = (scratch().dir / "resume.txt").string();
  {
    PerftCheckpoint checkpoint(path, header(), SUBTREES);
    BOOST_TEST(checkpoint.done().empty());
    checkpoint.record(2, SUBTREES[2], 12345);
    checkpoint.record(0, SUBTREES[0], 0);
    checkpoint.record({});
    checkpoint.record({{1, SUBTREES[1], 7}, {1, SUBTREES[1], 7}});
  }
  BOOST_TEST(slurp(path) == checkpoint_header(header()) + checkpoint_record(2, 12345, SUBTREES[2]) +
                                checkpoint_record(0, 0, SUBTREES[0]) + checkpoint_record(1, 7, SUBTREES[1]) +
                                checkpoint_record(1, 7, SUBTREES[1]));
  PerftCheckpoint again(path, header(), SUBTREES);
  const std::map<std::size_t, std::uint64_t> expected = {{0, 0}, {1, 7}, {2, 12345}};
  BOOST_TEST(again.done() == expected);
}

BOOST_AUTO_TEST_CASE(the_file_states_its_run_and_each_record_its_subtree) {
  BOOST_TEST(checkpoint_header(header()) ==
             "movegen-mpi checkpoint 1\ngenerator bitboard-tuned\nfen 4k3/8/8/8/8/8/8/4K3 w - - 0 1\nmoves e1d1 e8d8\n"
             "depth 5\nsplit-depth 2\nsubtrees 3\n");
  const std::string record = checkpoint_record(1, 42, SUBTREES[1]);
  BOOST_TEST(record.rfind("done 1 42 ", 0) == 0);
  BOOST_TEST(record.substr(19) == SUBTREES[1] + "\n");
}

BOOST_AUTO_TEST_CASE(an_empty_file_is_started_and_a_second_opener_is_locked_out) {
  const std::string path = checkpoint_file("empty.txt", "");
  PerftCheckpoint first(path, header(), SUBTREES);
  BOOST_TEST(slurp(path) == checkpoint_header(header()));
  try {
    PerftCheckpoint second(path, header(), SUBTREES);
    BOOST_ERROR("a second opener got the file");
  } catch (const CheckpointError& e) {
    BOOST_TEST(std::string(e.what()).find("in use by another run") != std::string::npos, e.what());
  }
}

BOOST_AUTO_TEST_CASE(a_checkpoint_of_another_run_is_refused_naming_the_field) {
  const std::string text = checkpoint_header(header());
  CheckpointHeader other = header();
  other.depth = 6;
  expect_refused(text, 5, "of another run: it has 'depth 5', this run has 'depth 6'", other);
  other = header();
  other.generator = "mailbox";
  expect_refused(text, 2, "of another run: it has 'generator bitboard-tuned', this run has 'generator mailbox'", other);
  other = header();
  other.moves = {};
  expect_refused(text, 4, "this run has 'moves'", other);
  other = header();
  other.split_depth = 3;
  expect_refused(text, 6, "'split-depth 2'", other);
}

BOOST_AUTO_TEST_CASE(damaged_files_are_refused_naming_the_line) {
  const std::string head = checkpoint_header(header());
  const std::string good = checkpoint_record(1, 42, SUBTREES[1]);
  expect_refused("some notes\n", 1, "not a movegen-mpi checkpoint");
  expect_refused(head.substr(0, 40), 2, "truncated: no newline at its end");
  expect_refused(head.substr(0, head.find("depth")), 0, "the header ends early");
  expect_refused(head + good.substr(0, good.size() - 1), 8, "truncated: no newline at its end");
  expect_refused(head + good + good.substr(0, 12), 9, "truncated");
  std::string flipped = good;
  flipped[8] = '3';  // 42 nodes become 43
  expect_refused(head + flipped, 8, "corrupt: its checksum does not match");
  expect_refused(head + "\n", 8, "corrupt: expected 'done SUBTREE NODES CHECKSUM FEN'");
  expect_refused(head + "done 1 042 00000000 x\n", 8, "corrupt: expected");
  expect_refused(head + "done 1 -4 00000000 x\n", 8, "corrupt: expected");
  expect_refused(head + "done 1 4 0000000g x\n", 8, "corrupt: expected");
  expect_refused(head + "done 1 4 00000000\n", 8, "corrupt: expected");
  expect_refused(head + good + checkpoint_record(3, 1, "8/8/8/8/8/8/8/8 w - -"), 9, "corrupt: subtree 3 of 3");
  expect_refused(head + checkpoint_record(0, 7, SUBTREES[1]), 8, "subtree 0 is '" + SUBTREES[0] + "' in this run");
  expect_refused(head + good + checkpoint_record(1, 41, SUBTREES[1]), 9, "subtree 1 recorded twice, with 42 and 41");
  expect_refused(head + "generator bitboard\n", 8, "corrupt");
}

BOOST_AUTO_TEST_CASE(a_record_repeated_with_the_same_count_is_read_once) {
  const std::string good = checkpoint_record(1, 42, SUBTREES[1]);
  PerftCheckpoint checkpoint(checkpoint_file("twice.txt", checkpoint_header(header()) + good + good), header(),
                             SUBTREES);
  BOOST_TEST(checkpoint.done().size() == 1u);
}

BOOST_AUTO_TEST_CASE(a_path_that_is_no_file_is_refused) {
  for (const std::string& path :
       {scratch().dir.string(), std::string("/dev/null"), (scratch().dir / "no" / "such" / "dir.txt").string()}) {
    BOOST_TEST_CONTEXT(path) { BOOST_CHECK_THROW(PerftCheckpoint(path, header(), SUBTREES), CheckpointError); }
  }
}
