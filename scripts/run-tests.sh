#!/usr/bin/env bash
# Runs every test suite of a build (unit, sql, pipelines) through CTest, skipping the tests
# labelled slow, and ends with exactly one line "N passed, M failed" over all of them.
# Usage: scripts/run-tests.sh BUILD_DIR [extra ctest arguments]
# Exit status: 0 when nothing failed, 1 when a test failed, 2 when the tests could not run.
set -uo pipefail

if [ $# -lt 1 ]; then
  echo "usage: $0 BUILD_DIR [ctest arguments]" >&2
  echo "0 passed, 0 failed"
  exit 2
fi
build_dir=$1
shift
if [ ! -f "$build_dir/CTestTestfile.cmake" ]; then
  echo "run-tests: $build_dir is not a configured build folder" >&2
  echo "0 passed, 0 failed"
  exit 2
fi

log=$(mktemp)
trap 'rm -f "$log"' EXIT

# An empty suite is not an error; the counts below then read 0.
ctest --test-dir "$build_dir" -j2 --output-on-failure --no-tests=ignore --timeout 900 \
  -LE slow "$@" 2>&1 | tee "$log"
ctest_status=${PIPESTATUS[0]}

# CTest's summary: "95% tests passed, 2 tests failed out of 40".
summary=$(grep -E '^[0-9]+% tests passed, [0-9]+ tests? failed out of [0-9]+' "$log" | tail -n 1)
if [ -n "$summary" ]; then
  failed=$(sed -E 's/.* ([0-9]+) tests? failed out of.*/\1/' <<<"$summary")
  total=$(sed -E 's/.* out of ([0-9]+).*/\1/' <<<"$summary")
  passed=$((total - failed))
elif [ "$ctest_status" -eq 0 ]; then
  # No summary and no failure: the build has no tests (yet).
  failed=0
  passed=0
else
  echo "run-tests: ctest did not report a summary (status $ctest_status)" >&2
  echo "0 passed, 1 failed"
  exit 2
fi

echo "$passed passed, $failed failed"
if [ "$failed" -gt 0 ] || [ "$ctest_status" -ne 0 ]; then
  exit 1
fi
exit 0
