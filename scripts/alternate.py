#!/usr/bin/env python3
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
for --seconds per position, at the depths of the benchmark report's goals (scripts/bench_report.py), and
subtracts our start-up (the median CPU time of a depth-1 run) from each of our runs. With --bulk none, Stockfish
(which has no such mode) counts in bulk at our depth; the benchmark report's table of the goals takes it at the
bulk depth instead, through alternate_stockfish, which takes the two depths apart. Exit status: 0 measured;
1 a run failed or the counts differ; 2 a bad argument or a missing program.
"""

import argparse
import os
import queue
import shutil
import signal
import statistics
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bench_report import CASES, GOAL_DEPTH, MODES  # noqa: E402  (the report's positions, depths and modes)
from movegen_tools.stockfish import EngineError, Stockfish  # noqa: E402

EXIT_FAILED, EXIT_USAGE = 1, 2
# Each process's turn and, against Stockfish, the wall seconds per position and round (the options' defaults;
# scripts/bench_report.py's alternated table uses them too).
SLICE_MS, SECONDS = 10, 8
# How many seconds past --seconds a round waits for our perft's first run to end (a slow build: sanitizers).
OUR_RUN_LIMIT = 120


class Failure(Exception):
    def __init__(self, message, status=EXIT_FAILED):
        super().__init__(message)
        self.status = status


# The CPUs this process may use when it starts, before main (or scripts/bench_report.py) pins it to one of them.
ALLOWED = sorted(os.sched_getaffinity(0))


def cpus():
    """(the CPU the measured processes share, the CPU this script runs on): the last two this process may use
    (ALLOWED: read once, since the script's own pinning would otherwise leave one CPU for both)."""
    return ALLOWED[-1], ALLOWED[-2] if len(ALLOWED) > 1 else ALLOWED[-1]


def perft_command(movegen, args, fen, depth):
    return [movegen, "perft", "--generator", args.generator, *dict(MODES)[args.bulk], "--threads", "1", "--hash", "0",
            "--fen", fen, str(depth)]


def start_stopped(command, cpu, **kwargs):
    """The process of `command` pinned to `cpu` and stopped at once (it may run a few instructions first)."""
    process = subprocess.Popen(command, preexec_fn=lambda: os.sched_setaffinity(0, {cpu}), **kwargs)
    os.kill(process.pid, signal.SIGSTOP)
    return process


def run_slice(process, seconds):
    os.kill(process.pid, signal.SIGCONT)
    time.sleep(seconds)
    os.kill(process.pid, signal.SIGSTOP)


def reap(process, block=False):
    """The CPU seconds of `process` if it has exited (raising Failure on a non-zero exit), else None."""
    pid, status, usage = os.wait4(process.pid, (0 if block else os.WNOHANG) | os.WUNTRACED)
    if not pid or not (os.WIFEXITED(status) or os.WIFSIGNALED(status)):
        return None
    if not os.WIFEXITED(status) or os.WEXITSTATUS(status) != 0:
        raise Failure(f"{' '.join(process.args)}: exit status {status}")
    return usage.ru_utime + usage.ru_stime


def nodes_of(text, who):
    for line in text.splitlines():
        if line.startswith("Nodes searched"):
            return int(line.split(":")[1])
    raise Failure(f"{who}: no 'Nodes searched' line")


def compare_builds(args, name, fen, depth, swap):
    """OLD's CPU time over NEW's on one perft, the two alternated on one CPU."""
    cpu, _ = cpus()
    pair = [start_stopped(perft_command(b, args, fen, depth), cpu, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                          text=True) for b in (args.old, args.new)]
    alive, seconds, turn = list(reversed(pair) if swap else pair), {}, 0
    while alive:
        process = alive[turn % len(alive)]
        run_slice(process, args.slice_ms / 1000)
        for p in list(alive):
            t = reap(p)
            if t is not None:
                seconds[p.pid] = t
                alive.remove(p)
        turn += 1
    counts = [nodes_of(p.stdout.read(), p.args[0]) for p in pair]
    if counts[0] != counts[1]:
        raise Failure(f"{name} depth {depth}: OLD counts {counts[0]}, NEW {counts[1]}")
    return seconds[pair[0].pid] / seconds[pair[1].pid]


def startup_seconds(args, fen):
    """The median CPU time of our perft at depth 1: start-up and the FEN."""
    cpu, _ = cpus()
    times = []
    for _ in range(7):
        p = start_stopped(perft_command(args.movegen, args, fen, 1), cpu, stdout=subprocess.DEVNULL,
                          stderr=subprocess.DEVNULL)
        os.kill(p.pid, signal.SIGCONT)
        times.append(reap(p, block=True))
    return statistics.median(times)


def alternate_stockfish(args, name, fen, depth, stockfish_depth):
    """One round of our perft at `depth` and Stockfish's `go perft stockfish_depth` on one position, alternated
    on one CPU in --slice-ms slices for --seconds: {"depth", "nodes", "runs", "cpu_seconds" (summed, our start-up
    subtracted from each run), "startup_seconds", "stockfish_depth", "stockfish_nodes", "stockfish_runs",
    "stockfish_cpu_seconds", "ratio" (our node rate over Stockfish's, both per CPU second)}. The counts are the
    caller's to check."""
    cpu, _ = cpus()
    startup = startup_seconds(args, fen)
    engine, ours = None, None
    try:
        engine = Stockfish(args.stockfish, timeout=60, wrapper=("taskset", "-c", str(cpu)))
        engine.send("setoption name Threads value 1")
        engine.send("setoption name Hash value 1")
        engine.timed_perft(fen, 1)  # start-up (the network loaded) before any timing
        os.kill(engine.proc.pid, signal.SIGSTOP)
        engine_start = engine.cpu_seconds()
        if engine_start is None:
            raise Failure("cannot read Stockfish's CPU time (/proc/PID/task/*/schedstat)")
        engine.send(f"go perft {stockfish_depth}")
        engine_runs, ours_runs, ours_seconds, began = 0, 0, 0.0, time.monotonic()
        # The round ends at Stockfish's first answer after --seconds, or, if our perft has not ended once by
        # then, when it does (within OUR_RUN_LIMIT seconds more): Stockfish is not sent another `go perft`
        # meanwhile, and sits idle in its turns.
        engine_done = False
        ours = start_stopped(perft_command(args.movegen, args, fen, depth), cpu, stdout=subprocess.PIPE,
                             stderr=subprocess.DEVNULL, text=True)
        while not (engine_done and ours_runs > 0):
            run_slice(engine.proc, args.slice_ms / 1000)
            while not engine_done:
                try:
                    line = engine.lines.get_nowait()
                except queue.Empty:
                    break
                if line is None:
                    raise Failure(f"{args.stockfish} quit during `go perft {stockfish_depth}`")
                if line.startswith("Nodes searched:"):
                    engine_nodes = int(line.split(":")[1])
                    engine_runs += 1
                    if time.monotonic() - began < args.seconds:
                        engine.send(f"go perft {stockfish_depth}")
                    else:
                        engine_done = True
            if engine_done and ours_runs > 0:
                break
            if engine_done and time.monotonic() - began > args.seconds + OUR_RUN_LIMIT:
                raise Failure(f"{name}: our perft {depth} did not end within {args.seconds + OUR_RUN_LIMIT:g} s")
            run_slice(ours, args.slice_ms / 1000)
            t = reap(ours)
            if t is not None:
                our_nodes = nodes_of(ours.stdout.read(), args.movegen)
                ours.stdout.close()
                ours_seconds += t - startup
                ours_runs += 1
                if not engine_done:
                    ours = start_stopped(perft_command(args.movegen, args, fen, depth), cpu,
                                         stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        engine_seconds = engine.cpu_seconds() - engine_start
    except EngineError as e:
        raise Failure(f"{args.stockfish}: {e}")
    finally:
        for p in (engine.proc if engine else None, ours):
            if p is not None and p.poll() is None:
                p.kill()
                os.kill(p.pid, signal.SIGCONT)
                p.wait()
        if ours is not None and ours.stdout and not ours.stdout.closed:
            ours.stdout.close()
    return {"depth": depth, "nodes": our_nodes, "runs": ours_runs, "cpu_seconds": ours_seconds,
            "startup_seconds": startup, "stockfish_depth": stockfish_depth, "stockfish_nodes": engine_nodes,
            "stockfish_runs": engine_runs, "stockfish_cpu_seconds": engine_seconds,
            "ratio": (our_nodes * ours_runs / ours_seconds) / (engine_nodes * engine_runs / engine_seconds)}


def compare_stockfish(args, name, fen, depth):
    """Our node rate over Stockfish's on one position, both at `depth`, the two alternated on one CPU."""
    run = alternate_stockfish(args, name, fen, depth, depth)
    if run["nodes"] != run["stockfish_nodes"]:
        raise Failure(f"{name} depth {depth}: we count {run['nodes']}, Stockfish {run['stockfish_nodes']}")
    return run["ratio"]


def executable(path):
    found = shutil.which(path)
    if not found:
        raise argparse.ArgumentTypeError(f"no program {path!r}")
    return found


def parse_args(argv):
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
                       help="names of scripts/bench_report.py's positions")
        p.add_argument("--depth-offset", type=int, default=0, help="added to each position's depth")
        p.add_argument("--slice-ms", type=float, default=SLICE_MS,
                       help=f"each process's turn, milliseconds (default {SLICE_MS:g})")
    args = parser.parse_args(argv)
    names = [c[0] for c in CASES]
    for n in args.positions:
        if n not in names:
            parser.error(f"--positions: no position {n!r} (known: {', '.join(names)})")
    if args.rounds < 1:
        parser.error("--rounds: must be at least 1")
    if args.slice_ms <= 0:
        parser.error("--slice-ms: must be positive")
    return args


def main(argv):
    args = parse_args(argv)
    cases = {name: (fen, bulk_depth, leaf_depth) for name, fen, bulk_depth, leaf_depth in CASES}
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
        depth = leaf_depth + deeper if args.bulk == "none" else GOAL_DEPTH.get(name, bulk_depth + deeper)
        depth += args.depth_offset
        if depth < 1:
            raise Failure(f"--depth-offset: {name} would run at depth {depth}", EXIT_USAGE)
        ratios = [compare_builds(args, name, fen, depth, r % 2 == 1) if args.mode == "builds"
                  else compare_stockfish(args, name, fen, depth) for r in range(args.rounds)]
        print(f"{name} depth {depth}: median {statistics.median(ratios):.3f}  "
              f"({' '.join(f'{x:.3f}' for x in ratios)})", flush=True)
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main(sys.argv[1:]))
    except Failure as e:
        print(f"alternate.py: {e}", file=sys.stderr)
        sys.exit(e.status)
