#!/usr/bin/env python3
"""Check (or rewrite) the pasted movegen outputs of README.md and docs/*.md: movegen_tools/console_blocks_command.py,
whose docstring says how."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from movegen_tools.console_blocks_command import main  # noqa: E402

if __name__ == "__main__":
    sys.exit(main())
