#!/usr/bin/env bash
# Deadline check (issue 5, Tests/Deadlines): two `ggp serve` players on loopback play matches
# through `ggp match` (start clock 10 s) until each has sent at least MIN_MOVES PLAY replies; a
# match is cut with --max-turns once enough turns are in. Prints the replies, the worst reply time
# and the late (TO), illegal (IL) and failed (CE) counts, plus the players' fallback notes. Exits 1
# if any reply was late, illegal or failed, or slower than the play clock itself (the manager only
# flags TO after clock + 1 s).
#   scripts/deadline_run.sh GAME.kif PLAYCLOCK [MIN_MOVES=50] [PLAYER_SPEC=uct]
# GGP=path/to/ggp uses that binary and skips the build; the match JSONs stay in the printed dir.
set -euo pipefail
[ $# -ge 2 ] || { grep -m1 '^#   scripts' "$0" >&2; exit 2; }
GAME=$(realpath "$1")
CLOCK=$2
MIN_MOVES=${3:-50}
PLAYER=${4:-uct}
cd "$(dirname "$0")/.."
if [ -z "${GGP:-}" ]; then
  scripts/build.sh >&2  # progress on stderr: stdout is the report
  GGP=build/ggp
fi

OUT=$(mktemp -d "${TMPDIR:-/tmp}/deadline.XXXXXX")
source scripts/lib/players.sh
ports=()
for name in first second; do
  serve_player "$name" "$PLAYER" "$OUT/$name.log"
  ports+=("$player_port")
done

turns=0 good=0 to=0 il=0 ce=0 worst=0 failed=0
for m in $(seq 20); do
  [ "$turns" -lt "$MIN_MOVES" ] || break
  log="$OUT/match-$m.out"
  "$GGP" match "$GAME" --player "127.0.0.1:${ports[0]}" --player "127.0.0.1:${ports[1]}" \
    --startclock 10 --playclock "$CLOCK" --seed "$m" --max-turns $((MIN_MOVES - turns)) \
    --json "$OUT/match-$m.json" >"$log" 2>&1 || true
  if grep -q '^aborted:' "$log" && ! grep -q '^aborted: no terminal state after' "$log"; then
    echo "match $m: $(grep '^aborted:' "$log")"
    failed=1
  fi
  summary=$(grep '^summary' "$log") || { echo "match $m failed:"; tail -5 "$log"; exit 1; }
  turns=$((turns + $(grep -c '^turn ' "$log")))
  read -r w g t i c < <(sed -E 's/.*slowest PLAY reply ([0-9.]+) ms.*replies ([0-9]+) good, ([0-9]+) late.*, ([0-9]+) illegal.*, ([0-9]+) failed.*/\1 \2 \3 \4 \5/' <<<"$summary")
  good=$((good + g)) to=$((to + t)) il=$((il + i)) ce=$((ce + c))
  worst=$(awk -v a="$worst" -v b="$w" 'BEGIN { print (b > a ? b : a) }')
done

echo "game $(basename "$GAME"), play clock ${CLOCK} s, player $PLAYER: $turns turns, logs in $OUT"
echo "replies $((good + to + il + ce)) ($turns per player), worst reply $worst ms," \
  "late (TO) $to, illegal (IL) $il, failed (CE) $ce"
echo "PLAY lines with a note in the players' logs (searcher late/failed = fallback move):"
grep -h ' PLAY -> ' "$OUT"/first.log "$OUT"/second.log | grep -o 'note=".*"' | sort | uniq -c || echo "  none"
[ "$turns" -ge "$MIN_MOVES" ] || { echo "only $turns turns played"; failed=1; }
awk -v w="$worst" -v c="$CLOCK" 'BEGIN { exit !(w > 1000 * c) }' && { echo "worst reply over the play clock"; failed=1; }
[ $((to + il + ce + failed)) -eq 0 ]
