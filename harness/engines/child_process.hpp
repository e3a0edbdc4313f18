// An external program run as a child process, talked to through pipes, with a timeout on every read.
//
//   ChildProcess engine({"/usr/games/stockfish"}, std::chrono::seconds(10));
//   engine.write("uci\n");
//   while (auto line = engine.read_line()) if (*line == "uciok") break;   // throws ExternalError on timeout
//
// No shell is involved: the program and its arguments go to execvp, after a fork, as they are. The child
// runs in its own process group, so that killing it also kills anything it started (a shell script's
// `sleep`), and dies with the harness (PR_SET_PDEATHSIG).
#pragma once

#include <sys/types.h>

#include <chrono>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace movegen::harness {

/// An external generator that could not be started, died, hung past its timeout, or printed something
/// that is not its protocol. what() names the program, the problem and the start of what it printed.
class ExternalError : public std::runtime_error {
 public:
  explicit ExternalError(const std::string& what, std::string stderr_tail = "")
      : std::runtime_error(what), stderr_tail_(std::move(stderr_tail)) {}
  /// The last bytes (up to 4096) the program printed on stderr, as printed; "" if none.
  const std::string& stderr_tail() const { return stderr_tail_; }

 private:
  std::string stderr_tail_;
};

/// `text` cut to at most `limit` bytes, with newlines as \n and other bytes outside printable ASCII as
/// \xNN, in double quotes: safe to put in a one-line error message.
std::string escape_output(std::string_view text, std::size_t limit = 200);

/// `word` as a POSIX shell reads it back: as it is if it holds only letters, digits and -_./:=+,@%, else in
/// single quotes (a ' inside as '\'').
std::string shell_quote(std::string_view word);

/// `command` split into words as a POSIX shell splits them, without expansions: blanks separate, '...'
/// keeps everything, "..." keeps everything but \" \\ \$ \`, a backslash keeps the next character.
/// Throws UsageError for an unclosed quote.
std::vector<std::string> split_command(std::string_view command);

/// The words joined by spaces, each shell_quote'd: a command line that can be pasted.
std::string join_command(const std::vector<std::string>& argv);

/// Makes SIGINT, SIGTERM and SIGHUP end every child process group still running (SIGKILL), then the
/// program, with exit code 128 + the signal (130 for Ctrl-C, 143 for SIGTERM) and one line on stderr.
void end_children_on_signals();

/// The most bytes of stdout one reply may have: far more than an honest divide, a bound on garbage.
inline constexpr std::size_t MAX_REPLY_BYTES = 4 << 20;

class ChildProcess {
 public:
  /// Starts argv[0] (looked up in PATH if it has no slash) with argv[1..] as arguments; its stdin, stdout
  /// and stderr are pipes to us. It runs in its own process group and is killed if we die
  /// (PR_SET_PDEATHSIG). Messages name it `name`, or the whole command, shell-quoted, if `name` is empty.
  /// Throws ExternalError if argv is empty or the program cannot be started.
  ChildProcess(std::vector<std::string> argv, std::chrono::milliseconds timeout, std::string name = "");
  /// Kills the child's process group (what it left running in the background too) and reaps the child.
  ~ChildProcess();
  ChildProcess(const ChildProcess&) = delete;
  ChildProcess& operator=(const ChildProcess&) = delete;

  /// Starts the deadline of one reply: from now, reads and writes until the next start_reply may take
  /// `timeout` in all. `query` says what was asked, for the error if the deadline passes. The constructor
  /// starts the first one (for a handshake, or a program that answers once).
  void start_reply(std::string query);
  /// Sends text to the child's stdin, while reading what it prints. Throws ExternalError if the child has
  /// closed it (died) or does not read it all before the reply's deadline.
  void write(std::string_view text);
  /// Closes the child's stdin, as a program that reads to end of input expects.
  void close_stdin();
  /// The next line of stdout without its '\n' (or '\r\n'), or std::nullopt at end of output. Throws
  /// ExternalError if it does not arrive before the reply's deadline (see start_reply).
  std::optional<std::string> read_line();
  /// Waits for the child to exit (within the timeout), discarding what it prints but the log, and returns
  /// its exit status as text: "exit code 0",
  /// "killed by signal 11 (Segmentation fault)". Throws ExternalError on timeout.
  std::string wait_exit();
  /// True once wait_exit has seen the child exit with code 0.
  bool exited_cleanly() const { return clean_exit_; }

  /// The program for messages: `name`, or else the whole command, shell-quoted.
  const std::string& program() const { return program_; }
  /// What the child printed so far, escaped, for error messages: the start of stdout and the start of stderr
  /// (where a program names its error, before a stack trace).
  std::string printed() const;
  /// Forgets what the child printed so far, so that the next error shows its reply to the next request.
  void clear_log() { stdout_log_.clear(), stderr_log_.clear(), stderr_head_.clear(); }
  /// An ExternalError "PROGRAM: PROBLEM; it printed ...".
  ExternalError error(const std::string& problem) const;

 private:
  // "WHAT within N s to QUERY (--timeout raises the limit)".
  std::string late(const std::string& what) const;
  // Reads whatever is available on stdout or stderr, waiting until `deadline`; false on timeout.
  bool pump(std::chrono::steady_clock::time_point deadline);

  std::string program_;
  std::chrono::milliseconds timeout_;
  std::chrono::steady_clock::time_point deadline_;  // of the reply under way
  std::string query_;                               // what that reply answers, for messages
  std::size_t reply_bytes_ = 0;                     // stdout bytes read since start_reply
  pid_t pid_ = -1;
  int stdin_fd_ = -1, stdout_fd_ = -1, stderr_fd_ = -1;
  std::string pending_;      // stdout read but not yet returned as lines
  std::string stdout_log_;   // the first bytes of stdout, for error messages
  std::string stderr_log_;   // the last bytes of stderr, for ExternalError::stderr_tail
  std::string stderr_head_;  // the first bytes of stderr, for error messages
  bool reaped_ = false;
  bool clean_exit_ = false;
};

}  // namespace movegen::harness
