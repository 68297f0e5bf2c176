#!/usr/bin/env bash
# Resident memory of the release ticker reading an endless-looking stream on standard input: MB
# megabytes of random bytes with every newline taken out (one line that never ends), on its own
# Xvfb. Prints the resident size once the first text shows, the peak (VmHWM) while the stream
# is read, and the size 10 s after it ended; the target (issue 22) is a peak of at most twice the
# start plus 30 MB.
#   scripts/stdin-memory.sh [MB] [BINARY]     defaults: 100 .build/release/xmarquee
set -euo pipefail
cd "$(dirname "$0")/.."
megabytes=${1:-100}
binary=${2:-.build/release/xmarquee}
[[ -x $binary ]] || { echo "stdin-memory: no binary at $binary (make release)" >&2; exit 2; }

folder=$(mktemp -d /tmp/xmarquee-stdin-XXXXXX)
pids=()
cleanup() {
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  wait 2>/dev/null || true
  rm -rf "$folder"
}
trap cleanup EXIT

exec {display_fd}<> <(:)
Xvfb -displayfd "$display_fd" -screen 0 1920x200x24 -nolisten tcp >/dev/null 2>&1 &
pids+=($!)
read -r -t 10 display <&"$display_fd" || { echo "stdin-memory: Xvfb did not start" >&2; exit 1; }

head -c "${megabytes}M" /dev/urandom | tr -d '\n' > "$folder/stream"
mkfifo "$folder/pipe"
DISPLAY=:$display "$binary" - --geometry 1920x32+0+0 < "$folder/pipe" 2> "$folder/stderr" &
ticker=$!
pids+=($ticker)
exec {writer}> "$folder/pipe"
printf 'Before the stream\n' >&"$writer"
sleep 3
kb() { awk -v field="$1:" '$1 == field { print $2 }' "/proc/$ticker/status"; }
start=$(kb VmRSS)
cat "$folder/stream" >&"$writer"
exec {writer}>&-
sleep 10
end=$(kb VmRSS)
peak=$(kb VmHWM)
awk -v s="$start" -v p="$peak" -v e="$end" -v mb="$megabytes" 'BEGIN {
  printf "stdin-memory: %d MB without a newline: start %.1f MB, peak %.1f MB, after %.1f MB (target: peak <= %.1f MB)\n",
         mb, s / 1024, p / 1024, e / 1024, 2 * s / 1024 + 30 }'
sed 's/^/stdin-memory: the ticker said: /' "$folder/stderr"
