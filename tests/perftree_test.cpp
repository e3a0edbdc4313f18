// movegen perftree speaks the perftree tool's script protocol exactly, and the shipped wrapper script
// drives it; Stockfish is the independent source of the counts.
#include <boost/test/unit_test.hpp>
#include <cstdlib>
#include <sstream>

#include "harness/cli/debug_commands.hpp"
#include "harness/engines/divide_source.hpp"
#include "harness/generators/generators.hpp"

using namespace movegen;
using namespace movegen::harness;

namespace {

std::string perftree_output(const std::string& generator, int depth, const std::string& fen, const std::string& moves) {
  PerftreeOptions options;
  options.generator = generator, options.depth = depth, options.fen = fen, options.moves = moves;
  std::ostringstream out, err;
  BOOST_TEST(run_perftree(options, out, err) == 0);
  return out.str();
}

// Stockfish's divide in the perftree format, sorted by move text as movegen prints it.
std::string stockfish_as_perftree(int depth, const std::string& fen, const std::vector<std::string>& moves) {
  static auto stockfish = make_divide_source("uci:/usr/games/stockfish", std::chrono::seconds(30));
  DivideResult r = stockfish->divide(fen, moves, depth);
  std::sort(r.moves.begin(), r.moves.end());
  std::string text;
  for (const auto& [move, count] : r.moves) text += move + " " + std::to_string(count) + "\n";
  return text + "\n" + std::to_string(r.total) + "\n";
}

}  // namespace

BOOST_AUTO_TEST_CASE(perftree_output_matches_stockfish_line_for_line) {
  const std::string kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
  for (Generator g : all_generators()) {
    BOOST_TEST(perftree_output(generator_name(g), 3, std::string(START_FEN), "") ==
               stockfish_as_perftree(3, std::string(START_FEN), {}));
    BOOST_TEST(perftree_output(generator_name(g), 2, kiwipete, "e1g1 h3g2") ==
               stockfish_as_perftree(2, kiwipete, {"e1g1", "h3g2"}));
  }
}

BOOST_AUTO_TEST_CASE(perftree_prints_an_empty_line_and_1_at_depth_0) {
  BOOST_TEST(perftree_output("mailbox", 0, std::string(START_FEN), "") == "\n1\n");
}

BOOST_AUTO_TEST_CASE(perftree_accepts_upper_case_promotions_as_the_tool_writes_them) {
  const std::string fen = "1n2k3/P7/8/8/8/8/8/4K3 w - - 0 1";
  BOOST_TEST(perftree_output("mailbox", 2, fen, "a7b8Q") == stockfish_as_perftree(2, fen, {"a7b8q"}));
}

BOOST_AUTO_TEST_CASE(perftree_rejects_bad_input) {
  PerftreeOptions options;
  options.fen = std::string(START_FEN), options.moves = "e2e5";
  std::ostringstream out, err;
  BOOST_CHECK_THROW(run_perftree(options, out, err), MoveError);
  options.moves = "", options.fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1";
  BOOST_CHECK_THROW(run_perftree(options, out, err), FenError);
  options.fen = std::string(START_FEN), options.depth = 99;
  BOOST_CHECK_THROW(run_perftree(options, out, err), UsageError);
}

BOOST_AUTO_TEST_CASE(the_wrapper_script_lets_diff_drive_movegen_as_a_perftree_program) {
  ::setenv("MOVEGEN", MOVEGEN_BINARY, 1);
  for (Generator g : all_generators()) {
    ::setenv("MOVEGEN_GENERATOR", generator_name(g).c_str(), 1);
    DiffOptions options;
    options.fen = "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", options.depth = 3;
    options.a = "perftree:scripts/perftree-movegen", options.b = "uci:/usr/games/stockfish";
    std::ostringstream out, err;
    BOOST_TEST(run_diff(options, out, err) == 0, out.str());
  }
}
