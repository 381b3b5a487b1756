#!/usr/bin/env bash
# The tournament's HTML report in headless Chromium: a small tournament on the project's
# tic-tac-toe and 5x5 breakthrough (fixed-playout players), then Chromium loads the report with a
# breakthrough replay open. Checks that the scripts ran and drew the rating bars with their error
# bars, the heat maps, and the replay's board (one cell per square, pieces on them); keeps the
# screenshot at OUT/report.png. Exits 77 (ctest: Skipped) when no Chromium is installed.
#   GGP=build/ggp tests/tournament/report_in_chromium.sh OUT
set -euo pipefail
: "${GGP:?set GGP to the ggp binary}"
OUT=$(realpath -m "${1:?give the output folder}")
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
browser=$(command -v chromium || command -v chromium-browser || command -v google-chrome || true)
if [ -z "$browser" ]; then
  echo "skipped: no Chromium (Debian: apt-get install chromium chromium-driver, as scripts/setup.sh does)"
  exit 77
fi
rm -rf "$OUT"
mkdir -p "$OUT"
"$GGP" tournament --game "$ROOT/games_kif/ticTacToe.kif" --game "$ROOT/games_kif/breakthrough_5x5.kif" \
  --player random --player uct=uct:playouts=200 --player mast=mast:playouts=200 --matches 2 \
  --playclock 5 --startclock 5 --title "report test" --out "$OUT/tournament" >"$OUT/tournament.txt"
id=$(grep -o '"id":"breakthrough_5x5[^"]*"' "$OUT/tournament/matches.jsonl" | head -1 | cut -d'"' -f4)
[ -n "$id" ] || { echo "no breakthrough match in the log"; exit 1; }
url="file://$OUT/tournament/report.html#replay=$id&step=4"

flags=(--headless --disable-gpu --disable-background-networking --no-first-run
       --disable-component-update --disable-sync --disable-extensions --hide-scrollbars
       --user-data-dir="$OUT/profile")
[ "$(id -u)" -ne 0 ] || flags+=(--no-sandbox)
timeout 120 "$browser" "${flags[@]}" --dump-dom "$url" >"$OUT/dom.html" 2>"$OUT/chromium.log"
timeout 120 "$browser" "${flags[@]}" --window-size=1280,2200 --screenshot="$OUT/report.png" "$url" \
  >>"$OUT/chromium.log" 2>&1

failed=0
check() {  # check WHAT MIN COUNT: COUNT must be at least MIN
  if [ "$3" -lt "$2" ]; then echo "FAILED: $1: $3 (at least $2 expected)"; failed=1; else echo "ok: $1: $3"; fi
}
count() { grep -o "$1" "$OUT/dom.html" | wc -l; }
check "rating bars" 3 "$(count '<rect class="bar"')"
check "error bars" 3 "$(count '<g class="err">')"
check "heat map cells" 12 "$(count '<rect class="heat"')"
check "replay links" 12 "$(count 'href="#replay=')"
# Drawn by the script: the replay panel, a 5x5 board, pieces, the move list.
check "replay panel shown" 1 "$(grep -c '<section id="replay">' "$OUT/dom.html" || true)"
check "board cells" 25 "$(count 'class="cell \(light\|dark\)"')"
check "pieces" 10 "$(count 'class="piece"')"
check "moves listed" 4 "$(count '<li[ >]')"
check "current move marked" 1 "$(count 'class="current"')"
check "screenshot bytes" 10000 "$(stat -c %s "$OUT/report.png" 2>/dev/null || echo 0)"
echo "screenshot: $OUT/report.png"
exit $failed
