#!/usr/bin/env bash
# The factored search (factors=1) against the search of the whole game on the one-player corpus
# games it applies to (docs/strength.md section 2): one match per game, spec and seed, printing the
# goal reached. Needs the corpus (GGP_CORPUS, default ../shared) and a built ggp.
#   scripts/factored_puzzles.sh [PLAYCLOCK=1] [SEEDS=2]
# Environment: GGP=path/to/ggp (default build/ggp); SPEC, the player both runs start from (default:
# ggp serve's default without factors).
set -euo pipefail
CLOCK=${1:-1}
SEEDS=${2:-2}
ROOT=$(cd "$(dirname "$0")/.." && pwd)
GGP=${GGP:-$ROOT/build/ggp}
CORPUS=${GGP_CORPUS:-$ROOT/../shared}
SPEC=${SPEC:-amaf:c=0.4,batch=16,cutoff=1,leaf_playouts=4,decisive_tree=1,greedy=auto,playout=mast_eg_auto,implicit=0.4,transpositions=1,dag_means=1,captures=1,prove_root=31}
if [ ! -d "$CORPUS/games" ]; then
  echo "skipped: no corpus at $CORPUS/games (set GGP_CORPUS)"
  exit 0
fi
for game in base/lightsOnParallel base/blocksWorldSerial base/factoringEasyTurtleBrain \
    stanford/multiplehunterbig stanford/worsemultiplehunterbig stanford/lightboard base/incredible \
    base/snakeParallel; do
  for factors in 0 1; do
    for seed in $(seq 1 "$SEEDS"); do
      goal=$("$GGP" match "$CORPUS/games/$game.kif" --player "$SPEC,factors=$factors" \
        --startclock 5 --playclock "$CLOCK" --games 1 --seed "$seed" 2>&1 | grep '^goals:' || echo 'goals: none')
      echo "$game factors=$factors seed=$seed $goal"
    done
  done
done
