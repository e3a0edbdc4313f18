// The built-in generators of the table against each other, move list for move list: on every position of the
// bundled suite and on every position of one random game from each, the plain mailbox and each of the
// others agree on FEN, checkers, the legal moves (as multisets), the position after each move and
// unmake restoring it (harness/debugging/node_check.hpp).
#include "tests/generators.hpp"

#include <boost/test/unit_test.hpp>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "common/epd.hpp"
#include "harness/debugging/node_check.hpp"
#include "tests/quick.hpp"

using namespace movegen;

namespace {

// Plays one random game of up to `plies` moves from `fen` in every generator, checking at every ply
// that the plain mailbox and each other generator agree. Returns the number of positions checked.
int check_game(const std::string& fen, int plies, std::mt19937& random) {
  MtuPosition<mailbox::Position> reference = MtuPosition<mailbox::Position>::from_fen(fen);
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

// A generator that forgets en passant: one of the built-ins with its en passant captures left out of the list.
class WithoutEnPassant final : public harness::AnyPosition {
 public:
  explicit WithoutEnPassant(std::unique_ptr<harness::AnyPosition> pos) : pos_(std::move(pos)) {}
  std::string fen() const override { return pos_->fen(); }
  BoardState state() const override { return pos_->state(); }
  Bitboard checkers() const override { return pos_->checkers(); }
  void generate_legal(MoveList& list) override {
    MoveList all;
    pos_->generate_legal(all);
    for (Move m : all)
      if (m.flag() != EN_PASSANT) list.push_back(m);
  }
  void make_move(Move m) override { pos_->make_move(m); }
  void unmake_move(Move m) override { pos_->unmake_move(m); }

 private:
  std::unique_ptr<harness::AnyPosition> pos_;
};

}  // namespace

// What `movegen diff` runs between two built-in generators: each one's position after the moves, behind
// AnyPosition, compared node by node. After 1.e4 a6 2.e5 only 2...d5 allows an en passant capture (3.exd6),
// one ply below the root: two plies deep the dropped move is found there, one ply deep nothing differs.
BOOST_AUTO_TEST_CASE(trees_agree_finds_the_node_where_a_generator_drops_a_move) {
  const std::vector<std::string> moves = {"e2e4", "a7a6", "e4e5"};
  for (harness::Generator g : harness::all_generators()) {
    const std::string name = harness::generator_name(g);
    const auto position = [&] {
      return harness::generator_ops(g).position(std::string(START_FEN), moves, Notation::CLASSICAL);
    };
    BOOST_TEST(position()->fen() == "rnbqkbnr/1ppppppp/p7/4P3/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 2", name);
    harness::Divergence shallow(name, "without en passant", std::string(START_FEN), moves);
    WithoutEnPassant one_ply(position());
    BOOST_TEST(harness::trees_agree(*position(), one_ply, 1, shallow), name << ": " << shallow.detail);

    harness::Divergence d(name, "without en passant", std::string(START_FEN), moves);
    WithoutEnPassant two_plies(position());
    BOOST_TEST(!harness::trees_agree(*position(), two_plies, 2, d), name);
    BOOST_TEST(d.path == (std::vector<std::string>{"e2e4", "a7a6", "e4e5", "d7d5"}), name);
    BOOST_TEST(d.only_a == std::vector<std::string>{"e5d6"}, name);
    BOOST_TEST(d.only_b.empty(), name);
    BOOST_TEST(d.fen == "rnbqkbnr/1pp1pppp/p7/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3", name);
  }
}

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
