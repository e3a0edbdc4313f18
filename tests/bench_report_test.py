"""The benchmark report (scripts/movegen_tools/): its measure of what else ran beside the clock runs
(machine.others_share), against a process that keeps a core busy and against made-up samples; and the tuned
pair's table against Stockfish, whose ratios come from alternation: from made-up alternation data, and from
one short alternated run of MOVEGEN against Stockfish. Run by CTest as bench_report_test:
python3 bench_report_test.py [MOVEGEN]."""
import json
import os
import shutil
import subprocess
import sys
import time
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "scripts"))
from movegen_tools import alternation, machine, perft_bench, standard, tables  # noqa: E402
from quick import quick_tests  # noqa: E402

MOVEGEN = sys.argv.pop(1) if len(sys.argv) > 1 else None
STOCKFISH = shutil.which("stockfish") or shutil.which("/usr/games/stockfish")


class OthersShare(unittest.TestCase):
    def test_others_are_the_machine_less_this_process(self):
        # 300 busy seconds on the machine, 100 of them ours, over 100 s on 2 cores: 200 of 200 available.
        self.assertAlmostEqual(machine.others_share((1000, 50, 10), (1300, 150, 110), 2), 1.0)
        self.assertAlmostEqual(machine.others_share((1000, 50, 10), (1150, 150, 110), 2), 0.25)

    def test_share_is_clamped_and_missing_samples_give_none(self):
        self.assertEqual(machine.others_share((1000, 50, 10), (1050, 150, 110), 2), 0.0)
        self.assertIsNone(machine.others_share((None, 50, 10), (1050, 150, 110), 2))
        self.assertIsNone(machine.others_share((1000, 50, 10), (1050, 150, 10), 2))

    def test_a_busy_process_beside_us_counts_and_our_own_work_does_not(self):
        if machine.machine_busy_seconds() is None:
            self.fail("/proc/stat cannot be read: others_share has nothing to measure on this system")
        cores = os.cpu_count()
        # Our own work, in a child we wait for: counted as ours, and seen in the machine's busy time. What else
        # runs on the machine (a shared machine, ctest -j, a build beside it) only adds to the machine's time,
        # so each assertion holds however busy the machine is.
        before = machine.cpu_sample()
        subprocess.run([sys.executable, "-c", "import time\nt = time.process_time()\n"
                        "while time.process_time() - t < 1.0: pass"], check=True)
        after = machine.cpu_sample()
        own = after[1] - before[1]
        self.assertGreater(own, 0.9, "the waited child's CPU time is not counted as ours")
        self.assertGreater(after[0] - before[0], 0.9 * own, "/proc/stat does not show our child's CPU time")
        # Another process, not ours to wait for while we sample: at least its one core of `cores` is counted.
        spinner = subprocess.Popen([sys.executable, "-c", "import time\nt = time.process_time()\n"
                                    "while time.process_time() - t < 1.5: pass"])
        before = machine.cpu_sample()
        time.sleep(1.0)
        theirs = machine.others_share(before, machine.cpu_sample(), cores)
        spinner.wait()
        self.assertGreater(theirs, 0.8 / cores, f"a spinner beside us counted as {theirs:.2f} of the machine")


class AlternatedRatios(unittest.TestCase):
    def test_no_bulk_ratio_is_against_stockfish_at_the_bulk_depth(self):
        # Issue 32's --no-bulk goals are "of Stockfish's bulk rate": Stockfish at the goal depth, ours one ply less.
        self.assertEqual(standard.alternation_depths("start", "node"), (6, 6))
        self.assertEqual(standard.alternation_depths("start", "none"), (5, 6))
        self.assertEqual(standard.alternation_depths("position4", "node"), (6, 6))
        self.assertEqual(standard.alternation_depths("position4", "none"), (5, 6))

    def test_perft_bench_runs_the_tuned_pair_at_every_depth_its_goal_table_shows(self):
        # The goal table reads the tuned pair's Mnps at the alternated depths (position 4 without bulk counting:
        # D5, below its row's D4); a depth that perft_bench was not asked for would fail the whole report at its end.
        for name, _, depth, leaf_depth in standard.CASES:
            bulk, leaf = perft_bench.benchmark_depths(name, depth, leaf_depth, tuned=True)
            self.assertIn(depth, bulk)
            self.assertIn(leaf_depth, leaf)
            if name in standard.GOAL_POSITIONS:
                self.assertIn(standard.alternation_depths(name, "node")[0], bulk, name)
                self.assertIn(standard.alternation_depths(name, "none")[0], leaf, name)
            self.assertEqual(perft_bench.benchmark_depths(name, depth, leaf_depth, tuned=False),
                             ([depth], [leaf_depth]))

    def test_the_goal_table_takes_its_ratios_from_the_alternation_data(self):
        # perft_bench's rates and made-up paired Stockfish rates would give 2.00x everywhere; the table must show
        # the alternation medians instead, with the goals judged on them.
        rates, runs = {}, []
        for i, name in enumerate(standard.GOAL_POSITIONS):
            for mode, family in (("node", "PerftBulkNode"), ("none", "PerftMakeEveryLeaf")):
                depth, sf_depth = standard.alternation_depths(name, mode)
                rates[(family, "BitboardTuned", name, depth)] = [(1, 200e6), (1, 202e6), (1, 201e6)]
                median = (7.0 + i) if mode == "node" else 0.25
                runs.append({"generator": "bitboard-tuned", "mode": mode, "position": name, "depth": depth,
                             "stockfish_depth": sf_depth, "ratios": [median], "median": median})
        rows = tables.tuned_against_stockfish(["BitboardTuned"], rates, {"runs": runs})
        self.assertEqual([r[:2] for r in rows], [["bitboard-tuned", "--bulk node"], ["bitboard-tuned", "--no-bulk"]])
        self.assertEqual(rows[0][2:], ["201.0; 7.00x (met 6.4)", "201.0; 8.00x (goal 8.7)",
                                       "201.0; 9.00x (met 8.6)", "201.0; 10.00x (met 9.5)"])
        self.assertEqual(rows[1][2], "201.0; 0.25x (goal 0.57)")

    @unittest.skipUnless(MOVEGEN and STOCKFISH, "needs MOVEGEN (argument) and Stockfish")
    def test_one_short_alternated_round_is_checked_and_written_whole(self):
        # The start position at the report's depths (shallower runs would be mostly start-up, which is
        # subtracted), one round of a fifth of a second: Stockfish's one answer at depth 6 ends the round.
        # With MOVEGEN_TEST_QUICK=1 (the sanitizer build, tests/quick.hpp) two plies shallower, as the report's
        # --depth-offset -2: there the ratio is mostly start-up and is not judged, but the round still waits
        # for the slow build's first run and checks every count.
        quick = quick_tests()
        offset = -2 if quick else 0
        counts = standard.load_counts(os.path.join(os.path.dirname(os.path.abspath(__file__)), "data",
                                                       "standard.epd"))
        saved = standard.CASES, standard.GOAL_DEPTH
        standard.CASES, standard.GOAL_DEPTH = standard.with_depth_offset(offset)
        try:
            data = alternation.measure_alternation(MOVEGEN, STOCKFISH, ["bitboard-tuned"], 1, 0.2, counts,
                                                    positions=("start",))
        finally:
            standard.CASES, standard.GOAL_DEPTH = saved
        json.dumps(data)  # alternation.json's content
        self.assertEqual([(r["mode"], r["depth"], r["stockfish_depth"]) for r in data["runs"]],
                         [("node", 6 + offset, 6 + offset), ("none", 5 + offset, 6 + offset)])
        start_counts = {6: 119060324, 5: 4865609, 4: 197281, 3: 8902}
        for run in data["runs"]:
            (raw,) = run["rounds"]
            self.assertEqual((raw["nodes"], raw["stockfish_nodes"]),
                             (start_counts[run["depth"]], start_counts[run["stockfish_depth"]]), run)
            self.assertGreaterEqual(min(raw["runs"], raw["stockfish_runs"]), 1, run)
            # The ratio is recomputable from the raw figures a reader gets.
            rate = raw["nodes"] * raw["runs"] / raw["cpu_seconds"]
            sf_rate = raw["stockfish_nodes"] * raw["stockfish_runs"] / raw["stockfish_cpu_seconds"]
            self.assertAlmostEqual(run["median"], rate / sf_rate)
            if not quick:
                self.assertTrue(0.01 < run["median"] < 100, run)


if __name__ == "__main__":
    unittest.main()
