// Honest exits: every command checks all its input before it prints anything, a run that checked nothing
// is not a pass, output that cannot be written is an error, and input files are bounded.
#include <boost/test/unit_test.hpp>
#include <filesystem>
#include <string>
#include <vector>

#include "tests/run_cli.hpp"

using namespace movegen::test;

namespace {

const std::string START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const std::string IN_CHECK = "4k3/8/8/8/8/8/8/K3R3 w - - 0 1";  // the side not to move (black) is in check

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

}  // namespace

BOOST_AUTO_TEST_CASE(show_checks_the_position_before_printing_the_board) {
  expect_bad_input({"show", "--fen", IN_CHECK}, "bad FEN side to move: the side not to move is in check");
}

BOOST_AUTO_TEST_CASE(a_full_stdout_is_an_error_not_a_pass) {
  const std::string suite = scratch().file("one.epd", START + " ;D1 20 ;D2 400\n");
  const std::vector<std::vector<std::string>> commands = {
      {"perft", "3"},
      {"suite", suite},
      {"compare", suite},
      {"show"},
      {"perftree", "2", START},
      {"diff", "--depth", "2", "mailbox", "bitboard-tuned"},
      {"fuzz", "--games", "1", "--plies", "2"},
  };
  for (const auto& args : commands) {
    BOOST_TEST_CONTEXT(args.front()) {
      const Run r = run_cli(args, "/dev/full");
      BOOST_TEST(r.code == 2);
      BOOST_TEST(contains(r.err, "movegen: cannot write to stdout: No space left on device\n"), r.err);
    }
  }
  const Run perft = run_cli({"perft", "3"}, "/dev/full");
  BOOST_TEST(perft.err == "movegen: cannot write to stdout: No space left on device\n");
}

BOOST_AUTO_TEST_CASE(counts_deeper_than_max_depth_are_skipped_not_passed) {
  const std::string suite = scratch().file("deep.epd", START + " ;D1 20\n" + START + " ;D3 8902 ;D4 197281\n");
  const Run r = run_cli({"suite", "--max-depth", "2", suite});
  BOOST_TEST(r.code == 0, r.err);
  BOOST_TEST(contains(r.out, "ok   line   1  D1..D1"), r.out);
  BOOST_TEST(contains(r.out, "skipped line   2  (no count at depth 1..2)"), r.out);
  BOOST_TEST(contains(r.out, "1 positions skipped"), r.out);

  // Nothing at all to check: refused before anything is printed.
  const std::string deep = scratch().file("deeper.epd", START + " ;D3 8902\n");
  expect_bad_input({"suite", "--max-depth", "2", deep}, "bad --max-depth: 2 leaves no count to check");
  expect_bad_input({"compare", "--max-depth", "2", deep}, "bad --max-depth: 2 leaves no count to check");
}

BOOST_AUTO_TEST_CASE(epd_files_must_be_regular_with_bounded_lines) {
  for (const std::string command : {"suite", "compare"})
    expect_bad_input({command, "/dev/zero"}, "'/dev/zero' is not a regular file");
  expect_bad_input({"diff", "--epd", "/dev/zero", "mailbox", "bitboard-tuned"}, "'/dev/zero' is not a regular file");
  const std::string long_line = scratch().file("long.epd", std::string(100000, 'x'));
  expect_bad_input({"suite", long_line}, "long.epd': line 1 is longer than 4096 bytes");
}

BOOST_AUTO_TEST_CASE(diff_checks_moves_and_position_in_process_even_between_external_programs) {
  // Two programs that always give the same answer would "agree" on anything.
  const std::string same = scratch().script("same.sh", "printf 'a2a3 1\\n\\n1\\n'");
  const std::string a = "perftree:" + same, b = "perftree:" + same;
  expect_bad_input({"diff", "--depth", "1", "--moves", "e2e5", a, b}, "bad move 'e2e5': not a legal move");
  expect_bad_input({"diff", "--depth", "1", "--fen", IN_CHECK, a, b}, "the side not to move is in check");
}

BOOST_AUTO_TEST_CASE(file_errors_are_one_line_with_the_path_escaped_and_shortened) {
  const std::filesystem::path loop = scratch().dir / "loop.epd";
  std::filesystem::create_symlink(loop, loop);
  expect_bad_input({"suite", loop.string()}, "loop.epd': cannot open: Too many levels of symbolic links");
  expect_bad_input({"suite", (scratch().dir / "new\nline.epd").string()}, "new\\x0Aline.epd': cannot open");
  const std::string long_name = "/" + std::string(5000, 'a') + ".epd";
  expect_bad_input({"suite", long_name}, "...(4805 bytes)...");  // the first and last 100 bytes kept
  expect_bad_input({"suite", long_name}, ".epd': cannot open: File name too long");
}
