// EPD perft lines: parsing, and errors that name the line.
#include <boost/test/unit_test.hpp>

#include <cstdio>
#include <fstream>

#include "common/epd.hpp"

using namespace movegen;

BOOST_AUTO_TEST_CASE(a_line_gives_fen_and_counts) {
  auto e = parse_epd_line("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ;D1 20 ;D2 400", 7);
  BOOST_REQUIRE(e.has_value());
  BOOST_TEST(e->fen == "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
  BOOST_TEST(e->line == 7);
  BOOST_TEST((e->counts == std::vector<PerftCount>{{1, 20}, {2, 400}}));
}

BOOST_AUTO_TEST_CASE(four_field_fens_and_spacing) {
  auto e = parse_epd_line("  4k3/8/8/8/8/8/8/4K3 w - - ;D1 5;D3 33 \r", 1);
  BOOST_REQUIRE(e.has_value());
  BOOST_TEST(e->fen == "4k3/8/8/8/8/8/8/4K3 w - -");
  BOOST_TEST((e->counts == std::vector<PerftCount>{{1, 5}, {3, 33}}));
}

BOOST_AUTO_TEST_CASE(blank_and_comment_lines_are_skipped) {
  BOOST_TEST(!parse_epd_line("", 1).has_value());
  BOOST_TEST(!parse_epd_line("   ", 1).has_value());
  BOOST_TEST(!parse_epd_line("# a comment ;D1 3", 1).has_value());
}

BOOST_AUTO_TEST_CASE(bad_lines_name_their_number_and_problem) {
  const char* bad[] = {
      "4k3/8/8/8/8/8/8/4K3 w - - 0 1",            // no counts
      "4k3/8/8/8/8/8/8/4K3 w - - 0 1 ;D1",        // count missing
      "4k3/8/8/8/8/8/8/4K3 w - - 0 1 ;D0 1",      // depth 0
      "4k3/8/8/8/8/8/8/4K3 w - - 0 1 ;Dx 1",      // depth not a number
      "4k3/8/8/8/8/8/8/4K3 w - - 0 1 ;D1 -5",     // negative count
      "4k3/8/8/8/8/8/8/4K3 w - - 0 1 ;D1 5 ;D1 5",  // repeated depth
      "4k3/8/8/8/8/8/8/4K3 w - - 0 1 ;P1 5",      // not a D entry
      "4k3/8/8/8/8/8/8/4KK2 w - - 0 1 ;D1 5",     // bad FEN
  };
  for (const char* line : bad) {
    try {
      parse_epd_line(line, 42);
      BOOST_ERROR("accepted: " << line);
    } catch (const EpdError& e) {
      BOOST_TEST(std::string(e.what()).rfind("line 42: ", 0) == 0, e.what());
    }
  }
}

BOOST_AUTO_TEST_CASE(files_report_path_and_line) {
  const std::string path = "epd_test_tmp.epd";
  {
    std::ofstream out(path);
    out << "# header\n4k3/8/8/8/8/8/8/4K3 w - - 0 1 ;D1 5\n\n4k3/8/8/8/8/8/8/4K3 w - - 0 1 ;D1 five\n";
  }
  try {
    load_epd(path);
    BOOST_ERROR("accepted a bad count");
  } catch (const EpdError& e) {
    BOOST_TEST(std::string(e.what()).rfind(path + ": line 4: ", 0) == 0, e.what());
  }
  std::remove(path.c_str());
  BOOST_CHECK_THROW(load_epd("no/such/file.epd"), EpdError);
}

BOOST_AUTO_TEST_CASE(the_bundled_suite_loads) {
  auto entries = load_epd(std::string(MOVEGEN_SOURCE_DIR) + "/tests/data/perft.epd");
  BOOST_TEST(entries.size() >= 100u);
  for (const EpdEntry& e : entries) BOOST_TEST(e.counts.size() >= 4u, "line " << e.line);
}
