"""scripts/bench_report.py's measure of what else ran beside the clock runs (others_share), against a
process that keeps a core busy and against made-up samples. Run by CTest as bench_report_test."""
import os
import subprocess
import sys
import time
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "scripts"))
import bench_report  # noqa: E402


class OthersShare(unittest.TestCase):
    def test_others_are_the_machine_less_this_process(self):
        # 300 busy seconds on the machine, 100 of them ours, over 100 s on 2 cores: 200 of 200 available.
        self.assertAlmostEqual(bench_report.others_share((1000, 50, 10), (1300, 150, 110), 2), 1.0)
        self.assertAlmostEqual(bench_report.others_share((1000, 50, 10), (1150, 150, 110), 2), 0.25)

    def test_share_is_clamped_and_missing_samples_give_none(self):
        self.assertEqual(bench_report.others_share((1000, 50, 10), (1050, 150, 110), 2), 0.0)
        self.assertIsNone(bench_report.others_share((None, 50, 10), (1050, 150, 110), 2))
        self.assertIsNone(bench_report.others_share((1000, 50, 10), (1050, 150, 10), 2))

    def test_a_busy_process_beside_us_counts_and_our_own_work_does_not(self):
        if bench_report.machine_busy_seconds() is None:
            self.fail("/proc/stat cannot be read: others_share has nothing to measure on this system")
        cores = os.cpu_count()
        # Our own work, in a child we wait for: not counted as another process's.
        before = bench_report.cpu_sample()
        subprocess.run([sys.executable, "-c", "import time\nt = time.process_time()\n"
                        "while time.process_time() - t < 1.0: pass"], check=True)
        ours = bench_report.others_share(before, bench_report.cpu_sample(), cores)
        # Another process, not ours to wait for while we sample: counted.
        spinner = subprocess.Popen([sys.executable, "-c", "import time\nt = time.process_time()\n"
                                    "while time.process_time() - t < 1.5: pass"])
        before = bench_report.cpu_sample()
        time.sleep(1.0)
        theirs = bench_report.others_share(before, bench_report.cpu_sample(), cores)
        spinner.wait()
        # A spinner alone on one of `cores` cores is 1/cores of the machine; allow for other jobs on a shared
        # machine in both measurements by comparing them.
        self.assertGreater(theirs, ours + 0.5 / cores, f"spinner {theirs:.2f}, own child {ours:.2f}")


if __name__ == "__main__":
    unittest.main()
