#!/usr/bin/env bash
# Runs the example in examples/ with the given sluice binary and prints its result.
set -euo pipefail
sluice=${1:-build/release/sluice}
here=$(cd "$(dirname "$0")" && pwd)
storage=$(mktemp -d)
trap 'rm -rf "$storage"' EXIT
echo "sluice query -f examples/first-query/query.sql"
"$sluice" query --storage "$storage" -f "$here/first-query/query.sql"
