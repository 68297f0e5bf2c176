# xmarquee — the two commands a new machine needs: `make run` and `make test`.
# Both install missing system packages first (apt-get; sudo when not root).

SWIFT ?= swift
ARGS ?=

.PHONY: all build release run test bench deps deps-test deps-bench clean screenshot

all: build

deps:
	@scripts/install-deps.sh run

deps-test:
	@scripts/install-deps.sh test

deps-bench:
	@scripts/install-deps.sh bench

build: deps
	$(SWIFT) build

release: deps
	$(SWIFT) build -c release --product xmarquee

# Starts the ticker (the welcome text unless ARGS says otherwise), e.g.
#   make run ARGS='"Markets rally as tech stocks climb"'
run: release
	.build/release/xmarquee $(ARGS)

test: deps-test
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build

# Measures the release build on its own Xvfb (about 6 minutes); writes bench-results/latest.{md,json}.
bench: deps-bench
	$(SWIFT) build -c release
	$(SWIFT) run -c release xmarquee-bench $(ARGS)

clean:
	rm -rf .build
