#!/usr/bin/env python3
"""How well a player's search judges Go positions, against GNU Go playing them out.

Positions (OUT, one JSON line each, made once and reused by later runs): position i starts with a
few uniformly random moves (seeded by i), then GNU Go (--level L, Chinese rules) plays both sides
up to move M (20 to 60 moves in, by i); that is the position. A game that ends first (a
resignation or a pass) gives none, and later indices are tried until there are enough. GNU Go then
plays the position out against itself to the end (two passes, a resignation or 200 moves), and its
final_score names the winner: the position's label.

For each --player, `ggp gtp` (with --playouts) is set up at each position (clear_board and play),
searches one genmove for the side to move, and reports its value there (ggp-last_search: the
mover's expected result in [0, 1]). The value is scored against the label: Brier score (the mean
squared error; 0.25 is what a constant 0.5 gets), accuracy (value above 0.5 exactly where the mover
won), and the mean value where the mover won and where it lost, with the standard error of their
difference. A playout policy whose simulations see which groups live should judge better at the
same budget; the labels are GNU Go's own play, so this measures agreement with GNU Go's
judgement, not the truth.

Usage:
  scripts/go_judgement.py --positions 60 --level 10 --playouts 3000 --player SPEC [--player SPEC ...]
                          [--komi 7.5] [--game games_kif/go_9x9.kif] [--out FILE]
GNU Go is the Debian package gnugo (scripts/setup.sh installs it; the binary is /usr/games/gnugo).
"""
import argparse
import collections
import json
import os
import random
import shutil
import sys
import time

from vs_gnugo import COLUMNS, Gtp, ROOT, other_colour, score_winner

# The scores of a list of (value, mover_won): see scores().
Scores = collections.namedtuple("Scores", "brier right won lost n_won n_lost gap_error")


def make_position(index, args):
    """Plays position `index` with GNU Go and returns its record, or None if the game ended first."""
    rng = random.Random(index)
    gnu = Gtp([args.gnugo, "--mode", "gtp", "--level", str(args.level), "--chinese-rules"])
    try:
        gnu.must("boardsize %d" % args.size)
        gnu.must("clear_board")
        gnu.must("komi %s" % args.komi)
        moves, colour = [], "black"
        opening = 2 + index % 5
        target = 20 + 10 * (index % 5)
        while len(moves) < opening:  # random points; GNU Go refuses the illegal ones
            vertex = "%s%d" % (COLUMNS[rng.randrange(args.size)], rng.randrange(args.size) + 1)
            if gnu.command("play %s %s" % (colour, vertex))[0]:
                moves.append((colour, vertex))
                colour = other_colour(colour)
        passes = 0
        position = None
        while True:
            if len(moves) == target:
                position = list(moves)
            vertex = gnu.must("genmove " + colour)
            if vertex.lower() == "resign":
                winner = other_colour(colour)
                break
            moves.append((colour, vertex))
            passes = passes + 1 if vertex.lower() == "pass" else 0
            if passes == 2 or len(moves) >= 200:
                winner = score_winner(gnu.must("final_score"))
                break
            if position is None and passes > 0 and len(moves) < target:
                return None  # GNU Go passes before the position: the game is over too soon
            colour = other_colour(colour)
        if position is None or winner not in ("black", "white"):
            return None
        return {"position": index, "level": args.level, "komi": args.komi, "size": args.size,
                "moves": position, "to_move": "black" if len(position) % 2 == 0 else "white",
                "winner": winner, "game_moves": len(moves)}
    finally:
        gnu.close()


def judge(records, spec, args):
    """The player's value at each position: a list of (value, mover_won)."""
    ggp = Gtp([args.ggp, "gtp", "--game", args.game, "--player", spec, "--seed", "1",
               "--playouts", str(args.playouts), "--quiet"])
    out = []
    try:
        ggp.must("boardsize %d" % args.size)
        for r in records:
            ggp.must("clear_board")
            ggp.must("komi %s" % r["komi"])
            for colour, vertex in r["moves"]:
                ggp.must("play %s %s" % (colour, vertex))
            ggp.must("genmove " + r["to_move"])
            words = ggp.must("ggp-last_search").split()
            if "value" not in words:
                raise RuntimeError("the player reports no value: %s" % spec)
            value = float(words[words.index("value") + 1])
            out.append((value, r["winner"] == r["to_move"]))
    finally:
        ggp.close()
    return out


def mean_and_variance(xs):
    if not xs:
        return float("nan"), float("nan")
    m = sum(xs) / len(xs)
    return m, (sum((x - m) ** 2 for x in xs) / (len(xs) - 1) if len(xs) > 1 else float("nan"))


def scores(judged):
    """Brier score, accuracy, mean value where the mover won and lost with their counts, and the
    standard error of the difference of those two means."""
    n = len(judged)
    brier = sum((v - (1.0 if won else 0.0)) ** 2 for v, won in judged) / n
    right = sum(1 for v, won in judged if (v > 0.5) == won) / n
    won = [v for v, w in judged if w]
    lost = [v for v, w in judged if not w]
    (m_won, var_won), (m_lost, var_lost) = mean_and_variance(won), mean_and_variance(lost)
    gap_error = (var_won / max(1, len(won)) + var_lost / max(1, len(lost))) ** 0.5
    return Scores(brier, right, m_won, m_lost, len(won), len(lost), gap_error)


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--positions", type=int, default=60)
    p.add_argument("--level", type=int, default=10, help="GNU Go's level for the positions")
    p.add_argument("--komi", default="7.5")
    p.add_argument("--size", type=int, default=9)
    p.add_argument("--game", default=os.path.join(ROOT, "games_kif", "go_9x9.kif"))
    p.add_argument("--player", action="append", default=[], help="searcher spec (repeatable)")
    p.add_argument("--playouts", type=int, default=3000, help="per judgement")
    p.add_argument("--ggp", default=os.path.join(ROOT, "build", "ggp"))
    p.add_argument("--gnugo", default=shutil.which("gnugo") or "/usr/games/gnugo")
    p.add_argument("--out", default=os.path.join(ROOT, "build", "go_judgement", "positions.jsonl"))
    p.add_argument("--by-move", action="store_true", help="also score each position move apart")
    args = p.parse_args()
    if not os.path.exists(args.gnugo):
        sys.exit("go_judgement: no GNU Go at %s (apt-get install gnugo)" % args.gnugo)
    os.makedirs(os.path.dirname(os.path.abspath(args.out)), exist_ok=True)
    records = []
    if os.path.exists(args.out):
        with open(args.out) as f:
            records = [json.loads(line) for line in f if line.strip()]
    tried = {r["position"] for r in records}
    index = 0
    started = time.time()
    while len(records) < args.positions:
        if index not in tried:
            r = make_position(index, args)
            if r is not None:  # (an index whose game ends too soon is tried again next run)
                with open(args.out, "a") as f:
                    f.write(json.dumps(r) + "\n")
                records.append(r)
        index += 1
        if index > 10 * args.positions + 100:
            sys.exit("go_judgement: too few positions reach their move (%d)" % len(records))
    records = sorted(records, key=lambda r: r["position"])[:args.positions]
    black_won = sum(1 for r in records if r["winner"] == "black")
    mover_won = sum(1 for r in records if r["winner"] == r["to_move"]) / len(records)
    print("%d positions (GNU Go level %s, komi %s; black won %d of them), made or read in %.0f s" % (
        len(records), args.level, args.komi, black_won, time.time() - started))
    # The Brier score of always answering the share of positions the mover won (no judgement).
    print("the mover won %.1f%%: a constant value of that share has Brier %.3f" % (
        100 * mover_won, mover_won * (1 - mover_won)))
    for spec in args.player:
        begun = time.time()
        judged = judge(records, spec, args)
        s = scores(judged)
        print("%s: Brier %.3f, accuracy %.1f%%, mean value %.3f where the mover won (%d), "
              "%.3f where it lost (%d), gap %.3f ± %.3f (standard error); %.0f s" % (
                  spec, s.brier, 100 * s.right, s.won, s.n_won, s.lost, s.n_lost, s.won - s.lost,
                  s.gap_error, time.time() - begun))
        if args.by_move:
            for move in sorted({len(r["moves"]) for r in records}):
                part = scores([j for r, j in zip(records, judged) if len(r["moves"]) == move])
                print("  at move %d: %d positions (the mover won %d), Brier %.3f, accuracy %.0f%%, "
                      "gap %.3f" % (move, part.n_won + part.n_lost, part.n_won, part.brier,
                                    100 * part.right, part.won - part.lost))

if __name__ == "__main__":
    main()
