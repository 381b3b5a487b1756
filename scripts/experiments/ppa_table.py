#!/usr/bin/env python3
"""The PPA paper's Table 1 at 1,000 playouts (Cazenave 2015): PPA against UCT, both with c = 0.4
and 1,000 playouts per decision, PPA with alpha = 1, on the 18 games of games_kif/. Seats
alternate. Rows are split into chunks so that partial results survive (see jobs()).

  [KIF_DIR=DIR] python3 scripts/experiments/ppa_table.py [--workers 2] [--games 200]
  python3 scripts/experiments/summarise.py ppa
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import runner  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
# The rule sheets (a frozen copy of games_kif/ may be given, so edits never change a running row).
KIF_DIR = os.environ.get("KIF_DIR", os.path.join(ROOT, "games_kif"))
GAMES = ["atarigo", "breakthrough", "misere_breakthrough", "domineering", "misere_domineering",
         "knightthrough", "misere_knightthrough", "nogo", "misere_nogo"]
SLOW = ["atarigo_8x8", "nogo_8x8", "misere_nogo_8x8"]  # 4-15 CPU s a game
PLAYERS = ["ppa:c=0.4,ppa_alpha=1,playouts=1000", "uct:c=0.4,playouts=1000"]


def jobs(total, defer=()):
    """Cheapest first, and every row's first half before any row's second half, so that a run cut
    short by the clock still has every row: the 5x5 rows whole (100-game chunks), then the fast 8x8
    rows in 50-game chunks, the slow 8x8 rows in 20-game chunks, interleaved."""
    def row_jobs(row, size):
        game = os.path.join(KIF_DIR, row + ".kif")
        return [runner.Job("ppa", row, game, PLAYERS, n, i + 1)
                for i, n in enumerate(runner.chunks(total, size))]

    def interleave(rows, first, last):
        return [r[i] for i in range(first, last) for r in rows if i < len(r)]

    out = [j for g in GAMES for j in row_jobs(f"{g}_5x5", 100)]
    fast = [row_jobs(f"{g}_8x8", 50) for g in GAMES if f"{g}_8x8" not in SLOW]
    slow = [row_jobs(row, 20) for row in SLOW]
    half_fast, half_slow = len(fast[0]) // 2, len(slow[0]) // 2
    out += interleave(fast, 0, half_fast)
    out += interleave(slow, 0, half_slow)
    out += interleave(fast, half_fast, len(fast[0]))
    out += interleave(slow, half_slow, len(slow[0]))
    # Rows named in `defer` (e.g. a costly row already far from 50%) keep their first chunk only,
    # the rest of their chunks go last.
    return [j for j in out if j.row not in defer or j.seed == 1] + \
           [j for j in out if j.row in defer and j.seed > 1]


# Rows that test an explanation of a deviation: the same pairing with a setting changed for both
# players (the paper's UCT has no MCTS-Solver and starts every move from a fresh policy).
ABLATIONS = {"solver=0": "nosolver", "solver=0,reuse=0": "nosolver_noreuse"}


def ablation_jobs(rows, total):
    out = []
    for row in rows:
        for setting, name in ABLATIONS.items():
            players = [p + "," + setting for p in PLAYERS]
            game = os.path.join(KIF_DIR, row + ".kif")
            out += [runner.Job("ppa_ablation", f"{row}__{name}", game, players, n, i + 1)
                    for i, n in enumerate(runner.chunks(total, 100))]
    return out


if __name__ == "__main__":
    ap = runner.common_args(__doc__)
    ap.add_argument("--games", type=int, default=200, help="games per row")
    ap.add_argument("--defer", nargs="*", default=[], metavar="ROW",
                    help="play only the first chunk of these rows before every other chunk")
    ap.add_argument("--ablation", nargs="*", metavar="ROW",
                    help="instead of the table, play these rows with each setting of ABLATIONS")
    args = ap.parse_args()
    if args.ablation:
        runner.main_for(ablation_jobs(args.ablation, args.games), args)
    else:
        runner.main_for(jobs(args.games, set(args.defer)), args)
