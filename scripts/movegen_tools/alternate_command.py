"""Clock ratios that a shared machine's drifts cannot move: two perft processes alternated on one CPU.

On a shared 2-core machine, two perft runs taken one after the other can differ by a factor of 2 (the host's
other guests come and go), so interleaved rounds of whole runs need many rounds to show a 3% change. Here the
two processes run at once, pinned to one CPU, and are alternated every --slice-ms by SIGSTOP and SIGCONT: any
drift slower than a few slices slows both alike. Each side's CPU time comes from the kernel (wait4 for ours,
/proc/PID/task/*/schedstat for Stockfish, through movegen_tools/stockfish.py). Linux only.

  scripts/alternate.py builds OLD NEW             # each position: OLD's CPU time over NEW's (> 1: NEW faster)
  scripts/alternate.py stockfish MOVEGEN          # each position: our node rate over Stockfish's `go perft`

`builds` runs both movegen binaries on the same perft, one ply deeper than the benchmark report's row (position 4
at its goal depth) so that each run spans a hundred slices or more, and checks that both print the same count.
With the same binary on both sides, single rounds gave 0.99 to 1.03 on the 2-core machine type, where whole runs
timed one after the other differed by up to 2x. `stockfish`
restarts our perft each time it ends and sends `go perft` to one Stockfish process each time it answers,
for --seconds per position, at the depths of the benchmark report's goals (movegen_tools/standard.py), and
subtracts our start-up (the median CPU time of a depth-1 run) from each of our runs. With --bulk none, Stockfish
(which has no such mode) counts in bulk at our depth; the benchmark report's table of the goals takes it at the
bulk depth instead, through alternate_stockfish, which takes the two depths apart. Exit status: 0 measured;
1 a run failed or the counts differ; 2 a bad argument or a missing program.
"""

import argparse
import os
import shutil
import statistics
import sys

from . import standard
from .alternation import SECONDS, SLICE_MS, Failure, compare_builds, compare_stockfish, cpus
from .failure import EXIT_USAGE


def executable(path):
    """The full path of the program `path` (on PATH or a path), for argparse; an error if there is none."""
    found = shutil.which(path)
    if not found:
        raise argparse.ArgumentTypeError(f"no program {path!r}")
    return found


def parse_args(argv):
    """The command line's options, checked (argparse exits with status 2 on a bad one)."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = parser.add_subparsers(dest="mode", required=True)
    builds = sub.add_parser("builds", help="OLD's CPU time over NEW's, per position")
    builds.add_argument("old", type=executable, help="movegen binary")
    builds.add_argument("new", type=executable, help="movegen binary")
    builds.add_argument("--rounds", type=int, default=5, help="rounds per position (default 5)")
    engine = sub.add_parser("stockfish", help="our node rate over Stockfish's, per position")
    engine.add_argument("movegen", type=executable, help="movegen binary")
    engine.add_argument("--stockfish", type=executable, default="/usr/games/stockfish")
    engine.add_argument("--rounds", type=int, default=3, help="rounds per position (default 3)")
    engine.add_argument("--seconds", type=float, default=SECONDS,
                        help=f"wall seconds per position and round (default {SECONDS:g})")
    for p in (builds, engine):
        p.add_argument("--generator", default="bitboard-tuned")
        p.add_argument("--bulk", choices=["node", "siblings", "none"], default="node")
        p.add_argument("--positions", nargs="+", metavar="NAME", default=["start", "kiwipete", "position3",
                                                                          "position4"],
                       help="names of the benchmark report's positions (movegen_tools/standard.py)")
        p.add_argument("--depth-offset", type=int, default=0, help="added to each position's depth")
        p.add_argument("--slice-ms", type=float, default=SLICE_MS,
                       help=f"each process's turn, milliseconds (default {SLICE_MS:g})")
    args = parser.parse_args(argv)
    names = [c[0] for c in standard.CASES]
    for n in args.positions:
        if n not in names:
            parser.error(f"--positions: no position {n!r} (known: {', '.join(names)})")
    if args.rounds < 1:
        parser.error("--rounds: must be at least 1")
    if args.slice_ms <= 0:
        parser.error("--slice-ms: must be positive")
    return args


def main(argv):
    """Measures each position of --positions in --rounds rounds and prints its median ratio; 0."""
    args = parse_args(argv)
    cases = {name: (fen, bulk_depth, leaf_depth) for name, fen, bulk_depth, leaf_depth in standard.CASES}
    _, own_cpu = cpus()
    os.sched_setaffinity(0, {own_cpu})
    print(f"{args.mode}: {args.generator}, {'--no-bulk' if args.bulk == 'none' else '--bulk ' + args.bulk}, "
          f"{args.slice_ms:g} ms slices; " + ("OLD's CPU time over NEW's" if args.mode == "builds" else
                                              "our node rate over Stockfish's"))
    for name in args.positions:
        fen, bulk_depth, leaf_depth = cases[name]
        # builds: one ply deeper than the report's row (position 4 at the goal depth), so that each run lasts
        # a second or more, a hundred slices; stockfish: the report's depths, Stockfish's runs being the long ones.
        deeper = 1 if args.mode == "builds" else 0
        depth = leaf_depth + deeper if args.bulk == "none" else standard.GOAL_DEPTH.get(name, bulk_depth + deeper)
        depth += args.depth_offset
        if depth < 1:
            raise Failure(f"--depth-offset: {name} would run at depth {depth}", EXIT_USAGE)
        ratios = [compare_builds(args, name, fen, depth, r % 2 == 1) if args.mode == "builds"
                  else compare_stockfish(args, name, fen, depth) for r in range(args.rounds)]
        print(f"{name} depth {depth}: median {statistics.median(ratios):.3f}  "
              f"({' '.join(f'{x:.3f}' for x in ratios)})", flush=True)
    return 0


def run(argv):
    """The command line's exit status: main's, or a Failure's after its message on stderr."""
    try:
        return main(argv)
    except Failure as e:
        print(f"alternate.py: {e}", file=sys.stderr)
        return e.status
