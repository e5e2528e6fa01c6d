"""The fleet run: three taskboard replicas behind a real HAProxy, each restarted in turn while a
bounded load of `tools/call` goes through the load balancer with the official Python MCP SDK.

Starts three `taskboard serve --http` processes (stateless Streamable HTTP) against a Prism mock
of openapi/taskboard.yaml, and HAProxy (Debian's package) in front of them: round robin, health
checks on each replica's `/readyz`, and retries of what a replica did not take (a refused
connection, or the 503 with `Retry-After` a draining replica gives a request on a kept-alive
connection). Workers, each an SDK client session through HAProxy, call `get_task` with a task id
of their own per call; meanwhile each replica in turn gets SIGTERM, must exit 0 (graceful stop:
it serves on for CATALOG_HTTP_SHUTDOWN_DELAY with readiness 503 until HAProxy takes it out,
then answers the calls in flight), and is started again on its port and waited for until ready.

Checks, each counted: every call answered with the API's 200; every replica stopped gracefully
and served again after its restart; the API (Prism's log) received every call's task id exactly
once: none lost, none duplicated; HAProxy answered no 5xx; Prism logged no validation error.
Prints the figures (calls, seconds, p50/p99 latency, failures) and writes them to --figures as
JSON for BENCHMARKS.md. Ends with `N passed, M failed`; exits non-zero on any failure.

    python tests/e2e/fleet_client.py --server target/debug/examples/taskboard \
        --base-url http://127.0.0.1:4010 --prism-log target/e2e/prism.log \
        --haproxy haproxy --work target/e2e/fleet --figures target/e2e/fleet.json
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import re
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import httpx2
from mcp import ClientSession
from mcp.client.streamable_http import streamable_http_client

from mcp_client import Checks, PrismLog, text_of

TOKEN = "e2e-fleet-token-0123456789"
REPLICAS = 3
# Bounds: the load runs until every replica has been restarted and at least MIN_CALLS are done,
# never past MAX_CALLS or MAX_SECONDS.
MIN_CALLS = 600
MAX_CALLS = 3000
MAX_SECONDS = 120
WORKERS = 8
FIRST_TASK_ID = 1_000_000
# Seconds a replica serves on after SIGTERM (CATALOG_HTTP_SHUTDOWN_DELAY): above HAProxy's
# `fall 2` times `inter 250ms`.
SHUTDOWN_DELAY = 1.5


class Replica:
    """One `taskboard serve --http` process on a fixed port (the first start picks it)."""

    def __init__(self, binary: str, base_url: str, log_dir: Path, index: int) -> None:
        self.binary = binary
        self.base_url = base_url
        self.log_dir = log_dir
        self.index = index
        self.port = 0
        self.starts = 0
        self.process: subprocess.Popen | None = None
        # Settings of a run of its own (tests/e2e/fleet_rate_client.py), over the ones below.
        self.extra_env: dict[str, str] = {}

    def start(self) -> None:
        env = dict(os.environ)
        env["TASKBOARD_BASE_URL"] = self.base_url
        env["TASKBOARD_API_KEY"] = "e2e-key"
        env["CATALOG_TIMEOUT_SECS"] = "20"
        env["CATALOG_HTTP_TOKEN"] = TOKEN
        env["CATALOG_SHUTDOWN_GRACE"] = "10"
        # Serve on after SIGTERM, readiness 503, until HAProxy has taken the replica out (two
        # failed checks 250 ms apart): without it HAProxy now and then sent a request on a
        # kept-alive connection as the replica closed it, and the call was lost.
        env["CATALOG_HTTP_SHUTDOWN_DELAY"] = str(SHUTDOWN_DELAY)
        env.pop("CATALOG_RECORD", None)
        env.update(self.extra_env)
        self.starts += 1
        log = open(self.log_dir / f"replica{self.index}-{self.starts}.log", "w")
        self.process = subprocess.Popen(
            [self.binary, "serve", "--http", f"127.0.0.1:{self.port}"],
            env=env,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
        )
        line = self.process.stderr.readline().strip()
        prefix = "taskboard: serving MCP at "
        if not line.startswith(prefix):
            self.process.kill()
            raise RuntimeError(f"replica {self.index} did not start: {line!r}")
        log.write(line + "\n")
        self.url = line[len(prefix):]
        self.port = int(self.url.split(":")[2].split("/")[0])
        # The rest of its stderr goes to its log file, read by nobody while it runs.
        threading.Thread(target=_copy, args=(self.process.stderr, log), daemon=True).start()

    def wait_ready(self, timeout: float = 20.0) -> bool:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            try:
                r = httpx2.get(f"http://127.0.0.1:{self.port}/readyz", timeout=2)
                if r.status_code == 200:
                    return True
            except httpx2.HTTPError:
                pass
            time.sleep(0.1)
        return False

    def terminate(self, timeout: float = 30.0) -> int | None:
        """SIGTERM, then the exit code (None when it had to be killed)."""
        assert self.process is not None
        self.process.send_signal(signal.SIGTERM)
        try:
            return self.process.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
            return None


def _copy(stream, log) -> None:
    for line in stream:
        log.write(line)
    log.close()


def haproxy_config(front: int, replicas: list[Replica]) -> str:
    servers = "\n".join(
        f"  server r{r.index} 127.0.0.1:{r.port} check" for r in replicas
    )
    return f"""global
  log stdout format raw local0
  maxconn 1024

defaults
  mode http
  log global
  log-format "%ST %s %Tt %{{+Q}}r"
  timeout connect 2s
  timeout client 60s
  timeout server 60s
  # What a replica did not take is sent to another one: a refused connection (the replica has
  # closed its listener), an empty response, or the 503 a draining replica answers on a
  # kept-alive connection. None of these reached the API, so none is sent twice.
  retries 3
  option redispatch 1
  retry-on conn-failure empty-response 503
  # Kept-alive connections to the replicas (HAProxy's default): a request caught arriving on one
  # as its replica stops is answered there, with `Connection: close`.
  timeout check 2s

frontend mcp
  bind 127.0.0.1:{front}
  default_backend replicas

backend replicas
  balance roundrobin
  option httpchk GET /readyz
  http-check expect status 200
  # Two failed checks in a row take a replica out: one slow answer of the API under load does
  # not, and a draining replica refuses connections meanwhile (retried above).
  default-server inter 250ms fall 2 rise 2
{servers}
"""


def free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Load:
    def __init__(self) -> None:
        self.next_id = FIRST_TASK_ID
        self.latencies: list[float] = []
        self.failures: list[str] = []
        self.rolled = False
        self.started = time.monotonic()

    def take(self) -> int | None:
        done = self.next_id - FIRST_TASK_ID
        if done >= MAX_CALLS or time.monotonic() - self.started > MAX_SECONDS:
            return None
        if self.rolled and done >= MIN_CALLS:
            return None
        self.next_id += 1
        return self.next_id - 1


async def worker(url: str, load: Load) -> None:
    try:
        await session_worker(url, load)
    except Exception as e:  # a session that broke: every call it had not made is counted lost
        load.failures.append(f"a client session failed: {describe(e)}")


def describe(e: BaseException) -> str:
    """An exception, with what a task group wraps inside it."""
    if isinstance(e, BaseExceptionGroup):
        return "; ".join(describe(inner) for inner in e.exceptions)
    return f"{type(e).__name__}: {e}"


async def session_worker(url: str, load: Load) -> None:
    client = httpx2.AsyncClient(headers={"authorization": f"Bearer {TOKEN}"},
                                timeout=httpx2.Timeout(30, read=60))
    async with client, streamable_http_client(url, http_client=client) as (read, write):
        async with ClientSession(read, write) as session:
            await session.initialize()
            while (task_id := load.take()) is not None:
                t0 = time.monotonic()
                try:
                    result = await session.call_tool(
                        "get_task", {"board_id": "ops", "task_id": task_id})
                    text = text_of(result)
                    if result.is_error or not text.startswith("HTTP 200 OK\n"):
                        load.failures.append(f"task {task_id}: {text[:200]}")
                except Exception as e:  # an exception is a lost call, counted as such
                    load.failures.append(f"task {task_id}: {type(e).__name__}: {e}")
                load.latencies.append(time.monotonic() - t0)


async def roll(replicas: list[Replica], load: Load, exits: list, ready_again: list) -> None:
    # Let the load settle on all three first.
    while load.next_id - FIRST_TASK_ID < MIN_CALLS // 6:
        await asyncio.sleep(0.05)
    for r in replicas:
        code = await asyncio.to_thread(r.terminate)
        exits.append(code)
        await asyncio.to_thread(r.start)
        ready_again.append(await asyncio.to_thread(r.wait_ready))
        # HAProxy marks it up after two good checks (rise 2, every 250 ms).
        await asyncio.sleep(1.0)
    load.rolled = True


def percentile(values: list[float], p: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))]


async def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--server", required=True, help="the taskboard example binary")
    parser.add_argument("--base-url", required=True, help="Prism's URL")
    parser.add_argument("--prism-log", required=True, type=Path)
    parser.add_argument("--haproxy", required=True, help="the haproxy binary")
    parser.add_argument("--work", required=True, type=Path, help="a folder for configs and logs")
    parser.add_argument("--figures", required=True, type=Path, help="where the figures go (JSON)")
    args = parser.parse_args()
    args.work.mkdir(parents=True, exist_ok=True)
    log = PrismLog(args.prism_log)
    checks = Checks()
    replicas = [Replica(args.server, args.base_url, args.work, i) for i in range(REPLICAS)]
    haproxy = None
    haproxy_log = args.work / "haproxy.log"
    try:
        for r in replicas:
            r.start()
        checks.check(all(r.wait_ready() for r in replicas), "three replicas ready")
        front = free_port()
        (args.work / "haproxy.cfg").write_text(haproxy_config(front, replicas))
        haproxy = subprocess.Popen(
            [args.haproxy, "-db", "-f", str(args.work / "haproxy.cfg")],
            stdout=open(haproxy_log, "w"), stderr=subprocess.STDOUT, start_new_session=True)
        url = f"http://127.0.0.1:{front}/mcp"
        # HAProxy is up, and every replica is in service (its checks passed), before the load.
        up = False
        for _ in range(150):
            try:
                up = httpx2.get(f"http://127.0.0.1:{front}/readyz", timeout=1).status_code == 200
            except httpx2.HTTPError:
                up = False
            if up and "is DOWN" not in haproxy_log.read_text(errors="replace"):
                break
            time.sleep(0.2)
        checks.check(up, "HAProxy routes to ready replicas")
        print(f"HAProxy at {url} over replicas on ports {[r.port for r in replicas]}")
        before_text_len = len(log.text())
        load = Load()
        exits: list = []
        ready_again: list = []
        t0 = time.monotonic()
        await asyncio.gather(roll(replicas, load, exits, ready_again),
                             *(worker(url, load) for _ in range(WORKERS)))
        seconds = time.monotonic() - t0
        calls = load.next_id - FIRST_TASK_ID
        answered = calls - len(load.failures)
        checks.check(not load.failures, f"every call answered with the API's 200 ({answered} of {calls})",
                     "\n        ".join(load.failures[:10]))
        checks.check(exits == [0] * REPLICAS,
                     "each replica stopped gracefully on SIGTERM (exit 0 within its grace)", str(exits))
        checks.check(ready_again == [True] * REPLICAS, "each replica ready again after its restart",
                     str(ready_again))
        deadline = time.monotonic() + 10
        while log.text()[before_text_len:].count("/tasks/") < calls and time.monotonic() < deadline:
            time.sleep(0.1)
        # The replicas' readiness probes reach Prism too (HEAD of the base URL); the calls are
        # the requests for a task.
        request_lines = [
            line for line in log.text()[before_text_len:].splitlines()
            if "Request received" in line and "/tasks/" in line
        ]
        ids = [int(m) for line in request_lines for m in re.findall(r"/tasks/(\d+)", line)]
        expected = set(range(FIRST_TASK_ID, FIRST_TASK_ID + calls))
        lost = sorted(expected - set(ids))
        seen: set[int] = set()
        duplicated = sorted({i for i in ids if i in seen or seen.add(i)})
        checks.check(len(request_lines) == calls and not lost and not duplicated,
                     f"the API received each of the {calls} calls exactly once",
                     f"{len(request_lines)} requests; lost {lost[:10]}; duplicated {duplicated[:10]}")
        statuses = []
        for line in haproxy_log.read_text(errors="replace").splitlines():
            m = re.match(r"^(\d{3}) (\S+) ", line)
            if m:
                statuses.append((int(m.group(1)), m.group(2)))
        five = [s for s in statuses if s[0] >= 500]
        checks.check(statuses and not five, f"HAProxy answered no 5xx ({len(statuses)} requests logged)",
                     f"{len(five)} 5xx: {five[:10]}")
        served = {s for _, s in statuses}
        checks.check(served >= {f"r{i}" for i in range(REPLICAS)},
                     "every replica served requests through HAProxy", str(sorted(served)))
        errors = log.validation_errors()
        checks.check(not errors, "Prism logged no request validation error",
                     "\n        ".join(errors[:10]))
        figures = {
            "replicas": REPLICAS,
            "workers": WORKERS,
            "restarts": len(exits),
            "calls": calls,
            "answered": answered,
            "failed": len(load.failures),
            "seconds": round(seconds, 2),
            "p50_ms": round(percentile(load.latencies, 50) * 1000, 1),
            "p99_ms": round(percentile(load.latencies, 99) * 1000, 1),
            "haproxy_5xx": len(five),
        }
        args.figures.write_text(json.dumps(figures, indent=2) + "\n")
        print("figures: " + json.dumps(figures))
    except Exception as e:  # a crash is a failure, reported like one
        checks.check(False, "the run completed", describe(e))
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
    print(f"{checks.passed} passed, {checks.failed} failed")
    return 0 if checks.failed == 0 else 1


if __name__ == "__main__":
    sys.exit(asyncio.run(main()))
