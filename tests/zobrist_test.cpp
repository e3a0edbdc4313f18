// Zobrist keys: Polyglot's published test vectors (the PolyGlot book format, "Test positions"), the
// incremental key after every make and unmake against the key computed from scratch, and the same key from
// all four generators on every position of random games.
#include "common/zobrist.hpp"

#include <boost/test/unit_test.hpp>
#include <random>
#include <string>
#include <vector>

#include "common/epd.hpp"
#include "tests/generators.hpp"
#include "tests/quick.hpp"

using namespace movegen;
using namespace movegen::testing;

namespace {

// A line of moves from the start position and the key Polyglot gives the position after it.
struct Vector {
  Moves moves;
  Key key;
};

// The book format's test positions: the start, 1.e4 (en passant square e3, no black pawn beside: not
// hashed), ...f5 (white pawn on e5 beside f5: the f file hashed), Ke2 and Kf7 (rights lost), and a line
// where black's b4 pawn stands beside c4 and then takes it en passant, and white's rook leaves a1.
const std::vector<Vector> POLYGLOT_VECTORS = {
    {{}, 0x463b96181691fc9c},
    {{"e2e4"}, 0x823c9b50fd114196},
    {{"e2e4", "d7d5"}, 0x0756b94461c50fb0},
    {{"e2e4", "d7d5", "e4e5"}, 0x662fafb965db29d4},
    {{"e2e4", "d7d5", "e4e5", "f7f5"}, 0x22a48b5a8e47ff78},
    {{"e2e4", "d7d5", "e4e5", "f7f5", "e1e2"}, 0x652a607ca3f242c1},
    {{"e2e4", "d7d5", "e4e5", "f7f5", "e1e2", "e8f7"}, 0x00fdd303c946bdd9},
    {{"a2a4", "b7b5", "h2h4", "b5b4", "c2c4"}, 0x3c8123ea7b067637},
    {{"a2a4", "b7b5", "h2h4", "b5b4", "c2c4", "b4c3", "a1a3"}, 0x5c3f9b829b279560},
};

// The key of pos after each make and each unmake must be the key computed from its FEN fields.
template <ChessPosition P>
void require_key_fresh(const P& pos, const char* when) {
  BOOST_REQUIRE_MESSAGE(pos.key() == zobrist_key(pos.state()), when << ": incremental key differs in " << pos.fen());
}

}  // namespace

BOOST_AUTO_TEST_CASE(from_scratch_key_of_the_start_position_is_polyglots) {
  BOOST_TEST(zobrist_key(parse_fen(START_FEN)) == 0x463b96181691fc9cu);
}

BOOST_AUTO_TEST_CASE(en_passant_file_counts_only_with_a_capturing_pawn_beside) {
  // After 1.e4 no black pawn stands beside e4: the key is the one without an en passant square.
  BOOST_TEST(zobrist_key(parse_fen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1")) ==
             zobrist_key(parse_fen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1")));
  // A black pawn on d4 beside e4 makes it count, even pinned (Polyglot does not test legality).
  BOOST_TEST(zobrist_key(parse_fen("4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1")) !=
             zobrist_key(parse_fen("4k3/8/8/8/3pP3/8/8/4K3 b - - 0 1")));
  // A white pawn beside does not: it is not black's to take with.
  BOOST_TEST(zobrist_key(parse_fen("4k3/8/8/8/3PP3/8/8/4K3 b - e3 0 1")) ==
             zobrist_key(parse_fen("4k3/8/8/8/3PP3/8/8/4K3 b - - 0 1")));
}

BOOST_AUTO_TEST_CASE_TEMPLATE(polyglot_test_vectors, P, Generators) {
  for (const Vector& v : POLYGLOT_VECTORS) {
    P pos = P::from_fen(START_FEN);
    std::vector<Move> played;
    for (const std::string& text : v.moves) {
      played.push_back(parse_uci_move(pos, text));
      pos.make_move(played.back());
    }
    BOOST_TEST(pos.key() == v.key, "after " << v.moves.size() << " moves: " << pos.fen());
    BOOST_TEST(zobrist_key(pos.state()) == v.key, "from scratch: " << pos.fen());
    for (auto m = played.rbegin(); m != played.rend(); ++m) pos.unmake_move(*m);
    BOOST_TEST(pos.key() == 0x463b96181691fc9cu);
  }
}

BOOST_AUTO_TEST_CASE_TEMPLATE(incremental_key_equals_key_from_scratch_over_random_games, P, Generators) {
  std::mt19937_64 rng(14);
  const int plies = test::quick_tests() ? 12 : 60;
  for (const EpdEntry& e : load_epd(MOVEGEN_SOURCE_DIR "/tests/data/perft.epd")) {
    P pos = P::from_fen(e.fen);
    require_key_fresh(pos, "from_fen");
    std::vector<Move> played;
    for (int ply = 0; ply < plies; ++ply) {
      MoveList moves;
      pos.generate_legal(moves);
      require_key_fresh(pos, "generate_legal");
      if (moves.empty()) break;
      // Every move of the node is made and unmade, then one of them kept.
      for (Move m : moves) {
        pos.make_move(m);
        require_key_fresh(pos, "make_move");
        pos.unmake_move(m);
        require_key_fresh(pos, "unmake_move");
      }
      played.push_back(moves[rng() % moves.size()]);
      pos.make_move(played.back());
    }
    for (auto m = played.rbegin(); m != played.rend(); ++m) {
      pos.unmake_move(*m);
      require_key_fresh(pos, "unmake_move");
    }
    BOOST_TEST(pos.key() == zobrist_key(parse_fen(e.fen)));
  }
}

// Hash perft's lock (common/parallel_perft.hpp) is kept from move to move by key_change with LOCK_NUMBERS:
// over random games from every suite position, each child's lock so kept equals its lock from scratch, and
// the lock is not the Polyglot key (the two sets of numbers are drawn apart).
BOOST_AUTO_TEST_CASE_TEMPLATE(lock_kept_by_key_change_equals_lock_from_scratch_over_random_games, P, Generators) {
  BOOST_TEST(zobrist_key(parse_fen(START_FEN), LOCK_NUMBERS) != zobrist_key(parse_fen(START_FEN)));
  std::mt19937_64 rng(32);
  const int plies = test::quick_tests() ? 12 : 60;
  for (const EpdEntry& e : load_epd(MOVEGEN_SOURCE_DIR "/tests/data/perft.epd")) {
    P pos = P::from_fen(e.fen);
    Key lock = zobrist_key(pos.state(), LOCK_NUMBERS);
    for (int ply = 0; ply < plies; ++ply) {
      MoveList moves;
      pos.generate_legal(moves);
      if (moves.empty()) break;
      for (Move m : moves) {
        const Key child = lock ^ key_change(pos, m, LOCK_NUMBERS);
        pos.make_move(m);
        BOOST_REQUIRE_MESSAGE(child == zobrist_key(pos.state(), LOCK_NUMBERS),
                              "lock kept over " << to_uci(m) << " differs in " << pos.fen());
        pos.unmake_move(m);
      }
      const Move kept = moves[rng() % moves.size()];
      lock ^= key_change(pos, kept, LOCK_NUMBERS);
      pos.make_move(kept);
    }
  }
}

BOOST_AUTO_TEST_CASE(every_generator_gives_the_same_key_over_random_games) {
  std::mt19937_64 rng(1414);
  const int plies = test::quick_tests() ? 20 : 100;
  for (const EpdEntry& e : load_epd(MOVEGEN_SOURCE_DIR "/tests/data/perft.epd")) {
    auto a = MtuPosition<mailbox::Position>::from_fen(e.fen);
    auto others = harness::with_all_generators([&]<ChessPosition... Ps>() {
      return harness::AllPositions{Ps::from_fen(e.fen)...};
    });
    for (int ply = 0; ply < plies; ++ply) {
      std::apply(
          [&](auto&... pos) { BOOST_REQUIRE_MESSAGE(((a.key() == pos.key()) && ...), "keys differ in " << a.fen()); },
          others);
      MoveList moves;
      a.generate_legal(moves);
      if (moves.empty()) break;
      const Move m = moves[rng() % moves.size()];
      a.make_move(m);
      std::apply([&](auto&... pos) { (pos.make_move(m), ...); }, others);
    }
  }
}
