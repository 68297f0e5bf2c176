#!/usr/bin/env bash
# Resident memory of an always-on bar: the release ticker on its own Xvfb with a clock ticking
# each second beside a file rewritten twice a second (new lines each time), for MINUTES.
# Samples VmRSS every 10 s and prints the start, the end and the growth in MB an hour after
# WARMUP minutes (a least-squares line through the samples after it).
#   scripts/memory-soak.sh [MINUTES] [WARMUP] [BINARY]     defaults: 30 3 .build/release/xmarquee
# The samples go to $SOAK_LOG (default: a file in the run's temporary folder, named at the end).
set -euo pipefail
cd "$(dirname "$0")/.."
minutes=${1:-30}
warmup=${2:-3}
binary=${3:-.build/release/xmarquee}
[[ -x $binary ]] || { echo "memory-soak: no binary at $binary (make release)" >&2; exit 2; }
[[ $warmup -lt $minutes ]] || { echo "memory-soak: the warm-up must be shorter than the run" >&2; exit 2; }

folder=$(mktemp -d /tmp/xmarquee-soak-XXXXXX)
log=${SOAK_LOG:-$folder/samples.tsv}
file=$folder/lines.txt
pids=()
cleanup() {
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  wait 2>/dev/null || true
  rm -f "$file" "$file.new"
}
trap cleanup EXIT

# The server picks a free display and writes its number to the descriptor.
exec {display_fd}<> <(:)
Xvfb -displayfd "$display_fd" -noreset -screen 0 1920x200x24 >/dev/null 2>&1 &
pids+=($!)
read -r -t 10 display <&"$display_fd" || { echo "memory-soak: Xvfb did not start" >&2; exit 1; }

# Twice a second: a dozen lines, one of them new each time (a counter, the time to the ms).
rewrite() {
  local count=0
  while true; do
    {
      for n in 1 2 3 4 5 6 7 8 9 10 11; do echo "Headline $n of the rewritten file, unchanged"; done
      echo "Update $count at $(date +%H:%M:%S.%N)"
    } > "$file.new"
    mv "$file.new" "$file"
    count=$((count + 1))
    sleep 0.5
  done
}
rewrite &
pids+=($!)
sleep 1

DISPLAY=:$display "$binary" --geometry 1920x32+0+0 --clock '%H:%M:%S' --file "$file" &
ticker=$!
pids+=($ticker)

printf 'seconds\tresident_kB\n' > "$log"
end=$((SECONDS + minutes * 60))
start=$SECONDS
while [[ $SECONDS -lt $end ]]; do
  sleep 10
  resident=$(awk '/^VmRSS:/ { print $2 }' "/proc/$ticker/status" 2>/dev/null) \
    || { echo "memory-soak: the ticker ended early" >&2; exit 1; }
  printf '%d\t%d\n' $((SECONDS - start)) "$resident" >> "$log"
done

awk -v warmup=$((warmup * 60)) -v samples="$log" '
  NR == 1 { next }
  NR == 2 { first = $2 }
  { last = $2; lastT = $1 }
  $1 >= warmup {
    if (!seen) { atWarmup = $2; seen = 1 }
    n++; sx += $1; sy += $2; sxx += $1 * $1; sxy += $1 * $2
  }
  END {
    slope = (n * sxy - sx * sy) / (n * sxx - sx * sx)   # kB per second
    printf "resident: %.1f MB at 10 s, %.1f MB at %d min, %.1f MB at %d min\n", first / 1024, atWarmup / 1024, warmup / 60, last / 1024, lastT / 60
    printf "growth after %d min: %.3f MB an hour (%d samples; %s)\n", warmup / 60, slope * 3600 / 1024, n, samples
  }' "$log"
