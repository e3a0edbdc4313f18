// The npm adapters in adapters/ (chess.js and chessops behind `go perft` and perftree front ends): each
// agrees with our bitboard generator move for move on positions where the rules bite (castling, en
// passant with a rank pin, promotions, no legal moves), in both protocols, and answers bad input with a
// line on stderr instead of a hang. Skipped, with a message, when `npm ci --prefix adapters` has not run.
#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <boost/test/unit_test.hpp>
#include <chrono>
#include <filesystem>
#include <iostream>
#include <string>
#include <vector>

#include "harness/engines/divide_source.hpp"
#include "tests/run_cli.hpp"

using namespace movegen;
using namespace movegen::harness;
namespace fs = std::filesystem;
namespace utf = boost::unit_test;

namespace {

const fs::path ADAPTERS = fs::path(MOVEGEN_SOURCE_DIR) / "adapters";
const std::vector<std::string> LIBRARIES = {"chessjs", "chessops"};

// Runs only when both npm packages are installed (scripts/install-deps.sh does it); says so on stderr
// otherwise, since Boost.Test names a skipped test only at --log_level=test_suite.
boost::test_tools::assertion_result node_modules_installed(utf::test_unit_id) {
  boost::test_tools::assertion_result installed(fs::exists(ADAPTERS / "node_modules" / "chess.js" / "package.json") &&
                                                fs::exists(ADAPTERS / "node_modules" / "chessops" / "package.json"));
  if (!installed) {
    installed.message() << (ADAPTERS / "node_modules").string()
                        << " lacks chess.js or chessops; run `npm ci --prefix adapters` (scripts/install-deps.sh)";
    std::cerr << "adapters_test: skipped: " << installed.message().str() << "\n";
  }
  return installed;
}

// The command that starts the adapter for `library` ("chessjs", "chessops").
std::string adapter_command(const std::string& library) {
  return "node '" + (ADAPTERS / (library + ".js")).string() + "'";
}

struct Case {
  std::string fen;
  std::vector<std::string> moves;
  int depth;
};

// Where the rules bite: castling both ways and through attacked squares (Kiwipete), an en passant capture
// that would expose the king along the rank, promotions with and without capture, castling rights lost to
// a captured rook, moves played before the divide, and a checkmate with no legal move.
const std::vector<Case> CASES = {
    {std::string(START_FEN), {"e2e4", "d7d5", "e4e5", "f7f5"}, 1},  // e5f6 en passant after moves
    {"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", {}, 2},
    {"8/8/8/r2Pp2K/8/8/4k3/8 w - e6 0 1", {}, 3},
    {"n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1", {}, 2},
    {"r3k2r/8/8/8/8/8/8/R3K1nR w KQkq - 0 1", {"h1g1"}, 2},
    {"rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3", {}, 2},
};

// A divide as sorted `move: count` lines, for comparing and printing.
std::vector<std::string> lines_of(const DivideResult& r) {
  std::vector<std::string> lines;
  for (const auto& [move, nodes] : r.moves) lines.push_back(move + ": " + std::to_string(nodes));
  std::sort(lines.begin(), lines.end());
  return lines;
}

// Every case through one source against the bitboard generator: the same moves, the same counts.
void expect_agreement(DivideSource& theirs) {
  auto ours = make_divide_source("bitboard-tuned", std::chrono::seconds(5));
  for (const Case& c : CASES) {
    BOOST_TEST_CONTEXT(theirs.name() << " on " << c.fen << " after " << c.moves.size() << " moves, depth " << c.depth) {
      const DivideResult a = ours->divide(c.fen, c.moves, c.depth), b = theirs.divide(c.fen, c.moves, c.depth);
      BOOST_TEST(lines_of(a) == lines_of(b), boost::test_tools::per_element());
      BOOST_TEST(a.total == b.total);
    }
  }
}

/// What a program printed and how it ended.
struct Output {
  int code = -1;
  std::string out, err;
};

// Runs `argv` with `input` on its stdin, waits for it and returns what it printed.
Output run_program(const std::vector<std::string>& argv, const std::string& input) {
  const auto& dir = test::scratch().dir;
  const std::string in = test::scratch().file("stdin", input), out = (dir / "stdout").string(),
                    err = (dir / "stderr").string();
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, in.c_str(), O_RDONLY, 0);
  posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, out.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, err.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  std::vector<std::string> words = argv;
  std::vector<char*> args;
  for (std::string& w : words) args.push_back(w.data());
  args.push_back(nullptr);
  pid_t pid = 0;
  const int spawned = posix_spawnp(&pid, args[0], &actions, nullptr, args.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  BOOST_TEST_REQUIRE(spawned == 0, "cannot run " << argv[0]);
  int status = 0;
  waitpid(pid, &status, 0);
  return {WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status), test::slurp(out), test::slurp(err)};
}

}  // namespace

BOOST_AUTO_TEST_CASE(each_uci_adapter_agrees_with_our_generator_where_the_rules_bite,
                     *utf::precondition(node_modules_installed)) {
  for (const std::string& library : LIBRARIES) {
    auto theirs = make_divide_source("uci:" + adapter_command(library), std::chrono::seconds(60));
    expect_agreement(*theirs);
  }
}

BOOST_AUTO_TEST_CASE(each_perftree_adapter_agrees_with_our_generator_where_the_rules_bite,
                     *utf::precondition(node_modules_installed)) {
  for (const std::string& library : LIBRARIES) {
    auto theirs = make_divide_source("perftree:" + adapter_command(library), std::chrono::seconds(60));
    expect_agreement(*theirs);
  }
}

BOOST_AUTO_TEST_CASE(no_legal_moves_is_nodes_searched_0_and_a_bad_position_is_an_error_not_a_hang,
                     *utf::precondition(node_modules_installed)) {
  const std::string mate = "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3";  // fool's mate
  for (const std::string& library : LIBRARIES) {
    BOOST_TEST_CONTEXT(library) {
      const std::string script = (ADAPTERS / (library + ".js")).string();
      const Output uci = run_program({"node", script}, "uci\nisready\nposition fen " + mate + "\ngo perft 3\n" +
                                                           "position fen 8/8/8/8/8/8/8/8 w - - 0 1\ngo perft 1\n" +
                                                           "position startpos moves e2e5\ngo perft 1\n" +
                                                           "position startpos moves e2e4\ngo perft 1\nquit\n");
      BOOST_TEST(uci.code == 0);
      BOOST_TEST(test::occurrences(uci.out, "uciok\n") == 1, uci.out);
      BOOST_TEST(test::occurrences(uci.out, "readyok\n") == 1, uci.out);
      // Mate: no move lines, zero nodes at depth 3; then two bad positions refused on stderr and no reply
      // to their `go perft`; then the 20 replies to 1.e4.
      BOOST_TEST(test::occurrences(uci.out, "Nodes searched: ") == 2, uci.out);
      BOOST_TEST(test::occurrences(uci.out, "\nNodes searched: 0\n") == 1, uci.out);
      BOOST_TEST(test::occurrences(uci.out, "\nNodes searched: 20\n") == 1, uci.out);
      BOOST_TEST(test::occurrences(uci.out, ": 1\n") == 20, uci.out);
      BOOST_TEST(uci.out.find("readyok\n\nNodes searched: 0\n") != std::string::npos, uci.out);
      BOOST_TEST(test::occurrences(uci.err, "\n") == 4, uci.err);  // two bad positions, two refused `go perft`
      BOOST_TEST(test::occurrences(uci.err, "e2e5") >= 1, uci.err);

      const Output perftree = run_program({"node", script, "2", mate}, "");
      BOOST_TEST(perftree.code == 0);
      BOOST_TEST(perftree.out == "\n0\n");
      const Output bad = run_program({"node", script, "1", "8/8/8/8/8/8/8/8 w - - 0 1"}, "");
      BOOST_TEST(bad.code == 2);
      BOOST_TEST(bad.out == "");
      BOOST_TEST(test::occurrences(bad.err, "\n") == 1, bad.err);
      const Output illegal = run_program({"node", script, "1", std::string(START_FEN), "e2e4 e7e4"}, "");
      BOOST_TEST(illegal.code == 2);
      BOOST_TEST(illegal.out == "");
      BOOST_TEST(test::occurrences(illegal.err, "e7e4") == 1, illegal.err);
    }
  }
}
