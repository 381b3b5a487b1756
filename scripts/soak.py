#!/usr/bin/env python3
"""A protocol soak (issue 15): many matches over HTTP between `ggp serve` processes on corpus
games, as a game server would send them, with what goes wrong on a real server mixed in.

- Games: the corpus's in-scope games with 2 or more roles (games/manifest.tsv: parsed, not GDL-II,
  one copy of each rule sheet), --games of them drawn with --seed, played round after round until
  --matches are done.
- Clocks: a start clock drawn from 5-20 s and a play clock from 1-5 s per match (--fast: 2-4 s and
  1 s, for a smoke run).
- Players: one `ggp serve` per role of the largest game. Player 0 is the long-lived one: it plays
  every match and is never restarted; its resident memory is read after every match. Now and then
  (--kill-every) another player is killed and started again between matches, and a match is
  aborted in the middle (--abort-every: the game manager is killed, so no STOP or ABORT comes; the
  players drop the match when the next START finds it silent, `ggp serve --silence-grace`).
- Per match one JSON line in OUT/matches.jsonl (resumable: finished matches are kept), and a
  summary: matches, games, replies, late (TO), illegal (IL), failed (CE) per game, the slowest
  reply against its clock, the long-lived player's memory curve, and crashes. Exit status 1 on any
  TO, IL, CE, crash, or match not completed.

A soak longer than a session goes on from its matches.jsonl: with the same --seed and --games the
next match is the next of the same plan. --label (e.g. the commit the binary was built from) is
kept in each match's line, so a soak that spans several builds says which played what.

Usage: GGP_CORPUS=DIR scripts/soak.py [--matches 1000] [--games 100] [--seed 1] [--out DIR]
                                      [--player SPEC] [--fast] [--label TEXT]
"""
import argparse
import collections
import csv
import json
import os
import random
import re
import signal
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, os.path.join(HERE, "lib"))
from serve import rss_mb, start_serve  # noqa: E402
SILENCE_GRACE_S = 2


def corpus_games(corpus):
    rows = []
    with open(os.path.join(corpus, "games", "manifest.tsv")) as f:
        for row in csv.DictReader(f, delimiter="\t"):
            if (row["parse_ok"] == "true" and row["gdl2_out_of_scope"] == "false"
                    and row["same_rules_as"] == "-" and int(row["number_of_roles"]) >= 2):
                rows.append((row["path"], int(row["number_of_roles"])))
    return sorted(rows)


class Player:
    def __init__(self, ggp, spec, index, logs):
        self.ggp, self.spec, self.index, self.logs = ggp, spec, index, logs
        self.start()

    def start(self):
        log = open(os.path.join(self.logs, "player%d.log" % self.index), "a")
        self.proc, (host, port) = start_serve(
            self.ggp, self.spec, ["--silence-grace", str(SILENCE_GRACE_S), "--seed",
                                  str(self.index + 1)], log, "soak: player %d" % self.index)
        self.address = "%s:%d" % (host, port)

    def restart(self):
        self.proc.kill()
        self.proc.wait()
        self.start()

    def rss_mb(self):
        return rss_mb(self.proc.pid)


def play(args, corpus, game, roles, players, clocks, abort_after, work, index):
    record = os.path.join(work, "records", "match%04d.json" % index)
    argv = [args.ggp, "match", os.path.join(corpus, "games", game), "--startclock",
            str(clocks[0]), "--playclock", str(clocks[1]), "--json", record]
    for p in players[:roles]:
        argv += ["--player", p.address]
    begun = time.time()
    proc = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        out, _ = proc.communicate(timeout=abort_after)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.communicate()
        # No STOP or ABORT comes: the players find the match silent at the next START.
        time.sleep(2 * clocks[1] + SILENCE_GRACE_S + 1)
        return {"aborted_mid_match": True, "seconds": round(time.time() - begun, 1)}
    result = {"aborted_mid_match": False, "seconds": round(time.time() - begun, 1),
              "exit": proc.returncode}
    slowest = re.search(r"slowest PLAY reply ([\d.]+) ms", out)
    result["slowest_ms"] = float(slowest.group(1)) if slowest else None
    if os.path.exists(record):
        with open(record) as f:
            rec = json.load(f)
        result["completed"] = rec.get("isCompleted", False)
        result["turns"] = len(rec.get("moves", []))
        result["replies"] = sum(len(t) for t in rec.get("errors", []))
        counts = {"TO": 0, "IL": 0, "CE": 0}
        for turn in rec.get("errors", []):
            for e in turn:
                if e in counts:
                    counts[e] += 1
        result.update(counts)
        result["manager_abort"] = rec.get("abortReason", "")
    else:
        result["completed"] = False
        result["manager_abort"] = out.strip().splitlines()[-1] if out.strip() else "no record"
    return result


def summary(records, by_label=True):
    """The report of `records`; with by_label, each binary's matches (their `label`) again apart,
    so a session's figures need no counting by hand. Returns (text, whether anything failed)."""
    done = [r for r in records if not r["aborted_mid_match"]]
    lines = ["matches %d (%d aborted in the middle on purpose), games %d, replies %d" % (
        len(records), len(records) - len(done), len({r["game"] for r in records}),
        sum(r.get("replies", 0) for r in done))]
    for key, name in (("TO", "late"), ("IL", "illegal"), ("CE", "failed")):
        lines.append("  %s (%s): %d" % (name, key, sum(r.get(key, 0) for r in done)))
    bad = [r for r in done if r.get("TO") or r.get("IL") or r.get("CE") or not r.get("completed")]
    for r in bad:
        lines.append("    match %d %s: TO %d IL %d CE %d completed %s %s" % (
            r["index"], r["game"], r.get("TO", 0), r.get("IL", 0), r.get("CE", 0),
            r.get("completed"), r.get("manager_abort", "")))
    ratios = [(r["slowest_ms"] / (1000.0 * r["playclock"]), r) for r in done
              if r.get("slowest_ms") is not None]
    if ratios:
        worst, r = max(ratios, key=lambda x: x[0])
        lines.append("  slowest reply: %.0f ms at a %d s clock (%.0f%% of it), %s" % (
            r["slowest_ms"], r["playclock"], 100 * worst, r["game"]))
    rss = [(r["index"] + 1, r["rss_mb"]) for r in records if r.get("rss_mb", -1) >= 0]
    if rss:
        marks = sorted({0, len(rss) // 4, len(rss) // 2, 3 * len(rss) // 4, len(rss) - 1})
        lines.append("  long-lived player's resident memory (MB) after matches %s: %s; max %.0f" % (
            ",".join(str(rss[m][0]) for m in marks), ", ".join("%.0f" % rss[m][1] for m in marks),
            max(mb for _, mb in rss)))
    if done:
        lines.append("  %.1f s a match over the %d not aborted" % (
            sum(r.get("seconds", 0) for r in done) / len(done), len(done)))
    labels = collections.Counter(r.get("label", "unlabelled") for r in records)
    if by_label and set(labels) != {"unlabelled"}:
        lines.append("  matches by label: " + ", ".join("%s %d" % kv for kv in labels.items()))
    if by_label and len(labels) > 1:
        for label in labels:
            part = [r for r in records if r.get("label", "unlabelled") == label]
            text, _ = summary(part, by_label=False)
            lines.append("  %s: matches %d-%d" % (label, part[0]["index"] + 1, part[-1]["index"] + 1))
            lines += ["    " + line for line in text.split("\n")]
    lines.append("  player crashes: %d; restarts on purpose: %d" % (
        sum(r.get("crashed", 0) for r in records), sum(r.get("restarted", 0) for r in records)))
    return "\n".join(lines), bool(bad) or any(r.get("crashed") for r in records)


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--matches", type=int, default=1000)
    p.add_argument("--games", type=int, default=100)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--out", default=os.path.join(ROOT, "build", "soak"))
    p.add_argument("--player", default=None, help="the players' spec (default: serve's)")
    p.add_argument("--ggp", default=os.environ.get("GGP", os.path.join(ROOT, "build", "ggp")))
    p.add_argument("--fast", action="store_true", help="start clock 2-4 s, play clock 1 s")
    p.add_argument("--kill-every", type=int, default=25)
    p.add_argument("--abort-every", type=int, default=40)
    p.add_argument("--summary", action="store_true", help="print the summary of OUT and stop")
    p.add_argument("--label", default=None, help="kept in each match's line (e.g. the commit)")
    args = p.parse_args()
    # Ctrl-C, kill (TERM) and a SIGINT to a backgrounded run (whose shell ignored it) all stop the
    # soak through the `finally` below, which stops the players.
    signal.signal(signal.SIGINT, signal.default_int_handler)
    signal.signal(signal.SIGTERM, lambda *_: sys.exit("soak: stopped"))
    corpus = os.environ.get("GGP_CORPUS", os.path.join(ROOT, "..", "shared"))
    if not os.path.exists(os.path.join(corpus, "games", "manifest.tsv")):
        sys.exit("soak: no corpus (GGP_CORPUS=DIR names a folder holding games/manifest.tsv)")
    os.makedirs(os.path.join(args.out, "records"), exist_ok=True)
    results = os.path.join(args.out, "matches.jsonl")
    records = []
    if os.path.exists(results):
        with open(results) as f:
            records = [json.loads(line) for line in f if line.strip()]
    if not args.summary:
        rng = random.Random(args.seed)
        games = rng.sample(corpus_games(corpus), args.games)
        players = [Player(args.ggp, args.player, i, args.out)
                   for i in range(max(roles for _, roles in games))]
        try:
            for index in range(len(records), args.matches):
                game, roles = games[index % len(games)]
                mrng = random.Random(args.seed * 1000003 + index)
                clocks = (mrng.randint(2, 4), 1) if args.fast else (mrng.randint(5, 20),
                                                                    mrng.randint(1, 5))
                abort_after = None
                if args.abort_every and index % args.abort_every == args.abort_every - 1:
                    abort_after = clocks[0] + mrng.uniform(1, 4) * clocks[1]
                result = play(args, corpus, game, roles, players, clocks, abort_after, args.out,
                              index)
                result.update({"index": index, "game": game, "roles": roles,
                               "startclock": clocks[0], "playclock": clocks[1]})
                if args.label:
                    result["label"] = args.label
                crashed = [pl.index for pl in players if pl.proc.poll() is not None]
                result["crashed"] = len(crashed)
                for i in crashed:
                    players[i].start()
                result["rss_mb"] = round(players[0].rss_mb(), 1) if 0 not in crashed else -1
                if args.kill_every and index % args.kill_every == args.kill_every - 1 \
                        and len(players) > 1:
                    players[1 + index % (len(players) - 1)].restart()
                    result["restarted"] = 1
                with open(results, "a") as f:
                    f.write(json.dumps(result) + "\n")
                records.append(result)
                print("%d/%d %s (%d roles, %d/%d s): %s" % (
                    index + 1, args.matches, game, roles, clocks[0], clocks[1],
                    "aborted on purpose" if result["aborted_mid_match"] else
                    "%s turns, TO %d IL %d CE %d%s" % (
                        result.get("turns"), result.get("TO", 0), result.get("IL", 0),
                        result.get("CE", 0), "" if result.get("completed") else
                        ", NOT COMPLETED: " + result.get("manager_abort", ""))),
                    flush=True)
        finally:
            for pl in players:
                pl.proc.kill()
    text, failed = summary(records)
    print(text)
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
