"""The search workload beside perft in report.md: per cell of the reference grid and for the tuned pair, perft's and
the search's instructions per node and Mnps, the effects of strategy and representation under each workload, the
rankings and where they change, and the share of a search node's instructions spent in each part."""

import statistics

from . import standard
from .perft_bench import cli_name
from .search_callgrind import PART_NAMES
from .tables import STRATEGIES, callgrind_positions, geomean, table

# report.md's search section lies between these lines, so that the search part can rewrite it alone.
BEGIN, END = "<!-- search section: begin -->", "<!-- search section: end -->"

# The workloads each figure is given for: (key, heading).
WORKLOADS = (("perft_node", "perft, bulk"), ("perft_none", "perft, no bulk"), ("search", "search"))


def perft_figures(instructions, rates):
    """{generator (command line name): {"ipn": {"perft_node", "perft_none"}, "mnps": {...}}}: perft's instructions
    per node on each callgrind position (callgrind.json's) and median Mnps on each standard position
    (perft_bench.json's rates, rates_of), per counting mode, as lists in the positions' order."""
    figures = {}
    positions = callgrind_positions(instructions) if instructions else []
    families = {"perft_node": ("PerftBulkNode", 2), "perft_none": ("PerftMakeEveryLeaf", 3)}
    for cli, modes in (instructions or {}).items():
        figures.setdefault(cli, {"ipn": {}, "mnps": {}})["ipn"] = {
            f"perft_{m}": [modes[m][p]["instructions_per_node"] for p in positions] for m in ("node", "none")}
    for (family, generator, position, depth), samples in (rates or {}).items():
        for key, (wanted, column) in families.items():
            case = next(c for c in standard.CASES if c[0] == position) if family == wanted else None
            if case and case[column] == depth:
                mnps = figures.setdefault(cli_name(generator), {"ipn": {}, "mnps": {}})["mnps"]
                mnps.setdefault(key, []).append(statistics.median(r for _, r in samples) / 1e6)
    return figures


def search_figures(data):
    """{generator: {"ipn": {"search": [instructions per node]}, "mnps": {"search": [Mnps per position]}}} from
    search.json's callgrind counts and clock runs (`movegen bench --json`: nodes / wall-clock seconds, the median
    of the runs on each position)."""
    figures = {}
    for cli, entry in data.get("callgrind", {}).get("instructions", {}).items():
        figures.setdefault(cli, {"ipn": {}, "mnps": {}})["ipn"]["search"] = [entry["instructions_per_node"]]
    benches = (data.get("clock") or {}).get("benches", [])
    for runs in zip(*(b["positions"] for b in benches)):
        for same_generator in zip(*(position["generators"] for position in runs)):
            rates = [r["nodes"] / r["seconds"] / 1e6 for r in same_generator if r["seconds"] > 0]
            mnps = figures.setdefault(same_generator[0]["generator"], {"ipn": {}, "mnps": {}})["mnps"]
            mnps.setdefault("search", []).append(statistics.median(rates) if rates else float("nan"))
    return figures


def merged(*figure_sets):
    """The figures of perft_figures and search_figures in one dict, per generator, measure and workload."""
    result = {}
    for figures in figure_sets:
        for cli, measures in figures.items():
            for measure, per_workload in measures.items():
                result.setdefault(cli, {"ipn": {}, "mnps": {}})[measure].update(per_workload)
    return result


def value(figures, cli, measure, workload):
    """A generator's figure for one measure and workload (geometric mean over positions), NaN if not measured."""
    return geomean(figures.get(cli, {}).get(measure, {}).get(workload, []))


def ratio(figures, a, b, measure, workload):
    """a's advantage over b, above 1 when a is better: per-position ratios' geometric mean, fewer instructions
    over more, or more Mnps over fewer; NaN if either is missing."""
    va = figures.get(a, {}).get(measure, {}).get(workload, [])
    vb = figures.get(b, {}).get(measure, {}).get(workload, [])
    if not va or len(va) != len(vb):
        return float("nan")
    return geomean([y / x if measure == "ipn" else x / y for x, y in zip(va, vb)])


def _cell(x, digits=1):
    return "-" if x != x else f"{x:.{digits}f}"


def _times(x):
    return "-" if x != x else f"{x:.2f}x"


def cells(layout):
    """[(representation, strategy label, generator)] of search.json's layout: the reference grid by
    representation, then the tuned pair (strategy label "tuned")."""
    labels = dict(STRATEGIES)
    grid = {(rep, s): cli for rep, s, cli in layout["grid"]}
    rows = [(rep, labels[s], grid[(rep, s)]) for rep in layout["reps"] for s, _ in STRATEGIES if (rep, s) in grid]
    return rows + [(rep, "tuned", cli) for rep, cli in layout["tuned"]]


def figures_table(layout, figures):
    """Per cell: instructions per node and Mnps in each workload (WORKLOADS), and the search's instructions per
    node over perft's without bulk counting (both make every move they count)."""
    header = ["representation", "strategy", "generator"]
    header += [f"instructions per node, {w}" for _, w in WORKLOADS] + ["search / perft no bulk"]
    header += [f"Mnps, {w}" for _, w in WORKLOADS]
    rows = []
    for rep, strategy, cli in cells(layout):
        ipn = [value(figures, cli, "ipn", w) for w, _ in WORKLOADS]
        rows.append([rep, strategy, f"`{cli}`", *(_cell(x) for x in ipn), _times(ipn[2] / ipn[1]),
                     *(_cell(value(figures, cli, "mnps", w), 2) for w, _ in WORKLOADS)])
    return header, rows


def effect_pairs(layout):
    """[(label, better-named generator, other generator)]: each representation's masks over its make-test-unmake,
    each representation over the first under each strategy, each tuned generator over its reference masks."""
    grid = {(rep, s): cli for rep, s, cli in layout["grid"]}
    reps = layout["reps"]
    pairs = [(f"masks over make-test-unmake, {rep}", grid[(rep, "masks")], grid[(rep, "mtu")]) for rep in reps]
    for s, label in STRATEGIES:
        pairs += [(f"{rep} over {reps[0]}, {label}", grid[(rep, s)], grid[(reps[0], s)]) for rep in reps[1:]]
    pairs += [(f"{cli} over {grid[(rep, 'masks')]}", cli, grid[(rep, "masks")]) for rep, cli in layout["tuned"]]
    return pairs


def effects_table(layout, figures):
    """Each effect (effect_pairs) in each workload, by instructions per node and by the clock: above 1 when the
    first generator named is better."""
    header = ["effect", *(f"instructions, {w}" for _, w in WORKLOADS), *(f"Mnps, {w}" for _, w in WORKLOADS)]
    rows = [[label, *(_times(ratio(figures, a, b, m, w)) for m in ("ipn", "mnps") for w, _ in WORKLOADS)]
            for label, a, b in effect_pairs(layout)]
    return header, rows


def ranking(layout, figures, workload, measure="ipn"):
    """The reference grid's orders in one workload: ({strategy label: representations best first},
    {representation: strategy labels best first})."""
    sign = 1 if measure == "ipn" else -1
    grid = {(rep, s): cli for rep, s, cli in layout["grid"]}
    by_strategy = {label: sorted(layout["reps"], key=lambda rep: sign * value(figures, grid[(rep, s)], measure,
                                                                                workload))
                   for s, label in STRATEGIES}
    by_rep = {rep: [label for s, label in sorted(STRATEGIES, key=lambda sl: sign * value(
        figures, grid[(rep, sl[0])], measure, workload))] for rep in layout["reps"]}
    return by_strategy, by_rep


def ranking_lines(layout, figures, measure="ipn"):
    """Markdown bullets: under each strategy the representations best first, and on each representation the
    strategies best first, in each workload, each marked where it differs from perft with bulk counting."""
    orders = {w: ranking(layout, figures, w, measure) for w, _ in WORKLOADS}
    measured = {w: all(value(figures, cli, measure, w) == value(figures, cli, measure, w)
                       for _, _, cli in layout["grid"]) for w, _ in WORKLOADS}
    lines = []
    for kind, index in (("representations, {}", 0), ("strategies, {}", 1)):
        for key in orders["perft_node"][index]:
            texts = []
            for w, heading in WORKLOADS:
                order = orders[w][index][key]
                changed = measured["perft_node"] and order != orders["perft_node"][index][key]
                texts.append(f"{heading}: {' > '.join(order) if measured[w] else 'not measured'}"
                             f"{' (changed)' if measured[w] and changed else ''}")
            lines.append(f"- {kind.format(key)}: " + "; ".join(texts))
    return "\n".join(lines)


def shares_table(data):
    """Per generator: the search's instructions per node, and each part's (PARTS) instructions per node with its
    share in brackets."""
    instructions = data.get("callgrind", {}).get("instructions", {})
    header = ["generator", "instructions per node", *PART_NAMES]
    rows = [[f"`{cli}`", _cell(e["instructions_per_node"]),
             *(f"{e['shares'][p] * e['instructions_per_node']:.0f} ({e['shares'][p]:.0%})" for p in PART_NAMES)]
            for cli, e in instructions.items()]
    return header, rows


def splice(report, section):
    """report.md's text with its search section (between BEGIN and END) replaced by `section`, or `section`
    appended if it has none."""
    if BEGIN in report and END in report:
        head, rest = report.split(BEGIN, 1)
        return head + section + rest.split(END, 1)[1]
    return report.rstrip("\n") + "\n\n" + section + "\n"


def search_method(data, perft_positions):
    """The search section's account of how its figures were taken."""
    cg = data["callgrind"]
    counted_apart = data.get("callgrind_command", data["command"]) != data["command"]
    return (
        f"Generated by `{data['command']}` on {data['date']}; every figure of this section comes from that run\n"
        + (f"(its instruction counts from an earlier `{data['callgrind_command']}` of the same commit)\n"
           if counted_apart else "")
        + "and, for perft, from the files the sections above are written from ([callgrind.json](callgrind.json),\n"
        f"[perft_bench.json](perft_bench.json)). Raw data: [search.json](search.json). Machine: {data.get('machine', '?')}.\n\n"
        f"- Instructions per search node: callgrind, `{cg['command']}` (depth {cg['depth']}, {cg['nodes']:,} nodes\n"
        f"  for every generator), a movegen built as `{cg['movegen_flags']}` (`-g` adds line tables, not code).\n"
        f"  The same command at depth {cg['base_depth']} is subtracted (start-up, the FENs, the first iteration),\n"
        f"  the rest divided by the nodes beyond it. Perft's figures: the geometric mean over\n"
        f"  {', '.join(perft_positions)} of callgrind.json's `--bulk node` and `--no-bulk` counts.\n"
        "- Parts of a search node: callgrind charges each instruction to the source file it was compiled from,\n"
        "  inlined code to the file it was inlined from. *generation*: each representation's `movegen` and\n"
        "  `legal_masks` files, the bitboard's `sliders`, `common/staged_generation.hpp`, the strategies'\n"
        "  `common/make_test_unmake.hpp` and `common/masks_strategy.hpp`, `common/castling`, the tuned folders'\n"
        "  generation files; *make/unmake*: each representation's `position` files (the tuned pair's too),\n"
        "  `common/position_base.hpp` (`make_board_move`, the played-move record), `common/zobrist`, tuned\n"
        "  mailbox's `make_move.hpp`; *attack test*: each reference representation's `attacks` files\n"
        "  (`is_square_attacked`, `attackers_to`, `checkers`): the search's own in-check question, and also the\n"
        "  legality test of make-test-unmake and the checkers of masks (the tuned pair has no such file: its\n"
        "  attack tests count where they are written, mostly in generation); *evaluation*:\n"
        "  `search/evaluation.hpp` (`eval_change`); *search*: the rest of `search/` (the move order) and each\n"
        "  generator's search translation unit. An instruction from a file in none of these (a shared helper such\n"
        "  as `types.hpp` or `bitboard.hpp`, a standard library header) counts in the part of the function it was\n"
        "  compiled into, by the function's name (`make_board_move`, `generate_*`, `is_square_attacked`,\n"
        "  `search::`, std::sort's out-of-line parts, which only the move order calls), else by the function's\n"
        "  file; *other*: what is left (the C library, `memmove`, `malloc`).\n"
        + clock_method(data.get("clock")))


def clock_method(clock):
    """The search section's account of its clock run ("not run" without one)."""
    if not clock:
        return "- Mnps: not measured in this run (`--callgrind-only`).\n"
    others = clock.get("others")
    others_text = "" if others is None else f" Other processes ran {others:.0%} of the machine's CPU time meanwhile."
    return (
        f"- Mnps: {clock['rounds']} runs of `{clock['command']}` (depth {clock['depth']}, {clock['positions']}"
        f" positions), a movegen\n  built as `{clock['movegen_flags'].replace(', , ', ', ')}`, wall-clock seconds, each position searched by"
        " every generator in\n  turn, so that the effects (ratios per position, then their geometric mean) compare"
        " runs a moment apart;\n  each generator's Mnps on a position is the median of the runs, its cell the"
        " geometric mean over the positions.\n"
        f"  Load average (1 min) {clock['load'][0]:.2f} before, {clock['load'][1]:.2f} after.{others_text} The\n"
        "  clock figures are taken on a machine shared with other jobs: lean on the instruction counts.\n"
        "  Perft's Mnps: perft_bench.json's medians (CPU time), geometric mean over its positions, from the perft\n"
        "  report's own run (the header above gives its machine and date): compare the effects, not the speeds.\n")


def search_section(data, perft_instructions, perft_rates):
    """report.md's search section (between BEGIN and END) from search.json's `data` and perft's instruction
    counts (callgrind.json's) and rates (rates_of perft_bench.json)."""
    figures = merged(perft_figures(perft_instructions, perft_rates), search_figures(data))
    layout = data["layout"]
    return (
        f"{BEGIN}\n## The search workload beside perft\n\n"
        "What each cell costs in the fixed search of `movegen bench` (docs/search.md), which makes every move it\n"
        "searches, asks for captures before quiet moves, cuts most nodes off early and keeps an evaluation, beside\n"
        "what it costs in perft. docs/study.md reads these tables.\n\n"
        + search_method(data, callgrind_positions(perft_instructions) if perft_instructions else [])
        + "\n### Per cell\n\n" + table(*figures_table(layout, figures))
        + "\n\n### Effects in each workload\n\nAbove 1 when the first generator named is better: fewer instructions"
        " per node, or more Mnps;\neach a geometric mean of per-position ratios (the search's instruction counts are"
        " one sum over the positions).\n\n"
        + table(*effects_table(layout, figures))
        + "\n\n### Rankings, by instructions per node\n\nBest first; (changed) where the order differs from perft's"
        " with bulk counting.\n\n" + ranking_lines(layout, figures)
        + "\n\n### Rankings, by the clock (see above)\n\n" + ranking_lines(layout, figures, "mnps")
        + "\n\n### Where a search node's instructions go\n\nInstructions per search node in each part (method"
        " above), its share in brackets.\n\n" + table(*shares_table(data))
        + f"\n{END}")
