#!/usr/bin/env bash
# Builds the project with AddressSanitizer and UndefinedBehaviorSanitizer (g++, -DMOVEGEN_SANITIZE=ON,
# which also runs check_position() after every make and unmake) in build-asan/ and runs the whole CTest
# suite there. Any sanitizer report, leak, assert or invariant failure fails the run. Slow tests scale
# down through one environment hook, MOVEGEN_TEST_QUICK=1 (tests/quick.hpp): shorter playouts, and perft
# counts only up to 20000 nodes, which keeps D1 and D2 of every suite position and D3 of most
# (tests/quick.hpp).
# Debug build with -Og -g1: asserts stay on. Under ASan it compiles about 3x faster than -O2 (the CLI11
# and Boost.Test headers: harness/cli/main.cpp takes 52 s at -O2 and 16 s here) and runs faster than -O0.
# -g1 keeps the line tables that stack traces need and compiles 25% faster than -g.
#
#   scripts/ci-sanitize.sh
set -euo pipefail
cd "$(dirname "$0")/.."
build="build-asan"

cmake -S . -B "$build" -DCMAKE_CXX_COMPILER=g++ -DCMAKE_BUILD_TYPE=Debug -DCMAKE_CXX_FLAGS_DEBUG="-Og -g1" \
  -DMOVEGEN_SANITIZE=ON \
  -DMOVEGEN_BUILD_BENCHMARKS=OFF >/dev/null
cmake --build "$build" -j2

export ASAN_OPTIONS="halt_on_error=1:abort_on_error=1:print_stacktrace=1:detect_leaks=1:detect_stack_use_after_return=1:check_initialization_order=1:strict_init_order=1"
export UBSAN_OPTIONS="halt_on_error=1:print_stacktrace=1"
export MOVEGEN_TEST_QUICK=1
ctest --test-dir "$build" --output-on-failure -j2 --timeout 1200
