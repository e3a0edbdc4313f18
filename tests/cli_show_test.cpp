// `movegen show` on the command line, without --against: each generator's move list side by side, each
// representation's own board (the mailbox's string, the 0x88 board, the bitboard's sets) and the grids of
// the masks, in the text and in --json. Runs the built binary (MOVEGEN_BINARY). (show --against is tested
// in show_test.cpp, show's bad input in cli_test.cpp.)
#include <algorithm>
#include <boost/test/unit_test.hpp>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "harness/generators/generators.hpp"
#include "harness/study/show_view.hpp"
#include "tests/run_cli.hpp"

using namespace movegen::test;

namespace {

// The squares marked 'x' in the 8x8 grid of `show` output titled `title` (the grids stand side by side
// under a line of titles; each row reads "R . . x . . . . .", rank first).
std::vector<std::string> marked(const std::string& out, const std::string& title) {
  std::istringstream in(out);
  std::string line;
  while (std::getline(in, line) && line.find("  " + title) == std::string::npos) {
  }
  const std::size_t column = line.find("  " + title);
  std::vector<std::string> squares;
  for (int row = 0; row < 8 && std::getline(in, line); ++row) {
    std::istringstream cells(line.size() > column ? line.substr(column) : "");
    std::string rank, cell;
    cells >> rank;
    for (char file = 'a'; file <= 'h' && cells >> cell; ++file)
      if (cell == "x") squares.push_back(std::string(1, file) + rank);
  }
  std::sort(squares.begin(), squares.end());
  return squares;
}

// The header of show's side-by-side lists when every generator of the table lists `n` moves: a column of at
// least 20 characters each, "mailbox (4)", "mailbox-masks (4)", ...
std::string legal_moves_header(int n) {
  std::string header = "legal moves:";
  for (std::string_view name : movegen::harness::GENERATOR_NAMES) {
    const std::string column = std::string(name) + " (" + std::to_string(n) + ")";
    header += "  " + column + std::string(column.size() < 20 ? 20 - column.size() : 0, ' ');
  }
  return header.substr(0, header.find_last_not_of(' ') + 1);
}

}  // namespace

// show --json: the same data as the text, each representation's board by its folder's own names.
BOOST_AUTO_TEST_CASE(show_json_gives_each_representations_board_the_lists_and_the_sets) {
  const Run r = run_cli({"show", "--json", "--fen", "4r1k1/8/8/8/8/8/4B3/4K3 w - - 0 1"});
  BOOST_TEST_REQUIRE(r.code == 0, r.err);
  const nlohmann::json doc = nlohmann::json::parse(r.out);
  BOOST_TEST(doc["command"] == "show");
  BOOST_TEST(doc["agree"] == true);
  const auto representations = movegen::harness::all_representations();
  BOOST_TEST_REQUIRE(doc["views"].size() == representations.size());  // one board per representation
  for (std::size_t i = 0; i < representations.size(); ++i)
    BOOST_TEST(doc["views"][i]["representation"] == std::string(representations[i]));
  const auto board = [&](const std::string& name) {
    for (const nlohmann::json& b : doc["views"])
      if (b["representation"] == name) return b["fields"];
    return nlohmann::json();
  };
  BOOST_TEST(board("mailbox")["board string"][0] == "----K-------B---" + std::string(40, '-') + "----r-k-");
  const nlohmann::json x88 = board("x88")["board"];
  BOOST_TEST_REQUIRE(x88.size() == 128u);
  BOOST_TEST(x88[0x74] == "r");  // e8
  BOOST_TEST(x88[0x14] == "B");  // e2
  BOOST_TEST(x88[0x18] == "~");  // past the h-file
  BOOST_TEST(board("x88")["pieces(WHITE)"] == nlohmann::json::array({"0x04", "0x14"}));
  BOOST_TEST(board("bitboard")["pieces(WHITE, BISHOP)"][0] == "0x0000000000001000");
  BOOST_TEST_REQUIRE(doc["generators"].size() == movegen::harness::GENERATOR_COUNT);
  for (const nlohmann::json& g : doc["generators"]) BOOST_TEST(g["moves"].size() == 4u, g["generator"]);
  int pinned_grids = 0;
  for (const nlohmann::json& v : doc["views"])
    if (v["representation"] == "bitboard")
      for (const nlohmann::json& grid : v["grids"])
        if (grid["title"] == "pinned") {
          ++pinned_grids;
          BOOST_TEST(grid["squares"] == nlohmann::json::array({"e2"}));
        }
  BOOST_TEST(pinned_grids == 1);
}

BOOST_AUTO_TEST_CASE(show_prints_every_generators_move_list_and_the_masks) {
  // The bishop on e2 is pinned by the rook on e8: it has no move, the king has four.
  const Run pin = run_cli({"show", "--fen", "4r1k1/8/8/8/8/8/4B3/4K3 w - - 0 1"});
  BOOST_TEST(pin.code == 0);
  BOOST_TEST(pin.out.find(legal_moves_header(4)) != std::string::npos, pin.out);
  // The 0x88 board beside the 8x8 one: 16 entries a rank, the right half off the board.
  BOOST_TEST(pin.out.find("0x88 board") != std::string::npos, pin.out);
  BOOST_TEST(pin.out.find("  0x70  . . . . r . k . ~ ~ ~ ~ ~ ~ ~ ~\n") != std::string::npos, pin.out);
  BOOST_TEST(pin.out.find("  0x10  . . . . B . . . ~ ~ ~ ~ ~ ~ ~ ~\n") != std::string::npos, pin.out);
  BOOST_TEST(pin.out.find("  0x00  . . . . K . . . ~ ~ ~ ~ ~ ~ ~ ~\n") != std::string::npos, pin.out);
  BOOST_TEST(pin.out.find("  pieces(WHITE): K0x04 B0x14\n") != std::string::npos, pin.out);  // the piece list
  // The mailbox's own board: the 64-character string, and its ranks with the index of their first square.
  BOOST_TEST(pin.out.find("mailbox board string") != std::string::npos, pin.out);
  BOOST_TEST(pin.out.find("  ----K-------B---" + std::string(40, '-') + "----r-k-\n") != std::string::npos, pin.out);
  BOOST_TEST(pin.out.find("  56  ----r-k-\n") != std::string::npos, pin.out);
  BOOST_TEST(pin.out.find("   8  ----B---\n") != std::string::npos, pin.out);
  // The bitboard position's own sets, as its accessors name them.
  BOOST_TEST(pin.out.find("  pieces(WHITE, BISHOP)  0x0000000000001000  e2\n") != std::string::npos, pin.out);
  BOOST_TEST(pin.out.find("  pieces(BLACK)          0x5000000000000000  e8 g8\n") != std::string::npos, pin.out);
  BOOST_TEST(marked(pin.out, "pinned") == (std::vector<std::string>{"e2"}));
  BOOST_TEST(marked(pin.out, "checkers").empty());
  BOOST_TEST(marked(pin.out, "white pieces") == (std::vector<std::string>{"e1", "e2"}));

  // The rook on e2 gives check: it is the checker, and with the king lifted the king may not enter the
  // rook's rank or file (e1 itself included), nor the black king's squares.
  const Run check = run_cli({"show", "--fen", "4k3/8/8/8/8/8/4r3/4K3 w - - 0 1"});
  BOOST_TEST(check.code == 0);
  BOOST_TEST(check.out.find(legal_moves_header(3)) != std::string::npos, check.out);
  BOOST_TEST(marked(check.out, "checkers") == (std::vector<std::string>{"e2"}));
  const std::vector<std::string> danger = marked(check.out, "king danger");
  for (const char* s : {"d2", "f2", "e1", "e3", "d8", "f7"})
    BOOST_TEST(std::count(danger.begin(), danger.end(), s) == 1, s << " should be in king danger");
  for (const char* s : {"d1", "f1", "e2"})
    BOOST_TEST(std::count(danger.begin(), danger.end(), s) == 0, s << " should not be in king danger");
}

// Staged generation in show: en passant and a capturing promotion are captures; a quiet promotion and castling
// are quiet moves; each generator's two stages are its legal moves (--json lists them per generator, and each
// move's stage; the text gives the captures under the lists).
BOOST_AUTO_TEST_CASE(show_gives_each_generators_captures_and_quiet_moves) {
  const std::string fen = "r3k2r/1P6/8/3pP3/8/8/8/R3K2R w KQkq d6 0 1";
  const Run r = run_cli({"show", "--json", "--fen", fen});
  BOOST_TEST_REQUIRE(r.code == 0, r.out << r.err);
  const nlohmann::json doc = nlohmann::json::parse(r.out);
  BOOST_TEST(doc["stage_problems"].empty());
  const auto has = [](const nlohmann::json& list, const std::string& move) {
    return std::count(list.begin(), list.end(), move) == 1;
  };
  BOOST_TEST(doc["generators"].size() == movegen::harness::all_generators().size());
  for (const auto& g : doc["generators"]) {
    const std::string name = g["generator"];
    for (const char* move : {"e5d6", "b7a8q", "b7a8n"}) BOOST_TEST(has(g["captures"], move), name << " " << move);
    for (const char* move : {"b7b8q", "b7b8n", "e1g1", "e1c1", "e5e6"}) BOOST_TEST(has(g["quiets"], move), name << " " << move);
    BOOST_TEST(g["captures"].size() + g["quiets"].size() == g["moves"].size(), name);
  }
  const std::vector<std::string> captures = {"a1a8", "b7a8b", "b7a8n", "b7a8q", "b7a8r", "e5d6", "h1h8"};
  for (const auto& m : doc["moves"])
    BOOST_TEST(m["stage"] == (std::count(captures.begin(), captures.end(), m["move"]) ? "captures" : "quiets"), m["move"]);

  const Run text = run_cli({"show", "--fen", fen});
  BOOST_TEST(text.code == 0);
  BOOST_TEST(text.out.find("stages: 7 captures (a1a8 b7a8b b7a8n b7a8q b7a8r e5d6 h1h8), ") != std::string::npos, text.out);
  BOOST_TEST(text.out.find("quiet moves, the same in every generator\n") != std::string::npos, text.out);
}

// stage_problems names a generator whose stages are not its legal moves and a move two generators stage apart.
BOOST_AUTO_TEST_CASE(stage_problems_names_the_generator_and_the_move) {
  movegen::harness::MoveLists lists;
  lists.names = {"a", "b"};
  lists.lists = {{"e2e4", "e4d5"}, {"e2e4", "e4d5"}};
  lists.captures = {{"e4d5"}, {}};
  lists.quiets = {{"e2e4"}, {"e2e4", "e4d5"}};
  BOOST_TEST(movegen::harness::stage_problems(lists) ==
                 (std::vector<std::string>{"e4d5 is not in the same stage everywhere (a: captures, b: quiets)"}),
             boost::test_tools::per_element());
  BOOST_TEST(movegen::harness::stage_of("e4d5", lists) == "");
  BOOST_TEST(movegen::harness::stage_of("e2e4", lists) == "quiets");
  lists.quiets[1] = {"e2e4"};
  BOOST_TEST(movegen::harness::stage_problems(lists) ==
                 (std::vector<std::string>{"b: its captures (0) and quiet moves (1) are not its legal moves (2)",
                                           "e4d5 is not in the same stage everywhere (a: captures, b: neither)"}),
             boost::test_tools::per_element());
}
