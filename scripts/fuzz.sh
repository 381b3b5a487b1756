#!/usr/bin/env bash
# Builds the libFuzzer targets of tests/fuzz/ with clang under ASan and UBSan (build-fuzz/) and runs
# each for SECONDS (default 60): first every committed regression input (tests/fuzz/regressions/
# <target>/, each must now pass), then the fuzzer from the committed seeds (tests/fuzz/seeds/,
# the KIF and propnet targets also from games_kif/) with the dictionary tests/fuzz/gdl.dict. The working corpus
# grows in build-fuzz/corpus/; a finding is written to build-fuzz/findings/ and fails the script:
# fix it, then commit the input under tests/fuzz/regressions/<target>/.
# Needs the Debian packages clang and libclang-rt-14-dev (libFuzzer); scripts/setup.sh does not
# install them. The timeout per input is 30 s: the committed kif regression input takes 0.03 s in
# a Release `ggp check` but 5 s of CPU instrumented, and hit a 10 s timeout on a loaded machine.
# Usage: scripts/fuzz.sh [SECONDS] [TARGET...]   (targets: kif message http propnet)
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-60}
shift || true
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(kif message http propnet)

command -v "${CXX:-clang++}" >/dev/null || {
  echo "fuzz.sh: needs clang and libFuzzer: apt-get install clang libclang-rt-14-dev" >&2
  exit 1
}
CXX=${CXX:-clang++} cmake -S . -B build-fuzz -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DGGP_FUZZ=ON >/dev/null
NINJA_STATUS=${NINJA_STATUS:-"[%f/%t, %e s] "} cmake --build build-fuzz -j "$(nproc)" \
  --target "${targets[@]/#/fuzz_}"

status=0
for target in "${targets[@]}"; do
  binary=build-fuzz/tests/fuzz/fuzz_$target
  corpus=build-fuzz/corpus/$target
  mkdir -p "$corpus" build-fuzz/findings
  seeds=(tests/fuzz/seeds/$target)
  [ "$target" != kif ] && [ "$target" != propnet ] || seeds+=(games_kif)
  regressions=(tests/fuzz/regressions/$target/*)
  if [ -e "${regressions[0]}" ]; then
    echo "fuzz.sh: $target: ${#regressions[@]} regression inputs"
    "$binary" -timeout=30 "${regressions[@]}" >/dev/null 2>&1 || {
      echo "fuzz.sh: $target: a regression input fails again (run $binary on each to see which)"
      status=1
      continue
    }
  fi
  echo "fuzz.sh: $target for $seconds s"
  log=build-fuzz/fuzz_$target.log
  if "$binary" "$corpus" "${seeds[@]}" -dict=tests/fuzz/gdl.dict -max_total_time="$seconds" \
       -timeout=30 -rss_limit_mb=2048 -max_len=16384 -print_final_stats=1 \
       -artifact_prefix="build-fuzz/findings/$target-" >"$log" 2>&1; then
    grep -E "^#[0-9]+[[:space:]]+DONE|^stat::number_of_executed_units|^stat::peak_rss_mb" "$log" |
      sed "s/^/  /"
  else
    echo "fuzz.sh: $target: FINDING (see $log and build-fuzz/findings/)"
    grep -E "ERROR|SUMMARY|uncaught|deadly|Test unit written" "$log" | head -5 | sed "s/^/  /"
    status=1
  fi
done
exit $status
