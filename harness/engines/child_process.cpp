#include "harness/engines/child_process.hpp"

#include <fcntl.h>
#include <poll.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <thread>
#include <utility>

#include "harness/generators/generators.hpp"

namespace movegen::harness {

namespace {

// The process groups of the children alive now, for the signal handler: 0 marks a free slot.
constexpr int MAX_CHILDREN = 64;
volatile sig_atomic_t live_groups[MAX_CHILDREN] = {};

void remember_group(pid_t pid) {
  for (auto& slot : live_groups)
    if (slot == 0) return void(slot = pid);
}

void forget_group(pid_t pid) {
  for (auto& slot : live_groups)
    if (slot == pid) slot = 0;
}

extern "C" void end_children_and_exit(int signal) {
  for (auto& slot : live_groups)
    if (slot > 0) ::kill(-pid_t(slot), SIGKILL);
  const char* text = signal == SIGINT    ? "movegen: interrupted (SIGINT)\n"
                     : signal == SIGTERM ? "movegen: terminated (SIGTERM)\n"
                                         : "movegen: hung up (SIGHUP)\n";
  [[maybe_unused]] const ssize_t n = ::write(STDERR_FILENO, text, std::strlen(text));
  ::_exit(128 + signal);
}

constexpr std::size_t LOG_LIMIT = 4096;  // bytes of each stream kept for error messages

void append_limited(std::string& log, std::string_view text) {
  if (log.size() < LOG_LIMIT) log.append(text.substr(0, LOG_LIMIT - log.size()));
}

// Keeps the last LOG_LIMIT bytes: where a crashing program says what went wrong, after its trace.
void append_tail(std::string& log, std::string_view text) {
  log.append(text);
  if (log.size() > LOG_LIMIT) log.erase(0, log.size() - LOG_LIMIT);
}

std::string seconds_text(std::chrono::milliseconds ms) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%g s", ms.count() / 1000.0);
  return buf;
}

void close_fd(int& fd) {
  if (fd >= 0) ::close(fd);
  fd = -1;
}

}  // namespace

void end_children_on_signals() {
  struct sigaction action {};
  action.sa_handler = end_children_and_exit;
  sigfillset(&action.sa_mask);
  for (int signal : {SIGINT, SIGTERM, SIGHUP}) ::sigaction(signal, &action, nullptr);
}

std::string escape_output(std::string_view text, std::size_t limit) {
  std::string out = "\"";
  for (std::size_t i = 0; i < text.size() && i < limit; ++i) {
    const unsigned char c = static_cast<unsigned char>(text[i]);
    if (c == '\n') {
      out += "\\n";
    } else if (c == '"' || c == '\\') {
      out += '\\';
      out += char(c);
    } else if (c >= 0x20 && c < 0x7f) {
      out += char(c);
    } else {
      char buf[5];
      std::snprintf(buf, sizeof buf, "\\x%02X", c);
      out += buf;
    }
  }
  if (text.size() > limit) out += "...";
  return out + "\"";
}

std::string shell_quote(std::string_view word) {
  const bool plain = !word.empty() && word.find_first_not_of(
                                          "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
                                          "0123456789-_./:=+,@%") == std::string_view::npos;
  if (plain) return std::string(word);
  std::string quoted = "'";
  for (char c : word) quoted += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return quoted + "'";
}

std::vector<std::string> split_command(std::string_view command) {
  std::vector<std::string> parts;
  std::string word;
  bool in_word = false;
  char quote = 0;  // the quote we are inside, or 0
  for (std::size_t i = 0; i < command.size(); ++i) {
    const char c = command[i];
    if (quote == '\'') {
      if (c == '\'')
        quote = 0;
      else
        word += c;
    } else if (quote == '"') {
      if (c == '"')
        quote = 0;
      else if (c == '\\' && i + 1 < command.size() &&
               std::string_view("\"\\$`").find(command[i + 1]) != std::string_view::npos)
        word += command[++i];
      else
        word += c;
    } else if (c == ' ' || c == '\t') {
      if (in_word) parts.push_back(std::exchange(word, {}));
      in_word = false;
    } else {
      in_word = true;
      if (c == '\'' || c == '"')
        quote = c;
      else if (c == '\\' && i + 1 < command.size())
        word += command[++i];
      else
        word += c;
    }
  }
  if (quote) throw UsageError("bad command " + escape_output(command) + ": a " + quote + " quote is not closed");
  if (in_word) parts.push_back(word);
  return parts;
}

std::string join_command(const std::vector<std::string>& argv) {
  std::string out;
  for (const std::string& word : argv) {
    if (!out.empty()) out += ' ';
    out += shell_quote(word);
  }
  return out;
}

ChildProcess::ChildProcess(std::vector<std::string> argv, std::chrono::milliseconds timeout, std::string name)
    : timeout_(timeout) {
  if (argv.empty()) throw ExternalError("external generator: the command is empty");
  program_ = name.empty() ? join_command(argv) : std::move(name);
  int in[2], out[2], err[2];
  if (::pipe2(in, O_CLOEXEC) != 0) throw ExternalError(program_ + ": cannot create a pipe");
  if (::pipe2(out, O_CLOEXEC) != 0) {
    ::close(in[0]), ::close(in[1]);
    throw ExternalError(program_ + ": cannot create a pipe");
  }
  if (::pipe2(err, O_CLOEXEC) != 0) {
    ::close(in[0]), ::close(in[1]), ::close(out[0]), ::close(out[1]);
    throw ExternalError(program_ + ": cannot create a pipe");
  }
  std::vector<char*> args;
  for (std::string& a : argv) args.push_back(a.data());
  args.push_back(nullptr);
  // fork and exec rather than posix_spawn: only between the two can the child ask to die with us.
  int report[2];  // the child writes errno here if exec fails; close-on-exec, so a clean exec sends nothing
  if (::pipe2(report, O_CLOEXEC) != 0) report[0] = report[1] = -1;
  const pid_t parent = ::getpid();
  pid_ = ::fork();
  if (pid_ == 0) {
    ::setpgid(0, 0);  // its own process group, so that kill(-pid) reaches its children
    ::prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (::getppid() != parent) ::_exit(127);  // we died before prctl
    ::dup2(in[0], 0), ::dup2(out[1], 1), ::dup2(err[1], 2);
    ::signal(SIGPIPE, SIG_DFL);
    sigset_t none;
    sigemptyset(&none);
    ::sigprocmask(SIG_SETMASK, &none, nullptr);
    ::execvp(args[0], args.data());
    const int error = errno;
    [[maybe_unused]] const ssize_t n = ::write(report[1], &error, sizeof error);
    ::_exit(127);
  }
  int status = pid_ < 0 ? errno : 0;
  if (pid_ > 0) {
    ::setpgid(pid_, pid_);  // also here, so that the group exists before we might signal it
    remember_group(pid_);
    ::close(report[1]);
    int error = 0;
    if (::read(report[0], &error, sizeof error) == ssize_t(sizeof error)) status = error;
    ::close(report[0]);
    if (status != 0) {
      int ignored;
      ::waitpid(pid_, &ignored, 0);
      forget_group(pid_);
    }
  }
  ::close(in[0]), ::close(out[1]), ::close(err[1]);
  stdin_fd_ = in[1], stdout_fd_ = out[0], stderr_fd_ = err[0];
  ::fcntl(stdin_fd_, F_SETFL, O_NONBLOCK);  // a child that does not read must not block us past the deadline
  start_reply("");
  if (status != 0) {
    pid_ = -1;
    close_fd(stdin_fd_), close_fd(stdout_fd_), close_fd(stderr_fd_);
    throw ExternalError(program_ + ": cannot start it: " + std::strerror(status));
  }
}

ChildProcess::~ChildProcess() {
  close_fd(stdin_fd_), close_fd(stdout_fd_), close_fd(stderr_fd_);
  if (pid_ <= 0) return;
  ::kill(-pid_, SIGKILL);  // even after a clean exit: what the program left running in its group
  if (!reaped_) {
    ::kill(pid_, SIGKILL);
    int status;
    while (::waitpid(pid_, &status, 0) < 0 && errno == EINTR) {
    }
  }
  forget_group(pid_);
}

void ChildProcess::start_reply(std::string query) {
  deadline_ = std::chrono::steady_clock::now() + timeout_;
  query_ = std::move(query);
  reply_bytes_ = 0;
}

std::string ChildProcess::late(const std::string& what) const {
  return what + " within " + seconds_text(timeout_) + (query_.empty() ? "" : " to " + query_) +
         " (--timeout raises the limit)";
}

void ChildProcess::write(std::string_view text) {
  if (stdin_fd_ < 0) throw error("cannot write to its input: it is closed");
  // Block SIGPIPE while writing, so that a dead child gives EPIPE here instead of killing us.
  sigset_t pipe_set, old_set;
  sigemptyset(&pipe_set);
  sigaddset(&pipe_set, SIGPIPE);
  sigset_t pending;
  sigpending(&pending);
  const bool was_pending = sigismember(&pending, SIGPIPE);
  pthread_sigmask(SIG_BLOCK, &pipe_set, &old_set);
  int write_errno = 0;
  while (!text.empty()) {
    const ssize_t n = ::write(stdin_fd_, text.data(), text.size());
    if (n < 0 && errno == EINTR) continue;
    if (n < 0 && errno == EAGAIN) {  // the pipe is full: wait for room, reading its output meanwhile
      if (std::chrono::steady_clock::now() >= deadline_) {
        write_errno = ETIMEDOUT;
        break;
      }
      pollfd room{stdin_fd_, POLLOUT, 0};
      ::poll(&room, 1, 5);
      pump(std::chrono::steady_clock::now());
      continue;
    }
    if (n < 0) {
      write_errno = errno;
      break;
    }
    text.remove_prefix(std::size_t(n));
  }
  if (write_errno == EPIPE && !was_pending) {
    const timespec zero{0, 0};
    sigtimedwait(&pipe_set, nullptr, &zero);  // discard the SIGPIPE our write raised
  }
  pthread_sigmask(SIG_SETMASK, &old_set, nullptr);
  if (write_errno != 0) {
    pump(std::chrono::steady_clock::now() + std::chrono::milliseconds(50));
    if (write_errno == ETIMEDOUT) throw error(late("it did not read its input"));
    throw error(write_errno == EPIPE ? "it closed its input (did it exit?)"
                                     : std::string("cannot write to it: ") + std::strerror(write_errno));
  }
}

void ChildProcess::close_stdin() { close_fd(stdin_fd_); }

bool ChildProcess::pump(std::chrono::steady_clock::time_point deadline) {
  pollfd fds[2];
  int count = 0;
  for (int fd : {stdout_fd_, stderr_fd_})
    if (fd >= 0) fds[count++] = {fd, POLLIN, 0};
  if (count == 0) return true;
  const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
  const int ready = ::poll(fds, nfds_t(count), int(std::max<long long>(0, left.count())));
  if (ready < 0) return errno == EINTR;
  if (ready == 0) return false;
  for (int i = 0; i < count; ++i) {
    if (fds[i].revents == 0) continue;
    char buf[4096];
    const ssize_t n = ::read(fds[i].fd, buf, sizeof buf);
    if (n < 0 && errno == EINTR) continue;
    const bool is_stdout = fds[i].fd == stdout_fd_;
    if (n <= 0) {
      close_fd(is_stdout ? stdout_fd_ : stderr_fd_);
      continue;
    }
    const std::string_view chunk(buf, std::size_t(n));
    if (is_stdout) {
      pending_.append(chunk);
      reply_bytes_ += chunk.size();
      append_limited(stdout_log_, chunk);
    } else {
      append_tail(stderr_log_, chunk);
      append_limited(stderr_head_, chunk);
    }
  }
  return true;
}

std::optional<std::string> ChildProcess::read_line() {
  while (true) {
    if (const std::size_t end = pending_.find('\n'); end != std::string::npos) {
      std::string line = pending_.substr(0, end);
      pending_.erase(0, end + 1);
      if (!line.empty() && line.back() == '\r') line.pop_back();
      return line;
    }
    if (stdout_fd_ < 0) {
      if (pending_.empty()) return std::nullopt;
      return std::exchange(pending_, {});
    }
    if (pending_.size() > (1u << 20)) throw error("it printed over 1 MB without a line break");
    if (reply_bytes_ > MAX_REPLY_BYTES)
      throw error("its reply is longer than " + std::to_string(MAX_REPLY_BYTES) + " bytes");
    if (!pump(deadline_)) throw error(late("no complete reply"));
  }
}

std::string ChildProcess::wait_exit() {
  const auto deadline = std::chrono::steady_clock::now() + timeout_;
  int status = 0;
  while (true) {
    const pid_t r = ::waitpid(pid_, &status, WNOHANG);
    if (r == pid_) break;
    if (r < 0 && errno != EINTR) throw error("cannot wait for it: " + std::string(std::strerror(errno)));
    if (std::chrono::steady_clock::now() > deadline) throw error("it did not exit within " + seconds_text(timeout_));
    const bool read = pump(std::chrono::steady_clock::now() + std::chrono::milliseconds(5));
    pending_.clear();  // no line is read after this: what it prints now is only logged, in bounded memory
    if (!read || (stdout_fd_ < 0 && stderr_fd_ < 0)) std::this_thread::sleep_for(std::chrono::milliseconds(2));
  }
  reaped_ = true;
  if (WIFEXITED(status)) {
    clean_exit_ = WEXITSTATUS(status) == 0;
    return "exit code " + std::to_string(WEXITSTATUS(status));
  }
  if (WIFSIGNALED(status))
    return "killed by signal " + std::to_string(WTERMSIG(status)) + " (" + strsignal(WTERMSIG(status)) + ")";
  return "stopped with status " + std::to_string(status);
}

std::string ChildProcess::printed() const {
  if (stdout_log_.empty() && stderr_log_.empty()) return "it printed nothing";
  std::string text = "it printed " + escape_output(stdout_log_);
  if (!stderr_head_.empty()) text += " and on stderr " + escape_output(stderr_head_);
  return text;
}

ExternalError ChildProcess::error(const std::string& problem) const {
  return ExternalError(program_ + ": " + problem + "; " + printed(), stderr_log_);
}

}  // namespace movegen::harness
