#!/usr/bin/env bash
# Builds xmarquee_<version>_<arch>.deb from the release binaries with dpkg-deb: what
# `make install` puts under /usr (binaries, desktop entry, icons, man page, completions,
# sample config), plus copyright and changelog as Debian policy asks. Dependencies are
# computed from the binaries' shared libraries with dpkg-shlibdeps.
# Usage: scripts/build-deb.sh OUTPUT-DIR   (run by `make deb` after `make release`)
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
out=${1:-$root}
binary=$root/.build/release/xmarquee
version=$("$binary" --version | awk '{ print $2 }')
arch=$(dpkg --print-architecture)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
stage=$work/stage

make -s -C "$root" install DESTDIR="$stage" PREFIX=/usr BINARY="$binary" >/dev/null
strip --strip-unneeded --remove-section=.comment --remove-section=.note "$stage/usr/bin/xmarquee" "$stage/usr/bin/xmarquee-feed"
# Debian keeps zsh functions of packages in vendor-completions, and wants manuals compressed.
mkdir -p "$stage/usr/share/zsh/vendor-completions"
mv "$stage/usr/share/zsh/site-functions/_xmarquee" "$stage/usr/share/zsh/vendor-completions/_xmarquee"
rmdir "$stage/usr/share/zsh/site-functions"
gzip -9n "$stage/usr/share/man/man1/xmarquee.1"
doc=$stage/usr/share/doc/xmarquee
install -m 644 "$root/packaging/debian/copyright" "$doc/copyright"
gzip -9nc "$root/packaging/debian/changelog" > "$doc/changelog.gz"
chmod 644 "$doc/changelog.gz"

# dpkg-shlibdeps reads debian/control of a source tree: give it a minimal one.
mkdir -p "$work/src/debian"
printf 'Source: xmarquee\n\nPackage: xmarquee\nArchitecture: any\n' > "$work/src/debian/control"
depends=$(cd "$work/src" && dpkg-shlibdeps -O "$stage/usr/bin/xmarquee" "$stage/usr/bin/xmarquee-feed" \
          | sed -n 's/^shlibs:Depends=//p')
size=$(du -sk --apparent-size "$stage/usr" | cut -f1)

mkdir -p "$stage/DEBIAN"
sed -e "s/@VERSION@/$version/" -e "s/@ARCH@/$arch/" -e "s/@SIZE@/$size/" -e "s/@DEPENDS@/$depends/" \
    "$root/packaging/debian/control.in" > "$stage/DEBIAN/control"
find "$stage" -type d -exec chmod 755 {} +
deb=$out/xmarquee_${version}_${arch}.deb
dpkg-deb --root-owner-group -Zxz --build "$stage" "$deb" >/dev/null
echo "$deb"
