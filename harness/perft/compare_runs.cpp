// The runs of compare_runs.hpp: which generator runs with which counting, and one position's counts checked
// and timed round by round.
#include "harness/perft/compare_runs.hpp"

#include <algorithm>
#include <chrono>
#include <numeric>
#include <utility>

namespace movegen::harness {

double Timed::spread() const {
  if (rounds.empty() || seconds() <= 0) return 0.0;
  const auto [low, high] = std::minmax_element(rounds.begin(), rounds.end());
  return (*high - *low) / seconds();
}

double Timed::repeats() const {
  return passes.empty() ? 1.0 : std::accumulate(passes.begin(), passes.end(), 0.0) / passes.size();
}

double Timed::seconds_in_all() const {
  return passes.empty() ? std::accumulate(rounds.begin(), rounds.end(), 0.0) : in_all;
}

double Timed::median(std::vector<double> v) {
  if (v.empty()) return 0.0;
  std::sort(v.begin(), v.end());
  return v.size() % 2 ? v[v.size() / 2] : (v[v.size() / 2 - 1] + v[v.size() / 2]) / 2;
}

Counting counting_used(Generator g, Counting c) {
  return with_generator(g, [&]<ChessPosition P>() { return effective_counting<P>(c); });
}

std::vector<Run> runs_of(const std::vector<Generator>& generators, Counting counting) {
  std::vector<Run> runs;
  for (Generator g : generators) runs.push_back({g, counting});
  if (counting == Counting::BULK_SIBLINGS)
    for (Generator g : generators)
      if (counting_used(g, counting) == Counting::BULK_SIBLINGS) runs.push_back({g, Counting::BULK_NODE});
  return runs;
}

std::string run_name(const Run& run) {
  return std::string(generator_name(run.generator)) + (run.counting == Counting::BULK_NODE ? " --bulk node" : "");
}

namespace {

// perft of `fen` at `depth` with generator g (its own translation unit's perft): nodes, and seconds taken.
std::pair<std::uint64_t, double> timed_perft(Generator g, const std::string& fen, int depth, Counting counting) {
  const GeneratorOps& ops = generator_ops(g);
  const auto start = std::chrono::steady_clock::now();
  const std::uint64_t nodes = ops.perft(fen, depth, counting);
  return {nodes, std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count()};
}

}  // namespace

CompareRow compare_position(const EpdEntry& entry, const std::vector<Run>& runs, int max_depth, int rounds) {
  CompareRow row;
  const std::size_t n = runs.size();
  row.timed.resize(n);
  for (Timed& t : row.timed) t.rounds.assign(rounds, 0.0);
  for (const PerftCount& expected : entry.counts) {
    if (expected.depth > max_depth) continue;
    row.deepest = std::max(row.deepest, expected.depth);
    ++row.counts_checked;
    row.expected_nodes += expected.nodes;
    std::vector<bool> wrong(n, false);
    for (int r = 0; r < rounds; ++r)
      for (std::size_t k = 0; k < n; ++k) {
        const std::size_t i = (std::size_t(r) + k) % n;
        const auto [nodes, seconds] = timed_perft(runs[i].generator, entry.fen, expected.depth, runs[i].counting);
        if (r == 0) row.timed[i].nodes += nodes;
        row.timed[i].rounds[r] += seconds;
        if (nodes != expected.nodes && !wrong[i]) {
          wrong[i] = true;
          row.problems.push_back({expected.depth, runs[i], nodes, expected.nodes});
        }
      }
  }
  return row;
}

namespace {

// One pass of each of `active` (indices into `runs`) over the suite, interleaved as compare's rows are: position
// by position, each count in `rounds` rounds in rotated order (compare_position). Adds each round's seconds to
// `sums`, a pass to each round of `out.timed`, and the first count each run gets wrong to `out.problems`.
void pass_over(const std::vector<EpdEntry>& entries, const std::vector<Run>& runs,
               const std::vector<std::size_t>& active, int max_depth, int rounds,
               std::vector<std::vector<double>>& sums, RepeatedPasses& out, std::vector<char>& reported) {
  std::vector<Run> sweep;
  for (std::size_t i : active) sweep.push_back(runs[i]);
  std::vector<std::uint64_t> nodes(active.size(), 0);
  for (const EpdEntry& entry : entries) {
    if (!entry.refused.empty()) continue;
    const CompareRow row = compare_position(entry, sweep, max_depth, rounds);
    for (std::size_t k = 0; k < active.size(); ++k) {
      nodes[k] += row.timed[k].nodes;
      for (int r = 0; r < rounds; ++r) sums[active[k]][r] += row.timed[k].rounds[r];
    }
    for (Mismatch m : row.problems)
      for (std::size_t k = 0; k < active.size(); ++k)
        if (sweep[k].generator == m.run.generator && sweep[k].counting == m.run.counting && !reported[active[k]]) {
          reported[active[k]] = true;
          m.line = entry.line;
          out.problems.push_back(m);
        }
  }
  for (std::size_t k = 0; k < active.size(); ++k) {
    out.timed[active[k]].nodes = nodes[k];
    for (int& p : out.timed[active[k]].passes) ++p;
  }
}

}  // namespace

RepeatedPasses repeat_passes(const std::vector<EpdEntry>& entries, const std::vector<Run>& runs, int max_depth,
                             int rounds, double min_seconds) {
  RepeatedPasses out;
  const std::size_t n = runs.size();
  out.timed.resize(n);
  for (Timed& t : out.timed) t.passes.assign(rounds, 0);
  std::vector<std::vector<double>> sums(n, std::vector<double>(rounds, 0.0));  // each round's seconds, all passes
  std::vector<char> reported(n, false);
  for (;;) {  // a pass of every run that has not yet run min_seconds; none once a pass finds nothing to count
    std::vector<std::size_t> active;
    for (std::size_t i = 0; i < n; ++i) {
      const double in_all = std::accumulate(sums[i].begin(), sums[i].end(), 0.0);
      if (out.timed[i].passes[0] == 0 || (out.timed[i].nodes > 0 && in_all < min_seconds)) active.push_back(i);
    }
    if (active.empty()) break;
    pass_over(entries, runs, active, max_depth, rounds, sums, out, reported);
  }
  for (std::size_t i = 0; i < n; ++i) {
    Timed& t = out.timed[i];
    t.in_all = std::accumulate(sums[i].begin(), sums[i].end(), 0.0);
    for (int r = 0; r < rounds; ++r) t.rounds.push_back(sums[i][r] / t.passes[r]);
  }
  return out;
}

}  // namespace movegen::harness
