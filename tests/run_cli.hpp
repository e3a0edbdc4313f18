// Running the built `movegen` binary (MOVEGEN_BINARY) from a test, with its output captured.
//
//   const Run r = run_cli({"perft", "3"});            // r.code == 0, r.out ends "Nodes searched: 8902\n"
//   expect_bad_input({"perft", "-1"}, "bad depth");   // exit 2, nothing on stdout, one line on stderr
#pragma once

#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <boost/test/unit_test.hpp>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

extern char** environ;

namespace movegen::test {

/// A scratch folder for files and captured output, unique to this process, removed at exit.
struct Scratch {
  std::filesystem::path dir = std::filesystem::temp_directory_path() / ("movegen_test." + std::to_string(::getpid()));
  Scratch() { std::filesystem::create_directories(dir); }
  ~Scratch() { std::filesystem::remove_all(dir); }

  /// Writes `text` to a file called `name` in the folder and returns its path.
  std::string file(const std::string& name, const std::string& text) const {
    std::ofstream(dir / name, std::ios::binary) << text;
    return (dir / name).string();
  }
  /// Writes an executable shell script `name` with `body` after the #! line and returns its path.
  std::string script(const std::string& name, const std::string& body) const {
    const std::string path = file(name, "#!/bin/sh\n" + body + "\n");
    std::filesystem::permissions(path, std::filesystem::perms::owner_all);
    return path;
  }
};

/// The one scratch folder of this test program.
inline const Scratch& scratch() {
  static const Scratch s;
  return s;
}

/// The whole contents of a file, or "" if it cannot be read.
inline std::string slurp(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

/// How a run of movegen ended: its exit code (128 + signal if killed) and what it printed.
struct Run {
  int code = -1;
  std::string out, err;
};

/// Runs the program `argv[0]` with arguments `argv[1...]` and waits for it; stdout goes to `stdout_path`
/// (captured in Run::out unless a path is given, such as /dev/full), stderr is captured.
inline Run run_program(std::vector<std::string> words, const std::string& stdout_path = "") {
  const std::filesystem::path out = stdout_path.empty() ? scratch().dir / "stdout" : std::filesystem::path(stdout_path);
  const std::filesystem::path err = scratch().dir / "stderr";
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, out.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, err.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  std::vector<char*> argv;
  for (std::string& w : words) argv.push_back(w.data());
  argv.push_back(nullptr);
  pid_t pid = 0;
  const int spawned = posix_spawnp(&pid, argv[0], &actions, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  BOOST_TEST_REQUIRE(spawned == 0, "cannot run " << words[0]);
  int status = 0;
  waitpid(pid, &status, 0);
  Run result;
  result.code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  if (stdout_path.empty()) result.out = slurp(out);
  result.err = slurp(err);
  return result;
}

/// How many times `part` occurs in `text` (occurrences may overlap).
inline std::size_t occurrences(const std::string& text, const std::string& part) {
  std::size_t n = 0;
  for (std::size_t at = text.find(part); at != std::string::npos; at = text.find(part, at + 1)) ++n;
  return n;
}

/// The value of the line of a diff report (after its first line) that starts with `label` ("kind:"), spaces
/// after the label dropped; "" if no line starts so.
inline std::string report_field(const std::string& report, const std::string& label) {
  const std::size_t at = report.find("\n" + label);
  if (at == std::string::npos) return "";
  const std::size_t start = report.find_first_not_of(' ', at + 1 + label.size());
  return report.substr(start, report.find('\n', start) - start);
}

/// Runs `movegen args...` and waits for it, as run_program does.
inline Run run_cli(const std::vector<std::string>& args, const std::string& stdout_path = "") {
  std::vector<std::string> words{MOVEGEN_BINARY};
  words.insert(words.end(), args.begin(), args.end());
  return run_program(words, stdout_path);
}

/// `movegen args...` must exit 2 with nothing on stdout and one line on stderr that contains `problem`.
inline void expect_bad_input(const std::vector<std::string>& args, const std::string& problem) {
  std::string command = "movegen";
  for (const std::string& a : args) command += " '" + a + "'";
  BOOST_TEST_CONTEXT(command) {
    const Run r = run_cli(args);
    BOOST_TEST(r.code == 2);
    BOOST_TEST(r.out == "");
    BOOST_TEST(std::count(r.err.begin(), r.err.end(), '\n') == 1);
    BOOST_TEST((!r.err.empty() && r.err.back() == '\n'));
    BOOST_TEST(r.err.rfind("movegen: ", 0) == 0);
    BOOST_TEST(r.err.find(problem) != std::string::npos, "stderr: " << r.err << " lacks: " << problem);
  }
}

}  // namespace movegen::test
