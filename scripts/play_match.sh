#!/usr/bin/env bash
# Builds, starts two `ggp serve` players on loopback and lets the game manager play one match of
# tic-tac-toe between them over HTTP, showing the board after every move. The players are stopped
# on exit; the exit status is the match's.
#   scripts/play_match.sh [--player SPEC] [extra `ggp match` flags, e.g. --games 4 --playclock 2]
# GGP=path/to/ggp uses that binary and skips the build.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -z "${GGP:-}" ]; then
  scripts/build.sh
  GGP=build/ggp
fi

PLAYER=uct
if [ "${1:-}" = "--player" ]; then PLAYER=$2; shift 2; fi

LOGS=$(mktemp -d)
source scripts/lib/players.sh
trap 'stop_players; rm -rf "$LOGS"' EXIT INT TERM
serve_player first "$PLAYER" "$LOGS/first.log" --quiet
port1=$player_port
serve_player second "$PLAYER" "$LOGS/second.log" --quiet
port2=$player_port
echo "players: first on 127.0.0.1:$port1, second on 127.0.0.1:$port2 ($PLAYER)"
# The clocks default to 5 s and 2 s unless the extra flags set them.
clocks=()
[[ " $* " == *" --startclock "* ]] || clocks+=(--startclock 5)
[[ " $* " == *" --playclock "* ]] || clocks+=(--playclock 2)
status=0
"$GGP" match games_kif/ticTacToe.kif --player "127.0.0.1:$port1" --player "127.0.0.1:$port2" \
  "${clocks[@]}" --show "$@" || status=$?
exit $status
