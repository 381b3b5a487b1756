#!/usr/bin/env python3
"""Adds up the chunks written by runner.py and prints markdown tables.

  python3 scripts/experiments/summarise.py ppa          # PPA Table 1 beside the paper's figures
  python3 scripts/experiments/summarise.py ablation     # PPA rows replayed with settings changed
  python3 scripts/experiments/summarise.py screen       # screening of candidate configurations
  python3 scripts/experiments/summarise.py best         # best configuration vs UCT, equal time
  python3 scripts/experiments/summarise.py perplayout   # best and its parts vs UCT, equal playouts
  python3 scripts/experiments/summarise.py cutoff       # the goal cutoff against the same search without
  python3 scripts/experiments/summarise.py roundrobin   # round robin at equal time
  python3 scripts/experiments/summarise.py cpu          # CPU seconds spent per table
  python3 scripts/experiments/summarise.py grid TABLE   # pairings x games, candidates side by side

Win rate of player 1 = (wins + draws / 2) / matches, with a 95% Wilson score interval. Rows of
the tables are the row labels given to runner.Job; a row label "GAME__A_vs_B" names a pairing.
"""
import collections
import glob
import math
import os
import re
import sys

RESULTS = os.environ.get("RESULTS", os.path.join(os.path.dirname(os.path.abspath(__file__)), "..",
                                                  "..", "build", "experiments"))

# PPA paper (Cazenave 2015), Table 1, 1,000 playouts: PPA's win rate against UCT (%).
PAPER_1000 = {
    "atarigo_5x5": 81.2, "atarigo_8x8": 72.2,
    "breakthrough_5x5": 60.0, "breakthrough_8x8": 55.2,
    "misere_breakthrough_5x5": 95.0, "misere_breakthrough_8x8": 99.2,
    "domineering_5x5": 62.6, "domineering_8x8": 48.4,
    "misere_domineering_5x5": 63.4, "misere_domineering_8x8": 76.4,
    "knightthrough_5x5": 42.4, "knightthrough_8x8": 64.2,
    "misere_knightthrough_5x5": 95.8, "misere_knightthrough_8x8": 99.8,
    "nogo_5x5": 61.8, "nogo_8x8": 64.8,
    "misere_nogo_5x5": 66.4, "misere_nogo_8x8": 80.6,
}

PLAYER_RE = re.compile(r"player (\d) (\S+)(?: \([^)]*\))?: (\d+) wins (\d+) draws (\d+) losses")
SUMMARY_RE = re.compile(r"summary over (\d+) completed matches \((\d+) aborted\)"
                        r".*?(\d+) late.*?(\d+) illegal.*?(\d+) failed")
SLOWEST_RE = re.compile(r"slowest PLAY reply ([\d.]+) ms")
CPU_RE = re.compile(r"# cpu_s: ([\d.]+)\s+# wall_s: ([\d.]+)")


class Row:
    def __init__(self):
        self.wins = self.draws = self.losses = 0
        self.aborted = self.late = self.illegal = self.failed = 0
        self.cpu = self.wall = 0.0
        self.chunks = 0
        self.spec = None
        self.seat_points = [0.0, 0.0]  # player 1's points (win 1, draw 1/2) in seat 1 and seat 2
        self.seat_games = [0, 0]
        self.slowest_ms = 0.0  # slowest PLAY reply: a budget run far below the clock was never cut

    @property
    def games(self):
        return self.wins + self.draws + self.losses

    def seat_rate(self, seat):
        n = self.seat_games[seat]
        return self.seat_points[seat] / n if n else float("nan")

    def rate(self):
        return (self.wins + self.draws / 2) / self.games if self.games else float("nan")


def wilson(p, n, z=1.96):
    if n == 0:
        return float("nan"), float("nan")
    d = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / d
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return centre - half, centre + half


def load(table):
    rows = collections.OrderedDict()
    for path in sorted(glob.glob(os.path.join(RESULTS, table, "*__s*.txt"))):
        label = os.path.basename(path).rsplit("__s", 1)[0]
        row = rows.setdefault(label, Row())
        row.chunks += 1
        match = 0
        for line in open(path):
            if line.startswith("goals:"):
                # Seats alternate: player 1 holds the first role in odd matches of a chunk.
                seat = match % 2
                match += 1
                goals = [int(g.split("=")[1]) for g in line.split()[1:]]
                if len(goals) == 2:
                    mine, other = (goals[0], goals[1]) if seat == 0 else (goals[1], goals[0])
                    row.seat_games[seat] += 1
                    row.seat_points[seat] += 1.0 if mine > other else 0.5 if mine == other else 0
            elif m := CPU_RE.search(line):
                row.cpu += float(m.group(1))
                row.wall += float(m.group(2))
            elif m := SUMMARY_RE.search(line):
                if s := SLOWEST_RE.search(line):
                    row.slowest_ms = max(row.slowest_ms, float(s.group(1)))
                row.aborted += int(m.group(2))
                row.late += int(m.group(3))
                row.illegal += int(m.group(4))
                row.failed += int(m.group(5))
            elif (m := PLAYER_RE.search(line)) and m.group(1) == "1":
                row.spec = m.group(2).split("#")[0]
                row.wins += int(m.group(3))
                row.draws += int(m.group(4))
                row.losses += int(m.group(5))
    return rows


def pct(x):
    return f"{100 * x:.1f}"


def cell(row):
    lo, hi = wilson(row.rate(), row.games)
    return f"{pct(row.rate())} [{pct(lo)}, {pct(hi)}]"


def errors(row):
    bad = row.late + row.illegal + row.failed + row.aborted
    return "" if bad == 0 else f" ({row.late} late, {row.illegal} illegal, {row.failed} failed, " \
                               f"{row.aborted} aborted)"


def print_ppa():
    rows = load("ppa")
    print("| game | size | PPA win % [95% CI] | games | as 1st / 2nd player | paper (1,000) "
          "| paper in CI | slowest reply |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- |")
    for label, paper in PAPER_1000.items():
        game, size = label.rsplit("_", 1)
        row = rows.get(label)
        if row is None or row.games == 0:
            print(f"| {game} | {size} | not run | 0 | | {paper} | | |")
            continue
        lo, hi = wilson(row.rate(), row.games)
        inside = "yes" if 100 * lo <= paper <= 100 * hi else "**no**"
        seats = f"{pct(row.seat_rate(0))} / {pct(row.seat_rate(1))}"
        print(f"| {game} | {size} | {cell(row)} | {row.games}{errors(row)} | {seats} | {paper} "
              f"| {inside} | {row.slowest_ms / 1000:.1f} s |")


def print_ablation():
    """Rows GAME__SETTING of the ppa_ablation table beside the same game's row of the main table."""
    main = load("ppa")
    print("| game | both players | PPA win % [95% CI] | games | as 1st / 2nd player | paper |")
    print("| --- | --- | --- | --- | --- | --- |")
    rows = [(label.split("__")[0], "defaults (solver, reuse)", row)
            for label, row in main.items()]
    rows += [(*label.split("__", 1), row) for label, row in load("ppa_ablation").items()]
    games = {g for g, setting, _ in rows if setting != "defaults (solver, reuse)"}
    for game, setting, row in sorted((r for r in rows if r[0] in games), key=lambda r: r[0]):
        seats = f"{pct(row.seat_rate(0))} / {pct(row.seat_rate(1))}"
        print(f"| {game} | {setting} | {cell(row)} | {row.games}{errors(row)} | {seats} "
              f"| {PAPER_1000.get(game, '')} |")


def pair_rows(table):
    """{game: {(A, B): Row}} from labels GAME__A_vs_B."""
    out = collections.OrderedDict()
    for label, row in load(table).items():
        game, pair = label.split("__", 1)
        a, b = pair.split("_vs_", 1)
        out.setdefault(game, collections.OrderedDict())[(a, b)] = row
    return out


def print_pairs(table):
    """One line per game and pairing: A's win rate against B."""
    games = pair_rows(table)
    print("| game | pairing | win % of the first [95% CI] | matches |")
    print("| --- | --- | --- | --- |")
    by_pair = collections.defaultdict(list)
    for game, pairs in games.items():
        for (a, b), row in pairs.items():
            print(f"| {game} | {a} vs {b} | {cell(row)} | {row.games}{errors(row)} |")
            by_pair[(a, b)].append(row)
    for (a, b), rows in by_pair.items():
        if len(rows) > 1:
            mean = sum(r.rate() for r in rows) / len(rows)
            pooled = Row()
            for r in rows:
                pooled.wins, pooled.draws = pooled.wins + r.wins, pooled.draws + r.draws
                pooled.losses += r.losses
            print(f"| **mean of {len(rows)} games** | {a} vs {b} | {pct(mean)} (all matches "
                  f"pooled: {cell(pooled)}) | {pooled.games} |")


def print_grid(table):
    """One line per pairing, one column per game (win % of the first, matches), then the mean
    over games and the pooled rate with its interval: candidates side by side."""
    games = pair_rows(table)
    names = sorted(games)
    pairs = []
    for g in names:
        pairs += [p for p in games[g] if p not in pairs]
    print("| pairing | " + " | ".join(names) + " | mean of games | pooled [95% CI] | matches |")
    print("|---" * (len(names) + 4) + "|")
    for a, b in sorted(pairs):
        rows = [games[g].get((a, b)) for g in names]
        played = [r for r in rows if r is not None and r.games > 0]
        pooled = Row()
        for r in played:
            pooled.wins, pooled.draws = pooled.wins + r.wins, pooled.draws + r.draws
            pooled.losses += r.losses
        mean = pct(sum(r.rate() for r in played) / len(played)) if played else ""
        cells = [f"{pct(r.rate())} ({r.games})" if r is not None and r.games else ""
                 for r in rows]
        print(f"| {a} vs {b} | " + " | ".join(cells) +
              f" | {mean} | {cell(pooled)} | {pooled.games} |")


def print_roundrobin():
    """Per game, a cross table: the row player's win rate against the column player."""
    for game, pairs in pair_rows("roundrobin").items():
        names = []
        for a, b in pairs:
            for n in (a, b):
                if n not in names:
                    names.append(n)
        print(f"\n**{game}** (row player's win % against the column player; matches)\n")
        print("| | " + " | ".join(names) + " | mean |")
        print("|---" * (len(names) + 2) + "|")
        for r in names:
            cells, rates = [], []
            for c in names:
                if r == c:
                    cells.append("–")
                    continue
                if (r, c) in pairs:
                    row, flip = pairs[(r, c)], False
                elif (c, r) in pairs:
                    row, flip = pairs[(c, r)], True
                else:
                    cells.append("")
                    continue
                rate = 1 - row.rate() if flip else row.rate()
                rates.append(rate)
                cells.append(f"{pct(rate)} ({row.games})")
            mean = pct(sum(rates) / len(rates)) if rates else ""
            print(f"| {r} | " + " | ".join(cells) + f" | {mean} |")


def print_cpu():
    total = 0.0
    for table in sorted(os.listdir(RESULTS)):
        if not os.path.isdir(os.path.join(RESULTS, table)):
            continue
        rows = load(table)
        cpu = sum(r.cpu for r in rows.values())
        wall = sum(r.wall for r in rows.values())
        games = sum(r.games for r in rows.values())
        total += cpu
        print(f"{table}: {games} matches, {cpu:.0f} CPU s, {wall:.0f} s wall (summed over jobs)")
    print(f"total: {total:.0f} CPU s")


if __name__ == "__main__":
    what = sys.argv[1] if len(sys.argv) > 1 else "ppa"
    tables = {"ppa": print_ppa, "ablation": print_ablation, "roundrobin": print_roundrobin,
              "cpu": print_cpu}
    tables.update({t: (lambda t=t: print_pairs(t))
                   for t in ("screen", "best", "perplayout", "cutoff")})
    if what == "grid":
        print_grid(sys.argv[2] if len(sys.argv) > 2 else "best")
    else:
        tables[what]()
