"""Measure the perft speed of our generators and of Stockfish in one run, and write the comparison report.

Usually run through scripts/bench-report.sh, which builds the benchmark first. The generators are the ones
`movegen generators` lists (so a new generator appears by itself). The Google Benchmark program
bench/perft_bench runs each of them on the standard positions in the three counting modes (`--bulk
siblings`, `--bulk node` and, at the smaller depths, `--no-bulk`); one Stockfish process answers `go perft` on the same positions and
depths, timed from the command to its "Nodes searched" line. The runs are interleaved: position by
position, ours then Stockfish's, and the whole round --repetitions times, so that each of our figures has
a Stockfish figure taken a moment later, and each ratio is the median of those paired ratios (the
machine's speed drifts from one moment to the next). The tuned pair's ratios to Stockfish on the positions of
issue 32's goals are taken apart, by alternation (measure_alternation, movegen_tools/alternation.py): our
`movegen perft` and Stockfish's `go perft` pinned to one CPU and run in turns of 10 ms, which a host that steals
time in bursts slows alike. Speeds are per second of CPU time (Stockfish's from
/proc/PID/task/*/schedstat), so that other jobs on a shared machine count as little as possible;
wall-clock times are kept in the raw data. Every count is checked
against tests/data/standard.epd (the published counts). Written to --out: perft_bench.json (Google
Benchmark's JSON), stockfish.json (Stockfish's timings), alternation.json (the alternated rounds), perft_mnps.svg (the chart, through gnuplot) and
report.md (machine, compiler, flags, date, load, the tables). With --callgrind-movegen (a movegen built
for valgrind: -DMOVEGEN_NATIVE=OFF -DCMAKE_CXX_FLAGS=-march=x86-64-v3), it also counts each generator's
instructions per node under callgrind (callgrind.json and a table in the report): repeatable where clock
figures on a shared machine are not.

Exit status: 0 report written; 1 a benchmark failed or a count differs from the published one; 2 a bad
argument or a missing program or file; 3 Stockfish failed (did not start, died, or did not answer).
"""

import argparse
import datetime
import json
import os
import shlex
import shutil
import sys
import time

from . import standard
from .alternation import SECONDS as ALTERNATION_SECONDS, measure_alternation
from .callgrind import (CALLGRIND_CASES, build_flags, measure_instructions, measure_stockfish_instructions,
                        read_callgrind)
from .failure import EXIT_USAGE, Failure
from .interleaved import run_interleaved
from .machine import cpu_sample, others_share
from .perft_bench import cli_name, generators_to_run, layout, mode_used, rates_of
from .standard import EPD, expected, load_counts
from .report import write_report


# How callgrind.json and the report name the command each instruction count comes from.
CALLGRIND_COMMAND = "valgrind --tool=callgrind movegen perft --generator NAME --fen FEN --threads 1 --hash 0 MODE DEPTH"


def make_parser():
    """The report's options."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--bench", required=True, help="the perft_bench program")
    parser.add_argument("--out", default="docs/bench", help="output folder (default docs/bench)")
    parser.add_argument("--repetitions", type=int, default=5, help="runs of each measurement (default 5)")
    parser.add_argument("--stockfish", default=shutil.which("stockfish") or "/usr/games/stockfish")
    parser.add_argument("--timeout", type=float, default=120, help="seconds Stockfish may take per answer")
    parser.add_argument("--movegen", default="build-report/movegen",
                        help="the movegen program whose `generators` names the generators to measure")
    parser.add_argument("--alternation-rounds", type=int, default=None,
                        help="rounds of the tuned pair's alternated runs against Stockfish (default: --repetitions)")
    parser.add_argument("--alternation-seconds", type=float, default=ALTERNATION_SECONDS,
                        help=f"wall seconds per alternated round and position (default {ALTERNATION_SECONDS:g})")
    parser.add_argument("--depth-offset", type=int, default=0,
                        help="added to every depth (e.g. -2 for a quick check of the script; default 0)")
    parser.add_argument("--callgrind-movegen", default="",
                        help="a movegen built for valgrind (-DMOVEGEN_NATIVE=OFF -DCMAKE_CXX_FLAGS=-march=x86-64-v3):"
                             " count instructions per node with it (default: none)")
    parser.add_argument("--callgrind-positions", default=",".join(CALLGRIND_CASES),
                        help=f"positions callgrind counts on (default {','.join(CALLGRIND_CASES)})")
    parser.add_argument("--callgrind-depth-offset", type=int, default=-1,
                        help="added to each position's depth for callgrind (default -1: start position depth 5)")
    parser.add_argument("--no-callgrind-stockfish", action="store_true",
                        help="with --callgrind-movegen, do not count Stockfish's instructions per node")
    parser.add_argument("--callgrind-only", action="store_true",
                        help="with --callgrind-movegen, write callgrind.json and stop: instruction counts do not"
                             " need a quiet machine, so they may be taken while other jobs run")
    parser.add_argument("--callgrind-from", default="",
                        help="read the instruction counts from this callgrind.json (written by --callgrind-only"
                             " from the same commit) instead of counting them: the clock runs then need only"
                             " the quiet machine's time for themselves")
    return parser


def parse_args(argv=None):
    """The report's options, checked (argparse exits with status 2 on a bad one), with --depth-offset applied to
    the standard positions and the callgrind positions as a list in `callgrind_at`."""
    parser = make_parser()
    args = parser.parse_args(argv)
    if args.repetitions < 1:
        parser.error(f"--repetitions {args.repetitions}: must be at least 1")
    if args.alternation_rounds is not None and args.alternation_rounds < 1:
        parser.error(f"--alternation-rounds {args.alternation_rounds}: must be at least 1")
    if args.alternation_seconds <= 0:
        parser.error(f"--alternation-seconds {args.alternation_seconds}: must be positive")
    if args.callgrind_only and not args.callgrind_movegen:
        parser.error("--callgrind-only: needs --callgrind-movegen")
    if args.callgrind_from and args.callgrind_movegen:
        parser.error("--callgrind-from: counts read from a file are not counted again (drop --callgrind-movegen)")
    standard.apply_depth_offset(args.depth_offset)
    if min(l for *_, l in standard.CASES) < 1:
        parser.error(f"--depth-offset {args.depth_offset}: leaves a depth below 1")
    args.callgrind_at = args.callgrind_positions.split(",")
    unknown = [p for p in args.callgrind_at if p not in [n for n, *_ in standard.CASES]]
    if unknown:
        parser.error(f"--callgrind-positions: unknown position {unknown[0]}")
    return args


def main(argv=None):
    """The report's command line (`argv`, default sys.argv[1:]): its exit status, as the module's docstring
    says."""
    args = parse_args(argv)
    began = time.perf_counter()
    started = datetime.datetime.now(datetime.timezone.utc)
    try:
        text = run(args, began, started, sys.argv[1:] if argv is None else argv)
    except Failure as failure:
        print(f"bench-report: {failure.message}", file=sys.stderr)
        return failure.status
    if text is None:  # --callgrind-only
        return 0
    print(text)
    print(f"Report written to {args.out}/ in {time.perf_counter() - began:.0f} s.")
    return 0


def run(args, began, started, argv):
    """Measures, writes the raw data and the report to --out, and returns report.md's text (None after
    --callgrind-only's counts)."""
    if not os.access(args.bench, os.X_OK):
        raise Failure(f"--bench {args.bench}: not an executable file", EXIT_USAGE)
    counts = load_counts(EPD)
    os.makedirs(args.out, exist_ok=True)
    load_before = os.getloadavg()[0]
    for program, option in ((args.movegen, "--movegen"), (args.callgrind_movegen, "--callgrind-movegen")):
        if program and not os.access(program, os.X_OK):
            raise Failure(f"{option} {program}: not an executable file", EXIT_USAGE)
    generators = generators_to_run(args.bench, args.movegen)
    layout_of = layout(args.movegen, generators)
    siblings = {g for g in generators if mode_used(args.movegen, cli_name(g), ["--bulk", "siblings"]) == "siblings"}
    callgrind = instruction_counts(args, generators, counts, began)
    if callgrind is None:
        return None
    clock_start = cpu_sample()
    context, entries, sf_name, sf_runs = run_interleaved(args.bench, generators, siblings,
                                                         set(layout_of[2].values()), args.stockfish,
                                                         args.repetitions, counts, args.timeout)
    write_json(args.out, "perft_bench.json", {"context": context, "benchmarks": entries})
    alternation = alternated_goals(args, layout_of, counts, sf_name)
    rates = rates_of(entries)
    load = (load_before, os.getloadavg()[0])
    others = others_share(clock_start, cpu_sample(), os.cpu_count())
    write_json(args.out, "stockfish.json", stockfish_json(sf_name, sf_runs, counts))
    command = os.environ.get("BENCH_REPORT_COMMAND") or "python3 scripts/bench_report.py " + shlex.join(argv)
    return write_report(args.out, context, generators, rates, sf_name, sf_runs, counts, load, args.repetitions,
                        started, *callgrind, layout_of, command, CALLGRIND_COMMAND,
                        (time.perf_counter() - began) / 60, args.callgrind_from, others, alternation)


def write_json(out, name, data):
    """Writes `data` to the file `name` in the folder `out`, indented."""
    with open(os.path.join(out, name), "w", encoding="utf-8") as f:
        json.dump(data, f, indent=2)


def instruction_counts(args, generators, counts, began):
    """(instructions, callgrind flags, Stockfish's instructions): counted under callgrind with
    --callgrind-movegen (and written to callgrind.json), read with --callgrind-from, else (None, "", None).
    None once --callgrind-only has counted them."""
    if args.callgrind_movegen:
        callgrind_flags = build_flags(args.callgrind_movegen)
        instructions = measure_instructions(args.callgrind_movegen, generators, args.callgrind_at,
                                            args.callgrind_depth_offset, counts)
        sf_instructions = None
        if not args.no_callgrind_stockfish:
            sf_instructions = measure_stockfish_instructions(args.stockfish, args.callgrind_at,
                                                             args.callgrind_depth_offset, counts,
                                                             max(args.timeout, 600))
        write_json(args.out, "callgrind.json", {"movegen_flags": callgrind_flags, "command": CALLGRIND_COMMAND,
                                                "instructions_per_node": instructions, "stockfish": sf_instructions})
        print(f"callgrind done after {time.perf_counter() - began:.0f} s", flush=True)
        return None if args.callgrind_only else (instructions, callgrind_flags, sf_instructions)
    if args.callgrind_from:
        return read_callgrind(args.callgrind_from, generators, args.callgrind_at)
    return None, "", None


def alternated_goals(args, layout_of, counts, sf_name):
    """The tuned pair's ratios to Stockfish by alternation (measure_alternation), written to alternation.json;
    None without a tuned pair."""
    if not layout_of[2]:
        return None
    alternation = measure_alternation(args.movegen, args.stockfish, [cli_name(g) for g in layout_of[2].values()],
                                      args.alternation_rounds or args.repetitions, args.alternation_seconds, counts)
    alternation["engine"] = sf_name
    alternation["method"] = ("scripts/movegen_tools/alternation.py alternate_stockfish: our movegen perft and"
                             " Stockfish's go perft pinned to one CPU in turns of slice_ms; ratio = (nodes * runs /"
                             " cpu_seconds) / (stockfish_nodes * stockfish_runs / stockfish_cpu_seconds),"
                             " our cpu_seconds less startup_seconds per run; median over the rounds")
    write_json(args.out, "alternation.json", alternation)
    return alternation


def stockfish_json(sf_name, sf_runs, counts):
    """stockfish.json's content: Stockfish's timings per position and depth."""
    fen_of = {n: fen for n, fen, *_ in standard.CASES}
    return {"engine": sf_name,
            "timing": "go perft command to Nodes searched line, sent `runs` times in a row (seconds summed);"
                      " Mnps use nodes * runs / cpu_seconds",
            "runs": [{"position": n, "fen": fen_of[n], "depth": d, "nodes": expected(counts, fen_of[n], d),
                      "seconds": timings} for (n, d), timings in sf_runs.items()]}
