#include "harness/debugging/diff_report.hpp"

#include <fmt/format.h>
#include <fmt/ostream.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <map>
#include <ostream>
#include <utility>

namespace movegen::harness {

namespace {

std::string join(const std::vector<std::string>& texts) { return fmt::format("{}", fmt::join(texts, " ")); }

std::string where(const DiffOutcome& o) { return o.line ? fmt::format("line {}", o.line) : o.fen; }

// The divergences of every outcome, grouped by cause (Divergence::cause): (outcome, divergence) per group.
using Group = std::vector<std::pair<const DiffOutcome*, const Divergence*>>;
std::map<std::string, Group> group_by_cause(const std::vector<DiffOutcome>& outcomes) {
  std::map<std::string, Group> groups;
  for (const DiffOutcome& o : outcomes)
    for (const Divergence& d : o.divergences) groups[d.cause()].emplace_back(&o, &d);
  return groups;
}

// The group's member with the shortest move path (the first of equals).
std::pair<const DiffOutcome*, const Divergence*> shortest(const Group& group) {
  auto best = group.front();
  for (const auto& member : group)
    if (member.second->path.size() < best.second->path.size()) best = member;
  return best;
}

// The located failures, grouped by cause, each group's shortest example (fewest moves, then shallowest) first.
std::map<std::string, std::vector<const DiffOutcome*>> failures_by_cause(const std::vector<DiffOutcome>& outcomes) {
  std::map<std::string, std::vector<const DiffOutcome*>> groups;
  for (const DiffOutcome& o : outcomes)
    if (o.failure) groups[o.failure->cause()].push_back(&o);
  for (auto& [cause, group] : groups)
    std::stable_sort(group.begin(), group.end(), [](const DiffOutcome* x, const DiffOutcome* y) {
      const auto key = [](const DiffOutcome* o) {
        return std::pair{o->failure->path.size() - o->moves.size(), o->failure->depth};
      };
      return key(x) < key(y);
    });
  return groups;
}

std::size_t positions_in(const Group& group) {
  std::size_t n = 0;
  for (std::size_t i = 0; i < group.size(); ++i) n += i == 0 || group[i].first != group[i - 1].first;
  return n;
}

}  // namespace

void print_outcome_line(std::ostream& out, const DiffOutcome& o) {
  const std::string head = fmt::format("line {:>3}  depth {}", o.line, o.depth);
  if (!o.refused.empty()) return fmt::print(out, "{:<7} line {:>3}  {}  {}\n", "refused", o.line, o.refused, o.fen);
  if (!o.error.empty()) return fmt::print(out, "{:<7}{}  {}\n", "error", head, o.error);
  if (o.divergences.empty()) return fmt::print(out, "{:<7}{}  {}\n", "ok", head, o.fen);
  const Divergence& d = o.divergences.front();
  const std::vector<std::string> path(d.path.begin() + long(std::min(o.moves.size(), d.path.size())), d.path.end());
  std::string what = fmt::format("{} {}", d.cause(), path.empty() ? "at the root" : "after " + join(path));
  if (!d.only_a.empty()) what += ": only A " + join(d.only_a);
  if (!d.only_b.empty()) what += (d.only_a.empty() ? ": " : ", ") + ("only B " + join(d.only_b));
  if (!d.detail.empty() && d.verdicts.empty()) what += ": " + d.detail;
  if (!d.through_move.empty()) what += "; found through moves played from the position";
  if (o.divergences.size() > 1) what += fmt::format(" (+{} more)", o.divergences.size() - 1);
  for (const HistoryEffect& h : o.history) what += fmt::format("; {}'s answer depends on its earlier queries", h.side);
  fmt::print(out, "{:<7}{}  {}\n", "differ", head, what);
}

void print_diff_summary(std::ostream& out, const std::vector<DiffOutcome>& outcomes, const std::string& a_name,
                        const std::string& b_name, bool verbose) {
  std::size_t differ = 0, errors = 0, refused = 0;
  for (const DiffOutcome& o : outcomes)
    differ += !o.divergences.empty(), errors += !o.error.empty(), refused += !o.refused.empty();
  fmt::print(out, "\n{} positions checked: {} agree, {} differ, {} failed{} (A {}, B {})\n", outcomes.size() - refused,
             outcomes.size() - refused - differ - errors, differ, errors,
             refused ? fmt::format(", {} refused", refused) : "", a_name, b_name);
  const auto groups = group_by_cause(outcomes);
  if (!groups.empty()) {
    std::size_t width = 5;  // "cause"
    for (const auto& [cause, group] : groups) width = std::max(width, cause.size());
    fmt::print(out, "\n{:<{}}{:>13}{:>11}  shortest example\n", "cause", width, "divergences", "positions");
    for (const auto& [cause, group] : groups) {
      const auto [o, d] = shortest(group);
      const std::size_t moves = d->path.size() - o->moves.size();
      fmt::print(out, "{:<{}}{:>13}{:>11}  {} ({} move{})\n", cause, width, group.size(), positions_in(group),
                 where(*o), moves, moves == 1 ? "" : "s");
    }
    for (const auto& [cause, group] : groups) {
      const auto [o, d] = shortest(group);
      fmt::print(out, "\n{}: shortest example, {}\n", cause, where(*o));
      print_divergence(out, *d, verbose);
    }
  }
  const auto failures = failures_by_cause(outcomes);
  if (!failures.empty()) {
    std::size_t width = 30;
    for (const auto& [cause, group] : failures) width = std::max(width, cause.size() + 2);
    fmt::print(out, "\n{:<{}}{:>11}  shortest example\n", "failure", width, "positions");
    for (const auto& [cause, group] : failures) {
      const std::size_t moves = group.front()->failure->path.size() - group.front()->moves.size();
      fmt::print(out, "{:<{}}{:>11}  {} ({} move{})\n", cause, width, group.size(), where(*group.front()), moves,
                 moves == 1 ? "" : "s");
    }
    for (const auto& [cause, group] : failures) {
      fmt::print(out, "\n{}: shortest example, {}\n", cause, where(*group.front()));
      print_failure(out, *group.front()->failure, a_name, b_name);
    }
  }
  for (const DiffOutcome& o : outcomes)
    for (const HistoryEffect& h : o.history) fmt::print(out, "\n"), print_history(out, h, where(o));
  // A failure that did not come back when asked again has no place in a group: its error, once.
  bool heading = false;
  for (const DiffOutcome& o : outcomes)
    if (!o.error.empty() && !o.failure)
      fmt::print(out, "{}  {}: {}\n", std::exchange(heading, true) ? "" : "\nfailed once, not again when asked:\n",
                 where(o), o.error);
}

nlohmann::json divergence_json(const Divergence& d) {
  nlohmann::json path_counts = nlohmann::json::array(), moves = nlohmann::json::array();
  const std::size_t first = d.path.size() - d.path_counts.size();
  for (std::size_t i = 0; i < d.path_counts.size(); ++i)
    path_counts.push_back({{"move", d.path[first + i]}, {"a", d.path_counts[i].first}, {"b", d.path_counts[i].second}});
  for (const MoveVerdict& v : d.verdicts)
    moves.push_back({{"move", v.move},
                     {"kind", kind_name(v.kind)},
                     {"rule", v.rule},
                     {"legal", v.legal ? nlohmann::json(*v.legal) : nlohmann::json(nullptr)},
                     {"why", v.why}});
  return {{"depth", d.depth},
          {"stage", d.stage},
          {"path", d.path},
          {"path_counts", path_counts},
          {"fen", d.fen},
          {"only_a", d.only_a},
          {"only_b", d.only_b},
          {"kind", d.cause()},
          {"move_kind", kind_name(d.kind())},
          {"moves", moves},
          {"detail", d.detail},
          {"cause", d.cause()},
          {"wrong_move", d.wrong_move},
          {"wrong_side", d.wrong_side},
          {"board", d.board},
          {"said_a", d.said_a},
          {"said_b", d.said_b},
          {"through_move", d.through_move},
          {"through_kind", d.through_kind},
          {"through_depth", d.through_depth},
          {"totals_only", d.totals_only}};
}

nlohmann::json diff_json(const std::vector<DiffOutcome>& outcomes, const std::string& a_name,
                         const std::string& b_name) {
  nlohmann::json positions = nlohmann::json::array(), groups = nlohmann::json::array();
  std::size_t differ = 0, errors = 0, refused = 0;
  for (const DiffOutcome& o : outcomes) {
    differ += !o.divergences.empty(), errors += !o.error.empty(), refused += !o.refused.empty();
    nlohmann::json divergences = nlohmann::json::array();
    for (const Divergence& d : o.divergences) divergences.push_back(divergence_json(d));
    nlohmann::json history = nlohmann::json::array();
    for (const HistoryEffect& h : o.history) history.push_back(history_json(h));
    const char* status = !o.refused.empty()      ? "refused"
                         : !o.error.empty()      ? "error"
                         : o.divergences.empty() ? "agree"
                                                 : "differ";
    positions.push_back({{"fen", o.fen},
                         {"moves", o.moves},
                         {"line", o.line},
                         {"depth", o.depth},
                         {"status", status},
                         {"error", o.error},
                         {"reason", o.refused},
                         {"failure", o.failure ? failure_json(*o.failure) : nlohmann::json(nullptr)},
                         {"history", history},
                         {"divergences", divergences}});
  }
  for (const auto& [cause, group] : group_by_cause(outcomes)) {
    const auto [o, d] = shortest(group);
    groups.push_back({{"cause", cause},
                      {"kind", d->cause()},
                      {"divergences", group.size()},
                      {"positions", positions_in(group)},
                      {"example", {{"line", o->line}, {"root_fen", o->fen}, {"divergence", divergence_json(*d)}}}});
  }
  return {{"command", "diff"},
          {"a", a_name},
          {"b", b_name},
          {"positions", positions},
          {"summary",
           {{"checked", outcomes.size() - refused},
            {"agree", outcomes.size() - refused - differ - errors},
            {"differ", differ},
            {"failed", errors},
            {"refused", refused},
            {"groups", groups}}}};
}

}  // namespace movegen::harness
