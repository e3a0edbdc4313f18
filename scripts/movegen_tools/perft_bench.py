"""Our generators: their names as `movegen generators` lists them and as the benchmark program bench/perft_bench
names them, the reference grid and the tuned pair, and perft_bench's runs on one position."""

import json
import subprocess

from . import standard
from .failure import EXIT_FAILED, EXIT_USAGE, Failure


def cli_name(generator):
    """The command line's name of a benchmark's generator: "MailboxMasks" -> "mailbox-masks"."""
    return "".join("-" + c.lower() if c.isupper() and i > 0 else c.lower() for i, c in enumerate(generator))


def bench_name(cli):
    """The benchmark's name of a command line generator: "mailbox-masks" -> "MailboxMasks", "x88" -> "X88"."""
    return "".join(part[:1].upper() + part[1:] for part in cli.split("-"))


def movegen_generators(movegen):
    """The generators `movegen generators` lists, in its order: [{"name", "tier", "board", "strategy"}], the board
    being the words before the description's first comma ("mailbox board string") and the strategy "mtu" or
    "masks" from the words after it."""
    out = subprocess.run([movegen, "generators"], capture_output=True, text=True, check=False)
    if out.returncode != 0 or not out.stdout.strip():
        raise Failure(f"{movegen} generators failed: {out.stderr.strip()}", EXIT_USAGE)
    rows = []
    for line in out.stdout.splitlines():
        if not line.strip():
            continue
        name, tier, description = line.split(None, 2)
        board, _, rest = description.partition(",")
        strategy = "mtu" if rest.strip().startswith("make-test-unmake") else "masks"
        rows.append({"name": name, "tier": tier, "board": board.strip(), "strategy": strategy})
    return rows


def generators_to_run(bench, movegen):
    """The benchmark names of the generators movegen lists; fails if the benchmark program lacks one."""
    offered = bench_generators(bench)
    wanted = [bench_name(g["name"]) for g in movegen_generators(movegen)]
    missing = [cli_name(g) for g in wanted if g not in offered]
    if missing:
        raise Failure(f"{bench} has no perft benchmark for {', '.join(missing)} (bench/bench.hpp)", EXIT_USAGE)
    return wanted


def layout(movegen, generators):
    """The reference grid and the tuned pair from `movegen generators`: (representations in table order, each
    named after its masks generator less "-masks"; {(representation, "mtu" or "masks"): benchmark name};
    {representation: benchmark name of its tuned generator})."""
    rows = [g for g in movegen_generators(movegen) if bench_name(g["name"]) in generators]
    rep_of_board, grid, tuned = {}, {}, {}
    for g in rows:
        if g["tier"] == "reference" and g["strategy"] == "masks":
            rep_of_board[g["board"]] = g["name"].removesuffix("-masks")
    for g in rows:
        rep = rep_of_board.get(g["board"])
        if rep is None:
            continue
        if g["tier"] == "reference":
            grid[(rep, g["strategy"])] = bench_name(g["name"])
        else:
            tuned[rep] = bench_name(g["name"])
    reps = [r for r in rep_of_board.values() if (r, "mtu") in grid]
    return reps, grid, tuned


def bench_generators(bench):
    """The generator names the benchmark program offers ("Mailbox", "MailboxMasks", ...), in its order."""
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


def run_benchmarks(bench, generators, position, bulk_depths, leaf_depths, siblings, min_seconds):
    """Runs perft_bench once on one position: every generator with bulk counting at each of `bulk_depths` and
    without it at each of `leaf_depths`, `--bulk siblings` only for the generators in `siblings` (for the others
    it is `--bulk node`, measured once), each benchmark for at least `min_seconds`.
    Returns (Google Benchmark's context, its benchmark entries)."""
    wanted = []
    for g in generators:
        for d in bulk_depths:
            if g in siblings:
                wanted.append(f"BM_PerftBulk_{g}/{position}/{d}")
            wanted.append(f"BM_PerftBulkNode_{g}/{position}/{d}")
        for d in leaf_depths:
            wanted.append(f"BM_PerftMakeEveryLeaf_{g}/{position}/{d}")
    command = [bench, "--benchmark_filter=^(" + "|".join(wanted) + ")$",
               "--perft_min_nodes=1", "--perft_max_nodes=1000000000", f"--benchmark_min_time={min_seconds}",
               "--benchmark_format=json"]
    out = subprocess.run(command, capture_output=True, text=True, check=False)
    if out.returncode != 0:
        raise Failure(f"{bench} failed on {position}: a benchmark computed a wrong count\n{out.stderr.strip()}",
                      EXIT_FAILED)
    data = json.loads(out.stdout)
    for b in data["benchmarks"]:
        if b.get("error_occurred"):
            raise Failure(f"{b['name']}: {b.get('error_message')}", EXIT_FAILED)
    if len(data["benchmarks"]) != len(wanted):
        raise Failure(f"{bench} ran {len(data['benchmarks'])} of the {len(wanted)} benchmarks of {position}",
                      EXIT_FAILED)
    return data["context"], data["benchmarks"]


def rates_of(entries):
    """{(family, generator, position, depth): [(nodes, nodes per second), ...]} in the order run; a generator
    without a sibling count has its `--bulk node` runs under PerftBulk too (the same mode)."""
    rates = {}
    for b in entries:
        family, position, depth = b["run_name"].removeprefix("BM_").split("/")[:3]
        family, generator = family.split("_")
        rates.setdefault((family, generator, position, int(depth)), []).append(
            (b["nodes"], b["nodes_per_second"]))
    for (family, generator, position, depth), samples in list(rates.items()):
        if family == "PerftBulkNode":
            rates.setdefault(("PerftBulk", generator, position, depth), samples)
    return rates


def benchmark_depths(name, depth, leaf_depth, tuned):
    """(depths with bulk counting, depths without it) at which perft_bench runs a generator on position `name`,
    whose row is at `depth` / `leaf_depth`: the row's, and for the tuned pair (`tuned`) also the depths of its
    table against Stockfish (alternation_depths), whose Mnps that table shows."""
    if not tuned or name not in standard.GOAL_POSITIONS:
        return [depth], [leaf_depth]
    return (sorted({depth, standard.alternation_depths(name, "node")[0]}),
            sorted({leaf_depth, standard.alternation_depths(name, "none")[0]}))


def mode_used(movegen, generator, mode_args):
    """The counting mode `movegen perft` reports for `mode_args` ("siblings", "node" or "none")."""
    out = subprocess.run([movegen, "perft", "--json", "--generator", generator, *mode_args, "1"],
                         capture_output=True, text=True, check=False)
    if out.returncode != 0:
        raise Failure(f"{movegen} perft --generator {generator} failed: {out.stderr.strip()}", EXIT_USAGE)
    return json.loads(out.stdout)["bulk_mode"]
