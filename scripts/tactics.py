#!/usr/bin/env python3
"""A tactics suite: positions of real matches where forced-win proofs know a move loses (or wins),
and how often a searcher, given one search there, plays a move proven lost.

    scripts/tactics.py harvest GAME.kif RECORD.json... --out SUITE.json [--plies 11] [--seconds 3]
                               [--role ROLE]
    scripts/tactics.py score SUITE.json --searcher [NAME=]SPEC... [--seconds 5] [--seeds 1]
                             [--first-seed 1]

harvest: at every turn of every record (match records of GGP-Base's form, as `ggp tournament`
writes them) where one role chooses, the forced-win search alone (`ggp bench-prove --record R
--turn T`, as scripts/proof_scan.py runs it) to --plies turns or --seconds. A position is kept
when some of the mover's moves are proven lost and at least one is not (a trap: a move to avoid),
or when a move is proven won. The suite holds each position's moves from the initial state, so
it needs no record to be read again.

score: one search per position and seed (`ggp bench-search --record ... --seconds S --role R`: a
fresh searcher told that it plays the mover, as in a match, but with no tree, MAST or first-search
probes carried over from earlier turns) and counts the positions where the searcher's move is one
proven lost (a blunder; positions where every move is lost are never kept), and, where a win was
proven, whether the move played is that win (a proof search stops at its first win, so another move
may win too: shown, not a fault).
Proven means within the proof's turns: a move not proven lost may still lose deeper.
The time budget makes the figures depend on the machine's speed and load: compare searchers in
one run, interleaved (`--searcher` may be repeated).
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from proof_scan import compact, prove  # noqa: E402


def write_record(moves):
    f = tempfile.NamedTemporaryFile("w", suffix=".json", delete=False)
    json.dump({"moves": moves}, f)
    f.close()
    return f.name


def harvest(a):
    positions, seen = [], set()
    for path in a.records:
        with open(path) as f:
            record = json.load(f)
        moves, roles = record["moves"], record["gameRoleNames"]
        for turn in range(len(moves)):
            prefix = moves[:turn]
            key = json.dumps(prefix)
            if key in seen:
                continue
            if a.role and compact(moves[turn][roles.index(a.role)]) == "noop":
                continue  # the other role's turn (as scripts/proof_scan.py tells them apart)
            seen.add(key)
            try:
                lost, won, choices, depth, mover = prove(a.ggp, a.game, path, turn, a.plies,
                                                         a.seconds)
            except RuntimeError as e:  # one legal move each: no role chooses there
                if "no one role has a choice" in str(e):
                    continue
                raise
            trap = lost and len(lost) < choices
            if (not trap and not won) or (a.role and mover != a.role):
                continue
            role = roles.index(mover)
            positions.append({"record": os.path.basename(path), "turn": turn, "moves": prefix,
                              "mover": mover, "choices": choices, "proven_to": depth,
                              "lost": lost, "won": won, "played": compact(moves[turn][role])})
            print(f"{os.path.basename(path)} turn {turn + 1}: {mover}, {choices} moves, "
                  f"{len(lost)} lost, {len(won)} won", flush=True)
    suite = {"game": a.game, "plies": a.plies, "seconds": a.seconds, "positions": positions}
    with open(a.out, "w") as f:
        json.dump(suite, f, indent=1)
    traps = sum(1 for p in positions if p["lost"])
    print(f"{a.out}: {len(positions)} positions ({traps} with a move proven lost, "
          f"{len(positions) - traps} with a proven win only)")


def search_move(a, game, position, searcher, seed):
    path = write_record(position["moves"])
    try:
        out = subprocess.run(
            [a.ggp, "bench-search", game, "--record", path, "--turn", str(position["turn"]),
             "--searcher", searcher, "--seconds", str(a.seconds), "--seed", str(seed),
             "--role", position["mover"], "--json"],
            capture_output=True, text=True)
    finally:
        os.unlink(path)
    if out.returncode != 0:
        raise RuntimeError(out.stdout + out.stderr)
    result = json.loads(out.stdout.strip().splitlines()[-1])
    return compact(result["moves"][position["mover"]]), result["playouts"]


def named(text):
    """NAME=SPEC (NAME without ':' or ','), or SPEC named by itself."""
    name, sep, spec = text.partition("=")
    return (name, spec) if sep and ":" not in name and "," not in name else (text, text)


def score(a):
    with open(a.suite) as f:
        suite = json.load(f)
    game = a.game or suite["game"]
    searchers = dict(named(s) for s in a.searcher)
    tally = {name: {"spec": spec, "searches": 0, "blunders": 0, "traps": 0, "wins": 0,
                    "wins_taken": 0, "playouts": 0} for name, spec in searchers.items()}
    for k, position in enumerate(suite["positions"]):
        for seed in range(a.first_seed, a.first_seed + a.seeds):
            for searcher, spec in searchers.items():  # interleaved: the load falls on each alike
                move, playouts = search_move(a, game, position, spec, seed)
                t = tally[searcher]
                t["searches"] += 1
                t["playouts"] += playouts
                mark = ""
                if position["lost"]:
                    t["traps"] += 1
                    if move in position["lost"]:
                        t["blunders"] += 1
                        mark = "BLUNDER"
                if position["won"]:
                    t["wins"] += 1
                    if move in position["won"]:
                        t["wins_taken"] += 1
                    else:
                        mark += " win not played"
                if a.verbose or mark:
                    print(f"position {k + 1} ({position['record']} turn {position['turn'] + 1}) "
                          f"seed {seed} {searcher}: {move} {mark}", flush=True)
    for searcher, t in tally.items():
        mean = t["playouts"] / max(t["searches"], 1)
        print(f"{searcher}: {t['blunders']} blunders in {t['traps']} trap searches, "
              f"proven win played in {t['wins_taken']} of {t['wins']}, "
              f"{mean:.0f} playouts a search")
    if a.json:
        with open(a.json, "w") as f:
            json.dump(tally, f, indent=1)


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--ggp", default="build/ggp")
    sub = p.add_subparsers(dest="command", required=True)
    h = sub.add_parser("harvest", help="proofs at every turn of match records")
    h.add_argument("game")
    h.add_argument("records", nargs="+")
    h.add_argument("--out", required=True)
    h.add_argument("--plies", type=int, default=11)
    h.add_argument("--seconds", type=float, default=3)
    h.add_argument("--role", help="only the positions where this role moves")
    s = sub.add_parser("score", help="one search per position: blunders and wins played")
    s.add_argument("suite")
    s.add_argument("--searcher", action="append", required=True, help="[NAME=]SPEC; repeat")
    s.add_argument("--game", help="the .kif file, if not the suite's")
    s.add_argument("--seconds", type=float, default=5)
    s.add_argument("--seeds", type=int, default=1)
    s.add_argument("--first-seed", type=int, default=1, help="seeds run from this one")
    s.add_argument("--json", help="write the tallies here")
    s.add_argument("--verbose", action="store_true", help="a line for every search")
    a = p.parse_args()
    harvest(a) if a.command == "harvest" else score(a)


if __name__ == "__main__":
    main()
