#!/usr/bin/env bash
# Deadline check (issue 5, Tests/Deadlines; issue 12's guarantee on the PLAY path): two `ggp serve`
# players on loopback play matches through `ggp match` until MIN_MOVES turns are in (each turn is
# one PLAY reply from each player); a match is cut with --max-turns once enough turns are in.
# Prints the manager's count of late (TO), illegal (IL) and failed (CE) replies and the worst reply
# time, and from the players' logs where each reply came from: the searcher (with playouts, or
# without: a forced move or a search that got no playout done), the searcher's best move so far
# because its search was still stopping, or the fallback's random move; and the playouts per
# searched reply (in the turn, and pondered before it). Exits 1 if any reply was late, illegal or
# failed, or slower than the play clock itself (the manager only flags TO after clock + 1 s), or
# when MAX_FALLBACK is set and more replies than that were random fallback moves.
#   scripts/deadline_run.sh GAME.kif PLAYCLOCK [MIN_MOVES=50] [PLAYER_SPEC=uct]
# Environment: GGP=path/to/ggp uses that binary and skips the build; LOAD=N runs N busy loops
# beside the players for the whole run (a machine under load); SECOND_PLAYER is the second
# player's spec (the same by default); SERVE_ARGS adds flags to both `ggp serve` commands;
# STARTCLOCK (10 s); MAX_FALLBACK. The logs stay in the printed dir.
set -euo pipefail
[ $# -ge 2 ] || { grep -m1 '^#   scripts' "$0" >&2; exit 2; }
GAME=$(realpath "$1")
CLOCK=$2
MIN_MOVES=${3:-50}
PLAYER=${4:-uct}
SECOND_PLAYER=${SECOND_PLAYER:-$PLAYER}
LOAD=${LOAD:-0}
STARTCLOCK=${STARTCLOCK:-10}
read -r -a serve_args <<<"${SERVE_ARGS:-}"
cd "$(dirname "$0")/.."
if [ -z "${GGP:-}" ]; then
  scripts/build.sh >/dev/null
  GGP=build/ggp
fi

OUT=$(mktemp -d "${TMPDIR:-/tmp}/deadline.XXXXXX")
source scripts/lib/players.sh
load_pids=()
stop_all() {
  for pid in "${load_pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  stop_players
}
trap stop_all EXIT INT TERM
for _ in $(seq "$LOAD"); do
  bash -c 'while :; do :; done' &
  load_pids+=($!)
done

ports=()
serve_player first "$PLAYER" "$OUT/first.log" "${serve_args[@]}"
ports+=("$player_port")
serve_player second "$SECOND_PLAYER" "$OUT/second.log" "${serve_args[@]}"
ports+=("$player_port")

turns=0 good=0 to=0 il=0 ce=0 worst=0 failed=0 m=0
while [ "$turns" -lt "$MIN_MOVES" ]; do
  m=$((m + 1))
  log="$OUT/match-$m.out"
  "$GGP" match "$GAME" --player "127.0.0.1:${ports[0]}" --player "127.0.0.1:${ports[1]}" \
    --startclock "$STARTCLOCK" --playclock "$CLOCK" --seed "$m" \
    --max-turns $((MIN_MOVES - turns)) --json "$OUT/match-$m.json" >"$log" 2>&1 || true
  if grep -q '^aborted:' "$log" && ! grep -q '^aborted: no terminal state after' "$log"; then
    echo "match $m: $(grep '^aborted:' "$log")"
    failed=1
  fi
  summary=$(grep '^summary' "$log") || { echo "match $m failed:"; tail -5 "$log"; exit 1; }
  played=$(grep -c '^turn ' "$log" || true)
  [ "$played" -gt 0 ] || { echo "match $m played no turn:"; tail -5 "$log"; exit 1; }
  turns=$((turns + played))
  read -r w g t i c < <(sed -E 's/.*slowest PLAY reply ([0-9.]+) ms.*replies ([0-9]+) good, ([0-9]+) late.*, ([0-9]+) illegal.*, ([0-9]+) failed.*/\1 \2 \3 \4 \5/' <<<"$summary")
  good=$((good + g)) to=$((to + t)) il=$((il + i)) ce=$((ce + c))
  worst=$(awk -v a="$worst" -v b="$w" 'BEGIN { print (b > a ? b : a) }')
done

echo "game $(basename "$GAME"), play clock ${CLOCK} s, start clock ${STARTCLOCK} s," \
  "$LOAD busy loops beside the players; $turns turns in $m matches; logs in $OUT"
echo "replies $((good + to + il + ce)) ($turns per player), worst reply $worst ms," \
  "late (TO) $to, illegal (IL) $il, failed (CE) $ce"
# Where each PLAY reply came from, by the players' log lines (server_protocol/player_service.h).
# Where each PLAY reply came from, by the players' log lines (server_protocol/player_service.h).
# A match's first reply is left out of the playout means: its pondering is the start clock's.
fallbacks=0
for name in first second; do
  sources=$(awk '
    / PLAY -> / {
      playouts = 0; ponder = 0
      for (i = 1; i <= NF; i++) {
        if ($i ~ /^playouts=/) playouts = substr($i, 10) + 0
        if ($i ~ /^ponder=/) ponder = substr($i, 8) + 0
      }
      first_of_match = !($2 in seen); seen[$2] = 1
      if ($0 ~ /fallback: random legal move|last resort/) { fallback++; next }
      if ($0 ~ /search still stopping/) stopping++
      if (playouts == 0) { unsearched++; next }
      searched++
      if (!first_of_match) { n++; sum += playouts; sum_ponder += ponder }
    }
    END {
      printf "  from the searcher %d (%d with playouts, %d without: forced or no playout done; " \
             "%d sent while its search was still stopping), random fallback %d\n",
             searched + unsearched, searched, unsearched, stopping, fallback
      if (n > 0)
        printf "  playouts per searched reply (first of a match left out): %.0f in the turn + " \
               "%.0f pondered before it = %.0f\n", sum / n, sum_ponder / n, (sum + sum_ponder) / n
      print fallback + 0
    }' "$OUT/$name.log")
  echo "$name ($(sed -n 's/.*(\(.*\)) listening on.*/\1/p' "$OUT/$name.log"))${SERVE_ARGS:+, serve $SERVE_ARGS}:"
  sed '$d' <<<"$sources"
  fallbacks=$((fallbacks + $(tail -1 <<<"$sources")))
done
echo "PLAY notes in the players' logs:"
grep -h ' PLAY -> ' "$OUT"/first.log "$OUT"/second.log | grep -o 'note=".*"' | sort | uniq -c |
  sort -rn | head -20 || echo "  none"
[ "$turns" -ge "$MIN_MOVES" ] || { echo "only $turns turns played"; failed=1; }
awk -v w="$worst" -v c="$CLOCK" 'BEGIN { exit !(w > 1000 * c) }' && { echo "worst reply over the play clock"; failed=1; }
if [ -n "${MAX_FALLBACK:-}" ] && [ "$fallbacks" -gt "$MAX_FALLBACK" ]; then
  echo "more than $MAX_FALLBACK random fallback moves"
  failed=1
fi
[ $((to + il + ce + failed)) -eq 0 ]
