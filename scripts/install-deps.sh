#!/usr/bin/env bash
# Installs the Debian/Ubuntu packages xmarquee needs to build, run and test, when missing.
# Usage: scripts/install-deps.sh run|test|bench|deb
set -euo pipefail

build=(pkg-config libx11-dev libfontconfig-dev libxrender-dev libxrandr-dev
       libxpresent-dev libxext-dev libxfixes-dev libfribidi-dev libharfbuzz-dev
       libx11-xcb-dev libxcb-present-dev   # Present completions through xcb's special event queue
       libfreetype-dev libpixman-1-dev    # the tile rasterizer: glyphs at sub-pixel phases, composited
       fonts-dejavu-core fonts-droid-fallback fonts-noto-color-emoji   # fallback for CJK and emoji
       libcurl4-openssl-dev libxml2-dev   # xmarquee-feed: fetching (libcurl) and parsing (libxml2)
       libxdamage-dev libfreetype-dev     # xmarquee-bench's observer and its glyph self-check (every target builds with the tests)
       zlib1g-dev libbrotli-dev           # the feed test server's gzip, deflate and brotli bombs
       libwayland-dev libxkbcommon-dev    # the Wayland backend: libwayland-client, libwayland-cursor (the pointer's shapes) and the keyboard's keymap
       libsystemd-dev)                    # sd-bus: the desktop bus (now playing, notifications, the screen reader, the portal's settings)
# fonts-font-awesome: an icon font for the fallback tests; xcompmgr: a compositing manager for the
# translucent-background tests; time (GNU time): the feed helper's peak memory under a bomb.
# libharfbuzz-bin and pango1.0-tools: hb-shape, hb-view and pango-view, the references the
# shaping tests compare with; fonts-noto-core: Devanagari, Thai, Hebrew and Arabic fonts for them.
# xtrace logs the ticker's X requests (tear-free frames); zsh and fish load the generated
# completions; appstream (appstreamcli) validates the metainfo; tickr ships the sample feed list
# the Tickr import is tested with (optional: that test skips without it); tk (wish) draws the
# docked panel a ticker is placed over.
test=(xvfb x11-utils x11-xserver-utils xdotool openbox desktop-file-utils imagemagick
      fonts-font-awesome xcompmgr time libharfbuzz-bin pango1.0-tools fonts-noto-core
      zsh fish appstream xtrace tickr tk)
# The Wayland tests: headless sway (layer-shell), grim (its pixels), wtype (keys), weston (a
# compositor without layer-shell), tesseract-ocr (OCR of the bar's text); wayland-scanner and wayland-protocols check the generated code.
# KWin 5.27 (virtual output, fractional scale; python3-dbus reads its screenshots) and mutter
# (GNOME: Xwayland, no layer-shell), each with a private dbus-daemon.
wayland=(sway grim wtype weston libwayland-bin wayland-protocols tesseract-ocr kwin-wayland mutter dbus python3-dbus)
# The desktop-bus tests: a private session bus (dbus-daemon, dbus-run-session), notify-send, the
# accessibility bus and pyatspi to read it, python3-dbus + python3-gi for the fake peers (for
# /usr/bin/python3).
desktopbus=(dbus-daemon dbus-bin libnotify-bin at-spi2-core python3-pyatspi python3-dbus python3-gi)
bench=(tickr)
deb=(dpkg-dev lintian)   # dpkg-shlibdeps computes the package's dependencies; lintian checks the package

wanted=("${build[@]}")
case "${1:-run}" in
  run) ;;
  test) wanted+=("${test[@]}" "${wayland[@]}" "${desktopbus[@]}") ;;
  bench) wanted+=("${test[@]}" "${wayland[@]}" "${desktopbus[@]}" "${bench[@]}") ;;
  deb) wanted+=("${deb[@]}") ;;
  *) echo "usage: $0 run|test|bench|deb" >&2; exit 2 ;;
esac

missing=()
for package in "${wanted[@]}"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done

if [ ${#missing[@]} -gt 0 ]; then
  echo "installing: ${missing[*]}"
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo apt-get update -qq
  # tickr is only for the benchmark and a sample file: go on without it where it is not packaged.
  if ! DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"; then
    optional=(tickr)
    required=()
    for package in "${missing[@]}"; do [[ " ${optional[*]} " == *" $package "* ]] || required+=("$package"); done
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${required[@]}"
  fi
fi

if ! command -v swift >/dev/null 2>&1; then
  echo "xmarquee needs the Swift toolchain (6.0 or newer) on PATH: see https://www.swift.org/install/linux/" >&2
  exit 1
fi
