// What diff checks of a connected engine beyond its divides (docs/harness.md, "Connecting your engine"): its
// captures (`--captures-command`), the positions after moves played from a position (for bugs only in the
// engine's `position ... moves`), and engines that print only a total. Each is a tests/broken_engine behaviour.
#include <boost/test/unit_test.hpp>
#include <chrono>
#include <string>

#include "harness/engines/divide_source.hpp"
#include "harness/generators/generators.hpp"
#include "tests/quick.hpp"
#include "tests/run_cli.hpp"

using movegen::test::occurrences;
using movegen::test::report_field;
using movegen::test::run_cli;

namespace {

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

// broken_engine's `pin` lets a pinned knight move: diff finds it after a7e7.
const std::string PIN_FEN = "4k3/r7/8/8/8/8/4N3/4K3 b - - 0 1";
const std::string ENGINE = BROKEN_ENGINE;

}  // namespace

// An engine that lists its captures (`--captures-command`): diff compares them with ours once the divides agree.
// broken_engine --captures-without-en-passant divides rightly but leaves en passant out of its captures.
const std::string EN_PASSANT_FEN = "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3";

BOOST_AUTO_TEST_CASE(an_engine_s_captures_are_compared_with_ours) {
  const std::string right = "uci:" + ENGINE + " --uci none", wrong = right + " --captures-without-en-passant";
  const auto agree =
      run_cli({"diff", "--depth", "2", "--fen", EN_PASSANT_FEN, "--captures-command", "captures", "mailbox", right});
  BOOST_TEST(agree.code == 0, agree.out << agree.err);
  BOOST_TEST(contains(agree.out, "agree at depth 2"), agree.out);
  // Not asked for, the captures are not compared: the divides agree.
  BOOST_TEST(run_cli({"diff", "--depth", "2", "--fen", EN_PASSANT_FEN, "mailbox", wrong}).code == 0);
  const auto differ =
      run_cli({"diff", "--depth", "2", "--fen", EN_PASSANT_FEN, "--captures-command", "captures", "mailbox", wrong});
  BOOST_TEST(differ.code == 1, differ.out << differ.err);
  BOOST_TEST(report_field(differ.out, "stage:").starts_with("captures"), differ.out);
  BOOST_TEST(report_field(differ.out, "only A:") == "e5f6", differ.out);
  BOOST_TEST(report_field(differ.out, "kind:").starts_with("captures: "), differ.out);
  const auto json = run_cli(
      {"diff", "--depth", "1", "--json", "--fen", EN_PASSANT_FEN, "--captures-command", "captures", "mailbox", wrong});
  BOOST_TEST(contains(json.out, "\"stage\": \"captures\""), json.out);
}

BOOST_AUTO_TEST_CASE(a_move_that_takes_nothing_among_the_captures_is_said_to_be_no_capture) {
  // broken_engine --quiet-among-captures adds its first quiet move to its captures.
  const auto r = run_cli({"diff", "--depth", "1", "--fen", EN_PASSANT_FEN, "--captures-command", "captures", "mailbox",
                          "uci:" + ENGINE + " --uci none --quiet-among-captures"});
  BOOST_TEST(r.code == 1, r.out << r.err);
  BOOST_TEST(report_field(r.out, "only A:") == "-", r.out);
  BOOST_TEST(contains(report_field(r.out, "why:"), "takes nothing, so it is no capture"), r.out);
}

BOOST_AUTO_TEST_CASE(every_suite_position_s_captures_agree_with_a_right_engine) {
  const auto r = run_cli({"diff", "--depth", "1", "--epd", std::string(MOVEGEN_SOURCE_DIR) + "/tests/data/perft.epd",
                          "--captures-command", "captures", "mailbox", "uci:" + ENGINE + " --uci none"});
  BOOST_TEST(r.code == 0, r.out.substr(r.out.size() > 3000 ? r.out.size() - 3000 : 0) << r.err);
}

BOOST_AUTO_TEST_CASE(fuzz_compares_an_engine_s_captures_at_every_position_it_asks_about) {
  const std::vector<std::string> fuzz = {"fuzz",     "--fen",    EN_PASSANT_FEN,    "--games", "1",
                                         "--plies",  "0",        "--against-depth", "1",       "--captures-command",
                                         "captures", "--against"};
  auto with = [&](const std::string& spec) {
    std::vector<std::string> args = fuzz;
    args.push_back(spec);
    return run_cli(args);
  };
  const auto right = with("uci:" + ENGINE + " --uci none");
  BOOST_TEST(right.code == 0, right.out << right.err);
  const auto wrong = with("uci:" + ENGINE + " --uci none --captures-without-en-passant");
  BOOST_TEST(wrong.code == 1, wrong.out << wrong.err);
  BOOST_TEST(report_field(wrong.out, "stage:").starts_with("captures"), wrong.out);
  BOOST_TEST(report_field(wrong.out, "only A:") == "e5f6", wrong.out);
  // The replay line keeps the option.
  BOOST_TEST(contains(wrong.out + wrong.err, "--captures-command captures"), wrong.out << wrong.err);
}

// --moves-flip-side: its perft is right, but after `position fen F moves ...` the other side is to move (a real
// engine's front end did so). diff sends moves below a divergence only, so the position's own divides agree; it
// asks the positions after a few of its moves through moves played from it, and localises the bug there.
const std::string FLIPS_SIDE = "uci:" + ENGINE + " --uci none --moves-flip-side";

BOOST_AUTO_TEST_CASE(a_side_to_move_lost_after_position_moves_is_found_through_moves_played_from_the_position) {
  const auto r = run_cli({"diff", "--depth", "3", "mailbox", FLIPS_SIDE});
  BOOST_TEST(r.code == 1, r.out << r.err);
  BOOST_TEST(r.out.starts_with("board:      B plays a2a3 wrongly: after it, B's board differs"), r.out);
  BOOST_TEST(report_field(r.out, "move path:") == "a2a3", r.out);
  BOOST_TEST(report_field(r.out, "kind:") == "make move: the side to move after it", r.out);
  BOOST_TEST(report_field(r.out, "through:").starts_with("found through moves played from the position"), r.out);
  // Turned off, the divides from the position agree, as they always did.
  const auto off = run_cli({"diff", "--depth", "3", "--no-through-moves", "mailbox", FLIPS_SIDE});
  BOOST_TEST(off.code == 0, off.out << off.err);
  // A right engine is asked the same and agrees.
  const auto right = run_cli({"diff", "--depth", "3", "mailbox", "uci:" + ENGINE + " --uci none"});
  BOOST_TEST(right.code == 0, right.out << right.err);
}

BOOST_AUTO_TEST_CASE(diff_over_a_suite_finds_a_side_to_move_lost_after_position_moves) {
  // Castling, en passant and promotions among the positions: one move of each kind is played from each.
  // Where every position after a move would have the side then not to move in check, or none has a move, it answers
  // rightly: those positions agree.
  const auto r = run_cli({"diff", "--depth", "2", "--epd", std::string(MOVEGEN_SOURCE_DIR) + "/tests/data/perft.epd",
                          "mailbox", FLIPS_SIDE});
  BOOST_TEST(r.code == 1, r.out.substr(0, 3000) << r.err);
  BOOST_TEST(contains(r.out, "\ndiffer line  14  depth 2  make move: the side to move after it after a1b1: only A "),
             r.out.substr(0, 3000));
  BOOST_TEST(contains(r.out, "184 positions checked: 15 agree, 169 differ, 0 failed"), r.out.substr(0, 3000));
  BOOST_TEST(occurrences(r.out, "; found through moves played from the position\n") == 169u, r.out.substr(0, 3000));
  BOOST_TEST(!contains(r.out, "history:"), r.out.substr(0, 3000));  // a fresh process answers so too
}

BOOST_AUTO_TEST_CASE(moves_played_from_a_chess960_position_are_sent_in_its_notation) {
  // The king on g1 castles king-side with the rook on h1 without moving: g1h1, never g1g1.
  const std::string fen = "qnbnr1kr/ppp1b1pp/4p3/3p1p2/8/2NPP3/PPP1BPPP/QNB1R1KR w KQkq - 1 9";
  const auto right =
      run_cli({"diff", "--chess960", "--depth", "2", "--fen", fen, "mailbox", "uci:" + ENGINE + " --uci none"});
  BOOST_TEST(right.code == 0, right.out << right.err);
  const auto r = run_cli({"diff", "--chess960", "--depth", "2", "--fen", fen, "mailbox", FLIPS_SIDE});
  BOOST_TEST(r.code == 1, r.out << r.err);
  BOOST_TEST(report_field(r.out, "kind:") == "make move: the side to move after it", r.out);
}

BOOST_AUTO_TEST_CASE(only_an_engine_sent_moves_is_asked_through_moves) {
  using namespace movegen::harness;
  const auto timeout = std::chrono::seconds(20);
  BOOST_TEST(make_divide_source("uci:" + ENGINE + " --uci none", timeout)->plays_moves());
  BOOST_TEST(make_divide_source("perftree:" + ENGINE + " none", timeout)->plays_moves());
  BOOST_TEST(make_divide_source("cmd:" + ENGINE + " none {depth} {fen} {moves}", timeout)->plays_moves());
  // The FEN reached, which the harness computes, tests no make move of the engine's.
  BOOST_TEST(!make_divide_source("cmd:" + ENGINE + " none {depth} {fen}", timeout)->plays_moves());
  EngineOptions setboard;
  setboard.position_command = "setboard {fen}";
  BOOST_TEST(
      !make_divide_source("uci:" + ENGINE + " --uci none --setboard", timeout, movegen::Notation::CLASSICAL, setboard)
           ->plays_moves());
  BOOST_TEST(!make_divide_source("mailbox", timeout)->plays_moves());
}

// --totals-only: a perft prints its total alone, never a move line, as qperft, weiss, Lozza and moraband print theirs.
// The harness knows each move's position, so it asks the engine the total after each, one ply less deep, and descends
// into a move whose totals differ; at depth 1 only the numbers of moves can be told apart.
BOOST_AUTO_TEST_SUITE(totals_only, *boost::unit_test::enable_if<!movegen::test::CHECKED_BUILD>())

const std::string PIN_TOTALS_ONLY = "uci:" + ENGINE + " --uci pin --totals-only";

BOOST_AUTO_TEST_CASE(diff_localises_an_engine_that_prints_only_totals) {
  const auto r = run_cli({"diff", "--depth", "3", "--timeout", "20", "--fen", PIN_FEN, "mailbox", PIN_TOTALS_ONLY});
  BOOST_TEST(r.code == 1, r.out << r.err);
  BOOST_TEST(report_field(r.out, "move path:") == "a7e7", r.out);
  BOOST_TEST(report_field(r.out, "kind:") == "a count that differs, told by totals alone", r.out);
  BOOST_TEST(report_field(r.out, "nodes A/B:") == "a7e7 4/10", r.out);
  BOOST_TEST(report_field(r.out, "detail:") ==
                 "A counts 4 moves here and B counts 10; B prints only totals, so which moves differ cannot be told",
             r.out);
  BOOST_TEST(occurrences(r.err, "prints only totals, no move lines") == 1u, r.err);  // said once
  // A right engine that prints only totals agrees, from the position and over the suite.
  const auto right =
      run_cli({"diff", "--depth", "3", "--fen", PIN_FEN, "mailbox", "uci:" + ENGINE + " --uci none --totals-only"});
  BOOST_TEST(right.code == 0, right.out << right.err);
  const auto suite =
      run_cli({"diff", "--depth", "2", "--epd", std::string(MOVEGEN_SOURCE_DIR) + "/tests/data/perft.epd", "mailbox",
               "uci:" + ENGINE + " --uci none --totals-only"});
  BOOST_TEST(suite.code == 0, suite.out.substr(0, 3000) << suite.err);
}

BOOST_AUTO_TEST_CASE(a_failure_of_an_engine_that_prints_only_totals_is_located_along_our_moves) {
  // crash-seventh dies when the side to move has a pawn on its seventh rank: first after b6b7 and a king's move.
  const auto r = run_cli({"diff", "--depth", "4", "--timeout", "20", "--fen", "4k3/8/1P6/8/8/8/8/4K3 w - - 0 1",
                          "mailbox", "uci:" + ENGINE + " --uci crash-seventh --totals-only"});
  BOOST_TEST(r.code == 2, r.out << r.err);
  BOOST_TEST(report_field(r.out, "move path:") == "b6b7 e8d7", r.out);
  BOOST_TEST(report_field(r.out, "B fails:") == "at depth 1 (the smallest at which it fails there)", r.out);
}

BOOST_AUTO_TEST_CASE(show_says_that_an_engine_that_prints_only_totals_cannot_list_its_moves) {
  const auto r = run_cli({"show", "--against", "uci:" + ENGINE + " --uci none --totals-only"});
  BOOST_TEST(r.code == 2, r.out << r.err);
  BOOST_TEST(
      contains(r.err, "it prints only totals, no move lines: its legal moves cannot be listed (its count is 20)"),
      r.err);
}

BOOST_AUTO_TEST_CASE(fuzz_localises_an_engine_that_prints_only_totals) {
  const auto r = run_cli({"fuzz", "--fen", PIN_FEN, "--games", "1", "--plies", "0", "--against-depth", "2", "--timeout",
                          "20", "--against", PIN_TOTALS_ONLY});
  BOOST_TEST(r.code == 1, r.out << r.err);
  BOOST_TEST(report_field(r.out, "move path:") == "a7e7", r.out);
  BOOST_TEST(report_field(r.out, "kind:") == "a count that differs, told by totals alone", r.out);
  const auto right = run_cli({"fuzz", "--games", "3", "--plies", "30", "--against-depth", "2", "--timeout", "20",
                              "--against", "uci:" + ENGINE + " --uci none --totals-only"});
  BOOST_TEST(right.code == 0, right.out << right.err);
}

BOOST_AUTO_TEST_SUITE_END()
