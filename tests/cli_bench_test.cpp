// `movegen bench` (harness/cli/bench_command.cpp): every generator searches the same tree on a small set of
// positions (nodes, best move and score printed once, each generator's speed beside), as text and as JSON, with
// and without a transposition table (--hash), which changes no best move or score; and bad input exits 2. A generator
// that disagrees is planted in tests/search_test.cpp, on the same check (search::first_disagreeing) that bench reports
// with.
#include <boost/test/unit_test.hpp>
#include <nlohmann/json.hpp>
#include <string>

#include "harness/generators/generators.hpp"
#include "tests/quick.hpp"
#include "tests/run_cli.hpp"

using namespace movegen;
using namespace movegen::test;

namespace {

// Three positions of Stockfish's bench list (tests/data/bench.epd): the start, "kiwipete" and a Chess960 one.
std::string small_set() {
  return scratch().file("small.epd",
                        "# a comment\n"
                        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n"
                        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 10 ;D1 48\n"
                        "\n"
                        "nqbnrkrb/pppppppp/8/8/8/8/PPPPPPPP/NQBNRKRB w GEge - 0 1\n");
}

std::string depth() { return test::quick_tests() ? "2" : "3"; }

}  // namespace

BOOST_AUTO_TEST_CASE(every_generator_agrees_on_a_small_set) {
  const Run r = run_cli({"bench", "--epd", small_set(), "--depth", depth()});
  BOOST_TEST(r.code == 0, r.err);
  BOOST_TEST(r.out.find("all generators agree") != std::string::npos, r.out);
  for (std::string_view name : harness::GENERATOR_NAMES) BOOST_TEST(r.out.find(name) != std::string::npos, name);
  BOOST_TEST(r.out.find("masks effect") != std::string::npos, r.out);  // compare's table, for the search workload
}

BOOST_AUTO_TEST_CASE(json_names_each_position_and_generator) {
  const Run r =
      run_cli({"bench", "--epd", small_set(), "--depth", depth(), "--json", "--generators", "mailbox,x88-masks"});
  BOOST_TEST(r.code == 0, r.err);
  const nlohmann::json doc = nlohmann::json::parse(r.out);
  BOOST_TEST(doc["command"] == "bench");
  BOOST_TEST(doc["all_agree"] == true);
  BOOST_TEST(doc["positions"].size() == 3u);
  BOOST_TEST(doc["positions"][0]["line"] == 2);
  BOOST_TEST(doc["positions"][0]["generators"].size() == 2u);
  BOOST_TEST(doc["positions"][0]["nodes"].get<std::uint64_t>() > 20u);
}

BOOST_AUTO_TEST_CASE(with_a_table_every_generator_agrees_and_no_best_move_or_score_changes) {
  const Run plain = run_cli({"bench", "--epd", small_set(), "--depth", depth(), "--json"});
  const Run hashed = run_cli({"bench", "--epd", small_set(), "--depth", depth(), "--json", "--hash", "2"});
  BOOST_TEST(plain.code == 0, plain.err);
  BOOST_TEST(hashed.code == 0, hashed.err);
  const nlohmann::json without = nlohmann::json::parse(plain.out), with = nlohmann::json::parse(hashed.out);
  BOOST_TEST(without["hash_mb"] == 0);
  BOOST_TEST(with["hash_mb"] == 2);
  BOOST_TEST(with["all_agree"] == true);
  BOOST_TEST(with["generators"].size() == harness::GENERATOR_NAMES.size());
  for (std::size_t i = 0; i < with["positions"].size(); ++i) {
    const nlohmann::json &a = without["positions"][i], &b = with["positions"][i];
    BOOST_TEST(a["best_move"] == b["best_move"], b["fen"]);
    BOOST_TEST(a["score"] == b["score"], b["fen"]);
  }
  const Run text = run_cli({"bench", "--epd", small_set(), "--depth", "2", "--hash", "1", "--generators", "x88"});
  BOOST_TEST(text.code == 0, text.err);
  BOOST_TEST(text.out.find("depth 2, hash 1 MiB") != std::string::npos, text.out);
}

BOOST_AUTO_TEST_CASE(a_mate_is_printed_as_a_mate_score) {
  // Morphy against the Duke of Brunswick and Count Isouard, Paris 1858: 16.Qb8+ Nxb8 17.Rd8#.
  const Run r = run_cli({"bench", "--fen", "4kb1r/p2n1ppp/4q3/4p1B1/4P3/1Q6/PPP2PPP/2KR4 w k - 1 16", "--depth", "4",
                         "--generators", "bitboard-masks,mailbox-tuned"});
  BOOST_TEST(r.code == 0, r.err);
  BOOST_TEST(r.out.find("b3b8 ") != std::string::npos, r.out);
  BOOST_TEST(r.out.find("mate 2") != std::string::npos, r.out);
}

BOOST_AUTO_TEST_CASE(bad_input_exits_2) {
  expect_bad_input({"bench", "--fen", "not a fen"}, "FEN");
  expect_bad_input({"bench", "--generators", "nonesuch"}, "--generators");
  expect_bad_input({"bench", "--depth", "0"}, "--depth");
  for (const char* hash : {"-1", "abc", "1.5", "1e3", "", "0x10", "1048576", "1048577", "99999999999999999999"})
    expect_bad_input({"bench", "--hash", hash}, "--hash");
  expect_bad_input({"bench", "--epd", scratch().file("empty.epd", "# nothing\n")}, "no positions");
}
