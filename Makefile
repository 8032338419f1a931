# The front door: `make demo` and `make test` do all set-up on a fresh Debian 12 machine.
.PHONY: deps build debug fuzz interop-deps bench-deps bench-ingest bench-queries demo test unit sql format clean

NINJA_JOBS ?= $(shell nproc)

# ccache keys on paths relative to the checkout, so a fresh clone elsewhere (CI) reuses the
# objects of earlier builds on the same machine.
export CCACHE_BASEDIR := $(CURDIR)
export CCACHE_NOHASHDIR := 1

deps:
	@./scripts/install-deps.sh

build: deps
	@cmake --preset release >/dev/null
	@cmake --build --preset release -j $(NINJA_JOBS) --target sluice

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

# Ingest of the medallion JSON events, sluice against DuckDB (SCALE=S|M|L).
bench-ingest: build bench-deps
	@node bench/ingest.mjs --scale $(or $(SCALE),S) --sluice build/release/sluice

# The 10 analytic queries over Parquet, sluice against DuckDB (SCALE=S|M; M is 10 M rows).
bench-queries: build bench-deps
	@node bench/queries.mjs --scale $(or $(SCALE),M) --sluice build/release/sluice

# The fuzz targets (clang) are built too: CTest runs each for a minute.
test: debug fuzz interop-deps
	@./scripts/run-tests.sh build/debug

format:
	@find src test bench -name '*.cpp' -o -name '*.hpp' | xargs clang-format -i

clean:
	rm -rf build
