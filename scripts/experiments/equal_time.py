#!/usr/bin/env python3
"""Equal time per move experiments on corpus games ($GGP_CORPUS/games, else ../shared/games):

  screen      candidate configurations against plain UCT on a few games (to pick "best")
  best        the best configuration against plain UCT on 10 corpus games
  roundrobin  MM-MCS, UCT, decisive UCT, alpha-AMAF and best on connectFour, checkers, pentago
  perplayout  best against plain UCT at an equal number of playouts (1,000 per decision): tells
              a weaker policy from a slower one
  cutoff      the goal cutoff alone: amaf and uct with it against themselves without it, checkers
  best --candidate NAME   any SPECS entry instead of "best" (e.g. amaf_cut)

Every match: --playclock 1 --margin-ms 750 (about 250 ms of search per move; the protocol's clocks
are whole seconds), --startclock 1 (about 250 ms of metagaming). Both players of a match search
at the same time in one process, so under load both lose the same share of the CPU. Seats
alternate; chunks of an even number of matches keep them balanced.

  python3 scripts/experiments/equal_time.py screen|best|roundrobin|cutoff [--matches N] [--workers 1]
  python3 scripts/experiments/summarise.py screen|best|roundrobin
"""
import itertools
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import runner  # noqa: E402

GAMES_DIR = os.environ.get("GAMES_DIR", os.path.join(
    os.environ.get("GGP_CORPUS", os.path.join(runner.ROOT, "..", "shared")), "games"))
CLOCKS = ["--playclock", "1", "--margin-ms", "750", "--startclock", "1"]

# Short names (used in row labels) -> player specs.
SPECS = {
    "uct": "uct:c=0.4",
    "mast": "mast:c=0.4",
    "ppa": "ppa:c=0.4",
    "rave": "rave:c=0.4",
    "amaf": "amaf:c=0.4",
    "decisive": "decisive:c=0.4",
    "decisive_anti": "decisive:c=0.4,antidecisive=1",
    "rave_mast": "mast:c=0.4,amaf=rave",
    "rave_mast_dec": "mast:c=0.4,amaf=rave,decisive=1",
    "rave_dec": "rave:c=0.4,decisive=1",
    "mmmcs": "mmmcs",
    "amaf_dt": "amaf:c=0.4,decisive_tree=1",
    "amaf_cut": "amaf:c=0.4,cutoff=1",
    "amaf_eg": "amaf:c=0.4,playout=mast_eg",
    "amaf_cut_eg": "amaf:c=0.4,cutoff=1,playout=mast_eg",
    "amaf_cut_u": "amaf:c=0.4,cutoff=1,amaf_untried=1",
    "amaf_cut_eg_u": "amaf:c=0.4,cutoff=1,playout=mast_eg,amaf_untried=1",
    "amaf_cut_c2": "amaf:c=0.2,cutoff=1",
    "uct_cut": "uct:c=0.4,cutoff=1",
}
# The configuration chosen by the screen (see docs/search_evidence.md); override with BEST=name.
BEST = os.environ.get("BEST", "rave_mast_dec")

SCREEN_GAMES = ["base/connectFour", "base/breakthrough", "base/pentago", "base/sheepAndWolf"]
SCREEN_CANDIDATES = ["mast", "ppa", "rave", "decisive", "rave_mast", "rave_mast_dec"]
BEST_GAMES = ["base/connectFour", "base/nineBoardTicTacToe", "dresden/clobber", "base/pentago",
              "base/breakthrough", "base/cephalopodMicro", "base/knightThrough",
              "base/dotsAndBoxes", "base/sheepAndWolf", "base/checkers"]
ROUND_ROBIN_GAMES = ["base/connectFour", "base/checkers", "base/pentago"]
# Best on two games; its parts one by one on connectFour, where best lost at equal playouts.
PER_PLAYOUT = {"base/connectFour": ["best", "mast", "rave", "decisive"], "base/pentago": ["best"]}
ROUND_ROBIN = ["mmmcs", "uct", "decisive", "amaf", "best"]
# The goal cutoff alone: each searcher with it against itself without it, where the probe turns it
# on (checkers; elsewhere the two are the same search).
CUTOFF_GAMES = ["base/checkers"]
CUTOFF_PAIRS = [("amaf_cut", "amaf"), ("uct_cut", "uct")]


def spec(name):
    return SPECS[BEST] if name == "best" else SPECS[name]


def pairing_jobs(table, games, pairs, matches, chunk):
    """Round by round: chunk i of every (game, pairing) before chunk i + 1 of any, so that an
    experiment cut short still covers every row."""
    rows = []
    for game, (a, b) in itertools.product(games, pairs):
        label = f"{os.path.basename(game)}__{a}_vs_{b}"
        path = os.path.join(GAMES_DIR, game + ".kif")
        rows.append([runner.Job(table, label, path, [spec(a), spec(b)], n, i + 1, CLOCKS)
                     for i, n in enumerate(runner.chunks(matches, chunk))])
    return [row[i] for i in range(max(len(r) for r in rows)) for row in rows if i < len(row)]


def jobs(what, matches, candidate="best"):
    if what == "screen":
        return pairing_jobs("screen", SCREEN_GAMES, [(c, "uct") for c in SCREEN_CANDIDATES],
                            matches, 2)
    if what == "best":
        return pairing_jobs("best", BEST_GAMES, [(candidate, "uct")], matches, 2)
    if what == "roundrobin":
        return pairing_jobs("roundrobin", ROUND_ROBIN_GAMES,
                            list(itertools.combinations(ROUND_ROBIN, 2)), matches, 2)
    if what == "cutoff":
        return pairing_jobs("cutoff", CUTOFF_GAMES, CUTOFF_PAIRS, matches, 2)
    if what == "perplayout":
        budget = ",playouts=1000"
        return [runner.Job("perplayout", f"{os.path.basename(g)}__{c}_vs_uct",
                           os.path.join(GAMES_DIR, g + ".kif"),
                           [spec(c) + budget, spec("uct") + budget], matches, 1)
                for g, candidates in PER_PLAYOUT.items() for c in candidates]
    raise SystemExit(f"unknown experiment {what}")


if __name__ == "__main__":
    ap = runner.common_args(__doc__)
    ap.add_argument("what", choices=["screen", "best", "roundrobin", "perplayout", "cutoff"])
    ap.add_argument("--matches", type=int, default=10, help="matches per game and pairing")
    ap.add_argument("--candidate", default="best", choices=["best"] + list(SPECS),
                    help="best: the configuration played against uct on the 10 games")
    args = ap.parse_args()
    runner.main_for(jobs(args.what, args.matches, args.candidate), args)
