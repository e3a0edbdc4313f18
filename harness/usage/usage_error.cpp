#include "harness/usage/usage_error.hpp"

#include <fmt/format.h>

#include <cerrno>
#include <cmath>
#include <cstring>
#include <ostream>

namespace movegen::harness {

void require_written(std::ostream& out) {
  const int earlier = errno;  // a write that failed before now (a full buffer) left its reason here
  errno = 0;
  out.flush();
  if (out) return;
  const int reason = errno != 0 ? errno : earlier;
  throw UsageError(std::string("cannot write to stdout: ") + (reason != 0 ? std::strerror(reason) : "write error"));
}

void require_depth(int depth, const std::string& what, int min) {
  if (depth < min || depth > MAX_DEPTH)
    throw UsageError(fmt::format("bad {}: {} is outside {}..{}", what, depth, min, MAX_DEPTH));
}

std::chrono::milliseconds timeout_from_seconds(double seconds) {
  if (!(seconds >= MIN_TIMEOUT_SECONDS && seconds <= MAX_TIMEOUT_SECONDS))
    throw UsageError(
        fmt::format("bad --timeout: {} is outside {}..{} seconds", seconds, MIN_TIMEOUT_SECONDS, MAX_TIMEOUT_SECONDS));
  return std::chrono::milliseconds(std::llround(seconds * 1000));
}

std::string quote_path(std::string_view path) {
  constexpr std::size_t KEEP = 100;  // a 5,000-character name is shown by its first and last 100 bytes
  const auto escape = [](std::string_view text) {
    std::string shown;
    for (char c : text)
      shown += (unsigned char)c < 0x20 || c == 0x7f || c == '\'' ? fmt::format("\\x{:02X}", int((unsigned char)c))
                                                                 : std::string(1, c);
    return shown;
  };
  if (path.size() <= 2 * KEEP) return "'" + escape(path) + "'";
  return fmt::format("'{}...({} bytes)...{}'", escape(path.substr(0, KEEP)), path.size() - 2 * KEEP,
                     escape(path.substr(path.size() - KEEP)));
}

}  // namespace movegen::harness
