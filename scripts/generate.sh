#!/usr/bin/env bash
# The generated files: the man pages in Generated/, filled by
# xmarquee-manual from the command lines (--experimental-dump-help) and the settings' declarations
# (Sources/MarqueeConfig/Options/Setting.swift) into the hand-written templates in assets/man/.
# Usage: scripts/generate.sh         writes them (`make generate`)
#        scripts/generate.sh check   fails, showing the difference, when they are not what the
#                                    sources make (`make check-generated`, part of `make test`)
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
mode=${1:-write}
swift=${SWIFT:-swift}
for product in xmarquee xmarquee-feed xmarquee-manual; do
    "$swift" build --product "$product" >/dev/null
done
bin=$("$swift" build --show-bin-path)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
version=$("$bin/xmarquee" --version | awk '{ print $2 }')

"$bin/xmarquee" --experimental-dump-help > "$work/xmarquee.json"
"$bin/xmarquee-feed" --experimental-dump-help > "$work/xmarquee-feed.json"
mkdir -p "$work/Generated"
"$bin/xmarquee-manual" --template assets/man/xmarquee.1.in --dump-help "$work/xmarquee.json" \
    --version "$version" --ticker-settings > "$work/Generated/xmarquee.1"
"$bin/xmarquee-manual" --template assets/man/xmarquee-feed.1.in --dump-help "$work/xmarquee-feed.json" \
    --version "$version" > "$work/Generated/xmarquee-feed.1"

if [ "$mode" = check ]; then
    status=0
    for file in Generated/xmarquee.1 Generated/xmarquee-feed.1; do
        diff -u "$file" "$work/$file" || status=1
    done
    [ $status = 0 ] || echo "generated files are out of date: run 'make generate' and commit the result" >&2
    exit $status
fi
mkdir -p Generated
cp "$work/Generated/xmarquee.1" "$work/Generated/xmarquee-feed.1" Generated/
