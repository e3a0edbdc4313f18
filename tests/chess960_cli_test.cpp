// Chess960 on the command line: --chess960 and the notation it implies, a Chess960-only FEN implying it,
// Stockfish (UCI_Chess960) agreeing with our generators on a few bundled Chess960 positions, and fuzz
// games from random Chess960 start positions.
#include <boost/test/unit_test.hpp>

#include "harness/cli/debug_commands.hpp"
#include "tests/run_cli.hpp"

using namespace movegen;
using namespace movegen::test;

namespace {

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

const std::string CLASSICAL_CORNERS = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
const std::string KING_ON_B1 = "rk2r3/pppppppp/8/8/8/8/PPPPPPPP/RK2R3 w KQkq - 0 1";

}  // namespace

BOOST_AUTO_TEST_CASE(chess960_flag_writes_castling_king_takes_rook) {
  const Run classical = run_cli({"perft", "--fen", CLASSICAL_CORNERS, "1"});
  BOOST_TEST(contains(classical.out, "e1g1: 1"), classical.out);
  const Run c960 = run_cli({"perft", "--chess960", "--fen", CLASSICAL_CORNERS, "1"});
  BOOST_TEST(contains(c960.out, "e1h1: 1"), c960.out);
  BOOST_TEST(contains(c960.out, "e1a1: 1"), c960.out);
  BOOST_TEST(!contains(c960.out, "e1g1"), c960.out);
  // Moves given on the command line are read in the same notation.
  const Run played = run_cli({"perft", "--chess960", "--fen", CLASSICAL_CORNERS, "--moves", "e1h1", "1"});
  BOOST_TEST(played.code == 0, played.err);
  BOOST_TEST(contains(played.out, "e8a8: 1"), played.out);  // e8h8 would cross f8, attacked from f1
}

BOOST_AUTO_TEST_CASE(a_fen_only_chess960_allows_implies_it) {
  const Run r = run_cli({"perft", "--fen", KING_ON_B1, "1"});
  BOOST_TEST(contains(r.out, "b1a1: 1"), r.out);  // queen side, king to c1
  BOOST_TEST(contains(r.out, "b1e1: 1"), r.out);  // king side, king to g1
  BOOST_TEST(contains(r.out, "Nodes searched: 24"), r.out);
  const Run tree = run_cli({"perftree", "2", KING_ON_B1, "b1a1"});
  BOOST_TEST(tree.code == 0, tree.err);
  BOOST_TEST(contains(tree.out, "\nb8a8 "), tree.out);
  const Run shown = run_cli({"show", "--fen", KING_ON_B1});
  BOOST_TEST(contains(shown.out, "b1e1"), shown.out);
}

BOOST_AUTO_TEST_CASE(stockfish_agrees_on_bundled_chess960_positions) {
  // The rook-shield trap, the king on b1 and two rooks on a side, and the first published position.
  const std::string suite = scratch().file(
      "c960.epd", "4k3/8/8/8/8/8/8/rR2K3 w Q - 0 1 ;D1 8 ;D2 97 ;D3 1400\n" + KING_ON_B1 +
                      " ;D1 24 ;D2 576 ;D3 13446\n"
                      "2r1k1rr/pppppppp/8/8/8/8/PPPPPPPP/2R1K1RR w GCgc - 0 1 ;D1 24 ;D2 576 ;D3 13422\n"
                      "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9 ;D1 21 ;D2 528 ;D3 12189\n");
  for (const char* generator : {"mailbox", "bitboard-tuned"}) {
    const Run r =
        run_cli({"diff", "--chess960", "--epd", suite, "--depth", "3", generator, "uci:/usr/games/stockfish"});
    BOOST_TEST(r.code == 0, r.out << r.err);
    BOOST_TEST(contains(r.out, "4 positions checked: 4 agree, 0 differ, 0 failed"), r.out);
  }
}

BOOST_AUTO_TEST_CASE(fuzz_plays_from_random_chess960_start_positions) {
  const Run r = run_cli({"fuzz", "--chess960", "--games", "4", "--plies", "20", "--json"});
  BOOST_TEST(r.code == 0, r.out << r.err);
  BOOST_TEST(contains(r.out, "\"start_positions\": 960"), r.out);
  BOOST_TEST(contains(r.out, "\"mismatch\": null"), r.out);
}
