// The built-in generators of the table against each other, move list for move list: on every position of the
// bundled suite and on every position of one random game from each, the plain mailbox and each of the
// others agree on FEN, checkers, the legal moves (as multisets), the position after each move and
// unmake restoring it (harness/node_check.hpp).
#include "tests/generators.hpp"

#include <boost/test/unit_test.hpp>
#include <random>
#include <string>

#include "common/epd.hpp"
#include "harness/node_check.hpp"
#include "tests/quick.hpp"

using namespace movegen;

namespace {

// Plays one random game of up to `plies` moves from `fen` in every generator, checking at every ply
// that the plain mailbox and each other generator agree. Returns the number of positions checked.
int check_game(const std::string& fen, int plies, std::mt19937& random) {
  mailbox::MtuPosition reference = mailbox::MtuPosition::from_fen(fen);
  testing::Generators others =
      harness::with_all_generators([&]<ChessPosition... Ps>() { return testing::Generators{Ps::from_fen(fen)...}; });
  std::vector<std::string> names;
  for (harness::Generator g : harness::all_generators()) names.push_back(harness::generator_name(g));
  harness::Divergence d("mailbox", "", fen);
  int checked = 0;
  for (int ply = 0; ply <= plies; ++ply) {
    std::size_t i = 0;
    auto agrees = [&](auto& other) {
      d.b_name = names[i++];
      BOOST_TEST(harness::nodes_agree(reference, other, d),
                 d.b_name << " at " << d.fen << ": " << d.detail << "; moves only mailbox has: " << d.only_a.size()
                          << ", only " << d.b_name << " has: " << d.only_b.size());
    };
    std::apply([&](auto&... other) { (agrees(other), ...); }, others);
    ++checked;
    MoveList moves;
    reference.generate_legal(moves);
    if (moves.empty()) break;
    const Move m = moves[random() % moves.size()];
    reference.make_move(m);
    std::apply([&](auto&... other) { (other.make_move(m), ...); }, others);
  }
  return checked;
}

}  // namespace

BOOST_AUTO_TEST_CASE(every_generator_agrees_on_every_suite_position_and_a_random_game_from_each) {
  std::mt19937 random(20261123);
  int positions = 0, games = 0;
  for (const EpdEntry& e : load_epd(std::string(MOVEGEN_SOURCE_DIR) + "/tests/data/perft.epd")) {
    positions += check_game(e.fen, test::quick_tests() ? 10 : 60, random);
    ++games;
  }
  BOOST_TEST(games == 184);
  BOOST_TEST(positions > games * (test::quick_tests() ? 5 : 20));
}
