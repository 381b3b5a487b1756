"""Starts a `ggp serve` player on a free loopback port, for the Python scripts (hostile.py,
soak.py, memory_match.py); scripts/lib/players.sh does the same for the shell scripts."""
import re
import subprocess
import sys


def start_serve(ggp, player, extra, log, who):
    """Runs `ggp serve --port 0 [--player PLAYER] --quiet EXTRA...` (stderr to `log`; no PLAYER:
    serve's default player) and returns (process, (host, port)) once it says where it listens;
    exits naming `who` if it does not."""
    argv = [ggp, "serve", "--port", "0"] + (["--player", player] if player else [])
    proc = subprocess.Popen(argv + ["--quiet"] + extra, stdout=subprocess.PIPE, stderr=log,
                            text=True)
    line = proc.stdout.readline()
    match = re.search(r"listening on ([\d.]+):(\d+)", line)
    if not match:
        proc.kill()
        sys.exit("%s: ggp serve did not start: %r" % (who, line))
    return proc, (match.group(1), int(match.group(2)))


def rss_mb(pid):
    """The resident memory of process `pid` in MiB (VmRSS), or -1 if it has none to read."""
    try:
        with open("/proc/%d/status" % pid) as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) / 1024.0
    except OSError:
        pass
    return -1.0
