#include "harness/debugging/query_history.hpp"

#include <fmt/format.h>
#include <fmt/ostream.h>
#include <fmt/ranges.h>

#include <ostream>

#include "harness/debugging/divergence.hpp"
#include "harness/engines/child_process.hpp"

namespace movegen::harness {

namespace {

// The answer of a fresh process of `x` to `query` after `before`, in order.
DivideResult fresh_answer(const RestartingSource& x, const std::vector<Query>& before, const Query& query) {
  const std::unique_ptr<DivideSource> fresh = x.start_fresh();
  for (const Query& q : before) (void)fresh->divide(q.fen, q.moves, q.depth);
  return fresh->divide(query.fen, query.moves, query.depth);
}

}  // namespace

std::optional<HistoryEffect> check_history(RestartingSource& x, const std::string& side, DivideSource& other,
                                           const std::vector<Query>& earlier, const Query& query) {
  if (x.builtin()) return std::nullopt;
  try {
    const DivideResult right = other.divide(query.fen, query.moves, query.depth);
    const auto wrong_after = [&](const std::vector<Query>& before) {
      return divides_differ(fresh_answer(x, before, query), right, query.depth);
    };
    if (wrong_after({})) return std::nullopt;  // a fresh process answers so too: no history involved
    HistoryEffect h{side, x.name(), query, earlier.size(), {}, false, false, {}};
    int replays = 2;  // fresh processes so far: asked the query alone, then after every earlier query
    if (wrong_after(earlier)) {
      h.reproduced = true, h.replay = earlier;
      for (std::size_t chunk = earlier.size() / 2; chunk >= 1 && !h.cut_short; chunk /= 2)
        for (std::size_t i = 0; i < h.replay.size() && !h.cut_short;) {
          std::vector<Query> shorter(h.replay.begin(), h.replay.begin() + long(i));
          shorter.insert(shorter.end(), h.replay.begin() + long(std::min(i + chunk, h.replay.size())), h.replay.end());
          if (wrong_after(shorter))
            h.replay = std::move(shorter);
          else
            i += chunk;
          h.cut_short = ++replays >= MAX_HISTORY_REPLAYS;
        }
    }
    for (const Query& q : h.replay) h.sent.push_back(x.commands_sent(q.fen, q.moves, q.depth));
    h.sent.push_back(x.commands_sent(query.fen, query.moves, query.depth));
    return h;
  } catch (const ExternalError&) {
    return std::nullopt;
  }
}

void print_history(std::ostream& out, const HistoryEffect& h, const std::string& where) {
  fmt::print(
      out,
      "history:    {}'s answer at {} depends on what it was asked before: a fresh process of it answers as {} does\n",
      h.side, where, h.side == "A" ? "B" : "A");
  if (!h.reproduced) {
    fmt::print(out, "            (its {} earlier queries, replayed to a fresh process, did not make it wrong again)\n",
               h.earlier);
    return;
  }
  fmt::print(out,
             "            these {} queries to a fresh process give the wrong count again (cut down from {} earlier "
             "queries{}):\n",
             h.sent.size(), h.earlier, h.cut_short ? ", the cutting stopped short" : "");
  for (std::size_t i = 0; i < h.sent.size(); ++i)
    fmt::print(out, "{:>14} {}\n", fmt::format("{}.", i + 1), fmt::join(h.sent[i], " | "));
}

nlohmann::json history_json(const HistoryEffect& h) {
  nlohmann::json replay = nlohmann::json::array();
  for (const Query& q : h.replay) replay.push_back({{"fen", q.fen}, {"moves", q.moves}, {"depth", q.depth}});
  return {{"side", h.side},
          {"program", h.program},
          {"query", {{"fen", h.query.fen}, {"moves", h.query.moves}, {"depth", h.query.depth}}},
          {"earlier", h.earlier},
          {"reproduced", h.reproduced},
          {"cut_short", h.cut_short},
          {"replay", replay},
          {"sent", h.sent}};
}

}  // namespace movegen::harness
