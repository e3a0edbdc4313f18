// The fixed search's optional transposition table (search/transposition_table.hpp): with a table every generator
// still searches the same tree (nodes, best move, score); the table never changes the best move or the score of a
// search, only its nodes, whatever its size (one slot, a few, a MiB); it is cleared for each search, so a search's
// result does not depend on the searches before it; mates are still found and scored as mates; and mate scores
// are kept counted from the position they were found in.
#include "search/transposition_table.hpp"

#include <boost/test/unit_test.hpp>
#include <stdexcept>
#include <string>
#include <vector>

#include "common/epd.hpp"
#include "search/search.hpp"
#include "tests/generators.hpp"
#include "tests/quick.hpp"
#include "tests/search_fixtures.hpp"

using namespace movegen;
using namespace movegen::testing;
using movegen::search::SearchResult;
using movegen::search::TranspositionTable;

namespace {

int depth() { return test::quick_tests() ? 3 : 4; }

using Fastest = harness::GeneratorPosition<"bitboard-tuned">;

}  // namespace

BOOST_AUTO_TEST_CASE_TEMPLATE(with_a_table_every_generator_searches_the_tree_of_the_mailbox, P, Generators) {
  for (const std::string& fen : SEARCH_FENS) {
    TranspositionTable mine(1), mailboxes(1);
    const SearchResult expected = search_fen<MtuPosition<mailbox::Position>>(fen, depth(), &mailboxes);
    const SearchResult got = search_fen<P>(fen, depth(), &mine);
    BOOST_TEST(got.nodes == expected.nodes, fen);
    BOOST_TEST(to_uci(got.best_move) == to_uci(expected.best_move), fen);
    BOOST_TEST(got.score == expected.score, fen);
  }
}

// The table answers a node only with a result of the node's own depth, in the window as the search would have
// answered it, and a position's value at a depth does not depend on the path to it (repetitions and the fifty-move
// rule are not scored; mate scores are stored counted from the position): so the root's score, and the first
// root move that reaches it, are those of the search without a table. Checked on every position of perft.epd
// (every fourth under quick_tests, the sanitizer run, where this case took a minute), with tables of one slot
// (every store replaces the last), seven slots and a MiB.
BOOST_AUTO_TEST_CASE(the_table_changes_the_nodes_never_the_best_move_or_score) {
  std::uint64_t nodes_without = 0, nodes_with = 0;
  std::size_t index = 0;
  for (const EpdEntry& e : load_epd(std::string(MOVEGEN_SOURCE_DIR) + "/tests/data/perft.epd")) {
    if (test::quick_tests() && index++ % 4 != 0) continue;
    const SearchResult without = search_fen<Fastest>(e.fen, depth(), nullptr);
    for (std::size_t slots : {std::size_t(1), std::size_t(7), TranspositionTable::ENTRIES_PER_MB}) {
      TranspositionTable table = TranspositionTable::with_slots(slots);
      const SearchResult with = search_fen<Fastest>(e.fen, depth(), &table);
      BOOST_TEST(to_uci(with.best_move) == to_uci(without.best_move), e.fen << " with " << slots << " slots");
      BOOST_TEST(with.score == without.score, e.fen << " with " << slots << " slots");
      if (slots == TranspositionTable::ENTRIES_PER_MB) nodes_with += with.nodes;
    }
    nodes_without += without.nodes;
  }
  BOOST_TEST(nodes_with < nodes_without);  // the table is used: it cuts nodes off
}

// A table left full by a search of the same position would answer the next search's nodes at once.
BOOST_AUTO_TEST_CASE(each_search_clears_the_table) {
  TranspositionTable shared(1);
  for (const std::string& fen : SEARCH_FENS) {
    TranspositionTable fresh(1);
    const SearchResult first = search_fen<Fastest>(fen, depth(), &fresh);
    BOOST_TEST((search_fen<Fastest>(fen, depth(), &shared) == first), fen);
    BOOST_TEST((search_fen<Fastest>(fen, depth(), &shared) == first), fen);  // again, after itself
  }
}

// The MATES of tests/search_fixtures.hpp: the Opera game (16.Qb8+ Nxb8 17.Rd8#) and the Immortal game
// (21.Nxg7+ Kd8 22.Qf6+ Nxf6 23.Be7#), with the table.
BOOST_AUTO_TEST_CASE_TEMPLATE(mates_are_found_with_a_table, P, Generators) {
  for (const Mate& mate : MATES) {
    if (mate.moves == 3 && test::quick_tests() && !std::is_same_v<P, Fastest>) continue;
    TranspositionTable table(1);
    const SearchResult r = search_fen<P>(mate.fen, 2 * mate.moves, &table);
    BOOST_TEST(to_uci(r.best_move) == mate.first_move, mate.fen);
    BOOST_TEST(search::mate_in_moves(r.score) == mate.moves, mate.fen << ": " << search::score_text(r.score));
  }
}

BOOST_AUTO_TEST_CASE(mate_scores_are_stored_counted_from_the_position) {
  // Mating 3 plies below a node 5 plies from the root: mate in 8 plies from the root, 3 from the node.
  BOOST_TEST(search::score_to_table(search::MATE_SCORE - 8, 5) == search::MATE_SCORE - 3);
  BOOST_TEST(search::score_from_table(search::MATE_SCORE - 3, 2) == search::MATE_SCORE - 5);  // met 2 from the root
  BOOST_TEST(search::score_to_table(search::mated_score(7), 4) == search::mated_score(3));
  BOOST_TEST(search::score_from_table(search::mated_score(3), 6) == search::mated_score(9));
  BOOST_TEST(search::score_to_table(-250, 9) == -250);  // centipawns are the same from everywhere
  BOOST_TEST(search::score_from_table(250, 9) == 250);
}

BOOST_AUTO_TEST_CASE(a_store_replaces_its_slot_and_a_probe_checks_the_whole_key) {
  TranspositionTable table = TranspositionTable::with_slots(4);
  const Move m(SQ_E2, SQ_E4, NORMAL);
  BOOST_TEST(table.probe(5) == nullptr);  // empty
  table.store(5, 3, search::Bound::LOWER, 120, m);
  BOOST_REQUIRE(table.probe(5) != nullptr);
  BOOST_TEST(table.probe(5)->score == 120);
  BOOST_TEST((table.probe(5)->move == m));
  BOOST_TEST(table.probe(9) == nullptr);  // the same slot, another key
  table.store(9, 1, search::Bound::UPPER, -40, Move::none());
  BOOST_TEST(table.probe(5) == nullptr);  // replaced, though shallower
  BOOST_TEST(table.probe(9)->depth == 1);
  table.clear();
  BOOST_TEST(table.probe(9) == nullptr);
  BOOST_TEST(TranspositionTable(16).slots() == 16 * TranspositionTable::ENTRIES_PER_MB);
  BOOST_CHECK_THROW(TranspositionTable(0), std::invalid_argument);  // no table is a null pointer, not 0 MiB
  BOOST_CHECK_THROW(TranspositionTable::with_slots(0), std::invalid_argument);
}
