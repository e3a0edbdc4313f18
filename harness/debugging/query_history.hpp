// When an outside engine's answer differs from ours in a run of many queries (`diff --epd`): does a fresh
// process of it answer the same query as we do? Then its answer depends on what it was asked before (a hash
// table or other state kept across queries), and the earlier queries, cut down, replay the wrong count.
//
//   std::vector<Query> earlier(engine.queries().begin(), engine.queries().begin() + asked_before);
//   if (auto h = check_history(engine, "B", ours, earlier, {fen, {}, 3})) print_history(std::cout, *h, "line 7");
#pragma once

#include <cstddef>
#include <iosfwd>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "harness/debugging/failure_descent.hpp"

namespace movegen::harness {

/// The most fresh processes check_history starts to cut the earlier queries down; past it, what is left is
/// reported as it stands.
inline constexpr int MAX_HISTORY_REPLAYS = 64;

/// An answer that depends on what the process was asked before: `query` was answered wrongly in the run and
/// rightly by a fresh process; `replay`, some of the `earlier` queries of that process in order, makes a fresh
/// process answer it wrongly again (empty and `reproduced` false if even all of them did not).
struct HistoryEffect {
  std::string side;     // "A" or "B"
  std::string program;  // its generator spec
  Query query;
  std::size_t earlier = 0;  // the queries its process had answered before `query` was first asked
  std::vector<Query> replay;
  bool reproduced = false;
  bool cut_short = false;                      // MAX_HISTORY_REPLAYS was reached: a shorter replay may exist
  std::vector<std::vector<std::string>> sent;  // DivideSource::commands_sent of each of replay, then of query
};

/// For `x`, the side named `side`, whose answer to `query` differed from `other`'s: asks `query` of a fresh
/// process of x (RestartingSource::start_fresh); if it now answers as `other` does (divides_differ false), asks
/// fresh processes `earlier` then `query`, and cuts `earlier` down (dropping halves, then quarters, ... of what
/// is left, in order) while the answer to `query` stays wrong, with at most MAX_HISTORY_REPLAYS processes.
/// std::nullopt if x is built in, a fresh process answers as x did in the run, or a fresh process fails (a
/// failure is diff's to report where it strikes, not here).
std::optional<HistoryEffect> check_history(RestartingSource& x, const std::string& side, DivideSource& other,
                                           const std::vector<Query>& earlier, const Query& query);

/// The report: that `h.side`'s answer at `where` depends on what it was asked before, then the queries that
/// replay the wrong count in a fresh process, one a line (what is sent), numbered; no blank line.
void print_history(std::ostream& out, const HistoryEffect& h, const std::string& where);

/// The effect as JSON (docs/json.md, "## diff").
nlohmann::json history_json(const HistoryEffect& h);

}  // namespace movegen::harness
