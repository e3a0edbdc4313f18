// movegen-mpi (mpi/): under mpirun with two ranks and on its own, it prints exactly what `movegen perft`
// prints; a run killed part-way resumes from its checkpoint to the same divide; bad input is one line on
// stderr and exit code 2.
#include <signal.h>
#include <sys/file.h>

#include <boost/test/unit_test.hpp>
#include <chrono>
#include <nlohmann/json.hpp>
#include <regex>
#include <thread>

#include "common/fen.hpp"
#include "harness/perft/perft_checkpoint.hpp"
#include "tests/quick.hpp"
#include "tests/run_cli.hpp"

using namespace movegen::test;

namespace {

// Open MPI refuses to start as root unless told twice, and will not start two ranks on a one-core machine
// unless told it may oversubscribe; MPICH ignores these. Set here, so that the test runs alike from CTest
// and by hand.
struct MpiEnvironment {
  MpiEnvironment() {
    setenv("OMPI_ALLOW_RUN_AS_ROOT", "1", 0);
    setenv("OMPI_ALLOW_RUN_AS_ROOT_CONFIRM", "1", 0);
    setenv("OMPI_MCA_rmaps_base_oversubscribe", "1", 0);
    // Open MPI leaves its own allocations to the end of the process, some in plugins unloaded by then that
    // no LeakSanitizer suppression can name: under the sanitizers the programs this test starts run without
    // the leak check (every other check stays on; the harness's leaks are checked by the other tests).
    if (const char* asan = std::getenv("ASAN_OPTIONS"))
      setenv("ASAN_OPTIONS", (std::string(asan) + ":detect_leaks=0").c_str(), 1);
  }
};
BOOST_TEST_GLOBAL_FIXTURE(MpiEnvironment);

const std::string KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

// `mpirun -n RANKS movegen-mpi perft args...`.
Run mpi_perft(int ranks, const std::vector<std::string>& args) {
  std::vector<std::string> words{MPIEXEC, "-n", std::to_string(ranks), MOVEGEN_MPI_BINARY, "perft"};
  words.insert(words.end(), args.begin(), args.end());
  return run_program(words);
}

// `movegen-mpi perft args...` started on its own: one rank, and no mpirun lines on stderr.
Run lone_perft(const std::vector<std::string>& args) {
  std::vector<std::string> words{MOVEGEN_MPI_BINARY, "perft"};
  words.insert(words.end(), args.begin(), args.end());
  return run_program(words);
}

// The number of subtree records in a checkpoint file.
int records_in(const std::string& path) {
  const std::string text = slurp(path);
  int records = 0;
  for (std::size_t at = text.find("\ndone "); at != std::string::npos; at = text.find("\ndone ", at + 1)) ++records;
  return records;
}

// True once no process holds the checkpoint's lock (the ranks of a killed job are gone), waiting up to 10 s.
bool unlocked(const std::string& path) {
  for (int i = 0; i < 1000; ++i) {
    const int fd = ::open(path.c_str(), O_RDONLY);
    const bool free = fd >= 0 && ::flock(fd, LOCK_EX | LOCK_NB) == 0;
    if (fd >= 0) ::close(fd);
    if (free) return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  return false;
}

// A JSON report without its timing fields, which differ from run to run.
nlohmann::json without_timing(const std::string& text) {
  nlohmann::json doc = nlohmann::json::parse(text);
  doc.erase("seconds");
  doc.erase("mnps");
  return doc;
}

// Arguments as one line for a test's context.
std::string fmt_args(const std::vector<std::string>& args) {
  std::string line;
  for (const std::string& a : args) line += (line.empty() ? "" : " ") + a;
  return line;
}

}  // namespace

BOOST_AUTO_TEST_CASE(two_ranks_print_what_movegen_perft_prints) {
  struct Case {
    std::vector<std::string> perft_args, split;  // perft's arguments; --split-depth S or nothing
  };
  const std::string deep = quick_tests() ? "4" : "5";
  const std::vector<Case> cases = {
      {{"--generator", "bitboard-tuned", deep}, {}},
      {{"--generator", "mailbox-masks", "--fen", KIWIPETE, "3"}, {"--split-depth", "1"}},
      {{"--generator", "bitboard-mtu", "--moves", "e2e4", "e7e5", "--no-bulk", "3"}, {"--split-depth", "3"}},
      {{"--generator", "mailbox", "--fen", "8/8/8/r2Pp2K/8/8/4k3/8 w - e6 0 1", "4"}, {}},    // en passant, pin
      {{"--fen", "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3", "2"}, {}},  // mated
      {{"1"}, {}},
      {{"0"}, {}},
      {{"--json", "--generator", "bitboard-tuned", "--fen", KIWIPETE, "3"}, {"--split-depth", "2"}},
  };
  for (const Case& c : cases) {
    std::vector<std::string> perft_args{"perft"}, mpi_args = c.split;
    perft_args.insert(perft_args.end(), c.perft_args.begin(), c.perft_args.end());
    mpi_args.insert(mpi_args.end(), c.perft_args.begin(), c.perft_args.end());
    BOOST_TEST_CONTEXT(fmt_args(mpi_args)) {
      const Run expected = run_cli(perft_args);
      BOOST_REQUIRE(expected.code == 0);
      const Run got = mpi_perft(2, mpi_args);
      BOOST_TEST(got.code == 0, got.err);
      if (c.perft_args.front() == "--json")
        BOOST_TEST(without_timing(got.out) == without_timing(expected.out));
      else
        BOOST_TEST(got.out == expected.out);
      BOOST_TEST(got.err.find("movegen-mpi: 2 rank(s)") != std::string::npos, got.err);
    }
  }
}

BOOST_AUTO_TEST_CASE(one_rank_does_the_work_itself) {
  const Run expected = run_cli({"perft", "--generator", "bitboard-tuned", "--fen", KIWIPETE, "3"});
  for (const Run& got : {mpi_perft(1, {"--generator", "bitboard-tuned", "--fen", KIWIPETE, "3"}),
                         lone_perft({"--generator", "bitboard-tuned", "--fen", KIWIPETE, "3"})}) {
    BOOST_TEST(got.code == 0, got.err);
    BOOST_TEST(got.out == expected.out);
    BOOST_TEST(got.err.find("movegen-mpi: 1 rank(s), split depth 2: ") != std::string::npos, got.err);
  }
}

// The test-only --test-kill-after N makes rank 0 kill itself (SIGKILL) once N records are on disk, as a job
// whose time is up: the resumed run reads them, counts the rest and prints the divide of `movegen perft`.
BOOST_AUTO_TEST_CASE(a_run_killed_after_some_subtrees_resumes_to_the_same_divide) {
  const std::string checkpoint = (scratch().dir / "killed.checkpoint").string();
  const std::string depth = quick_tests() ? "3" : "4";
  const std::vector<std::string> args = {"--generator", "mailbox-masks", "--fen",    KIWIPETE, "--split-depth",
                                         "2",           "--checkpoint",  checkpoint, depth};
  const Run expected = run_cli({"perft", "--generator", "mailbox-masks", "--fen", KIWIPETE, depth});
  std::vector<std::string> killed_args = args;
  killed_args.insert(killed_args.begin(), {"--test-kill-after", "40"});
  const Run killed = mpi_perft(2, killed_args);
  BOOST_TEST(killed.code != 0);
  BOOST_TEST(killed.out == "");
  const int recorded = records_in(checkpoint);
  BOOST_TEST(recorded == 40);  // exactly: the writer stops at the kill, however far the counting ran ahead
  BOOST_REQUIRE(unlocked(checkpoint));
  const Run resumed = mpi_perft(2, args);
  BOOST_TEST(resumed.code == 0, resumed.err);
  BOOST_TEST(resumed.out == expected.out);
  std::smatch counts;  // "N subtrees, R of them from the checkpoint"
  BOOST_REQUIRE(std::regex_search(resumed.err, counts, std::regex("(\\d+) subtrees, (\\d+) of them")));
  BOOST_TEST(std::stoi(counts[2]) == recorded);
  BOOST_TEST(recorded < std::stoi(counts[1]), "the run was not stopped part-way: " << recorded << " records");
  // A finished checkpoint answers at once with the same report, and one rank may resume what two began.
  const Run again = lone_perft(args);
  BOOST_TEST(again.out == expected.out);
  BOOST_TEST(again.err.find(counts.str(1) + " subtrees, " + counts.str(1) + " of them") != std::string::npos,
             again.err);
}

// mpirun itself killed (SIGKILL) while its ranks count: they die with it, and the checkpoint resumes.
BOOST_AUTO_TEST_CASE(mpirun_killed_mid_run_leaves_a_checkpoint_that_resumes) {
  const std::string checkpoint = (scratch().dir / "sigkill.checkpoint").string();
  const std::string depth = quick_tests() ? "5" : "6";
  const std::vector<std::string> args = {"--generator",  "bitboard-tuned", "--no-bulk",
                                         "--checkpoint", checkpoint,       depth};
  const pid_t mpirun = fork();
  if (mpirun == 0) {
    const int null = ::open("/dev/null", O_WRONLY);
    dup2(null, STDOUT_FILENO);
    dup2(null, STDERR_FILENO);
    std::vector<std::string> words{MPIEXEC, "-n", "2", MOVEGEN_MPI_BINARY, "perft"};
    words.insert(words.end(), args.begin(), args.end());
    std::vector<char*> argv;
    for (std::string& w : words) argv.push_back(w.data());
    argv.push_back(nullptr);
    execvp(argv[0], argv.data());
    _exit(127);
  }
  for (int i = 0; i < 3000 && records_in(checkpoint) < 20; ++i)
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
  kill(mpirun, SIGKILL);
  int status = 0;
  waitpid(mpirun, &status, 0);
  const int recorded = records_in(checkpoint);
  BOOST_TEST(recorded >= 20);
  BOOST_TEST(recorded < 5362, "the run was not stopped part-way");
  BOOST_REQUIRE_MESSAGE(unlocked(checkpoint), "a rank of the killed job still holds the checkpoint");
  const Run resumed = mpi_perft(2, args);
  BOOST_TEST(resumed.code == 0, resumed.err);
  BOOST_TEST(resumed.out == run_cli({"perft", "--generator", "bitboard-tuned", depth}).out);
}

// Bad input, with the program on its own so that stderr holds only its line: exit 2, nothing on stdout.
BOOST_AUTO_TEST_CASE(bad_input_is_one_line_and_exit_code_2) {
  const std::string other = scratch().file("other.checkpoint", "movegen-mpi checkpoint 1\ngenerator bitboard-mtu\n");
  const std::string notes = scratch().file("notes.txt", "my notes\n");
  const std::string header = movegen::harness::checkpoint_header({.generator = "bitboard-tuned",
                                                                  .fen = std::string(movegen::START_FEN),
                                                                  .moves = {},
                                                                  .depth = 3,
                                                                  .split_depth = 2,
                                                                  .subtrees = 400});
  const std::string corrupt = scratch().file("corrupt.checkpoint", header + "done 1 2\n");
  const std::string cut = scratch().file("cut.checkpoint", header + "done 1 2");
  const std::vector<std::pair<std::vector<std::string>, std::string>> cases = {
      {{"--split-depth", "0", "5"}, "--split-depth: 0 is outside 1..5"},
      {{"--split-depth", "6", "5"}, "--split-depth: 6 is outside 1..5"},
      {{"--split-depth", "4", "3"}, "bad --split-depth: 4 is outside 1..3 (at most the depth, 3, and at most 5)"},
      {{"--split-depth", "1", "0"}, "bad --split-depth: 1 is outside 1..0"},
      {{"--split-depth", "x", "3"}, "--split-depth: 'x' is not a whole number"},
      {{"16"}, "depth: 16 is outside 0..15"},
      {{"--generator", "quantum", "3"}, "quantum"},
      {{"--fen", "8/8/8/8/8/8/8/8 w - - 0 1", "3"}, "bad FEN piece placement"},
      {{"--moves", "e2e5", "3"}, "bad move 'e2e5': not a legal move"},
      {{"--moves", "e2e5", "0"}, "bad move 'e2e5': not a legal move"},
      {{"--checkpoint", other, "3"},
       "line 2: of another run: it has 'generator bitboard-mtu', this run has 'generator bitboard-tuned'"},
      {{"--checkpoint", notes, "3"}, "line 1: not a movegen-mpi checkpoint"},
      {{"--checkpoint", corrupt, "3"}, "line 8: corrupt: expected 'done SUBTREE NODES CHECKSUM FEN'"},
      {{"--checkpoint", cut, "3"}, "line 8: truncated: no newline at its end"},
      {{"--checkpoint", scratch().dir.string(), "3"}, "cannot open"},
      {{"--frobnicate", "3"}, "--frobnicate"},
      {{}, "depth"},
  };
  for (const auto& [args, problem] : cases) {
    BOOST_TEST_CONTEXT(fmt_args(args)) {
      const Run r = lone_perft(args);
      BOOST_TEST(r.code == 2);
      BOOST_TEST(r.out == "");
      BOOST_TEST(std::count(r.err.begin(), r.err.end(), '\n') == 1, r.err);
      BOOST_TEST(r.err.rfind("movegen-mpi: ", 0) == 0, r.err);
      BOOST_TEST(r.err.find(problem) != std::string::npos, r.err << " lacks: " << problem);
    }
  }
  BOOST_TEST(slurp(notes) == "my notes\n", "a file that is no checkpoint was changed");
  const Run two = mpi_perft(2, {"--checkpoint", notes, "3"});  // every rank exits 2, rank 0 says why
  BOOST_TEST(two.code == 2);
  BOOST_TEST(two.out == "");
  BOOST_TEST(two.err.find("movegen-mpi: checkpoint") != std::string::npos, two.err);
}
