#!/usr/bin/env python3
"""The tree's memory cap, measured (issue 15): one long match over HTTP against a `ggp serve`
player, its resident memory read every few seconds.

A `ggp serve` process (its default player, or --player SPEC) plays the first role, and another
(--opponent SPEC, by default serve's default too) the second, through the game manager (`ggp
match`): a two-role game. Every --every seconds the first player's VmRSS is read. Prints
the memory at each tenth of the match, its maximum, and the match's result; writes the samples to
OUT/rss.tsv and the players' logs to OUT/player.log and OUT/opponent.log.

Usage: scripts/memory_match.py [--game games_kif/checkers.kif] [--playclock 15] [--startclock 20]
                               [--player SPEC] [--opponent SPEC] [--every 5] [--out DIR]
"""
import argparse
import os
import subprocess
import sys
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, os.path.join(HERE, "lib"))
from serve import rss_mb, start_serve  # noqa: E402


def sample(pid, every, samples, done):
    start = time.monotonic()
    while not done.is_set():
        samples.append((time.monotonic() - start, rss_mb(pid)))
        done.wait(every)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--ggp", default=os.path.join(ROOT, "build", "ggp"))
    parser.add_argument("--game", default=os.path.join(ROOT, "games_kif", "checkers.kif"))
    parser.add_argument("--startclock", type=int, default=20)
    parser.add_argument("--playclock", type=int, default=15)
    parser.add_argument("--player", default=None, help="the measured player (default: serve's)")
    parser.add_argument("--opponent", default=None, help="the other player (default: serve's)")
    parser.add_argument("--every", type=float, default=5.0)
    parser.add_argument("--out", default="memory_match")
    args = parser.parse_args()
    os.makedirs(args.out, exist_ok=True)

    log = open(os.path.join(args.out, "player.log"), "w")
    proc, (host, port) = start_serve(args.ggp, args.player, [], log, "memory_match")
    other_log = open(os.path.join(args.out, "opponent.log"), "w")
    other, (other_host, other_port) = start_serve(args.ggp, args.opponent, [], other_log,
                                                  "memory_match")
    samples, done = [], threading.Event()
    sampler = threading.Thread(target=sample, args=(proc.pid, args.every, samples, done))
    sampler.start()
    began = time.monotonic()
    try:
        result = subprocess.run(
            [args.ggp, "match", args.game, "--player", "%s:%d" % (host, port), "--player",
             "%s:%d" % (other_host, other_port), "--startclock", str(args.startclock),
             "--playclock", str(args.playclock)], capture_output=True, text=True)
    finally:
        done.set()
        sampler.join()
        for p in (proc, other):
            p.terminate()
            p.wait()
    minutes = (time.monotonic() - began) / 60

    with open(os.path.join(args.out, "rss.tsv"), "w") as f:
        f.write("seconds\trss_mb\n")
        for t, mb in samples:
            f.write("%.1f\t%.1f\n" % (t, mb))
    print(result.stdout.strip())
    if result.returncode != 0:
        print(result.stderr.strip(), file=sys.stderr)
    kept = [mb for _, mb in samples if mb >= 0]
    if not kept:
        sys.exit("memory_match: no memory samples")
    tenths = [kept[min(len(kept) - 1, i * len(kept) // 10)] for i in range(10)] + [kept[-1]]
    print("match: %.1f min, %s, start %d s, play %d s; player %s" %
          (minutes, os.path.basename(args.game), args.startclock, args.playclock,
           args.player or "serve's default"))
    print("player RSS (MiB) at each tenth of the match: %s" %
          ", ".join("%.0f" % mb for mb in tenths))
    print("player RSS max: %.0f MiB over %d samples" % (max(kept), len(kept)))
    return result.returncode


if __name__ == "__main__":
    sys.exit(main())
