#!/usr/bin/env bash
# Every public perft suite as its repository publishes it (../shared/suites/published, see its SOURCES.md;
# not part of this repository), read as it is by `movegen suite`: each file's counts up to MAX_DEPTH with
# GENERATORS, counting the impossible checks some suites hold on purpose. A file whose counts all lie
# deeper (Ferdinand Mosca's D4-only files) is checked at its own depth with DEEP_GENERATOR.
# Usage: scripts/check-published-suites.sh [MAX_DEPTH [GENERATORS]]   (default: 3, all)
set -euo pipefail
cd "$(dirname "$0")/.."
dir=${MOVEGEN_PUBLISHED_SUITES:-../shared/suites/published}
movegen=${MOVEGEN:-./build/movegen}
depth=${1:-3} generators=${2:-all} deep_generator=${DEEP_GENERATOR:-mailbox-masks}
shopt -s nullglob
files=("$dir"/*/*.epd "$dir"/*/*.perft)
[ ${#files[@]} -gt 0 ] || { echo "no suites in $dir"; exit 2; }
for file in "${files[@]}"; do
  echo "$file"
  log=$(mktemp)
  if ! "$movegen" suite --allow-impossible-check --generator "$generators" --max-depth "$depth" "$file" >"$log" 2>&1; then
    if grep -q "leaves no count to check" "$log"; then
      "$movegen" suite --allow-impossible-check --generator "$deep_generator" "$file" >"$log" ||
        { grep -v '^ok ' "$log"; rm -f "$log"; exit 1; }
    else
      grep -v '^ok ' "$log"; rm -f "$log"; exit 1
    fi
  fi
  grep '^refused' "$log" || true
  tail -n 1 "$log"
  rm -f "$log"
done
