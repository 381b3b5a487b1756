#!/usr/bin/env bash
# Builds the Release tree and runs every test; then the unit tests again under ASan+UBSan.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/build.sh
(cd build && ctest --output-on-failure -j "$(nproc)")
if [ "${GGP_SKIP_SANITIZERS:-0}" != 1 ]; then
  cmake -S . -B build-asan -G Ninja -DCMAKE_BUILD_TYPE=Debug -DGGP_SANITIZE=ON >/dev/null
  cmake --build build-asan -j "$(nproc)"
  (cd build-asan && ctest --output-on-failure -j "$(nproc)" -L unit)
fi
