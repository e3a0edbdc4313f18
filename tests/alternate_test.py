"""scripts/alternate.py (scripts/movegen_tools/alternate_command.py) against one movegen binary given twice:
each position measured with the same count on both sides and a ratio near 1, and bad arguments refused with
exit status 2 and the argument named.
Run by CTest as alternate_test: python3 alternate_test.py MOVEGEN."""
import os
import re
import subprocess
import sys
import unittest

from quick import quick_tests

SCRIPT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "scripts", "alternate.py")
MOVEGEN = sys.argv.pop(1) if len(sys.argv) > 1 else None


def alternate(*args):
    return subprocess.run([sys.executable, SCRIPT, *args], capture_output=True, text=True, timeout=120)


class Alternate(unittest.TestCase):
    def test_one_build_against_itself_measures_each_position_near_one(self):
        # With MOVEGEN_TEST_QUICK=1 (the sanitizer build, tests/quick.hpp) two plies shallower: the test runs
        # alone (RUN_SERIAL), and those two plies take it from 57 s to 3 s there.
        offset = "-3" if quick_tests() else "-1"
        run = alternate("builds", MOVEGEN, MOVEGEN, "--rounds", "2", "--depth-offset", offset, "--slice-ms", "2")
        self.assertEqual(run.returncode, 0, run.stderr)
        medians = dict(re.findall(r"^(\w+) depth \d+: median ([0-9.]+)", run.stdout, re.M))
        self.assertEqual(sorted(medians), ["kiwipete", "position3", "position4", "start"], run.stdout)
        for name, ratio in medians.items():
            # The same binary on both sides: only noise between them. A lost slice or a count of the wrong
            # process would be off by far more than this.
            self.assertTrue(0.5 < float(ratio) < 2.0, f"{name}: {ratio}")

    def test_bad_arguments_are_named_with_exit_status_2(self):
        for args, field in ((["builds", "/no/such/movegen", MOVEGEN], "no program"),
                            (["builds", MOVEGEN, MOVEGEN, "--positions", "nowhere"], "--positions"),
                            (["builds", MOVEGEN, MOVEGEN, "--rounds", "0"], "--rounds"),
                            (["builds", MOVEGEN, MOVEGEN, "--depth-offset", "-9"], "--depth-offset")):
            run = alternate(*args)
            self.assertEqual(run.returncode, 2, (args, run.stderr))
            self.assertIn(field, run.stderr, args)


if __name__ == "__main__":
    if not MOVEGEN:
        sys.exit("usage: alternate_test.py MOVEGEN")
    unittest.main()
