"""The pasted `movegen` outputs of README.md and docs/*.md match what the program prints for their commands
(scripts/movegen_tools/console_blocks.py: counts, generator names and report lines; timings aside). First the
matcher is checked on made-up blocks, so that a checker that matches everything cannot pass.

    python3 console_blocks_test.py BUILD_DIR      # CTest: console_blocks_test"""
import os
import sys
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "scripts"))
from movegen_tools.console_blocks import check_docs, mask, matches, parse_blocks, unchecked_runs  # noqa: E402
from movegen_tools.console_blocks_command import ROOT, default_docs  # noqa: E402

BUILD = None  # set from the command line


class TheMatcher(unittest.TestCase):
    def test_timings_are_masked_and_counts_are_not(self):
        self.assertEqual(mask("  mailbox: 4865609 nodes in 0.05 s,  24.86 Mnps, spread 1%"),
                         "mailbox: 4865609 nodes in # s, # Mnps, spread #")
        self.assertEqual(mask('"rounds": [7.393e-05,'), '"rounds": [#,')
        self.assertTrue(matches(["Nodes searched: 20"], ["Nodes searched:   20"]))
        self.assertFalse(matches(["Nodes searched: 20"], ["Nodes searched: 21"]))
        self.assertTrue(matches(["x in 1.97 s"], ["x in 0.31 s"]))

    def test_an_ellipsis_stands_for_any_lines_and_only_there(self):
        out = ["a", "b", "c", "d"]
        self.assertTrue(matches(["a", "...", "d"], out))
        self.assertTrue(matches(["a", "b", "...", "c", "d"], out))  # none
        self.assertTrue(matches(["...", "b", "...", "d"], out))
        self.assertFalse(matches(["a", "...", "c"], out))  # d is not shown
        self.assertFalse(matches(["a", "c", "...", "d"], out))  # b is not shown
        self.assertFalse(matches(["a", "...", "e"], out))

    def test_blocks_commands_and_markers_are_read(self):
        text = ("x\n```console\n$ movegen a\n1\n...\n$ movegen b\n```\n"
                "<!-- console: ci -->\n```console\n$ movegen c\n2\n```\n")
        blocks = parse_blocks("doc.md", text)
        self.assertEqual([b.mode for b in blocks], ["run", "ci"])
        self.assertEqual([(c.text, c.line, c.expected) for c in blocks[0].commands],
                         [("movegen a", 3, ["1", "..."]), ("movegen b", 6, [])])
        self.assertEqual(blocks[1].commands[0].expected, ["2"])

    def test_a_pasted_run_outside_a_console_block_is_a_problem(self):
        text = ("```sh\nmovegen a\n```\n```console\n$ movegen b\n```\n```\n$ movegen c\n1\n```\n"
                "```sh\n$ movegen d\n```\n")
        problems = unchecked_runs("doc.md", text)
        self.assertEqual([p.split(":")[1] for p in problems], ["8", "12"])
        self.assertIn("movegen c", problems[0])


class TheDocs(unittest.TestCase):
    def test_every_pasted_output_is_what_the_program_prints(self):
        problems, ran = check_docs(ROOT, BUILD, default_docs())
        self.assertGreater(ran, 10)  # the blocks were found and run
        self.assertEqual(problems, [])


if __name__ == "__main__":
    BUILD = sys.argv.pop(1)
    unittest.main()
