#!/usr/bin/env python3
"""The benchmark report's search part (scripts/bench-report.sh --search-only runs it):
movegen_tools/search_report_command.py."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from movegen_tools.search_report_command import main  # noqa: E402

if __name__ == "__main__":
    sys.exit(main())
