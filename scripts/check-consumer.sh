#!/usr/bin/env bash
# movegen-lab as a library, from the outside (issue 15): the example consumer in examples/consumer/ built
#  1. against an installed package: `cmake --install BUILD` into a temporary prefix, then find_package;
#  2. with FetchContent from this checkout (movegen-lab as a subproject: no tests, benchmarks or
#     -march=native; a Debug build at -O0, whose invariant checks run after every make and unmake).
# Each build runs check_positions (mailbox and bitboard against tests/data/standard.epd to depth 3); the
# installed one also runs diff_engine against Stockfish when it is there, and is shown a wrong count
# (exit 1) and a missing file (exit 2); the fetched one builds and runs check_positions alone. Everything lands in a temporary
# folder that is removed at the end.
#
#   scripts/check-consumer.sh [BUILD]            # both; BUILD: a configured and built tree to install (default: build)
#   scripts/check-consumer.sh BUILD installed    # the installed package only
#   scripts/check-consumer.sh BUILD fetched      # FetchContent only (needs no build of BUILD: CI runs it beside the others)
set -euo pipefail
cd "$(dirname "$0")/.."
build="${1:-build}"
part="${2:-both}"
suite="$PWD/tests/data/standard.epd"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

case "$part" in
  both | installed | fetched) ;;
  *) echo "usage: scripts/check-consumer.sh [BUILD [installed|fetched]]   (default: build, both)" >&2; exit 2 ;;
esac

check_installed() {
  if [[ ! -f "$build/CMakeCache.txt" ]]; then
    echo "check-consumer: no configured build in '$build': run cmake -S . -B $build && cmake --build $build" >&2
    exit 2
  fi

  echo "-- 1. installed package: cmake --install $build --prefix (temporary)"
  cmake --build "$build" -j2 --target movegen >/dev/null   # the CLI: all five libraries behind it
  cmake --install "$build" --prefix "$work/prefix" >/dev/null
  cmake -S examples/consumer -B "$work/installed" -DCMAKE_BUILD_TYPE=Release -DCMAKE_PREFIX_PATH="$work/prefix" >/dev/null
  cmake --build "$work/installed" -j2
  "$work/installed/check_positions" "$suite" 3
  # The check can fail: a wrong count is a mismatch (exit 1), a missing file bad input (exit 2).
  printf '%s ;D1 20 ;D2 401\n' "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1" >"$work/wrong.epd"
  expect_exit() {
    local want=$1 status=0
    shift
    "$@" >"$work/out" 2>&1 || status=$?
    if [[ $status -ne $want ]]; then
      echo "check-consumer: expected exit $want, got $status from: $*" >&2
      cat "$work/out" >&2
      exit 1
    fi
}
expect_exit 1 "$work/installed/check_positions" "$work/wrong.epd" 2
expect_exit 2 "$work/installed/check_positions" "$work/missing.epd"
if [[ -x /usr/games/stockfish ]]; then
  "$work/installed/diff_engine" uci:/usr/games/stockfish "$suite" 3
fi
}

check_fetched() {
  echo "-- 2. FetchContent from this checkout"
  # Debug at -O0 without debug information: what is checked here is that the subproject configures, builds and
  # links, and -O0 compiles fastest (the whole script took 125 s on the 2-core machine type).
  cmake -S examples/consumer -B "$work/fetched" -DCMAKE_BUILD_TYPE=Debug -DCMAKE_CXX_FLAGS_DEBUG=-O0 \
    -DMOVEGEN_FETCH="$PWD" >/dev/null
  # check_positions only: diff_engine's harness is built and run from the installed package above, and the
  # harness compiled again at -O0 cost CI more than a minute of its 30.
  cmake --build "$work/fetched" -j2 --target check_positions   # not the subproject's CLI
  "$work/fetched/check_positions" "$suite" 3
}

if [[ "$part" != fetched ]]; then check_installed; fi
if [[ "$part" != installed ]]; then check_fetched; fi
