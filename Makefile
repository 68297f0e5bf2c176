# xmarquee — the two commands a new machine needs: `make run` and `make test`.
# Both install missing system packages first (apt-get; sudo when not root).
# `make install` puts xmarquee in the applications menu (PREFIX, DESTDIR); `make uninstall` undoes it.

SWIFT ?= swift
ARGS ?=

.PHONY: all build release run test bench deps deps-test deps-bench deps-deb testbed clean screenshot install uninstall deb \
	fuzz fuzz-build fuzz-smoke test-sanitize generate check-generated

# The Swift runtime is linked statically into release builds: only the pages xmarquee touches
# are mapped (a shared runtime kept 4 MB more resident).
# Cross-module optimisation lets the frame path specialise the model's generic types
# (StripTimeline<RenderedContent>) instead of looking up their metadata every frame.
# Linked by lld with the functions a running ticker executes packed together (packaging/link-order.txt,
# made by scripts/link-order.sh; a function it does not name is placed as usual), relative relocations
# packed (DT_RELR) and no dynamic symbol table of our own: the kernel maps code 64 KB around each page
# fault, so hot code scattered over 10 MB of text kept 2.5 MB more of the binary resident.
# Every Swift module built (ours and the packages') puts each function in a section of its own
# (-function-sections), so the list orders them one by one too, a scrolling bar's own first: a
# wake-up after 0.2 s of sleep finds its code cold, and each page of it costs a TLB walk. Measured
# on Xvfb against the list without it (five fresh starts each): 15.6 MB resident instead of 16.1 MB,
# planning a batch 12 µs instead of 15 µs of CPU a wake-up.
# The C++ runtime the Swift runtime needs is linked statically too, where its archive is installed
# (libstdc++-NN-dev, which the Swift toolchain needs anyway): only the few objects the runtime uses
# come in, where the shared libstdc++ kept 1 MB resident (15.5 MB in all instead of 16.5). lld finds
# -lstdc++ in the first folder that has it, .so or .a: a folder of ours holding only the archive,
# named first. Without the archive the shared library is linked as before.
STATIC_CXX_ARCHIVE := $(shell clang -print-file-name=libstdc++.a 2>/dev/null || gcc -print-file-name=libstdc++.a 2>/dev/null)
STATIC_CXX_DIR := $(CURDIR)/.build/static-cxx
STATIC_CXX_FLAGS := $(if $(filter /%,$(wildcard $(STATIC_CXX_ARCHIVE))),-Xlinker -L$(STATIC_CXX_DIR))
LINK_FLAGS = -Xswiftc -use-ld=lld -Xlinker -z -Xlinker pack-relative-relocs -Xlinker --no-export-dynamic \
	-Xlinker --symbol-ordering-file=$(CURDIR)/packaging/link-order.txt -Xlinker --no-warn-symbol-ordering $(STATIC_CXX_FLAGS)
RELEASE_FLAGS = -c release --static-swift-stdlib -Xswiftc -cross-module-optimization \
	-Xswiftc -Xfrontend -Xswiftc -function-sections $(LINK_FLAGS)

all: build

deps:
	@scripts/install-deps.sh run

deps-test:
	@scripts/install-deps.sh test

deps-bench:
	@scripts/install-deps.sh bench

deps-deb:
	@scripts/install-deps.sh deb

# The test bed of current compositors (a Debian sid chroot outside the repository, cached):
# see scripts/testbed.sh and docs/testing.md. It never fails the build: where it cannot be made,
# the bed tests skip, saying why.
testbed:
	@start=$$(date +%s); scripts/testbed.sh build; echo "testbed: added $$(( $$(date +%s) - start )) s to make test"

build: deps
	$(SWIFT) build

# The helper is a second product: --feed, --opml and the config file run it from beside the
# xmarquee binary (it holds Foundation and TOMLKit, so the ticker does not).
release: deps
	$(if $(STATIC_CXX_FLAGS),@mkdir -p $(STATIC_CXX_DIR) && ln -sf $(STATIC_CXX_ARCHIVE) $(STATIC_CXX_DIR)/libstdc++.a)
	@# SwiftPM relinks when a source changes, not when the link order does.
	@for product in xmarquee xmarquee-feed; do \
		if [ packaging/link-order.txt -nt .build/release/$$product ]; then rm -f .build/release/$$product; fi; done
	$(SWIFT) build $(RELEASE_FLAGS) --product xmarquee
	$(SWIFT) build $(RELEASE_FLAGS) --product xmarquee-feed

# Starts the ticker (the welcome text unless ARGS says otherwise), e.g.
#   make run ARGS='"Markets rally as tech stocks climb"'
run: release
	.build/release/xmarquee $(ARGS)

# The release build too: the package test (DebianPackageTests) packs the release binaries, and
# cannot build them itself while `swift test` holds the build folder.
test: deps-test deps-deb testbed release
	$(SWIFT) build --build-tests
	@SWIFT=$(SWIFT) scripts/generate.sh check
	$(SWIFT) test --skip-build --disable-swift-testing
	$(MAKE) fuzz-smoke

# The man pages (Generated/) and the README's option table, filled from the command lines and the
# settings' declarations (Sources/MarqueeConfig/Options/Setting.swift) into assets/man/*.1.in.
# `make test` checks that regenerating changes nothing.
generate: deps
	@SWIFT=$(SWIFT) scripts/generate.sh

check-generated: deps
	@SWIFT=$(SWIFT) scripts/generate.sh check

# Fuzzing (libFuzzer, with AddressSanitizer): every parser's harness in Fuzz/Targets. `make fuzz`
# runs each until FUZZ_RUNS executions or FUZZ_SECONDS; `make fuzz-smoke` (part of `make test`)
# a few seconds each, so the harnesses keep building and their seeds keep passing.
FUZZ_SECONDS ?= 600
FUZZ_RUNS ?= 10000000
FUZZ_TARGETS = $(shell scripts/fuzz.sh list)

fuzz-build: deps
	scripts/fuzz.sh build

fuzz: fuzz-build
	@for target in $(FUZZ_TARGETS); do scripts/fuzz.sh run $$target $(FUZZ_SECONDS) $(FUZZ_RUNS) || exit 1; done

fuzz-smoke: fuzz-build
	@for target in $(FUZZ_TARGETS); do \
		log=.build-fuzz/smoke-$$target.log; \
		scripts/fuzz.sh run $$target 3 > $$log 2>&1 || { cat $$log; exit 1; }; \
		echo "fuzz-smoke $$target: $$(grep -o 'stat::number_of_executed_units: [0-9]*' $$log | grep -o '[0-9]*$$') executions"; \
	done

# The unit and integration tests under AddressSanitizer (a build of their own), and the tests
# where threads exist under ThreadSanitizer: the helper and children (feed fetches, commands, the
# config reader), the control server under a flood. Leak checking is off: TOMLKit never frees
# the key lists it mallocs, and Foundation and the Swift runtime keep caches to the end; memory
# errors are what these runs are for. XMARQUEE_SANITIZER tells the tests whose thresholds
# (frame timing, resident memory, seconds) a sanitized build cannot meet to skip, saying why.
TSAN_TESTS = FeedFetcherTests|FeedSourceTests|ConfigDocumentTests|CommandSourceTests|ControlSocketTests|HelperLimitTests

test-sanitize: deps-test
	$(SWIFT) build --build-tests --sanitize=address --scratch-path .build-asan
	XMARQUEE_SANITIZER=address SWIFT_BACKTRACE=enable=no ASAN_OPTIONS=detect_leaks=0 \
		$(SWIFT) test --skip-build --sanitize=address --scratch-path .build-asan --disable-swift-testing
	$(SWIFT) build --build-tests --sanitize=thread --scratch-path .build-tsan
	XMARQUEE_SANITIZER=thread SWIFT_BACKTRACE=enable=no \
		$(SWIFT) test --skip-build --sanitize=thread --scratch-path .build-tsan --disable-swift-testing \
		--filter '$(TSAN_TESTS)'

# Regenerates assets/screenshot.png with the real executable under Xvfb.
screenshot: deps-test
	$(SWIFT) build --build-tests
	XMARQUEE_SCREENSHOT=$(CURDIR)/assets/screenshot.png $(SWIFT) test --skip-build --filter ScreenshotTests

# Measures the release build on its own Xvfb (about 13 minutes; ARGS='--only smooth60 smooth144' for
# the smoothness rows alone); writes bench-results/latest.{md,json}.
# It measures exactly what `make run` runs: the same release flags.
bench: deps-bench release
	$(SWIFT) build $(RELEASE_FLAGS) --product xmarquee-bench
	.build/release/xmarquee-bench $(ARGS)

# A Debian package of the release build: xmarquee_<version>_<arch>.deb in DEB_DIR.
DEB_DIR ?= $(CURDIR)
deb: deps-deb release
	@scripts/build-deb.sh $(DEB_DIR)

clean:
	rm -rf .build .build-fuzz .build-asan .build-tsan

# Install: the binary, the desktop entry, the icons (hicolor), the AppStream metainfo (how software
# centres list it), the man pages and the sample config.
# PREFIX defaults to ~/.local for a user and /usr/local for root; DESTDIR is prepended (packaging).
# BINARY lets a test install a debug build; by default the release build is made first.
ifeq ($(shell id -u),0)
PREFIX ?= /usr/local
else
PREFIX ?= $(HOME)/.local
endif
DESTDIR ?=
BINARY ?= .build/release/xmarquee
ICON_SIZES := 16 32 48 64 128 256
APPSTREAM_ID := org.example.xmarquee
root := $(DESTDIR)$(PREFIX)
# Icon themes notice new icons by the folder's time, or through a cache where one exists:
# keep an existing cache current, never create one (uninstall must leave nothing behind).
# The entry has no MimeType, so the desktop database needs no update.
refresh_icon_cache = if [ -z "$(DESTDIR)" ] && [ -f $(root)/share/icons/hicolor/icon-theme.cache ]; then \
		gtk-update-icon-cache -q -t $(root)/share/icons/hicolor || true; fi

# Shell completions, generated by swift-argument-parser from the command line's own
# declarations, where each shell looks for them under PREFIX.
BASH_COMPLETION := $(root)/share/bash-completion/completions/xmarquee
ZSH_COMPLETION := $(root)/share/zsh/site-functions/_xmarquee
FISH_COMPLETION := $(root)/share/fish/vendor_completions.d/xmarquee.fish
COMPLETIONS := $(BASH_COMPLETION) $(ZSH_COMPLETION) $(FISH_COMPLETION)

INSTALLED := $(root)/bin/xmarquee $(root)/bin/xmarquee-feed \
	$(root)/share/applications/xmarquee.desktop \
	$(root)/share/icons/hicolor/scalable/apps/xmarquee.svg \
	$(foreach s,$(ICON_SIZES),$(root)/share/icons/hicolor/$(s)x$(s)/apps/xmarquee.png) \
	$(root)/share/metainfo/$(APPSTREAM_ID).metainfo.xml \
	$(root)/share/man/man1/xmarquee.1 $(root)/share/man/man1/xmarquee-feed.1 \
	$(root)/share/doc/xmarquee/config.sample \
	$(COMPLETIONS)


install: $(if $(wildcard $(BINARY)),,release)
	install -D -m 755 $(BINARY) $(root)/bin/xmarquee
	@# The helper (feeds, OPML, the config file) runs from beside the xmarquee binary.
	install -D -m 755 $(dir $(BINARY))xmarquee-feed $(root)/bin/xmarquee-feed
	@# The entry runs the installed binary by its full path: a desktop session's PATH may lack PREFIX/bin.
	install -d $(root)/share/applications
	sed 's|^Exec=xmarquee|Exec=$(PREFIX)/bin/xmarquee|' assets/xmarquee.desktop > $(root)/share/applications/xmarquee.desktop
	chmod 644 $(root)/share/applications/xmarquee.desktop
	install -D -m 644 assets/icons/xmarquee.svg $(root)/share/icons/hicolor/scalable/apps/xmarquee.svg
	$(foreach s,$(ICON_SIZES),install -D -m 644 assets/icons/xmarquee-$(s).png $(root)/share/icons/hicolor/$(s)x$(s)/apps/xmarquee.png;)
	install -D -m 644 assets/$(APPSTREAM_ID).metainfo.xml $(root)/share/metainfo/$(APPSTREAM_ID).metainfo.xml
	install -D -m 644 Generated/xmarquee.1 $(root)/share/man/man1/xmarquee.1
	install -D -m 644 Generated/xmarquee-feed.1 $(root)/share/man/man1/xmarquee-feed.1
	install -D -m 644 assets/config.sample $(root)/share/doc/xmarquee/config.sample
	install -d $(dir $(BASH_COMPLETION)) $(dir $(ZSH_COMPLETION)) $(dir $(FISH_COMPLETION))
	$(BINARY) --generate-completion-script bash > $(BASH_COMPLETION)
	$(BINARY) --generate-completion-script zsh > $(ZSH_COMPLETION)
	$(BINARY) --generate-completion-script fish > $(FISH_COMPLETION)
	chmod 644 $(COMPLETIONS)
	@$(refresh_icon_cache)

uninstall:
	rm -f $(INSTALLED)
	-rmdir $(root)/share/doc/xmarquee 2>/dev/null
	@$(refresh_icon_cache)
