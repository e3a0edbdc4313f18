// movegen fuzz: random games cross-check the built-in generators; flip() gives the colour-flipped twin.
#include "harness/fuzz.hpp"

#include <boost/test/unit_test.hpp>
#include <set>
#include <sstream>

#include "common/flip.hpp"
#include "tests/broken_generators.hpp"
#include "tests/quick.hpp"

using namespace movegen;
using namespace movegen::harness;
using namespace movegen::testing;

namespace {

/// Black knights never make the jump two ranks up and one file right: a bug only colour flipping sees
/// when both sides of the comparison share it.
struct BlackKnightBlindSpot {
  static void generate_legal(mailbox::Position& pos, MoveList& list) {
    MoveList legal;
    pos.generate_legal(legal);
    for (Move m : legal)
      if (pos.piece_on(m.from()) != B_KNIGHT || m.to() - m.from() != 17) list.push_back(m);
  }
};

FuzzOptions fuzz_options(int games, int plies) {
  FuzzOptions options;
  options.games = games, options.plies = plies, options.seed = 20240601;
  return options;
}

}  // namespace

BOOST_AUTO_TEST_CASE(flip_mirrors_the_board_and_swaps_colours_side_castling_and_en_passant) {
  const BoardState s = parse_fen("r3k2r/8/8/3pP3/8/8/8/R3K2R w Kq d6 0 1");
  BOOST_TEST(to_fen(flip(s)) == "r3k2r/8/8/8/3Pp3/8/8/R3K2R b Qk d3 0 1");
  BOOST_TEST((flip(flip(s)) == s));
  BOOST_TEST(to_fen(flip(parse_fen(START_FEN))) == "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1");
}

BOOST_AUTO_TEST_CASE(fixed_seed_fuzz_checks_over_100000_positions_without_a_mismatch) {
  // Under the sanitizers (MOVEGEN_TEST_QUICK=1) a tenth of the games: all of them take over 6 minutes there.
  const bool quick = test::quick_tests();
  std::ostringstream out, err;
  BOOST_TEST(run_fuzz(fuzz_options(quick ? 54 : 540, 200), out, err) == 0, out.str());
  std::istringstream report(out.str().substr(out.str().find(": ") + 2));
  std::uint64_t positions = 0;
  report >> positions;
  BOOST_TEST(positions >= (quick ? 10000u : 100000u), out.str());
  BOOST_TEST(out.str().find("no mismatch") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(fuzz_finds_a_missing_en_passant_and_says_how_to_replay_it) {
  FuzzOptions options = fuzz_options(200, 200);
  options.flip_depth = 0;  // else the flip check can see the en passant one ply earlier
  const FuzzRun run =
      fuzz_games<mailbox::Position, BrokenPosition<DropEnPassant>>(options, nullptr, {"mailbox", "broken"});
  BOOST_REQUIRE(run.divergence);
  const Divergence& d = *run.divergence;
  BOOST_TEST(d.path.size() == std::size_t(run.ply));
  BOOST_TEST(d.only_b.empty());
  BOOST_REQUIRE(d.only_a.size() >= 1u);
  auto pos = position_after<mailbox::Position>(d.root_fen, d.path);
  BOOST_TEST(pos.fen() == d.fen);
  BOOST_TEST(parse_uci_move(pos, d.only_a.front()).flag() == EN_PASSANT);

  // Replaying the reported game alone reaches the same ply.
  FuzzOptions replay = options;
  replay.games = 1, replay.plies = run.ply, replay.first_game = run.game;
  const FuzzRun again =
      fuzz_games<mailbox::Position, BrokenPosition<DropEnPassant>>(replay, nullptr, {"mailbox", "broken"});
  BOOST_REQUIRE(again.divergence);
  BOOST_TEST(again.ply == run.ply);
  BOOST_TEST(again.divergence->fen == d.fen);
}

BOOST_AUTO_TEST_CASE(fuzz_flip_check_finds_a_bug_both_generators_share) {
  using Blind = BrokenPosition<BlackKnightBlindSpot>;
  FuzzOptions options = fuzz_options(20, 100);
  options.flip_every = 1;
  const FuzzRun run = fuzz_games<Blind, Blind>(options, nullptr, {"blind", "blind"});
  BOOST_REQUIRE(run.divergence);
  BOOST_TEST(run.divergence->detail.find("colour-flipped") != std::string::npos, run.divergence->detail);
}

BOOST_AUTO_TEST_CASE(fuzz_rejects_bad_options) {
  std::ostringstream out, err;
  FuzzOptions bad = fuzz_options(0, 10);
  BOOST_CHECK_THROW(run_fuzz(bad, out, err), UsageError);
  bad = fuzz_options(1, 10);
  bad.against = "nonsense";
  BOOST_CHECK_THROW(run_fuzz(bad, out, err), UsageError);
}

BOOST_AUTO_TEST_CASE(runs_with_different_seeds_share_no_game) {
  // Game g used to play with seed + g: --seed 1 and --seed 2 shared all games but one.
  std::set<std::uint64_t> seen;
  for (std::uint64_t seed : {1u, 2u, 3u})
    for (int game = 0; game < 1000; ++game) seen.insert(game_seed(seed, game));
  BOOST_TEST(seen.size() == 3000u);
  BOOST_TEST(game_seed(7, 5) == game_seed(7, 5));  // and reproducible
}

BOOST_AUTO_TEST_CASE(a_mismatch_with_against_replays_from_the_printed_options) {
  // The sample of --against is counted within each game, so the game alone replays it.
  BuiltinSource<BrokenPosition<DropEnPassant>> broken("broken");
  FuzzOptions options = fuzz_options(300, 120);
  options.flip_depth = 0, options.sample_every = 3, options.against_depth = 1;
  const FuzzRun run = fuzz_games<mailbox::Position, mailbox::Position>(options, &broken, {"mailbox", "mailbox"});
  BOOST_REQUIRE(run.divergence);
  BOOST_REQUIRE(run.game > 0);
  FuzzOptions replay = options;
  replay.games = 1, replay.first_game = run.game, replay.plies = run.ply;
  const FuzzRun again = fuzz_games<mailbox::Position, mailbox::Position>(replay, &broken, {"mailbox", "mailbox"});
  BOOST_REQUIRE(again.divergence);
  BOOST_TEST(again.ply == run.ply);
  BOOST_TEST(again.divergence->fen == run.divergence->fen);

  // The printed replay line names every option that shapes the games, quoted for a shell.
  options.against = "perftree:/opt/my engine/run --fast";
  const std::string line = replay_command(options, run.game, run.ply);
  BOOST_TEST(line == fmt::format("movegen fuzz --seed 20240601 --first-game {} --games 1 --plies {} --flip-depth 0 "
                                 "--flip-every 4 --against 'perftree:/opt/my engine/run --fast' --sample-every 3 "
                                 "--against-depth 1 --timeout 60",
                                 run.game, run.ply));
}
