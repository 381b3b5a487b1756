#!/usr/bin/env bash
# Configures and builds the Release tree at build/ (the `ggp` executable is build/ggp).
set -euo pipefail
cd "$(dirname "$0")/.."
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build -j "$(nproc)"
