#!/bin/sh
# One candidate against uct:c=0.4 at equal time on the 10 games of docs/search_evidence.md
# (--playclock 1 --margin-ms 750 --startclock 1: about 250 ms a move), 10 matches per game in 5
# chunks of 2 (seats alternate inside a chunk), every game's chunk 1 before any chunk 2. Finished
# chunks are skipped, so a run can be stopped and started again.
#   scripts/experiments/vs_uct.sh GGP_BINARY CANDIDATE_SPEC RESULTS_DIR SEED_BASE [CHUNKS]
#   python3 scripts/experiments/match_table.py RESULTS_DIR
# CHUNKS (default 5) chunks per game: 2 is the 40-match screen. GAMES="base/sheepAndWolf ..."
# overrides the game list (the 10 games unless set); OPPONENT="mmmcs" the opponent (uct:c=0.4
# unless set).
# The games are read from $GGP_CORPUS/games, else ../shared/games beside the project.
# Section 5 ran: vs_uct.sh BINARY_OF_71b4550 uct:c=0.4,batch=64 RESULTS/lanes_confirm 100
#                vs_uct.sh BINARY_OF_cf935f9 amaf:c=0.4,batch=64 RESULTS/lanes_amaf_screen 200
# Section 6's runs are listed there (docs/search_evidence.md).
set -eu
bin=$1 candidate=$2 results=$3 seed_base=$4 chunks=${5:-5}
opponent=${OPPONENT:-uct:c=0.4}
corpus=${GGP_CORPUS:-$(dirname "$0")/../../../shared}
games=${GAMES:-"base/connectFour base/breakthrough base/checkers base/pentago base/nineBoardTicTacToe
       dresden/clobber base/cephalopodMicro base/knightThrough base/dotsAndBoxes base/sheepAndWolf"}
mkdir -p "$results"
for chunk in $(seq 1 "$chunks"); do
  for g in $games; do
    out="$results/$(basename "$g")__s$chunk.txt"
    if [ -s "$out" ] && grep -q "summary" "$out"; then continue; fi
    "$bin" match "$corpus/games/$g.kif" --player "$candidate" \
      --player "$opponent" --games 2 --playclock 1 --margin-ms 750 --startclock 1 \
      --seed $((seed_base + chunk)) > "$out" 2>&1
  done
done
