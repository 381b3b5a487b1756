#!/usr/bin/env bash
# Builds the libFuzzer targets of tests/fuzz/ with clang under ASan and UBSan (build-fuzz/: the
# whole project at -DGGP_FUZZ=ON, the tree scripts/test.sh runs the unit tests in under the
# sanitizers) and runs each for SECONDS (default 60), as many at once as there are cores: first
# every committed regression input (tests/fuzz/regressions/<target>/, each must now pass), then
# the fuzzer from the committed seeds (tests/fuzz/seeds/, the KIF and propnet targets also from
# games_kif/) with the dictionary tests/fuzz/gdl.dict. The working corpus grows in
# build-fuzz/corpus/; a finding is written to build-fuzz/findings/ and fails the script: fix it,
# then commit the input under tests/fuzz/regressions/<target>/.
# Needs the Debian packages clang and libclang-rt-dev (libFuzzer); scripts/setup.sh installs them.
# The timeout per input is 30 s: the committed kif regression input takes 0.03 s in a Release
# `ggp check` but seconds of CPU instrumented, and hit a 10 s timeout on a loaded machine.
# Usage: scripts/fuzz.sh [SECONDS] [TARGET...]   (targets: kif message http propnet)
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-60}
shift || true
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(kif message http propnet)

command -v clang++ >/dev/null || {
  echo "fuzz.sh: needs clang and libFuzzer: apt-get install clang libclang-rt-dev" >&2
  exit 1
}
source scripts/lib/fuzz_tree.sh
configure_fuzz_tree
NINJA_STATUS=${NINJA_STATUS:-"[%f/%t, %e s] "} cmake --build build-fuzz -j "$(nproc)" \
  --target "${targets[@]/#/fuzz_}"

# Runs one target; its report goes to build-fuzz/fuzz_<target>.report, its status is the exit code.
fuzz_target() {
  local target=$1 binary=build-fuzz/tests/fuzz/fuzz_$1 corpus=build-fuzz/corpus/$1
  local log=build-fuzz/fuzz_$1.log seeds=(tests/fuzz/seeds/$1) regressions=(tests/fuzz/regressions/$1/*)
  mkdir -p "$corpus" build-fuzz/findings
  [ "$target" != kif ] && [ "$target" != propnet ] || seeds+=(games_kif)
  if [ -e "${regressions[0]}" ]; then
    echo "fuzz.sh: $target: ${#regressions[@]} regression inputs"
    "$binary" -timeout=30 "${regressions[@]}" >/dev/null 2>&1 || {
      echo "fuzz.sh: $target: a regression input fails again (run $binary on each to see which)"
      return 1
    }
  fi
  echo "fuzz.sh: $target for $seconds s"
  if "$binary" "$corpus" "${seeds[@]}" -dict=tests/fuzz/gdl.dict -max_total_time="$seconds" \
       -timeout=30 -rss_limit_mb=2048 -max_len=16384 -print_final_stats=1 \
       -artifact_prefix="build-fuzz/findings/$target-" >"$log" 2>&1; then
    grep -E "^#[0-9]+[[:space:]]+DONE|^stat::number_of_executed_units|^stat::peak_rss_mb" "$log" |
      sed "s/^/  /"
  else
    echo "fuzz.sh: $target: FINDING (see $log and build-fuzz/findings/)"
    # The cause first (an abort's own message comes before libFuzzer's "deadly signal").
    grep -E "ERROR|SUMMARY|uncaught|deadly|Test unit written|disagree|Assertion|terminate called|what\(\)|runtime error" \
      "$log" | head -8 | sed "s/^/  /"
    echo "  the input, base64 (to replay it: base64 -d > input; $binary input):"
    local unit
    unit=$(grep -oE "Test unit written to [^ ]+" "$log" | head -1 | cut -d' ' -f5)
    [ -z "$unit" ] || [ ! -f "$unit" ] || head -c 20000 "$unit" | base64 -w 120 | sed "s/^/    /"
    return 1
  fi
}

status=0
cores=$(nproc)
for ((i = 0; i < ${#targets[@]}; i += cores)); do  # a batch of targets per round, one a core
  batch=("${targets[@]:i:cores}")
  pids=()
  for target in "${batch[@]}"; do
    fuzz_target "$target" >"build-fuzz/fuzz_$target.report" 2>&1 &
    pids+=($!)
  done
  for j in "${!batch[@]}"; do
    wait "${pids[j]}" || status=1
    cat "build-fuzz/fuzz_${batch[j]}.report"
  done
done
exit $status
