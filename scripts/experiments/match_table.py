#!/usr/bin/env python3
"""Adds up the `ggp match` summaries in a results folder (one file per chunk, GAME__sN.txt, the
candidate as player 1): the candidate's score per game and pooled, with a 95% Wilson interval.
Score = (wins + draws/2) / matches. With --seats, the candidate's score by the role it played
(from each match's goals: more than the other player's is a win, as many a draw).

  python3 scripts/experiments/match_table.py RESULTS_DIR [--seats]
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


def seats(folder):
    by_seat = collections.defaultdict(list)  # (game, role) -> scores
    for path in sorted(glob.glob(os.path.join(folder, "*.txt"))):
        game = os.path.basename(path).split("__")[0].removesuffix(".txt")
        roles = None
        for line in open(path):
            if line.startswith("match "):
                roles = [(t.split("=", 1)[0], t.rsplit("#", 1)[1])
                         for t in line.split(": ", 1)[1].split()]
            elif line.startswith("goals:") and roles:
                goals = dict(re.findall(r"(\S+)=(-?\d+)", line))
                mine = next(r for r, p in roles if p == "1")
                theirs = [int(goals[r]) for r, p in roles if p != "1"]
                g, best = int(goals[mine]), max(theirs)
                by_seat[(game, mine)].append(1.0 if g > best else 0.5 if g == best else 0.0)
                roles = None
    print("| game | candidate's role | score | matches |\n| --- | --- | ---: | ---: |")
    for (game, role), values in sorted(by_seat.items()):
        print(f"| {game} | {role} | {100 * sum(values) / len(values):.1f}% | {len(values)} |")


if __name__ == "__main__":
    if "--seats" in sys.argv[2:]:
        seats(sys.argv[1])
    else:
        main(sys.argv[1])
