# xmarquee — the two commands a new machine needs: `make run` and `make test`.
# Both install missing system packages first (apt-get; sudo when not root).

SWIFT ?= swift
ARGS ?=

.PHONY: all build release run test bench deps deps-test deps-bench clean screenshot

# The Swift runtime is linked statically into release builds: only the pages xmarquee touches
# are mapped, which keeps a plain ticker near 13 MB resident instead of 17 MB.
RELEASE_FLAGS = -c release --static-swift-stdlib

all: build

deps:
	@scripts/install-deps.sh run

deps-test:
	@scripts/install-deps.sh test

deps-bench:
	@scripts/install-deps.sh bench

build: deps
	$(SWIFT) build

# The feed helper is a second product: --feed runs it from beside the xmarquee binary.
release: deps
	$(SWIFT) build $(RELEASE_FLAGS) --product xmarquee
	$(SWIFT) build $(RELEASE_FLAGS) --product xmarquee-feed

# Starts the ticker (the welcome text unless ARGS says otherwise), e.g.
#   make run ARGS='"Markets rally as tech stocks climb"'
run: release
	.build/release/xmarquee $(ARGS)

test: deps-test
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build --disable-swift-testing

# Regenerates assets/screenshot.png with the real executable under Xvfb.
screenshot: deps-test
	$(SWIFT) build --build-tests
	XMARQUEE_SCREENSHOT=$(CURDIR)/assets/screenshot.png $(SWIFT) test --skip-build --filter ScreenshotTests

clean:
	rm -rf .build
