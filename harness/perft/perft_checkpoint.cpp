#include "harness/perft/perft_checkpoint.hpp"

#include <fcntl.h>
#include <fmt/format.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <charconv>
#include <cstring>
#include <string_view>

#include "common/fen.hpp"
#include "harness/usage/usage_error.hpp"

namespace movegen::harness {

namespace {

constexpr std::string_view FORMAT_LINE = "movegen-mpi checkpoint 1";

// FNV-1a, 32 bits (Fowler, Noll and Vo's published offset basis and prime): enough to catch a hand edit
// or a damaged line, not meant against tampering.
std::uint32_t fnv1a(std::string_view text) {
  std::uint32_t hash = 2166136261u;
  for (unsigned char c : text) hash = (hash ^ c) * 16777619u;
  return hash;
}

// `text` as an unsigned decimal number with no sign, no leading zeros but "0", and no other character.
template <class T>
bool parse_decimal(std::string_view text, T& value) {
  if (text.empty() || (text.size() > 1 && text[0] == '0')) return false;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  return ec == std::errc() && end == text.data() + text.size();
}

// The next space-separated word of `rest` (consumed with its space); empty if there is none.
std::string_view next_word(std::string_view& rest) {
  const std::size_t space = rest.find(' ');
  const std::string_view word = rest.substr(0, space);
  rest = space == std::string_view::npos ? std::string_view{} : rest.substr(space + 1);
  return word;
}

std::string system_error(const char* what) { return fmt::format("{}: {}", what, std::strerror(errno)); }

}  // namespace

CheckpointError::CheckpointError(const std::string& path, int line, const std::string& problem)
    : std::runtime_error(line > 0 ? fmt::format("checkpoint {} line {}: {}", quote_path(path), line, problem)
                                  : fmt::format("checkpoint {}: {}", quote_path(path), problem)),
      line_(line) {}

std::string checkpoint_record(std::size_t index, std::uint64_t nodes, const std::string& subtree) {
  const std::uint32_t check = fnv1a(fmt::format("{} {} {}", index, nodes, subtree));
  return fmt::format("done {} {} {:08x} {}\n", index, nodes, check, subtree);
}

std::string checkpoint_header(const CheckpointHeader& h) {
  std::string moves = "moves";
  for (const std::string& m : h.moves) moves += " " + m;
  return fmt::format("{}\ngenerator {}\nfen {}\n{}\ndepth {}\nsplit-depth {}\nsubtrees {}\n", FORMAT_LINE, h.generator,
                     h.fen, moves, h.depth, h.split_depth, h.subtrees);
}

PerftCheckpoint::PerftCheckpoint(const std::string& path, const CheckpointHeader& header,
                                 const std::vector<std::string>& subtrees)
    : path_(path) {
  fd_ = ::open(path.c_str(), O_RDWR | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
  if (fd_ < 0) throw CheckpointError(path, 0, system_error("cannot open"));
  try {
    struct stat st {};
    if (::fstat(fd_, &st) != 0) throw CheckpointError(path, 0, system_error("cannot read"));
    if (!S_ISREG(st.st_mode)) throw CheckpointError(path, 0, "not a regular file");
    if (::flock(fd_, LOCK_EX | LOCK_NB) != 0)
      throw CheckpointError(path, 0,
                            errno == EWOULDBLOCK ? "in use by another run (locked)" : system_error("cannot lock"));
    std::string text;
    char buffer[1 << 16];
    for (;;) {
      const ssize_t got = ::pread(fd_, buffer, sizeof buffer, static_cast<off_t>(text.size()));
      if (got < 0 && errno == EINTR) continue;
      if (got < 0) throw CheckpointError(path, 0, system_error("cannot read"));
      if (got == 0) break;
      text.append(buffer, static_cast<std::size_t>(got));
    }
    if (text.empty()) {
      write_all(checkpoint_header(header));
    } else {
      read_records(text, header, subtrees);
    }
  } catch (...) {
    ::close(fd_);
    throw;
  }
}

PerftCheckpoint::~PerftCheckpoint() { ::close(fd_); }

void PerftCheckpoint::read_records(const std::string& text, const CheckpointHeader& header,
                                   const std::vector<std::string>& subtrees) {
  const std::string expected = checkpoint_header(header);
  std::size_t begin = 0, expected_begin = 0;
  for (int line = 1; begin < text.size(); ++line) {
    const std::size_t end = text.find('\n', begin);
    if (end == std::string::npos)
      throw CheckpointError(path_, line,
                            "truncated: no newline at its end (a run killed while writing it?); delete that line to "
                            "resume, its subtree is counted again");
    const std::string_view got(text.data() + begin, end - begin);
    begin = end + 1;
    if (expected_begin < expected.size()) {  // a header line: it must equal this run's
      const std::size_t expected_end = expected.find('\n', expected_begin);
      const std::string_view want(expected.data() + expected_begin, expected_end - expected_begin);
      expected_begin = expected_end + 1;
      if (got == want) continue;
      if (line == 1)
        throw CheckpointError(
            path_, line,
            fmt::format("not a movegen-mpi checkpoint: expected '{}', found {}", FORMAT_LINE, quote_for_error(got)));
      const std::string_view field = want.substr(0, want.find(' '));
      if (got.substr(0, got.find(' ')) != field)
        throw CheckpointError(path_, line,
                              fmt::format("bad header: expected the {} line, found {}", field, quote_for_error(got)));
      throw CheckpointError(
          path_, line,
          fmt::format("of another run: it has {}, this run has {}", quote_for_error(got), quote_for_error(want)));
    }
    std::string_view rest = got;
    std::size_t index = 0;
    std::uint64_t nodes = 0;
    std::uint32_t check = 0;
    const std::string_view tag = next_word(rest), index_text = next_word(rest), nodes_text = next_word(rest),
                           check_text = next_word(rest);
    const auto [check_end, check_ec] =
        std::from_chars(check_text.data(), check_text.data() + check_text.size(), check, 16);
    if (tag != "done" || !parse_decimal(index_text, index) || !parse_decimal(nodes_text, nodes) ||
        check_text.size() != 8 || check_ec != std::errc() || check_end != check_text.data() + 8 || rest.empty())
      throw CheckpointError(path_, line,
                            "corrupt: expected 'done SUBTREE NODES CHECKSUM FEN', found " + quote_for_error(got));
    if (fnv1a(fmt::format("{} {} {}", index_text, nodes_text, rest)) != check)
      throw CheckpointError(path_, line, "corrupt: its checksum does not match its text");
    if (index >= subtrees.size())
      throw CheckpointError(path_, line, fmt::format("corrupt: subtree {} of {}", index, subtrees.size()));
    if (rest != subtrees[index])
      throw CheckpointError(path_, line,
                            fmt::format("subtree {} is {} in this run, {} in the checkpoint", index,
                                        quote_for_error(subtrees[index]), quote_for_error(rest)));
    const auto [it, added] = done_.emplace(index, nodes);
    if (!added && it->second != nodes)
      throw CheckpointError(path_, line,
                            fmt::format("subtree {} recorded twice, with {} and {} nodes", index, it->second, nodes));
  }
  if (expected_begin < expected.size())
    throw CheckpointError(path_, 0, "truncated: the header ends early; delete the file to start again");
}

void PerftCheckpoint::record(std::size_t index, const std::string& subtree, std::uint64_t nodes) {
  write_all(checkpoint_record(index, nodes, subtree));
}

void PerftCheckpoint::record(const std::vector<CheckpointRecord>& records) {
  std::string lines;
  for (const CheckpointRecord& r : records) lines += checkpoint_record(r.index, r.nodes, r.subtree);
  if (!lines.empty()) write_all(lines);
}

void PerftCheckpoint::write_all(const std::string& text) {
  std::size_t written = 0;
  while (written < text.size()) {
    const ssize_t n = ::write(fd_, text.data() + written, text.size() - written);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) throw CheckpointError(path_, 0, system_error("cannot write"));
    written += static_cast<std::size_t>(n);
  }
  if (::fsync(fd_) != 0) throw CheckpointError(path_, 0, system_error("cannot sync to disk"));
}

}  // namespace movegen::harness
