#!/bin/sh
# Reproduces every table of docs/search_evidence.md: the PPA Table 1 rows, the ablation rows, the
# screen, best vs UCT at equal time, and the round robin; then prints the tables.
# Usage: scripts/experiments/run_all.sh [GGP_BINARY]   (results go to $RESULTS, build/experiments)
# Finished chunks are skipped, so the script can be stopped and started again. The experiments
# run one after another, one ggp process at a time (each equal-time match runs two searchers).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
export GGP="${1:-${GGP:-$here/../../build/ggp}}"
export RESULTS="${RESULTS:-$here/../../build/experiments}"
py="python3"
$py "$here/ppa_table.py" --binary "$GGP" --results "$RESULTS"
$py "$here/ppa_table.py" --binary "$GGP" --results "$RESULTS" --ablation atarigo_5x5 --games 100
$py "$here/equal_time.py" screen --matches 4 --binary "$GGP" --results "$RESULTS"
$py "$here/equal_time.py" best --matches 10 --binary "$GGP" --results "$RESULTS"
$py "$here/equal_time.py" best --candidate amaf --matches 10 --binary "$GGP" --results "$RESULTS"
$py "$here/equal_time.py" perplayout --matches 20 --binary "$GGP" --results "$RESULTS"
$py "$here/equal_time.py" roundrobin --matches 10 --binary "$GGP" --results "$RESULTS"
for t in ppa ablation screen best perplayout roundrobin cpu; do
  echo "## $t"
  $py "$here/summarise.py" "$t"
done
