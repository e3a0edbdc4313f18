// Perft split into distinct subtrees (harness/perft/perft_split.hpp): the published numbers of distinct
// positions, transpositions counted once with their path counts, and the divide put back together.
#include "harness/perft/perft_split.hpp"

#include <boost/test/unit_test.hpp>
#include <numeric>

#include "common/perft.hpp"
#include "harness/generators/setup.hpp"
#include "harness/perft/perft_nodes.hpp"
#include "tests/quick.hpp"

using namespace movegen;
using namespace movegen::harness;
using movegen::test::quick_tests;

namespace {

const std::string KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

// The divide of `movegen perft` (common/perft.hpp) as text pairs.
std::vector<std::pair<std::string, std::uint64_t>> plain_divide(Generator g, const std::string& fen,
                                                                const std::vector<std::string>& moves, int depth) {
  return with_generator(g, [&]<ChessPosition P>() {
    P pos = position_after<P>(fen, moves);
    std::vector<std::pair<std::string, std::uint64_t>> result;
    for (auto [move, nodes] : divide(pos, depth)) result.emplace_back(to_uci(move), nodes);
    return result;
  });
}

std::uint64_t total_paths(const PerftSplit& split) {
  std::uint64_t paths = 0;
  for (const auto& reached : split.paths)
    for (const auto& [subtree, n] : reached) paths += n;
  return paths;
}

}  // namespace

BOOST_AUTO_TEST_CASE(position_key_drops_the_two_clocks) {
  BOOST_TEST(position_key("8/8/8/8/8/8/8/K6k w - - 12 40") == "8/8/8/8/8/8/8/K6k w - -");
  BOOST_TEST(position_key("8/8/8/8/8/8/8/K6k b - -") == "8/8/8/8/8/8/8/K6k b - -");
}

// OEIS A083276: 1, 20, 400, 5362, 72078 distinct positions after 0..4 plies; paths are perft's counts.
BOOST_AUTO_TEST_CASE(the_start_position_splits_into_the_published_numbers_of_distinct_positions) {
  const std::vector<std::pair<std::size_t, std::uint64_t>> published = {{20, 20}, {400, 400}, {5362, 8902}};
  for (Generator g : all_generators()) {
    for (int depth = 1; depth <= 3; ++depth) {
      BOOST_TEST_CONTEXT(generator_name(g) << " split depth " << depth) {
        const PerftSplit split = split_perft(g, START_FEN, {}, depth);
        BOOST_TEST(split.root_moves.size() == 20u);
        BOOST_TEST(split.subtrees.size() == published[depth - 1].first);
        BOOST_TEST(total_paths(split) == published[depth - 1].second);
      }
    }
  }
  BOOST_TEST(split_perft(named_generator("bitboard-tuned"), START_FEN, {}, 4).subtrees.size() == 72078u);
}

// 1. Nf3 a6 2. Nc3 and 1. Nc3 a6 2. Nf3 reach one position from two root moves: one subtree, one path
// from each.
BOOST_AUTO_TEST_CASE(a_transposition_between_root_moves_is_one_subtree) {
  const PerftSplit split = split_perft(named_generator("mailbox"), START_FEN, {}, 3);
  const std::string both_knights = "rnbqkbnr/1ppppppp/p7/8/8/2N2N2/PPPPPPPP/R1BQKB1R b KQkq -";
  const auto at = std::find(split.subtrees.begin(), split.subtrees.end(), both_knights);
  BOOST_REQUIRE(at != split.subtrees.end());
  const std::size_t subtree = at - split.subtrees.begin();
  for (const std::string root : {"b1c3", "g1f3"}) {
    const std::size_t r = std::find(split.root_moves.begin(), split.root_moves.end(), root) - split.root_moves.begin();
    BOOST_REQUIRE(r < split.root_moves.size());
    const auto& reached = split.paths[r];
    const auto hit = std::find_if(reached.begin(), reached.end(), [&](const auto& p) { return p.first == subtree; });
    BOOST_TEST((hit != reached.end() && hit->second == 1u), root);
  }
}

// Lines cross within one root move too: after 1. Nf3 each of black's four knight moves and the two
// knights' return (2. Ng1 Ng8 or Nb8) reach the start position again, 4 plies down: 4 paths, one subtree.
BOOST_AUTO_TEST_CASE(a_transposition_within_one_root_move_counts_its_paths) {
  const PerftSplit split = split_perft(named_generator("bitboard-tuned"), START_FEN, {}, 4);
  const std::string start = position_key(START_FEN);
  const auto at = std::find(split.subtrees.begin(), split.subtrees.end(), start);
  BOOST_REQUIRE(at != split.subtrees.end());
  const std::size_t r = std::find(split.root_moves.begin(), split.root_moves.end(), "g1f3") - split.root_moves.begin();
  const auto& reached = split.paths[r];
  const std::size_t subtree = at - split.subtrees.begin();
  const auto hit = std::find_if(reached.begin(), reached.end(), [&](const auto& p) { return p.first == subtree; });
  BOOST_REQUIRE(hit != reached.end());
  BOOST_TEST(hit->second == 4u);  // via Nf6, Nh6, Nc6 and Na6
}

// Counting each distinct subtree once and multiplying by its paths gives perft's divide exactly, for
// every generator, with and without moves played first, and with mates before the split depth.
BOOST_AUTO_TEST_CASE(combined_subtree_counts_equal_the_divide) {
  struct Case {
    std::string fen;
    std::vector<std::string> moves;
    int depth, split_depth;
  };
  const int deep = quick_tests() ? 3 : 4;  // under the sanitizers, a ply less
  const std::vector<Case> cases = {
      {std::string(START_FEN), {}, deep, 2},
      {std::string(START_FEN), {"e2e4", "e7e5"}, deep, 3},
      {KIWIPETE, {}, 3, 2},
      {KIWIPETE, {}, 3, 3},
      {"8/8/8/r2Pp2K/8/8/4k3/8 w - e6 0 1", {}, 4, 1},
      // Fool's mate is one ply away: f2f3 e7e5 g2g4 d8h4 ends that line before the split depth.
      {std::string(START_FEN), {"f2f3", "e7e5"}, 3, 3},
  };
  // Under the sanitizers it is the split and the combination that are checked, for the plainest generator
  // and the default; the Release run checks all of them.
  const std::vector<Generator> generators =
      quick_tests() ? std::vector<Generator>{named_generator("mailbox"), named_generator("bitboard-tuned")}
                    : all_generators();
  for (Generator g : generators) {
    for (const Case& c : cases) {
      BOOST_TEST_CONTEXT(generator_name(g) << " " << c.fen << " moves " << c.moves.size() << " depth " << c.depth
                                           << " split " << c.split_depth) {
        const PerftSplit split = split_perft(g, c.fen, c.moves, c.split_depth);
        std::vector<std::uint64_t> counts;
        for (const std::string& fen : split.subtrees)
          counts.push_back(perft_nodes(g, fen, c.depth - c.split_depth, {}));
        BOOST_TEST(combine_divide(split, counts) == plain_divide(g, c.fen, c.moves, c.depth));
      }
    }
  }
}

BOOST_AUTO_TEST_CASE(a_mated_root_has_no_root_moves_and_no_subtrees) {
  const PerftSplit split = split_perft(named_generator("bitboard-tuned"),
                                       "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3", {}, 2);
  BOOST_TEST(split.root_moves.empty());
  BOOST_TEST(split.subtrees.empty());
  BOOST_TEST(combine_divide(split, {}).empty());
}

BOOST_AUTO_TEST_CASE(a_split_depth_outside_the_range_is_refused) {
  for (int bad : {0, -1, MAX_SPLIT_DEPTH + 1})
    BOOST_CHECK_EXCEPTION(
        split_perft(named_generator("mailbox"), START_FEN, {}, bad), UsageError,
        [](const UsageError& e) { return std::string(e.what()).find("bad --split-depth") != std::string::npos; });
  BOOST_CHECK_THROW(combine_divide(split_perft(named_generator("mailbox"), START_FEN, {}, 1), {1, 2}),
                    std::invalid_argument);
}
