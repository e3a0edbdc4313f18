"""Two processes alternated on one CPU, so that a shared machine's drifts slow both alike: two movegen builds on
one perft (compare_builds), or our perft against Stockfish's `go perft` (alternate_stockfish), and the report's
table of the goals measured so (measure_alternation). alternate_command is its command line. Linux only."""

import argparse
import os
import queue
import signal
import statistics
import subprocess
import time

from . import standard
from .failure import EXIT_ENGINE, EXIT_FAILED, Failure
from .standard import GOAL_MODES, GOAL_POSITIONS, MODES, alternation_depths, expected
from .stockfish import EngineError, Stockfish


# Each process's turn and, against Stockfish, the wall seconds per position and round (the options' defaults;
# the benchmark report's alternated table uses them too).
SLICE_MS, SECONDS = 10, 8

# How many seconds past --seconds a round waits for our perft's first run to end (a slow build: sanitizers).
OUR_RUN_LIMIT = 120

# The CPUs this process may use when it starts, before alternate_command.main (or the report's
# measure_alternation) pins it to one of them.
ALLOWED = sorted(os.sched_getaffinity(0))


def cpus():
    """(the CPU the measured processes share, the CPU this script runs on): the last two this process may use
    (ALLOWED: read once, since the script's own pinning would otherwise leave one CPU for both)."""
    return ALLOWED[-1], ALLOWED[-2] if len(ALLOWED) > 1 else ALLOWED[-1]


def perft_command(movegen, args, fen, depth):
    """The command line of one `movegen perft` on one thread without a table, in --bulk's counting mode."""
    return [movegen, "perft", "--generator", args.generator, *dict(MODES)[args.bulk], "--threads", "1", "--hash", "0",
            "--fen", fen, str(depth)]


def start_stopped(command, cpu, **kwargs):
    """The process of `command` pinned to `cpu` and stopped at once (it may run a few instructions first)."""
    process = subprocess.Popen(command, preexec_fn=lambda: os.sched_setaffinity(0, {cpu}), **kwargs)
    os.kill(process.pid, signal.SIGSTOP)
    return process


def run_slice(process, seconds):
    """Lets the stopped `process` run for `seconds` of wall-clock time, then stops it again."""
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
    """The count of perft's "Nodes searched" line in `text`; Failure naming `who` if there is none."""
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


class _StockfishRound:
    """The state of one alternate_stockfish round: Stockfish's process and our perft's, and each side's tally."""

    def __init__(self, args, name, fen, depth, stockfish_depth, cpu):
        self.args, self.name, self.fen, self.depth, self.stockfish_depth, self.cpu = (args, name, fen, depth,
                                                                                       stockfish_depth, cpu)
        self.startup = startup_seconds(args, fen)
        self.engine, self.ours = None, None
        self.engine_runs, self.engine_nodes, self.engine_done = 0, None, False
        self.ours_runs, self.our_nodes, self.ours_seconds = 0, None, 0.0

    def start(self):
        """Starts Stockfish on our CPU, loads it (its first `go perft`, untimed), stops it, and sends the round's
        first `go perft`; then starts our perft, stopped."""
        engine = self.engine = Stockfish(self.args.stockfish, timeout=60, wrapper=("taskset", "-c", str(self.cpu)))
        engine.send("setoption name Threads value 1")
        engine.send("setoption name Hash value 1")
        engine.timed_perft(self.fen, 1)  # start-up (the network loaded) before any timing
        os.kill(engine.proc.pid, signal.SIGSTOP)
        self.engine_start = engine.cpu_seconds()
        if self.engine_start is None:
            raise Failure("cannot read Stockfish's CPU time (/proc/PID/task/*/schedstat)")
        engine.send(f"go perft {self.stockfish_depth}")
        self.began = time.monotonic()
        self.ours = self.start_ours()

    def start_ours(self):
        """Our perft on the round's position, started pinned to the shared CPU and stopped."""
        return start_stopped(perft_command(self.args.movegen, self.args, self.fen, self.depth), self.cpu,
                             stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)

    def finished(self):
        """True once Stockfish's part of the round has ended and our perft has ended at least once."""
        return self.engine_done and self.ours_runs > 0

    def engine_turn(self):
        """Stockfish's slice, then its answers: each `go perft` that ends is counted and, before --seconds have
        passed, sent again; the first to end after them ends Stockfish's part of the round."""
        run_slice(self.engine.proc, self.args.slice_ms / 1000)
        while not self.engine_done:
            try:
                line = self.engine.lines.get_nowait()
            except queue.Empty:
                return
            if line is None:
                raise Failure(f"{self.args.stockfish} quit during `go perft {self.stockfish_depth}`")
            if line.startswith("Nodes searched:"):
                self.engine_nodes = int(line.split(":")[1])
                self.engine_runs += 1
                if time.monotonic() - self.began < self.args.seconds:
                    self.engine.send(f"go perft {self.stockfish_depth}")
                else:
                    self.engine_done = True

    def our_turn(self):
        """Our perft's slice; a run that ends is counted, less start-up, and started again while Stockfish's part
        of the round goes on."""
        run_slice(self.ours, self.args.slice_ms / 1000)
        t = reap(self.ours)
        if t is None:
            return
        self.our_nodes = nodes_of(self.ours.stdout.read(), self.args.movegen)
        self.ours.stdout.close()
        self.ours_seconds += t - self.startup
        self.ours_runs += 1
        if not self.engine_done:
            self.ours = self.start_ours()

    def stop(self):
        """Kills whichever process is still running (a stopped one is continued so that it can die)."""
        for p in (self.engine.proc if self.engine else None, self.ours):
            if p is not None and p.poll() is None:
                p.kill()
                os.kill(p.pid, signal.SIGCONT)
                p.wait()
        if self.ours is not None and self.ours.stdout and not self.ours.stdout.closed:
            self.ours.stdout.close()

    def result(self):
        """alternate_stockfish's result (see there) from the round's tallies."""
        engine_seconds = self.engine.cpu_seconds() - self.engine_start
        return {"depth": self.depth, "nodes": self.our_nodes, "runs": self.ours_runs,
                "cpu_seconds": self.ours_seconds, "startup_seconds": self.startup,
                "stockfish_depth": self.stockfish_depth, "stockfish_nodes": self.engine_nodes,
                "stockfish_runs": self.engine_runs, "stockfish_cpu_seconds": engine_seconds,
                "ratio": ((self.our_nodes * self.ours_runs / self.ours_seconds)
                          / (self.engine_nodes * self.engine_runs / engine_seconds))}


def alternate_stockfish(args, name, fen, depth, stockfish_depth):
    """One round of our perft at `depth` and Stockfish's `go perft stockfish_depth` on one position, alternated
    on one CPU in --slice-ms slices for --seconds: {"depth", "nodes", "runs", "cpu_seconds" (summed, our start-up
    subtracted from each run), "startup_seconds", "stockfish_depth", "stockfish_nodes", "stockfish_runs",
    "stockfish_cpu_seconds", "ratio" (our node rate over Stockfish's, both per CPU second)}. The counts are the
    caller's to check."""
    cpu, _ = cpus()
    state = _StockfishRound(args, name, fen, depth, stockfish_depth, cpu)
    try:
        state.start()
        # The round ends at Stockfish's first answer after --seconds, or, if our perft has not ended once by
        # then, when it does (within OUR_RUN_LIMIT seconds more): Stockfish is not sent another `go perft`
        # meanwhile, and sits idle in its turns.
        while not state.finished():
            state.engine_turn()
            if state.finished():
                break
            if state.engine_done and time.monotonic() - state.began > args.seconds + OUR_RUN_LIMIT:
                raise Failure(f"{name}: our perft {depth} did not end within {args.seconds + OUR_RUN_LIMIT:g} s")
            state.our_turn()
        return state.result()
    except EngineError as e:
        raise Failure(f"{args.stockfish}: {e}")
    finally:
        state.stop()


def compare_stockfish(args, name, fen, depth):
    """Our node rate over Stockfish's on one position, both at `depth`, the two alternated on one CPU."""
    run = alternate_stockfish(args, name, fen, depth, depth)
    if run["nodes"] != run["stockfish_nodes"]:
        raise Failure(f"{name} depth {depth}: we count {run['nodes']}, Stockfish {run['stockfish_nodes']}")
    return run["ratio"]


def measure_alternation(movegen, stockfish, generators, rounds, seconds, counts, positions=GOAL_POSITIONS,
                        slice_ms=None):
    """The tuned pair's ratios to Stockfish by alternation (alternate_stockfish: our `movegen perft`
    and Stockfish's `go perft` pinned to one CPU, in turns of `slice_ms`, for `seconds` per round), `rounds`
    rounds per generator (command line names), mode and position, every count checked against the published
    one. Returns alternation.json's content: {"slice_ms", "seconds", "rounds", "movegen", "runs": [{"generator",
    "mode", "position", "fen", "depth", "stockfish_depth", "ratios", "median", "rounds": [one round's raw
    figures]}]}."""
    slice_ms = SLICE_MS if slice_ms is None else slice_ms
    fen_of = {n: fen for n, fen, *_ in standard.CASES}
    result = {"slice_ms": slice_ms, "seconds": seconds, "rounds": rounds, "movegen": movegen, "runs": []}
    _, own_cpu = cpus()
    affinity = os.sched_getaffinity(0)
    os.sched_setaffinity(0, {own_cpu})
    try:
        for g in generators:
            for mode, label in GOAL_MODES:
                for name in positions:
                    fen = fen_of[name]
                    depth, sf_depth = alternation_depths(name, mode)
                    args = argparse.Namespace(movegen=movegen, stockfish=stockfish, generator=g, bulk=mode,
                                              slice_ms=slice_ms, seconds=seconds)
                    raw = []
                    for _ in range(rounds):
                        try:
                            run = alternate_stockfish(args, name, fen, depth, sf_depth)
                        except Failure as e:  # Stockfish's failures name it (its path or "Stockfish")
                            raise Failure(f"alternation {g} {label} {name}: {e}",
                                          EXIT_ENGINE if "stockfish" in str(e).lower() else EXIT_FAILED)
                        for who, nodes, d in (("ours", run["nodes"], depth),
                                              ("Stockfish", run["stockfish_nodes"], sf_depth)):
                            if nodes != expected(counts, fen, d):
                                raise Failure(f"alternation {g} {label} {name}: {who} counted {nodes} at depth {d},"
                                              f" published {expected(counts, fen, d)}", EXIT_FAILED)
                        raw.append(run)
                    ratios = [r["ratio"] for r in raw]
                    result["runs"].append({"generator": g, "mode": mode, "position": name, "fen": fen,
                                           "depth": depth, "stockfish_depth": sf_depth, "ratios": ratios,
                                           "median": statistics.median(ratios), "rounds": raw})
                    print(f"alternation {g} {label} {name} D{depth} / Stockfish D{sf_depth}: median "
                          f"{statistics.median(ratios):.3f} ({' '.join(f'{x:.3f}' for x in ratios)})", flush=True)
    finally:
        os.sched_setaffinity(0, affinity)
    return result
