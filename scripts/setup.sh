#!/usr/bin/env bash
# Installs the build dependencies from Debian packages, saying which; does nothing when all are
# there (it then says so).
set -euo pipefail
# chromium and chromium-driver: the tournament report's test opens the report in headless Chromium.
# gnugo: scripts/vs_gnugo.py plays `ggp gtp` against GNU Go (docs/go.md).
# python3: scripts/hostile.py (a test) and scripts/vs_gnugo.py.
# clang and libclang-rt-dev (libFuzzer): the sanitizer tree and the fuzz targets (scripts/fuzz.sh).
packages=(g++ cmake ninja-build libboost1.81-dev nlohmann-json3-dev doctest-dev libcli11-dev ccache
          chromium chromium-driver gnugo python3 clang libclang-rt-dev)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
  echo "setup.sh: the build dependencies are installed (${packages[*]})"
  exit 0
fi
echo "setup.sh: installing ${#missing[@]} Debian package(s) with apt-get: ${missing[*]}"
sudo_cmd=""
[ "$(id -u)" -eq 0 ] || sudo_cmd="sudo"
$sudo_cmd apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -q "${missing[@]}"
echo "setup.sh: installed ${missing[*]}"
