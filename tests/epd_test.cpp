// EPD perft lines: parsing, and errors that name the line.
#include "common/epd.hpp"

#include <boost/test/unit_test.hpp>
#include <cstdio>
#include <fstream>

#include "common/fen.hpp"

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
      "4k3/8/8/8/8/8/8/4K3 w - - 0 1",              // no counts
      "4k3/8/8/8/8/8/8/4K3 w - - 0 1 ;D1",          // count missing
      "4k3/8/8/8/8/8/8/4K3 w - - 0 1 ;D0 1",        // depth 0
      "4k3/8/8/8/8/8/8/4K3 w - - 0 1 ;Dx 1",        // depth not a number
      "4k3/8/8/8/8/8/8/4K3 w - - 0 1 ;D1 -5",       // negative count
      "4k3/8/8/8/8/8/8/4K3 w - - 0 1 ;D1 5 ;D1 5",  // repeated depth
      "4k3/8/8/8/8/8/8/4K3 w - - 0 1 ;P1 5",        // not a D entry
      "4k3/8/8/8/8/8/8/4KK2 w - - 0 1 ;D1 5",       // a position against the rules (refused unless kept)
      "4k3/8/8/8/8/8/8/4K3X w - - 0 1 ;D1 5",       // malformed FEN
      "4k3/8/8/8/8/8/8/4K3 w - - 0 1 ;D1 5 ;D2",    // a count without nodes
      "4k3/8/8/8/8/8/8/4K3 w - - 0 1 ;D1 5 ;20",    // not an operation
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

namespace {

std::string data(const std::string& name) { return std::string(MOVEGEN_SOURCE_DIR) + "/tests/data/" + name; }

}  // namespace

BOOST_AUTO_TEST_CASE(opcodes_beside_the_counts_are_read_and_left_alone) {
  auto e = parse_epd_line("4k3/8/8/8/8/8/8/4K3 w - - id \"a;b # c\"; c0 \"x\"; D1 5; bm Kd1; D2 25;", 3);
  BOOST_REQUIRE(e.has_value());
  BOOST_TEST(e->fen == "4k3/8/8/8/8/8/8/4K3 w - -");
  BOOST_TEST(e->id == "a;b # c");
  BOOST_TEST((e->counts == std::vector<PerftCount>{{1, 5}, {2, 25}}));
  auto commented = parse_epd_line("4k3/8/8/8/8/8/8/4K3 w - -  0 1; D1 5 # D2 7", 3);
  BOOST_REQUIRE(commented.has_value());
  BOOST_TEST(commented->fen == "4k3/8/8/8/8/8/8/4K3 w - - 0 1");
  BOOST_TEST((commented->counts == std::vector<PerftCount>{{1, 5}}));
  BOOST_CHECK_THROW(parse_epd_line("4k3/8/8/8/8/8/8/4K3 w - - id \"x\";", 3), EpdError);  // no counts
}

BOOST_AUTO_TEST_CASE(a_position_against_the_rules_is_kept_as_refused_when_asked) {
  const std::string line = "4k3/8/5b2/8/3K4/8/1b6/8 w - - 0 1 ;D1 6";
  BOOST_CHECK_THROW(parse_epd_line(line, 1), EpdError);
  auto e = parse_epd_line(line, 1, RefusedPositions::KEEP);
  BOOST_REQUIRE(e.has_value());
  BOOST_TEST(e->refused.find("bad FEN piece placement: the white king on d4 is checked from b2 and f6") == 0u,
             e->refused);
  AllowImpossibleCheck allowed;
  BOOST_TEST(parse_epd_line(line, 1)->refused.empty());
}

BOOST_AUTO_TEST_CASE(epd_as_published_loads) {
  BOOST_CHECK_THROW(load_epd(data("formats.epd")), EpdError);  // its impossible check
  const std::vector<EpdEntry> entries = load_epd(data("formats.epd"), "formats.epd", RefusedPositions::KEEP);
  BOOST_REQUIRE_EQUAL(entries.size(), 5u);
  BOOST_TEST(entries[0].fen == "r3k3/1p6/8/8/8/8/6P1/4K2R w Kq -");
  BOOST_TEST(entries[0].id == "castling both ways");
  BOOST_TEST((entries[0].counts == std::vector<PerftCount>{{1, 17}, {2, 284}, {3, 4816}}));
  BOOST_TEST(entries[1].fen == "8/3k4/8/2pP4/8/8/8/4K3 w - c6 0 2");
  BOOST_TEST((entries[2].counts == std::vector<PerftCount>{{1, 9}, {2, 68}, {3, 715}}));
  BOOST_TEST(entries[3].fen == "2r1k3/8/8/8/8/8/3PPP2/2RK4 w C -");
  BOOST_TEST(entries[3].counts.size() == 3u);
  for (int i = 0; i < 4; ++i) BOOST_TEST(entries[i].refused.empty(), entries[i].refused);
  BOOST_TEST(entries[4].line == 9);
  BOOST_TEST(entries[4].refused.find("on one line with it") != std::string::npos, entries[4].refused);
}

BOOST_AUTO_TEST_CASE(python_chess_perft_blocks_load) {
  const std::vector<EpdEntry> entries = load_epd(data("formats.perft"), "formats.perft", RefusedPositions::KEEP);
  BOOST_REQUIRE_EQUAL(entries.size(), 4u);
  BOOST_TEST(entries[0].id == "en-passant");
  BOOST_TEST(entries[0].fen == "8/3k4/8/2pP4/8/8/8/4K3 w - c6");
  BOOST_TEST(entries[0].line == 6);
  BOOST_TEST((entries[0].counts == std::vector<PerftCount>{{1, 7}, {2, 50}, {3, 352}}));
  BOOST_TEST(entries[1].id == "chess960-shredder");
  BOOST_TEST(entries[2].refused.find("checked from d1 and d5") != std::string::npos, entries[2].refused);
  BOOST_TEST(entries[3].refused.find("bad FEN castling: right 'Q' needs the white king on a file b to g") == 0u,
             entries[3].refused);
  AllowImpossibleCheck allowed;  // counts the impossible check, never the impossible castling right
  const std::vector<EpdEntry> allowed_entries = load_epd(data("formats.perft"), "p", RefusedPositions::KEEP);
  BOOST_TEST(allowed_entries[2].refused.empty());
  BOOST_TEST(!allowed_entries[3].refused.empty());
}

BOOST_AUTO_TEST_CASE(bad_perft_blocks_name_their_line) {
  const std::string path = "epd_test_tmp.perft";
  const std::pair<const char*, const char*> cases[] = {
      {"id a\nepd 4k3/8/8/8/8/8/8/4K3 w - -\nperft 1 5\nperft 1 5\n", "p: line 4: depth 1 given twice"},
      {"epd 4k3/8/8/8/8/8/8/4K3 w - -\n\nid b\nepd 4k3/8/8/8/8/8/8/4K3 b - -\nperft 1 5\n",
       "p: line 1: no 'perft <depth> <nodes>' lines after this 'epd' line"},
      {"id a\nperft 1 5\n", "p: line 2: a 'perft' line before any 'epd' line"},
      {"id a\nepd 4k3/8/8/8/8/8/8/4K3 w - -\nperft 1\n", "p: line 3: 'perft 1' is not of the form"},
      {"id a\nepd 4k3/8/8/8/8/8/8/4K3 w - -\nperft 1 5\nfen x\n", "p: line 4: expected 'id', 'epd' or 'perft'"},
      {"id a\nepd 4k3/8/8/8/8/8/8/4K3 w\nperft 1 5\n", "p: line 2: bad FEN fields"},
  };
  for (const auto& [text, expected] : cases) {
    std::ofstream(path, std::ios::binary) << text;
    try {
      load_epd(path, "p");
      BOOST_ERROR("accepted: " << text);
    } catch (const EpdError& e) {
      BOOST_TEST(std::string(e.what()).rfind(expected, 0) == 0, e.what());
    }
  }
  std::remove(path.c_str());
}
