// Suites as they are published: EPD with opcodes, comments, CRLF, NULs and a byte-order mark, and
// python-chess's .perft blocks (tests/data/formats.*, our own samples of each), read by `suite`, `compare`
// and `diff --epd`; a position against the rules is reported `refused` with its reason and the run goes
// on, and `--allow-impossible-check` counts the ones with an impossible check.
#include <fmt/format.h>

#include <boost/test/unit_test.hpp>
#include <nlohmann/json.hpp>
#include <string>

#include "harness/generators/generators.hpp"
#include "tests/run_cli.hpp"

using namespace movegen::test;

namespace {

const std::string FORMATS_EPD = std::string(MOVEGEN_SOURCE_DIR) + "/tests/data/formats.epd";
const std::string FORMATS_PERFT = std::string(MOVEGEN_SOURCE_DIR) + "/tests/data/formats.perft";
const std::string IMPOSSIBLE = "bad FEN piece placement: the white king on d4 is checked from b2 and f6, on one line";
const std::string KING_ON_H = "bad FEN castling: right 'Q' needs the white king on a file b to g, not on h1";

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

// How many counts `suite --generator all` checks for `per_generator` counts in the file.
std::size_t checked_by_all(std::size_t per_generator) {
  return per_generator * movegen::harness::all_generators().size();
}

// `suite`'s line for a position whose counts D1..D3 all agree.
std::string ok_line(int line) { return fmt::format("ok   line {:>3}  D1..D3  ", line); }

}  // namespace

BOOST_AUTO_TEST_CASE(suite_reads_epd_as_published_and_reports_the_refused_position) {
  const Run r = run_cli({"suite", "--generator", "all", FORMATS_EPD});
  BOOST_TEST(r.code == 0, r.err);
  for (int line : {3, 4, 5, 6}) BOOST_TEST(contains(r.out, ok_line(line)), line << ": " << r.out);
  BOOST_TEST(contains(r.out, "refused line   9  " + IMPOSSIBLE), r.out);
  BOOST_TEST(contains(r.out, fmt::format("5 positions, {} counts checked, 0 positions failed, 0 positions skipped, "
                                         "1 positions refused;",
                                         checked_by_all(12))),
             r.out);
}

BOOST_AUTO_TEST_CASE(allow_impossible_check_counts_it_with_every_generator) {
  const Run r = run_cli({"suite", "--generator", "all", "--allow-impossible-check", FORMATS_EPD});
  BOOST_TEST(r.code == 0, r.err);
  BOOST_TEST(contains(r.out, ok_line(9) + "4k3/8/5b2/8/3K4/8/1b6/8 w - - 0 1"), r.out);
  BOOST_TEST(!contains(r.out, "refused"), r.out);
  BOOST_TEST(contains(r.out, fmt::format("5 positions, {} counts checked, 0 positions failed, 0 positions skipped;",
                                         checked_by_all(15))),
             r.out);
}

BOOST_AUTO_TEST_CASE(a_wrong_count_on_an_allowed_position_fails) {
  // The allowed position's counts are checked, not waved through: one wrong D2 fails the run.
  const std::string text = "4k3/8/5b2/8/3K4/8/1b6/8 w - - 0 1; D1 6; D2 121;\n";
  const std::string path = scratch().file("impossible.epd", text);
  const Run refused = run_cli({"suite", path});
  BOOST_TEST(refused.code == 2, refused.out);  // its only position refused: nothing to check
  BOOST_TEST(contains(refused.err, "every position is refused; line 1: " + IMPOSSIBLE), refused.err);
  const Run counted = run_cli({"suite", "--allow-impossible-check", path});
  BOOST_TEST(counted.code == 1, counted.out);
  BOOST_TEST(contains(counted.out, "D2 mailbox expected 121 got 120"), counted.out);
}

BOOST_AUTO_TEST_CASE(suite_reads_python_chess_perft_blocks) {
  const Run r = run_cli({"suite", "--generator", "all", FORMATS_PERFT});
  BOOST_TEST(r.code == 0, r.err);
  BOOST_TEST(contains(r.out, ok_line(6) + "8/3k4/8/2pP4/8/8/8/4K3 w - c6"), r.out);
  BOOST_TEST(contains(r.out, ok_line(12) + "2r1k3/8/8/8/8/8/3PPP2/2RK4 w C -"), r.out);
  BOOST_TEST(
      contains(r.out, "refused line  22  bad FEN piece placement: the white king on d3 is checked from d1 and d5"),
      r.out);
  BOOST_TEST(contains(r.out, "refused line  32  " + KING_ON_H), r.out);
  // The impossible check is counted; the castling right no game can hold is refused still.
  const Run allowed = run_cli({"suite", "--allow-impossible-check", "--json", FORMATS_PERFT});
  BOOST_TEST(allowed.code == 0, allowed.err);
  const nlohmann::json doc = nlohmann::json::parse(allowed.out);
  const nlohmann::json& positions = doc["positions"];
  BOOST_REQUIRE_EQUAL(positions.size(), 4u);
  BOOST_TEST(positions[2]["status"] == "ok");
  BOOST_TEST(positions[2]["id"] == "align-file");
  BOOST_TEST(positions[3]["status"] == "refused");
  BOOST_TEST(positions[3]["reason"].get<std::string>().find(KING_ON_H) == 0u);
  BOOST_TEST(doc["summary"]["positions_refused"] == 1);
}

BOOST_AUTO_TEST_CASE(compare_and_diff_go_on_past_a_refused_position) {
  const Run compare = run_cli({"compare", "--generators", "mailbox,bitboard-mtu", FORMATS_EPD});
  BOOST_TEST(compare.code == 0, compare.err);
  BOOST_TEST(contains(compare.out, "    9  refused: " + IMPOSSIBLE), compare.out);
  BOOST_TEST(contains(compare.out, "5 positions (1 refused), 12 counts"), compare.out);
  const Run diff = run_cli({"diff", "--depth", "2", "--epd", FORMATS_EPD, "mailbox", "mailbox-masks"});
  BOOST_TEST(diff.code == 0, diff.err);
  BOOST_TEST(contains(diff.out, "refused line   9  " + IMPOSSIBLE), diff.out);
  BOOST_TEST(contains(diff.out, "4 positions checked: 4 agree, 0 differ, 0 failed, 1 refused"), diff.out);
  const Run allowed =
      run_cli({"diff", "--depth", "3", "--allow-impossible-check", "--epd", FORMATS_EPD, "mailbox", "mailbox-masks"});
  BOOST_TEST(allowed.code == 0, allowed.err);
  BOOST_TEST(contains(allowed.out, "5 positions checked: 5 agree, 0 differ, 0 failed (A mailbox"), allowed.out);
}
