#!/usr/bin/env python3
"""Plays `ggp gtp` against GNU Go over GTP, as gogui-twogtp does: colours alternate game by game,
two passes in a row (or a resignation, or the rule sheet's move limit) end a game, and both
engines score it: GNU Go's final_score (Chinese rules: it judges dead stones) decides the game,
ours (the board counted by area as it stands, as the rule sheet does) is reported beside it, and
every game where the two name different winners is counted as a disagreement. When the second
pass would end a game whose two counts name different winners, both passes are taken back and the
game goes on from the first with GNU Go on kgs-genmove_cleanup (it captures the stones it holds
dead instead of passing; ours plays on with genmove), until two passes end it, as KGS does.

One JSON line per finished game is appended to OUT (default build/vs_gnugo/level<L>.jsonl) and
flushed at once, with the game's SGF beside it (OUT without .jsonl, then .gameNNN.sgf); running
the same command again plays only the games still missing. The summary (win rate with a 95% Wilson
interval, by colour, the disagreements, our playouts and seconds per move) is printed at the end,
or alone with --summary.

Usage:
  scripts/vs_gnugo.py --level 1 --games 50 [--first 0] [--playouts 10000 | --move-seconds 2]
                      [--player SPEC] [--komi 7.5] [--size 9] [--out FILE] [--summary]
Game i plays with seed 1000 + i, ours black where i is even; two processes on one OUT with
disjoint [--first, --games) ranges play different games and the summary counts them all.
GNU Go is the Debian package gnugo (scripts/setup.sh installs it; the binary is /usr/games/gnugo).
"""
import argparse
import json
import math
import os
import shutil
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
COLUMNS = "ABCDEFGHJKLMNOPQRST"  # GTP's column letters (no I)


def other_colour(colour):
    return "white" if colour == "black" else "black"


class Gtp:
    """One GTP engine as a child process: command() sends a line and returns (ok, text)."""

    def __init__(self, argv, log=None):
        self.argv = argv
        self.proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=log or subprocess.DEVNULL, text=True, bufsize=1)

    def command(self, line):
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()
        lines = []
        while True:
            got = self.proc.stdout.readline()
            if got == "":
                raise RuntimeError("%s ended during %r" % (self.argv[0], line))
            got = got.rstrip("\r\n")
            if got == "" and lines:
                break
            if got or lines:
                lines.append(got)
        head = lines[0]
        ok = head.startswith("=")
        text = "\n".join([head[1:].strip()] + lines[1:]).strip()
        return ok, text

    def must(self, line):
        ok, text = self.command(line)
        if not ok:
            raise RuntimeError("%s: %r failed: %s" % (self.argv[0], line, text))
        return text

    def close(self):
        try:
            self.command("quit")
        except (RuntimeError, BrokenPipeError, OSError):
            pass
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()


def score_winner(text):
    """'B+3.5' -> 'black', 'W+0.5' -> 'white', '0' -> 'draw', anything else -> None."""
    text = text.strip().upper()
    if text.startswith("B+"):
        return "black"
    if text.startswith("W+"):
        return "white"
    if text == "0":
        return "draw"
    return None


def wilson(wins, n, z=1.96):
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def sgf(size, komi, moves, result, black, white):
    letters = "abcdefghijklmnopqrs"
    out = "(;GM[1]FF[4]SZ[%d]KM[%s]RU[Chinese]PB[%s]PW[%s]RE[%s]" % (size, komi, black, white, result)
    for colour, vertex in moves:
        if vertex.lower() in ("pass", "resign"):
            point = ""
        else:
            column = COLUMNS.index(vertex[0].upper())
            row = int(vertex[1:])
            point = letters[column] + letters[size - row]
        out += ";%s[%s]" % ("B" if colour == "black" else "W", point)
    return out + ")\n"


def play_game(index, args, gnugo_path, sgf_prefix):
    ours_black = index % 2 == 0
    ggp = Gtp([args.ggp, "gtp", "--game", args.game, "--player", args.player, "--seed",
               str(1000 + index)] + (["--playouts", str(args.playouts)] if args.playouts else [])
              + ["--move-seconds", str(args.move_seconds), "--quiet"])
    gnu = Gtp([gnugo_path, "--mode", "gtp", "--level", str(args.level), "--chinese-rules"])
    try:
        for engine in (ggp, gnu):
            engine.must("boardsize %d" % args.size)
            engine.must("clear_board")
            engine.must("komi %s" % args.komi)
        players = {"black": ggp if ours_black else gnu, "white": gnu if ours_black else ggp}
        moves, playouts, seconds = [], [], []
        colour, passes, resigned, ended_by = "black", 0, None, "two passes"
        cleanup, first_scores = False, None
        started = time.time()
        while True:
            mover = players[colour]
            other = players[other_colour(colour)]
            cleaning = cleanup and mover is gnu
            vertex = mover.must(("kgs-genmove_cleanup " if cleaning else "genmove ") + colour)
            if mover is ggp:
                stats = ggp.must("ggp-last_search").split()
                playouts.append(int(stats[1]))
                seconds.append(float(stats[5]))
            if vertex.lower() == "resign":
                moves.append((colour, vertex))
                resigned = colour
                ended_by = "resignation"
                break
            if vertex.lower() == "pass" and passes == 1 and not cleanup:
                # The second pass: if the two counts name different winners (stones one engine
                # holds dead and the other counts), both passes are taken back and the game goes
                # on from the first pass with GNU Go on kgs-genmove_cleanup: it captures the
                # stones it holds dead instead of passing, until two passes end the game.
                scores = (gnu.must("final_score"), ggp.must("final_score"))
                if score_winner(scores[0]) != score_winner(scores[1]):
                    mover.must("undo")
                    mover.must("undo")
                    other.must("undo")
                    moves.pop()
                    colour = other_colour(colour)
                    cleanup, first_scores, passes = True, scores, 0
                    continue
            moves.append((colour, vertex))
            ok, text = other.command("play %s %s" % (colour, vertex))
            if not ok:
                raise RuntimeError("game %d: %s refused %s %s: %s" % (index, other.argv[0], colour,
                                                                     vertex, text))
            passes = passes + 1 if vertex.lower() == "pass" else 0
            if passes == 2:
                break
            if ggp.must("ggp-over") == "true":
                ended_by = "move limit"
                break
            colour = other_colour(colour)
        if resigned:
            gnu_score = ours_score = ("W+R" if resigned == "black" else "B+R")
        else:
            gnu_score = gnu.must("final_score")
            ours_score = ggp.must("final_score")
        winner = score_winner(gnu_score)
        ours_colour = "black" if ours_black else "white"
        record = {
            "game": index, "level": args.level, "komi": args.komi, "size": args.size,
            "player": args.player, "playouts_budget": args.playouts,
            "ours": ours_colour, "moves": len(moves), "ended_by": ended_by,
            "gnugo_score": gnu_score, "ggp_score": ours_score,
            "winner": winner, "ours_won": winner == ours_colour,
            "disagree": score_winner(ours_score) != winner,
            "cleanup": cleanup, "scores_before_cleanup": first_scores,
            "our_moves": len(playouts), "our_playouts": sum(playouts),
            "our_seconds": round(sum(seconds), 3), "game_seconds": round(time.time() - started, 1),
            "load": round(os.getloadavg()[0], 2),
        }
        with open("%s.game%03d.sgf" % (sgf_prefix, index), "w") as f:
            names = ("ggp", "gnugo-%d" % args.level)
            f.write(sgf(args.size, args.komi, moves, gnu_score,
                        *(names if ours_black else names[::-1])))
        return record
    finally:
        ggp.close()
        gnu.close()


def summary(records):
    n = len(records)
    wins = sum(r["ours_won"] for r in records)
    lo, hi = wilson(wins, n)
    lines = ["games %d, ggp won %d: %.1f%% [%.1f, %.1f] (95%% Wilson)" % (
        n, wins, 100.0 * wins / n if n else 0, 100 * lo, 100 * hi)]
    for colour in ("black", "white"):
        sub = [r for r in records if r["ours"] == colour]
        w = sum(r["ours_won"] for r in sub)
        lines.append("  as %s: %d of %d" % (colour, w, len(sub)))
    dis = [r["game"] for r in records if r["disagree"]]
    lines.append("  scores naming different winners (gnugo vs ggp): %d %s" % (len(dis), dis))
    cleaned = [r["game"] for r in records if r.get("cleanup")]
    lines.append("  games played on with kgs-genmove_cleanup: %d %s" % (len(cleaned), cleaned))
    moves = sum(r["our_moves"] for r in records)
    if moves:
        lines.append("  ggp per move: %.0f playouts, %.2f s (%d moves); load %.1f-%.1f" % (
            sum(r["our_playouts"] for r in records) / moves,
            sum(r["our_seconds"] for r in records) / moves, moves,
            min(r["load"] for r in records), max(r["load"] for r in records)))
    ends = {}
    for r in records:
        ends[r["ended_by"]] = ends.get(r["ended_by"], 0) + 1
    lines.append("  ended by: %s; moves per game %d-%d" % (
        ", ".join("%s %d" % kv for kv in sorted(ends.items())),
        min(r["moves"] for r in records), max(r["moves"] for r in records)))
    return "\n".join(lines)


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--level", type=int, default=10)
    p.add_argument("--games", type=int, default=50)
    p.add_argument("--first", type=int, default=0,
                   help="the first game's index: games FIRST .. GAMES-1 are played (several "
                        "processes with disjoint ranges may share one results file)")
    p.add_argument("--size", type=int, default=9)
    p.add_argument("--komi", default="7.5")
    p.add_argument("--game", default=os.path.join(ROOT, "games_kif", "go_9x9.kif"))
    p.add_argument("--player", default="rave:k=2500,c=0,batch=16,leaf_playouts=4,batch_amaf=1")
    p.add_argument("--playouts", type=int, default=0, help="per move (0: --move-seconds)")
    p.add_argument("--move-seconds", type=float, default=2.0)
    p.add_argument("--ggp", default=os.path.join(ROOT, "build", "ggp"))
    p.add_argument("--gnugo", default=shutil.which("gnugo") or "/usr/games/gnugo")
    p.add_argument("--out", help="results file (default build/vs_gnugo/level<L>.jsonl)")
    p.add_argument("--summary", action="store_true", help="print the summary of OUT and stop")
    args = p.parse_args()
    out = args.out or os.path.join(ROOT, "build", "vs_gnugo", "level%d.jsonl" % args.level)
    out_dir = os.path.dirname(os.path.abspath(out))
    os.makedirs(out_dir, exist_ok=True)
    records = []
    if os.path.exists(out):
        with open(out) as f:
            records = [json.loads(line) for line in f if line.strip()]
    if not args.summary:
        if not os.path.exists(args.gnugo):
            sys.exit("vs_gnugo: no GNU Go at %s (apt-get install gnugo)" % args.gnugo)
        done = {r["game"] for r in records}
        for index in range(args.first, args.games):
            if index in done:
                continue
            # The SGFs are named after OUT: runs that keep their records side by side keep their games.
            record = play_game(index, args, args.gnugo, os.path.splitext(os.path.abspath(out))[0])
            with open(out, "a") as f:
                f.write(json.dumps(record) + "\n")
                f.flush()
                os.fsync(f.fileno())
            records.append(record)
            print("game %d: ggp %s, %s (ggp %s), %d moves, %s; %.0f playouts/move" % (
                index, record["ours"], record["gnugo_score"], record["ggp_score"],
                record["moves"], "won" if record["ours_won"] else "lost",
                record["our_playouts"] / max(1, record["our_moves"])), flush=True)
    if records:
        print(summary(records))


if __name__ == "__main__":
    main()
