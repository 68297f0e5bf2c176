#!/usr/bin/env bash
# Regenerates the Wayland protocol code in Sources/WaylandProtocols/Generated with wayland-scanner:
# a client header and the interface tables for each protocol xmarquee speaks. SwiftPM plugins
# cannot generate C headers, so the output is committed; `--check` regenerates into a scratch
# folder and fails when the committed files differ (a test runs it).
# Usage: scripts/generate-wayland-protocols.sh [--check]
set -euo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
system=/usr/share/wayland-protocols
# name → XML: wayland-protocols' own files, and fifo, commit timing, layer-shell, virtual-pointer and KWin's fake input from our
# descriptions (no Debian 12 package ships their XML).
protocols=(
  "xdg-shell:$system/stable/xdg-shell/xdg-shell.xml"
  "viewporter:$system/stable/viewporter/viewporter.xml"
  "presentation-time:$system/stable/presentation-time/presentation-time.xml"
  "fractional-scale-v1:$system/staging/fractional-scale/fractional-scale-v1.xml"
  "xdg-output-unstable-v1:$system/unstable/xdg-output/xdg-output-unstable-v1.xml"
  "fifo-v1:$root/protocols/fifo-v1.xml"
  "commit-timing-v1:$root/protocols/commit-timing-v1.xml"
  "wlr-layer-shell-unstable-v1:$root/protocols/wlr-layer-shell-unstable-v1.xml"
  "wlr-virtual-pointer-unstable-v1:$root/protocols/wlr-virtual-pointer-unstable-v1.xml"   # the tests' pointer
  "kde-fake-input:$root/protocols/kde-fake-input.xml"   # the tests' pointer under KWin
)

command -v wayland-scanner >/dev/null || { echo "wayland-scanner is missing: scripts/install-deps.sh run" >&2; exit 1; }

generate() {
  local out="$1"
  mkdir -p "$out"
  for entry in "${protocols[@]}"; do
    local name="${entry%%:*}" xml="${entry#*:}"
    [ -f "$xml" ] || { echo "missing $xml (wayland-protocols)" >&2; exit 1; }
    wayland-scanner client-header "$xml" "$out/$name-client-protocol.h"
    wayland-scanner private-code "$xml" "$out/$name-protocol.c"
  done
}

target="$root/Sources/WaylandProtocols/Generated"
if [ "${1:-}" = "--check" ]; then
  scratch="$(mktemp -d)"
  trap 'rm -rf "$scratch"' EXIT
  generate "$scratch"
  if ! diff -r "$scratch" "$target" >/dev/null; then
    diff -r "$scratch" "$target" | head -20 >&2
    echo "Sources/WaylandProtocols/Generated is not current: run scripts/generate-wayland-protocols.sh" >&2
    exit 1
  fi
  echo "Wayland protocol code is current"
else
  rm -rf "$target"
  generate "$target"
fi
