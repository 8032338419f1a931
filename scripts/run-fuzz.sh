#!/usr/bin/env bash
# Runs one libFuzzer target for a fixed time, starting from its seed inputs, and fails when
# the target crashes, leaks, hangs or trips a sanitizer. New inputs the fuzzer finds go to a
# scratch folder, so the seeds in the source tree never change; an input that fails is kept
# under fuzz-artifacts/ in the current folder so that it can be replayed:
#   FUZZ_TARGET fuzz-artifacts/<target>/crash-...
# Usage: scripts/run-fuzz.sh TARGET SEED_DIR SECONDS [DICTIONARY]
set -euo pipefail

if [ $# -lt 3 ]; then
  echo "usage: $0 TARGET SEED_DIR SECONDS [DICTIONARY]" >&2
  exit 2
fi
target=$1
seeds=$2
seconds=$3
dictionary=${4:-}

if [ ! -x "$target" ]; then
  echo "run-fuzz: $target is not built (make fuzz builds the fuzz targets)" >&2
  exit 1
fi

scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
artifacts="$PWD/fuzz-artifacts/$(basename "$target")"
mkdir -p "$artifacts"

options=(-max_total_time="$seconds" -seed=1 -timeout=10 -rss_limit_mb=2048 -max_len=4096
         -print_final_stats=1 -artifact_prefix="$artifacts/")
if [ -n "$dictionary" ]; then
  options+=(-dict="$dictionary")
fi
exec "$target" "${options[@]}" "$scratch" "$seeds"
