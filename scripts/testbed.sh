#!/usr/bin/env bash
# The test bed of current desktops: a Debian sid chroot holding the compositors people run now
# (KWin ≥ 6.4, mutter ≥ 48, sway ≥ 1.10, labwc, weston ≥ 14) and their capture tools, outside the
# repository. The Wayland bed tests (Tests/BackendParityTests/CompositorBedTests.swift) run each
# compositor in it; docs/testing.md says how.
#
# Usage: scripts/testbed.sh [build|mount|path|status]
#   build  (default) make the bed, or bring it up to the package list below; cached: a stamp
#          holds the list it was made with, and nothing is done while it matches. Never fails: where
#          the bed cannot be made (no network, no debootstrap, not root) it says so loudly and
#          writes the reason where the tests read it, and they skip saying why.
#   mount  the mounts a compositor needs inside (/dev, /dev/pts, /dev/shm, /sys, proc, run)
#   path   where the bed is
#   status whether the bed is ready, or why not
# XMARQUEE_TESTBED=DIR puts it elsewhere (default /var/tmp/xmarquee-testbed/sid).
set -uo pipefail

bed="${XMARQUEE_TESTBED:-/var/tmp/xmarquee-testbed/sid}"
stamp="$bed.stamp"          # beside the chroot, so an unfinished chroot never carries one
failure="$bed.unavailable"  # the reason the tests print when they skip
mirror="${XMARQUEE_TESTBED_MIRROR:-http://deb.debian.org/debian}"
bed_user=xmarquee-bed

# What the bed holds, --no-install-recommends. Changing this list remakes the stamp, and the next
# build installs what is new into the existing chroot.
packages=(
  kwin-wayland mutter sway labwc weston      # the compositors
  gnome-shell                                # mutter as GNOME runs it, read through the shell's Screenshot interface
  pipewire-bin wireplumber python3-gi        # mutter alone, read through its screencast: PipeWire and a session manager,
  gstreamer1.0-pipewire gstreamer1.0-tools   #   the D-Bus calls (with a GLib loop), one frame taken by gst-launch
  gstreamer1.0-plugins-base gstreamer1.0-plugins-good
  xwayland libgl1-mesa-dri dbus              # what they start or load; KWin and mutter need a session bus
  grim                                       # wlroots' capture (screencopy / ext-image-copy-capture)
  xvfb x11-apps x11-xserver-utils            # KWin nested on an Xvfb, read with xwd; the X11 reference (xrdb for its DPI)
  libkscreen-bin qt6-wayland                 # kscreen-doctor: KWin 6's real fractional scale
  python3-dbus wayland-utils                 # KWin's scripting (reserved area); wayland-info
  libxpresent1 libcurl4t64 libxml2           # what the xmarquee binary links beyond the compositors' libraries
  fonts-dejavu-core                          # the ticker's default face, as on the host
)
bed_version="2 $bed_user ${packages[*]}"

log() { echo "testbed: $*"; }

loud_unavailable() {
  local reason="$1"
  mkdir -p "$(dirname "$failure")"
  echo "$reason" > "$failure"
  echo "################################################################################"
  echo "testbed: NOT BUILT: $reason"
  echo "testbed: the compositor bed tests (KWin 6, mutter, sway, labwc, weston) will be SKIPPED."
  echo "################################################################################"
}

mounted() { findmnt -rn --mountpoint "$1" >/dev/null 2>&1; }

mount_bed() {
  local point
  for point in dev dev/pts dev/shm sys; do
    mounted "$bed/$point" || mount --bind "/$point" "$bed/$point" || return 1
  done
  mounted "$bed/proc" || mount -t proc proc "$bed/proc" || return 1
  mounted "$bed/run" || mount -t tmpfs -o mode=755 tmpfs "$bed/run" || return 1
}

# Everything mounted below DIR, deepest first (before a chroot is removed: never rm across a bind
# mount of /dev or /sys).
unmount_below() {
  local dir="$1" point
  for point in $(findmnt -rn -o TARGET | grep "^$dir/" | sort -r); do umount -l "$point" || return 1; done
}

chroot_apt() {
  DEBIAN_FRONTEND=noninteractive chroot "$bed" apt-get "$@"
}

build() {
  local start=$SECONDS
  if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$bed_version" ] && [ -x "$bed/usr/bin/kwin_wayland" ]; then
    mount_bed || { loud_unavailable "cannot mount /dev, /sys, proc and run inside $bed"; return 0; }
    rm -f "$failure"
    log "cached at $bed ($((SECONDS - start)) s)"
    return 0
  fi
  [ "$(id -u)" -eq 0 ] || { loud_unavailable "the bed needs root (debootstrap, chroot, mounts)"; return 0; }
  if ! command -v debootstrap >/dev/null 2>&1; then
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends debootstrap >/dev/null 2>&1 \
      || { apt-get update -qq >/dev/null 2>&1; DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends debootstrap >/dev/null 2>&1; } \
      || { loud_unavailable "debootstrap could not be installed on the host (apt-get install debootstrap failed)"; return 0; }
  fi
  mkdir -p "$(dirname "$bed")"
  if [ ! -x "$bed/usr/bin/apt-get" ]; then
    # A chroot debootstrap did not finish is made again from nothing.
    unmount_below "$bed" || { loud_unavailable "cannot unmount what is mounted below $bed"; return 0; }
    rm -rf "$bed"
    log "debootstrap --variant=minbase sid $bed ($mirror)"
    if ! debootstrap --variant=minbase sid "$bed" "$mirror" > "$bed.debootstrap.log" 2>&1; then
      loud_unavailable "debootstrap sid failed (network or mirror): $(tail -n 1 "$bed.debootstrap.log")"
      return 0
    fi
    log "base system in $((SECONDS - start)) s"
  fi
  # The mirror's sid Release can be past its Valid-Until date.
  echo 'Acquire::Check-Valid-Until "false";' > "$bed/etc/apt/apt.conf.d/99xmarquee-testbed"
  mount_bed || { loud_unavailable "cannot mount /dev, /sys, proc and run inside $bed"; return 0; }
  cp /etc/resolv.conf "$bed/etc/resolv.conf" 2>/dev/null || true
  log "installing ${#packages[@]} packages and what they need"
  if ! { chroot_apt update -qq && chroot_apt install -y -qq --no-install-recommends "${packages[@]}"; } > "$bed.apt.log" 2>&1; then
    loud_unavailable "apt-get install in the sid chroot failed: $(grep -E '^E:' "$bed.apt.log" | head -n 2 | tr '\n' ' ')"
    return 0
  fi
  chroot_apt clean >/dev/null 2>&1
  # The compositors run as this user: sway refuses root, and none should need it.
  chroot "$bed" id -u "$bed_user" >/dev/null 2>&1 \
    || chroot "$bed" useradd --system --no-create-home --shell /usr/sbin/nologin "$bed_user" \
    || { loud_unavailable "cannot create the user $bed_user in the chroot"; return 0; }
  echo "$bed_version" > "$stamp"
  rm -f "$failure"
  log "built at $bed in $((SECONDS - start)) s ($(du -sh -x "$bed" 2>/dev/null | cut -f1))"
}

case "${1:-build}" in
  build) build ;;
  mount) [ -f "$stamp" ] && mount_bed ;;
  path) echo "$bed" ;;
  status)
    if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$bed_version" ]; then echo "ready: $bed"
    elif [ -f "$failure" ]; then echo "unavailable: $(cat "$failure")"; exit 1
    else echo "unavailable: not built (make test, or scripts/testbed.sh)"; exit 1; fi ;;
  *) echo "usage: $0 [build|mount|path|status]" >&2; exit 2 ;;
esac
