// The study view's data and server, without a browser (tests/lab_browser_test.mjs drives the page):
// each representation's trace of a piece finds the squares that representation's own per-piece function
// generates moves to, every generator's legal moves of the piece are among them, and `movegen lab`
// refuses a taken port and a bad --compare file with exit 2.
#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <boost/test/unit_test.hpp>
#include <set>
#include <string>

#include "common/epd.hpp"
#include "common/fen.hpp"
#include "harness/study/piece_trace.hpp"
#include "harness/study/show_view.hpp"
#include "tests/run_cli.hpp"

using namespace movegen;
using namespace movegen::test;

namespace {

std::set<std::string> to_squares(const nlohmann::json& moves) {
  std::set<std::string> squares;
  for (const auto& m : moves) squares.insert(m.get<std::string>().substr(2, 2));
  return squares;
}

}  // namespace

// Every piece of the side to move in the bundled suite (184 positions: pins, checks, en passant,
// promotions, castling through attacked squares): the trace's targets are the to-squares of the
// representation's own pseudo-legal moves, and each generator's legal moves from the square are among
// every representation's pseudo-legal moves.
BOOST_AUTO_TEST_CASE(each_trace_finds_what_its_representation_generates) {
  int pieces = 0;
  for (const EpdEntry& entry : load_epd("tests/data/perft.epd")) {
    if (!entry.refused.empty()) continue;
    const BoardState s = parse_fen(entry.fen);
    for (Square sq = SQ_A1; sq <= SQ_H8; ++sq) {
      if (s.board[sq] == NO_PIECE || color_of(s.board[sq]) != s.side_to_move) continue;
      ++pieces;
      const nlohmann::json study = harness::piece_study(entry.fen, sq);
      BOOST_TEST_CONTEXT(entry.fen << " " << square_name(sq)) {
        BOOST_TEST_REQUIRE(study["traces"].size() == 4u);  // mailbox, 10x12, x88, bitboard
        for (const auto& trace : study["traces"]) {
          std::set<std::string> targets;
          for (const auto& t : trace["targets"]) targets.insert(t.get<std::string>());
          BOOST_TEST(targets == to_squares(trace["pseudo_legal"]), trace["representation"].get<std::string>());
          BOOST_TEST(!trace["lines"].empty());
          for (const auto& g : study["generators"])
            for (const auto& m : g["legal"]) {
              const auto& pseudo = trace["pseudo_legal"];
              BOOST_TEST((std::find(pseudo.begin(), pseudo.end(), m) != pseudo.end()),
                         g["generator"].get<std::string>() << " " << m.get<std::string>());
            }
        }
      }
    }
  }
  BOOST_TEST(pieces > 500);
}

// The ray that leaves the board says where and why, in each representation's own test.
BOOST_AUTO_TEST_CASE(a_ray_stops_at_the_edge_by_each_representations_test) {
  const nlohmann::json study = harness::piece_study("4k3/8/8/8/8/8/8/B3K3 w - - 0 1", SQ_A1);
  const auto lines_of = [&](const std::string& representation) {
    for (const auto& trace : study["traces"])
      if (trace["representation"] == representation) return trace["lines"].dump();
    return std::string();
  };
  const std::string mailbox = lines_of("mailbox"), x88 = lines_of("x88");
  BOOST_TEST(mailbox.find("(8, 8): on_board is false") != std::string::npos, mailbox);
  BOOST_TEST(x88.find("0x88 & 0x88 = 0x88: off the board") != std::string::npos, x88);
  BOOST_CHECK_THROW(harness::piece_study("4k3/8/8/8/8/8/8/B3K3 w - - 0 1", SQ_E8), std::runtime_error);
}

// show --json's views: the mailbox's board string and the 0x88 board's 128 entries, half off the board.
BOOST_AUTO_TEST_CASE(show_json_has_each_representations_board) {
  const Run r = run_cli({"show", "--json"});
  BOOST_TEST_REQUIRE(r.code == 0, r.err);
  const nlohmann::json doc = nlohmann::json::parse(r.out);
  BOOST_TEST(doc["views"][0]["text"] ==
             "RNBQKBNRPPPPPPPP--------------------------------pppppppprnbqkbnr");
  int off = 0, entries = 0;
  const auto view_of = [&](const std::string& representation) {
    for (const auto& view : doc["views"])
      if (view["representation"] == representation) return view;
    return nlohmann::json();
  };
  const nlohmann::json x88 = view_of("x88");
  for (const auto& row : x88["cells"])
    for (const auto& cell : row) ++entries, off += cell["off"].get<bool>();
  BOOST_TEST(entries == 128);
  BOOST_TEST(off == 64);
  BOOST_TEST(doc["generators"][0]["moves"].size() == 20u);
}

// A port another program listens on: exit 2 naming the port and the reason, nothing served.
BOOST_AUTO_TEST_CASE(lab_refuses_a_taken_port) {
  const int fd = socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  BOOST_TEST_REQUIRE(bind(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) == 0);
  BOOST_TEST_REQUIRE(listen(fd, 1) == 0);
  socklen_t size = sizeof addr;
  getsockname(fd, reinterpret_cast<sockaddr*>(&addr), &size);
  const std::string port = std::to_string(ntohs(addr.sin_port));
  expect_bad_input({"lab", "--port", port}, "cannot serve on 127.0.0.1:" + port + ": Address already in use");
  close(fd);
  const std::string not_compare = scratch().file("not_compare.json", "{\"command\": \"perft\"}");
  expect_bad_input({"lab", "--compare", not_compare}, "not a `movegen compare --json` document");
}
