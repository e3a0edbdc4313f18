"""movegen-lab's Python tools: the benchmark report, alternation, callgrind counts and the check of EPD perft
files against Stockfish, over one Stockfish client.

The modules, each importing only those above it (tests/scripts_package_test.py checks it):

    failure            Failure and the exit statuses
    stockfish          the Stockfish client (UCI, `go perft`, its CPU time)
    standard           the standard positions, their depths, the goals of issue 32, the published counts
    machine            the machine: its CPU, what else ran beside the clock runs
    perft_bench        our generators and bench/perft_bench's runs
    epd                EPD perft files and the legality of their FENs
    alternation        two processes alternated on one CPU (builds, or ours against Stockfish)
    callgrind          instructions per node under callgrind
    search_callgrind   the search workload under callgrind: instructions per search node, and their parts
    interleaved        perft_bench and Stockfish interleaved: the report's clock runs
    tables, chart      the report's figures, tables and chart
    search_tables      the search workload beside perft: report.md's search section
    report             report.md
    console_blocks     the pasted movegen outputs of README.md and docs/*.md, checked against the program
    *_command          the command lines: report_command, search_report_command, alternate_command,
                       verify_epd_command, console_blocks_command

The entry points are the scripts beside this folder (scripts/bench_report.py, scripts/search_report.py,
scripts/alternate.py, scripts/verify_epd.py, scripts/check_console_blocks.py); each only calls its *_command module.
"""
