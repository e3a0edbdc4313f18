#!/usr/bin/env python3
"""Check (or fill in) the perft counts of EPD files against Stockfish: movegen_tools/verify_epd_command.py,
whose docstring says how."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from movegen_tools.verify_epd_command import main  # noqa: E402

if __name__ == "__main__":
    sys.exit(main())
