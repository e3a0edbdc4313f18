#!/usr/bin/env python3
"""Measure the perft speed of our generators and of Stockfish in one run, and write the comparison report.

Usually run through scripts/bench-report.sh, which builds the benchmark first.  The Google Benchmark
program bench/perft_bench runs every generator it offers on the standard positions (bulk counting, and
without it at the smaller depths), --repetitions times each; one Stockfish process answers `go perft` on
the same positions and depths as often, timed by wall clock from the command to its "Nodes searched"
line.  Every count is checked against tests/data/standard.epd (the published counts).  Written to --out:
perft_bench.json (Google Benchmark's JSON), stockfish.json (Stockfish's timings), perft_mnps.svg (the
chart, through gnuplot) and report.md (machine, compiler, flags, date, load, the tables).

Exit status: 0 report written; 1 a benchmark failed or a count differs from the published one; 2 a bad
argument or a missing program or file; 3 Stockfish failed (did not start, died, or did not answer).
"""

import argparse
import datetime
import json
import os
import shutil
import statistics
import subprocess
import sys
import time

from stockfish_uci import EngineError, Stockfish

# Position (bench/positions.hpp name), FEN, depth for fast generators and Stockfish, depth for slow ones.
CASES = [
    ("start", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 6, 5),
    ("kiwipete", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 5, 4),
    ("position3", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 7, 6),
    ("position4", "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", 5, 4),
    ("position5", "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", 5, 4),
    ("position6", "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10", 5, 4),
]
SLOW_GENERATORS = {"Mailbox"}  # measured at the smaller depth: the make-test-unmake mailbox
EPD = "tests/data/standard.epd"
EXIT_MISMATCH, EXIT_USAGE, EXIT_ENGINE = 1, 2, 3


class Failure(Exception):
    """Stops the report; args = (message, exit status)."""


def depth_for(generator, case):
    return case[3] if generator in SLOW_GENERATORS else case[2]


def load_counts(path):
    """{fen: {depth: nodes}} from an EPD perft file."""
    counts = {}
    with open(path, encoding="utf-8") as f:
        for line in f:
            if not line.strip() or line.startswith("#"):
                continue
            fen, *entries = line.split(";")
            counts[" ".join(fen.split())] = {int(e.split()[0][1:]): int(e.split()[1]) for e in entries}
    return counts


def expected(counts, fen, depth):
    try:
        return counts[fen][depth]
    except KeyError:
        raise Failure(f"{EPD} has no count for depth {depth} of {fen}", EXIT_USAGE)


# --------------------------------------------------------------------------- our generators


def bench_generators(bench):
    """The generator names the benchmark program offers ("Mailbox", "Bitboard"), in its order."""
    out = subprocess.run([bench, "--benchmark_list_tests", "--benchmark_filter=^BM_PerftBulk_",
                          "--perft_min_nodes=1", "--perft_max_nodes=1000000000"],
                         capture_output=True, text=True, check=False)
    if out.returncode != 0:
        raise Failure(f"{bench} --benchmark_list_tests failed: {out.stderr.strip()}", EXIT_USAGE)
    names = []
    for line in out.stdout.split():
        name = line.split("/")[0][len("BM_PerftBulk_"):]
        if name not in names:
            names.append(name)
    return names


def run_benchmarks(bench, generators, repetitions, json_path):
    """Runs perft_bench; returns {(family, generator, position, depth): [nodes per second, ...]}."""
    wanted = []
    for case in CASES:
        for g in generators:
            wanted.append(f"BM_PerftBulk_{g}/{case[0]}/{depth_for(g, case)}")
            wanted.append(f"BM_PerftMakeEveryLeaf_{g}/{case[0]}/{case[3]}")
    command = [bench, "--benchmark_filter=^(" + "|".join(wanted) + ")/real_time$",
               "--perft_min_nodes=1", "--perft_max_nodes=1000000000",
               f"--benchmark_repetitions={repetitions}", "--benchmark_min_time=0.2", "--benchmark_display_aggregates_only=true",
               f"--benchmark_out={json_path}", "--benchmark_out_format=json"]
    print("+", " ".join(command), flush=True)
    if subprocess.run(command, check=False).returncode != 0:
        raise Failure(f"{bench} failed: a benchmark computed a wrong count (see above)", EXIT_MISMATCH)
    with open(json_path, encoding="utf-8") as f:
        data = json.load(f)
    rates = {}
    for b in data["benchmarks"]:
        if b.get("error_occurred"):
            raise Failure(f"{b['name']}: {b.get('error_message')}", EXIT_MISMATCH)
        if b.get("run_type") != "iteration":
            continue
        family, position, depth = b["run_name"].removeprefix("BM_").split("/")[:3]
        family, generator = family.split("_")
        rates.setdefault((family, generator, position, int(depth)), []).append(
            (b["nodes"], b["nodes_per_second"]))
    return data["context"], rates


# --------------------------------------------------------------------------- Stockfish


def run_stockfish(path, repetitions, counts, timeout):
    try:
        engine = Stockfish(path, timeout)
    except EngineError as e:
        raise Failure(str(e), EXIT_ENGINE)
    runs = {case[0]: [] for case in CASES}
    try:
        for r in range(repetitions):
            for name, fen, depth, _ in CASES:
                try:
                    nodes, seconds = engine.timed_perft(fen, depth)
                except EngineError as e:
                    raise Failure(str(e), EXIT_ENGINE)
                if nodes != expected(counts, fen, depth):
                    raise Failure(f"Stockfish: {name} depth {depth}: {nodes} nodes, published "
                                  f"{expected(counts, fen, depth)}", EXIT_MISMATCH)
                runs[name].append(seconds)
                print(f"Stockfish {name} D{depth} repetition {r + 1}: {nodes / seconds / 1e6:.1f} Mnps", flush=True)
    finally:
        try:
            engine.close()
        except (EngineError, OSError, subprocess.TimeoutExpired):
            engine.proc.kill()
    return engine.name, runs


# --------------------------------------------------------------------------- the report


def cpu_model():
    with open("/proc/cpuinfo", encoding="utf-8") as f:
        for line in f:
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    return "unknown CPU"


def mnps(samples):
    """(median, relative spread (max - min) / median) of nodes-per-second samples, in millions."""
    values = [s / 1e6 for s in samples]
    median = statistics.median(values)
    return median, (max(values) - min(values)) / median


def write_chart(path, generators, rows, stockfish_name):
    """rows: [(label, [Mnps per generator..., Stockfish Mnps])]. Draws a clustered bar chart, log scale."""
    series = [g.lower() for g in generators] + [stockfish_name]
    n = len(series)
    values = [v for _, vs in rows for v in vs]
    lowest = 10 ** int(f"{min(values):e}".split("e")[1])
    data = "\n".join(" ".join(f"{v:.3f}" for v in vs) for _, vs in rows)
    tics = ", ".join(f'"{label}" {i}' for i, (label, _) in enumerate(rows))
    plots = []
    for i, name in enumerate(series):
        plots.append(f"$data using {i + 1} title '{name}'")
    for i in range(n):
        offset = (i - (n - 1) / 2) / (n + 1)
        plots.append(f"$data using ($0 + {offset:.4f}):{i + 1}:(sprintf('%.3g', ${i + 1})) "
                     "with labels offset 0,0.7 font ',9' notitle")
    script = f"""$data << EOD
{data}
EOD
set terminal svg size 960,520 font 'sans,13' background rgb 'white'
set output '{path}'
set title 'perft speed with bulk counting: median million nodes per second (higher is better)'
set ylabel 'Mnps (log scale)'
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.85 border -1
set boxwidth 0.95
set logscale y
set yrange [{lowest}:*]
set grid ytics
set key top left
set bmargin 4
set xrange [-0.6:{len(rows) - 0.4}]
set xtics ({tics}) nomirror
plot {', '.join(plots)}
"""
    if shutil.which("gnuplot") is None:
        raise Failure("gnuplot not found (Debian package gnuplot-nox)", EXIT_USAGE)
    subprocess.run(["gnuplot"], input=script, text=True, check=True)


def fmt_ratio(a, b):
    return f"{a / b:.2f}"


def write_report(out, context, generators, rates, sf_name, sf_runs, counts, load, repetitions, started):
    bulk_rows, chart_rows, leaf_rows, spreads = [], [], [], []
    for name, fen, depth, slow_depth in CASES:
        nodes = expected(counts, fen, depth)
        sf_mnps, sf_spread = mnps([nodes / s for s in sf_runs[name]])
        spreads.append((sf_spread, f"{sf_name}, {name}"))
        cells, ratios, chart = [], [], []
        for g in generators:
            d = depth_for(g, (name, fen, depth, slow_depth))
            samples = rates[("PerftBulk", g, name, d)]
            if any(n != expected(counts, fen, d) for n, _ in samples):
                raise Failure(f"{g} {name} depth {d}: nodes differ from {EPD}", EXIT_MISMATCH)
            m, spread = mnps([r for _, r in samples])
            spreads.append((spread, f"{g.lower()}, {name}"))
            cells.append(f"{m:.1f}" + (f" (D{d})" if d != depth else ""))
            ratios.append(fmt_ratio(m, sf_mnps))
            chart.append(m)
        bulk_rows.append([name, str(depth), f"{nodes:,}", *cells, f"{sf_mnps:.1f}", *ratios])
        label = f"{name}\\nD{depth}" + "".join(f", {g.lower()} D{slow_depth}" for g in generators
                                                if g in SLOW_GENERATORS and slow_depth != depth)
        chart_rows.append((label, chart + [sf_mnps]))
        leaf = [mnps([r for _, r in rates[("PerftMakeEveryLeaf", g, name, slow_depth)]])[0] for g in generators]
        leaf_rows.append([name, str(slow_depth), f"{expected(counts, fen, slow_depth):,}",
                          *(f"{m:.1f}" for m in leaf)]
                         + ([fmt_ratio(leaf[-1], leaf[0])] if len(leaf) > 1 else []))

    write_chart(os.path.join(out, "perft_mnps.svg"), generators, chart_rows, sf_name)
    worst = max(spreads)
    lows = [g.lower() for g in generators]
    slow = ", ".join(g.lower() for g in generators if g in SLOW_GENERATORS)

    def table(header, rows):
        lines = ["| " + " | ".join(header) + " |", "|" + "|".join("---" for _ in header) + "|"]
        return "\n".join(lines + ["| " + " | ".join(r) + " |" for r in rows])

    text = f"""# perft speed: {', '.join(lows)} and {sf_name}

Generated by `scripts/bench-report.sh` on {started:%Y-%m-%d %H:%M} UTC.

- Machine: {cpu_model()}, {os.cpu_count()} cores; load average (1 min) {load[0]:.2f} before the run,
  {load[1]:.2f} after it.
- Compiler: {context.get('movegen_compiler', '?')}, {context.get('movegen_build_type', '?')} build,
  flags `{context.get('movegen_flags', '?')}`.
- Stockfish: {sf_name} (`go perft`, one thread), timed by wall clock from the command to its
  `Nodes searched` line.
- Method: our generators in `bench/perft_bench` (Google Benchmark, wall-clock time), every figure the median
  of {repetitions} repetitions; Mnps = million leaf nodes per second. Every node count was checked against
  the published counts (`{EPD}`). The largest spread between repetitions ((max - min) / median) was
  {worst[0]:.0%} ({worst[1]}).

## With bulk counting (the comparison)

At the last ply each generator counts the legal moves instead of making them, as Stockfish's perft does.
Depth and Nodes are those of every figure in the row except where a depth is given in parentheses:
{slow or 'no generator'} runs at a smaller depth there to keep the report short (Mnps stays comparable).
Ratios are to Stockfish's Mnps.

{table(["Position", "Depth", "Nodes", *(f"{g} Mnps" for g in lows), "Stockfish Mnps",
        *(f"{g} / Stockfish" for g in lows)], bulk_rows)}

![perft Mnps per position](perft_mnps.svg)

## Without bulk counting

Every leaf move is made and unmade, so both generators do the same work; Stockfish has no such mode.

{table(["Position", "Depth", "Nodes", *(f"{g} Mnps" for g in lows)]
       + ([f"{lows[-1]} / {lows[0]}"] if len(lows) > 1 else []), leaf_rows)}

Raw data: [perft_bench.json](perft_bench.json) (Google Benchmark), [stockfish.json](stockfish.json).
"""
    with open(os.path.join(out, "report.md"), "w", encoding="utf-8") as f:
        f.write(text)
    return text


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--bench", required=True, help="the perft_bench program")
    parser.add_argument("--out", default="docs/bench", help="output folder (default docs/bench)")
    parser.add_argument("--repetitions", type=int, default=5, help="runs of each measurement (default 5)")
    parser.add_argument("--stockfish", default=shutil.which("stockfish") or "/usr/games/stockfish")
    parser.add_argument("--timeout", type=float, default=120, help="seconds Stockfish may take per answer")
    args = parser.parse_args()
    if args.repetitions < 1:
        parser.error(f"--repetitions {args.repetitions}: must be at least 1")
    began = time.perf_counter()
    started = datetime.datetime.now(datetime.timezone.utc)
    try:
        if not os.access(args.bench, os.X_OK):
            raise Failure(f"--bench {args.bench}: not an executable file", EXIT_USAGE)
        counts = load_counts(EPD)
        os.makedirs(args.out, exist_ok=True)
        load_before = os.getloadavg()[0]
        generators = bench_generators(args.bench)
        context, rates = run_benchmarks(args.bench, generators, args.repetitions,
                                        os.path.join(args.out, "perft_bench.json"))
        sf_name, sf_runs = run_stockfish(args.stockfish, args.repetitions, counts, args.timeout)
        load = (load_before, os.getloadavg()[0])
        with open(os.path.join(args.out, "stockfish.json"), "w", encoding="utf-8") as f:
            json.dump({"engine": sf_name, "timing": "wall clock, go perft command to Nodes searched line",
                       "runs": [{"position": n, "fen": fen, "depth": d, "nodes": expected(counts, fen, d),
                                 "seconds": sf_runs[n]} for n, fen, d, _ in CASES]}, f, indent=2)
        text = write_report(args.out, context, generators, rates, sf_name, sf_runs, counts, load,
                            args.repetitions, started)
    except Failure as failure:
        print(f"bench-report: {failure.args[0]}", file=sys.stderr)
        return failure.args[1]
    print(text)
    print(f"Report written to {args.out}/ in {time.perf_counter() - began:.0f} s.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
