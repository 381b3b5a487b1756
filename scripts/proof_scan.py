#!/usr/bin/env python3
"""Where a two-role turn-taking match was decided, as far as forced-win proofs can tell.

    scripts/proof_scan.py GAME.kif RECORD.json ROLE [--plies 11] [--seconds 4] [--ggp build/ggp]

For each turn where ROLE chose a move, runs `ggp bench-prove --record RECORD --turn T` (the
forced-win search alone, to --plies turns or --seconds) and prints one line: the moves proven
lost, a proven win, and the move ROLE played, marked BLUNDER where it was proven lost while a move
not proven lost was left, WIN MISSED where a proven win was there and not played. Then the first
turn where every move was proven lost. A move not proven lost may still lose deeper than --plies.
"""
import argparse
import json
import re
import subprocess
import sys


def compact(move):
    return re.sub(r"\s+", "", move)


def prove(ggp, game, record, turn, plies, seconds):
    out = subprocess.run(
        [ggp, "bench-prove", game, "--record", record, "--turn", str(turn),
         "--plies", str(plies), "--seconds", str(seconds)],
        capture_output=True, text=True)
    if out.returncode != 0:
        raise RuntimeError(out.stdout + out.stderr)
    lost, won = {}, {}
    for line in out.stdout.splitlines():
        m = re.match(r"(.*): (lost|won) within (\d+) turns$", line)
        if m:
            (lost if m.group(2) == "lost" else won)[compact(m.group(1))] = int(m.group(3))
    position = re.search(r"position 1: (\d+) moves, all to (\d+) turns", out.stdout)
    mover = re.search(r"^mover: (.*)$", out.stdout, re.M).group(1)
    return lost, won, int(position.group(1)), int(position.group(2)), mover


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("game")
    p.add_argument("record")
    p.add_argument("role")
    p.add_argument("--plies", type=int, default=11)
    p.add_argument("--seconds", type=float, default=4)
    p.add_argument("--ggp", default="build/ggp")
    a = p.parse_args()
    record = json.load(open(a.record))
    roles = record["gameRoleNames"]
    if a.role not in roles:
        sys.exit(f"proof_scan: no role {a.role} in {roles}")
    me = roles.index(a.role)
    moves = record["moves"]
    goals = record.get("goalValues")
    print(f"{a.record}: {a.role}, goals {goals}, {len(moves)} turns")
    first_lost = None
    for turn, joint in enumerate(moves):
        played = compact(joint[me])
        if played == "noop":
            continue
        try:
            lost, won, choices, depth, _ = prove(a.ggp, a.game, a.record, turn, a.plies, a.seconds)
        except RuntimeError as e:  # e.g. one legal move: no role chooses there
            if "no one role has a choice" in str(e):
                continue
            raise
        marks = []
        every_move_lost = len(lost) >= choices
        if played in lost and not every_move_lost:
            marks.append("BLUNDER")
        if won and played not in won:
            marks.append("WIN MISSED")
        if every_move_lost and first_lost is None:
            first_lost = turn
        print(f"turn {turn + 1}: played {played} of {choices}; all to {depth} turns; "
              f"lost {sorted(lost.items())}; won {sorted(won.items())} {' '.join(marks)}")
    first = first_lost + 1 if first_lost is not None else "none"
    print(f"first turn with every move proven lost: {first}")


if __name__ == "__main__":
    main()
