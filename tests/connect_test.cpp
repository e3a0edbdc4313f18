// Connecting an outside engine as it is (docs/harness.md, "Connecting your engine"): its own divide and
// position commands, a program that takes a FEN and a depth, Shredder-FEN, lines around its divide, divide
// formats of its own, no move list at depth 1. Each quirk is a tests/broken_engine behaviour, and diff
// localises the engine's planted bug through it from the command line alone.
#include <boost/test/unit_test.hpp>
#include <chrono>
#include <string>

#include "harness/engines/command_template.hpp"
#include "harness/generators/generators.hpp"
#include "tests/quick.hpp"
#include "tests/run_cli.hpp"

using movegen::test::occurrences;
using movegen::test::report_field;
using movegen::test::run_cli;

namespace {

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

BOOST_AUTO_TEST_CASE(templates_fill_in_the_query) {
  using namespace movegen::harness;
  const std::string start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
  const std::vector<std::string> none, played = {"e2e4", "e7e5"};
  BOOST_TEST(expand_command("position fen {fen} moves {moves}", {start, none, 3}) == "position fen " + start);
  BOOST_TEST(expand_command("position fen {fen} moves {moves}", {start, played, 3}) ==
             "position fen " + start + " moves e2e4 e7e5");
  BOOST_TEST(expand_command("setboard {fen}", {start, played, 3}) ==  // the FEN reached, computed
             "setboard rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2");
  BOOST_TEST(expand_command("perftsplit {depth}", {start, played, 3}) == "perftsplit 3");
  BOOST_TEST((expand_argv({"./perft", "{fen}", "{depth}", "{moves}"}, {start, none, 2}) ==
              std::vector<std::string>{"./perft", start, "2"}));
  BOOST_TEST(shredder_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1") == "r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1");
  BOOST_TEST(shredder_fen("1r2k1r1/8/8/8/8/8/8/1R2K1R1 w Kq - 0 1") == "1r2k1r1/8/8/8/8/8/8/1R2K1R1 w Gb - 0 1");
  BOOST_TEST(shredder_fen("4k3/8/8/8/8/8/8/4K3 w - - 0 1") == "4k3/8/8/8/8/8/8/4K3 w - - 0 1");
}

// broken_engine's `pin` lets a pinned knight move: diff finds it after a7e7, whatever the connection.
const std::string PIN_FEN = "4k3/r7/8/8/8/8/4N3/4K3 b - - 0 1";
const std::string ENGINE = BROKEN_ENGINE;

// `diff --depth 3 --fen PIN_FEN mailbox SPEC` with `extra` options first; checks that the pin is localised.
void check_pin_found(const std::string& spec, std::vector<std::string> extra) {
  std::vector<std::string> words = {"diff", "--depth", "3", "--timeout", "20", "--fen", PIN_FEN};
  words.insert(words.end(), extra.begin(), extra.end());
  words.insert(words.end(), {"mailbox", spec});
  const auto r = run_cli(words);
  BOOST_TEST(r.code == 1, r.out << r.err);
  BOOST_TEST(report_field(r.out, "move path:") == "a7e7", r.out);
  BOOST_TEST(report_field(r.out, "only B:") == "e2c1 e2c3 e2d4 e2f4 e2g1 e2g3", r.out);
}

}  // namespace

// In checked builds (MOVEGEN_CHECK_INVARIANTS) the invariant check after make_move stops PinnedMayMove's
// first illegal move before diff can localise it: these cases run in optimised builds.
BOOST_AUTO_TEST_SUITE(connecting, *boost::unit_test::enable_if<!movegen::test::CHECKED_BUILD>())

BOOST_AUTO_TEST_CASE(an_engine_with_a_divide_command_of_its_own) {
  check_pin_found("uci:" + ENGINE + " --uci pin --perft-command perftsplit", {"--perft-command", "perftsplit {depth}"});
  check_pin_found("uci:" + ENGINE + " --uci pin --perft-command divide", {"--perft-command", "divide {depth}"});
}

BOOST_AUTO_TEST_CASE(an_engine_set_up_by_setboard_with_the_fen_reached) {
  check_pin_found("uci:" + ENGINE + " --uci pin --setboard", {"--position-command", "setboard {fen}"});
}

BOOST_AUTO_TEST_CASE(a_program_run_per_query_with_a_fen_and_a_depth) {
  check_pin_found("cmd:" + ENGINE + " pin {depth} {fen}", {});
  check_pin_found("cmd:" + ENGINE + " --format stockfish pin \"{depth}\" '{fen}' {moves}", {});
}

BOOST_AUTO_TEST_CASE(a_console_engine_with_a_banner_and_a_board_around_its_divide) {
  check_pin_found("uci:" + ENGINE + " --uci pin --banner --perft-command perftsplit",
                  {"--perft-command", "perftsplit {depth}"});
}

BOOST_AUTO_TEST_CASE(a_uci_engine_without_a_move_list_at_depth_1) {
  check_pin_found("uci:" + ENGINE + " --uci pin --no-depth-1-list", {});
  const auto r = run_cli({"diff", "--depth", "1", "mailbox", "uci:" + ENGINE + " --uci none --no-depth-1-list"});
  BOOST_TEST(r.code == 0, r.out << r.err);
  BOOST_TEST(contains(r.out, "agree at depth 1"), r.out);
  BOOST_TEST(contains(r.err, "prints no move list at depth 1"), r.err);
}

BOOST_AUTO_TEST_CASE(totals_printed_as_chessplusplus_and_delocto_print_them) {
  // `Number of nodes: N` then a time and a speed (chessplusplus); `Total positions to depth D: N` before the
  // move lines (Delocto): the move lines after the total are read too.
  check_pin_found("uci:" + ENGINE + " --uci pin --number-of-nodes", {});
  check_pin_found("uci:" + ENGINE + " --uci pin --total-first", {});
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_CASE(protocol_lines_with_a_trailing_blank_are_read) {
  // Lozza prints every line with a blank at its end: `uciok `, `readyok `.
  const auto r =
      run_cli({"diff", "--depth", "2", "--timeout", "5", "mailbox", "uci:" + ENGINE + " --uci none --trailing-space"});
  BOOST_TEST(r.code == 0, r.out << r.err);
  BOOST_TEST(contains(r.out, "agree at depth 2"), r.out);
}

BOOST_AUTO_TEST_CASE(an_engine_that_searches_instead_of_dividing_is_told_so_at_once) {
  // It takes `go perft 1` for `go`: `readyok`, then a search's lines, then (were it not stopped) --timeout.
  const auto start = std::chrono::steady_clock::now();
  const auto r =
      run_cli({"diff", "--depth", "1", "--timeout", "20", "mailbox", "uci:" + ENGINE + " --uci none --searches"});
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  BOOST_TEST(seconds < 10.0, "took " << seconds << " s: waited for --timeout");
  BOOST_TEST(r.code != 0, r.out << r.err);
  BOOST_TEST(contains(r.err + r.out, "it is searching, not dividing, in its reply to 'go perft 1'"), r.err);
  BOOST_TEST(contains(r.err + r.out, "--perft-command (e.g. 'perft {depth}' or 'divide {depth}')"), r.err);
}

BOOST_AUTO_TEST_CASE(an_engines_error_is_quoted_from_the_start_of_its_stderr) {
  // Node prints its error, then the stack: the end of its stderr holds frames only.
  const auto r =
      run_cli({"diff", "--depth", "1", "--timeout", "5", "mailbox", "uci:" + ENGINE + " --uci none --stderr-trace"});
  BOOST_TEST(r.code == 2, r.out << r.err);
  BOOST_TEST(contains(r.err + r.out, "on stderr \"Error: perft is broken here\\n    at perft_1 "), r.err);
}

BOOST_AUTO_TEST_CASE(a_program_run_per_query_is_named_in_errors_by_the_command_it_was_run_as) {
  // cmd: fills {depth} and {fen} in: an error names what ran, not the template's placeholders.
  const std::string fen = "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1";
  const auto r =
      run_cli({"diff", "--depth", "1", "--fen", fen, "mailbox", "cmd:" + ENGINE + " crash-seventh {depth} {fen}"});
  BOOST_TEST(r.code == 2, r.out << r.err);
  BOOST_TEST(
      contains(r.out, "error:      " + ENGINE + " crash-seventh 1 '" + fen + "': it ended with killed by signal 6"),
      r.out);
  BOOST_TEST(!contains(r.out + r.err, "'{fen}'"), r.out << r.err);
}

BOOST_AUTO_TEST_CASE(a_bare_number_of_another_output_is_no_total) {
  // After its divide, without a total, it prints `Time taken (ms):` and `3`: the 3 is the time, not a total.
  const auto r = run_cli(
      {"diff", "--depth", "2", "--timeout", "5", "mailbox", "uci:" + ENGINE + " --uci none --no-total --time-after"});
  BOOST_TEST(r.code == 0, r.out << r.err);
  BOOST_TEST(contains(r.out, "agree at depth 2"), r.out);
}

BOOST_AUTO_TEST_CASE(a_position_without_moves_is_an_empty_divide_in_every_total_form) {
  // Stalemate and checkmate: the engine prints no move line, then its total (`Number of nodes: 0`, `Total
  // positions to depth 3: 0`), or nothing at all before `readyok` if it prints no totals.
  for (const std::string fen : {"8/8/8/8/8/6k1/5q2/7K w - - 0 1", "7k/6Q1/6K1/8/8/8/8/8 b - - 0 1"})
    for (const std::string quirk : {"--number-of-nodes", "--total-first", "--no-total"}) {
      const auto r =
          run_cli({"diff", "--depth", "3", "--timeout", "5", "--fen", fen, "--perft-command", "perft {depth}",
                   "mailbox", "uci:" + ENGINE + " --uci none --perft-command perft " + quirk});
      BOOST_TEST(r.code == 0, quirk << " " << fen << "\n" << r.out << r.err);
      BOOST_TEST(contains(r.out, "agree at depth 3"), quirk << " " << r.out);
    }
  // The bundled suite's checkmates and stalemates among the rest, as the trial met them.
  for (const std::string quirk : {"--number-of-nodes", "--total-first"}) {
    const auto r = run_cli({"diff", "--depth", "1", "--timeout", "5", "--epd", "tests/data/perft.epd", "mailbox",
                            "uci:" + ENGINE + " --uci none " + quirk});
    BOOST_TEST(r.code == 0, quirk << "\n" << r.out << r.err);
  }
}

BOOST_AUTO_TEST_CASE(promotions_printed_without_their_piece_are_read_as_the_four_promotions) {
  const std::string fen = "r3k3/1P6/8/8/8/8/8/4K3 w - - 0 1";
  const auto ok = run_cli(
      {"diff", "--depth", "1", "--fen", fen, "mailbox", "uci:" + ENGINE + " --uci none --letterless-promotions"});
  BOOST_TEST(ok.code == 0, ok.out << ok.err);
  BOOST_TEST(contains(ok.err, "drops the promotion piece"), ok.err);
  // With promotion captures left out, the four captures are missing, not four wrong moves added.
  const auto r = run_cli({"diff", "--depth", "1", "--fen", fen, "mailbox",
                          "uci:" + ENGINE + " --uci promo-capture --letterless-promotions"});
  BOOST_TEST(r.code == 1, r.out << r.err);
  BOOST_TEST(report_field(r.out, "only A:") == "b7a8b b7a8n b7a8q b7a8r", r.out);
  BOOST_TEST(report_field(r.out, "only B:") == "-", r.out);
}

BOOST_AUTO_TEST_CASE(an_engine_that_reads_only_shredder_fen_is_sent_it_once_it_refuses_x_fen) {
  // It refuses castling rights written KQkq: run per query it exits with an error, over UCI it prints an error
  // line and no divide. In Chess960 the harness asks again in Shredder-FEN, says so once, and goes on in it.
  const std::string fen = "rk2r3/pppppppp/8/8/8/8/PPPPPPPP/RK2R3 w KQkq - 0 1";
  for (const std::string& spec :
       {"cmd:" + ENGINE + " --shredder-only none {depth} {fen}", "uci:" + ENGINE + " --uci none --shredder-only"}) {
    const auto r = run_cli({"diff", "--depth", "2", "--fen", fen, "mailbox", spec});
    BOOST_TEST(r.code == 0, r.out << r.err);
    BOOST_TEST(contains(r.out, "agree at depth 2"), r.out);
    BOOST_TEST(occurrences(r.err, "refused the X-FEN form") == 1u, r.err);
    const auto told = run_cli({"diff", "--depth", "2", "--fen", fen, "--shredder-fen", "mailbox", spec});
    BOOST_TEST(told.code == 0, told.out << told.err);
    BOOST_TEST(!contains(told.err, "refused the X-FEN form"), told.err);
  }
  // A classical FEN is sent as it is: KQkq is its only form, and --shredder-fen the way to change it.
  const std::string classical = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
  const std::string spec = "cmd:" + ENGINE + " --shredder-only none {depth} {fen}";
  const auto refused = run_cli({"diff", "--depth", "2", "--fen", classical, "mailbox", spec});
  BOOST_TEST(refused.code == 2, refused.out << refused.err);
  BOOST_TEST(contains(refused.err, "castling rights must be rook files"), refused.err);
  const auto r = run_cli({"diff", "--depth", "2", "--fen", classical, "--shredder-fen", "mailbox", spec});
  BOOST_TEST(r.code == 0, r.out << r.err);
  // The X-FEN lines of the bundled Chess960 suite, through one UCI process: said once for the run.
  const std::string epd = movegen::test::scratch().file(
      "x-fen.epd",
      "rk2r3/pppppppp/8/8/8/8/PPPPPPPP/RK2R3 w KQkq - 0 1 ;D1 24 ;D2 576\n2r3k1/8/8/8/8/8/8/RK6 w Q - 0 1 ;D1 9 ;D2 "
      "143\n3r2k1/8/8/8/8/8/8/RK6 w Q - 0 1 ;D1 12 ;D2 194\n");
  const auto suite =
      run_cli({"diff", "--depth", "2", "--epd", epd, "mailbox", "uci:" + ENGINE + " --uci none --shredder-only"});
  BOOST_TEST(suite.code == 0, suite.out << suite.err);
  BOOST_TEST(contains(suite.out, "3 positions checked: 3 agree"), suite.out);
  BOOST_TEST(occurrences(suite.err, "refused the X-FEN form") == 1u, suite.err);
}

BOOST_AUTO_TEST_CASE(diff_help_shows_the_connection_options_and_the_current_generators) {
  const auto r = run_cli({"diff", "--help"});
  BOOST_TEST(r.code == 0, r.out << r.err);
  for (const std::string option : {"--perft-command", "--position-command", "--strict", "--shredder-fen", "cmd:"})
    BOOST_TEST(contains(r.out, option), option << " in\n" << r.out);
  for (movegen::harness::Generator g : movegen::harness::all_generators())  // from the table, none left out
    BOOST_TEST(contains(r.out, movegen::harness::generator_name(g) + ","), generator_name(g) << " in\n" << r.out);
}

BOOST_AUTO_TEST_CASE(a_board_with_the_wrong_side_to_move_is_named_so) {
  // Its perft is right; only `position ... moves` after a queen's capture is wrong, as fuzz --against sends.
  const auto r = run_cli({"diff", "--depth", "1", "--fen", "4k3/8/8/3p4/8/8/8/3QK3 w - - 0 1", "--moves", "d1d5",
                          "mailbox", "uci:" + ENGINE + " --uci queen-capture-keeps-side"});
  BOOST_TEST(r.code == 1, r.out << r.err);
  BOOST_TEST(r.out.starts_with("board:      B plays d1d5 wrongly: after it, B's board differs"), r.out);
  BOOST_TEST(contains(r.out, "the side to move differs: B moves white's pieces, where ours has black to move"), r.out);
  // Its cause is the side to move, not the move's kind: a front end that loses the side to move after moves of
  // every kind is one cause in a report that groups (diff --epd, fuzz --keep-going), not one per kind.
  BOOST_TEST(report_field(r.out, "kind:") == "make move: the side to move after it", r.out);
}

BOOST_AUTO_TEST_CASE(an_answer_that_depends_on_earlier_queries_is_replayed_from_a_fresh_process) {
  // --hash-across-queries answers from a hash that leaves the castling rights out of its key: right in a fresh
  // process, wrong for the last position once the first, the same pieces with castling rights, was asked.
  const std::string castling = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", no_rights = "r3k2r/8/8/8/8/8/8/R3K2R w - - 0 1";
  const std::string epd = movegen::test::scratch().file(
      "history.epd", castling + " ;D1 26 ;D2 568\n" + std::string(movegen::START_FEN) +
                         " ;D1 20 ;D2 400\n4k3/8/8/8/8/8/4P3/4K3 w - - 0 1 ;D1 6 ;D2 30\n" + no_rights +
                         " ;D1 24 ;D2 482\n");
  const std::string spec = "uci:" + ENGINE + " --uci none --hash-across-queries";
  const auto alone = run_cli({"diff", "--depth", "2", "--fen", no_rights, "mailbox", spec});
  BOOST_TEST(alone.code == 0, alone.out << alone.err);  // asked alone, it is right
  const auto r = run_cli({"diff", "--depth", "2", "--epd", epd, "mailbox", spec});
  BOOST_TEST_REQUIRE(r.code == 1, r.out << r.err);
  const std::size_t at = r.out.find("history:");
  BOOST_TEST_REQUIRE(at != std::string::npos, r.out);
  const std::string history = r.out.substr(at, r.out.find("\n\n", at) - at);
  BOOST_TEST(history.starts_with("history:    B's answer at line 4 depends on what it was asked before"), history);
  // The earlier queries cut down to the one that filled the hash, then the query itself.
  BOOST_TEST(occurrences(history, "go perft 2") == 2u, history);
  BOOST_TEST(history.find("position fen " + castling) < history.find("position fen " + no_rights), history);
  BOOST_TEST(!contains(history, std::string(movegen::START_FEN)), history);
}

BOOST_AUTO_TEST_CASE(the_engine_s_own_words_and_its_divide_format_are_named_in_the_report) {
  // The engine says which position it counts: after the queen's capture, still white to move.
  const auto r = run_cli({"diff", "--depth", "1", "--fen", "4k3/8/8/3p4/8/8/8/3QK3 w - - 0 1", "--moves", "d1d5",
                          "mailbox", "uci:" + ENGINE + " --uci queen-capture-keeps-side --say-position"});
  BOOST_TEST(r.code == 1, r.out << r.err);
  BOOST_TEST(report_field(r.out, "B said:") == "info string position: 4k3/8/8/3Q4/8/8/8/4K3 w - - 0 1", r.out);
  BOOST_TEST(r.out.ends_with("B said:     info string position: 4k3/8/8/3Q4/8/8/8/4K3 w - - 0 1\n"), r.out);
  BOOST_TEST(contains(r.err, "its divide is read as move lines like '"), r.err);
  BOOST_TEST(contains(r.err, "' (UCI moves) and a total like 'Nodes searched: "), r.err);
  // VICE's divide, and SAN without a total, each named as the engine prints it, once.
  const auto vice = run_cli({"diff", "--depth", "2", "mailbox", "perftree:" + ENGINE + " --format vice none"});
  BOOST_TEST(vice.code == 0, vice.out << vice.err);
  BOOST_TEST(contains(vice.err, "its divide is read as move lines like 'move 1 : "), vice.err);
  BOOST_TEST(contains(vice.err, "and a total like 'Test Complete : "), vice.err);
  BOOST_TEST(occurrences(vice.err, "its divide is read as") == 1u, vice.err);
  const auto numbered = run_cli({"diff", "--depth", "2", "mailbox", "perftree:" + ENGINE + " --format numbered none"});
  BOOST_TEST(numbered.code == 0, numbered.out << numbered.err);
  BOOST_TEST(contains(numbered.err, "moves = 20' (UCI moves) and no total line"), numbered.err);
}
