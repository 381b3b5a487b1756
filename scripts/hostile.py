#!/usr/bin/env python3
"""A hostile-client run against a live `ggp serve` on loopback (issue 15): while the game manager
plays a real match over HTTP between two `ggp serve` players, a crowd of bad clients works on the
first one at the same time:

  slow-loris      a valid request sent a byte a second: the server closes it at its read timeout
  over the cap    a body larger than --max-request-mb: 413, the connection closed
  crowd           200 connections at once, each asking INFO: every one answered, "busy"
  half-open       50 connections that send half a header and then nothing, held to the end
  pipelining      two INFO requests in one write on one connection: two replies, in order
  trailing junk   a valid message followed by garbage in one body: 400 with a reason
  not HTTP        bytes that are no HTTP request: 400
  second START    a START for another match while the real one runs: busy
  unknown PLAY    a PLAY for a match never started: busy
  foreign ABORT   an ABORT for another match while ours searches: busy, our match goes on

It passes when every check above got the answer it names and the real match completed with no
late (TO), illegal (IL) or failed (CE) reply from either player. Exit status 0 on a pass.

Usage: scripts/hostile.py [--ggp build/ggp] [--game games_kif/breakthrough_5x5.kif]
                          [--playclock 2] [--player SPEC]
"""
import argparse
import json
import os
import re
import socket
import subprocess
import sys
import tempfile
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, os.path.join(HERE, "lib"))
from serve import start_serve  # noqa: E402
READ_TIMEOUT_S = 3  # the target's --read-timeout-ms, in seconds
CAP_MB = 1          # the target's --max-request-mb


def post(body, host_port, timeout=30):
    """One POST of a GGP message on a connection of its own: (status, body, bytes past it)."""
    data = body.encode()
    request = ("POST / HTTP/1.1\r\nHost: %s:%d\r\nContent-Type: text/acl\r\n"
               "Content-Length: %d\r\n\r\n" % (host_port[0], host_port[1], len(data))).encode()
    with socket.create_connection(host_port, timeout=timeout) as s:
        s.sendall(request + data)
        return read_response(s)


def read_response(sock, buffered=b""):
    """Reads one HTTP response; returns (status, body, bytes read past it)."""
    data = buffered
    while b"\r\n\r\n" not in data:
        chunk = sock.recv(65536)
        if not chunk:
            raise ConnectionError("closed before a response header")
        data += chunk
    head, rest = data.split(b"\r\n\r\n", 1)
    status = int(head.split(b" ", 2)[1])
    match = re.search(rb"content-length:\s*(\d+)", head, re.I)
    length = int(match.group(1)) if match else 0
    while len(rest) < length:
        chunk = sock.recv(65536)
        if not chunk:
            break
        rest += chunk
    return status, rest[:length].decode(errors="replace"), rest[length:]


def closed_by_server(sock, within):
    """True when the server closes `sock` within `within` seconds (EOF or reset)."""
    sock.settimeout(within)
    try:
        while True:
            if not sock.recv(4096):
                return True
    except (ConnectionResetError, BrokenPipeError):
        return True
    except socket.timeout:
        return False


class Checks:
    def __init__(self):
        self.lock = threading.Lock()
        self.results = []

    def record(self, name, ok, detail):
        with self.lock:
            self.results.append((name, bool(ok), detail))
            print("  %-15s %s  %s" % (name, "ok  " if ok else "FAIL", detail), flush=True)

    def run(self, name, fn):
        try:
            ok, detail = fn()
        except Exception as e:  # a check that raises has failed, with the reason
            ok, detail = False, "%s: %s" % (type(e).__name__, e)
        self.record(name, ok, detail)


def slow_loris(target):
    body = b"( INFO )"
    request = (b"POST / HTTP/1.1\r\nHost: x\r\nContent-Length: %d\r\n\r\n" % len(body)) + body
    s = socket.create_connection(target, timeout=5)
    begun = time.time()
    try:
        for i in range(len(request)):
            s.sendall(request[i:i + 1])
            time.sleep(1.0)
            if time.time() - begun > READ_TIMEOUT_S + 5:
                break
    except (BrokenPipeError, ConnectionResetError):
        return True, "closed after %.1f s of a byte a second" % (time.time() - begun)
    closed = closed_by_server(s, READ_TIMEOUT_S + 2)
    return closed, "closed after %.1f s of a byte a second" % (time.time() - begun) if closed \
        else "still open after %.1f s" % (time.time() - begun)


def over_cap(target):
    size = CAP_MB * 1024 * 1024 + 4096
    s = socket.create_connection(target, timeout=10)
    s.sendall(b"POST / HTTP/1.1\r\nHost: x\r\nContent-Length: %d\r\n\r\n" % size)
    try:
        sent = 0
        while sent < size:
            s.sendall(b"(" * 65536)
            sent += 65536
    except (BrokenPipeError, ConnectionResetError):
        pass
    status, body, _ = read_response(s)
    s.close()
    return status == 413, "%d %s" % (status, body)


def crowd(target, n=200):
    sockets = []
    for _ in range(n):
        sockets.append(socket.create_connection(target, timeout=30))
    message = b"( INFO )"
    request = b"POST / HTTP/1.1\r\nHost: x\r\nContent-Length: %d\r\n\r\n%s" % (len(message), message)
    for s in sockets:
        s.sendall(request)
    busy = 0
    for s in sockets:
        status, body, _ = read_response(s)
        busy += status == 200 and "status busy" in body
        s.close()
    return busy == n, "%d of %d answered busy" % (busy, n)


def pipelining(target):
    message = b"( INFO )"
    one = b"POST / HTTP/1.1\r\nHost: x\r\nContent-Length: %d\r\n\r\n%s" % (len(message), message)
    with socket.create_connection(target, timeout=10) as s:
        s.sendall(one + one)
        first, body1, rest = read_response(s)
        second, body2, _ = read_response(s, rest)
    ok = first == second == 200 and "name" in body1 and "name" in body2
    return ok, "replies %d and %d" % (first, second)


def trailing_junk(target):
    status, body, _ = post("( INFO ) trailing garbage", target)
    return status == 400, "%d %s" % (status, body)


def not_http(target):
    with socket.create_connection(target, timeout=10) as s:
        s.sendall(b"\x00\xffhello there\r\n\r\n")
        status, body, _ = read_response(s)
    return status == 400, "%d %s" % (status, body)


def expect_busy(target, message):
    def check():
        status, body, _ = post(message, target)
        return status == 200 and body == "busy", "%d %s" % (status, body)
    return check


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--ggp", default=os.environ.get("GGP", os.path.join(ROOT, "build", "ggp")))
    p.add_argument("--game", default=os.path.join(ROOT, "games_kif", "breakthrough_5x5.kif"))
    p.add_argument("--playclock", type=int, default=2)
    p.add_argument("--player", default="amaf:c=0.4,batch=16,cutoff=1,leaf_playouts=4")
    args = p.parse_args()

    work = tempfile.mkdtemp(prefix="hostile.")
    log = open(os.path.join(work, "serve.log"), "w")
    target_proc, target = start_serve(args.ggp, args.player,
                                      ["--read-timeout-ms", str(READ_TIMEOUT_S * 1000),
                                       "--max-request-mb", str(CAP_MB)], log, "hostile")
    other_proc, other = start_serve(args.ggp, args.player, [], log, "hostile")
    record = os.path.join(work, "match.json")
    print("hostile: target 127.0.0.1:%d, opponent 127.0.0.1:%d, %s at %d s" % (
        target[1], other[1], os.path.basename(args.game), args.playclock), flush=True)
    checks = Checks()
    try:
        match = subprocess.Popen([args.ggp, "match", args.game, "--player", "%s:%d" % target,
                                  "--player", "%s:%d" % other, "--startclock", "3",
                                  "--playclock", str(args.playclock), "--json", record],
                                 stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        time.sleep(4)  # the START is answered; the first PLAYs are on their way
        half_open = []
        for _ in range(50):
            s = socket.create_connection(target, timeout=10)
            s.sendall(b"POST / HTTP/1.1\r\nHost: x\r\n")
            half_open.append(s)
        start = ("( START intruder.1 white ( ( role white ) ( role black ) ( init ( c 1 ) ) "
                 "( legal white go ) ( legal black go ) ( <= terminal ( true ( c 1 ) ) ) "
                 "( goal white 50 ) ( goal black 50 ) ) 3 1 )")
        work_list = [
            ("slow-loris", lambda: slow_loris(target)),
            ("over the cap", lambda: over_cap(target)),
            ("crowd", lambda: crowd(target)),
            ("pipelining", lambda: pipelining(target)),
            ("trailing junk", lambda: trailing_junk(target)),
            ("not HTTP", lambda: not_http(target)),
            ("second START", expect_busy(target, start)),
            ("unknown PLAY", expect_busy(target, "( PLAY never.started NIL )")),
            ("foreign ABORT", expect_busy(target, "( ABORT intruder.1 )")),
        ]
        threads = [threading.Thread(target=checks.run, args=item) for item in work_list]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        closed = sum(closed_by_server(s, READ_TIMEOUT_S + 2) for s in half_open)
        checks.record("half-open", closed == len(half_open),
                      "%d of %d closed by the server's read timeout" % (closed, len(half_open)))
        output, _ = match.communicate(timeout=600)
        with open(record) as f:
            rec = json.load(f)
        errors = [e for turn in rec.get("errors", []) for e in turn if e]
        checks.record("the real match", rec.get("isCompleted") and not errors,
                      "completed=%s, %d turns, %d late/illegal/failed replies %s" % (
                          rec.get("isCompleted"), len(rec.get("moves", [])), len(errors),
                          sorted(set(errors))))
        alive = target_proc.poll() is None
        checks.record("still serving", alive and "available" in post("( INFO )", target)[1],
                      "the target answers INFO after it all" if alive else "the target died")
    finally:
        for proc in (target_proc, other_proc):
            proc.kill()
        log.close()
    failed = [name for name, ok, _ in checks.results if not ok]
    print("hostile: %d checks, %d failed%s" % (len(checks.results), len(failed),
                                               (": " + ", ".join(failed)) if failed else ""))
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
