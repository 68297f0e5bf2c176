#!/usr/bin/env bash
# Builds xmarquee_<version>_<arch>.deb from the release binaries with dpkg-deb: what
# `make install` puts under /usr (binaries, desktop entry, icons, AppStream metainfo, man pages,
# completions, sample config), plus copyright (DEP-5) and changelog as Debian policy asks. Dependencies are
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
# The layout dpkg-shlibdeps expects: a source tree with debian/control, the package's files in
# debian/<package> with its DEBIAN folder (it resolves the binaries' $ORIGIN RPATH from there).
stage=$work/src/debian/xmarquee
mkdir -p "$stage/DEBIAN"
printf 'Source: xmarquee\n\nPackage: xmarquee\nArchitecture: any\n' > "$work/src/debian/control"

make -s -C "$root" install DESTDIR="$stage" PREFIX=/usr BINARY="$binary" >/dev/null
strip --strip-unneeded --remove-section=.comment --remove-section=.note "$stage/usr/bin/xmarquee" "$stage/usr/bin/xmarquee-feed"
# Debian keeps zsh functions of packages in vendor-completions, and wants manuals compressed.
mkdir -p "$stage/usr/share/zsh/vendor-completions"
mv "$stage/usr/share/zsh/site-functions/_xmarquee" "$stage/usr/share/zsh/vendor-completions/_xmarquee"
rmdir "$stage/usr/share/zsh/site-functions"
gzip -9n "$stage/usr/share/man/man1/xmarquee.1" "$stage/usr/share/man/man1/xmarquee-feed.1"
# bash-completion sources the script: it is not a program, so no #! line.
sed -i '1{/^#!/d}' "$stage/usr/share/bash-completion/completions/xmarquee"
doc=$stage/usr/share/doc/xmarquee
install -m 644 "$root/packaging/debian/copyright" "$doc/copyright"
gzip -9nc "$root/packaging/debian/changelog" > "$doc/changelog.gz"
chmod 644 "$doc/changelog.gz"

depends=$(cd "$work/src" && dpkg-shlibdeps -O --warnings=0 "debian/xmarquee/usr/bin/xmarquee" \
          "debian/xmarquee/usr/bin/xmarquee-feed" | sed -n 's/^shlibs:Depends=//p')
size=$(du -sk --apparent-size "$stage/usr" | cut -f1)

sed -e "s/@VERSION@/$version/" -e "s/@ARCH@/$arch/" -e "s/@SIZE@/$size/" -e "s/@DEPENDS@/$depends/" \
    "$root/packaging/debian/control.in" > "$stage/DEBIAN/control"
find "$stage" -type d -exec chmod 755 {} +
deb=$out/xmarquee_${version}_${arch}.deb
dpkg-deb --root-owner-group -Zxz --build "$stage" "$deb" >/dev/null
echo "$deb"
