"""report.md, written from the measured data: the method, the speed tables, the reference grid, the tuned pair
and the instruction counts."""

import dataclasses
import datetime
import json
import os
import re

from . import standard
from .chart import write_chart
from .failure import EXIT_FAILED, Failure
from .interleaved import MIN_SECONDS, REFERENCE_MIN_SECONDS, stockfish_rate
from .machine import BUSY_SHARE, cpu_model
from .perft_bench import cli_name
from .standard import EPD, GOAL_POSITIONS, alternation_depths, expected
from .search_tables import search_section, splice
from .tables import (callgrind_positions, effect, instructions_table, measures_side_by_side, mnps, paired_ratio,
                     reference_grid, table, tuned_against_stockfish, with_stockfish)


@dataclasses.dataclass
class Report:
    """What report.md is written from: write_report's arguments (its docstring says what each holds)."""
    out: str
    context: dict
    generators: list
    rates: dict
    sf_name: str
    sf_runs: dict
    counts: dict
    load: tuple
    repetitions: int
    started: datetime.datetime
    instructions: dict = None
    callgrind_flags: str = ""
    sf_instructions: dict = None
    layout_of: tuple = None
    command: str = ""
    callgrind_command: str = ""
    minutes: float = 0.0
    callgrind_from: str = ""
    others: float = None
    alternation: dict = None


@dataclasses.dataclass
class Speeds:
    """The speed tables' rows and the medians the later tables reuse, from speed_tables."""
    bulk_rows: list = dataclasses.field(default_factory=list)
    node_rows: list = dataclasses.field(default_factory=list)
    leaf_rows: list = dataclasses.field(default_factory=list)
    chart_rows: list = dataclasses.field(default_factory=list)
    spreads: list = dataclasses.field(default_factory=list)  # (relative spread, "who, position")
    node_mnps: dict = dataclasses.field(default_factory=dict)  # {generator: [Mnps per position]}, --bulk node
    leaf_mnps: dict = dataclasses.field(default_factory=dict)  # the same, --no-bulk
    sf_mnps_all: list = dataclasses.field(default_factory=list)  # Stockfish's Mnps per position


def write_report(out, context, generators, rates, sf_name, sf_runs, counts, load, repetitions, started,
                 instructions=None, callgrind_flags="", sf_instructions=None, layout_of=None, command="",
                 callgrind_command="", minutes=0.0, callgrind_from="", others=None, alternation=None):
    """Writes report.md and perft_mnps.svg to `out` and returns report.md's text. `rates`: rates_of's figures;
    `sf_runs`: {(position, depth): [time_stockfish result per round]}; `load`: the load average before and
    after; `instructions` and `sf_instructions`: callgrind's counts, or None; `layout_of`: layout's (reference
    grid, tuned pair); `others`: others_share of the clock runs; `alternation`: measure_alternation's result."""
    r = Report(out, context, generators, rates, sf_name, sf_runs, counts, load, repetitions, started, instructions,
               callgrind_flags, sf_instructions, layout_of, command, callgrind_command, minutes, callgrind_from,
               others, alternation)
    speeds = speed_tables(r)
    write_chart(os.path.join(out, "perft_mnps.svg"), generators, speeds.chart_rows, sf_name)
    text = (header_text(r, max(speeds.spreads)) + alternation_method(r) + callgrind_method(r)
            + speed_sections(r, speeds) + grid_section(r, speeds) + "\n" + tuned_section(r, speeds) + "\n"
            + instructions_section(r) + raw_data(r))
    text = re.sub(r"\n{3,}", "\n\n", text)
    text = with_search_section(out, text, instructions, rates)
    with open(os.path.join(out, "report.md"), "w", encoding="utf-8") as f:
        f.write(text)
    return text


def with_search_section(out, text, instructions, rates):
    """report.md's `text` with the search section (search_tables.search_section) appended when `out` holds the
    search part's search.json, so that the perft report run alone keeps it, its perft figures now these."""
    path = os.path.join(out, "search.json")
    if not os.path.exists(path):
        return text
    with open(path, encoding="utf-8") as f:
        return splice(text, search_section(json.load(f), instructions, rates))


def speed_tables(r):
    """The rows of the three speed tables (--bulk siblings, --bulk node, --no-bulk) and of the chart, position by
    position, every count of perft_bench's bulk runs checked against the published one."""
    speeds = Speeds(node_mnps={g: [] for g in r.generators}, leaf_mnps={g: [] for g in r.generators})
    for name, fen, depth, leaf_depth in standard.CASES:
        nodes = expected(r.counts, fen, depth)
        sf_rates = [stockfish_rate(run, nodes) for run in r.sf_runs[(name, depth)]]
        sf_mnps, sf_spread = mnps(sf_rates)
        speeds.spreads.append((sf_spread, f"{r.sf_name}, {name}"))
        cells, ratios, chart = [], [], []
        for g in r.generators:
            samples = r.rates[("PerftBulk", g, name, depth)]
            if any(n != nodes for n, _ in samples):
                raise Failure(f"{g} {name} depth {depth}: nodes differ from {EPD}", EXIT_FAILED)
            m, spread = mnps([x for _, x in samples])
            speeds.spreads.append((spread, f"{cli_name(g)}, {name}"))
            cells.append(f"{m:.1f}")
            # Each run beside the Stockfish run of the same round: the median of those ratios.
            ratios.append(f"{paired_ratio(samples, sf_rates):.2f}")
            chart.append(m)
        speeds.bulk_rows.append([name, str(depth), f"{nodes:,}", *cells, f"{sf_mnps:.1f}", *ratios])
        node_cells, node_ratios = [], []
        for g in r.generators:
            samples = r.rates[("PerftBulkNode", g, name, depth)]
            speeds.node_mnps[g].append(mnps([x for _, x in samples])[0])
            node_cells.append(f"{speeds.node_mnps[g][-1]:.1f}")
            node_ratios.append(f"{paired_ratio(samples, sf_rates):.2f}")
        speeds.node_rows.append([name, str(depth), f"{nodes:,}", *node_cells, f"{sf_mnps:.1f}", *node_ratios])
        speeds.sf_mnps_all.append(sf_mnps)
        speeds.chart_rows.append((f"{name}\\nD{depth}", chart + [sf_mnps]))
        speeds.leaf_rows.append(leaf_row(r, speeds, name, fen, leaf_depth, sf_rates))
    return speeds


def leaf_row(r, speeds, name, fen, leaf_depth, sf_rates):
    """The --no-bulk table's row of one position (each generator's Mnps added to speeds.leaf_mnps)."""
    leaf, leaf_ratios = [], []
    for g in r.generators:
        samples = r.rates[("PerftMakeEveryLeaf", g, name, leaf_depth)]
        leaf.append(mnps([x for _, x in samples])[0])
        speeds.leaf_mnps[g].append(leaf[-1])
        # Beside Stockfish's bulk-counted run of the same round, as above: a yardstick that lets reports
        # taken on different days, or on a busier machine, be compared.
        leaf_ratios.append(f"{paired_ratio(samples, sf_rates):.3f}")
    return [name, str(leaf_depth), f"{expected(r.counts, fen, leaf_depth):,}", *(f"{m:.1f}" for m in leaf),
            *leaf_ratios]


def header_text(r, worst):
    """The report's title and the bullets on the run: command, machine, compiler, Stockfish, speed."""
    lows = [cli_name(g) for g in r.generators]
    busy = ((r.others is None and max(r.load) >= os.cpu_count()) or (r.others is not None and r.others > BUSY_SHARE))
    busy = ("" if not busy else
            " The machine was busy with other jobs: figures vary between repetitions (see the spread"
            " below) and should be taken again at a quiet moment.")
    others_text = ("" if r.others is None else
                   f" Other processes ran {r.others:.0%} of the machine's CPU time during the clock runs.")
    context, repetitions = r.context, r.repetitions
    return f"""# perft speed: {', '.join(lows)} and {r.sf_name}

Generated by `scripts/bench-report.sh` on {r.started:%Y-%m-%d %H:%M} UTC, in {r.minutes:.0f} minutes. Every figure below
is computed by `scripts/bench_report.py` (`scripts/movegen_tools/`) from the runs of that command.

- Command: `{r.command}`
- Machine: {cpu_model()}, {os.cpu_count()} cores; load average (1 min) {r.load[0]:.2f} before the run,
  {r.load[1]:.2f} after it.{others_text}{busy}
- Compiler: {context.get('movegen_compiler', '?')}, {context.get('movegen_build_type', '?')} build,
  flags `{context.get('movegen_flags', '?')}`.
- Stockfish: {r.sf_name} (`go perft`, one thread), timed from the command to its `Nodes searched` line, the
  command sent again until {MIN_SECONDS:g} s of CPU time have passed (the runs' times summed). Each benchmark of the
  tuned pair runs for at least {MIN_SECONDS:g} s too (Google Benchmark repeats it), the reference generators' for at
  least {REFERENCE_MIN_SECONDS:g} s. Where one Stockfish command would take well under a second, the tuned pair's
  table against Stockfish goes deeper than the position's row: {", ".join(f"{n} at depth {d}" for n, d in standard.GOAL_DEPTH.items())}.
- Speed: our generators in `bench/perft_bench` (Google Benchmark) and Stockfish, interleaved: position
  by position, ours and then Stockfish's, the whole round {repetitions} times. Every Mnps figure is the
  median of the {repetitions} rounds, Mnps = million leaf nodes per second of CPU time (Stockfish's read
  from `/proc`), so that other jobs on the machine count as little as possible (wall-clock times are in
  the raw data). Every ratio but those of the tuned pair's table against Stockfish is the median of the
  {repetitions} ratios of a run to the Stockfish run beside it, which cancels most of the drift in the machine's
  speed. Every node count was checked against
  the published counts (`{EPD}`). The largest spread between repetitions ((max - min) / median) was
  {worst[0]:.0%} ({worst[1]}).
"""


def alternation_method(r):
    """The method's bullet on the tuned pair's alternated ratios to Stockfish ("" without alternation)."""
    alternation = r.alternation
    return "" if not alternation else f"""- Ratios of the tuned pair to Stockfish on the positions of issue 32's goals (its table below): by
  alternation (`alternate_stockfish` of `scripts/movegen_tools/alternation.py`), which a host that steals time in bursts cannot
  tilt toward one side as it can whole runs taken one after the other. Our `movegen perft --generator NAME
  --bulk node|--no-bulk --threads 1 --hash 0 DEPTH` (`{alternation['movegen']}`, not `perft_bench`) and one
  Stockfish process answering `go perft` (one thread) run at once, pinned to one CPU, in turns of
  {alternation['slice_ms']:g} ms (SIGSTOP and SIGCONT), each started or sent again whenever it ends, for
  {alternation['seconds']:g} s per position and round. Each side's CPU time comes from the kernel (`wait4` for ours,
  less the median CPU time of a depth-1 run for start-up; `/proc/PID/task/*/schedstat` for Stockfish); the
  ratio is our nodes per CPU second over Stockfish's, the median of {alternation['rounds']} rounds. With `--bulk
  node` both run at the goal depths ({", ".join(f"{n} D{alternation_depths(n, 'node')[0]}" for n in GOAL_POSITIONS)}),
  as `scripts/alternate.py stockfish` does. With `--no-bulk` ours runs one ply less
  ({", ".join(f"{n} D{alternation_depths(n, 'none')[0]}" for n in GOAL_POSITIONS)}) and Stockfish's bulk-counted
  `go perft` stays at the goal depth: the ratio is of Stockfish's bulk rate, as issue 32's goals are stated;
  `scripts/alternate.py stockfish --bulk none` takes Stockfish at our shallower depth instead, a different
  yardstick. Every count checked against the published one; each round's figures in `alternation.json`.
"""


def callgrind_method(r):
    """The method's bullet on the instruction counts ("" without them)."""
    separate_run = ("" if not r.callgrind_from else "\n  These counts were taken by a separate `--callgrind-only` run"
                    f" of the same commit and read from `{r.callgrind_from}`;\n  the minutes above are the clock runs'.")
    return "" if not r.instructions else f"""- Instructions per node: counted by valgrind's callgrind, which is repeatable on a loaded machine where
  clock figures are not, with a `movegen` built for valgrind (`{r.callgrind_flags or '?'}`: valgrind cannot run
  the AVX-512 code that `-march=native` emits on some machines), one process per count:
  `{r.callgrind_command}`, with each counting mode (`--bulk node`, `--bulk siblings`, `--no-bulk`; a
  generator without a sibling count runs `--bulk siblings` as `--bulk node`, counted once). The instructions
  of the same command at depth 1 are subtracted (start-up, FEN), and the rest divided by the nodes beyond
  depth 1. {"Stockfish's `go perft` the same way: one `valgrind --tool=callgrind stockfish` process per count, all its threads, depth 1 subtracted (its start-up loads the network)." if r.sf_instructions else "Stockfish was not counted."}
  Instructions are not time (a cache miss or a mispredicted branch costs more than an add), and this build
  lacks the `-march=native` one's instruction set: use them to check an effect on any machine, and to
  decide between two versions of one generator.{separate_run}
"""


def speed_sections(r, speeds):
    """The three speed tables, --bulk siblings (with the chart), --bulk node and --no-bulk."""
    lows = [cli_name(g) for g in r.generators]
    return f"""
## With bulk counting (`--bulk siblings`, each generator's fastest)

At the last ply each generator counts the legal moves instead of making them, as Stockfish's perft does.
Every figure in a row is taken at its Depth. Ratios are to Stockfish's Mnps, paired by round.

{table(["Position", "Depth", "Nodes", *(f"{g} Mnps" for g in lows), "Stockfish Mnps",
        *(f"{g} / Stockfish" for g in lows)], speeds.bulk_rows)}

![perft Mnps per position](perft_mnps.svg)

## With bulk counting, each node above the leaves built and counted (`--bulk node`)

What Stockfish, qperft and Gigantua do one ply above the leaves: each such node is built and its legal moves
counted. The table above lets a generator that offers it count the replies to all of a node's moves in one
call (`--bulk siblings`); this one compares like for like. For generators without that call the two are the
same mode, measured once.

{table(["Position", "Depth", "Nodes", *(f"{g} Mnps" for g in lows), "Stockfish Mnps",
        *(f"{g} / Stockfish" for g in lows)], speeds.node_rows)}

## Without bulk counting (`--no-bulk`)

Every leaf move is made and unmade (or played on a copy), so every generator builds each leaf; Stockfish
has no such mode. The reference generators keep the Zobrist key as they make each move; the tuned pair's
own recursions (their `perft` below a node) do not, since perft without a table reads no key: a search
that hashes its nodes would pay for the key too. The ratios are to Stockfish's bulk-counted Mnps of the
same round (the table above): not a race, since the work differs, but a yardstick that holds from one
report to the next.

{table(["Position", "Depth", "Nodes", *(f"{g} Mnps" for g in lows),
        *(f"{g} / Stockfish bulk" for g in lows)], speeds.leaf_rows)}

"""


def grid_section(r, speeds):
    """The reference grid (representation by legality strategy) by the clock and, when counted, by instructions
    ("" without a reference grid)."""
    reps, grid, _ = r.layout_of if r.layout_of else ([], {}, {})
    if not reps:
        return ""
    return (
        f"## The {len(reps)}x2: representation and legality strategy\n\n"
        "A column per representation, a row per legality strategy. Each cell is the geometric mean over the\n"
        f"{len(standard.CASES)} positions of the generator's median Mnps, in brackets of its ratio to Stockfish's bulk-counted\n"
        "Mnps. The effect rows are geometric means of the per-position ratios, written so that above 1 is faster:\n"
        "the strategy effect is what masks does on one representation, the representation effect what a\n"
        f"representation does against the {reps[0]} under one strategy. A reference generator has no sibling count,\n"
        "so its bulk counting is `--bulk node`: each node above the leaves built and its legal moves counted.\n\n"
        "### With bulk counting\n\n"
        + table(*reference_grid(reps, grid, lambda g: speeds.node_mnps[g], speeds.sf_mnps_all)) + "\n\n"
        "### Without bulk counting (`--no-bulk`; in brackets, the ratio to Stockfish's bulk-counted rate)\n\n"
        + table(*reference_grid(reps, grid, lambda g: speeds.leaf_mnps[g], speeds.sf_mnps_all)) + "\n"
        + grid_instructions_section(r, speeds))


def grid_instructions_section(r, speeds):
    """The reference grid by instructions per node, and every effect by both measures side by side ("" without
    instruction counts)."""
    if not r.instructions:
        return ""
    reps, grid, tuned = r.layout_of
    instructions, positions = r.instructions, callgrind_positions(r.instructions)
    position_names = [name for name, *_ in standard.CASES]
    at = lambda mode: (lambda g: [instructions[cli_name(g)][mode][p]["instructions_per_node"] for p in positions])
    return (
        "\n### Instructions per node (callgrind)\n\n"
        f"Each cell: the geometric mean over {', '.join(positions)} of the generator's instructions per node\n"
        "(method below); the effects as ratios of instructions, fewer over more, so that above 1 is fewer\n"
        "instructions, as above 1 is faster in the tables above.\n\n"
        "With bulk counting:\n\n"
        + table(*reference_grid(reps, grid, at("node"), fewer_is_better=True, unit="instructions per node"))
        + "\n\nWithout bulk counting:\n\n"
        + table(*reference_grid(reps, grid, at("none"), fewer_is_better=True, unit="instructions per node"))
        + "\n\n### The two measures side by side\n\n"
        f"Each effect on {', '.join(positions)} (the positions callgrind counts), by the clock (Mnps, the\n"
        "tables above) and by the instruction count: both as geometric means of the per-position ratios,\n"
        "above 1 when the first generator named is the faster or runs fewer instructions per node. The\n"
        "measures agree when both lie on the same side of 1, and part when they do not. The clock's figures are\n"
        "taken at the depths of the speed tables, callgrind's at those of the instruction tables, on other\n"
        "builds (`-march=native` and x86-64-v3), so the ratios differ even where the measures agree.\n\n"
        + table(*measures_side_by_side(
            reps, grid, tuned,
            lambda g, mode, p: speeds.node_mnps[g][position_names.index(p)] if mode == "node"
            else speeds.leaf_mnps[g][position_names.index(p)],
            lambda g, mode, p: instructions[cli_name(g)][mode][p]["instructions_per_node"], positions))
        + "\n")


def tuned_section(r, speeds):
    """The tuned pair: against Stockfish by alternation, by instructions when counted, and beside the reference
    masks cell of its representation ("" without a tuned pair)."""
    _, grid, tuned = r.layout_of if r.layout_of else ([], {}, {})
    if not tuned:
        return ""
    text = tuned_against_stockfish_section(r, tuned)
    if r.instructions:
        text += (
            "\n### Instructions per node, against Stockfish\n\n"
            + ("" if r.sf_instructions else
               "Stockfish was not counted (`--no-callgrind-stockfish`).\n\n")
            + table(*instructions_table(r.instructions, [cli_name(g) for g in tuned.values()], r.sf_instructions))
            + "\n")

    def tuning_rows(values_of, stockfish=None):
        return [[rep, with_stockfish(values_of(grid[(rep, "masks")]), stockfish),
                 with_stockfish(values_of(g), stockfish), effect(values_of(g), values_of(grid[(rep, "masks")]))]
                for rep, g in tuned.items()]

    header = ["Mnps", "reference masks", "tuned", "tuning effect (tuned / reference masks)"]
    return text + (
        "\n### Beside the reference masks cell of its representation\n\n"
        "Geometric means over the positions, as in the 4x2; in brackets the ratio to Stockfish.\n\n"
        "With bulk counting (`--bulk node`, like for like with the reference generators):\n\n"
        + table(header, tuning_rows(lambda g: speeds.node_mnps[g], speeds.sf_mnps_all)) + "\n\n"
        "Without bulk counting:\n\n"
        + table(header, tuning_rows(lambda g: speeds.leaf_mnps[g], speeds.sf_mnps_all)) + "\n")


def tuned_against_stockfish_section(r, tuned):
    """The tuned pair's table of the goals of issue 32: its Mnps and its ratios to Stockfish by alternation."""
    alternation = r.alternation
    return (
        "## The tuned pair\n\n"
        "### Against Stockfish (the goals of issue 32), by alternation\n\n"
        "Each cell: the generator's median Mnps on the position in `perft_bench` (the tables above); then its\n"
        "ratio to Stockfish's bulk-counted rate, taken by alternation (method above: our `movegen` process and\n"
        f"Stockfish pinned to one CPU in {alternation['slice_ms']:g} ms turns, CPU time, the median of "
        f"{alternation['rounds']} rounds), not\n"
        "paired with the Mnps beside it; in brackets the goal of issue 32, marked met when reached. Each column's\n"
        "head gives the depth with bulk counting and, after the slash, without it. `--bulk node`: ours and\n"
        "Stockfish's `go perft` at the first depth (Stockfish builds every node one ply above the leaves and\n"
        "counts its legal moves: like for like). `--no-bulk`: ours makes and unmakes every leaf at the second\n"
        "depth, against Stockfish's bulk rate at the first depth, as a yardstick (Stockfish has no such mode):\n"
        "the ratio is of Stockfish's bulk rate, as issue 32's goals are set, where `scripts/alternate.py\n"
        "stockfish --bulk none` takes Stockfish at our depth instead. The tuned pair's `--bulk siblings` and its\n"
        "figures on the other positions are in the tables above, paired by round.\n\n"
        + table(["Generator", "Counting", *(f"{name} D{alternation_depths(name, 'node')[0]}/"
                                            f"{alternation_depths(name, 'none')[0]}: Mnps; / Stockfish"
                                            for name in GOAL_POSITIONS)],
                tuned_against_stockfish(tuned.values(), r.rates, alternation)) + "\n")


def instructions_section(r):
    """Every generator's instructions per node ("" without instruction counts)."""
    return "" if not r.instructions else (
        "## Instructions per node, every generator\n\n"
        + table(*instructions_table(r.instructions, [cli_name(g) for g in r.generators], r.sf_instructions)) + "\n")


def raw_data(r):
    """The report's last line: links to the raw data files written beside it."""
    raw_callgrind = ", [callgrind.json](callgrind.json)" if r.instructions else ""
    raw_alternation = (", [alternation.json](alternation.json) (the tuned pair against Stockfish)" if r.alternation
                       else "")
    return ("\nRaw data: [perft_bench.json](perft_bench.json) (Google Benchmark), [stockfish.json](stockfish.json)"
            f"{raw_alternation}{raw_callgrind}.\n")
