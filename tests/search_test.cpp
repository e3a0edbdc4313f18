// The fixed search (search/search.hpp) in every generator of the table: the evaluation kept move by move equals
// the evaluation from scratch; every generator searches the same tree (nodes, best move, score) on a small set of
// positions; a generator that emits its moves in another order still agrees (the order is the search's), while one
// that stages a capture as a quiet move, or forgets a move, disagrees; and mates from published games are found
// with a mate score: in 2 at depth 4, in 3 at depth 6.
#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <optional>
#include <string>
#include <type_traits>
#include <vector>

#include "common/epd.hpp"
#include "common/staged_generation.hpp"
#include "search/search.hpp"
#include "tests/broken_generators.hpp"
#include "tests/generators.hpp"
#include "tests/quick.hpp"

using namespace movegen;
using namespace movegen::testing;
using movegen::search::SearchResult;

namespace {

// Positions the generators must agree on: the start, "kiwipete", an endgame with en passant and promotions, and
// a Chess960 position with castling rights (from tests/data/perft.epd and tests/data/chess960.epd).
const std::vector<std::string> AGREEMENT_FENS = {
    std::string(START_FEN),
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
    "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
};

// The depth of the agreement tests: every generator's search of each position takes well under a second.
int agreement_depth() { return test::quick_tests() ? 2 : 4; }

template <ChessPosition P>
SearchResult search_fen(const std::string& fen, int depth) {
  P pos = P::from_fen(fen);
  const SearchResult result = search::search_to_depth(pos, depth);
  BOOST_TEST(pos.fen() == P::from_fen(fen).fen());  // the search leaves the position as it found it
  return result;
}

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
  for (const std::string& fen : AGREEMENT_FENS) {
    const SearchResult expected = search_fen<MtuPosition<mailbox::Position>>(fen, agreement_depth());
    const SearchResult got = search_fen<P>(fen, agreement_depth());
    BOOST_TEST(got.nodes == expected.nodes, fen);
    BOOST_TEST(to_uci(got.best_move) == to_uci(expected.best_move), fen);
    BOOST_TEST(got.score == expected.score, fen);
    BOOST_TEST(got.nodes > 100u);
  }
}

BOOST_AUTO_TEST_CASE(generation_order_does_not_change_the_tree) {
  for (const std::string& fen : AGREEMENT_FENS)
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

// Mates from published games, each with one mating first move (Stockfish 15 agrees): Morphy against the Duke of
// Brunswick and Count Isouard, Paris 1858 ("the Opera game"), 16.Qb8+ Nxb8 17.Rd8#; Anderssen against
// Kieseritzky, London 1851 ("the Immortal game"), 21.Nxg7+ Kd8 22.Qf6+ Nxf6 23.Be7#.
BOOST_AUTO_TEST_CASE_TEMPLATE(mates_in_two_and_three_are_found, P, Generators) {
  struct Mate {
    std::string fen, first_move;
    int moves;
  };
  const Mate mates[] = {
      {"4kb1r/p2n1ppp/4q3/4p1B1/4P3/1Q6/PPP2PPP/2KR4 w k - 1 16", "b3b8", 2},
      {"r1bk2nr/p2p1pNp/n2B4/1p1NP2P/6P1/3P1Q2/P1P1K3/q5b1 w - - 1 22", "f3f6", 2},
      {"r1b1k1nr/p2p1ppp/n2B4/1p1NPN1P/6P1/3P1Q2/P1P1K3/q5b1 w kq - 2 21", "f5g7", 3},
  };
  for (const Mate& mate : mates) {
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
