// `--json` on perft, suite and compare: one JSON document on stdout, built from the same results as the text
// report, with the same exit codes. Counts are checked against the bundled suite's EPD counts (Stockfish's),
// never against what the program printed.
#include <algorithm>
#include <boost/test/unit_test.hpp>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "common/epd.hpp"
#include "harness/generators/generators.hpp"
#include "tests/run_cli.hpp"

using namespace movegen;
using namespace movegen::test;
namespace tt = boost::test_tools;
using nlohmann::json;

namespace {

const std::string START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

// The first `n` positions of the bundled suite, whose counts Stockfish produced.
std::vector<EpdEntry> bundled(std::size_t n) {
  std::vector<EpdEntry> entries = load_epd(std::string(MOVEGEN_SOURCE_DIR) + "/tests/data/perft.epd");
  entries.resize(n);
  return entries;
}

// The bundled suite's count for the position `fen` at `depth`.
std::uint64_t epd_count(const std::string& fen, int depth) {
  for (const EpdEntry& e : load_epd(std::string(MOVEGEN_SOURCE_DIR) + "/tests/data/perft.epd"))
    if (e.fen == fen)
      for (const PerftCount& c : e.counts)
        if (c.depth == depth) return c.nodes;
  BOOST_FAIL("no count for " << fen << " at D" << depth);
  return 0;
}

// An EPD line for `e` with its counts up to `max_depth`, the one at `wrong_depth` off by one.
std::string epd_line(const EpdEntry& e, int max_depth, int wrong_depth = 0) {
  std::string line = e.fen;
  for (const PerftCount& c : e.counts)
    if (c.depth <= max_depth)
      line += " ;D" + std::to_string(c.depth) + " " + std::to_string(c.nodes + (c.depth == wrong_depth));
  return line + "\n";
}

// Runs `movegen args...`, requires the exit code, and parses stdout as exactly one JSON document.
json run_json(const std::vector<std::string>& args, int code) {
  const Run r = run_cli(args);
  BOOST_TEST_REQUIRE(r.code == code, "exit " << r.code << ", stderr: " << r.err);
  BOOST_TEST_REQUIRE(json::accept(r.out), "stdout is not one JSON document: " << r.out);
  return json::parse(r.out);
}

}  // namespace

BOOST_AUTO_TEST_CASE(perft_json_total_is_the_epd_count_and_the_sum_of_the_divide_in_text_order) {
  const json doc = run_json({"perft", "--json", "--generator", "bitboard-tuned", "3"}, 0);
  BOOST_TEST(doc["command"] == "perft");
  BOOST_TEST(doc["generator"] == "bitboard-tuned");
  BOOST_TEST(doc["fen"] == START);
  BOOST_TEST(doc["moves"] == json::array());
  BOOST_TEST(doc["depth"] == 3);
  BOOST_TEST(doc["bulk"] == true);
  BOOST_TEST(doc["nodes"].is_number_unsigned());
  BOOST_TEST(doc["nodes"].get<std::uint64_t>() == epd_count(START, 3));
  BOOST_TEST(doc["divide"].size() == epd_count(START, 1));
  std::uint64_t sum = 0;
  std::string text_divide;
  for (const json& row : doc["divide"]) {
    sum += row["nodes"].get<std::uint64_t>();
    text_divide += row["move"].get<std::string>() + ": " + std::to_string(row["nodes"].get<std::uint64_t>()) + "\n";
  }
  BOOST_TEST(sum == doc["nodes"].get<std::uint64_t>());
  BOOST_TEST(doc["seconds"].is_number());
  BOOST_TEST(doc["seconds"].get<double>() >= 0);
  BOOST_TEST(doc["mnps"].get<double>() >= 0);

  const Run text = run_cli({"perft", "--generator", "bitboard-tuned", "3"});  // the same lines, the same order
  BOOST_TEST(text.out.rfind(text_divide, 0) == 0, text.out);
}

BOOST_AUTO_TEST_CASE(perft_json_with_moves_and_no_bulk_and_at_depth_zero) {
  // After 1. e4 the position is the one the depth-3 tree counts below e2e4: its D2 is e2e4's D3 share.
  const json divide = run_json({"perft", "--json", "3"}, 0)["divide"];
  std::uint64_t e2e4 = 0;
  for (const json& row : divide)
    if (row["move"] == "e2e4") e2e4 = row["nodes"].get<std::uint64_t>();
  const json doc =
      run_json({"perft", "--json", "--no-bulk", "--moves", "e2e4", "--generator", "mailbox-masks", "2"}, 0);
  BOOST_TEST(doc["moves"] == json::array({"e2e4"}));
  BOOST_TEST(doc["bulk"] == false);
  BOOST_TEST(doc["bulk_mode"] == "none");
  BOOST_TEST(doc["generator"] == "mailbox-masks");
  BOOST_TEST(doc["nodes"].get<std::uint64_t>() == e2e4);
  BOOST_TEST(e2e4 > 0u);

  // --bulk names the mode, node by default; a generator with no sibling count asked for siblings counts each
  // node, and says so.
  BOOST_TEST(run_json({"perft", "--json", "3"}, 0)["bulk_mode"] == "node");
  BOOST_TEST(run_json({"perft", "--json", "--bulk", "siblings", "3"}, 0)["bulk_mode"] == "siblings");
  const json node = run_json({"perft", "--json", "--bulk", "node", "3"}, 0);
  BOOST_TEST(node["bulk_mode"] == "node");
  BOOST_TEST(node["bulk"] == true);
  BOOST_TEST(node["divide"] == divide);
  BOOST_TEST(run_json({"perft", "--json", "--generator", "mailbox-tuned", "--bulk", "siblings", "3"}, 0)["bulk_mode"] ==
             "node");

  const json zero = run_json({"perft", "--json", "0"}, 0);
  BOOST_TEST(zero["nodes"] == 1);
  BOOST_TEST(zero["divide"] == json::array());
}

BOOST_AUTO_TEST_CASE(suite_json_reports_a_wrong_count_and_a_skipped_position) {
  const std::vector<EpdEntry> entries = bundled(3);
  const std::string file =
      scratch().file("json_suite.epd", epd_line(entries[0], 3) + epd_line(entries[1], 3, 2) + entries[2].fen + " ;D4 " +
                                           std::to_string(entries[2].counts[3].nodes) + "\n");
  const json doc = run_json({"suite", "--json", "--generator", "mailbox,bitboard-tuned", "--max-depth", "3", file}, 1);
  BOOST_TEST(doc["command"] == "suite");
  BOOST_TEST(doc["file"] == file);
  BOOST_TEST(doc["generators"] == json::array({"mailbox", "bitboard-tuned"}));
  BOOST_TEST(doc["max_depth"] == 3);
  BOOST_TEST(doc["pass"] == false);
  BOOST_TEST_REQUIRE(doc["positions"].size() == 3u);

  const json& good = doc["positions"][0];
  BOOST_TEST(good["line"] == 1);
  BOOST_TEST(good["fen"] == entries[0].fen);
  BOOST_TEST(good["status"] == "ok");
  BOOST_TEST(good["checks"].size() == 2 * 3u);  // two generators, D1..D3

  const json& bad = doc["positions"][1];
  BOOST_TEST(bad["status"] == "fail");
  int wrong = 0;
  for (const json& check : bad["checks"]) {
    const std::uint64_t truth = entries[1].counts[check["depth"].get<int>() - 1].nodes;
    BOOST_TEST(check["got"].get<std::uint64_t>() == truth);
    BOOST_TEST(check["ok"] == (check["depth"] != 2));
    BOOST_TEST(check["expected"].get<std::uint64_t>() == truth + (check["depth"] == 2));
    wrong += check["ok"] == false;
  }
  BOOST_TEST(wrong == 2);  // D2, once per generator

  const json& deep = doc["positions"][2];
  BOOST_TEST(deep["status"] == "skipped");
  BOOST_TEST_REQUIRE(deep["checks"].size() == 2u);
  BOOST_TEST(deep["checks"][0]["skipped"] == true);
  BOOST_TEST(!deep["checks"][0].contains("got"));

  const json& summary = doc["summary"];
  BOOST_TEST(summary["positions"] == 3);
  BOOST_TEST(summary["counts_checked"] == 12);
  BOOST_TEST(summary["positions_failed"] == 1);
  BOOST_TEST(summary["positions_skipped"] == 1);
  std::uint64_t nodes = 0;
  for (int i = 0; i < 2; ++i)
    for (const PerftCount& c : entries[i].counts) nodes += c.depth <= 3 ? 2 * c.nodes : 0;
  BOOST_TEST(summary["nodes"].get<std::uint64_t>() == nodes);
}

BOOST_AUTO_TEST_CASE(suite_json_passes_when_every_count_matches) {
  std::string text;
  for (const EpdEntry& e : bundled(3)) text += epd_line(e, 2);
  const std::string file = scratch().file("json_pass.epd", text);
  const json doc = run_json({"suite", "--json", "--generator", "all", file}, 0);
  BOOST_TEST(doc["pass"] == true);
  BOOST_TEST(doc["generators"].size() == harness::GENERATOR_COUNT);
  BOOST_TEST(doc["summary"]["counts_checked"] == 3 * 2 * harness::GENERATOR_COUNT);
  BOOST_TEST(doc["summary"]["positions_failed"] == 0);
}

BOOST_AUTO_TEST_CASE(compare_json_rows_totals_and_the_three_by_two) {
  const std::vector<EpdEntry> entries = bundled(3);
  std::string text;
  for (const EpdEntry& e : entries) text += epd_line(e, 3);
  const std::string file = scratch().file("json_compare.epd", text);
  const json doc = run_json({"compare", "--json", file}, 0);
  BOOST_TEST(doc["command"] == "compare");
  BOOST_TEST(doc["all_agree"] == true);
  BOOST_TEST(doc["bulk"] == true);
  const json& generators = doc["generators"];
  BOOST_TEST(generators.size() == harness::GENERATOR_COUNT);
  for (std::size_t g = 0; g < harness::GENERATOR_COUNT; ++g)
    BOOST_TEST(generators[g] == std::string(harness::GENERATOR_NAMES[g]));
  BOOST_TEST_REQUIRE(doc["positions"].size() == entries.size());
  std::uint64_t all_nodes = 0;
  for (std::size_t i = 0; i < entries.size(); ++i) {
    const json& row = doc["positions"][i];
    std::uint64_t expected = 0;
    for (const PerftCount& c : entries[i].counts) expected += c.depth <= 3 ? c.nodes : 0;
    all_nodes += expected;
    BOOST_TEST(row["line"] == i + 1);
    BOOST_TEST(row["depth"] == 3);
    BOOST_TEST(row["agree"] == true);
    BOOST_TEST(row["nodes"].get<std::uint64_t>() == expected);
    BOOST_TEST_REQUIRE(row["generators"].size() == harness::GENERATOR_COUNT);
    for (std::size_t g = 0; g < harness::GENERATOR_COUNT; ++g) {
      BOOST_TEST(row["generators"][g]["generator"] == generators[g]);
      BOOST_TEST(row["generators"][g]["nodes"].get<std::uint64_t>() == expected);
    }
  }
  double mnps[4][3] = {};  // [mailbox, 10x12, x88, bitboard][make-test-unmake, masks, tuned]
  for (const json& total : doc["totals"]) {
    BOOST_TEST(total["nodes"].get<std::uint64_t>() == all_nodes);
    const std::string name = total["generator"];
    mnps[name.starts_with("bitboard")     ? 3
         : name.starts_with("x88")        ? 2
         : name.starts_with("board10x12") ? 1
                                          : 0][name.ends_with("-tuned")   ? 2
                                            : name.ends_with("-masks") ? 1
                                                                       : 0] = total["mnps"];
  }
  const json& table = doc["two_by_two"];
  BOOST_TEST(table["mnps"]["mailbox"]["masks"].get<double>() == mnps[0][1]);
  BOOST_TEST(table["mnps"]["10x12"]["make_test_unmake"].get<double>() == mnps[1][0]);
  BOOST_TEST(table["mnps"]["x88"]["masks"].get<double>() == mnps[2][1]);
  BOOST_TEST(table["mnps"]["bitboard"]["make_test_unmake"].get<double>() == mnps[3][0]);
  BOOST_TEST(table["masks_effect"]["mailbox"].get<double>() == mnps[0][1] / mnps[0][0]);
  BOOST_TEST(table["masks_effect"]["x88"].get<double>() == mnps[2][1] / mnps[2][0]);
  BOOST_TEST(table["representation_effect"]["10x12"]["masks"].get<double>() == mnps[1][1] / mnps[0][1]);
  BOOST_TEST(table["representation_effect"]["x88"]["make_test_unmake"].get<double>() == mnps[2][0] / mnps[0][0]);
  BOOST_TEST(table["representation_effect"]["bitboard"]["masks"].get<double>() == mnps[3][1] / mnps[0][1]);
  BOOST_TEST(table["tuned"]["bitboard"].get<double>() == mnps[3][2]);
  BOOST_TEST(table["tuning_effect"]["mailbox"].get<double>() == mnps[0][2] / mnps[0][1]);
  BOOST_TEST(!table["tuned"].contains("x88"));  // x88 has no tuned generator
}

// --rounds 3: every count timed three times; each row's and total's seconds are the median of its rounds, the
// rounds of the totals are the sums of the rows' rounds, and each cell of the table carries its spread.
BOOST_AUTO_TEST_CASE(compare_json_times_every_count_in_each_round_and_reports_the_median_and_spread) {
  const std::vector<EpdEntry> entries = bundled(3);
  const std::string file = scratch().file("json_rounds.epd", epd_line(entries[0], 3) + epd_line(entries[1], 3));
  const json doc = run_json({"compare", "--json", "--rounds", "3", "--generators", "mailbox,x88-masks", file}, 0);
  BOOST_TEST(doc["rounds"] == 3);
  const auto median_of = [](const json& rounds) {
    std::vector<double> v = rounds.get<std::vector<double>>();
    std::sort(v.begin(), v.end());
    return v.at(1);
  };
  for (std::size_t g = 0; g < 2; ++g) {
    const json& total = doc["totals"][g];
    BOOST_TEST_REQUIRE(total["rounds"].size() == 3u);
    BOOST_TEST(total["seconds"].get<double>() == median_of(total["rounds"]));
    std::vector<double> sums(3, 0.0);
    for (const json& row : doc["positions"]) {
      BOOST_TEST_REQUIRE(row["generators"][g]["rounds"].size() == 3u);
      BOOST_TEST(row["generators"][g]["seconds"].get<double>() == median_of(row["generators"][g]["rounds"]));
      for (std::size_t r = 0; r < 3; ++r) sums[r] += row["generators"][g]["rounds"][r].get<double>();
    }
    for (std::size_t r = 0; r < 3; ++r) BOOST_TEST(total["rounds"][r].get<double>() == sums[r], tt::tolerance(1e-9));
    const std::vector<double> rounds = total["rounds"].get<std::vector<double>>();
    const double spread =
        (*std::max_element(rounds.begin(), rounds.end()) - *std::min_element(rounds.begin(), rounds.end())) /
        median_of(total["rounds"]);
    BOOST_TEST(total["spread"].get<double>() == spread, tt::tolerance(1e-9));
  }
  const json& table = doc["two_by_two"];
  BOOST_TEST(table["spread"]["mailbox"]["make_test_unmake"].get<double>() == doc["totals"][0]["spread"].get<double>());
  BOOST_TEST(table["spread"]["x88"]["masks"].get<double>() == doc["totals"][1]["spread"].get<double>());
  BOOST_TEST(table["spread"]["x88"]["make_test_unmake"].is_null());
  expect_bad_input({"compare", "--rounds", "0", file}, "--rounds: 0 is outside 1..1000");
}

BOOST_AUTO_TEST_CASE(compare_json_names_a_disagreement_and_leaves_missing_cells_null) {
  const std::vector<EpdEntry> entries = bundled(2);
  const std::string file = scratch().file("json_disagree.epd", epd_line(entries[0], 2) + epd_line(entries[1], 2, 1));
  const json doc = run_json({"compare", "--json", "--no-bulk", "--generators", "bitboard-tuned,mailbox", file}, 1);
  BOOST_TEST(doc["all_agree"] == false);
  BOOST_TEST(doc["bulk"] == false);
  BOOST_TEST(doc["positions"][0]["agree"] == true);
  const json& row = doc["positions"][1];
  BOOST_TEST(row["agree"] == false);
  BOOST_TEST_REQUIRE(row["problems"].size() == 2u);  // D1, by each generator
  BOOST_TEST(row["problems"][0]["generator"] == "bitboard-tuned");
  BOOST_TEST(row["problems"][0]["depth"] == 1);
  BOOST_TEST(row["problems"][0]["got"].get<std::uint64_t>() == entries[1].counts[0].nodes);
  BOOST_TEST(row["problems"][0]["expected"].get<std::uint64_t>() == entries[1].counts[0].nodes + 1);
  const json& table = doc["two_by_two"];
  BOOST_TEST(table["mnps"]["mailbox"]["masks"].is_null());
  BOOST_TEST(table["mnps"]["mailbox"]["make_test_unmake"].is_number());
  BOOST_TEST(table["masks_effect"]["mailbox"].is_null());
  BOOST_TEST(table["representation_effect"]["bitboard"]["make_test_unmake"].is_null());
  BOOST_TEST(table["representation_effect"]["x88"]["masks"].is_null());
  BOOST_TEST(doc["summary"]["positions_disagreeing"] == 1);
}

BOOST_AUTO_TEST_CASE(bad_input_with_json_prints_nothing_on_stdout) {
  expect_bad_input({"perft", "--json", "16"}, "depth: 16 is outside 0..15");
  expect_bad_input({"perft", "--json", "--fen", "8/8/8/8/8/8/8/8 w - - 0 1", "1"}, "bad FEN piece placement");
  expect_bad_input({"perft", "--json", "2", "--moves", "e2e5"}, "bad move 'e2e5'");
  expect_bad_input({"suite", "--json", "/dev/zero"}, "is not a regular file");
  expect_bad_input({"compare", "--json", "--generators", "mailbox,nope"}, "bad --generators");
}

BOOST_AUTO_TEST_CASE(json_to_a_full_stdout_is_an_error_not_a_pass) {
  const std::string suite = scratch().file("json_full.epd", START + " ;D1 20 ;D2 400\n");
  for (const std::vector<std::string>& args : std::vector<std::vector<std::string>>{
           {"perft", "--json", "3"}, {"suite", "--json", suite}, {"compare", "--json", suite}}) {
    BOOST_TEST_CONTEXT(args.front()) {
      const Run r = run_cli(args, "/dev/full");
      BOOST_TEST(r.code == 2);
      BOOST_TEST(r.err.find("movegen: cannot write to stdout: No space left on device\n") != std::string::npos, r.err);
    }
  }
  const Run perft = run_cli({"perft", "--json", "3"}, "/dev/full");
  BOOST_TEST(perft.err == "movegen: cannot write to stdout: No space left on device\n");
}
