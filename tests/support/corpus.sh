#!/usr/bin/env bash
# The outside corpus for scripts and ctest commands, found as tests/support/corpus.h finds it:
# GGP_CORPUS=DIR, else the project's ../shared; a corpus folder holds games/manifest.tsv, traces/
# and protocol/.
#   tests/support/corpus.sh --locate      prints the folder; exits 77 (none found, none asked
#                                         for) or 1 (GGP_CORPUS names no corpus) with the reason
#   tests/support/corpus.sh CMD ARGS...   runs CMD with "{corpus}" in ARGS replaced by the folder,
#                                         or prints why it is skipped and exits 77 (ctest: Skipped)
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
if [ -n "${GGP_CORPUS:-}" ]; then
  dir=$GGP_CORPUS
  where="GGP_CORPUS=$dir"
else
  dir=$(dirname "$root")/shared
  where="GGP_CORPUS is not set and $dir"
fi
missing=()
for part in games/manifest.tsv traces protocol; do
  [ -e "$dir/$part" ] || missing+=("$part")
done
if [ ${#missing[@]} -gt 0 ]; then
  if [ -e "$dir" ]; then why="$where has no ${missing[*]}"; else why="$where does not exist"; fi
  if [ -n "${GGP_CORPUS:-}" ]; then
    echo "no corpus: $why" >&2
    exit 1
  fi
  if [ "${1:-}" = --locate ]; then echo "$why" >&2; else echo "skipped: no corpus ($why); GGP_CORPUS=DIR runs this on the corpus in DIR"; fi
  exit 77
fi
dir=$(cd "$dir" && pwd)
if [ "${1:-}" = --locate ]; then
  echo "$dir"
  exit 0
fi
args=()
for a in "$@"; do args+=("${a//\{corpus\}/$dir}"); done
exec "${args[@]}"
