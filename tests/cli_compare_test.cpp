// `movegen compare` on the command line: a column per generator of the table, the reference table of
// representations by strategies with its effects, the tuned tier beside it, and both bulk modes of a
// generator that counts siblings, in the text and in --json. Runs the built binary (MOVEGEN_BINARY).
// (compare's bad input is tested in cli_test.cpp.)
#include <boost/test/unit_test.hpp>
#include <fmt/format.h>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>
#include <string>

#include "harness/cli/commands.hpp"
#include "harness/generators/generators.hpp"
#include "tests/run_cli.hpp"

using namespace movegen::test;

namespace {

const std::string START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

}  // namespace

BOOST_AUTO_TEST_CASE(compare_shows_the_table_of_representations_by_strategies) {
  const std::string suite = scratch().file("start.epd", START + " ;D1 20 ;D2 400 ;D3 8902\n");
  const Run all = run_cli({"compare", suite});
  BOOST_TEST(all.code == 0);
  const std::string header = all.out.substr(0, all.out.find('\n'));
  std::size_t at = 0;  // every generator of the table has a column, in table order
  for (std::string_view name : movegen::harness::GENERATOR_NAMES) {
    at = header.find(" " + std::string(name) + " ", at);
    BOOST_TEST(at != std::string::npos, name << " in " << header);
  }
  BOOST_TEST(all.out.find("between " + std::to_string(movegen::harness::GENERATOR_COUNT) + " generators") !=
             std::string::npos);
  BOOST_TEST(all.out.find("in each of 5 rounds; times are the median round's") != std::string::npos, all.out);
  BOOST_TEST(all.out.find("Mnps (spread)          make-test-unmake            masks   masks effect") !=
             std::string::npos);
  for (std::string_view r : movegen::harness::all_representations())  // one row each, from the table
    BOOST_TEST(all.out.find("\n" + std::string(r) + " ", all.out.find("masks effect")) != std::string::npos, r);
  BOOST_TEST(all.out.find("representation effect  make-test-unmake            masks") != std::string::npos, all.out);
  BOOST_TEST(all.out.find("\nx88 / mailbox ") != std::string::npos, all.out);
  BOOST_TEST(all.out.find("\nbitboard / mailbox ") != std::string::npos, all.out);
  BOOST_TEST(
      all.out.find("Mnps, tuned tier            reference masks            tuned  tuning effect") != std::string::npos,
      all.out);
  BOOST_TEST(all.out.find(fmt::format("until it has run {:.2f} s in all (--tuned-seconds)",
                                      movegen::harness::COMPARE_DEFAULT_TUNED_SECONDS)) != std::string::npos,
             all.out);  // the default
  BOOST_TEST(all.out.find("all counts agree") != std::string::npos);
  // Two generators: the effects that need a missing generator are shown as "-".
  const Run two = run_cli({"compare", "--tuned-seconds", "0.05", "--generators", "mailbox,bitboard-tuned", suite});
  BOOST_TEST(two.code == 0);
  BOOST_TEST(two.out.find("between 2 generators") != std::string::npos, two.out);
  BOOST_TEST(two.out.find("mailbox-masks") == std::string::npos, two.out);
  BOOST_TEST(
      two.out.find("\nx88                                   -                -              -\n") != std::string::npos,
      two.out);
}

// Issue 32: the tuned bitboard counts siblings by default, which no peer does; compare also times it with
// --bulk node (each leaf parent built and counted, as Stockfish counts), labelled as such, beside the sibling
// count. The mailbox-tuned has no sibling count, so it runs once; without bulk counting there is no node run.
BOOST_AUTO_TEST_CASE(compare_shows_both_bulk_modes_of_a_sibling_counter) {
  const std::string suite = scratch().file("start.epd", START + " ;D1 20 ;D2 400 ;D3 8902\n");
  const Run bulk = run_cli({"compare", "--rounds", "1", "--tuned-seconds", "0.05", "--generators",
                            "mailbox-masks,mailbox-tuned,bitboard-masks,bitboard-tuned", suite});
  BOOST_TEST(bulk.code == 0, bulk.err);
  BOOST_TEST(bulk.out.find("\nbitboard --bulk siblings ") != std::string::npos, bulk.out);
  BOOST_TEST(bulk.out.find("\nbitboard --bulk node ") != std::string::npos, bulk.out);
  BOOST_TEST(bulk.out.find("bitboard-tuned --bulk node: 9322 nodes in") != std::string::npos, bulk.out);
  BOOST_TEST(bulk.out.find("mailbox-tuned --bulk node") == std::string::npos, bulk.out);
  // The totals' names are right-aligned to the longest, the --bulk node run's included: one colon column.
  std::istringstream lines(bulk.out);
  std::set<std::size_t> colons;
  for (std::string line; std::getline(lines, line);)
    if (line.find(" nodes in ") != std::string::npos && line.find(" Mnps, spread ") != std::string::npos)
      colons.insert(line.find(':'));
  BOOST_TEST(colons.size() == 1u, bulk.out);
  BOOST_TEST(bulk.out.find("\nmailbox ", bulk.out.find("tuning effect")) != std::string::npos, bulk.out);
  const Run json = run_cli({"compare", "--json", "--rounds", "1", "--tuned-seconds", "0.05", suite});
  BOOST_TEST_REQUIRE(json.code == 0, json.err);
  const auto doc = nlohmann::json::parse(json.out);
  BOOST_TEST(doc["two_by_two"]["tuned_bulk_node"]["bitboard"].is_number());
  BOOST_TEST(!doc["two_by_two"]["tuned_bulk_node"].contains("mailbox"));
  BOOST_TEST_REQUIRE(doc["totals_bulk_node"].size() == 1u);
  BOOST_TEST(doc["totals_bulk_node"][0]["generator"] == "bitboard-tuned");
  BOOST_TEST(doc["totals_bulk_node"][0]["bulk_mode"] == "node");
  BOOST_TEST(doc["totals_bulk_node"][0]["nodes"] == 9322);
  BOOST_TEST(doc["totals"].size() == movegen::harness::GENERATOR_COUNT);
  BOOST_TEST(doc["positions"][0]["bulk_node"].size() == 1u);
  const Run leaves = run_cli({"compare", "--no-bulk", "--rounds", "1", "--tuned-seconds", "0.05", suite});
  BOOST_TEST(leaves.code == 0, leaves.err);
  BOOST_TEST(leaves.out.find("--bulk node") == std::string::npos, leaves.out);
}

// Issue 57: one pass of a tuned generator over the bundled suite to depth 4 lasts 0.03-0.14 s, too short to time.
// compare times the tuned tier again, each run passing over the suite, every pass checked, until it has run
// --tuned-seconds in all, and says so: its passes a round and its seconds in all, in the text and in --json.
// A total's time is then a pass's. The reference runs keep their one pass a round.
BOOST_AUTO_TEST_CASE(compare_times_each_tuned_run_for_the_seconds_it_reports) {
  const std::string suite = scratch().file("start.epd", START + " ;D1 20 ;D2 400 ;D3 8902\n");
  const Run json = run_cli({"compare", "--json", "--rounds", "3", "--tuned-seconds", "0.3", "--generators",
                            "mailbox-masks,mailbox-tuned,bitboard-tuned", suite});
  BOOST_TEST_REQUIRE(json.code == 0, json.err);
  const auto doc = nlohmann::json::parse(json.out);
  BOOST_TEST(doc["tuned_seconds"].get<double>() == 0.3);
  BOOST_TEST(doc["repeated_problems"].empty());
  const nlohmann::json& masks = doc["totals"][0];
  BOOST_TEST(masks["repeats"].get<double>() == 1.0);
  double sum = 0;
  for (const auto& r : masks["rounds"]) sum += r.get<double>();
  BOOST_TEST(masks["seconds_in_all"].get<double>() == sum, boost::test_tools::tolerance(1e-9));
  BOOST_TEST(doc["positions"][0]["generators"][1]["repeats"].get<double>() == 1.0);  // a row: one pass a round
  BOOST_TEST_REQUIRE(doc["totals_bulk_node"].size() == 1u);
  for (const nlohmann::json& tuned : {doc["totals"][1], doc["totals"][2], doc["totals_bulk_node"][0]}) {
    BOOST_TEST_CONTEXT(tuned["generator"] << " " << tuned["bulk_mode"]) {
      BOOST_TEST(tuned["nodes"] == 9322);  // a pass's nodes: the suite's, whatever the passes
      BOOST_TEST(tuned["rounds"].size() == 3u);
      BOOST_TEST(tuned["repeats"].get<double>() > 1.0);  // a pass lasts microseconds
      BOOST_TEST(tuned["seconds_in_all"].get<double>() >= 0.3 * (1 - 1e-9));
      BOOST_TEST(tuned["seconds"].get<double>() <=
                 tuned["seconds_in_all"].get<double>() / tuned["repeats"].get<double>());
      BOOST_TEST(tuned["mnps"].get<double>() == 9322 / tuned["seconds"].get<double>() / 1e6,
                 boost::test_tools::tolerance(1e-9));
    }
  }
  BOOST_TEST(doc["two_by_two"]["tuned"]["bitboard"].get<double>() == doc["totals"][2]["mnps"].get<double>());
  const Run text = run_cli(
      {"compare", "--rounds", "2", "--tuned-seconds", "0.1", "--generators", "mailbox-masks,mailbox-tuned", suite});
  BOOST_TEST_REQUIRE(text.code == 0, text.err);
  BOOST_TEST(
      text.out.find("each group run by each run in turn once untimed then every round, until it has run 0.10 s in all "
                    "(--tuned-seconds); its time is a pass's, every pass checked") != std::string::npos,
      text.out);
  const std::size_t tuned_total = text.out.find("mailbox-tuned: 9322 nodes in ");
  BOOST_TEST_REQUIRE(tuned_total != std::string::npos, text.out);
  const std::string tuned_line = text.out.substr(tuned_total, text.out.find('\n', tuned_total) - tuned_total);
  BOOST_TEST(tuned_line.find(" passes a round, ") != std::string::npos, tuned_line);
  BOOST_TEST(tuned_line.find(" s in all") != std::string::npos, tuned_line);
  const std::size_t masks_total = text.out.find("mailbox-masks: 9322 nodes in ");
  BOOST_TEST_REQUIRE(masks_total != std::string::npos, text.out);
  BOOST_TEST(text.out.substr(masks_total, text.out.find('\n', masks_total) - masks_total).find("passes") ==
             std::string::npos);
  const Run bad = run_cli({"compare", "--tuned-seconds", "0", suite});
  BOOST_TEST(bad.code == 2);
  BOOST_TEST(bad.err.find("--tuned-seconds") != std::string::npos, bad.err);
}
