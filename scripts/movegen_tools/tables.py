"""The report's figures and tables: medians and geometric means of the rates, the reference grid, the tuned pair
against Stockfish, instructions per node, and markdown tables."""

import statistics

from . import standard
from .perft_bench import cli_name
from .standard import GOAL_MODES, GOAL_POSITIONS, GOALS, alternation_depths


def mnps(samples):
    """(median, relative spread (max - min) / median) of nodes-per-second samples, in millions."""
    values = [s / 1e6 for s in samples]
    median = statistics.median(values)
    return median, (max(values) - min(values)) / median


def geomean(values):
    """The geometric mean of `values`, NaN if there are none."""
    return statistics.geometric_mean(values) if values else float("nan")


STRATEGIES = (("mtu", "make-test-unmake"), ("masks", "masks"))


def with_stockfish(values, stockfish):
    """The geometric mean of `values` (Mnps per position), and of their ratios to `stockfish` in brackets."""
    text = f"{geomean(values):.1f}"
    if stockfish:
        text += f" ({geomean([v / s for v, s in zip(values, stockfish)]):.2f}x)"
    return text


def effect(better, worse):
    """The geometric mean of the per-position ratios better / worse, as text ("2.16x")."""
    return f"{geomean([b / w for b, w in zip(better, worse)]):.2f}x"


def reference_grid(reps, grid, values_of, stockfish=None, fewer_is_better=False, unit="Mnps"):
    """The 4x2 of the reference tier as a table: a column per representation (in table order), a row per legality
    strategy, each cell the geometric mean over the positions of `values_of(generator)` (a list, one per position),
    with the geometric mean of the ratios to `stockfish` beside it when given; then the strategy's effect in each
    column and each representation's effect against the first column under each strategy, as ratios of the
    geometric means per position, written so that above 1 is better (for instructions, fewer over more)."""
    def cell(rep, s):
        values = values_of(grid[(rep, s)])
        return with_stockfish(values, stockfish) if unit == "Mnps" else f"{geomean(values):.1f}"

    def better_over(a, b):  # effect of a over b, above 1 when a is better
        return effect(values_of(b), values_of(a)) if fewer_is_better else effect(values_of(a), values_of(b))

    rows = [[label, *(cell(rep, s) for rep in reps)] for s, label in STRATEGIES]
    rows.append([("strategy effect (make-test-unmake / masks)" if fewer_is_better
                  else "strategy effect (masks / make-test-unmake)"),
                 *(better_over(grid[(rep, "masks")], grid[(rep, "mtu")]) for rep in reps)])
    for s, label in STRATEGIES:
        rows.append([f"representation effect, {label} ({reps[0]} / column)" if fewer_is_better
                     else f"representation effect, {label} (column / {reps[0]})",
                     *(better_over(grid[(rep, s)], grid[(reps[0], s)]) for rep in reps)])
    return [unit, *reps], rows


def paired_ratio(samples, sf_rates):
    """The median of each run's rate over the Stockfish run of the same round."""
    return statistics.median(r / sf for (_, r), sf in zip(samples, sf_rates))


FAMILIES = (("PerftBulkNode", "node", "--bulk node"), ("PerftBulk", "siblings", "--bulk siblings"),
            ("PerftMakeEveryLeaf", "none", "--no-bulk"))


def tuned_against_stockfish(tuned, rates, alternation):
    """Rows for the tuned pair: per generator and counting mode of the goals, on each goal position its median
    Mnps in perft_bench and its ratio to Stockfish's bulk-counted rate by alternation (the median of the rounds
    in `alternation`, measure_alternation's result), with the goal of issue 32 beside it where one is set."""
    family_of = {mode: family for family, mode, _ in FAMILIES}
    median_of = {(r["generator"], r["mode"], r["position"]): r["median"] for r in alternation["runs"]}
    rows = []
    for g in tuned:
        cli = cli_name(g)
        for mode, label in GOAL_MODES:
            cells = []
            for name in GOAL_POSITIONS:
                depth = alternation_depths(name, mode)[0]
                samples = rates[(family_of[mode], g, name, depth)]
                ratio = median_of[(cli, mode, name)]
                goal = GOALS.get((cli, mode), {}).get(name)
                cells.append(f"{mnps([r for _, r in samples])[0]:.1f}; {ratio:.2f}x"
                             + (f" ({'met' if ratio >= goal else 'goal'} {goal})" if goal else ""))
            rows.append([cli, label, *cells])
    return rows


def callgrind_positions(instructions):
    """The positions callgrind counted on, in the order of the standard positions."""
    return [name for name, *_ in standard.CASES if any(name in per_mode for modes in instructions.values()
                                               for per_mode in modes.values())]


def ipn(entry):
    """One instruction count as a table cell: instructions per node and the depth ("98.2 (D5)")."""
    return f"{entry['instructions_per_node']:.1f} (D{entry['depth']})"


def instructions_table(instructions, names, sf_instructions=None):
    """Rows of a callgrind table: generator, mode, instructions per node on each position measured, for the
    generators `names` (command line names), and Stockfish's `go perft` last when measured."""
    positions = callgrind_positions(instructions)
    rows = []
    for g in names:
        for mode, per_position in instructions[g].items():
            rows.append([g, {"none": "--no-bulk"}.get(mode, f"--bulk {mode}"), *(ipn(per_position[p]) for p in positions)])
    if sf_instructions:
        rows.append(["Stockfish `go perft`", "bulk, each node", *(ipn(sf_instructions[p]) if p in sf_instructions
                                                                  else "-" for p in positions)])
    return ["Generator", "Counting", *positions], rows


def measures_side_by_side(reps, grid, tuned, mnps_at, ipn_at, positions):
    """Every effect of the 4x2 and of tuning by both measures on the callgrind positions: the ratio of Mnps and
    the ratio of instructions per node (fewer over more), each the geometric mean of the per-position ratios,
    above 1 when the first named is faster; "agree" when both lie on the same side of 1."""
    pairs = []
    for rep in reps:
        pairs.append((f"masks over make-test-unmake, {rep}", grid[(rep, "masks")], grid[(rep, "mtu")]))
    for s, label in STRATEGIES:
        for a, b in zip(reps, reps[1:]):
            pairs.append((f"{b} over {a}, {label}", grid[(b, s)], grid[(a, s)]))
        for rep in reps[2:]:
            pairs.append((f"{rep} over {reps[0]}, {label}", grid[(rep, s)], grid[(reps[0], s)]))
    for rep, g in tuned.items():
        pairs.append((f"{cli_name(g)} over {cli_name(grid[(rep, 'masks')])}", g, grid[(rep, "masks")]))
    rows = []
    for label, a, b in pairs:
        row = [label]
        for mode in ("node", "none"):
            by_clock = geomean([mnps_at(a, mode, p) / mnps_at(b, mode, p) for p in positions])
            by_count = geomean([ipn_at(b, mode, p) / ipn_at(a, mode, p) for p in positions])
            row += [f"{by_clock:.2f}x", f"{by_count:.2f}x", "agree" if (by_clock > 1) == (by_count > 1) else "part"]
        rows.append(row)
    return ["Effect", "Mnps ratio, bulk", "instructions ratio, bulk", "bulk", "Mnps ratio, no bulk",
            "instructions ratio, no bulk", "no bulk"], rows


def table(header, rows):
    """A markdown table of `header` and `rows` (lists of cells)."""
    lines = ["| " + " | ".join(header) + " |", "|" + "|".join("---" for _ in header) + "|"]
    return "\n".join(lines + ["| " + " | ".join(r) + " |" for r in rows])
