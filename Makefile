# The front door: `make demo` and `make test` do all set-up on a fresh Debian 12 machine.
.PHONY: deps build debug fuzz interop-deps bench-deps bench bench-ingest bench-queries bench-merge bench-auto-cdc demo test lint check-layers check-unity-names format format-check clean

NINJA_JOBS ?= $(shell nproc)

# ccache keys on paths relative to the checkout, so a fresh clone elsewhere (CI) reuses the
# objects of earlier builds on the same machine.
export CCACHE_BASEDIR := $(CURDIR)
export CCACHE_NOHASHDIR := 1

deps:
	@./scripts/install-deps.sh

build: deps
	@cmake --preset release >/dev/null
	@cmake --build --preset release -j $(NINJA_JOBS) --target sluice sluice_python_extension

debug: deps
	@cmake --preset debug >/dev/null
	@cmake --build --preset debug -j $(NINJA_JOBS)

fuzz: deps
	@cmake --preset fuzz >/dev/null
	@cmake --build --preset fuzz -j $(NINJA_JOBS) --target sluice_fuzz_targets

demo: build
	@./examples/run-demo.sh build/release/sluice

# DuckDB for the interop tests, at the version package-lock.json pins.
interop-deps: deps
	@cd test/interop && { [ -d node_modules/@duckdb/node-api ] || npm ci --no-audit --no-fund --loglevel=error; }

# DuckDB for the benchmarks, at the version bench/package-lock.json pins.
bench-deps: deps
	@cd bench && { [ -d node_modules/@duckdb/node-api ] || npm ci --no-audit --no-fund --loglevel=error; }

# The medallion pipeline, sluice against DuckDB, then an incremental update and a cold start
# (SCALE=S|M|L, S by default; RUNS=3).
bench: build bench-deps
	@node bench/medallion.mjs --scale $(or $(SCALE),S) --runs $(or $(RUNS),3) --sluice build/release/sluice

# Ingest of the medallion JSON events, sluice against DuckDB (SCALE=S|M|L).
bench-ingest: build bench-deps
	@node bench/ingest.mjs --scale $(or $(SCALE),S) --sluice build/release/sluice

# The 10 analytic queries over Parquet, sluice against DuckDB (SCALE=S|M; M is 10 M rows).
bench-queries: build bench-deps
	@node bench/queries.mjs --scale $(or $(SCALE),M) --sluice build/release/sluice

# A MERGE of 1 % changed rows into a 10 M-row table (ROWS), with and without deletion vectors,
# sluice against DuckDB's MERGE INTO.
bench-merge: build bench-deps
	@node bench/merge.mjs --rows $(or $(ROWS),10000000) --runs $(or $(RUNS),3) --sluice build/release/sluice

# One pipeline update applying 1 % changed keys to a ROWS-row AUTO CDC target (SCD type 1
# and 2), sluice against the same work in DuckDB.
bench-auto-cdc: build bench-deps
	@node bench/auto_cdc.mjs --rows $(or $(ROWS),10000000) --sluice build/release/sluice

# The fuzz targets (clang) are built too: CTest runs each for a minute.
test: lint debug fuzz interop-deps
	@./scripts/run-tests.sh build/debug

# The layering of src/ (docs/architecture.md), file-local names that would clash in the debug
# preset's unity batches, and the formatting of every C++ file.
lint: check-layers check-unity-names format-check

check-layers:
	@python3 scripts/check-layers.py

check-unity-names:
	@python3 scripts/check-unity-names.py

CXX_SOURCES = find src test bench \( -name '*.cpp' -o -name '*.hpp' \) -print0

format: deps
	@$(CXX_SOURCES) | xargs -0 clang-format -i

# Lists the files clang-format would change and fails if there is one.
format-check: deps
	@mkdir -p build
	@$(CXX_SOURCES) | xargs -0 clang-format --dry-run 2> build/format-check.log; \
	files=$$(grep -E '^[^:]+:[0-9]+:[0-9]+: warning' build/format-check.log | cut -d: -f1 | sort -u); \
	if [ -n "$$files" ]; then \
	  echo "format-check: clang-format would change these files (make format fixes them):"; \
	  echo "$$files"; exit 1; \
	fi; \
	echo "format-check: every file is formatted"

clean:
	rm -rf build
