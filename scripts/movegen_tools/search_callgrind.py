"""The search workload under callgrind: each generator's `movegen bench` (the fixed search of search/search.hpp),
its instructions per search node, and the share of them spent in each part of a node's work, read from the
source file callgrind charges each instruction to (it follows inlined code to the file it came from)."""

import json
import re
import shutil
import subprocess
import tempfile

from .failure import EXIT_FAILED, EXIT_USAGE, Failure
from .perft_bench import cli_name

# How the report names the command each count comes from.
SEARCH_CALLGRIND_COMMAND = ("valgrind --tool=callgrind movegen bench --generators NAME --depth DEPTH --json"
                            " (the default bench positions)")

# The parts of a search node's work, each the source files whose instructions it gets (a regular expression on
# the file's path) and the functions (on the name, template arguments and parameters left out) that get the
# instructions of files no part names. An instruction goes to the part of its source file (for inlined code, the
# file it was inlined from); failing that (a shared helper such as types.hpp, a standard library header such as
# the move order's sort) to the part of the function it was compiled into, by that function's name, then by that
# function's file; failing all three, to "other".
PARTS = (
    ("evaluation", r"(^|/)search/evaluation\.hpp$", r"::(evaluate|eval_change)$"),
    # std::sort's out-of-line parts: search/move_order.hpp's sorts are the only ones a search node runs
    ("search", r"(^|/)search/[^/]+$|(^|/)generators/[^/]+_search\.cpp$",
     r"::search::|::search_position$|^std::__(introsort_loop|insertion_sort|final_insertion_sort)$"),
    ("attack test", r"(^|/)(mailbox|board10x12|x88|bitboard)/attacks\.(hpp|cpp)$",
     r"::(is_square_attacked\w*|attackers_to\w*|checkers|find_attackers)$"),
    ("make/unmake", r"(^|/)(mailbox|board10x12|x88|bitboard|tuned/mailbox|tuned/bitboard)/position\.(hpp|cpp)$"
                    r"|(^|/)common/(position_base|zobrist)\.(hpp|cpp)$|(^|/)tuned/mailbox/make_move\.hpp$",
     r"::(make_move|unmake_move|make_board_move|unmake_board_move)$"),
    ("generation", r"(^|/)(mailbox|board10x12|x88|bitboard)/(movegen|legal_masks|sliders)\.(hpp|cpp)$"
                   r"|(^|/)common/(staged_generation|make_test_unmake|masks_strategy|castling)\.(hpp|cpp)$"
                   r"|(^|/)tuned/[^/]+/(generate|movegen|check_and_pin_masks|king_steps|slider_lines|board_scan"
                   r"|direction_fills|slider_rays|piece_sets|count|square_tables)\.(hpp|cpp)$"
                   r"|(^|/)tuned/move_sink\.hpp$",
     r"::generate_\w*$|::legality_masks$|::generate_stage$|::legal_moves$"),
)
# The parts in the report's order, "other" last.
PART_NAMES = ("generation", "make/unmake", "attack test", "evaluation", "search", "other")


def part_of(path):
    """The part (a name of PARTS) whose files include `path`, or None."""
    for name, pattern, _ in PARTS:
        if re.search(pattern, path):
            return name
    return None


def function_part(function):
    """The part (a name of PARTS) whose functions include `function` (callgrind's name: "void
    ns::Position<T>::make_move(Move)"), or None."""
    name = function.replace("(anonymous namespace)", "anonymous")
    while re.search(r"<[^<>]*>", name):
        name = re.sub(r"<[^<>]*>", "", name)
    name = name.split("(")[0].split()[-1] if name.split("(")[0].split() else name
    for part, _, pattern in PARTS:
        if re.search(pattern, name):
            return part
    return None


def _named(value, names):
    """The name a callgrind `fl=(3) path` or `fl=(3)` line gives, remembering new ids in `names`."""
    match = re.match(r"\((\d+)\)\s*(.*)$", value)
    if not match:
        return value
    if match.group(2):
        names[match.group(1)] = match.group(2)
    return names.get(match.group(1), "?")


def file_costs(lines):
    """{(file, function's file, function): instructions} of a callgrind output (its lines), each instruction
    charged to the source file callgrind names for it (fi=/fe= for inlined code, else fl=) and to the function it
    was compiled into (fn=), calls' inclusive costs left out so that every instruction counts once."""
    files, functions, costs = {}, {}, {}
    function_file = current = function = "?"
    skip_next = False
    for line in lines:
        if line[:1].isdigit() or line[:1] in "+-*":
            fields = line.split()
            if not skip_next and len(fields) > 1:
                key = (current, function_file, function)
                costs[key] = costs.get(key, 0) + int(fields[1])
            skip_next = False
        elif line.startswith("fl="):
            function_file = current = _named(line[3:].strip(), files)
        elif line.startswith(("fi=", "fe=")):
            current = _named(line[3:].strip(), files)
        elif line.startswith("fn="):
            current, function = function_file, _named(line[3:].strip(), functions)
        elif line.startswith("calls="):
            skip_next = True
        elif line.startswith(("cfi=", "cfl=")):
            _named(line[4:].strip(), files)
        elif line.startswith("cfn="):
            _named(line[4:].strip(), functions)
    return costs


def part_costs(costs):
    """{part: instructions} from file_costs' result: each instruction's file's part, else its function's by name,
    else by the function's file, else "other"."""
    parts = dict.fromkeys(PART_NAMES, 0)
    for (path, function_file, function), instructions in costs.items():
        parts[part_of(path) or function_part(function) or part_of(function_file) or "other"] += instructions
    return parts


def search_callgrind_run(movegen, generator, depth):
    """(nodes, {part: instructions}) of one `movegen bench --generators generator --depth depth` under callgrind:
    the nodes its JSON sums over the positions, the instructions by part (part_costs)."""
    with tempfile.TemporaryDirectory() as tmp:
        command = ["valgrind", "--tool=callgrind", f"--callgrind-out-file={tmp}/callgrind.out", movegen, "bench",
                   "--generators", generator, "--depth", str(depth), "--json"]
        out = subprocess.run(command, capture_output=True, text=True, check=False)
        try:
            nodes = json.loads(out.stdout)["totals"][0]["nodes"]
            with open(f"{tmp}/callgrind.out", encoding="utf-8") as f:
                parts = part_costs(file_costs(f))
        except (OSError, ValueError, KeyError, IndexError) as error:
            raise Failure(f"callgrind on movegen bench {generator} depth {depth} failed ({error}): "
                          f"{out.stderr.strip()[-400:]}", EXIT_USAGE)
    if out.returncode != 0:
        raise Failure(f"movegen bench {generator} depth {depth} under callgrind: exit {out.returncode} "
                      f"(the generators disagree?) {out.stderr.strip()[-400:]}", EXIT_FAILED)
    return nodes, parts


def measure_search_instructions(movegen, generators, depth, base_depth=1):
    """{generator: {"depth", "nodes", "instructions_per_node", "shares": {part: share}}}: each generator's
    instructions per search node over the bench positions, the instructions at `base_depth` (start-up, the FENs,
    the first iteration) subtracted from those at `depth` and divided by the nodes beyond base_depth, and the
    share of each part (PARTS) in those instructions. Every generator must search as many nodes."""
    if shutil.which("valgrind") is None:
        raise Failure("valgrind not found (Debian package valgrind)", EXIT_USAGE)
    result = {}
    for g in generators:
        cli = cli_name(g)
        base_nodes, base = search_callgrind_run(movegen, cli, base_depth)
        nodes, parts = search_callgrind_run(movegen, cli, depth)
        extra = {p: parts[p] - base[p] for p in PART_NAMES}
        total = sum(extra.values())
        result[cli] = {"depth": depth, "base_depth": base_depth, "nodes": nodes, "base_nodes": base_nodes,
                       "instructions_per_node": total / (nodes - base_nodes),
                       "shares": {p: extra[p] / total for p in PART_NAMES}}
        shares = ", ".join(f"{p} {result[cli]['shares'][p]:.0%}" for p in PART_NAMES)
        print(f"callgrind search {cli} D{depth}: {result[cli]['instructions_per_node']:.1f} instructions per node;"
              f" {shares}", flush=True)
    node_counts = {r["nodes"] for r in result.values()}
    if len(node_counts) > 1:
        raise Failure(f"the generators searched different trees under callgrind: {sorted(node_counts)} nodes",
                      EXIT_FAILED)
    return result
