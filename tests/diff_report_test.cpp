// movegen diff over an EPD file: every position checked past failures, one line each, a summary grouped by
// cause; and the same run as one JSON document.
#include <boost/test/unit_test.hpp>
#include <nlohmann/json.hpp>
#include <sstream>

#include "harness/cli/debug_commands.hpp"
#include "tests/run_cli.hpp"

using namespace movegen::harness;
using movegen::test::occurrences;
using movegen::test::scratch;

namespace {

// Four positions, counts from Stockfish: the start position (no en passant within 2 plies), the
// position where only e2e4 allows d4e3, a position the engine below fails on, and chessprogramming
// wiki position 3 (en passant three plies deep).
const std::string SUITE =
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ;D1 20 ;D2 400\n"
    "4k3/8/8/8/3p4/8/4P3/4K3 w - - 0 1 ;D3 248\n"
    "4k3/8/8/8/8/8/8/R3K3 w Q - 0 1 ;D2 71\n"
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1 ;D3 2812\n";

// The broken engine without en passant, which answers garbage for the third position.
std::string flaky_engine() {
  return "perftree:" + scratch().script("flaky_engine",
                                        "case \"$2\" in\n"
                                        "  '4k3/8/8/8/8/8/8/R3K3 w Q - 0 1') echo garbage; exit 0;;\n"
                                        "esac\n"
                                        "exec " BROKEN_ENGINE " en-passant \"$@\"");
}

DiffOptions epd_options(bool json) {
  DiffOptions options;
  options.epd = scratch().file("suite.epd", SUITE);
  options.a = "mailbox", options.b = flaky_engine(), options.depth = 3, options.json = json;
  return options;
}

}  // namespace

BOOST_AUTO_TEST_CASE(an_epd_run_goes_on_past_a_bad_reply_and_groups_the_divergences) {
  std::ostringstream out, err;
  BOOST_TEST(run_diff(epd_options(false), out, err) == 2);  // a failing program outweighs a divergence
  const std::string text = out.str();
  BOOST_TEST_MESSAGE(text);
  BOOST_TEST(text.find("ok     line   1  depth 2") != std::string::npos, text);
  BOOST_TEST(text.find("differ line   2  depth 3  legal en passant after e2e4: only A d4e3\n") != std::string::npos,
             text);
  BOOST_TEST(text.find("error  line   3  depth 2  ") != std::string::npos, text);
  BOOST_TEST(text.find("differ line   4  depth 3  legal en passant") != std::string::npos, text);
  BOOST_TEST(text.find("4 positions checked: 1 agree, 2 differ, 1 failed") != std::string::npos, text);
  BOOST_TEST(text.find("legal en passant            2          2  line 2 (1 move)\n") != std::string::npos, text);
  // One full report per group, its example, not one per position: the divergences' and the failure's.
  BOOST_TEST(occurrences(text, "root FEN:") == 2u, text);
  BOOST_TEST(text.find("\nlegal en passant: shortest example, line 2\n") != std::string::npos, text);
  BOOST_TEST(text.find("broke the protocol                      1  line 3 (0 moves)\n") != std::string::npos, text);
  // The per-position lines name every failure: no list repeats them after the groups.
  BOOST_TEST(text.find("failed:") == std::string::npos, text);
  BOOST_TEST(occurrences(text, "line 3") == 2u, text);  // its line and its group's example
  BOOST_TEST(err.str().find("1 of 4 positions could not be checked") != std::string::npos, err.str());
}

BOOST_AUTO_TEST_CASE(a_uci_engine_that_dies_is_started_again_for_the_next_position) {
  // A UCI front end to `movegen perftree` that exits when asked about the rook position.
  const std::string engine = scratch().script(
      "dying_uci",
      "while read -r command rest; do\n"
      "  case \"$command\" in\n"
      "    uci) echo uciok;;\n"
      "    isready) echo readyok;;\n"
      "    position) fen=${rest#fen }; moves=''\n"
      "      case \"$fen\" in *' moves '*) moves=${fen#* moves }; fen=${fen%% moves *};; esac;;\n"
      "    go) case \"$fen\" in 4k3/8/8/8/8/8/8/R3K3*) exit 1;; esac\n"
      "      " MOVEGEN_BINARY
      " perftree ${rest#perft } \"$fen\" \"$moves\" |\n"
      "        sed -e 's/^\\([a-h][1-8][a-h][1-8][a-z]*\\) /\\1: /' -e 's/^\\([0-9][0-9]*\\)$/Nodes searched: \\1/';;\n"
      "  esac\n"
      "done");
  DiffOptions options;
  options.epd = scratch().file("dying.epd",
                               "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ;D2 400\n"
                               "4k3/8/8/8/8/8/8/R3K3 w Q - 0 1 ;D2 71\n"
                               "4k3/8/8/8/3p4/8/4P3/4K3 w - - 0 1 ;D3 248\n");
  options.a = "mailbox", options.b = "uci:" + engine, options.depth = 3;
  std::ostringstream out, err;
  BOOST_TEST(run_diff(options, out, err) == 2);
  BOOST_TEST(out.str().find("ok     line   1") != std::string::npos, out.str());
  BOOST_TEST(out.str().find("error  line   2") != std::string::npos, out.str());
  BOOST_TEST(out.str().find("ok     line   3") != std::string::npos, out.str());
  BOOST_TEST(out.str().find("3 positions checked: 2 agree, 0 differ, 1 failed") != std::string::npos, out.str());
}

BOOST_AUTO_TEST_CASE(json_is_one_document_with_every_position_and_the_groups) {
  std::ostringstream out, err;
  BOOST_TEST(run_diff(epd_options(true), out, err) == 2);
  const nlohmann::json doc = nlohmann::json::parse(out.str());
  BOOST_TEST(doc["command"] == "diff");
  BOOST_TEST(doc["a"] == "mailbox");
  BOOST_REQUIRE(doc["positions"].size() == 4u);
  BOOST_TEST(doc["positions"][0]["status"] == "agree");
  BOOST_TEST(doc["positions"][2]["status"] == "error");
  BOOST_TEST(!doc["positions"][2]["error"].get<std::string>().empty());
  const nlohmann::json& d = doc["positions"][1]["divergences"].at(0);
  BOOST_TEST(doc["positions"][1]["line"] == 2);
  BOOST_TEST(d["path"] == nlohmann::json({"e2e4"}));
  BOOST_TEST(d["depth"] == 2);
  BOOST_TEST(d["only_a"] == nlohmann::json({"d4e3"}));
  BOOST_TEST(d["kind"] == "legal en passant");  // its cause, in the words of the group
  BOOST_TEST(d["cause"] == d["kind"]);
  BOOST_TEST(d["move_kind"] == "en passant");
  BOOST_TEST(d["moves"][0]["legal"] == true);
  // Below e2e4, 2 plies from the root: black's king steps d8, d7, e7, f7, f8, then d4d3, and d4e3 for A only.
  BOOST_TEST(d["path_counts"][0]["a"] == 7);
  BOOST_TEST(d["path_counts"][0]["b"] == 6);
  const nlohmann::json& summary = doc["summary"];
  BOOST_TEST(summary["checked"] == 4);
  BOOST_TEST(summary["differ"] == 2);
  BOOST_TEST(summary["failed"] == 1);
  BOOST_REQUIRE(summary["groups"].size() == 1u);
  BOOST_TEST(summary["groups"][0]["kind"] == "legal en passant");
  BOOST_TEST(summary["groups"][0]["cause"] == "legal en passant");
  BOOST_TEST(summary["groups"][0]["positions"] == 2);
  BOOST_TEST(summary["groups"][0]["example"]["line"] == 2);
}

BOOST_AUTO_TEST_CASE(json_for_one_position_keeps_the_exit_code) {
  DiffOptions options;
  options.a = "mailbox", options.b = "bitboard-tuned", options.depth = 2, options.json = true;
  std::ostringstream out, err;
  BOOST_TEST(run_diff(options, out, err) == 0);
  const nlohmann::json doc = nlohmann::json::parse(out.str());
  BOOST_TEST(doc["positions"][0]["status"] == "agree");
  BOOST_TEST(doc["positions"][0]["line"] == 0);
  BOOST_TEST(doc["summary"]["groups"].empty());
}

BOOST_AUTO_TEST_CASE(all_and_json_from_the_command_line) {
  // e2e4 lets two black pawns take en passant, g2g4 one: --all reports both root moves.
  const movegen::test::Run r = movegen::test::run_cli({"diff", "--all", "--json", "--depth", "3", "--fen",
                                                       "4k3/8/8/8/3p1p2/8/4P1P1/4K3 w - - 0 1", "mailbox",
                                                       std::string("perftree:") + BROKEN_ENGINE + " en-passant"});
  BOOST_TEST(r.code == 1, r.err);
  const nlohmann::json doc = nlohmann::json::parse(r.out);
  const nlohmann::json& divergences = doc["positions"][0]["divergences"];
  BOOST_REQUIRE(divergences.size() == 2u);
  BOOST_TEST(divergences[0]["path"] == nlohmann::json({"e2e4"}));
  BOOST_TEST(divergences[1]["path"] == nlohmann::json({"g2g4"}));
  BOOST_TEST(doc["summary"]["groups"][0]["kind"] == "legal en passant");
  BOOST_TEST(doc["summary"]["groups"][0]["divergences"] == 2);
  BOOST_TEST(doc["summary"]["groups"][0]["positions"] == 1);
}
