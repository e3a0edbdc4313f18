// The runs of compare_runs.hpp: which generator runs with which counting, and one position's counts checked
// and timed round by round.
#include "harness/perft/compare_runs.hpp"

#include <time.h>

#include <algorithm>
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

// Seconds of CPU time the calling thread has run (POSIX CLOCK_THREAD_CPUTIME_ID): unlike the clock's time, not
// stretched while another process has the CPU.
double thread_cpu_seconds() {
  timespec t{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return double(t.tv_sec) + double(t.tv_nsec) * 1e-9;
}

// perft of `fen` at `depth` with generator g (its own translation unit's perft): nodes, and the thread's CPU
// seconds it took.
std::pair<std::uint64_t, double> timed_perft(Generator g, const std::string& fen, int depth, Counting counting) {
  const GeneratorOps& ops = generator_ops(g);
  const double start = thread_cpu_seconds();
  const std::uint64_t nodes = ops.perft(fen, depth, counting);
  return {nodes, thread_cpu_seconds() - start};
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

// The counts of a pass, in the suite's order, cut into groups of consecutive positions of at least GROUP_NODES
// nodes each (the last may hold fewer): the unit that repeat_passes times.
constexpr std::uint64_t GROUP_NODES = 2'000'000;

struct CountGroup {
  std::vector<const EpdEntry*> entries;
  std::uint64_t nodes = 0;  // the EPD's nodes of the group's counts within max_depth
};

std::vector<CountGroup> count_groups(const std::vector<EpdEntry>& entries, int max_depth) {
  std::vector<CountGroup> groups(1);
  for (const EpdEntry& entry : entries) {
    if (!entry.refused.empty()) continue;
    if (groups.back().nodes >= GROUP_NODES) groups.emplace_back();
    groups.back().entries.push_back(&entry);
    for (const PerftCount& expected : entry.counts)
      if (expected.depth <= max_depth) groups.back().nodes += expected.nodes;
  }
  return groups;
}

// `run` over every count of `group` within max_depth, timed as a whole in the thread's CPU seconds; adds its nodes
// to `nodes` and the first count the run gets wrong to `problems` unless `reported` says it already did.
double timed_group(const CountGroup& group, const Run& run, int max_depth, std::uint64_t& nodes,
                   std::vector<Mismatch>& problems, char& reported) {
  const GeneratorOps& ops = generator_ops(run.generator);
  const double start = thread_cpu_seconds();
  for (const EpdEntry* entry : group.entries)
    for (const PerftCount& expected : entry->counts) {
      if (expected.depth > max_depth) continue;
      const std::uint64_t got = ops.perft(entry->fen, expected.depth, run.counting);
      nodes += got;
      if (got != expected.nodes && !reported) {
        reported = true;
        problems.push_back({expected.depth, run, got, expected.nodes, entry->line});
      }
    }
  return thread_cpu_seconds() - start;
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
  const std::vector<CountGroup> groups = count_groups(entries, max_depth);
  for (;;) {  // a pass per round of every run that has not yet run min_seconds; none once a pass counts nothing
    std::vector<std::size_t> active;
    for (std::size_t i = 0; i < n; ++i) {
      const double in_all = std::accumulate(sums[i].begin(), sums[i].end(), 0.0);
      if (out.timed[i].passes[0] == 0 || (out.timed[i].nodes > 0 && in_all < min_seconds)) active.push_back(i);
    }
    if (active.empty()) break;
    std::vector<std::uint64_t> nodes(n, 0);  // of this pass (in round 0; every round counts the same)
    for (std::size_t g = 0; g < groups.size(); ++g)
      for (std::size_t k = 0; k < active.size(); ++k) {
        const std::size_t i = active[(g + k) % active.size()];
        std::uint64_t warm_up = 0;  // untimed: round 0 then follows this run on this group, as the others do
        timed_group(groups[g], runs[i], max_depth, warm_up, out.problems, reported[i]);
        for (int r = 0; r < rounds; ++r) {
          std::uint64_t counted = 0;
          sums[i][r] += timed_group(groups[g], runs[i], max_depth, counted, out.problems, reported[i]);
          if (r == 0) nodes[i] += counted;
        }
      }
    for (std::size_t i : active) {
      out.timed[i].nodes = nodes[i];
      for (int& p : out.timed[i].passes) ++p;
    }
  }
  for (std::size_t i = 0; i < n; ++i) {
    Timed& t = out.timed[i];
    t.in_all = std::accumulate(sums[i].begin(), sums[i].end(), 0.0);
    for (int r = 0; r < rounds; ++r) t.rounds.push_back(sums[i][r] / t.passes[r]);
  }
  return out;
}

}  // namespace movegen::harness
