// The timed runs of `movegen compare`: which generators run with which counting, and one position's counts
// checked against its EPD and timed round by round, in rotated order.
//
//   const std::vector<Run> runs = runs_of(all_generators(), Counting::BULK);  // plus the --bulk node runs
//   const CompareRow row = compare_position(entry, runs, 3, 5);                // depths 1..3, five rounds
//   row.timed[0].mnps();                                                        // runs[0]'s median round
//   const RepeatedPasses tuned = repeat_passes(entries, tuned_runs, 4, 5, 1.0); // each run 1 s or more in all
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "common/epd.hpp"
#include "common/perft.hpp"
#include "harness/generators/generators.hpp"

namespace movegen::harness {

/// A run's nodes (the same every round) and its seconds in each round: CPU seconds of the thread that counted
/// (another process taking the CPU does not stretch them), of one pass over the work, or the round's seconds
/// over its passes when it was repeated (repeat_passes).
struct Timed {
  std::uint64_t nodes = 0;
  std::vector<double> rounds;  // seconds of a pass, round by round
  std::vector<int> passes;     // passes in each round when repeated; empty: one each
  double in_all = 0;           // seconds of every pass of every round, when repeated
  /// The passes over the work in a round, averaged over the rounds (1 when not repeated).
  double repeats() const;
  /// The seconds of every pass of every round.
  double seconds_in_all() const;
  /// The median round's seconds (0 with no round).
  double seconds() const { return median(rounds); }
  /// Millions of nodes per second in the median round (0 if it took no measurable time).
  double mnps() const { return seconds() > 0 ? nodes / seconds() / 1e6 : 0.0; }
  /// (slowest - fastest) / median of the rounds' times: 0.05 when they lie within 5% of the median's width.
  double spread() const;
  /// The median of `v` (the mean of the middle two for an even count; 0 if empty).
  static double median(std::vector<double> v);
};

/// One timed run of a compare: a generator and the counting it is timed with.
struct Run {
  Generator generator;
  Counting counting;
};

/// The counting a perft of generator g asked for `c` does (BULK_SIBLINGS is BULK_NODE without a sibling count).
Counting counting_used(Generator g, Counting c);

/// Each generator with `counting`; with bulk counting, each generator that counts siblings (issue 32: the
/// tuned bitboard) again with --bulk node, the counting of Stockfish's and the peers' perft, after them all.
std::vector<Run> runs_of(const std::vector<Generator>& generators, Counting counting);

/// A run's name in the report: the generator's, with " --bulk node" for the second run of a sibling counter.
std::string run_name(const Run& run);

/// A count of the EPD that a run did not reproduce: its depth, the run, the count it gave and the EPD's, and
/// for a repeated pass (repeat_passes) the position's line in the file.
struct Mismatch {
  int depth;
  Run run;
  std::uint64_t got, expected;
  int line = 0;
};

/// One position of a compare: each run's nodes and, round by round, time summed over the EPD's depths
/// 1..deepest (deepest 0: no count within --max-depth), the EPD's own sum, and the counts that differ from it.
struct CompareRow {
  int deepest = 0, counts_checked = 0;
  std::uint64_t expected_nodes = 0;
  std::vector<Timed> timed;  // one per run, in the order of `runs`
  std::vector<Mismatch> problems;
};

/// The position's counts within max_depth, `rounds` times over: round r runs the generators in rotated order,
/// starting with run r mod n, so that none always runs first (on a cold cache) or right after the same
/// neighbour. Every round's count is checked; a count that differs is reported once.
CompareRow compare_position(const EpdEntry& entry, const std::vector<Run>& runs, int max_depth, int rounds);

/// The tuned tier's runs timed again (issue 57: over the bundled suite to depth 4 one pass of a tuned generator
/// lasts a twentieth of a second, too short to time as compare's rows are): each run's passes over every count of
/// `entries` within max_depth (refused positions left out), and what they got wrong.
struct RepeatedPasses {
  std::vector<Timed> timed;        // one per run, in the order of `runs`
  std::vector<Mismatch> problems;  // each count that differs from the EPD, once per run, with its line
};

/// Passes over the suite, until each run has run min_seconds or more in all; a run that has stops making passes. A
/// pass cuts the suite into groups of consecutive positions of 2 million nodes or more; each run in turn (the turns
/// rotated from group to group) runs a group once untimed and then `rounds` times timed, each timed as a whole. A
/// round's time is then its seconds per pass. Every count is checked. Every timed round follows the same run on the
/// same group: a run that follows another runs slower, its caches and branch history warmed by the other (a count
/// run again at once ran 10% faster for bitboard-tuned), and when rounds followed different runs by turns that
/// difference was a spread of 4% (siblings' round 0 slowest, round 4 fastest in every compare of 2026-12-08). A
/// group's rounds follow each other within milliseconds, so that a change in the machine's load falls on all alike.
RepeatedPasses repeat_passes(const std::vector<EpdEntry>& entries, const std::vector<Run>& runs, int max_depth,
                             int rounds, double min_seconds);

}  // namespace movegen::harness
