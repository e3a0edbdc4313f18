"""Instructions per node under valgrind's callgrind: every generator's `movegen perft` and Stockfish's `go perft`,
start-up subtracted, repeatable where clock figures on a shared machine are not."""

import json
import os
import re
import shutil
import subprocess
import tempfile

from . import standard
from .failure import EXIT_ENGINE, EXIT_FAILED, EXIT_USAGE, Failure
from .perft_bench import cli_name, mode_used
from .standard import MODES, expected
from .stockfish import EngineError, Stockfish


# The positions callgrind counts on (the four of the speed goals).
CALLGRIND_CASES = ("start", "kiwipete", "position3", "position4")


def callgrind_run(movegen, generator, fen, depth, mode_args):
    """(instructions, nodes) of one `movegen perft` on one thread without a table, under callgrind."""
    with tempfile.TemporaryDirectory() as tmp:
        command = ["valgrind", "--tool=callgrind", f"--callgrind-out-file={tmp}/callgrind.out", movegen, "perft",
                   "--generator", generator, "--fen", fen, "--threads", "1", "--hash", "0", *mode_args, str(depth)]
        out = subprocess.run(command, capture_output=True, text=True, check=False)
    collected = re.search(r"Collected : (\d+)", out.stderr)
    nodes = re.search(r"^Nodes searched: (\d+)$", out.stdout, re.MULTILINE)
    if out.returncode != 0 or not collected or not nodes:
        raise Failure(f"callgrind on {generator} {' '.join(mode_args)} depth {depth} failed: "
                      f"{out.stderr.strip()[-400:]}", EXIT_USAGE)
    return int(collected.group(1)), int(nodes.group(1))


def callgrind_total(path):
    """The instructions a callgrind output file counted (its "summary:" or "totals:" line)."""
    with open(path, encoding="utf-8") as f:
        for line in f:
            if line.startswith(("summary:", "totals:")):
                return int(line.split()[1])
    raise Failure(f"{path}: no summary line", EXIT_USAGE)


def callgrind_stockfish_run(stockfish, fen, depth, timeout):
    """(instructions, nodes) of one Stockfish process that answers `go perft depth` on `fen` and quits, under
    callgrind (all its threads)."""
    with tempfile.TemporaryDirectory() as tmp:
        out_file = os.path.join(tmp, "callgrind.out")
        try:
            engine = Stockfish(stockfish, timeout, ["valgrind", "--tool=callgrind", "--quiet",
                                                    f"--callgrind-out-file={out_file}"])
            nodes = engine.timed_perft(fen, depth)[0]
            engine.close()
        except (EngineError, OSError, subprocess.TimeoutExpired) as e:
            raise Failure(f"Stockfish under callgrind, depth {depth}: {e}", EXIT_ENGINE)
        return callgrind_total(out_file), nodes


def measure_stockfish_instructions(stockfish, positions, depth_offset, counts, timeout):
    """{position: {"depth", "nodes", "instructions_per_node"}} of Stockfish's `go perft` (bulk counting, one
    thread), measured as measure_instructions measures ours: depth 1 subtracted."""
    result = {}
    for name, fen, depth, _ in standard.CASES:
        if name not in positions:
            continue
        d = max(2, depth + depth_offset)
        base, base_nodes = callgrind_stockfish_run(stockfish, fen, 1, timeout)
        total, nodes = callgrind_stockfish_run(stockfish, fen, d, timeout)
        if nodes != expected(counts, fen, d):
            raise Failure(f"Stockfish {name} depth {d}: {nodes} nodes under callgrind, published "
                          f"{expected(counts, fen, d)}", EXIT_FAILED)
        result[name] = {"depth": d, "nodes": nodes, "instructions_per_node": (total - base) / (nodes - base_nodes)}
        print(f"callgrind Stockfish {name} D{d}: {result[name]['instructions_per_node']:.1f} instructions per node",
              flush=True)
    return result


def build_flags(movegen):
    """The build type and C++ flags of the build tree `movegen` sits in (its CMakeCache.txt), or "?"."""
    cache = os.path.join(os.path.dirname(os.path.abspath(movegen)), "CMakeCache.txt")
    found = {}
    try:
        with open(cache, encoding="utf-8") as f:
            for line in f:
                for key in ("CMAKE_BUILD_TYPE", "CMAKE_CXX_FLAGS", "MOVEGEN_NATIVE"):
                    if line.startswith(key + ":"):
                        found[key] = line.split("=", 1)[1].strip()
    except OSError:
        return "?"
    return f"{found.get('CMAKE_BUILD_TYPE', '?')} build, {found.get('CMAKE_CXX_FLAGS', '')}, MOVEGEN_NATIVE={found.get('MOVEGEN_NATIVE', '?')}"


def read_callgrind(path, generators, positions):
    """(instructions, movegen flags, Stockfish's instructions) from a callgrind.json written by
    --callgrind-only; Failure (exit 2) if it cannot be read or lacks a generator or a position."""
    try:
        with open(path, encoding="utf-8") as f:
            data = json.load(f)
        instructions = data["instructions_per_node"]
        flags, stockfish = data["movegen_flags"], data.get("stockfish")
    except (OSError, ValueError, KeyError, TypeError) as error:
        raise Failure(f"--callgrind-from {path}: not a callgrind.json of this script ({error})", EXIT_USAGE)
    for g in generators:
        for mode, _ in MODES:
            missing = [p for p in positions if p not in instructions.get(cli_name(g), {}).get(mode, {})]
            if missing:
                raise Failure(f"--callgrind-from {path}: no count for {cli_name(g)} {mode} {missing[0]}",
                              EXIT_USAGE)
    return instructions, flags, stockfish


def measure_instructions(movegen, generators, positions, depth_offset, counts):
    """{generator: {mode: {position: instructions per node}}}: (instructions at depth - instructions at
    depth 1) / (nodes at depth - nodes at depth 1), so that start-up and the FEN are not counted; depth is
    the case's bulk depth plus depth_offset (its no-bulk depth plus it without bulk). A mode a generator
    runs as another (siblings without a sibling count is node) copies that mode's figures."""
    if shutil.which("valgrind") is None:
        raise Failure("valgrind not found (Debian package valgrind)", EXIT_USAGE)
    result = {}
    for g in generators:
        cli = cli_name(g)
        result[cli] = {}
        for mode, mode_args in MODES:
            used = mode_used(movegen, cli, mode_args)
            if used != mode:
                result[cli][mode] = result[cli][used]
                continue
            result[cli][mode] = {}
            for name, fen, depth, leaf_depth in standard.CASES:
                if name not in positions:
                    continue
                d = max(2, (leaf_depth if mode == "none" else depth) + depth_offset)
                base, base_nodes = callgrind_run(movegen, cli, fen, 1, mode_args)
                total, nodes = callgrind_run(movegen, cli, fen, d, mode_args)
                if nodes != expected(counts, fen, d):
                    raise Failure(f"{cli} {name} depth {d}: {nodes} nodes under callgrind, published "
                                  f"{expected(counts, fen, d)}", EXIT_FAILED)
                result[cli][mode][name] = {"depth": d, "nodes": nodes,
                                           "instructions_per_node": (total - base) / (nodes - base_nodes)}
                print(f"callgrind {cli} {mode} {name} D{d}: "
                      f"{result[cli][mode][name]['instructions_per_node']:.1f} instructions per node", flush=True)
    return result
