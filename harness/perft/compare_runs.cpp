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

// One pass of `run` over every count of `entries` within max_depth (refused positions left out): its nodes and
// its seconds in perft; each count that differs from the EPD is added to `found`.
std::pair<std::uint64_t, double> pass_over(const std::vector<EpdEntry>& entries, const Run& run, int max_depth,
                                           std::vector<Mismatch>& found) {
  std::uint64_t nodes = 0;
  double seconds = 0;
  for (const EpdEntry& entry : entries) {
    if (!entry.refused.empty()) continue;
    for (const PerftCount& expected : entry.counts) {
      if (expected.depth > max_depth) continue;
      const auto [got, taken] = timed_perft(run.generator, entry.fen, expected.depth, run.counting);
      nodes += got;
      seconds += taken;
      if (got != expected.nodes) found.push_back({expected.depth, run, got, expected.nodes, entry.line});
    }
  }
  return {nodes, seconds};
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

RepeatedPasses repeat_passes(const std::vector<EpdEntry>& entries, const std::vector<Run>& runs, int max_depth,
                             int rounds, double min_seconds) {
  RepeatedPasses out;
  const std::size_t n = runs.size();
  out.timed.resize(n);
  for (Timed& t : out.timed) {
    t.rounds.assign(rounds, 0.0);
    t.passes.assign(rounds, 0);
  }
  std::vector<char> reported(n, false);
  for (int r = 0; r < rounds; ++r)
    for (std::size_t k = 0; k < n; ++k) {
      const std::size_t i = (std::size_t(r) + k) % n;
      Timed& t = out.timed[i];
      double seconds = 0;
      do {  // at least one pass; no more once a pass finds nothing to count
        std::vector<Mismatch> found;
        const auto [nodes, taken] = pass_over(entries, runs[i], max_depth, found);
        if (!found.empty() && !reported[i]) out.problems.push_back(found.front());
        reported[i] |= !found.empty();
        t.nodes = nodes;
        seconds += taken;
        ++t.passes[r];
      } while (t.nodes > 0 && seconds * rounds < min_seconds);
      t.rounds[r] = seconds / t.passes[r];
      t.in_all += seconds;
    }
  return out;
}

}  // namespace movegen::harness
