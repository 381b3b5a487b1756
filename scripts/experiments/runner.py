#!/usr/bin/env python3
"""Runs `ggp match` jobs and keeps each job's summary in its own file, so a long experiment can be
stopped at any time and resumed (finished jobs are skipped) or summarised as it stands.

A job is one `ggp match` call: a row of a table (one game, one pairing) played with one seed.
A row is usually split into several jobs (chunks of games with seeds 1, 2, ...); summarise.py
adds the chunks of a row up. Seats alternate inside `ggp match`, so an even chunk size keeps
both seats balanced.

Result file (RESULTS/<table>/<row>__s<seed>.txt):
  # cmd: <the command>
  # cpu_s: <user+sys CPU seconds of the ggp process>   # wall_s: <wall seconds>
  goals: ...                  (one line per match, as printed by ggp match)
  summary over N completed matches ...
    player 1 SPEC: W wins D draws L losses, ...
    player 2 SPEC: ...
"""
import argparse
import dataclasses
import os
import shlex
import subprocess
import threading
import time

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
# Results of every experiment, one folder per table (build/ is not tracked by git).
DEFAULT_RESULTS = os.environ.get("RESULTS", os.path.join(ROOT, "build", "experiments"))


@dataclasses.dataclass
class Job:
    table: str          # folder under the results directory
    row: str            # row label, e.g. "breakthrough_8x8" or "connectFour__best_vs_uct"
    game: str           # path of the .kif
    players: list       # one player spec per role, in seat order of the first match
    games: int          # matches in this job
    seed: int           # --seed of ggp match; also names the chunk
    extra: list = dataclasses.field(default_factory=list)  # e.g. ["--playclock", "1"]

    def path(self, results):
        return os.path.join(results, self.table, f"{self.row}__s{self.seed}.txt")

    def command(self, binary):
        cmd = [binary, "match", self.game, "--games", str(self.games), "--seed", str(self.seed)]
        for p in self.players:
            cmd += ["--player", p]
        return cmd + list(self.extra)


def keep_line(line):
    s = line.strip()
    return s.startswith("goals:") or s.startswith("summary") or s.startswith("player ")


def run_job(job, binary, results):
    out = job.path(results)
    os.makedirs(os.path.dirname(out), exist_ok=True)
    cmd = ["nice", "-n", "10"] + job.command(binary)
    start = time.time()
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    kept = [line.rstrip("\n") for line in proc.stdout if keep_line(line)]
    _, status, usage = os.wait4(proc.pid, 0)
    proc.returncode = os.waitstatus_to_exitcode(status)
    wall = time.time() - start
    cpu = usage.ru_utime + usage.ru_stime
    if proc.returncode != 0 or not any(l.strip().startswith("summary") for l in kept):
        print(f"FAILED ({proc.returncode}): {shlex.join(cmd)}", flush=True)
        return 0.0
    tmp = out + ".tmp"
    with open(tmp, "w") as f:
        f.write(f"# cmd: {shlex.join(job.command(binary))}\n")
        f.write(f"# cpu_s: {cpu:.1f}   # wall_s: {wall:.1f}\n")
        f.write("\n".join(kept) + "\n")
    os.replace(tmp, out)
    print(f"done {job.table}/{job.row} s{job.seed}: {job.games} games, cpu {cpu:.0f} s, "
          f"wall {wall:.0f} s", flush=True)
    return cpu


def allowed_workers(workers, limit_file):
    """The number in `limit_file` if it exists (lets a running experiment give CPU back to another
    one without being stopped), else `workers`."""
    try:
        with open(limit_file) as f:
            return int(f.read().strip())
    except (OSError, ValueError):
        return workers


def run_jobs(jobs, binary, results=DEFAULT_RESULTS, workers=1, stop_at=None, limit_file=None):
    """Runs the jobs not yet done, `workers` at a time, in list order. No job starts after the
    UTC time `stop_at` ("HH:MM"). Worker i only starts a job while allowed_workers() > i."""
    todo = [j for j in jobs if not os.path.exists(j.path(results))]
    print(f"{len(jobs) - len(todo)} of {len(jobs)} jobs already done; {len(todo)} to run",
          flush=True)
    lock = threading.Lock()

    def too_late():
        if not stop_at:
            return False
        return time.strftime("%H:%M", time.gmtime()) >= stop_at

    def worker(index):
        while True:
            if limit_file and allowed_workers(workers, limit_file) <= index:
                time.sleep(5)
                if todo and not too_late():
                    continue
            with lock:
                if not todo or too_late():
                    return
                job = todo.pop(0)
            run_job(job, binary, results)

    threads = [threading.Thread(target=worker, args=(i,)) for i in range(workers)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()


def chunks(total, size):
    """Chunk sizes that add up to `total`, each `size` except maybe the last."""
    out = []
    while total > 0:
        out.append(min(size, total))
        total -= size
    return out


def common_args(description):
    ap = argparse.ArgumentParser(description=description)
    ap.add_argument("--binary", default=os.environ.get("GGP", os.path.join(ROOT, "build", "ggp")),
                    help="the ggp executable (best a frozen copy, so rebuilds never change a run)")
    ap.add_argument("--results", default=DEFAULT_RESULTS)
    ap.add_argument("--workers", type=int, default=1, help="ggp processes at once")
    ap.add_argument("--stop-at", default=None, help="UTC HH:MM after which no job starts")
    ap.add_argument("--limit-file", default=None,
                    help="file holding how many workers may run now (read before each job)")
    ap.add_argument("--dry-run", action="store_true", help="print the commands only")
    return ap


def main_for(jobs, args):
    if args.dry_run:
        for j in jobs:
            print(shlex.join(j.command(args.binary)))
        return
    run_jobs(jobs, args.binary, args.results, args.workers, args.stop_at, args.limit_file)
