"""The fleet's shared rate limit: three taskboard replicas behind a real HAProxy share their
rate-limit buckets in one Redis (CATALOG_RATE_LIMIT_STORE), so a caller has one budget across
the fleet, not one per replica.

Starts three `taskboard serve --http` processes (as tests/e2e/fleet_client.py does, with
CATALOG_RATE_LIMIT=1/min,burst=5 and the store the E2E step started) and HAProxy round robin in
front. One caller (its bearer token) sends CALLS `tools/call` POSTs through HAProxy, one at a
time: the refill (one call a minute) adds none meanwhile, so exactly BURST are answered with the
API's 200 and the rest get 429 with `Retry-After` and the limiter's text. Without the shared
store each replica would let through its own burst (all CALLS here). Then the replicas are
started again with a second caller's token on the same store, whose budget is its own: again
exactly BURST answered. Checks, each counted: the answered calls went to more than one replica
(HAProxy's log), the API received exactly the answered ones (Prism's log), and the store holds
the callers' digests, never a token. Runs in seconds. Ends with `N passed, M failed`.

    python tests/e2e/fleet_rate_client.py --server target/debug/examples/taskboard \
        --base-url http://127.0.0.1:4010 --prism-log target/e2e/prism.log \
        --haproxy haproxy --work target/e2e/fleet-rate --redis-url redis://127.0.0.1:6379/0
"""

from __future__ import annotations

import argparse
import http.client
import json
import re
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

from fleet_client import REPLICAS, Replica, free_port, haproxy_config
from mcp_client import Checks, PrismLog

BURST = 5
RATE = f"1/min,burst={BURST}"
CALLS = 12
TOKENS = ["e2e-fleet-rate-caller-one-0123456789", "e2e-fleet-rate-caller-two-9876543210"]
FIRST_TASK_ID = [2_000_000, 3_000_000]
REFUSAL = ("Too Many Requests: rate limited: this caller may call this server's tools 1 call "
           f"per minute (burst {BURST}) (CATALOG_RATE_LIMIT); nothing was sent; retry in ")


def post(front: int, token: str, task_id: int) -> tuple[int, str | None, str]:
    """One `tools/call` of `get_task` on its own connection: status, `Retry-After`, body."""
    body = json.dumps({"jsonrpc": "2.0", "id": 1, "method": "tools/call",
                       "params": {"name": "get_task",
                                  "arguments": {"board_id": "ops", "task_id": task_id}}})
    conn = http.client.HTTPConnection("127.0.0.1", front, timeout=30)
    try:
        conn.request("POST", "/mcp", body=body, headers={
            "content-type": "application/json",
            "accept": "application/json, text/event-stream",
            "authorization": f"Bearer {token}",
        })
        r = conn.getresponse()
        return r.status, r.getheader("retry-after"), r.read().decode(errors="replace")
    finally:
        conn.close()


def redis_keys(url: str) -> str:
    """The store's keys (`KEYS *`), as the raw RESP reply."""
    m = re.match(r"^redis://(?:[^@/]*@)?([^:/]+)(?::(\d+))?", url)
    assert m, url
    with socket.create_connection((m.group(1), int(m.group(2) or 6379)), timeout=5) as s:
        s.sendall(b"*2\r\n$4\r\nKEYS\r\n$1\r\n*\r\n*1\r\n$4\r\nQUIT\r\n")
        out = b""
        while chunk := s.recv(65536):
            out += chunk
    return out.decode(errors="replace")


def served_by(haproxy_log: Path, since: int) -> list[tuple[int, str]]:
    """(status, replica) of each request HAProxy logged after `since` characters."""
    out = []
    for line in haproxy_log.read_text(errors="replace")[since:].splitlines():
        m = re.match(r"^(\d{3}) (\S+) ", line)
        if m:
            out.append((int(m.group(1)), m.group(2)))
    return out


def caller_run(checks: Checks, front: int, caller: int, haproxy_log: Path,
               log: PrismLog) -> None:
    token = TOKENS[caller]
    name = ["one", "two"][caller]
    since = len(haproxy_log.read_text(errors="replace"))
    prism_since = len(log.text())
    answers = [post(front, token, FIRST_TASK_ID[caller] + i) for i in range(CALLS)]
    ok = [a for a in answers if a[0] == 200 and '"isError":false' in a[2]]
    refused = [a for a in answers if a[0] == 429]
    checks.check(len(ok) == BURST and len(refused) == CALLS - BURST
                 and answers[:BURST] == ok and answers[BURST:] == refused,
                 f"caller {name}: of {CALLS} calls across the fleet exactly {BURST} answered "
                 "(one budget), the rest 429",
                 str([(s, r, b[:120]) for s, r, b in answers]))
    retry_ok = all(r is not None and r.isdigit() and 1 <= int(r) <= 60
                   and b == f"{REFUSAL}{r} s" for _, r, b in refused)
    checks.check(bool(refused) and retry_ok,
                 f"caller {name}: each 429 has Retry-After (1..60 s) and the limiter's text",
                 str([(r, b) for _, r, b in refused[:3]]))
    # HAProxy writes its log line when the request ends; give it a moment.
    time.sleep(0.3)
    served = served_by(haproxy_log, since)
    answered_on = {s for status, s in served if status == 200}
    if caller == 0:
        checks.check(len(served) == CALLS and len(answered_on) > 1,
                     "caller one: the answered calls were spread over more than one replica "
                     "(each alone would have allowed its own burst)",
                     str(served))
    def received() -> list[int]:
        lines = [line for line in log.text()[prism_since:].splitlines()
                 if "Request received" in line]
        return [int(i) for line in lines for i in re.findall(r"/tasks/(\d+)", line)
                if FIRST_TASK_ID[caller] <= int(i) < FIRST_TASK_ID[caller] + CALLS]

    deadline = time.monotonic() + 5
    while len(received()) < BURST and time.monotonic() < deadline:
        time.sleep(0.1)
    # A refused call that reached the API would come after the answered ones.
    time.sleep(0.3)
    ids = received()
    checks.check(sorted(ids) == [FIRST_TASK_ID[caller] + i for i in range(BURST)],
                 f"caller {name}: the API received the {BURST} answered calls, no refused one",
                 str(sorted(ids)))


def restart_all(replicas: list[Replica]) -> list:
    """SIGTERM to every replica at once, then each started again: exit codes."""
    exits: list = [None] * len(replicas)

    def stop(i: int) -> None:
        exits[i] = replicas[i].terminate()

    threads = [threading.Thread(target=stop, args=(i,)) for i in range(len(replicas))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    for r in replicas:
        r.start()
    return exits


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--server", required=True, help="the taskboard example binary")
    parser.add_argument("--base-url", required=True, help="Prism's URL")
    parser.add_argument("--prism-log", required=True, type=Path)
    parser.add_argument("--haproxy", required=True, help="the haproxy binary")
    parser.add_argument("--work", required=True, type=Path, help="a folder for configs and logs")
    parser.add_argument("--redis-url", required=True, help="the store the E2E step started")
    args = parser.parse_args()
    args.work.mkdir(parents=True, exist_ok=True)
    log = PrismLog(args.prism_log)
    checks = Checks()
    replicas = [Replica(args.server, args.base_url, args.work, i) for i in range(REPLICAS)]
    for r in replicas:
        r.extra_env = {
            "CATALOG_HTTP_TOKEN": TOKENS[0],
            "CATALOG_RATE_LIMIT": RATE,
            "CATALOG_RATE_LIMIT_STORE": args.redis_url,
            # Nothing to drain here: a restart is quick.
            "CATALOG_HTTP_SHUTDOWN_DELAY": "0.6",
        }
    haproxy = None
    haproxy_log = args.work / "haproxy.log"
    t0 = time.monotonic()
    try:
        for r in replicas:
            r.start()
        checks.check(all(r.wait_ready() for r in replicas), "three replicas ready on one store")
        front = free_port()
        (args.work / "haproxy.cfg").write_text(haproxy_config(front, replicas))
        haproxy = subprocess.Popen(
            [args.haproxy, "-db", "-f", str(args.work / "haproxy.cfg")],
            stdout=open(haproxy_log, "w"), stderr=subprocess.STDOUT, start_new_session=True)
        # Every replica in service (two good checks 250 ms apart) before the calls.
        time.sleep(1.5)
        print(f"HAProxy on 127.0.0.1:{front} over replicas on ports {[r.port for r in replicas]}, "
              f"store {args.redis_url}, CATALOG_RATE_LIMIT={RATE}")
        caller_run(checks, front, 0, haproxy_log, log)

        # The second caller: the same fleet and store, another token.
        for r in replicas:
            r.extra_env["CATALOG_HTTP_TOKEN"] = TOKENS[1]
        exits = restart_all(replicas)
        ready = all(r.wait_ready() for r in replicas)
        checks.check(exits == [0] * REPLICAS and ready,
                     "the replicas restarted with the second caller's token", str(exits))
        time.sleep(1.5)
        caller_run(checks, front, 1, haproxy_log, log)

        keys = redis_keys(args.redis_url)
        digests = set(re.findall(r"catalog:rate:\{([0-9a-f]{32})\}:[^:\r\n]+:server", keys))
        checks.check(len(digests) == 2 and not any(t in keys for t in TOKENS),
                     "the store holds the two callers' digests, never a token", keys[:400])
    except Exception as e:  # a crash is a failure, reported like one
        checks.check(False, "the run completed", f"{type(e).__name__}: {e}")
    finally:
        for r in replicas:
            if r.process and r.process.poll() is None:
                r.process.kill()
        if haproxy:
            haproxy.terminate()
            try:
                haproxy.wait(timeout=5)
            except subprocess.TimeoutExpired:
                haproxy.kill()
    print(f"fleet rate limit: {time.monotonic() - t0:.1f} s")
    print(f"{checks.passed} passed, {checks.failed} failed")
    return 0 if checks.failed == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
