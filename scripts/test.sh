#!/usr/bin/env bash
# Builds the Release tree and runs every test; then the unit tests again under ASan+UBSan, and with
# clang each libFuzzer target for a minute (GGP_SKIP_SANITIZERS=1 skips that part).
# The corpus suites (ctest label corpus: every corpus game, every reference trace, the protocol
# captures, the deadline run on chess) read the outside corpus: GGP_CORPUS=DIR, else ../shared
# beside the project. Without one, ctest reports them Skipped and the last line says so.
set -euo pipefail
cd "$(dirname "$0")/.."
corpus_status=0
corpus=$(tests/support/corpus.sh --locate 2>&1) || corpus_status=$?
[ $corpus_status -ne 1 ] || { echo "test.sh: $corpus" >&2; exit 1; }  # GGP_CORPUS names no corpus

scripts/build.sh
corpus_suites=$(cd build && ctest -N -L corpus | sed -n 's/^Total Tests: //p')
if [ $corpus_status -eq 0 ]; then
  corpus_line="corpus: $corpus: the $corpus_suites corpus suites ran"
else
  corpus_line="corpus: none ($corpus): $corpus_suites corpus suites skipped; GGP_CORPUS=DIR runs them on the corpus in DIR"
fi
trap 'echo "$corpus_line"' EXIT

(cd build && ctest --output-on-failure -j "$(nproc)")
if [ "${GGP_SKIP_SANITIZERS:-0}" != 1 ]; then
  # With clang (scripts/setup.sh installs it) the sanitizer tree is the fuzzing tree, build-fuzz/,
  # and each libFuzzer target then runs for GGP_FUZZ_SECONDS (60 by default; 0 leaves it out).
  if command -v clang++ >/dev/null; then
    source scripts/lib/fuzz_tree.sh
    configure_fuzz_tree
    tree=$fuzz_tree
  else
    tree=build-asan
    cmake -S . -B $tree -G Ninja -DCMAKE_BUILD_TYPE=Debug -DGGP_SANITIZE=ON >/dev/null
  fi
  echo "test.sh: the unit tests again under AddressSanitizer and UndefinedBehaviorSanitizer ($tree/)"
  NINJA_STATUS=${NINJA_STATUS:-"[%f/%t, %e s] "} cmake --build $tree -j "$(nproc)"
  (cd $tree && ctest --output-on-failure -j "$(nproc)" -L unit)
  fuzz_seconds=${GGP_FUZZ_SECONDS:-60}
  if [ $tree != build-fuzz ]; then
    echo "test.sh: fuzzing skipped: no clang++ (scripts/setup.sh installs clang and libclang-rt-dev)"
  elif [ "$fuzz_seconds" != 0 ]; then
    echo "test.sh: each fuzz target for $fuzz_seconds s (scripts/fuzz.sh)"
    scripts/fuzz.sh "$fuzz_seconds"
  fi
fi
