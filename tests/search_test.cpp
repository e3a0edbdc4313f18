// The fixed search (search/search.hpp) in every generator of the table: the evaluation kept move by move equals
// the evaluation from scratch; every generator searches the same tree (nodes, best move, score) on a small set of
// positions; a generator that emits its moves in another order still agrees (the order is the search's), while one
// that stages a capture as a quiet move, or forgets a move, disagrees; and mates from published games are found
// with a mate score: in 2 at depth 4, in 3 at depth 6.
#include "search/search.hpp"

#include <algorithm>
#include <boost/test/unit_test.hpp>
#include <optional>
#include <string>
#include <type_traits>
#include <vector>

#include "common/epd.hpp"
#include "common/staged_generation.hpp"
#include "tests/broken_generators.hpp"
#include "tests/generators.hpp"
#include "tests/quick.hpp"
#include "tests/search_fixtures.hpp"

using namespace movegen;
using namespace movegen::testing;
using movegen::search::SearchResult;

namespace {

// The depth of the agreement tests: every generator's search of each position takes well under a second.
int agreement_depth() { return test::quick_tests() ? 2 : 4; }

// The mailbox generator with its legal moves emitted in reverse order: the search's order must not notice.
struct ReversedOrder {
  static void generate_legal(BrokenBase& pos, MoveList& list) {
    legal_moves_where(pos, list, [](Move) { return true; });
    std::reverse(list.begin(), list.end());
  }
};

// The mailbox generator with en passant staged as a quiet move: the quiescence search no longer sees it.
class EnPassantStagedQuiet : public MtuPosition<mailbox::Position> {
 public:
  static EnPassantStagedQuiet from_fen(std::string_view fen) {
    EnPassantStagedQuiet pos;
    static_cast<MtuPosition<mailbox::Position>&>(pos) = MtuPosition<mailbox::Position>::from_fen(fen);
    return pos;
  }
  void generate_captures(MoveList& list) {
    MoveList all;
    movegen::generate_captures(static_cast<MtuPosition<mailbox::Position>&>(*this), all);
    for (Move m : all)
      if (m.flag() != EN_PASSANT) list.push_back(m);
  }
  void generate_quiets(MoveList& list) {
    MoveList all;
    movegen::generate_captures(static_cast<MtuPosition<mailbox::Position>&>(*this), all);
    for (Move m : all)
      if (m.flag() == EN_PASSANT) list.push_back(m);
    movegen::generate_quiets(static_cast<MtuPosition<mailbox::Position>&>(*this), list);
  }
};

// Black's d7-d5 lets white take en passant in the quiescence search.
constexpr std::string_view EN_PASSANT_FEN = "4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1";

}  // namespace

BOOST_AUTO_TEST_CASE_TEMPLATE(evaluation_kept_move_by_move_equals_evaluation_from_scratch, P, Generators) {
  for (const EpdEntry& e : load_epd(std::string(MOVEGEN_SOURCE_DIR) + "/tests/data/perft.epd")) {
    P pos = P::from_fen(e.fen);
    const int before = search::evaluate(pos);
    MoveList legal;
    pos.generate_legal(legal);
    for (Move m : legal) {
      const int change = search::eval_change(pos, m);
      pos.make_move(m);
      BOOST_TEST(before + change == search::evaluate(pos), to_uci(m) << " in " << e.fen);
      pos.unmake_move(m);
    }
  }
}

BOOST_AUTO_TEST_CASE_TEMPLATE(every_generator_searches_the_tree_of_the_mailbox, P, Generators) {
  for (const std::string& fen : SEARCH_FENS) {
    const SearchResult expected = search_fen<MtuPosition<mailbox::Position>>(fen, agreement_depth());
    const SearchResult got = search_fen<P>(fen, agreement_depth());
    BOOST_TEST(got.nodes == expected.nodes, fen);
    BOOST_TEST(to_uci(got.best_move) == to_uci(expected.best_move), fen);
    BOOST_TEST(got.score == expected.score, fen);
    BOOST_TEST(got.nodes > 100u);
  }
}

BOOST_AUTO_TEST_CASE(generation_order_does_not_change_the_tree) {
  for (const std::string& fen : SEARCH_FENS)
    BOOST_TEST((search_fen<BrokenPosition<ReversedOrder>>(fen, agreement_depth()) ==
                search_fen<MtuPosition<mailbox::Position>>(fen, agreement_depth())),
               fen);
}

BOOST_AUTO_TEST_CASE(a_planted_change_makes_the_generators_disagree) {
  const std::string fen(EN_PASSANT_FEN);
  const SearchResult right = search_fen<MtuPosition<mailbox::Position>>(fen, 1);
  BOOST_TEST(right.nodes != search_fen<EnPassantStagedQuiet>(fen, 1).nodes);           // a capture staged as quiet
  BOOST_TEST(right.nodes != search_fen<BrokenPosition<DropEnPassant>>(fen, 1).nodes);  // a move forgotten
  const std::vector<SearchResult> results = {right, right, search_fen<EnPassantStagedQuiet>(fen, 1)};
  BOOST_TEST((search::first_disagreeing(results) == std::optional<std::size_t>(2)));
  BOOST_TEST(!search::first_disagreeing({right, right}).has_value());
}

// The MATES of published games (tests/search_fixtures.hpp): in 2 at depth 4, in 3 at depth 6.
BOOST_AUTO_TEST_CASE_TEMPLATE(mates_in_two_and_three_are_found, P, Generators) {
  for (const Mate& mate : MATES) {
    // Under MOVEGEN_TEST_QUICK (the sanitizer run) the mate in three, the slowest search here, runs in one generator.
    if (mate.moves == 3 && test::quick_tests() && !std::is_same_v<P, harness::GeneratorPosition<"bitboard-tuned">>)
      continue;
    const SearchResult r = search_fen<P>(mate.fen, 2 * mate.moves);
    BOOST_TEST(to_uci(r.best_move) == mate.first_move, mate.fen);
    BOOST_TEST(search::mate_in_moves(r.score) == mate.moves, mate.fen << ": " << search::score_text(r.score));
  }
}

BOOST_AUTO_TEST_CASE_TEMPLATE(checkmate_and_stalemate_are_scored, P, Generators) {
  const SearchResult mated = search_fen<P>("R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1", 3);
  BOOST_TEST((mated.best_move == Move::none()));
  BOOST_TEST(mated.score == search::mated_score(0));
  const SearchResult stalemate = search_fen<P>("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", 3);
  BOOST_TEST((stalemate.best_move == Move::none()));
  BOOST_TEST(stalemate.score == search::DRAW_SCORE);
}
