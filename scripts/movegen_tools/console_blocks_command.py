"""The command line of scripts/check_console_blocks.py: the pasted outputs of README.md and docs/*.md against
the program (console_blocks says how a block is read and matched).

    scripts/check_console_blocks.py                 # every block not marked ci or record, build tree build/
    scripts/check_console_blocks.py --ci --show     # the ci blocks too, each output shown (CI's main job)
    scripts/check_console_blocks.py --write README.md   # paste what the program prints now into the blocks

Exit status: 0 every block matches, 1 a block differs (one line per command, naming the doc and its line),
2 bad arguments or a missing build tree.
"""
import argparse
import glob
import os
import sys

from .console_blocks import check_docs

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))


def default_docs():
    """README.md and docs/*.md, relative to the checkout."""
    return ["README.md"] + sorted(os.path.relpath(p, ROOT) for p in glob.glob(os.path.join(ROOT, "docs", "*.md")))


def main(argv=None):
    """Runs the check (or the rewrite) and returns the exit status."""
    parser = argparse.ArgumentParser(description="Check the pasted movegen outputs of README.md and docs/*.md "
                                                 "against what the program prints (timings aside).")
    parser.add_argument("docs", nargs="*", help="docs to check, relative to the checkout (default: README.md "
                                                "and docs/*.md)")
    parser.add_argument("--build", default=os.path.join(ROOT, "build"),
                        help="the build tree holding movegen and tests/broken_engine (default: build)")
    parser.add_argument("--ci", action="store_true", help="also run the blocks marked <!-- console: ci -->")
    parser.add_argument("--write", action="store_true", help="rewrite the blocks with the program's output")
    parser.add_argument("--show", action="store_true", help="print each command and its output as it runs")
    parser.add_argument("--timeout", type=float, default=600, help="seconds per command (default 600)")
    args = parser.parse_args(argv)
    if not os.path.isfile(os.path.join(args.build, "movegen")):
        print(f"check_console_blocks: --build: no movegen in '{args.build}': build it first", file=sys.stderr)
        return 2
    problems, ran = check_docs(ROOT, args.build, args.docs or default_docs(), args.ci, args.write, args.timeout,
                                args.show)
    for problem in problems:
        print(problem)
    verb = "rewrote the output of" if args.write else "checked"
    print(f"check_console_blocks: {verb} {ran} commands; {len(problems)} differ")
    return 1 if problems else 0
