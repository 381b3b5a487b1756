#!/usr/bin/env bash
# Builds, starts two `ggp serve` players on loopback and lets the game manager play one match of
# tic-tac-toe between them over HTTP, showing the board after every move. The players are stopped
# on exit; the exit status is the match's.
#   scripts/play_match.sh [--player SPEC] [extra `ggp match` flags, e.g. --games 4 --playclock 2]
# GGP=path/to/ggp uses that binary and skips the build.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -z "${GGP:-}" ]; then
  scripts/build.sh >/dev/null
  GGP=build/ggp
fi

PLAYER=uct
if [ "${1:-}" = "--player" ]; then PLAYER=$2; shift 2; fi

pids=()
logs=()
cleanup() {
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  for pid in "${pids[@]}"; do wait "$pid" 2>/dev/null || true; done
  rm -f "${logs[@]}"
}
trap cleanup EXIT INT TERM

# Starts a player on a free port, logging to a temporary file.
start_player() {
  local log
  log=$(mktemp)
  logs+=("$log")
  "$GGP" serve --port 0 --name "$1" --player "$PLAYER" --quiet >"$log" 2>&1 &
  pids+=($!)
}

# The port a player's log announces, once it listens.
port_of() {
  for _ in $(seq 100); do
    if grep -q "listening on" "$1"; then
      sed -n 's/.*listening on [^:]*:\([0-9]*\).*/\1/p' "$1" | head -1
      return 0
    fi
    sleep 0.1
  done
  echo "a player did not start:" >&2
  cat "$1" >&2
  return 1
}

start_player first
start_player second
port1=$(port_of "${logs[0]}")
port2=$(port_of "${logs[1]}")
echo "players: first on 127.0.0.1:$port1, second on 127.0.0.1:$port2 ($PLAYER)"
status=0
"$GGP" match games_kif/ticTacToe.kif --player "127.0.0.1:$port1" --player "127.0.0.1:$port2" \
  --startclock 5 --playclock 2 --show "$@" || status=$?
exit $status
