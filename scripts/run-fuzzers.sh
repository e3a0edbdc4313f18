#!/usr/bin/env bash
# Builds the libFuzzer targets of fuzz/ (clang++, AddressSanitizer + UndefinedBehaviorSanitizer, invariant
# checks after every make and unmake) in BUILD (default build-fuzz/, RelWithDebInfo; CI passes build-asan, the
# sanitizer tree of scripts/ci-sanitize.sh, which builds them too) and runs them all at once, side by side on the machine's
# cores, each for SECONDS seconds of wall time (default 60), starting from its seed corpus
# fuzz/corpus/<target>/. Exits 1 if any target finds a crash, a failed check, a sanitizer report, a leak or a
# slow input; the input is saved as BUILD/artifacts/<target>-*.
# Inputs the fuzzer finds go to BUILD/corpus/<target>/ (the seeds in fuzz/corpus are never written).
#
#   scripts/run-fuzzers.sh          # 60 s per target
#   scripts/run-fuzzers.sh 600      # a longer local run
#   scripts/run-fuzzers.sh 20 build-asan   # CI: the sanitizer tree's fuzz targets
#   build-fuzz/fuzz/fuzz_fen build-fuzz/artifacts/fuzz_fen-crash-...   # replay one input
set -euo pipefail

seconds="${1:-60}"
if ! [[ "$seconds" =~ ^[0-9]+$ ]] || [ "$seconds" -lt 1 ]; then
  echo "usage: scripts/run-fuzzers.sh [SECONDS [BUILD]]   (SECONDS: a whole number of seconds per target, default 60)" >&2
  exit 2
fi
cd "$(dirname "$0")/.."
build="${2:-build-fuzz}"

if [[ ! -f "$build/CMakeCache.txt" ]]; then
  cmake -S . -B "$build" -DCMAKE_CXX_COMPILER=clang++ -DCMAKE_BUILD_TYPE=RelWithDebInfo -DMOVEGEN_FUZZ=ON \
    -DMOVEGEN_BUILD_TESTS=OFF -DMOVEGEN_BUILD_BENCHMARKS=OFF >/dev/null
elif ! grep -q '^MOVEGEN_FUZZ:BOOL=ON' "$build/CMakeCache.txt"; then
  echo "run-fuzzers: BUILD: '$build' is not configured with -DMOVEGEN_FUZZ=ON (clang++)" >&2
  exit 2
fi
cmake --build "$build" -j2 --target fuzzers

export ASAN_OPTIONS="halt_on_error=1:abort_on_error=1:print_stacktrace=1:detect_leaks=1"
export UBSAN_OPTIONS="halt_on_error=1:print_stacktrace=1"

# target name and the longest input it is given: FENs and move texts are short, move sequences long.
targets=("fen 512" "uci 16" "make_unmake 512")
# Each target runs in the background; they share the machine's cores, side by side.
run_target() {
  local target=$1 max_len=$2 work="$build/corpus/$1" log="$build/fuzz_$1.log" dict=()
  mkdir -p "$work" "$build/artifacts"
  if [ -f "fuzz/$target.dict" ]; then dict=("-dict=fuzz/$target.dict"); fi
  "$build/fuzz/fuzz_$target" -max_total_time="$seconds" -max_len="$max_len" -timeout=10 -rss_limit_mb=2048 \
    -print_final_stats=1 -artifact_prefix="$build/artifacts/fuzz_$target-" "${dict[@]}" \
    "$work" "fuzz/corpus/$target" >"$log" 2>&1
}
pids=()
for entry in "${targets[@]}"; do
  read -r target max_len <<<"$entry"
  echo "== fuzz_$target for ${seconds} s"
  run_target "$target" "$max_len" &
  pids+=($!)
done
failed=()
for i in "${!targets[@]}"; do
  read -r target _ <<<"${targets[$i]}"
  log="$build/fuzz_$target.log"
  if wait "${pids[$i]}"; then
    echo "-- fuzz_$target"
    grep -E "^(stat::number_of_executed_units|stat::peak_rss_mb)|^#[0-9]+.*DONE" "$log" || true
  else
    echo "!! fuzz_$target FAILED; the end of $log:"
    tail -n 40 "$log"
    failed+=("fuzz_$target")
  fi
done

if [ "${#failed[@]}" -gt 0 ]; then
  echo "run-fuzzers: FAILED: ${failed[*]}"
  exit 1
fi
echo "run-fuzzers: all ${#targets[@]} targets ran ${seconds} s each, side by side, without a failure"
