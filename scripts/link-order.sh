#!/usr/bin/env bash
# Writes packaging/link-order.txt: the functions of the release ticker that run while it starts and
# scrolls headlines beside a clock, and as the plain bar the benchmark measures (valgrind's callgrind on
# its own Xvfb), and as a Wayland bar (on its own headless sway, where sway is installed). `make release`
# links them next to each other, so the pages of code a running ticker needs are few and dense instead
# of 64 KB of fault-around for each scattered function. First come the functions a scrolling bar runs
# after its start (each run profiled from its tenth second on too): a wake-up's code then spans a few
# pages, not the whole list, and a wake-up after 0.2 s of sleep finds little of it in the caches. Each
# group is sorted by name, so the list does not depend on the binary profiled and a new one reads as a
# diff. Run it again after large changes; a function the list does not name (renamed, new) is only
# placed as usual. Functions the Swift runtime's prebuilt objects keep in one shared .text section
# cannot be moved one by one.
#   scripts/link-order.sh [SECONDS] [BINARY]     defaults: 40 .build/release/xmarquee
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-40}
binary=${2:-.build/release/xmarquee}
command -v valgrind >/dev/null || { echo "link-order: needs valgrind (apt-get install valgrind)" >&2; exit 2; }
[[ -x $binary ]] || { echo "link-order: no binary at $binary (make release)" >&2; exit 2; }

folder=$(mktemp -d /tmp/xmarquee-link-order-XXXXXX)
server=
compositor=
runtime=
cleanup() {
  [[ -n $server ]] && kill "$server" 2>/dev/null
  [[ -n $compositor ]] && kill "$compositor" 2>/dev/null
  rm -rf "$folder" ${runtime:+"$runtime"}
}
trap cleanup EXIT

exec {display_fd}<> <(:)
Xvfb -displayfd "$display_fd" -screen 0 1920x200x24 -nolisten tcp >/dev/null 2>&1 &
server=$!
read -r -t 10 display <&"$display_fd" || { echo "link-order: Xvfb did not start" >&2; exit 1; }

printf '%s\n' "Markets rally as tech stocks climb for a third day" \
  "Storm warning for the north coast: gusts up to 110 km/h expected tonight" \
  "Local team wins 3-1 after extra time in a packed stadium" > "$folder/headlines.txt"
# valgrind 3.19 cannot read the DWARF 5 a newer toolchain writes: it profiles a copy without the
# debug information (the symbol table, which names the functions, stays).
strip --strip-debug -o "$folder/$(basename "$binary")" "$binary"
binary=$folder/$(basename "$binary")
# profile NAME SECONDS ARGS...: callgrind over the ticker run with ARGS (the environment says where),
# dumped at its tenth second too (NAME.out.1; the counts then start again), so that NAME.out, its
# last dump, holds the scrolling alone: a steady profile.
profile() {
  local name=$1 limit=$2 run
  shift 2
  timeout -s INT "$limit" valgrind --tool=callgrind --demangle=no --callgrind-out-file="$folder/$name.out" \
    "$binary" "$@" >/dev/null 2>&1 &
  run=$!
  sleep 10
  callgrind_control --dump "$(pgrep -P "$run")" >/dev/null 2>&1 || true
  wait "$run" || true
  [[ -s $folder/$name.out ]] && profiles+=("$folder/$name.out")
  [[ -s $folder/$name.out.1 ]] && profiles+=("$folder/$name.out.1") && steady+=("$folder/$name.out")
  return 0
}
profiles=()
steady=()

# Two runs: headlines from a file beside a clock, and the plain bar the benchmark measures
# (`hello`), whose start takes paths of its own.
DISPLAY=:$display profile callgrind "$seconds" --file "$folder/headlines.txt" --geometry 1920x32+0+0 --clock '%H:%M:%S'
DISPLAY=:$display profile callgrind-plain "$((seconds / 2 + 1))" --geometry 1920x32+0+0 hello

# Where sway is installed, a third run: the headlines as a Wayland bar on a private headless sway
# (its frames take functions of their own). Sway refuses root: under root it runs as the
# unprivileged user the Wayland tests use.
if command -v sway >/dev/null; then
  runtime=$(mktemp -d /tmp/xmarquee-link-order-sway-XXXXXX)
  printf 'xwayland disable\noutput HEADLESS-1 mode 1920x200\n' > "$runtime/config"
  chmod 644 "$runtime/config"
  as_user=()
  if [[ $(id -u) == 0 ]]; then
    id xmarquee-wl >/dev/null 2>&1 || useradd --system --no-create-home --shell /usr/sbin/nologin xmarquee-wl
    chown xmarquee-wl: "$runtime"
    as_user=(setpriv --reuid="$(id -u xmarquee-wl)" --regid="$(id -g xmarquee-wl)" --clear-groups)
  fi
  "${as_user[@]}" env -i XDG_RUNTIME_DIR="$runtime" PATH=/usr/bin:/bin WLR_BACKENDS=headless WLR_RENDERER=pixman \
    WLR_LIBINPUT_NO_DEVICES=1 sway -c "$runtime/config" >/dev/null 2>&1 &
  compositor=$!
  for _ in $(seq 100); do [[ -S $runtime/wayland-1 ]] && break; sleep 0.1; done
  WAYLAND_DISPLAY=$runtime/wayland-1 DISPLAY= profile callgrind-wayland "$seconds" --backend wayland --bar top \
    --height 32 --file "$folder/headlines.txt"
fi

# functions BINARY PROFILE...: the binary's functions the profiles saw run.
functions() {
  python3 - "$@" <<'PYTHON'
import re, sys
for profile in sys.argv[2:]:
    lines = open(profile).read().splitlines()
    names, objects = {}, {}
    for line in lines:
        if m := re.match(r'^c?fn=\((\d+)\) (.*)$', line): names[m.group(1)] = m.group(2)
        if m := re.match(r'^c?ob=\((\d+)\) (.*)$', line): objects[m.group(1)] = m.group(2)
    current = None
    for line in lines:
        if m := re.match(r'^ob=\((\d+)\)', line):
            current = objects[m.group(1)]
        elif (m := re.match(r'^fn=\((\d+)\)', line)) and current and current.endswith('/' + sys.argv[1]):
            print(names[m.group(1)])
PYTHON
}
name=$(basename "$binary")
functions "$name" "${steady[@]}" | LC_ALL=C sort -u > "$folder/steady.txt"
functions "$name" "${profiles[@]}" | LC_ALL=C sort -u | grep -vxF -f "$folder/steady.txt" > "$folder/rest.txt" || true
cat "$folder/steady.txt" "$folder/rest.txt" > packaging/link-order.txt
echo "link-order: $(wc -l < packaging/link-order.txt) functions in packaging/link-order.txt, the $(wc -l < "$folder/steady.txt") of a scrolling bar first"
