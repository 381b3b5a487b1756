#!/usr/bin/env python3
"""Our prover against GGP-Base's reference prover, in one run (issue 14: "measure both here, side
by side").

For each game and each round, back to back on the same machine: `ggp bench --machine prover`, then
GGP-Base's ProverStateMachine (scripts/peers/GgpBaseProverSpeed.java), each playing uniformly
random playouts from the initial state. Figures are per CPU second of the process (ours) or of the
playing thread (GGP-Base's, after a second of warm-up for the JIT); a state is one step of a
playout (terminal test, every role's legal moves, the next state). The table gives each one's
median over the rounds and our ratio to GGP-Base's. Rounds interleave the machines so that load
drifts reach both alike.

GGPBASE_DIR is a snapshot of ggp-org/ggp-base (`fetch github:ggp-org/ggp-base`, then `git archive
HEAD src lib/Guava | tar x` into a scratch folder outside this repository): the harness is compiled
against its sources (only the classes it reaches) and Guava, into OUT.

Usage: GGPBASE_DIR=DIR scripts/prover_vs_ggpbase.py --ggp build/ggp GAME.kif [GAME.kif ...]
           [--seconds 4] [--ggpbase-seconds 20] [--rounds 2] [--out DIR]
"""
import argparse
import glob
import json
import os
import statistics
import subprocess
import sys

from speed_vs_sancho import last_json_line

HERE = os.path.dirname(os.path.abspath(__file__))


def compile_harness(ggpbase, out):
    classes = os.path.join(out, "classes")
    os.makedirs(classes, exist_ok=True)
    jars = [j for j in glob.glob(os.path.join(ggpbase, "lib", "Guava", "*.jar"))
            if "sources" not in j]
    if not jars:
        sys.exit("prover_vs_ggpbase: no Guava jar under %s/lib/Guava" % ggpbase)
    libraries = ":".join(jars)
    subprocess.run(["javac", "-nowarn", "-encoding", "UTF-8", "-cp", libraries, "-sourcepath",
                    os.path.join(ggpbase, "src", "main", "java"), "-d", classes,
                    os.path.join(HERE, "peers", "GgpBaseProverSpeed.java")], check=True)
    return classes + ":" + libraries


def ours(ggp, game, seconds):
    out = subprocess.run([ggp, "bench", game, "--machine", "prover", "--seconds", str(seconds),
                          "--json"], check=True, capture_output=True, text=True).stdout
    j = last_json_line(out)
    return j["playouts_per_cpu_s"], j["playouts_per_cpu_s"] * j["average_depth"], j["average_depth"]


def ggpbase(classpath, game, seconds):
    run = subprocess.run(["java", "-Xmx4g", "-cp", classpath, "GgpBaseProverSpeed",
                          os.path.abspath(game), str(seconds)], capture_output=True, text=True,
                         timeout=3600)
    j = last_json_line(run.stdout + run.stderr)
    return j["playouts_per_cpu_s"], j["states_per_cpu_s"], j["mean_depth"]


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("games", nargs="+")
    ap.add_argument("--ggp", default=os.path.join(os.path.dirname(HERE), "build", "ggp"))
    ap.add_argument("--seconds", type=float, default=4, help="our bench's seconds")
    ap.add_argument("--ggpbase-seconds", type=float, default=20,
                    help="GGP-Base's timed run (it always ends its last playout)")
    ap.add_argument("--rounds", type=int, default=2)
    ap.add_argument("--out", default="build/prover_vs_ggpbase")
    args = ap.parse_args()
    ggpbase_dir = os.environ.get("GGPBASE_DIR")
    if not ggpbase_dir:
        sys.exit("prover_vs_ggpbase: set GGPBASE_DIR to a ggp-org/ggp-base snapshot's sources")
    os.makedirs(args.out, exist_ok=True)
    classpath = compile_harness(ggpbase_dir, args.out)
    keys = ["ours", "ggpbase"]
    figures = {g: {k: [] for k in keys} for g in args.games}
    with open(os.path.join(args.out, "runs.jsonl"), "a") as log:
        for r in range(args.rounds):
            for g in args.games:
                row = {"ours": ours(args.ggp, g, args.seconds),
                       "ggpbase": ggpbase(classpath, g, args.ggpbase_seconds)}
                for k in keys:
                    figures[g][k].append(row[k])
                log.write(json.dumps(dict(row, game=g, round=r)) + "\n")
                log.flush()
                print("round %d %s %s" % (r, os.path.basename(g), row), file=sys.stderr)
    print("| game | ours: playouts / CPU s | states / CPU s | depth | GGP-Base: playouts / CPU s "
          "| states / CPU s | depth | states, ours / GGP-Base |")
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    for g in args.games:
        m = {k: [statistics.median(v[i] for v in figures[g][k]) for i in range(3)] for k in keys}
        print("| %s | %s | %s | %.0f | %s | %s | %.0f | %.1f |" % (
            os.path.relpath(os.path.splitext(g)[0], os.path.dirname(os.path.dirname(g))),
            "{:,.2f}".format(m["ours"][0]), "{:,.0f}".format(m["ours"][1]), m["ours"][2],
            "{:,.3f}".format(m["ggpbase"][0]), "{:,.1f}".format(m["ggpbase"][1]), m["ggpbase"][2],
            m["ours"][1] / m["ggpbase"][1]))


if __name__ == "__main__":
    main()
