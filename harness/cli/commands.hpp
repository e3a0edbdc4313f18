// The `movegen` subcommands as functions: each writes its report to `out`, diagnostics to `err`, and
// returns the exit code (0 ok, 1 a count or check failed, 2 bad input). main.cpp only parses arguments.
//
//   std::ostringstream out, err;
//   int code = run_perft({.generator = "mailbox", .depth = 3}, out, err);   // out ends "Nodes searched: 8902"
#pragma once

#include <cstddef>
#include <iosfwd>
#include <string>
#include <string_view>
#include <vector>

#include "common/epd.hpp"
#include "common/fen.hpp"
#include "common/perft.hpp"
#include "harness/generators/suite_loading.hpp"
#include "harness/usage/usage_error.hpp"

namespace movegen::harness {

struct PerftOptions {
  std::string generator = "bitboard-tuned";  // harness/generators/generators.hpp: DEFAULT_GENERATOR
  std::string fen = std::string(START_FEN);
  std::vector<std::string> moves;  // UCI moves played from `fen` before counting
  int depth = 1;
  Counting counting = Counting::BULK_NODE;  // --bulk node|siblings, --no-bulk (common/perft.hpp): node the faster
  int hash_mb = 0;          // MiB of hash table for subtree counts; 0: none (harness/perft/perft_nodes.hpp)
  int threads = 0;          // threads sharing the count; 0: all cores (std::thread::hardware_concurrency)
  bool json = false;        // one JSON document instead of the text report (docs/json.md)
  bool chess960 = false;    // Chess960 notation for the moves given and printed (implied by a 960-only FEN)
  std::string checkpoint;   // a file recording finished subtrees, resumed from if it holds some; empty: none
  int test_kill_after = 0;  // tests only: the process kills itself (SIGKILL) after recording this many subtrees
};

/// `movegen perft`: one `move: count` line per legal root move sorted by move text, an empty line, and
/// `Nodes searched: N` (Stockfish's `go perft` format), or with `json` the same divide as one JSON
/// document; time and nodes per second go to `err`, and a progress bar while it counts if `err` is a
/// terminal.
int run_perft(const PerftOptions& options, std::ostream& out, std::ostream& err);

struct SuiteOptions {
  std::string generator = "mailbox";  // a generator name, a comma-separated list of them, or "all"
  std::string file;
  int max_depth = MAX_DEPTH;
  bool json = false;                    // one JSON document instead of the text report (docs/json.md)
  bool chess960 = false;                // accepted for symmetry: counts do not depend on the notation
  bool allow_impossible_check = false;  // count positions with an impossible check instead of refusing them
};

/// `movegen suite`: checks every `;Dn` count with n <= max_depth, one line per position (ok or FAIL
/// with expected and got, or refused with the rule of the game its position breaks), a summary line, or
/// with `json` one JSON document of the same results; a progress bar on `err` while it runs if `err` is
/// a terminal. 1 on any mismatch.
int run_suite(const SuiteOptions& options, std::ostream& out, std::ostream& err);

/// compare's default depth and rounds: five rounds of the bundled suite to depth 4 (the D5 counts are 86% of its
/// nodes) cost ten generators about what one round to depth 5 cost eight (docs/harness.md, "compare").
inline constexpr int COMPARE_DEFAULT_DEPTH = 4;
inline constexpr int COMPARE_DEFAULT_ROUNDS = 5;
/// compare's tuned tier (issue 57): each run of a tuned generator passes over the suite again until it has run
/// this many seconds in all, so that its time is not noise (docs/harness.md, "compare"). 2 s: the fastest tuned run
/// then makes ten passes a round or more (five at 1 s), and issue 57 asks for a spread under 5%.
inline constexpr double COMPARE_DEFAULT_TUNED_SECONDS = 2.0;
/// The most rounds --rounds accepts.
inline constexpr int MAX_ROUNDS = 1000;

struct CompareOptions {
  std::string file;        // an EPD suite
  std::string generators;  // comma-separated generator names; empty: all
  int max_depth = COMPARE_DEFAULT_DEPTH;
  int rounds = COMPARE_DEFAULT_ROUNDS;  // each count timed this many times, in rotated order; the median reported
  double tuned_seconds = COMPARE_DEFAULT_TUNED_SECONDS;  // each tuned run's passes over the suite last this long
  bool bulk = true;                     // count the last ply from the move list (every generator alike)
  bool json = false;                    // one JSON document instead of the text report (docs/json.md)
  bool chess960 = false;                // accepted for symmetry: counts do not depend on the notation
  bool allow_impossible_check = false;  // count positions with an impossible check instead of refusing them
};

/// `movegen compare`: runs the chosen built-in generators (all by default) on every count of the suite up to
/// max_depth, `rounds` times in rotated order (round r starts with generator r mod n), checks each count of
/// every round against the EPD and so against each other, and prints a table (position, depth, nodes, Mnps
/// of the median round per generator, agreement), a summary, and the table of Mnps by representation (rows)
/// and legality strategy (columns), each cell with the spread of its rounds, with the effect of each choice
/// (with `json`, one JSON document of the same results); a progress bar on `err` while it runs if `err` is a terminal.
/// The tuned generators' totals are timed again, each run passing over the suite until it has run tuned_seconds
/// in all (repeat_passes). 1 on any disagreement; throws UsageError for a bad --generators list or tuned_seconds.
int run_compare(const CompareOptions& options, std::ostream& out, std::ostream& err);

}  // namespace movegen::harness
