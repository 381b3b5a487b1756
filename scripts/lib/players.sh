# Sourced by the scripts that run `ggp serve` players on loopback (play_match.sh, deadline_run.sh).
# Needs GGP (the ggp binary). Players are stopped when the script exits.

player_pids=()
stop_players() {
  for pid in "${player_pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  for pid in "${player_pids[@]}"; do wait "$pid" 2>/dev/null || true; done
}
trap stop_players EXIT INT TERM

# serve_player NAME SPEC LOG [serve flags...]: a player on a free port, logging to LOG; sets
# player_port once it listens, or fails with the log. (Not in $(...): the pid must be kept.)
serve_player() {
  local name=$1 spec=$2 log=$3
  shift 3
  "$GGP" serve --port 0 --name "$name" --player "$spec" "$@" >"$log" 2>&1 &
  player_pids+=($!)
  for _ in $(seq 100); do
    if grep -qs "listening on" "$log"; then
      player_port=$(sed -n 's/.*listening on [^:]*:\([0-9]*\).*/\1/p' "$log" | head -1)
      return 0
    fi
    sleep 0.1
  done
  echo "player $name did not start:" >&2
  cat "$log" >&2
  return 1
}
