#!/usr/bin/env bash
# libFuzzer harnesses (Fuzz/Targets), all in one binary with coverage and AddressSanitizer.
#   scripts/fuzz.sh build                      builds .build-fuzz/xmarquee-fuzz
#   scripts/fuzz.sh run TARGET SECONDS [RUNS]  fuzzes one harness until SECONDS or RUNS executions
#   scripts/fuzz.sh list                       names the harnesses
# Corpora: Fuzz/Corpus/TARGET holds the seeds (read only); what a run finds goes to
# .build-fuzz/corpus/TARGET, findings to .build-fuzz/findings/ (and the run fails).
set -euo pipefail
cd "$(dirname "$0")/.."
SWIFT=${SWIFT:-swift}
scratch=.build-fuzz
binary=$scratch/xmarquee-fuzz
targets=(markup schedule command-words record-lines control-request geometry-color config feed layout xsettings filter-pattern desktop-bus tickr)

build() {
  # Objects only (a target builds no executable): every Swift, C and C++ file of the harnesses
  # and what they use gets coverage and ASan; the link below adds libFuzzer's main.
  "$SWIFT" build --scratch-path "$scratch" --target FuzzTargets \
    -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library \
    -Xcc -fsanitize=fuzzer-no-link,address -Xcxx -fsanitize=fuzzer-no-link,address
  local objects=() module map
  for module in FuzzTargets MarqueeCore MarqueeFormats BidiText MarqueeConfig MarqueeConfigTOML FeedReader TickrImport TOMLKit CTOML; do
    map=$scratch/debug/$module.build/output-file-map.json
    if [ -f "$map" ]; then
      # A Swift module: the objects of its sources now (a renamed file's old object stays on disk).
      while IFS= read -r object; do objects+=("$object"); done < <(grep -o '"object": *"[^"]*"' "$map" | cut -d'"' -f4)
    else
      while IFS= read -r object; do objects+=("$object"); done < <(find "$scratch/debug/$module.build" -name '*.o')
    fi
  done
  # The Swift objects name the libraries they need (autolink): Foundation, FoundationXML, fribidi.
  # lld (in the Swift toolchain): gold, swiftc's default, warns "cannot export local symbol" for
  # each of ASan's assembly helpers (141 lines); lld links the same objects without a word.
  swiftc -sanitize=fuzzer,address "${objects[@]}" -lstdc++ -use-ld=lld -o "$binary"
}

run() {
  local target=$1 seconds=$2 runs=${3:--1}
  mkdir -p "$scratch/corpus/$target" "$scratch/findings"
  # TOMLKit never frees the key lists it mallocs, and FoundationXML leaks an error's strings:
  # both run only in the helper, a process per parse, so their leaks are not findings here (the
  # tickr harness reads its written config back through TOMLKit).
  local leaks=1
  case $target in config|feed|tickr) leaks=0 ;; esac
  # Swift's own backtracer would read the crashed stack under ASan and report itself instead.
  SWIFT_BACKTRACE=enable=no ASAN_OPTIONS=detect_leaks=$leaks XMARQUEE_FUZZ_TARGET=$target "$binary" "$scratch/corpus/$target" "Fuzz/Corpus/$target" \
    -max_total_time="$seconds" -runs="$runs" -max_len=65536 -timeout=10 -rss_limit_mb=2048 \
    -artifact_prefix="$scratch/findings/$target-" -print_final_stats=1 -detect_leaks=$leaks
}

case "${1:-}" in
  build) build ;;
  run) [ $# -ge 3 ] || { echo "usage: $0 run TARGET SECONDS [RUNS]" >&2; exit 2; }; run "$2" "$3" "${4:--1}" ;;
  list) printf '%s\n' "${targets[@]}" ;;
  *) echo "usage: $0 build | run TARGET SECONDS [RUNS] | list" >&2; exit 2 ;;
esac
