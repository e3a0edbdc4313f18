// How the tests are run. The one switch that lets slow tests shrink under sanitizers: set
// MOVEGEN_TEST_QUICK=1 (as scripts/ci-sanitize.sh does) and tests that honour it search shallower or play
// fewer moves. And whether this is a checked build, which stops at the first broken invariant.
//
//   const int depth = quick_tests() ? 3 : 5;     // perft depth: full in Release, smaller under ASan
#pragma once

#include <cstdint>
#include <cstdlib>
#include <string_view>

namespace movegen::test {

/// True in builds with MOVEGEN_CHECK_INVARIANTS (Debug, sanitizers, fuzzing): check_position() runs after
/// every make and unmake and aborts on the first problem.
#ifdef MOVEGEN_CHECK_INVARIANTS
inline constexpr bool CHECKED_BUILD = true;
#else
inline constexpr bool CHECKED_BUILD = false;
#endif

/// True if the environment variable MOVEGEN_TEST_QUICK is set to anything but "" or "0".
inline bool quick_tests() {
  const char* value = std::getenv("MOVEGEN_TEST_QUICK");
  return value != nullptr && std::string_view(value) != "" && std::string_view(value) != "0";
}

/// The largest perft count (nodes) a test checks: 1,000,000, or 20,000 under quick_tests() (which keeps
/// depths 1 and 2 of every position of the bundled suite and depth 3 of 158 of its 184).
inline std::uint64_t perft_node_budget() { return quick_tests() ? 20'000 : 1'000'000; }

}  // namespace movegen::test
