#!/usr/bin/env python3
"""Connect Four positions of real matches labelled by an exact oracle, as a tactics suite.

    scripts/oracle_suite.py label RECORD.json... --out SUITE.json [--width 8] [--from-move 12]
                                  [--to-move N] [--nodes 100000000]
    scripts/oracle_suite.py values RECORD.json... [--width 8] [--from-move 12] [--to-move N]
                                   [--nodes 100000000]
    scripts/oracle_suite.py check [--positions 30]

label: at every turn (from --from-move on, before --to-move) of match records of a Connect Four
game (`(drop C)` moves, 6 rows, --width columns: 8 for the corpus's base/connectFour, 7 for the
shipped games_kif/connect_four.kif), scripts/connect_four_oracle.cpp solves each move of the
mover; a position is kept where the moves differ in value and every move was solved within
--nodes nodes (the early middle game is out of reach: about 30M nodes a second, and a position of
8 stones on the 8-wide board was not solved in 300M nodes a move). The suite has
scripts/tactics.py's form, so `scripts/tactics.py score SUITE.json --game GAME.kif --searcher ...`
scores searchers on it: "lost" holds the moves of a lower value than the best (a draw thrown away
counts, as a loss does), "won" every winning move; each position also keeps every move's value
and the move the player of the record chose.

values: a line a record, each turn's value for its mover (`14r+1`: turn 14, red to move, a win;
`+0` a draw, `-1` a loss, `?` not solved within --nodes), with `!` where the move played was worse
than the best: where a match was decided, and whether before the oracle's reach.

check: the oracle against the project's own forced-win search (`ggp bench-prove`) on positions of
uniformly random games of the shipped 7-wide game: every move proven lost must be lost for the
oracle and every move proven won won. Exits 1 on a disagreement or if too few moves were proven
to compare.

The oracle is compiled on first use (c++ -O2) into $GGP_BUILD or build/.
"""
import argparse
import json
import os
import random
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from proof_scan import prove  # noqa: E402

ROWS = 6
SHIPPED = os.path.join(HERE, "..", "games_kif", "connect_four.kif")  # 7 wide: check's game


def oracle_binary():
    source = os.path.join(HERE, "connect_four_oracle.cpp")
    build = os.environ.get("GGP_BUILD", os.path.join(HERE, "..", "build"))
    os.makedirs(build, exist_ok=True)
    binary = os.path.join(build, "connect_four_oracle")
    if not os.path.exists(binary) or os.path.getmtime(binary) < os.path.getmtime(source):
        subprocess.run([os.environ.get("CXX", "c++"), "-std=c++20", "-O2", "-o", binary, source],
                       check=True)
    return binary


def solve(positions, width, nodes):
    """Each position (a list of columns from 1) -> {column: value or None}, or the oracle's error
    (a string) where the columns are not a position: a full column, a line already made."""
    lines = "".join(" ".join(map(str, p)) + "\n" for p in positions)
    out = subprocess.run([oracle_binary(), str(nodes), str(width)], input=lines,
                         capture_output=True, text=True, check=True)
    answers = [json.loads(line) for line in out.stdout.splitlines()]
    return [a["error"] if "error" in a else {int(c): v for c, v in a["values"].items()}
            for a in answers]


def column(move):
    m = re.search(r"drop\s*(\d+)", move)
    return int(m.group(1)) if m else None


def record_turns(path, from_move, to_move, seen=None):
    """The record at `path`, its roles, its players' names, and its turns from `from_move` on,
    before `to_move`, as (turn, mover, columns played before it, column played); a position in
    `seen` (a set, which this fills) is left out."""
    with open(path) as f:
        record = json.load(f)
    roles = record["gameRoleNames"]
    names = record.get("playerNamesFromHost") or roles
    columns, todo = [], []
    for turn, joint in enumerate(record["moves"]):
        mover = next(i for i, m in enumerate(joint) if column(m))
        if from_move <= turn < to_move and (seen is None or tuple(columns) not in seen):
            if seen is not None:
                seen.add(tuple(columns))
            todo.append((turn, mover, list(columns), column(joint[mover])))
        columns.append(column(joint[mover]))
    return record, roles, names, todo


def solved_turns(path, todo, a):
    """Each turn of `todo` with its mover's {column: value or None}; stops the script with a
    message where a turn is no position of a board --width wide."""
    out = []
    for (turn, mover, columns, played), values in zip(
            todo, solve([t[2] for t in todo], a.width, a.nodes)):
        if isinstance(values, str) or played not in values:
            error = values if isinstance(values, str) else f"no column {played} to play"
            sys.exit(f"{path} turn {turn + 1}: {error} (is --width {a.width} the board's?)")
        out.append(((turn, mover, columns, played), values))
    return out


def label(a):
    positions, seen = [], set()
    for path in a.records:
        record, roles, names, todo = record_turns(path, a.from_move, a.to_move, seen)
        for (turn, mover, _, played), values in solved_turns(path, todo, a):
            if not values or None in values.values():
                continue
            best = max(values.values())
            if min(values.values()) == best:
                continue
            positions.append({
                "record": os.path.join(*path.split(os.sep)[-3:]), "turn": turn,
                "moves": record["moves"][:turn],
                "mover": roles[mover], "player": names[mover], "choices": len(values),
                "value": best, "values": {f"(drop{c})": v for c, v in values.items()},
                "lost": [f"(drop{c})" for c, v in values.items() if v < best],
                "won": [f"(drop{c})" for c, v in values.items() if v == 1],
                "played": f"(drop{played})"})
            p = positions[-1]
            worse = "  WORSE" if p["played"] in p["lost"] else ""
            print(f"{p['record']} turn {turn + 1}: {p['player']} ({p['mover']}) best {best}, "
                  f"played {played} ({values[played]}), {len(p['lost'])} of "
                  f"{len(values)} worse{worse}", flush=True)
    with open(a.out, "w") as f:
        json.dump({"game": f"Connect Four, {a.width} columns", "oracle": "exact",
                   "from_move": a.from_move, "to_move": a.to_move, "positions": positions}, f,
                  separators=(",", ":"))
    worse = sum(1 for p in positions if p["played"] in p["lost"])
    print(f"{a.out}: {len(positions)} positions, {worse} where the move played was worse than "
          f"the best")


def values(a):
    """One line a record: each turn's value for its mover (+1 won, 0 drawn, -1 lost, ? not solved
    within --nodes), marked ! where the move played was worse than the best: where the match was
    decided."""
    for path in a.records:
        record, roles, _, todo = record_turns(path, a.from_move, a.to_move)
        cells = []
        for (turn, mover, _, played), vals in solved_turns(path, todo, a):
            if not vals or None in vals.values():
                cells.append(f"{turn + 1}{roles[mover][0]}?")
                continue
            best = max(vals.values())
            mark = "!" if vals[played] < best else ""
            cells.append(f"{turn + 1}{roles[mover][0]}{best:+d}{mark}")
        goals = " ".join(f"{r}={g}" for r, g in zip(roles, record.get("goalValues", [])))
        print(f"{path} ({goals}): {' '.join(cells)}", flush=True)


def random_columns(width, stones, rng):
    """A uniformly random sequence of `stones` drops into columns with room (a line may be made)."""
    heights, columns = [0] * width, []
    for _ in range(stones):
        c = rng.choice([c for c in range(width) if heights[c] < ROWS])
        heights[c] += 1
        columns.append(c + 1)
    return columns


def check(a):
    rng = random.Random(a.seed)
    games = []
    while len(games) < a.positions:  # the oracle (one node a move) turns down games with a line
        batch = [random_columns(7, rng.randrange(a.min_stones, a.max_stones + 1), rng)
                 for _ in range(a.positions)]
        games += [g for g, v in zip(batch, solve(batch, 7, 1)) if not isinstance(v, str)]
    games = games[:a.positions]
    compared = disagreements = 0
    for game, values in zip(games, solve(games, 7, a.nodes)):
        roles = ["red", "yellow"]
        moves = [[f"(drop {c})", "noop"] if k % 2 == 0 else ["noop", f"(drop {c})"]
                 for k, c in enumerate(game)]
        with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as f:
            json.dump({"gameRoleNames": roles, "moves": moves}, f)
        try:
            lost, won, _, depth, _ = prove(a.ggp, SHIPPED, f.name, len(game), a.plies, a.seconds)
        finally:
            os.unlink(f.name)
        for move, want in [(m, -1) for m in lost] + [(m, 1) for m in won]:
            got = values.get(column(move))
            compared += 1
            if got != want:
                disagreements += 1
                print(f"DISAGREE {' '.join(map(str, game))}: {move} proven {want}, oracle {got}")
        print(f"{len(game)} stones, proofs to {depth} turns: {len(lost)} lost, {len(won)} won; "
              f"oracle {values}", flush=True)
    print(f"{compared} proven moves compared, {disagreements} disagreements")
    if disagreements or compared < a.min_compared:
        sys.exit(1)


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--ggp", default=os.environ.get("GGP", "build/ggp"))
    sub = p.add_subparsers(dest="command", required=True)
    records = argparse.ArgumentParser(add_help=False)  # what label and values read
    records.add_argument("records", nargs="+")
    records.add_argument("--width", type=int, default=8)
    records.add_argument("--from-move", type=int, default=12)
    records.add_argument("--to-move", type=int, default=10_000)
    records.add_argument("--nodes", type=int, default=100_000_000)
    lab = sub.add_parser("label", parents=[records], help="a suite from match records")
    lab.add_argument("--out", required=True)
    sub.add_parser("values", parents=[records], help="each turn's value in match records")
    chk = sub.add_parser("check", help="the oracle against the forced-win search")
    chk.add_argument("--positions", type=int, default=30)
    chk.add_argument("--min-stones", type=int, default=20)
    chk.add_argument("--max-stones", type=int, default=30)
    chk.add_argument("--plies", type=int, default=7)
    chk.add_argument("--seconds", type=float, default=2)
    chk.add_argument("--nodes", type=int, default=200_000_000)
    chk.add_argument("--min-compared", type=int, default=10)
    chk.add_argument("--seed", type=int, default=1)
    a = p.parse_args()
    {"label": label, "values": values, "check": check}[a.command](a)


if __name__ == "__main__":
    main()
