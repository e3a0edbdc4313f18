// `movegen show --against SPEC`: an outside engine's legal moves beside our four generators', each move
// that only our generators have or only the outside engine has marked. Checked with Stockfish (no mark)
// and with tests/broken_engine, whose bugs take a move away (en passant) or add moves (a pinned knight);
// and, as every command, with nothing on stdout when the outside engine cannot answer.
// (The board, the four lists and the grids without --against are tested in cli_show_test.cpp.)
#include <boost/test/unit_test.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "tests/quick.hpp"
#include "tests/run_cli.hpp"

using namespace movegen::test;

namespace {

const std::string STOCKFISH = "uci:/usr/games/stockfish";
const std::string BROKEN = std::string("perftree:") + BROKEN_ENGINE;
// After 1.e4 h6 2.e5 d5 white may take d5 en passant: e5d6.
const std::string EN_PASSANT = "rnbqkbnr/ppp1ppp1/7p/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3";
// The knight on e2 is pinned to its king by the rook on e8: only the king moves.
const std::string PINNED_KNIGHT = "4r1k1/8/8/8/8/8/4N3/4K3 w - - 0 1";

// The move-list rows of `show` output that carry `mark`, each as the first move text on the row.
std::vector<std::string> marked_moves(const std::string& out, const std::string& mark) {
  std::istringstream in(out);
  std::vector<std::string> moves;
  for (std::string line; std::getline(in, line);) {
    if (!line.ends_with("  <- " + mark)) continue;
    std::istringstream words(line);
    std::string first;
    words >> first;
    moves.push_back(first);
  }
  return moves;
}

// The number in brackets after `name` in the header line `legal moves:  mailbox (20)  ...`; -1 if absent.
int listed_count(const std::string& out, const std::string& name) {
  const std::size_t header = out.find("legal moves:");
  const std::size_t at = out.find(" " + name + " (", header);
  if (header == std::string::npos || at == std::string::npos || at > out.find('\n', header)) return -1;
  return std::stoi(out.substr(at + name.size() + 3));
}

std::size_t marks_in(const std::string& out) {
  std::size_t n = 0;
  for (std::size_t at = out.find("  <- "); at != std::string::npos; at = out.find("  <- ", at + 1)) ++n;
  return n;
}

}  // namespace

BOOST_AUTO_TEST_CASE(stockfish_beside_ours_marks_nothing) {
  for (const std::string& fen : {EN_PASSANT, PINNED_KNIGHT}) {
    BOOST_TEST_CONTEXT(fen) {
      const Run r = run_cli({"show", "--fen", fen, "--against", STOCKFISH});
      BOOST_TEST(r.code == 0, r.err);
      BOOST_TEST(listed_count(r.out, STOCKFISH) > 0, r.out);
      BOOST_TEST(listed_count(r.out, STOCKFISH) == listed_count(r.out, "mailbox"), r.out);
      BOOST_TEST(marks_in(r.out) == 0u, r.out);
    }
  }
}

BOOST_AUTO_TEST_CASE(a_move_the_outside_engine_misses_is_marked_only_ours) {
  const std::string engine = BROKEN + " en-passant";
  const Run r = run_cli({"show", "--fen", EN_PASSANT, "--against", engine});
  BOOST_TEST(r.code == 1, r.err);
  BOOST_TEST(marked_moves(r.out, "only ours") == std::vector<std::string>{"e5d6"}, r.out);
  BOOST_TEST(marks_in(r.out) == 1u, r.out);
  BOOST_TEST(listed_count(r.out, engine) == listed_count(r.out, "bitboard-tuned") - 1, r.out);
  BOOST_TEST(r.out.find(engine + ": 1 move only ours, 0 only theirs") != std::string::npos, r.out);
}

// In checked builds (MOVEGEN_CHECK_INVARIANTS: Debug, sanitizers) the invariant check after make_move stops
// PinnedMayMove's first illegal move inside broken_engine, which then exits with an error instead of a list.
BOOST_AUTO_TEST_CASE(moves_only_the_outside_engine_generates_are_marked_only_theirs,
                     *boost::unit_test::enable_if<!movegen::test::CHECKED_BUILD>()) {
  const std::string engine = BROKEN + " pin";
  const Run r = run_cli({"show", "--fen", PINNED_KNIGHT, "--against", engine});
  BOOST_TEST(r.code == 1, r.err);
  const std::vector<std::string> theirs = marked_moves(r.out, "only theirs");
  BOOST_TEST(!theirs.empty(), r.out);
  for (const std::string& move : theirs) BOOST_TEST(move.starts_with("e2"), move << " is not a move of the knight");
  BOOST_TEST(marks_in(r.out) == theirs.size(), r.out);
  BOOST_TEST(listed_count(r.out, engine) == listed_count(r.out, "bitboard-tuned") + int(theirs.size()), r.out);
}

BOOST_AUTO_TEST_CASE(nothing_is_printed_when_the_outside_engine_or_the_input_is_bad) {
  expect_bad_input({"show", "--against", "foo"}, "bad generator 'foo'");
  expect_bad_input({"show", "--against", "perftree:false"}, "ended with exit code 1");
  expect_bad_input({"show", "--against", STOCKFISH, "--timeout", "0"}, "--timeout");
  // The FEN is checked in process first: the broken program is never started.
  expect_bad_input({"show", "--fen", "4k3/8/8/8/8/8/8/4K3 x - - 0 1", "--against", "perftree:false"},
                   "bad FEN side to move: 'x'");
}
