// `movegen fuzz` run from the command line, as a user replays it: runs with different seeds share no game,
// and the replay line printed with a mismatch, pasted back, finds that mismatch again.
#include <sys/wait.h>

#include <boost/test/unit_test.hpp>
#include <cstdio>
#include <string>
#include <vector>

#include "common/fen.hpp"
#include "tests/run_cli.hpp"

using namespace movegen;
using movegen::test::run_cli;
using movegen::test::scratch;
using movegen::test::slurp;

namespace {

// The games a fuzz run with --against `program` played, one list of queries per game, from the queries
// the program was asked (every position with --against-every 1): each line is "FEN|MOVES", the game's
// start FEN and the moves played since, so a game begins where MOVES is empty.
std::vector<std::vector<std::string>> games_in_log(const std::string& log) {
  std::vector<std::vector<std::string>> games;
  std::size_t start = 0;
  for (std::size_t end; (end = log.find('\n', start)) != std::string::npos; start = end + 1) {
    const std::string query = log.substr(start, end - start);
    if (query.ends_with('|') || games.empty()) games.emplace_back();
    games.back().push_back(query);
  }
  return games;
}

// The line of `report` that starts with `prefix`, or "" if none does.
std::string line_starting(const std::string& report, const std::string& prefix) {
  const std::size_t at = report.find("\n" + prefix);
  if (at == std::string::npos) return "";
  return report.substr(at + 1, report.find('\n', at + 1) - at - 1);
}

// Runs `script` with /bin/sh, as a user pastes it; its exit code and stdout (stderr is not captured).
test::Run run_in_shell(const std::string& script) {
  const std::string path = scratch().script("pasted.sh", script);
  test::Run run;
  FILE* pipe = ::popen(("'" + path + "'").c_str(), "r");
  BOOST_TEST_REQUIRE(pipe != nullptr);
  char buf[4096];
  for (std::size_t n; (n = std::fread(buf, 1, sizeof buf, pipe)) > 0;) run.out.append(buf, n);
  const int status = ::pclose(pipe);
  run.code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  return run;
}

}  // namespace

BOOST_AUTO_TEST_CASE(runs_with_different_seeds_play_different_games) {
  // Game g used to be played with seed + g: --seed 1 and --seed 2 shared all games but one.
  std::vector<std::vector<std::string>> games[2];
  for (int run = 0; run < 2; ++run) {
    const std::string log = (scratch().dir / ("asked-" + std::to_string(run))).string();
    const std::string logger =
        scratch().script("logger-" + std::to_string(run) + ".sh",
                         "echo \"$2|$3\" >> '" + log + "'\nexec '" MOVEGEN_BINARY "' perftree \"$@\"");
    const test::Run r = run_cli({"fuzz", "--from", "--seed", std::to_string(run + 1), "--games", "3", "--plies", "6",
                                 "--flip-depth", "0", "--fen", std::string(START_FEN), "--against",
                                 "perftree:" + logger, "--against-every", "1", "--against-depth", "1"});
    BOOST_TEST_REQUIRE(r.code == 0, r.out << r.err);
    games[run] = games_in_log(slurp(log));
    BOOST_TEST_REQUIRE(games[run].size() == 3u);
  }
  for (const auto& game : games[0])
    for (const auto& other : games[1]) BOOST_TEST((game != other), "both seeds played " << game.back());
}

BOOST_AUTO_TEST_CASE(the_printed_replay_line_finds_the_mismatch_again) {
  // The replay line used to drop --against, and samples were counted across games, so that game alone
  // sampled other positions: pasted back, it found nothing.
  // The engine lets pinned pieces move: it accepts every legal move of the game it is given, and its
  // extra moves show wherever a pin arises.
  const std::string broken = std::string("perftree:") + BROKEN_ENGINE + " pin";
  const test::Run r = run_cli({"fuzz", "--from", "--seed", "3", "--games", "300", "--plies", "120", "--flip-depth", "0",
                               "--against", broken, "--against-every", "3", "--against-depth", "1"});
  BOOST_TEST_REQUIRE(r.code == 1, r.out << r.err);
  const std::string mismatch = line_starting(r.out, "MISMATCH in game ");
  BOOST_TEST_REQUIRE(mismatch.find("; replay: movegen fuzz ") != std::string::npos, r.out);
  BOOST_TEST(mismatch.find("MISMATCH in game 0 ") == std::string::npos, "game 0 would not show per-game sampling");

  // Pasted into a shell, with `movegen` standing for the binary under test.
  const std::string line = mismatch.substr(mismatch.find("replay: ") + 8);
  const test::Run again = run_in_shell("movegen() { '" MOVEGEN_BINARY "' \"$@\"; }\n" + line);
  BOOST_TEST(again.code == 1, again.out << again.err);
  BOOST_TEST(line_starting(again.out, "MISMATCH in game ").substr(0, mismatch.find(" (seed")) ==
             mismatch.substr(0, mismatch.find(" (seed")));
  BOOST_TEST(line_starting(again.out, "FEN there:") == line_starting(r.out, "FEN there:"));
  BOOST_TEST(!line_starting(r.out, "FEN there:").empty(), r.out);
}
