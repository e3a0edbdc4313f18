// movegen fuzz: random games cross-check the built-in generators; flip() gives the colour-flipped twin.
#include "harness/debugging/fuzz.hpp"

#include <algorithm>
#include <boost/test/unit_test.hpp>
#include <chrono>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>

#include "common/flip.hpp"
#include "harness/cli/debug_commands.hpp"
#include "harness/engines/child_process.hpp"
#include "tests/broken_generators.hpp"
#include "tests/quick.hpp"
#include "tests/run_cli.hpp"

using namespace movegen;
using namespace movegen::harness;
using namespace movegen::testing;

namespace {

/// Black knights never make the jump two ranks up and one file right: a bug only colour flipping sees
/// when both sides of the comparison share it.
struct BlackKnightBlindSpot {
  static void generate_legal(MtuPosition<mailbox::Position>& pos, MoveList& list) {
    MoveList legal;
    pos.generate_legal(legal);
    for (Move m : legal)
      if (pos.piece_on(m.from()) != B_KNIGHT || m.to() - m.from() != 17) list.push_back(m);
  }
};

/// The mailbox generator with its stages swapped: its legal moves are right, its captures are the quiet moves.
class StagesSwapped : public MtuPosition<mailbox::Position> {
 public:
  static StagesSwapped from_fen(std::string_view fen) {
    StagesSwapped pos;
    static_cast<MtuPosition<mailbox::Position>&>(pos) = MtuPosition<mailbox::Position>::from_fen(fen);
    return pos;
  }
  void generate_captures(MoveList& list) {
    movegen::generate_quiets(static_cast<MtuPosition<mailbox::Position>&>(*this), list);
  }
  void generate_quiets(MoveList& list) {
    movegen::generate_captures(static_cast<MtuPosition<mailbox::Position>&>(*this), list);
  }
};

/// The generator spec of tests/broken_engine with `bug`, through its UCI mode.
std::string uci_spec(const std::string& bug) { return "uci:" + shell_quote(BROKEN_ENGINE) + " --uci " + bug; }

/// The number before `word` in `text` ("403 positions checked" -> 403 for " positions checked"), or -1.
long long number_before(const std::string& text, const std::string& word) {
  const std::size_t end = text.find(word);
  if (end == std::string::npos) return -1;
  const std::size_t start = text.find_last_not_of("0123456789", end - 1) + 1;
  return std::stoll(text.substr(start, end - start));
}

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
  // Under the sanitizers (MOVEGEN_TEST_QUICK=1) a fortieth of the games: every generator on all of
  // them takes far longer than ctest's limit there, and 27 games took a minute.
  const bool quick = test::quick_tests();
  std::ostringstream out, err;
  BOOST_TEST(run_fuzz(fuzz_options(quick ? 14 : 540, 200), out, err) == 0, out.str());
  std::istringstream report(out.str().substr(out.str().find(": ") + 2));
  std::uint64_t positions = 0;
  report >> positions;
  BOOST_TEST(positions >= (quick ? 2500u : 100000u), out.str());
  BOOST_TEST(out.str().find("no mismatch") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(fuzz_finds_a_missing_en_passant_and_says_how_to_replay_it) {
  FuzzOptions options = fuzz_options(200, 200);
  options.flip_depth = 0;  // else the flip check can see the en passant one ply earlier
  const FuzzRun run = fuzz_games<MtuPosition<mailbox::Position>, BrokenPosition<DropEnPassant>>(options, nullptr,
                                                                                                {"mailbox", "broken"});
  BOOST_REQUIRE(run.divergence);
  const Divergence& d = *run.divergence;
  BOOST_TEST(d.path.size() == std::size_t(run.ply));
  BOOST_TEST(d.only_b.empty());
  BOOST_REQUIRE(d.only_a.size() >= 1u);
  auto pos = position_after<MtuPosition<mailbox::Position>>(d.root_fen, d.path);
  BOOST_TEST(pos.fen() == d.fen);
  BOOST_TEST(parse_uci_move(pos, d.only_a.front()).flag() == EN_PASSANT);

  // Replaying the reported game alone reaches the same ply.
  FuzzOptions replay = options;
  replay.games = 1, replay.plies = run.ply, replay.first_game = run.game;
  const FuzzRun again =
      fuzz_games<MtuPosition<mailbox::Position>, BrokenPosition<DropEnPassant>>(replay, nullptr, {"mailbox", "broken"});
  BOOST_REQUIRE(again.divergence);
  BOOST_TEST(again.ply == run.ply);
  BOOST_TEST(again.divergence->fen == d.fen);
}

BOOST_AUTO_TEST_CASE(fuzz_finds_wrong_stages_where_the_legal_moves_are_right) {
  const FuzzRun run =
      fuzz_games<MtuPosition<mailbox::Position>, StagesSwapped>(fuzz_options(1, 20), nullptr, {"mailbox", "swapped"});
  BOOST_REQUIRE(run.divergence);
  BOOST_TEST(run.divergence->detail.find("the stages of swapped: ") == 0u, run.divergence->detail);
  BOOST_TEST(run.divergence->detail.find("takes nothing") != std::string::npos, run.divergence->detail);
  BOOST_TEST(run.divergence->fen ==
             position_after<MtuPosition<mailbox::Position>>(run.divergence->root_fen, run.divergence->path).fen());
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
  const FuzzRun run = fuzz_games<MtuPosition<mailbox::Position>, MtuPosition<mailbox::Position>>(
      options, &broken, {"mailbox", "mailbox"});
  BOOST_REQUIRE(run.divergence);
  BOOST_REQUIRE(run.game > 0);
  FuzzOptions replay = options;
  replay.games = 1, replay.first_game = run.game, replay.plies = run.ply;
  const FuzzRun again = fuzz_games<MtuPosition<mailbox::Position>, MtuPosition<mailbox::Position>>(
      replay, &broken, {"mailbox", "mailbox"});
  BOOST_REQUIRE(again.divergence);
  BOOST_TEST(again.ply == run.ply);
  BOOST_TEST(again.divergence->fen == run.divergence->fen);

  // The printed replay line names every option that shapes the games, quoted for a shell.
  options.against = "perftree:/opt/my engine/run --fast";
  const std::string line = replay_command(options, run.game, run.ply, "8/8/8/8/8/8/8/K6k w - - 0 1");
  BOOST_TEST(line ==
             fmt::format("movegen fuzz --seed 20240601 --first-game {} --games 1 --plies {} --bias 50 --fen "
                         "'8/8/8/8/8/8/8/K6k w - - 0 1' --flip-depth 0 --flip-every 4 --against "
                         "'perftree:/opt/my engine/run --fast' --against-every 3 --against-depth 1 --timeout 60",
                         run.game, run.ply));
  // And how the engine is spoken to, when not by default.
  options.engine.perft_command = "perftsplit {depth}", options.engine.shredder_fen = true;
  BOOST_TEST(replay_command(options, run.game, run.ply, std::string(START_FEN))
                 .ends_with(" --timeout 60 --perft-command 'perftsplit {depth}' --shredder-fen"));
}

BOOST_AUTO_TEST_CASE(against_checks_every_position_and_counts_its_calls_apart) {
  // It used to check one position in 50 against the outside engine and count only our own positions.
  // --from: every ply of every game checked, 31 positions a game.
  const auto r = test::run_cli({"fuzz", "--from", "--games", "3", "--plies", "30", "--fen", std::string(START_FEN),
                                "--flip-depth", "0", "--against", "bitboard-tuned"});
  BOOST_TEST(r.code == 0, r.out << r.err);
  const long long ours = number_before(r.out, " positions in "), theirs = number_before(r.out, " positions checked at");
  BOOST_TEST(ours == 93);
  BOOST_TEST(theirs == ours, r.out);
  BOOST_TEST(number_before(r.out, " calls") >= theirs, r.out);
  const auto sampled =
      test::run_cli({"fuzz", "--from", "--games", "3", "--plies", "30", "--fen", std::string(START_FEN), "--flip-depth",
                     "0", "--against", "bitboard-tuned", "--against-every", "10"});
  // Counted from 0 in each game, so that its start position is always checked: plies 0, 10, 20 and 30.
  BOOST_TEST(number_before(sampled.out, " positions checked at") == 12, sampled.out);
}

BOOST_AUTO_TEST_CASE(an_en_passant_rank_pin_in_a_uci_engine_is_found_within_30_seconds) {
  const auto start = std::chrono::steady_clock::now();
  const auto r = test::run_cli({"fuzz", "--against", uci_spec("ep-rank-pin"), "--time", "30"});
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  BOOST_TEST(r.code == 1, r.out << r.err);
  BOOST_TEST(seconds < 30);
  // The move it reports only the engine plays: an en passant capture off the king's rank.
  const std::size_t at = r.out.find("FEN there:  ") + 12, only_b = r.out.find("only B:     ") + 12;
  const auto there = MtuPosition<mailbox::Position>::from_fen(r.out.substr(at, r.out.find('\n', at) - at));
  const std::string move = r.out.substr(only_b, 4);
  BOOST_TEST(parse_square(move.substr(2)) == there.ep_square(), r.out);
  BOOST_TEST(rank_of(parse_square(move.substr(0, 2))) == rank_of(there.king_square(there.side_to_move())), r.out);
}

BOOST_AUTO_TEST_CASE(an_engine_that_fails_mid_run_is_reported_with_the_game_the_position_and_a_replay) {
  // crash-seventh dies at a pawn on the seventh rank: the error names the game, its position and the query.
  const std::string fen = "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1";
  const auto r = test::run_cli({"fuzz", "--fen", fen, "--games", "1", "--plies", "2", "--against",
                                uci_spec("crash-seventh"), "--against-depth", "1", "--timeout", "10"});
  BOOST_TEST(r.code == 2, r.out << r.err);
  BOOST_TEST(r.err.find("(fuzz game 0 at ply 0, position " + fen) != std::string::npos, r.err);
  BOOST_TEST(r.err.find("go perft 1") != std::string::npos, r.err);
  BOOST_TEST(r.err.find("replay: movegen fuzz") != std::string::npos, r.err);
}

BOOST_AUTO_TEST_CASE(time_bounds_the_run_instead_of_games) {
  // Games of one position with two kings, for three seconds, so that even a sanitized build under load plays
  // far more than 100 (one second made it 98 under ASan beside two other tests, since fuzz checks every
  // generator's stages at every ply; thousands in Release).
  const auto r = test::run_cli(
      {"fuzz", "--time", "3", "--fen", "4k3/8/8/8/8/8/8/4K3 w - - 0 1", "--plies", "0", "--flip-depth", "0", "--json"});
  BOOST_TEST_REQUIRE(r.code == 0, r.out << r.err);
  const auto doc = nlohmann::json::parse(r.out);
  BOOST_TEST(doc["games"].get<int>() > 100);  // the default --games, which --time alone lifts
  BOOST_TEST(doc["seconds"].get<double>() >= 3.0);
  BOOST_TEST(doc["seconds"].get<double>() < 8.0);
  test::expect_bad_input({"fuzz", "--time", "-1"}, "--time");
  test::expect_bad_input({"fuzz", "--bias", "101"}, "--bias");
}

BOOST_AUTO_TEST_CASE(games_start_from_fen_or_from_an_epd_file_in_turn) {
  const std::string ep = "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1";
  const auto r = test::run_cli(
      {"fuzz", "--fen", ep, "--games", "1", "--plies", "0", "--against", uci_spec("en-passant"), "--json"});
  BOOST_TEST_REQUIRE(r.code == 1, r.out << r.err);
  const auto doc = nlohmann::json::parse(r.out);
  BOOST_TEST(doc["mismatch"]["start_fen"] == ep);
  BOOST_TEST(doc["mismatch"]["divergence"]["only_a"] == nlohmann::json::array({"e5d6"}));

  const std::string epd =
      test::scratch().file("starts.epd", "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1 ;D1 6\n" + ep + " ;D1 7\n");
  const auto turns =
      test::run_cli({"fuzz", "--epd", epd, "--games", "2", "--plies", "0", "--against", uci_spec("en-passant")});
  BOOST_TEST(turns.code == 1, turns.out << turns.err);
  BOOST_TEST(turns.out.find("MISMATCH in game 1 at ply 0") != std::string::npos, turns.out);
  BOOST_TEST(turns.out.find("--fen '" + ep + "'") != std::string::npos, turns.out);
}

BOOST_AUTO_TEST_CASE(the_printed_replay_line_reproduces_the_mismatch) {
  // ep-stale needs the game's moves (the engine keeps a square the FEN no longer has): the replay must
  // play the same game from the same start with the same options.
  const auto r = test::run_cli({"fuzz", "--against", uci_spec("ep-stale"), "--seed", "3", "--time", "20"});
  BOOST_TEST_REQUIRE(r.code == 1, r.out << r.err);
  const std::size_t at = r.out.find("replay: ") + 8;
  std::vector<std::string> words = split_command(r.out.substr(at, r.out.find('\n', at) - at));
  BOOST_TEST_REQUIRE(words.at(0) == "movegen");
  words.erase(words.begin());
  const auto again = test::run_cli(words);
  BOOST_TEST(again.code == 1, again.out << again.err);
  const std::string report = r.out.substr(r.out.find("\nA: ")), replayed = again.out.substr(again.out.find("\nA: "));
  BOOST_TEST(replayed == report);
}

BOOST_AUTO_TEST_CASE(bias_draws_from_the_bug_prone_moves) {
  auto pos = MtuPosition<mailbox::Position>::from_fen("r3k2r/1P6/8/3pP3/8/8/8/R3K2R w KQkq d6 0 1");
  BOOST_TEST(is_bug_prone(pos, parse_uci_move(pos, "e1g1")));   // castling
  BOOST_TEST(is_bug_prone(pos, parse_uci_move(pos, "e5d6")));   // en passant
  BOOST_TEST(is_bug_prone(pos, parse_uci_move(pos, "b7b8n")));  // promotion
  BOOST_TEST(is_bug_prone(pos, parse_uci_move(pos, "b7a8q")));  // capture
  BOOST_TEST(!is_bug_prone(pos, parse_uci_move(pos, "e1d2")));
  BOOST_TEST(!is_bug_prone(pos, parse_uci_move(pos, "e5e6")));
  auto rook = MtuPosition<mailbox::Position>::from_fen("4k3/8/8/8/8/8/8/R3K3 w Q - 0 1");
  BOOST_TEST(is_bug_prone(rook, parse_uci_move(rook, "a1a8")));  // check
  BOOST_TEST(!is_bug_prone(rook, parse_uci_move(rook, "a1a7")));
  MoveList moves;
  pos.generate_legal(moves);
  std::mt19937_64 biased(1), uniform(1), same(1);
  for (int i = 0; i < 50; ++i) {
    BOOST_TEST(is_bug_prone(pos, pick_move(pos, moves, 100, biased)));
    BOOST_TEST((pick_move(pos, moves, 0, uniform) == moves[same() % moves.size()]));
  }
}

BOOST_AUTO_TEST_CASE(fuzz_json_is_one_document_with_the_counts) {
  const auto r = test::run_cli({"fuzz", "--from", "--games", "2", "--plies", "5", "--json"});
  BOOST_TEST_REQUIRE(r.code == 0, r.out << r.err);
  const auto doc = nlohmann::json::parse(r.out);
  BOOST_TEST(doc["command"] == "fuzz");
  BOOST_TEST(doc["positions"].get<int>() == 12);  // with --from, 6 a game
  BOOST_TEST(doc["opening_plies"].get<int>() == 0);
  BOOST_TEST(doc["games"].get<int>() == 2);
  BOOST_TEST(doc["generators"].size() == movegen::harness::GENERATOR_COUNT);
  BOOST_TEST(doc["against"].is_null());
  BOOST_TEST(doc["mismatch"].is_null());
  test::expect_bad_input({"fuzz", "--json", "--games", "0"}, "--games");
}

namespace {

/// The correct mailbox generator, which records each position it is asked about afresh (a divide given no
/// moves: fuzz gives a game's start position, and then the FEN of its first checked position and the moves since).
class RecordingSource : public BuiltinSource<MtuPosition<mailbox::Position>> {
 public:
  RecordingSource() : BuiltinSource<MtuPosition<mailbox::Position>>("recording") {}
  std::vector<std::string> first_fens;

 protected:
  DivideResult run_divide(const std::string& fen, const std::vector<std::string>& moves, int depth) override {
    if (moves.empty()) first_fens.push_back(fen);
    return BuiltinSource<MtuPosition<mailbox::Position>>::run_divide(fen, moves, depth);
  }
};

/// The positions asked afresh in 20 games of 12 plies from the start position.
std::vector<std::string> first_checks(bool from_start) {
  FuzzOptions options;
  options.games = 20, options.plies = 12, options.flip_depth = 0, options.against_depth = 1;
  options.from_start = from_start;
  RecordingSource against;
  const FuzzRun run = fuzz_games<MtuPosition<mailbox::Position>, MtuPosition<mailbox::Position>>(
      options, &against, {"mailbox", "mailbox"});
  BOOST_TEST(!run.divergence);
  return against.first_fens;
}

}  // namespace

BOOST_AUTO_TEST_CASE(every_game_checks_its_start_position_then_plays_a_random_opening_unless_from) {
  const std::vector<std::string> from = first_checks(true), opened = first_checks(false);
  BOOST_REQUIRE(from.size() == 20u);
  for (const std::string& fen : from) BOOST_TEST(fen == START_FEN);  // --from: checked from the start position
  // Each game asks its start position first (a bug at a suite position is found in the game that starts
  // there), then the position after its opening of 0..8 random plies: those vary, and none is deeper.
  BOOST_TEST(std::count(opened.begin(), opened.end(), std::string(START_FEN)) >= 20);
  BOOST_REQUIRE(opened.size() <= 40u);
  const std::set<std::string> distinct(opened.begin(), opened.end());
  BOOST_TEST(distinct.size() >= 10u);
  for (const std::string& fen : opened) BOOST_TEST(parse_fen(fen).fullmove_number <= 1 + OPENING_PLIES / 2, fen);
}

BOOST_AUTO_TEST_CASE(keep_going_reports_each_cause_once_and_ignore_sets_one_aside) {
  // castle-landing-only castles through attacked squares and out of check: two causes, each at many positions
  // of the suite. Without --keep-going the run stops at the first; with it each cause is reported once.
  const auto with = [](std::vector<std::string> more) {
    std::vector<std::string> words = {"fuzz", "--against", uci_spec("castle-landing-only")};
    for (const char* word : {"--games", "184", "--plies", "2", "--against-depth", "1", "--flip-depth", "0"})
      words.push_back(word);
    words.insert(words.end(), more.begin(), more.end());
    return test::run_cli(words);
  };
  const std::string through = "castling through an attacked square", out_of_check = "castling out of check";
  const auto first = with({});
  BOOST_TEST(first.code == 1, first.out << first.err);
  BOOST_TEST(number_before(first.out, " games checked") < 184, first.out);

  const auto all = with({"--keep-going"});
  BOOST_TEST_REQUIRE(all.code == 1, all.out << all.err);
  BOOST_TEST(number_before(all.out, " games checked") == 184, all.out);
  for (const std::string& cause : {through, out_of_check}) {
    const std::string heading = "\n" + cause + ": shortest example, game ";
    BOOST_TEST(all.out.find(heading) != std::string::npos, all.out);
    BOOST_TEST(all.out.find(heading) == all.out.rfind(heading), all.out);  // once
    // Its shortest example is at a game's start: no move played, none descended into.
    const std::size_t path = all.out.find("move path:  ", all.out.find(heading));
    BOOST_TEST(all.out.substr(path, 37) == "move path:  (none: the root position)", all.out);
  }
  BOOST_TEST(all.out.find("2 causes") != std::string::npos, all.out);

  const auto one = with({"--keep-going", "--ignore", out_of_check});
  BOOST_TEST(one.code == 1, one.out << one.err);
  BOOST_TEST(one.out.find(out_of_check + ": shortest") == std::string::npos, one.out);
  BOOST_TEST(one.out.find(through + ": shortest") != std::string::npos, one.out);
  BOOST_TEST(one.out.find("ignored") != std::string::npos, one.out);

  const auto none = with({"--ignore", out_of_check, "--ignore", through, "--json"});
  BOOST_TEST_REQUIRE(none.code == 0, none.out << none.err);
  const auto doc = nlohmann::json::parse(none.out);
  BOOST_TEST(doc["mismatch"].is_null());
  BOOST_TEST(doc["ignored"].get<int>() > 0);
  BOOST_TEST(doc["games"].get<int>() == 184);
  test::expect_bad_input({"fuzz", "--ignore", ""}, "--ignore");
}
