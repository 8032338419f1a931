#!/usr/bin/env bash
# Installs every Debian package that the build, the tests and the benchmarks need.
# Idempotent and quick when everything is present; runs as root or through sudo.
set -euo pipefail

packages=(
  build-essential cmake ninja-build ccache pkg-config git
  clang libclang-rt-14-dev            # fuzzing build (libFuzzer) and sanitizers
  clang-format python3                # make format-check (clang-format 14), make check-layers
  libfmt-dev libsimdjson-dev nlohmann-json3-dev libyaml-cpp-dev libcli11-dev
  libzstd-dev libsnappy-dev liblz4-dev zlib1g-dev
  libre2-dev libutf8proc-dev libhowardhinnant-date-dev tzdata libsqlite3-dev
  libicu-dev                          # the UNICODE and locale collations (ICU's collators)
  libssl-dev                          # aes_encrypt / aes_decrypt (libcrypto)
  libmimalloc-dev                     # the sluice binary's allocator
  pybind11-dev python3-dev
  libgtest-dev libgmock-dev libbenchmark-dev
  time                                # CPU time and peak memory of sluice in bench/queries
)
# Node.js and npm run the DuckDB side of benchmarks and interop tests; a machine may already
# have them from another source, so they are only added when the commands are missing.
command -v node >/dev/null 2>&1 || packages+=(nodejs)
command -v npm >/dev/null 2>&1 || packages+=(npm)

missing=()
for package in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$package")
  fi
done

if [ ${#missing[@]} -gt 0 ]; then
  echo "install-deps: installing ${missing[*]}"
  sudo_cmd=()
  if [ "$(id -u)" -ne 0 ]; then sudo_cmd=(sudo); fi
  export DEBIAN_FRONTEND=noninteractive
  "${sudo_cmd[@]}" apt-get update -qq
  "${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi
