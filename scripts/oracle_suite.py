#!/usr/bin/env python3
"""Connect Four and Quarto positions of real matches labelled by an exact oracle, as a tactics suite.

    scripts/oracle_suite.py label RECORD.json... --out SUITE.json [--game connectFour|quarto]
                                  [--width 8] [--from-move 12] [--to-move N] [--nodes 100000000]
    scripts/oracle_suite.py values RECORD.json... [--game ...] [--width 8] [--from-move 12]
                                   [--to-move N] [--nodes 100000000]
    scripts/oracle_suite.py check [--game connectFour|quarto] [--positions 30]

label: at every turn (from --from-move on, before --to-move) of match records of the game, an
exact solver values each move of the mover: for Connect Four (`(drop C)` moves, 6 rows, --width
columns: 8 for the corpus's base/connectFour, 7 for the shipped games_kif/connect_four.kif)
scripts/connect_four_oracle.cpp (about 30M nodes a second; the early middle game is out of reach:
a position of 8 stones on the 8-wide board was not solved in 300M nodes a move); for Quarto (the
corpus's base/quarto and the shipped games_kif/quarto.kif, `(select P)` and `(place P X Y)` moves)
scripts/quarto_oracle.cpp (a position of 6 pieces placed in about 3-4 s, from 7 on under a
second). A position is kept where the moves differ in value and every move was solved within
--nodes nodes. The suite has scripts/tactics.py's form, so `scripts/tactics.py score SUITE.json
--game GAME.kif --searcher ...` scores searchers on it: "lost" holds the moves of a lower value
than the best (a draw thrown away counts, as a loss does), "won" every winning move; each position
also keeps every move's value and the move the player of the record chose.

values: a line a record, each turn's value for its mover (`14r+1`: turn 14, red to move, a win;
`+0` a draw, `-1` a loss, `?` not solved within --nodes), with `!` where the move played was worse
than the best: where a match was decided, and whether before the oracle's reach.

check: the oracle against the project's own forced-win search (`ggp bench-prove`) on positions of
uniformly random games of the shipped game (connect_four.kif, quarto.kif): every move proven lost
must be lost for the oracle and every move proven won won. Exits 1 on a disagreement or if too few
moves were proven to compare.

The oracle is compiled on first use (c++ -O2) into $GGP_BUILD or build/.
"""
import argparse
import itertools
import json
import os
import random
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from proof_scan import compact, prove  # noqa: E402

ROWS = 6
SHIPPED = os.path.join(HERE, "..", "games_kif", "connect_four.kif")  # 7 wide: check's game
SHIPPED_QUARTO = os.path.join(HERE, "..", "games_kif", "quarto.kif")


class ConnectFour:
    """Connect Four, 6 rows, --width columns: scripts/connect_four_oracle.cpp, positions given as
    the columns played."""
    source, check_game = "connect_four_oracle.cpp", SHIPPED
    roles, stones = ("red", "yellow"), (20, 30)

    def __init__(self, width):
        self.width = width
        self.title = f"Connect Four, {width} columns"

    def args(self, nodes):
        return [str(nodes), str(self.width)]

    def line(self, moves):
        return " ".join(str(column(m)) for m in moves)

    def mover(self, k):
        return k % 2

    def gdl(self, move):
        return f"(drop {column(move)})"

    def values(self, answer):
        return {f"(drop{int(c)})": v for c, v in answer.items()}

    def random_moves(self, rng, a):
        return [f"(drop{c})" for c in random_columns(7, rng.randrange(a.min_stones,
                                                                     a.max_stones + 1), rng)]


class Quarto:
    """Quarto as the corpus's base/quarto and the shipped games_kif/quarto.kif write it:
    scripts/quarto_oracle.cpp, positions given as the moves played."""
    source, check_game, title = "quarto_oracle.cpp", SHIPPED_QUARTO, "Quarto"
    roles, stones = ("white", "black"), (6, 12)

    def args(self, nodes):
        return [str(nodes)]

    def line(self, moves):
        return " ".join(moves)

    def mover(self, k):
        """White selects first; then each player places and selects: W, B B, W W, ..."""
        return 0 if k % 4 in (0, 3) else 1

    def gdl(self, move):
        m = re.fullmatch(r"\((select|place)(p[01]{4})(\d?)(\d?)\)", move)
        return "(" + " ".join(x for x in m.groups() if x) + ")"

    def values(self, answer):
        return answer

    def random_moves(self, rng, a):
        """Uniformly random selects and places of --min-stones to --max-stones pieces (a line may
        be made: the oracle turns such a game down)."""
        pool = ["".join(b) for b in itertools.product("01", repeat=4)]
        cells = [(x, y) for x in range(1, 5) for y in range(1, 5)]
        rng.shuffle(pool)
        rng.shuffle(cells)
        moves = []
        for k in range(rng.randrange(a.min_stones, a.max_stones + 1)):
            moves += [f"(selectp{pool[k]})", f"(placep{pool[k]}{cells[k][0]}{cells[k][1]})"]
        return moves[:-1] if rng.random() < 0.5 else moves  # half the positions a select


def game_of(a):
    return Quarto() if a.game == "quarto" else ConnectFour(getattr(a, "width", 7))  # check: 7


def oracle_binary(game):
    source = os.path.join(HERE, game.source)
    build = os.environ.get("GGP_BUILD", os.path.join(HERE, "..", "build"))
    os.makedirs(build, exist_ok=True)
    binary = os.path.join(build, os.path.splitext(game.source)[0])
    if not os.path.exists(binary) or os.path.getmtime(binary) < os.path.getmtime(source):
        subprocess.run([os.environ.get("CXX", "c++"), "-std=c++20", "-O2", "-o", binary, source],
                       check=True)
    return binary


def solve(game, positions, nodes):
    """Each position (a list of moves, compact GDL) -> {move: value or None}, or the oracle's
    error (a string) where the moves are not a position: a full column, a line already made."""
    lines = "".join(game.line(p) + "\n" for p in positions)
    out = subprocess.run([oracle_binary(game)] + game.args(nodes), input=lines,
                         capture_output=True, text=True, check=True)
    answers = [json.loads(line) for line in out.stdout.splitlines()]
    return [a["error"] if "error" in a else game.values(a["values"]) for a in answers]


def column(move):
    m = re.search(r"drop\s*(\d+)", move)
    return int(m.group(1)) if m else None


def record_turns(path, from_move, to_move, seen=None):
    """The record at `path`, its roles, its players' names, and its turns from `from_move` on,
    before `to_move`, as (turn, mover, moves played before it, move played), moves in compact GDL;
    a position in `seen` (a set, which this fills) is left out."""
    with open(path) as f:
        record = json.load(f)
    roles = record["gameRoleNames"]
    names = record.get("playerNamesFromHost") or roles
    played, todo = [], []
    for turn, joint in enumerate(record["moves"]):
        mover = next(i for i, m in enumerate(joint) if compact(m) != "noop")
        if from_move <= turn < to_move and (seen is None or tuple(played) not in seen):
            if seen is not None:
                seen.add(tuple(played))
            todo.append((turn, mover, list(played), compact(joint[mover])))
        played.append(compact(joint[mover]))
    return record, roles, names, todo


def solved_turns(game, path, todo, a):
    """Each turn of `todo` with its mover's {move: value or None}; stops the script with a message
    where a turn is no position of the game."""
    out = []
    for (turn, mover, moves, played), values in zip(
            todo, solve(game, [t[2] for t in todo], a.nodes)):
        if isinstance(values, str) or played not in values:
            error = values if isinstance(values, str) else f"no move {played} to play"
            sys.exit(f"{path} turn {turn + 1}: {error} (is {game.title} the game?)")
        out.append(((turn, mover, moves, played), values))
    return out


def label(a):
    game, positions, seen = game_of(a), [], set()
    for path in a.records:
        record, roles, names, todo = record_turns(path, a.from_move, a.to_move, seen)
        for (turn, mover, _, played), values in solved_turns(game, path, todo, a):
            if not values or None in values.values():
                continue
            best = max(values.values())
            if min(values.values()) == best:
                continue
            positions.append({
                "record": os.path.join(*path.split(os.sep)[-3:]), "turn": turn,
                "moves": record["moves"][:turn],
                "mover": roles[mover], "player": names[mover], "choices": len(values),
                "value": best, "values": values,
                "lost": [m for m, v in values.items() if v < best],
                "won": [m for m, v in values.items() if v == 1],
                "played": played})
            p = positions[-1]
            worse = "  WORSE" if p["played"] in p["lost"] else ""
            print(f"{p['record']} turn {turn + 1}: {p['player']} ({p['mover']}) best {best}, "
                  f"played {played} ({values[played]}), {len(p['lost'])} of "
                  f"{len(values)} worse{worse}", flush=True)
    with open(a.out, "w") as f:
        json.dump({"game": game.title, "oracle": "exact", "from_move": a.from_move,
                   "to_move": a.to_move, "positions": positions}, f, separators=(",", ":"))
    worse = sum(1 for p in positions if p["played"] in p["lost"])
    print(f"{a.out}: {len(positions)} positions, {worse} where the move played was worse than "
          f"the best")


def values(a):
    """One line a record: each turn's value for its mover (+1 won, 0 drawn, -1 lost, ? not solved
    within --nodes), marked ! where the move played was worse than the best: where the match was
    decided."""
    game = game_of(a)
    for path in a.records:
        record, roles, _, todo = record_turns(path, a.from_move, a.to_move)
        cells = []
        for (turn, mover, _, played), vals in solved_turns(game, path, todo, a):
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
    game = game_of(a)
    rng = random.Random(a.seed)
    lo, hi = game.stones
    a.min_stones, a.max_stones = a.min_stones or lo, a.max_stones or hi
    positions = []
    while len(positions) < a.positions:  # the oracle (one node a move) turns down finished games
        batch = [game.random_moves(rng, a) for _ in range(a.positions)]
        positions += [g for g, v in zip(batch, solve(game, batch, 1)) if not isinstance(v, str)]
    positions = positions[:a.positions]
    compared = disagreements = 0
    for moves, values in zip(positions, solve(game, positions, a.nodes)):
        joint = [[game.gdl(m), "noop"] if game.mover(k) == 0 else ["noop", game.gdl(m)]
                 for k, m in enumerate(moves)]
        with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as f:
            json.dump({"gameRoleNames": list(game.roles), "moves": joint}, f)
        try:
            lost, won, _, depth, _ = prove(a.ggp, game.check_game, f.name, len(moves), a.plies,
                                           a.seconds)
        finally:
            os.unlink(f.name)
        for move, want in [(m, -1) for m in lost] + [(m, 1) for m in won]:
            got = values.get(move)
            compared += 1
            if got != want:
                disagreements += 1
                print(f"DISAGREE {' '.join(moves)}: {move} proven {want}, oracle {got}")
        print(f"{len(moves)} moves, proofs to {depth} turns: {len(lost)} lost, {len(won)} won; "
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
    records.add_argument("--game", choices=["connectFour", "quarto"], default="connectFour")
    records.add_argument("--width", type=int, default=8)
    records.add_argument("--from-move", type=int, default=12)
    records.add_argument("--to-move", type=int, default=10_000)
    records.add_argument("--nodes", type=int, default=100_000_000)
    lab = sub.add_parser("label", parents=[records], help="a suite from match records")
    lab.add_argument("--out", required=True)
    sub.add_parser("values", parents=[records], help="each turn's value in match records")
    chk = sub.add_parser("check", help="the oracle against the forced-win search")
    chk.add_argument("--positions", type=int, default=30)
    chk.add_argument("--game", choices=["connectFour", "quarto"], default="connectFour")
    chk.add_argument("--min-stones", type=int, help="pieces played (default by game)")
    chk.add_argument("--max-stones", type=int)
    chk.add_argument("--plies", type=int, default=7)
    chk.add_argument("--seconds", type=float, default=2)
    chk.add_argument("--nodes", type=int, default=200_000_000)
    chk.add_argument("--min-compared", type=int, default=10)
    chk.add_argument("--seed", type=int, default=1)
    a = p.parse_args()
    {"label": label, "values": values, "check": check}[a.command](a)


if __name__ == "__main__":
    main()
