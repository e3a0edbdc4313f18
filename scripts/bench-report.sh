#!/usr/bin/env bash
# The comparison report: builds the perft benchmark and movegen in Release (build-report/, -march=native) and a
# movegen for valgrind (build-report-v3/, -march=x86-64-v3: valgrind cannot run the AVX-512 code that
# -march=native emits on some machines), then counts every generator's instructions per node and Stockfish's
# under callgrind, measures every generator `movegen generators` lists and Stockfish's `go perft` on the
# standard positions in one interleaved run, then the tuned pair against Stockfish by alternation
# (scripts/movegen_tools/alternation.py) for the table of issue 32's goals, and writes docs/bench/ (raw JSON,
# report.md with the tables, perft_mnps.svg). Extra arguments go to scripts/bench_report.py (the package
# scripts/movegen_tools/), e.g. --repetitions 3 or --stockfish PATH; --no-callgrind (first argument) skips the
# instruction counts and the second build. Then, with the instruction counts, the search part
# (scripts/search_report.py, movegen_tools/search_report_command.py): every generator's `movegen bench` under callgrind
# (instructions per search node and their parts) and once by the clock, written to docs/bench/search.json and
# report.md's search section; --search-only (first argument) runs that part alone, its perft figures read from the
# stored callgrind.json and perft_bench.json, extra arguments going to scripts/search_report.py. The valgrind build
# has -g: line tables let callgrind name the file each inlined instruction comes from; the code is the same.
#
#   scripts/bench-report.sh                  # the report (its header says how long it took: 38 minutes with
#                                            # --repetitions 3 on 2 cores under a load average near 11)
#   scripts/bench-report.sh --callgrind-only     # the instruction counts alone (any load), then on a quiet
#   scripts/bench-report.sh --no-callgrind --callgrind-from docs/bench/callgrind.json   # machine the clocks
#   scripts/bench-report.sh --search-only        # the search workload beside the stored perft figures (any load)
#   scripts/bench-report.sh --repetitions 1 --depth-offset -2 --callgrind-positions start \
#     --callgrind-depth-offset -2 --alternation-seconds 0.5 --out quick-report   # a quick check that it runs
set -euo pipefail
cd "$(dirname "$0")/.."
command_line="scripts/bench-report.sh${*:+ $*}"

callgrind=1
search_only=0
if [[ "${1:-}" == "--search-only" ]]; then
  search_only=1
  shift
elif [[ "${1:-}" == "--no-callgrind" ]]; then
  callgrind=0
  shift
fi
launcher=()
if command -v ccache >/dev/null; then launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache); fi

build_dir=build-report
cmake -S . -B "$build_dir" -DCMAKE_BUILD_TYPE=Release -DMOVEGEN_BUILD_TESTS=OFF \
  -DMOVEGEN_BUILD_BENCHMARKS=ON "${launcher[@]}" >/dev/null
if ((search_only)); then
  cmake --build "$build_dir" -j2 --target movegen
else
  cmake --build "$build_dir" -j2 --target perft_bench movegen
fi
callgrind_args=()
if ((callgrind)); then
  cmake -S . -B "$build_dir-v3" -DCMAKE_BUILD_TYPE=Release -DMOVEGEN_BUILD_TESTS=OFF -DMOVEGEN_NATIVE=OFF \
    "-DCMAKE_CXX_FLAGS=-march=x86-64-v3 -g" "${launcher[@]}" >/dev/null
  cmake --build "$build_dir-v3" -j2 --target movegen
  callgrind_args=(--callgrind-movegen "$build_dir-v3/movegen")
fi
out=docs/bench
previous=""
for argument in "$@"; do
  if [[ "$previous" == "--out" ]]; then out="$argument"; fi
  previous="$argument"
done
search_part=(python3 scripts/search_report.py --movegen "$build_dir/movegen" --callgrind-movegen "$build_dir-v3/movegen")
if ((search_only)); then
  BENCH_REPORT_COMMAND="$command_line" exec "${search_part[@]}" "$@"
fi
BENCH_REPORT_COMMAND="$command_line" python3 scripts/bench_report.py --bench "$build_dir/bench/perft_bench" \
  --movegen "$build_dir/movegen" --out docs/bench "${callgrind_args[@]}" "$@"
if ((callgrind)) && [[ " $* " != *" --callgrind-only "* ]]; then
  BENCH_REPORT_COMMAND="$command_line" "${search_part[@]}" --out "$out"
fi
