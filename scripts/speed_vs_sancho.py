#!/usr/bin/env python3
"""Playout speed against Sancho's, in one run (issue 12's speed table).

For each game and each round, back to back on the same machine: our propnet one playout at a time
(`ggp bench --batch 1`), in its 64 bit-parallel lanes (`--batch 64`), greedy in the lanes
(`--batch 64 --greedy`), then Sancho's propnet (scripts/peers/SanchoSpeed.java) random and greedy.
Every figure is playouts per CPU second from the initial state; the table gives each one's median
over the rounds and our ratios to Sancho's (random to random, greedy to greedy). Rounds interleave
the machines so that load drifts reach all of them alike.

SANCHO_DIR is a built snapshot of SanchoGGP/ggp-base (docs/strength.md section 1: built with ant,
kept outside this repository); the harness is compiled against its classes into OUT.

Usage: SANCHO_DIR=DIR scripts/speed_vs_sancho.py --ggp build/ggp GAME.kif [GAME.kif ...]
           [--seconds 3] [--rounds 3] [--out DIR]
"""
import argparse
import json
import os
import re
import statistics
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
OURS = [("seq", ["--batch", "1"]), ("lanes", ["--batch", "64"]),
        ("greedy_lanes", ["--batch", "64", "--greedy"])]
SANCHO = [("sancho", "random"), ("sancho_greedy", "greedy")]


def sancho_classpath(sancho):
    # The libraries its Eclipse project names (the snapshot's external folders hold more jars, some
    # of which conflict: log4j's slf4j bridges).
    with open(os.path.join(sancho, ".classpath")) as f:
        jars = [os.path.join(sancho, p) for p in re.findall(r'kind="lib"[^>]*\spath="([^"]+)"', f.read())]
    return ":".join([os.path.join(sancho, "bin"), os.path.join(sancho, "data", "cfg")] + jars)


def compile_harness(sancho, out):
    classes, libraries = os.path.join(out, "classes"), sancho_classpath(sancho)
    os.makedirs(classes, exist_ok=True)
    subprocess.run(["javac", "-nowarn", "-cp", libraries, "-d", classes,
                    os.path.join(HERE, "peers", "SanchoSpeed.java")], check=True)
    return classes + ":" + libraries


def last_json_line(text):
    for line in reversed(text.splitlines()):
        if line.startswith("{"):
            return json.loads(line)
    raise RuntimeError("no JSON line in:\n" + text[-2000:])


def ours(ggp, game, seconds, flags):
    out = subprocess.run([ggp, "bench", game, "--machine", "propnet", "--seconds", str(seconds),
                          "--json"] + flags, check=True, capture_output=True, text=True).stdout
    return last_json_line(out)["playouts_per_cpu_s"]


def sancho(classpath, sancho_dir, game, seconds, mode):
    env = dict(os.environ, HOSTNAME=os.uname().nodename)
    run = subprocess.run(["java", "-Xmx4g", "-cp", classpath, "SanchoSpeed", os.path.abspath(game),
                          str(seconds), mode], cwd=sancho_dir, env=env, capture_output=True,
                         text=True, timeout=600)
    return last_json_line(run.stdout)["per_cpu_s"]


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("games", nargs="+")
    ap.add_argument("--ggp", default=os.path.join(os.path.dirname(HERE), "build", "ggp"))
    ap.add_argument("--seconds", type=float, default=3)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--out", default="build/speed_vs_sancho")
    args = ap.parse_args()
    sancho_dir = os.environ.get("SANCHO_DIR")
    if not sancho_dir:
        sys.exit("speed_vs_sancho: set SANCHO_DIR to a built SanchoGGP/ggp-base snapshot")
    os.makedirs(args.out, exist_ok=True)
    classpath = compile_harness(sancho_dir, args.out)
    figures = {g: {k: [] for k, _ in OURS + SANCHO} for g in args.games}
    with open(os.path.join(args.out, "runs.jsonl"), "a") as log:
        for r in range(args.rounds):
            for g in args.games:
                row = {k: ours(args.ggp, g, args.seconds, f) for k, f in OURS}
                row.update({k: sancho(classpath, sancho_dir, g, args.seconds, m) for k, m in SANCHO})
                for k, v in row.items():
                    figures[g][k].append(v)
                log.write(json.dumps(dict(row, game=g, round=r)) + "\n")
                log.flush()
                print("round %d %s %s" % (r, os.path.basename(g), row), file=sys.stderr)
    print("| game | ours, one at a time | ours, 64 lanes | ours, greedy lanes | Sancho | Sancho, "
          "greedy | one at a time / Sancho | lanes / Sancho | greedy lanes / Sancho greedy |")
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    for g in args.games:
        m = {k: statistics.median(v) for k, v in figures[g].items()}
        print("| %s | %s | %s | %s | %s | %s | %.2f | %.1f | %.2f |" % (
            os.path.splitext(os.path.basename(g))[0],
            *("{:,.0f}".format(m[k]) for k in ["seq", "lanes", "greedy_lanes", "sancho",
                                                "sancho_greedy"]),
            m["seq"] / m["sancho"], m["lanes"] / m["sancho"],
            m["greedy_lanes"] / m["sancho_greedy"]))


if __name__ == "__main__":
    main()
