#!/usr/bin/env python3
"""Clock ratios of two processes alternated on one CPU: movegen_tools/alternate_command.py, whose docstring
says how to use it (scripts/alternate.py builds OLD NEW, scripts/alternate.py stockfish MOVEGEN)."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from movegen_tools.alternate_command import run  # noqa: E402

if __name__ == "__main__":
    sys.exit(run(sys.argv[1:]))
