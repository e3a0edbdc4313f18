"""Check (or fill in) the perft counts of EPD files against Stockfish.

Every non-empty line of an EPD perft file that does not start with '#' is

    <fen> ;D1 <count> ;D2 <count> ...

where the FEN has 4 to 6 fields.  Each FEN is first checked for legality
(one king per side, no pawn on rank 1 or 8, castling rights and en-passant
square consistent with the board, side not to move not in check).  Then one
Stockfish process answers `go perft <depth>` for every position and depth and
the counts are compared.

The castling field may be classical (KQkq), Shredder-FEN (the rooks' files,
HAha) or X-FEN (KQkq meaning the outermost rook on that side, a file letter
where that would name another rook).  A position whose castling rights only
Chess960 allows (a right with the king off the e-file or its rook off the
corner) is sent with Stockfish's UCI_Chess960 option on; --chess960 turns it
on for every position.

With --fill the files are rewritten instead: every position line gets the
counts Stockfish reports for depths 1..--depth; comments, blank lines and the
order of lines are kept.

Exit status: 0 all counts agree, 1 some count differs, 2 a bad line or an
unreadable file (nothing is sent to Stockfish then), 3 Stockfish failed
(could not be started, died, or did not answer within --timeout seconds).
"""

import argparse
import os
import sys
import tempfile
import time

from .epd import needs_chess960, read_epd, uci_fen
from .stockfish import EngineError, Stockfish

DEFAULT_STOCKFISH = "/usr/games/stockfish"

EXIT_OK, EXIT_MISMATCH, EXIT_BAD_LINE, EXIT_ENGINE = 0, 1, 2, 3



def verify(args, files):
    """Checks every count of `files` (read_epd's) against Stockfish's, printing a line per position and a
    summary; EXIT_MISMATCH if one differs, else EXIT_OK."""
    engine = Stockfish(args.stockfish, args.timeout)
    started = time.monotonic()
    passed = failed = checked = 0
    totals = {}
    try:
        for path, _, positions in files:
            name = os.path.relpath(path)
            for number, fen, counts in positions:
                wanted = [(d, n) for d, n in counts
                          if args.max_depth is None or d <= args.max_depth]
                problems = []
                engine.set_chess960(args.chess960 or needs_chess960(fen))
                for depth, expected in wanted:
                    got = engine.perft(uci_fen(fen), depth)
                    checked += 1
                    totals[depth] = totals.get(depth, 0) + expected
                    if got != expected:
                        problems.append(f"D{depth} expected {expected} "
                                        f"stockfish {got}")
                depths = (f"D{wanted[0][0]}-D{wanted[-1][0]}"
                          if wanted else "no depth")
                if problems:
                    failed += 1
                    print(f"MISMATCH {name}:{number} {fen} : "
                          + "; ".join(problems), flush=True)
                else:
                    passed += 1
                    if not args.quiet:
                        print(f"ok       {name}:{number} {depths} {fen}",
                              flush=True)
    finally:
        engine.close_or_kill(5)
    elapsed = time.monotonic() - started
    print()
    for depth in sorted(totals):
        print(f"D{depth}: {totals[depth]} nodes in total")
    print(f"{passed + failed} positions, {checked} counts checked, "
          f"{sum(totals.values())} nodes, {elapsed:.1f} s")
    print(f"{passed} passed, {failed} failed")
    return EXIT_MISMATCH if failed else EXIT_OK



def fill(args, files):
    """Rewrites each of `files` with Stockfish's counts at depths 1..--depth, lines other than positions kept."""
    engine = Stockfish(args.stockfish, args.timeout)
    started = time.monotonic()
    try:
        for path, lines, positions in files:
            by_line = {number: fen for number, fen, _ in positions}
            out = []
            for number, raw in enumerate(lines, start=1):
                if number not in by_line:
                    out.append(raw)
                    continue
                fen = by_line[number]
                engine.set_chess960(args.chess960 or needs_chess960(fen))
                entries = []
                for depth in range(1, args.depth + 1):
                    count = engine.perft(uci_fen(fen), depth)
                    if (args.max_nodes is not None and depth > args.min_depth
                            and count > args.max_nodes):
                        break
                    entries.append(f"D{depth} {count}")
                out.append(" ;".join([fen] + entries))
                if not args.quiet:
                    print(f"{os.path.relpath(path)}:{number} {out[-1]}",
                          flush=True)
            directory = os.path.dirname(os.path.abspath(path))
            fd, temp = tempfile.mkstemp(dir=directory, suffix=".tmp")
            with os.fdopen(fd, "w", encoding="utf-8") as handle:
                handle.write("\n".join(out) + "\n")
            os.chmod(temp, os.stat(path).st_mode & 0o777)
            os.replace(temp, path)
    finally:
        engine.close_or_kill(5)
    count = sum(len(p) for _, _, p in files)
    print(f"filled {count} positions in {time.monotonic() - started:.1f} s")
    return EXIT_OK



def main(argv=None):
    """The command line (`argv`, default sys.argv[1:]): its exit status, as the module's docstring says."""
    parser = argparse.ArgumentParser(
        description="Check the perft counts of EPD files (lines "
                    "'<fen> ;D1 <n> ;D2 <n> ...') against Stockfish's "
                    "'go perft', or fill them in with --fill.",
        epilog="Exit status: 0 all ok, 1 a count differs, 2 a bad line or "
               "unreadable file, 3 Stockfish failed or timed out.")
    parser.add_argument("files", nargs="+", metavar="FILE",
                        help="EPD perft file(s)")
    parser.add_argument("--stockfish", default=DEFAULT_STOCKFISH,
                        metavar="PATH",
                        help=f"Stockfish binary (default {DEFAULT_STOCKFISH})")
    parser.add_argument("--max-depth", type=int, metavar="N",
                        help="check only depths up to N (default: all)")
    parser.add_argument("--timeout", type=float, default=600.0, metavar="S",
                        help="seconds to wait for any one answer of "
                             "Stockfish (default 600)")
    parser.add_argument("--chess960", action="store_true",
                        help="set Stockfish's UCI_Chess960 for every "
                             "position (it is set anyway for a position "
                             "whose castling rights only Chess960 allows)")
    parser.add_argument("-q", "--quiet", action="store_true",
                        help="print only mismatches and the summary")
    group = parser.add_argument_group("fill mode")
    group.add_argument("--fill", action="store_true",
                       help="rewrite the files with Stockfish's counts "
                            "instead of checking them")
    group.add_argument("--depth", type=int, default=4, metavar="N",
                       help="with --fill: write depths 1..N (default 4)")
    group.add_argument("--max-nodes", type=int, metavar="COUNT",
                       help="with --fill: leave out a depth above "
                            "--min-depth whose count exceeds COUNT, "
                            "and every deeper one")
    group.add_argument("--min-depth", type=int, default=1, metavar="N",
                       help="with --fill --max-nodes: always write depths "
                            "1..N (default 1)")
    args = parser.parse_args(argv)
    if args.depth < 1 or (args.max_depth is not None and args.max_depth < 1):
        parser.error("depths must be at least 1")
    if args.timeout <= 0:
        parser.error("--timeout must be positive")

    files, errors = [], []
    for path in args.files:
        lines, positions, problems = read_epd(path, need_counts=not args.fill)
        files.append((path, lines, positions))
        errors.extend(problems)
    if errors:
        for error in errors:
            print(error, file=sys.stderr)
        return EXIT_BAD_LINE

    try:
        return fill(args, files) if args.fill else verify(args, files)
    except EngineError as err:
        print(f"error: {err}", file=sys.stderr)
        return EXIT_ENGINE
