// Usage errors and the input checks every layer of the harness may use: a command-line argument that cannot
// be used is a UsageError naming the argument and the problem; the CLI prints it on one line and exits with 2.
//
//   require_depth(16, "depth");          // throws UsageError "bad depth: 16 is outside 0..15"
//   quote_path("a'b");                   // "'a\x27b'"
#pragma once

#include <chrono>
#include <iosfwd>
#include <stdexcept>
#include <string>
#include <string_view>

namespace movegen::harness {

/// A command-line argument that cannot be used: what() names the argument and the problem. The CLI
/// prints it on one line and exits with code 2.
class UsageError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// The deepest depth the CLI accepts for perft and suites; deeper trees take days.
inline constexpr int MAX_DEPTH = 15;

/// Flushes `out` and throws UsageError "cannot write to stdout: REASON" if it or an earlier write failed
/// (a full disk, a closed pipe): a report that was not written is not a pass.
void require_written(std::ostream& out);

/// Checks that a depth lies in 0..MAX_DEPTH (1..MAX_DEPTH if `min` is 1); throws UsageError naming `what`.
void require_depth(int depth, const std::string& what, int min = 0);

/// The longest --timeout, in seconds (a day), and the shortest (a millisecond).
inline constexpr double MAX_TIMEOUT_SECONDS = 86400, MIN_TIMEOUT_SECONDS = 0.001;

/// `seconds` as whole milliseconds (rounded); throws UsageError naming --timeout if it lies outside
/// MIN_TIMEOUT_SECONDS..MAX_TIMEOUT_SECONDS (or is not a number).
std::chrono::milliseconds timeout_from_seconds(double seconds);

/// A path for an error message: in single quotes, control bytes and quotes as \xNN, a very long one cut in
/// the middle.
std::string quote_path(std::string_view path);

}  // namespace movegen::harness
