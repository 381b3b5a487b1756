#!/usr/bin/env bash
# Configures and builds the Release tree at build/ (the `ggp` executable is build/ggp), showing
# ninja's progress ([done/total, elapsed seconds]); the first build takes a few minutes.
set -euo pipefail
cd "$(dirname "$0")/.."
[ -f build/build.ninja ] || echo "build.sh: configuring build/ (Release, ninja); the first build takes a few minutes"
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
export NINJA_STATUS=${NINJA_STATUS:-"[%f/%t, %e s] "}
cmake --build build -j "$(nproc)"
