// What `movegen diff` prints over many positions: one short line per position, then a summary grouped by
// cause (of a divergence, of a failure) with one shortest example per group; or all of it as one JSON document.
//
//   std::vector<DiffOutcome> outcomes = ...;           // one per position checked
//   for (const DiffOutcome& o : outcomes) print_outcome_line(std::cout, o);
//   print_diff_summary(std::cout, outcomes, "mailbox", "perftree:./engine");
#pragma once

#include <iosfwd>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "harness/debugging/divergence.hpp"
#include "harness/debugging/failure_descent.hpp"
#include "harness/debugging/query_history.hpp"

namespace movegen::harness {

/// One position diff checked: where it came from, and its divergences or the error that stopped it.
struct DiffOutcome {
  std::string fen;
  std::vector<std::string> moves;  // played from `fen` first (--moves)
  int line = 0;                    // its line in the EPD file, 0 without one
  int depth = 0;                   // the divide depth asked for
  std::vector<Divergence> divergences;
  std::string error;               // what an external program did wrong, "" if it answered
  std::string refused;             // the rule of the game the position breaks, so it was not checked; "" if checked
  std::optional<Failure> failure;  // where it fails, smallest depth and position, when diff found it
  std::vector<HistoryEffect> history;  // a side whose answer here depended on its earlier queries (check_history)
};

/// One line: "ok", "differ" (the first divergence's kind, which is its cause, path and differing moves,
/// how many more with --all, and which side's answer depended on its earlier queries), "error" (the message) or
/// "refused" (the reason), with the EPD line and the depth.
void print_outcome_line(std::ostream& out, const DiffOutcome& o);

/// The summary: positions checked, agreeing, differing and failed; per cause (Divergence::cause) the number
/// of divergences and positions, then each group's example (the one with the shortest path) as a full
/// report (print_divergence with `verbose`); the same for failures, grouped by cause (Failure::cause), each
/// example with what was sent and the error; the per-position lines above it name every failure, so no list
/// of them follows, only the errors that did not come back when asked again; then each answer that depended on
/// earlier queries (print_history).
void print_diff_summary(std::ostream& out, const std::vector<DiffOutcome>& outcomes, const std::string& a_name,
                        const std::string& b_name, bool verbose = false);

/// One divergence as JSON (fields in docs/json.md, "## diff").
nlohmann::json divergence_json(const Divergence& d);

/// The whole run as one JSON document (fields in docs/json.md, "## diff").
nlohmann::json diff_json(const std::vector<DiffOutcome>& outcomes, const std::string& a_name,
                         const std::string& b_name);

}  // namespace movegen::harness
