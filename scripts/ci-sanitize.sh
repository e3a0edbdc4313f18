#!/usr/bin/env bash
# Builds the project with AddressSanitizer and UndefinedBehaviorSanitizer in build-asan/ and runs the whole
# CTest suite there but the docs' pasted outputs (label docs). Any sanitizer report, leak, assert or invariant
# failure fails the run. Slow tests scale down through one environment hook, MOVEGEN_TEST_QUICK=1
# (tests/quick.hpp): shorter playouts, and perft counts only up to 20000 nodes, which keeps D1 and D2 of every
# suite position and D3 of most.
#
# One tree serves the sanitizers and the fuzzers: clang++ with -DMOVEGEN_FUZZ=ON, which compiles everything
# with -fsanitize=fuzzer-no-link,address,undefined and the invariant checks after every make and unmake, and
# links the libFuzzer targets of fuzz/ beside the tests (scripts/run-fuzzers.sh SECONDS build-asan runs them
# from this tree instead of building build-fuzz/). Debug with -Og -g1: asserts stay on; -Og compiles about
# 3x faster than -O2 under ASan and runs faster than -O0; -g1 keeps the line tables that stack traces need.
#
#   scripts/ci-sanitize.sh              # configure, build, run every test
#   scripts/ci-sanitize.sh build        # configure and build only (CI builds it beside its other steps)
#   scripts/ci-sanitize.sh test         # run every test of the built tree
set -euo pipefail
cd "$(dirname "$0")/.."
build="build-asan"
phase="${1:-all}"
case "$phase" in
  all | build | test) ;;
  *) echo "usage: scripts/ci-sanitize.sh [build|test]   (default: both)" >&2; exit 2 ;;
esac

if [[ "$phase" != test ]]; then
  cmake -S . -B "$build" -DCMAKE_CXX_COMPILER=clang++ -DCMAKE_BUILD_TYPE=Debug -DCMAKE_CXX_FLAGS_DEBUG="-Og -g1" \
    -DMOVEGEN_FUZZ=ON -DMOVEGEN_BUILD_BENCHMARKS=OFF >/dev/null
  cmake --build "$build" -j2
fi
if [[ "$phase" != build ]]; then
  export ASAN_OPTIONS="halt_on_error=1:abort_on_error=1:print_stacktrace=1:detect_leaks=1:detect_stack_use_after_return=1:check_initialization_order=1:strict_init_order=1"
  export UBSAN_OPTIONS="halt_on_error=1:print_stacktrace=1"
  export MOVEGEN_TEST_QUICK=1
  # -j3 on two cores: many tests wait on the programs they start (engines that answer late, timeouts,
  # mpirun); bench_report_test and alternate_test still run alone (RUN_SERIAL).
  # Every test but the one labelled docs (console_blocks_test, the docs' pasted outputs: text the Release run checks).
  ctest --test-dir "$build" --output-on-failure -j3 --timeout 1200 --label-exclude docs
fi
