#!/usr/bin/env bash
# The comparison report: builds the perft benchmark in Release (if needed), then measures the six
# generators and Stockfish's `go perft` on the standard positions in one run and writes docs/bench/
# (raw JSON, report.md with the table, perft_mnps.svg). Extra arguments go to scripts/bench_report.py,
# e.g. --repetitions 3 or --stockfish PATH.
#
#   scripts/bench-report.sh
set -euo pipefail
cd "$(dirname "$0")/.."

build_dir=build-report
cmake -S . -B "$build_dir" -DCMAKE_BUILD_TYPE=Release -DMOVEGEN_BUILD_TESTS=OFF \
  -DMOVEGEN_BUILD_BENCHMARKS=ON >/dev/null
cmake --build "$build_dir" -j2 --target perft_bench
exec python3 scripts/bench_report.py --bench "$build_dir/bench/perft_bench" --out docs/bench "$@"
