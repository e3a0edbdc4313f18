#!/usr/bin/env bash
# Every public perft suite as its repository publishes it (../shared/suites/published, see its SOURCES.md;
# not part of this repository), read as it is by `movegen suite`: each file's counts up to MAX_DEPTH with
# GENERATORS, counting the impossible checks some suites hold on purpose. A file whose counts all lie
# deeper (Ferdinand Mosca's D4-only files) is checked at its own depth with DEEP_GENERATOR (default
# bitboard-masks, the fastest reference generator: 39 s for the 5.7 billion nodes of ferdy_perft_enpassant_1,
# where mailbox-masks took 129 s). Files are checked JOBS at a time (default 2).
# Usage: scripts/check-published-suites.sh [MAX_DEPTH [GENERATORS]]   (default: 3, all)
set -euo pipefail
cd "$(dirname "$0")/.."
dir=${MOVEGEN_PUBLISHED_SUITES:-../shared/suites/published}
movegen=${MOVEGEN:-./build/movegen}
depth=${1:-3} generators=${2:-all} deep_generator=${DEEP_GENERATOR:-bitboard-masks} jobs=${JOBS:-2}
shopt -s nullglob
files=("$dir"/*/*.epd "$dir"/*/*.perft)
[ ${#files[@]} -gt 0 ] || { echo "no suites in $dir"; exit 2; }
# One file's check, its report on stdout; non-zero if a count is wrong or the file is refused.
check_file() {
  local file=$1 log
  log=$(mktemp)
  echo "$file"
  if ! "$movegen" suite --allow-impossible-check --generator "$generators" --max-depth "$depth" "$file" >"$log" 2>&1; then
    if grep -q "leaves no count to check" "$log"; then
      "$movegen" suite --allow-impossible-check --generator "$deep_generator" "$file" >"$log" ||
        { grep -v '^ok ' "$log"; rm -f "$log"; return 1; }
    else
      grep -v '^ok ' "$log"; rm -f "$log"; return 1
    fi
  fi
  grep '^refused' "$log" || true
  tail -n 1 "$log"
  rm -f "$log"
}

# `movegen suite` uses one core: JOBS files at a time (default 2), each file's report printed in order.
reports=$(mktemp -d)
trap 'rm -rf "$reports"' EXIT
for i in "${!files[@]}"; do
  while (($(jobs -rp | wc -l) >= jobs)); do wait -n || true; done
  { if check_file "${files[$i]}" >"$reports/$i" 2>&1; then echo 0; else echo 1; fi >"$reports/$i.status"; } &
done
wait
failed=0
for i in "${!files[@]}"; do
  cat "$reports/$i"
  [[ "$(cat "$reports/$i.status")" == 0 ]] || failed=1
done
exit "$failed"
