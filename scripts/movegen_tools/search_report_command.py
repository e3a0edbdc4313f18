"""The benchmark report's search part: the fixed search of `movegen bench` beside perft, for every cell.

Usually run through `scripts/bench-report.sh --search-only` (or after the perft report by scripts/bench-report.sh),
which builds both movegen programs first. With --callgrind-movegen (a movegen built for valgrind, with -g so that
callgrind can name the source file of each inlined instruction) it counts each generator's instructions per search
node under callgrind and splits them into the parts of a node's work (movegen_tools/search_callgrind.py); with
--movegen it runs `movegen bench --json` once, every generator in turn on each position, for the clock figures and
the reference grid. It writes search.json to --out and the search section of report.md there (between
search_tables.BEGIN and END, appended if absent), reading perft's figures from callgrind.json and perft_bench.json
in --out. --render-only writes the section again from the stored search.json, measuring nothing.

Exit status: 0 section written; 1 the generators searched different trees; 2 a bad argument or a missing program
or file.
"""

import argparse
import datetime
import json
import os
import subprocess
import sys

from .callgrind import build_flags
from .failure import EXIT_FAILED, EXIT_USAGE, Failure
from .machine import cpu_model, cpu_sample, others_share
from .perft_bench import cli_name, layout, movegen_generators, bench_name, rates_of
from .search_callgrind import SEARCH_CALLGRIND_COMMAND, measure_search_instructions
from .search_tables import search_section, splice

# The clock run's command, as the report names it.
CLOCK_COMMAND = "movegen bench --depth DEPTH --json"


def make_parser():
    """The search part's options."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--out", default="docs/bench", help="output folder, holding perft's raw data (default"
                                                           " docs/bench)")
    parser.add_argument("--movegen", default="build-report/movegen", help="the movegen of the clock run")
    parser.add_argument("--callgrind-movegen", default="build-report-v3/movegen",
                        help="a movegen built for valgrind with -g (-DMOVEGEN_NATIVE=OFF"
                             " -DCMAKE_CXX_FLAGS='-march=x86-64-v3 -g')")
    parser.add_argument("--callgrind-depth", type=int, default=3, help="search depth under callgrind (default 3)")
    parser.add_argument("--base-depth", type=int, default=1,
                        help="the depth whose instructions are subtracted (default 1)")
    parser.add_argument("--clock-depth", type=int, default=5, help="search depth of the clock run (default 5)")
    parser.add_argument("--callgrind-only", action="store_true",
                        help="count under callgrind and write search.json without the clock run (any load)")
    parser.add_argument("--callgrind-from", default="",
                        help="take the layout and the callgrind counts from this search.json (written by"
                             " --callgrind-only from the same commit) and run the clock alone")
    parser.add_argument("--clock-rounds", type=int, default=3,
                        help="runs of the clock's movegen bench; each Mnps the median (default 3)")
    parser.add_argument("--render-only", action="store_true",
                        help="write report.md's search section from the stored search.json, measuring nothing")
    return parser


def parse_args(argv=None):
    """The search part's options, checked (argparse exits with status 2 on a bad one)."""
    parser = make_parser()
    args = parser.parse_args(argv)
    if not 1 <= args.base_depth < args.callgrind_depth:
        parser.error(f"--base-depth {args.base_depth}: must be at least 1 and below --callgrind-depth")
    if args.callgrind_only and args.callgrind_from:
        parser.error("--callgrind-only and --callgrind-from: the one writes what the other reads")
    if args.clock_rounds < 1:
        parser.error(f"--clock-rounds {args.clock_rounds}: must be at least 1")
    if args.clock_depth < 1:
        parser.error(f"--clock-depth {args.clock_depth}: must be at least 1")
    return args


def main(argv=None):
    """The search part's command line (`argv`, default sys.argv[1:]): its exit status, as the module's docstring
    says."""
    args = parse_args(argv)
    try:
        data = read_json(os.path.join(args.out, "search.json")) if args.render_only else measure(args, argv)
        text = write_section(args.out, data)
    except Failure as failure:
        print(f"search-report: {failure.message}", file=sys.stderr)
        return failure.status
    print(text)
    return 0


def read_json(path, required=True):
    """The JSON in `path`; None if it is absent and not `required`; Failure (exit 2) if it cannot be read."""
    if not required and not os.path.exists(path):
        return None
    try:
        with open(path, encoding="utf-8") as f:
            return json.load(f)
    except (OSError, ValueError) as error:
        raise Failure(f"{path}: cannot be read ({error})", EXIT_USAGE)


def measure(args, argv):
    """search.json's content, measured: the layout and the callgrind counts (or --callgrind-from's), then the
    clock run (unless --callgrind-only); written to --out."""
    needed = [] if args.callgrind_from else [(args.callgrind_movegen, "--callgrind-movegen")]
    needed += [] if args.callgrind_only else [(args.movegen, "--movegen")]
    for program, option in needed:
        if not os.access(program, os.X_OK):
            raise Failure(f"{option} {program}: not an executable file", EXIT_USAGE)
    command = os.environ.get("BENCH_REPORT_COMMAND") or "python3 scripts/search_report.py " + " ".join(
        argv if argv is not None else sys.argv[1:])
    data = read_json(args.callgrind_from) if args.callgrind_from else counted(args, command)
    if not all(key in (data or {}) for key in ("layout", "callgrind", "callgrind_command")):
        raise Failure(f"--callgrind-from {args.callgrind_from}: not a search.json of this script", EXIT_USAGE)
    if not args.callgrind_only:
        data["clock"] = clock_run(args.movegen, args.clock_depth, args.clock_rounds)
        data["command"] = command
        data["date"] = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    os.makedirs(args.out, exist_ok=True)
    with open(os.path.join(args.out, "search.json"), "w", encoding="utf-8") as f:
        json.dump(data, f, indent=2)
    return data


def counted(args, command):
    """search.json's layout and callgrind counts (measure_search_instructions), with the command and the date."""
    movegen = args.callgrind_movegen
    generators = [bench_name(g["name"]) for g in movegen_generators(movegen)]
    reps, grid, tuned = layout(movegen, generators)
    instructions = measure_search_instructions(movegen, generators, args.callgrind_depth, args.base_depth)
    return {"command": command,
            "callgrind_command": command,
            "date": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC"),
            "machine": f"{cpu_model()}, {os.cpu_count()} cores",
            "layout": {"reps": reps, "grid": [[rep, s, cli_name(g)] for (rep, s), g in grid.items()],
                       "tuned": [[rep, cli_name(g)] for rep, g in tuned.items()]},
            "callgrind": {"command": SEARCH_CALLGRIND_COMMAND, "movegen_flags": build_flags(movegen),
                          "depth": args.callgrind_depth, "base_depth": args.base_depth,
                          "nodes": next(iter(instructions.values()))["nodes"], "instructions": instructions},
            "clock": None}


def clock_run(movegen, depth, rounds):
    """`rounds` runs of `movegen bench --depth depth --json` (every generator in turn on each position), with the
    load average before and after and the share of the machine's CPU time other processes took meanwhile."""
    load_before, before = os.getloadavg()[0], cpu_sample()
    benches = []
    for round_number in range(rounds):
        print(f"clock: movegen bench --depth {depth} --json, run {round_number + 1} of {rounds}", flush=True)
        out = subprocess.run([movegen, "bench", "--depth", str(depth), "--json"], capture_output=True, text=True,
                             check=False)
        if out.returncode != 0:
            raise Failure(f"movegen bench --depth {depth}: exit {out.returncode}: {out.stderr.strip()[-400:]}",
                          EXIT_FAILED if out.returncode == 1 else EXIT_USAGE)
        benches.append(json.loads(out.stdout))
    return {"command": CLOCK_COMMAND, "depth": depth, "movegen_flags": build_flags(movegen), "rounds": rounds,
            "positions": len(benches[0]["positions"]), "load": [load_before, os.getloadavg()[0]],
            "others": others_share(before, cpu_sample(), os.cpu_count()), "benches": benches}


def write_section(out, data):
    """Writes the search section into report.md in `out` (perft's figures from callgrind.json and
    perft_bench.json there) and returns the section."""
    perft_instructions = (read_json(os.path.join(out, "callgrind.json"), False) or {}).get("instructions_per_node")
    perft_bench = read_json(os.path.join(out, "perft_bench.json"), False)
    rates = rates_of(perft_bench["benchmarks"]) if perft_bench else None
    section = search_section(data, perft_instructions, rates)
    path = os.path.join(out, "report.md")
    report = read_text(path)
    with open(path, "w", encoding="utf-8") as f:
        f.write(splice(report, section))
    return section


def read_text(path):
    """The text of `path`, "" if it does not exist."""
    try:
        with open(path, encoding="utf-8") as f:
            return f.read()
    except FileNotFoundError:
        return ""
