"""movegen-lab's Python tools: the benchmark report, alternation, callgrind counts and the checks of EPD
perft files against Stockfish, over one Stockfish client (stockfish.py).

The command-line entry points are the scripts beside this folder (scripts/bench_report.py, alternate.py,
verify_epd.py); each only calls the package.
"""
