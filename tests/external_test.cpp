// External generators: Stockfish agrees with ours on the bundled suite; programs that crash, hang or
// print garbage give a clear error (exit 2 from the CLI) quickly, never a hang.
#include <boost/test/unit_test.hpp>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "harness/cli/debug_commands.hpp"
#include "harness/engines/child_process.hpp"
#include "harness/engines/divide_source.hpp"
#include "harness/generators/generators.hpp"
#include "tests/quick.hpp"

using namespace movegen;
using namespace movegen::harness;
namespace fs = std::filesystem;

namespace {

const std::string STOCKFISH = "/usr/games/stockfish";
constexpr auto SHORT_TIMEOUT = std::chrono::milliseconds(1000);

// A temporary folder of small shell scripts, each a misbehaving external generator.
struct Scripts {
  fs::path dir = fs::temp_directory_path() / ("movegen-external-test-" + std::to_string(::getpid()));
  Scripts() { fs::create_directories(dir); }
  ~Scripts() { fs::remove_all(dir); }
  std::string write(const std::string& name, const std::string& body) {
    const fs::path path = dir / name;
    std::ofstream(path) << "#!/bin/sh\n" << body << "\n";
    fs::permissions(path, fs::perms::owner_all);
    return path.string();
  }
};

// Runs `make` and `divide` on a spec, expecting an ExternalError; returns its message and the seconds it took.
std::pair<std::string, double> external_failure(const std::string& spec) {
  const auto start = std::chrono::steady_clock::now();
  std::string message = "(no error)";
  try {
    auto source = make_divide_source(spec, SHORT_TIMEOUT);
    source->divide(std::string(START_FEN), {}, 2);
  } catch (const ExternalError& e) {
    message = e.what();
  }
  return {message, std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count()};
}

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

}  // namespace

BOOST_AUTO_TEST_CASE(stockfish_agrees_with_every_built_in_generator_on_the_bundled_suite_at_depth_3) {
  BOOST_REQUIRE_MESSAGE(fs::exists(STOCKFISH), "Stockfish is needed (Debian package stockfish)");
  for (Generator g : all_generators()) {
    DiffOptions options;
    options.epd = "tests/data/perft.epd", options.depth = 3;
    options.a = generator_name(g), options.b = "uci:" + STOCKFISH;
    std::ostringstream out, err;
    BOOST_TEST(run_diff(options, out, err) == 0, out.str());
    BOOST_TEST(contains(out.str(), " 0 differ, 0 failed"), out.str());
  }
}

BOOST_AUTO_TEST_CASE(stockfish_divide_is_parsed_with_moves_played_first) {
  auto engine = make_divide_source("uci:" + STOCKFISH, std::chrono::seconds(30));
  const DivideResult r = engine->divide(std::string(START_FEN), {"e2e4"}, 2);
  BOOST_TEST(r.moves.size() == 20u);
  BOOST_TEST(r.total == 600u);  // Stockfish's divide of perft 3 from the start position gives e2e4: 600
}

BOOST_AUTO_TEST_CASE(a_program_that_cannot_start_is_named) {
  const auto [message, seconds] = external_failure("perftree:/nonexistent/engine 1");
  BOOST_TEST(contains(message, "/nonexistent/engine 1: cannot start it"), message);  // the whole command
  const auto [uci_message, uci_seconds] = external_failure("uci:/nonexistent/engine");
  BOOST_TEST(contains(uci_message, "/nonexistent/engine: cannot start it"), uci_message);
}

BOOST_AUTO_TEST_CASE(a_crashing_program_is_reported_with_its_signal_and_output) {
  Scripts scripts;
  const std::string perftree = scripts.write("crash.sh", "echo 'e2e4 20'\nkill -SEGV $$");
  const auto [message, seconds] = external_failure("perftree:" + perftree);
  BOOST_TEST(contains(message, perftree + ": it ended with killed by signal 11"), message);
  BOOST_TEST(contains(message, "it printed \"e2e4 20\\n\""), message);

  const std::string uci = scripts.write("crash-uci.sh", "read line\necho 'id name crash'\nexit 3");
  const auto [uci_message, uci_seconds] = external_failure("uci:" + uci);
  BOOST_TEST(contains(uci_message, "exit code 3) before answering 'uci'"), uci_message);
  BOOST_TEST(contains(uci_message, "id name crash"), uci_message);

  const std::string dies_later =
      scripts.write("dies.sh", "read line\necho uciok\nread r\necho readyok\nread a\nread b\necho 'a2a3: 1'\nexit 0");
  const auto [later_message, later_seconds] = external_failure("uci:" + dies_later);
  // Its first divide is the one the session starts with, 1 deep from the start position.
  BOOST_TEST(contains(later_message, "before finishing its reply to 'go perft 1'"), later_message);
}

BOOST_AUTO_TEST_CASE(a_hanging_program_times_out_quickly) {
  Scripts scripts;
  const std::string perftree = scripts.write("hang.sh", "sleep 30");
  const auto [message, seconds] = external_failure("perftree:" + perftree);
  BOOST_TEST(contains(message, "no complete reply within 1 s"), message);
  BOOST_TEST(seconds < 5.0);

  const std::string uci = scripts.write("hang-uci.sh", "read line\necho uciok\nsleep 30");
  const auto [uci_message, uci_seconds] = external_failure("uci:" + uci);
  BOOST_TEST(contains(uci_message, "no complete reply within 1 s"), uci_message);
  BOOST_TEST(uci_seconds < 5.0);
}

BOOST_AUTO_TEST_CASE(a_program_printing_garbage_is_quoted_escaped) {
  Scripts scripts;
  const std::string perftree = scripts.write("garbage.sh", "printf 'hello \\001 world\\n'");
  const auto [message, seconds] = external_failure("perftree:" + perftree);
  BOOST_TEST(contains(message, "no move line and no total from " + perftree), message);  // the line set aside,
  BOOST_TEST(contains(message, "it printed \"hello \\x01 world\\n\""), message);         // and quoted

  const std::string uci = scripts.write(
      "garbage-uci.sh", "read line\necho uciok\nread r\necho readyok\nread a\nread b\necho 'e2e4 twenty'\nsleep 30");
  const auto [uci_message, uci_seconds] = external_failure("uci:" + uci);
  BOOST_TEST(contains(uci_message, "unexpected line \"e2e4 twenty\" in its reply to 'go perft 1'"), uci_message);
  BOOST_TEST(uci_seconds < 5.0);

  const std::string endless = scripts.write("yes.sh", "yes garbage");
  const auto [endless_message, endless_seconds] = external_failure("uci:" + endless);
  BOOST_TEST(contains(endless_message, "no 'uciok' in its first 10000 lines"), endless_message);
  BOOST_TEST(endless_seconds < 5.0);

  const std::string wrong_total = scripts.write("total.sh", "printf 'e2e4 1\\n\\n2\\n'");
  const auto [total_message, total_seconds] = external_failure("perftree:" + wrong_total);
  BOOST_TEST(contains(total_message, "its move counts add up to 1 but its total is 2"), total_message);
}

BOOST_AUTO_TEST_CASE(the_cli_exits_2_with_the_error_for_a_failing_program) {
  Scripts scripts;
  const std::string hang = scripts.write("hang.sh", "sleep 30");
  const auto start = std::chrono::steady_clock::now();
  ChildProcess cli({MOVEGEN_BINARY, "diff", "--timeout", "1", "mailbox", "perftree:" + hang}, std::chrono::seconds(20));
  cli.close_stdin();
  std::string out;
  while (const auto line = cli.read_line()) out += *line + "\n";
  BOOST_TEST(cli.wait_exit() == "exit code 2");
  BOOST_TEST((std::chrono::steady_clock::now() - start < std::chrono::seconds(5)));
  // The error in the failure report, once; on stderr one line naming the failure.
  BOOST_TEST(contains(out, "hang.sh: no complete reply within 1 s"), out);
  BOOST_TEST(contains(cli.printed(), "movegen: B fails at depth 1 at the root: no reply in time"), cli.printed());
}

// In checked builds (MOVEGEN_CHECK_INVARIANTS: Debug, sanitizers) the invariant check after make_move stops
// PinnedMayMove's first illegal move ("king is in check with ... to move") before diff can localise it.
BOOST_AUTO_TEST_CASE(a_broken_perftree_engine_is_localised_from_the_command_line,
                     *boost::unit_test::enable_if<!test::CHECKED_BUILD>()) {
  ChildProcess cli({MOVEGEN_BINARY, "diff", "--depth", "3", "mailbox",
                    std::string("perftree:") + BROKEN_ENGINE + " pin", "--fen", "4k3/r7/8/8/8/8/4N3/4K3 b - - 0 1"},
                   std::chrono::seconds(20));
  cli.close_stdin();
  std::string report;
  while (auto line = cli.read_line()) report += *line + "\n";
  BOOST_TEST(cli.wait_exit() == "exit code 1");
  BOOST_TEST(contains(report, "move path:  a7e7\n"), report);
  BOOST_TEST(contains(report, "FEN there:  4k3/4r3/8/8/8/8/4N3/4K3 w - - 1 2\n"), report);
  BOOST_TEST(contains(report, "e2c1 e2c3 e2d4 e2f4 e2g1 e2g3\n"), report);
}

BOOST_AUTO_TEST_CASE(a_program_that_trickles_output_is_stopped_at_the_reply_deadline) {
  Scripts scripts;
  // A line every 0.3 s, each within the old per-line timeout, never the end of the reply.
  const std::string uci = scripts.write(
      "trickle-uci.sh",
      "read line\necho uciok\nread r\necho readyok\nwhile true; do echo 'info string thinking'; sleep 0.3; done");
  const auto [message, seconds] = external_failure("uci:" + uci);
  BOOST_TEST(contains(message, "no complete reply within 1 s to 'go perft 1' from " + std::string(START_FEN)), message);
  BOOST_TEST(contains(message, "--timeout raises the limit"), message);
  BOOST_TEST(seconds < 10.0);  // a 1 s deadline, against 30 s of sleep or no end

  const std::string perftree = scripts.write("trickle.sh", "while true; do echo 'e2e4 1'; sleep 0.3; done");
  const auto [tree_message, tree_seconds] = external_failure("perftree:" + perftree);
  BOOST_TEST(contains(tree_message, "no complete reply within 1 s"), tree_message);
  BOOST_TEST(tree_seconds < 10.0);  // a 1 s deadline, against 30 s of sleep or no end
}

BOOST_AUTO_TEST_CASE(writing_to_a_program_that_does_not_read_obeys_the_deadline) {
  Scripts scripts;
  const std::string uci = scripts.write("deaf-uci.sh",
                                        "read line\necho uciok\nread r\necho readyok\nread p\nread g\nread r\n"
                                        "echo 'Nodes searched: 20'\necho readyok\nexec sleep 30");
  const auto start = std::chrono::steady_clock::now();
  std::string message = "(no error)";
  try {
    auto source = make_divide_source("uci:" + uci, SHORT_TIMEOUT);
    const std::vector<std::string> moves(30000, "e2e4");  // 150 KB of text: more than a pipe holds
    source->divide(std::string(START_FEN), moves, 1);
  } catch (const ExternalError& e) {
    message = e.what();
  }
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  BOOST_TEST(contains(message, "it did not read its input within 1 s"), message);
  BOOST_TEST(seconds < 10.0);  // a 1 s deadline, against 30 s of sleep or no end
}

BOOST_AUTO_TEST_CASE(huge_counts_and_replies_stay_within_bounded_memory) {
  Scripts scripts;
  // One move counted 30 million times at depth 1 used to become 30 million strings (2.9 GB).
  const std::string huge = scripts.write("huge.sh", "printf 'e2e4 30000000\\n\\n30000000\\n'");
  DiffOptions options;
  options.depth = 1, options.a = "mailbox", options.b = "perftree:" + huge;
  std::ostringstream out, err;
  BOOST_TEST(run_diff(options, out, err) == 1);
  BOOST_TEST(contains(out.str(), "only B:     e2e4 (29999999 more times)"), out.str());
  BOOST_TEST(out.str().size() < 10000u);

  // Counts whose sum does not fit in 64 bits: the program is named.
  const std::string overflow = scripts.write("overflow.sh", "printf 'e2e4 18446744073709551615\\ne2e3 2\\n\\n1\\n'");
  const auto [message, seconds] = external_failure("perftree:" + overflow);
  BOOST_TEST(contains(message, overflow + ": its move counts add up to more than 18446744073709551615"), message);

  // 600 lines of a megabyte each used to be stored whole (622 MB): a reply is capped in bytes, even when
  // every line has the right shape ("e2e4 1" and 100,000 trailing blanks).
  const std::string padded = scripts.write("padded.sh", "while true; do printf 'e2e4 1%100000s\\n' ''; done");
  const auto [padded_message, padded_seconds] = external_failure("perftree:" + padded);
  BOOST_TEST(contains(padded_message, "its reply is longer than 4194304 bytes"), padded_message);
}

BOOST_AUTO_TEST_CASE(a_perftree_reply_read_strictly_is_refused_at_its_first_bad_line) {
  Scripts scripts;
  // One junk line, then well-formed lines forever: refused on the junk line, before the line limit, the
  // byte cap or the deadline (a perftree reply used to be read whole before it was parsed).
  const std::string trickle =
      scripts.write("junk-trickle.sh", "echo junk\nwhile true; do echo 'e2e4 1'; sleep 0.01; done");
  const std::string flood = scripts.write("junk-flood.sh", "echo junk\nexec yes 'e2e4 1'");
  const std::string wide =
      scripts.write("junk-wide.sh", "echo junk\nwhile true; do printf 'e2e4 1%100000s\\n' ''; done");
  for (const std::string& program : {trickle, flood, wide}) {
    const auto start = std::chrono::steady_clock::now();
    std::string message = "(no error)";
    try {
      EngineOptions strict;
      strict.strict = true;
      auto source = make_divide_source("perftree:" + program, std::chrono::seconds(20), Notation::CLASSICAL, strict);
      source->divide(std::string(START_FEN), {"e2e4", "e7e5"}, 2);
    } catch (const ExternalError& e) {
      message = e.what();
    }
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    // The program, the line, and the whole call (the query) as it can be pasted.
    BOOST_TEST(contains(message, program + ": unexpected line \"junk\" from " + program + " 2 '" +
                                     std::string(START_FEN) + "' 'e2e4 e7e5'"),
               message);
    BOOST_TEST(seconds < 8.0, program << " took " << seconds << " s");  // the timeout is 20 s
  }
}

BOOST_AUTO_TEST_CASE(commands_take_shell_quoting_and_errors_print_them_whole) {
  Scripts scripts;
  const std::string spaced = scripts.write("my engine.sh", "echo \"garbage from $1\"");
  const auto [message, seconds] = external_failure("perftree:'" + spaced + "' --fast");
  BOOST_TEST(contains(message, "'" + spaced + "' --fast: no move line and no total"), message);
  BOOST_TEST(contains(message, "garbage from --fast"), message);

  // Quoted arguments reach the program as one word each.
  auto engine = make_divide_source("uci:sh -c 'exec \"$0\"' " + STOCKFISH, std::chrono::seconds(30));
  BOOST_TEST(engine->divide(std::string(START_FEN), {}, 1).total == 20u);

  BOOST_CHECK_THROW(make_divide_source("perftree:'unbalanced", SHORT_TIMEOUT), UsageError);
  BOOST_TEST(split_command("a 'b c' \"d \\\"e\\\"\" f\\ g") ==
             (std::vector<std::string>{"a", "b c", "d \"e\"", "f g"}));
  BOOST_TEST(shell_quote("it's") == "'it'\\''s'");
}

BOOST_AUTO_TEST_CASE(a_program_that_answers_but_never_exits_is_told_apart_from_one_that_hangs) {
  Scripts scripts;
  const std::string lingers = scripts.write("linger.sh", "printf 'e2e4 1\\n\\n1\\n'\nexec sleep 30");
  const auto [message, seconds] = external_failure("perftree:" + lingers);
  BOOST_TEST(contains(message, "it printed its whole reply but did not exit within 1 s"), message);
  BOOST_TEST(seconds < 10.0);  // a 1 s deadline, against 30 s of sleep or no end
}

// The UCI session syncs with `isready` after the handshake and after each query: what an engine prints
// besides its divide is set aside, and a divide without a total ends at the `readyok`, not the timeout.
BOOST_AUTO_TEST_CASE(option_and_info_lines_after_uciok_are_not_read_as_a_reply) {
  auto engine = make_divide_source(std::string("uci:") + BROKEN_ENGINE + " --uci none --late-options", SHORT_TIMEOUT);
  const DivideResult r = engine->divide(std::string(START_FEN), {}, 1);
  BOOST_TEST(r.moves.size() == 20u);
  BOOST_TEST(r.total == 20u);
  BOOST_TEST(engine->divide(std::string(START_FEN), {"e2e4"}, 2).total == 600u);
}

BOOST_AUTO_TEST_CASE(a_uci_divide_without_a_total_ends_at_readyok) {
  const auto start = std::chrono::steady_clock::now();
  auto engine =
      make_divide_source(std::string("uci:") + BROKEN_ENGINE + " --uci none --no-total", std::chrono::seconds(5));
  const DivideResult r = engine->divide(std::string(START_FEN), {}, 2);
  BOOST_TEST(r.moves.size() == 20u);
  BOOST_TEST(r.total == 400u);
  BOOST_TEST(engine->divide(std::string(START_FEN), {"e2e4"}, 1).total == 20u);  // still in step
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  BOOST_TEST(seconds < 4.0, "took " << seconds << " s: waited for a total instead of readyok");  // timeout 5 s
}

BOOST_AUTO_TEST_CASE(a_uci_reply_without_a_divide_quotes_the_engines_own_words_at_once) {
  Scripts scripts;
  const std::string uci = scripts.write("refusing-uci.sh",
                                        "while read -r command rest; do\n"
                                        "  case \"$command\" in\n"
                                        "    uci) echo uciok;;\n"
                                        "    isready) echo readyok;;\n"
                                        "    go) echo 'info string perft needs a position set with setboard';;\n"
                                        "  esac\n"
                                        "done");
  const auto start = std::chrono::steady_clock::now();
  std::string message = "(no error)";
  try {
    make_divide_source("uci:" + uci, std::chrono::seconds(5))->divide(std::string(START_FEN), {}, 2);
  } catch (const ExternalError& e) {
    message = e.what();
  }
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  BOOST_TEST(contains(message, "no divide in its reply to 'go perft "), message);
  BOOST_TEST(contains(message, "it said \"info string perft needs a position set with setboard\""), message);
  BOOST_TEST(seconds < 2.0);
}

BOOST_AUTO_TEST_CASE(a_uci_reply_with_nothing_is_an_error_where_our_generator_finds_moves) {
  // It prints no totals, lists the start position's moves once, then prints nothing: a `readyok` alone is an
  // empty divide only where there is no legal move.
  Scripts scripts;
  const std::string uci =
      scripts.write("silent-uci.sh",
                    "while read -r command rest; do\n"
                    "  case \"$command\" in\n"
                    "    uci) echo uciok;;\n"
                    "    isready) echo readyok;;\n"
                    "    go) [ -n \"$listed\" ] || for m in a2a3 a2a4 b2b3 b2b4 c2c3 c2c4 d2d3 d2d4 e2e3 \\\n"
                    "          e2e4 f2f3 f2f4 g2g3 g2g4 h2h3 h2h4 b1a3 b1c3 g1f3 g1h3; do echo \"$m: 1\"; done\n"
                    "        listed=1;;\n"
                    "  esac\n"
                    "done");
  const auto engine = make_divide_source("uci:" + uci, std::chrono::seconds(5));
  const DivideResult mate = engine->divide("7k/6Q1/6K1/8/8/8/8/8 b - - 0 1", {}, 1);
  BOOST_TEST(mate.moves.empty());
  BOOST_TEST(mate.total == 0u);
  std::string message = "(no error)";
  try {
    engine->divide(std::string(START_FEN), {"e2e4"}, 1);
  } catch (const ExternalError& e) {
    message = e.what();
  }
  BOOST_TEST(contains(message, "no divide in its reply to 'go perft 1', where our generator finds 20 legal moves"),
             message);
}

// In checked builds the invariant check stops PinnedMayMove's first illegal move (see above).
BOOST_AUTO_TEST_CASE(a_uci_engine_without_totals_is_localised_from_the_command_line,
                     *boost::unit_test::enable_if<!test::CHECKED_BUILD>()) {
  ChildProcess cli({MOVEGEN_BINARY, "diff", "--depth", "3", "--timeout", "20", "mailbox",
                    std::string("uci:") + BROKEN_ENGINE + " --uci pin --no-total --late-options", "--fen",
                    "4k3/r7/8/8/8/8/4N3/4K3 b - - 0 1"},
                   std::chrono::seconds(20));
  cli.close_stdin();
  std::string report;
  while (auto line = cli.read_line()) report += *line + "\n";
  BOOST_TEST(cli.wait_exit() == "exit code 1");
  BOOST_TEST(contains(report, "move path:  a7e7\n"), report);
  BOOST_TEST(contains(report, "e2c1 e2c3 e2d4 e2f4 e2g1 e2g3\n"), report);
}
