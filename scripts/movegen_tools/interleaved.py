"""The clock runs of the report: perft_bench and Stockfish's `go perft` interleaved, position by position, round
by round, every Stockfish count checked."""

import subprocess

from . import standard
from .failure import EXIT_ENGINE, EXIT_FAILED, Failure
from .perft_bench import benchmark_depths, run_benchmarks
from .standard import expected
from .stockfish import EngineError, Stockfish


# Every Stockfish timing repeats `go perft` until this many seconds of CPU time have passed, and each benchmark of
# the tuned pair runs at least as long (Google Benchmark's --benchmark_min_time); the reference generators' at
# least REFERENCE_MIN_SECONDS.
MIN_SECONDS, REFERENCE_MIN_SECONDS = 1.0, 0.2


def time_stockfish(engine, name, fen, depth, counts):
    """Stockfish's `go perft depth` on one position, sent again until MIN_SECONDS of CPU time have passed:
    {"runs", "wall_seconds", "cpu_seconds"}, the seconds summed over the runs. (Each command still carries
    Stockfish's fixed cost; standard.GOAL_DEPTH keeps that small where a ratio is held to a goal.)"""
    total = {"runs": 0, "wall_seconds": 0.0, "cpu_seconds": 0.0}
    while total["cpu_seconds"] < MIN_SECONDS:
        try:
            nodes, wall, cpu = engine.timed_perft(fen, depth)
        except EngineError as e:
            raise Failure(str(e), EXIT_ENGINE)
        if nodes != expected(counts, fen, depth):
            raise Failure(f"Stockfish: {name} depth {depth}: {nodes} nodes, published {expected(counts, fen, depth)}",
                          EXIT_FAILED)
        if cpu is None:
            raise Failure("cannot read Stockfish's CPU time (/proc/PID/task/*/schedstat)", EXIT_ENGINE)
        total["runs"] += 1
        total["wall_seconds"] += wall
        total["cpu_seconds"] += cpu
    return total


def stockfish_rate(run, nodes):
    """Nodes per second of CPU time of one time_stockfish result on a position of `nodes` nodes."""
    return nodes * run["runs"] / run["cpu_seconds"]


def run_interleaved(bench, generators, siblings, tuned, stockfish, repetitions, counts, timeout):
    """Every round runs each position on our generators (the tuned pair, `tuned`, also at the position's goal
    depth, for the Mnps of its table against Stockfish, whose ratios measure_alternation takes) and then on
    Stockfish at the row's depth. Returns (our context, our benchmark entries, Stockfish's name,
    {(position, depth): [Stockfish timing per round]})."""
    try:
        engine = Stockfish(stockfish, timeout)
    except EngineError as e:
        raise Failure(str(e), EXIT_ENGINE)
    context, entries, sf_runs = None, [], {}
    try:
        for r in range(repetitions):
            for name, fen, depth, leaf_depth in standard.CASES:
                reference = [g for g in generators if g not in tuned]
                ours = []
                for group, is_tuned, min_seconds in ((reference, False, REFERENCE_MIN_SECONDS),
                                                     ([g for g in generators if g in tuned], True, MIN_SECONDS)):
                    if group:
                        bulk_depths, leaf_depths = benchmark_depths(name, depth, leaf_depth, is_tuned)
                        context, runs = run_benchmarks(bench, group, name, bulk_depths, leaf_depths, siblings,
                                                       min_seconds)
                        ours += runs
                entries += ours
                sf_runs.setdefault((name, depth), []).append(time_stockfish(engine, name, fen, depth, counts))
                sf_mnps = stockfish_rate(sf_runs[(name, depth)][-1], expected(counts, fen, depth)) / 1e6
                print(f"round {r + 1}/{repetitions} {name}: "
                      + ", ".join(f"{b['run_name']} {b['nodes_per_second'] / 1e6:.1f}" for b in ours)
                      + f", Stockfish D{depth} {sf_mnps:.1f} Mnps", flush=True)
    finally:
        try:
            engine.close()
        except (EngineError, OSError, subprocess.TimeoutExpired):
            engine.proc.kill()
    return context, entries, engine.name, sf_runs
