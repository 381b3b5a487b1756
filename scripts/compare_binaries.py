#!/usr/bin/env python3
"""Two builds of ggp side by side on the same games: playout and search speed, and whether they agree.

For each game and round, back to back with each binary: `ggp bench --batch 1` (one playout at a
time), `ggp bench --batch 64` (the lanes) and `ggp bench-search --searcher SPEC --playouts N`.
Prints a Markdown table of the medians over the rounds (playouts per CPU second for bench,
playouts a second for bench-search) with the new/old ratios, and whether each binary gave the same
signature (bench's first 100 playouts; the search's result at a fixed budget): a change that is
meant to be speed only must keep them. Rounds interleave the binaries so that load drifts reach
both alike.

Usage: scripts/compare_binaries.py --old OLD_GGP --new NEW_GGP GAME.kif [GAME.kif ...]
           [--seconds 2] [--rounds 3] [--playouts 30000] [--searcher SPEC]
"""
import argparse
import os
import re
import statistics
import subprocess
import sys

DEFAULT_SEARCHER = "amaf:c=0.4,batch=16,cutoff=1,leaf_playouts=4,decisive_tree=1,greedy=auto"


def run(command):
    out = subprocess.run(command, capture_output=True, text=True, check=True).stdout
    def field(pattern):
        m = re.search(pattern, out, re.M)
        if not m:
            sys.exit(f"no '{pattern}' in the output of {' '.join(command)}:\n{out}")
        return m.group(1)
    return out, field


def bench(ggp, game, batch, seconds):
    _, field = run([ggp, "bench", game, "--machine", "propnet", "--batch", str(batch),
                    "--seconds", str(seconds)])
    return float(field(r"^playouts per CPU second: ([0-9.e+]+)")), field(r"^signature: (\S+)")


def search(ggp, game, searcher, playouts):
    _, field = run([ggp, "bench-search", game, "--machine", "propnet", "--searcher", searcher,
                    "--playouts", str(playouts)])
    return float(field(r"^playouts/s: ([0-9.e+]+)")), field(r"^signature: (\S+)")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--old", required=True)
    parser.add_argument("--new", required=True)
    parser.add_argument("--seconds", type=float, default=2)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--playouts", type=int, default=30000)
    parser.add_argument("--searcher", default=DEFAULT_SEARCHER)
    parser.add_argument("games", nargs="+")
    args = parser.parse_args()

    kinds = [("one at a time", lambda g, b: bench(b, g, 1, args.seconds)),
             ("64 lanes", lambda g, b: bench(b, g, 64, args.seconds)),
             ("search", lambda g, b: search(b, g, args.searcher, args.playouts))]
    print(f"searcher {args.searcher}, {args.playouts} playouts; bench {args.seconds} s; "
          f"medians of {args.rounds} rounds\n")
    header = ["game"]
    for name, _ in kinds:
        header += [f"{name}, old", f"{name}, new", "new/old", "same"]
    print("| " + " | ".join(header) + " |")
    print("|" + " --- |" * len(header))
    for game in args.games:
        figures = {(k, b): [] for k, _ in kinds for b in ("old", "new")}
        signatures = {(k, b): set() for k, _ in kinds for b in ("old", "new")}
        for _ in range(args.rounds):
            for name, measure in kinds:
                for label, binary in (("old", args.old), ("new", args.new)):
                    value, signature = measure(game, binary)
                    figures[(name, label)].append(value)
                    signatures[(name, label)].add(signature)
        row = [os.path.splitext(os.path.basename(game))[0]]
        for name, _ in kinds:
            old = statistics.median(figures[(name, "old")])
            new = statistics.median(figures[(name, "new")])
            same = signatures[(name, "old")] == signatures[(name, "new")] and \
                len(signatures[(name, "old")]) == 1
            row += [f"{old:,.0f}", f"{new:,.0f}", f"{new / old:.2f}", "yes" if same else "NO"]
        print("| " + " | ".join(row) + " |", flush=True)


if __name__ == "__main__":
    main()
