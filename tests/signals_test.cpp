// Ctrl-C, SIGTERM and a killed harness leave no external program running, and neither does a clean
// exit (a perftree program's own background children included). Processes are checked by PID.
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <boost/test/unit_test.hpp>
#include <chrono>
#include <string>
#include <thread>

#include "tests/run_cli.hpp"

using namespace movegen::test;

namespace {

// The PID a script wrote to `path`, waiting up to 5 s for it; 0 if none came.
pid_t pid_from(const std::string& path) {
  for (int i = 0; i < 500; ++i) {
    const std::string text = slurp(path);
    if (!text.empty() && text.back() == '\n') return pid_t(std::stol(text));
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  return 0;
}

// True if process `pid` has ended (gone, or a zombie no one reaped yet), waiting up to 2 s for it.
bool ended(pid_t pid) {
  for (int i = 0; i < 200; ++i) {
    const std::string stat = slurp("/proc/" + std::to_string(pid) + "/stat");
    const std::size_t close = stat.rfind(')');
    if (stat.empty() || (close != std::string::npos && stat.substr(close + 2, 1) == "Z")) return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  return false;
}

// Starts `movegen diff --depth 1 mailbox uci:ENGINE` where the engine writes its PID to `pid_file` and
// then hangs; returns movegen's PID once the engine is up.
std::pair<pid_t, pid_t> start_diff_with_hanging_engine(const std::string& name) {
  const std::string pid_file = (scratch().dir / (name + ".pid")).string();
  const std::string engine =
      scratch().script(name + ".sh", "read line\necho uciok\necho $$ > " + pid_file + "\nexec sleep 60");
  const pid_t harness = fork();
  if (harness == 0) {
    execl(MOVEGEN_BINARY, MOVEGEN_BINARY, "diff", "--depth", "1", "--timeout", "60", "mailbox",
          ("uci:" + engine).c_str(), static_cast<char*>(nullptr));
    _exit(127);
  }
  return {harness, pid_from(pid_file)};
}

int exit_code(pid_t pid) {
  int status = 0;
  waitpid(pid, &status, 0);
  return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

}  // namespace

BOOST_AUTO_TEST_CASE(sigint_and_sigterm_end_every_external_program) {
  for (const auto& [signal, code] : {std::pair{SIGINT, 130}, std::pair{SIGTERM, 143}}) {
    BOOST_TEST_CONTEXT("signal " << signal) {
      const auto [harness, engine] = start_diff_with_hanging_engine("engine" + std::to_string(signal));
      BOOST_REQUIRE(engine > 0);
      kill(harness, signal);
      BOOST_TEST(exit_code(harness) == code);
      BOOST_TEST(ended(engine), "engine " << engine << " still runs");
    }
  }
}

BOOST_AUTO_TEST_CASE(a_killed_harness_takes_its_engine_with_it) {
  const auto [harness, engine] = start_diff_with_hanging_engine("orphan");
  BOOST_REQUIRE(engine > 0);
  kill(harness, SIGKILL);
  BOOST_TEST(exit_code(harness) == 128 + SIGKILL);
  BOOST_TEST(ended(engine), "engine " << engine << " still runs");
}

BOOST_AUTO_TEST_CASE(a_clean_exit_leaves_no_background_child_running) {
  const std::string pid_file = (scratch().dir / "background.pid").string();
  const std::string program = scratch().script(
      "background.sh", "sleep 60 >/dev/null 2>&1 &\necho $! > " + pid_file + "\nprintf 'a2a3 1\\n\\n1\\n'");
  const Run r =
      run_cli({"diff", "--depth", "1", "--fen", "k7/8/8/8/8/8/P7/7K w - - 0 1", "mailbox", "perftree:" + program});
  BOOST_TEST(r.code == 1, r.err);  // the program misses the king's moves: a divergence, found and reported
  const pid_t background = pid_from(pid_file);
  BOOST_REQUIRE(background > 0);
  BOOST_TEST(ended(background), "background child " << background << " still runs");
}
