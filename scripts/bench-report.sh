#!/usr/bin/env bash
# The comparison report: builds the perft benchmark and movegen in Release (if needed), then measures
# every generator `movegen generators` lists and Stockfish's `go perft` on the standard positions in one
# run and writes docs/bench/ (raw JSON, report.md with the tables, perft_mnps.svg). With
# --callgrind-movegen it also counts instructions per node (build that movegen with
# -DMOVEGEN_NATIVE=OFF -DCMAKE_CXX_FLAGS=-march=x86-64-v3). Extra arguments go to scripts/bench_report.py,
# e.g. --repetitions 3 or --stockfish PATH.
#
#   scripts/bench-report.sh --callgrind-movegen build-v3/movegen
#   scripts/bench-report.sh --repetitions 1 --depth-offset -2 --callgrind-movegen build-v3/movegen \
#     --callgrind-positions start --callgrind-depth-offset -2 --out quick-report   # a quick check
set -euo pipefail
cd "$(dirname "$0")/.."

build_dir=build-report
cmake -S . -B "$build_dir" -DCMAKE_BUILD_TYPE=Release -DMOVEGEN_BUILD_TESTS=OFF \
  -DMOVEGEN_BUILD_BENCHMARKS=ON >/dev/null
cmake --build "$build_dir" -j2 --target perft_bench movegen
exec python3 scripts/bench_report.py --bench "$build_dir/bench/perft_bench" --movegen "$build_dir/movegen" \
  --out docs/bench "$@"
