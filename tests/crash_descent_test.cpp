// `diff` against an outside program that crashes: the smallest position and depth at which it fails,
// found by asking it again at smaller depths and along the path, with the commands sent and its error.
// tests/broken_engine's `crash-seventh` dies when the side to move has a pawn on its seventh rank.
#include <boost/test/unit_test.hpp>
#include <nlohmann/json.hpp>
#include <string>

#include "harness/debugging/failure_descent.hpp"
#include "tests/run_cli.hpp"

using namespace movegen::test;

namespace {

// White's pawn reaches b7 in one move: the engine dies two plies later, with white to move.
const std::string FEN = "4k3/8/1P6/8/8/8/8/4K3 w - - 0 1";
const std::string UCI = std::string("uci:") + BROKEN_ENGINE + " --uci crash-seventh";
const std::string PERFTREE = std::string("perftree:") + BROKEN_ENGINE + " crash-seventh";

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

}  // namespace

BOOST_AUTO_TEST_CASE(a_crashing_uci_engine_is_localised_with_the_commands_sent) {
  const Run r = run_cli({"diff", "--depth", "4", "--fen", FEN, "mailbox", UCI});
  BOOST_TEST(r.code == 2, r.err);
  BOOST_TEST(contains(r.out, "B fails:    at depth 1 (the smallest at which it fails there)\n"), r.out);
  BOOST_TEST(contains(r.out, "move path:  b6b7 e8d7\n"), r.out);
  BOOST_TEST(contains(r.out, "FEN there:  8/1P1k4/8/8/8/8/8/4K3 w - - 1 2\n"), r.out);
  BOOST_TEST(contains(r.out, "sent:       position fen " + FEN + " moves b6b7 e8d7\n            go perft 1\n"), r.out);
  BOOST_TEST(contains(r.out, "killed by signal 6 (Aborted)"), r.out);
  BOOST_TEST(contains(r.err, "killed by signal 6"), r.err);  // the one line on stderr says what failed
  BOOST_TEST(std::count(r.err.begin(), r.err.end(), '\n') == 1, r.err);
}

BOOST_AUTO_TEST_CASE(a_crashing_perftree_program_is_localised_with_its_call) {
  const Run r = run_cli({"diff", "--depth", "3", "--fen", FEN, "mailbox", PERFTREE, "--json"});
  BOOST_TEST(r.code == 2, r.err);
  const nlohmann::json doc = nlohmann::json::parse(r.out);
  const nlohmann::json& failure = doc["positions"][0]["failure"];
  BOOST_TEST(doc["positions"][0]["status"] == "error");
  BOOST_TEST(failure["side"] == "B");
  BOOST_TEST(failure["program"] == PERFTREE);
  BOOST_TEST(failure["depth"] == 1);
  BOOST_TEST(failure["path"] == nlohmann::json({"b6b7", "e8d7"}));
  BOOST_TEST(failure["sent"][0] == std::string(BROKEN_ENGINE) + " crash-seventh 1 '" + FEN + "' 'b6b7 e8d7'");
  BOOST_TEST(contains(failure["error"].get<std::string>(), "killed by signal 6"), failure["error"]);
}

BOOST_AUTO_TEST_CASE(the_failure_quotes_the_exit_status_and_the_tail_of_stderr) {
  // A program that writes a long trace before the line that says what went wrong, and exits 3.
  const std::string program =
      scratch().script("panics",
                       "i=0; while [ $i -lt 40 ]; do echo \"  frame $i of a long trace\" >&2; i=$((i+1)); done\n"
                       "echo 'panic: no king on e1' >&2; exit 3");
  const Run r = run_cli({"diff", "--depth", "2", "mailbox", "perftree:" + program});
  BOOST_TEST(r.code == 2, r.err);
  BOOST_TEST(contains(r.out, "B fails:    at depth 1"), r.out);
  BOOST_TEST(contains(r.out, "exit code 3"), r.out);
  BOOST_TEST(contains(r.out, "panic: no king on e1"), r.out);
}

BOOST_AUTO_TEST_CASE(diff_over_a_suite_groups_crashes_with_their_shortest_example) {
  const std::string suite =
      scratch().file("crash.epd", "4k3/8/8/8/8/8/8/4K3 w - - 0 1 ;D1 5 ;D2 25\n" + FEN +
                                      " ;D1 7 ;D2 40 ;D3 350\n4k3/1P6/8/8/8/8/8/4K3 w - - 0 1 ;D1 9\n");
  const Run r = run_cli({"diff", "--depth", "3", "--epd", suite, "mailbox", UCI});
  BOOST_TEST(r.code == 2, r.err);
  BOOST_TEST(contains(r.out, "ok     line   1  depth 2"), r.out);
  BOOST_TEST(contains(r.out, "error  line   2  depth 3  B fails at depth 1 after b6b7 e8d7: "), r.out);
  BOOST_TEST(contains(r.out, "error  line   3  depth 1  B fails at depth 1 at the root: "), r.out);
  BOOST_TEST(contains(r.out, "3 positions checked: 1 agree, 0 differ, 2 failed"), r.out);
  BOOST_TEST(contains(r.out,
                      "failure                         positions  shortest example\n"
                      "killed by signal 6 (Aborted)            2  line 3 (0 moves)\n"),
             r.out);
  BOOST_TEST(contains(r.out, "killed by signal 6 (Aborted): shortest example, line 3\n"), r.out);
  BOOST_TEST(contains(r.out, "sent:       position fen 4k3/1P6/8/8/8/8/8/4K3 w - - 0 1\n            go perft 1\n"),
             r.out);
}

BOOST_AUTO_TEST_CASE(the_own_error_is_its_last_meaningful_stderr_line_with_positions_and_paths_taken_out) {
  // Node.js prints the failing line, a caret, the error, the stack and its version; the error and the
  // function it struck in are what tells two crashes apart.
  const std::string node_trace =
      "file:///home/me/engine/node_modules/chess/src/board.js:236\n"
      "    const type = square.piece.type;\n"
      "                              ^\n\n"
      "TypeError: Cannot read properties of null (reading 'type')\n"
      "    at _Board.move (file:///home/me/engine/node_modules/chess/src/board.js:236:31)\n"
      "    at perft (file:///home/me/engine/front.js:20:24)\n\n"
      "Node.js v20.20.2\n";
  BOOST_TEST(movegen::harness::error_line(node_trace) ==
             "TypeError: Cannot read properties of null (reading 'type') at _Board.move");
  BOOST_TEST(
      movegen::harness::error_line("panic: no king on e1 in 4k3/8/8/8/8/8/8/4K3 w - - 0 1 after e2e4 (0x7ffd12)\n") ==
      "panic: no king on <square> in <fen> after <move> (<addr>)");
  BOOST_TEST(movegen::harness::error_line("  frame 3 of a trace\n\n") == "frame <n> of a trace");
  // SAN too: one bug that names the move it fails on is one group whatever the move.
  BOOST_TEST(movegen::harness::error_line("Error: Notation is invalid (axb1N)\n") ==
             "Error: Notation is invalid (<move>)");
  BOOST_TEST(movegen::harness::error_line("Error: Notation is invalid (a8N)\n") ==
             "Error: Notation is invalid (<move>)");
  BOOST_TEST(movegen::harness::error_line("Error: Notation is invalid (a8N)\n", false) ==
             "Error: Notation is invalid (a8N)");
  BOOST_TEST(movegen::harness::error_line("\n\n").empty());
}

BOOST_AUTO_TEST_CASE(failures_are_grouped_by_the_programs_own_error_one_group_per_crash) {
  // One exit status, two crashes: a pawn on the seventh rank and a position with a black rook each end the
  // program with code 3, each with its own error on stderr naming the square or position it struck at.
  const std::string program = scratch().script(
      "two_crashes",
      "case \"$2\" in\n"
      "  *r*) printf 'Error: rook confusion at %s\\n    at Rook.moves (/src/rook.js:7:3)\\n' \"$2\" >&2; exit 3;;\n"
      "  *P*) printf 'TypeError: pawn on %s has no moves\\n    at Pawn.moves (/src/pawn.js:12:9)\\n' \"$2\" >&2; exit "
      "3;;\n"
      "esac\n"
      "exec " BROKEN_ENGINE " none \"$@\"");
  const std::string suite = scratch().file("two_crashes.epd",
                                           "4k3/8/8/8/8/8/8/4K3 w - - 0 1 ;D1 5\n"
                                           "4k3/8/8/8/8/8/1P6/4K3 w - - 0 1 ;D1 7\n"
                                           "4k3/8/8/8/8/8/2P5/4K3 w - - 0 1 ;D1 7\n"
                                           "r3k3/8/8/8/8/8/8/4K3 w - - 0 1 ;D1 5\n");
  const Run r = run_cli({"diff", "--depth", "1", "--epd", suite, "mailbox", "perftree:" + program});
  BOOST_TEST(r.code == 2, r.err);
  const std::string pawn = "exit code 3: TypeError: pawn on <fen> has no moves at Pawn.moves";
  const std::string rook = "exit code 3: Error: rook confusion at <fen> at Rook.moves";
  // The table: one row per group, its positions and its shortest example.
  const auto row = [&](const std::string& cause) {
    const std::size_t at = r.out.find("\n" + cause + " ");
    return at == std::string::npos ? "" : r.out.substr(at + 1, r.out.find('\n', at + 1) - at - 1);
  };
  BOOST_TEST(row(pawn).ends_with(" 2  line 2 (0 moves)"), r.out);
  BOOST_TEST(row(rook).ends_with(" 1  line 4 (0 moves)"), r.out);
  BOOST_TEST(contains(r.out, "\n" + pawn + ": shortest example, line 2\n"), r.out);
  BOOST_TEST(contains(r.out, "\n" + rook + ": shortest example, line 4\n"), r.out);
  BOOST_TEST(!contains(r.out, "failed:"), r.out);
  BOOST_TEST(
      contains(r.out, "its error:  TypeError: pawn on 4k3/8/8/8/8/8/1P6/4K3 w - - 0 1 has no moves at Pawn.moves\n"),
      r.out);
  const Run json = run_cli({"diff", "--depth", "1", "--json", "--epd", suite, "mailbox", "perftree:" + program});
  const nlohmann::json doc = nlohmann::json::parse(json.out);
  BOOST_TEST(doc["positions"][1]["failure"]["cause"] == pawn);
  BOOST_TEST(doc["positions"][3]["failure"]["cause"] == rook);
}

BOOST_AUTO_TEST_CASE(a_failure_s_error_is_printed_once) {
  // The report's `error:` line holds it; the one line on stderr names the failure and its kind, not the error again.
  for (const std::string& spec : {UCI, PERFTREE}) {
    const Run r = run_cli({"diff", "--depth", "4", "--fen", FEN, "mailbox", spec});
    BOOST_TEST(r.code == 2, r.err);
    const std::string error = report_field(r.out, "error:");
    BOOST_TEST_REQUIRE(!error.empty(), r.out);
    const std::string all = r.out + r.err;
    BOOST_TEST(all.find(error) == all.rfind(error), r.out << r.err);
    BOOST_TEST(r.err.starts_with("movegen: B fails at depth 1 after b6b7 e8d7: killed by signal 6"), r.err);
  }
}
