#!/usr/bin/env python3
"""The benchmark report's command line (scripts/bench-report.sh runs it): movegen_tools/report_command.py."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from movegen_tools.report_command import main  # noqa: E402

if __name__ == "__main__":
    sys.exit(main())
