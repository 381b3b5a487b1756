#!/usr/bin/env python3
"""Adds up the `ggp match` summaries in a results folder (one file per chunk, GAME__sN.txt, the
candidate as player 1): the candidate's score per game and pooled, with a 95% Wilson interval.
Score = (wins + draws/2) / matches.

  python3 scripts/experiments/match_table.py RESULTS_DIR
"""
import collections
import glob
import math
import os
import re
import sys


def wilson(p, n, z=1.96):
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def main(folder):
    scores = collections.defaultdict(list)
    for path in sorted(glob.glob(os.path.join(folder, "*.txt"))):
        game = os.path.basename(path).split("__")[0].removesuffix(".txt")
        m = re.search(r"player 1 \S+: (\d+) wins (\d+) draws (\d+) losses", open(path).read())
        if m:
            wins, draws, losses = map(int, m.groups())
            scores[game] += [1.0] * wins + [0.5] * draws + [0.0] * losses
    pooled = []
    print("| game | score | matches |\n| --- | ---: | ---: |")
    for game, values in sorted(scores.items()):
        pooled += values
        print(f"| {game} | {100 * sum(values) / len(values):.1f}% | {len(values)} |")
    if pooled:
        p = sum(pooled) / len(pooled)
        lo, hi = wilson(p, len(pooled))
        print(f"| pooled | {100 * p:.1f}% [{100 * lo:.1f}, {100 * hi:.1f}] | {len(pooled)} |")


if __name__ == "__main__":
    main(sys.argv[1])
