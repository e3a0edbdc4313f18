// The clocks and the en passant square through make and unmake, for all four generators: the halfmove
// clock counts the plies since the last capture or pawn move (FIDE Laws of Chess, art. 9.3), the fullmove
// number grows after each black move, and each unmake brings both back. Some positions keep the clocks as
// fields, others derive them from their history of moves; the lines below reset the clock by every kind of
// move that can (a double push, en passant, a push, a promotion that captures, a capture by a piece) and
// run past the 256 moves a history first has room for. The expected FENs are Stockfish's ("position fen
// ... moves ...", then "d").
#include <boost/test/unit_test.hpp>
#include <string>
#include <utility>
#include <vector>

#include "common/uci.hpp"
#include "tests/generators.hpp"

using namespace movegen;

namespace {

// Plays `line` (UCI moves) from `start`, comparing the FEN after each move with `fens` (one per move; an
// empty string is not compared), then takes the moves back one by one, comparing the FEN before each.
template <class P>
void play_and_take_back(const std::string& start, const std::vector<std::string>& line,
                        const std::vector<std::string>& fens) {
  auto pos = P::from_fen(start);
  std::vector<Move> played;
  std::vector<std::string> seen;
  for (std::size_t i = 0; i < line.size(); ++i) {
    played.push_back(parse_uci_move(pos, line[i]));
    pos.make_move(played.back());
    seen.push_back(pos.fen());
    BOOST_TEST_INFO("after " << line[i] << ", move " << i + 1);
    if (!fens[i].empty()) BOOST_TEST(seen.back() == fens[i]);
  }
  for (std::size_t i = line.size(); i-- > 0;) {
    pos.unmake_move(played[i]);
    BOOST_TEST_INFO("after taking back " << line[i] << ", move " << i + 1);
    BOOST_TEST_REQUIRE(pos.fen() == (i == 0 ? start : seen[i - 1]));
  }
}

// play_and_take_back of a line given as (UCI move, FEN after it) pairs.
template <class P>
void play_and_take_back(const std::string& start, const std::vector<std::pair<std::string, std::string>>& line) {
  std::vector<std::string> moves, fens;
  for (const auto& [move, fen] : line) {
    moves.push_back(move);
    fens.push_back(fen);
  }
  play_and_take_back<P>(start, moves, fens);
}

}  // namespace

BOOST_AUTO_TEST_CASE_TEMPLATE(clocks_follow_every_make_and_unmake, P, testing::Generators) {
  // The halfmove clock counts the plies since the last capture or pawn move (FIDE Laws of Chess, art. 9.3)
  // and the fullmove number grows after each black move; both must come back with each unmake. The FENs
  // are Stockfish's ("position fen ... moves ...", then "d"): a rook move and castling count, a pawn move
  // and a capture reset, and black's moves end full moves.
  const std::string start = "r3k2r/p6p/8/8/8/8/P6P/R3K2R b KQkq - 7 20";
  const std::vector<std::pair<std::string, std::string>> line = {
      {"a8b8", "1r2k2r/p6p/8/8/8/8/P6P/R3K2R w KQk - 8 21"}, {"e1g1", "1r2k2r/p6p/8/8/8/8/P6P/R4RK1 b k - 9 21"},
      {"h7h6", "1r2k2r/p7/7p/8/8/8/P6P/R4RK1 w k - 0 22"},   {"f1f7", "1r2k2r/p4R2/7p/8/8/8/P6P/R5K1 b k - 1 22"},
      {"e8f7", "1r5r/p4k2/7p/8/8/8/P6P/R5K1 w - - 0 23"},    {"g1g2", "1r5r/p4k2/7p/8/8/8/P5KP/R7 b - - 1 23"},
      {"b8b1", "7r/p4k2/7p/8/8/8/P5KP/Rr6 w - - 2 24"},
  };
  play_and_take_back<P>(start, line);
}

BOOST_AUTO_TEST_CASE_TEMPLATE(en_passant_and_promotion_reset_the_halfmove_clock, P, testing::Generators) {
  // Black's double push and white's en passant capture both reset the clock; so do the push to the seventh
  // rank and the knight promotion that takes on c8. Castling counts, and loses the right; the king's
  // capture of the knight resets the clock again.
  const std::string start = "2n1k3/3p4/8/4P3/8/8/8/R3K3 b Q - 12 40";
  const std::vector<std::pair<std::string, std::string>> line = {
      {"d7d5", "2n1k3/8/8/3pP3/8/8/8/R3K3 w Q d6 0 41"}, {"e5d6", "2n1k3/8/3P4/8/8/8/8/R3K3 b Q - 0 41"},
      {"e8f7", "2n5/5k2/3P4/8/8/8/8/R3K3 w Q - 1 42"},   {"d6d7", "2n5/3P1k2/8/8/8/8/8/R3K3 b Q - 0 42"},
      {"f7e7", "2n5/3Pk3/8/8/8/8/8/R3K3 w Q - 1 43"},    {"d7c8n", "2N5/4k3/8/8/8/8/8/R3K3 b Q - 0 43"},
      {"e7d7", "2N5/3k4/8/8/8/8/8/R3K3 w Q - 1 44"},     {"e1c1", "2N5/3k4/8/8/8/8/8/2KR4 b - - 2 44"},
      {"d7c8", "2k5/8/8/8/8/8/8/2KR4 w - - 0 45"},
  };
  play_and_take_back<P>(start, line);
}

BOOST_AUTO_TEST_CASE_TEMPLATE(clocks_run_on_past_three_hundred_moves, P, testing::Generators) {
  // A pawn move, then 300 knight moves: the clock runs from 0 to 300 (not from the loaded 90), and each
  // take-back finds it again, past the first 256 moves a history has room for.
  const std::string start = "4k2n/8/8/8/8/8/P7/1N2K3 w - - 90 70";
  std::vector<std::string> moves = {"a2a3"}, fens = {"4k2n/8/8/8/8/P7/8/1N2K3 b - - 0 70"};
  for (int round = 0; round < 75; ++round)
    for (const char* move : {"h8g6", "b1c3", "g6h8", "c3b1"}) {
      moves.push_back(move);
      fens.emplace_back();
    }
  fens[fens.size() - 2] = "4k2n/8/8/8/8/P1N5/8/4K3 w - - 299 220";
  fens.back() = "4k2n/8/8/8/8/P7/8/1N2K3 b - - 300 220";
  play_and_take_back<P>(start, moves, fens);
}
