"""Spans exported over OTLP, read back from a real receiver (Arize Phoenix).

Starts Phoenix (its OTLP/HTTP receiver at /v1/traces, its REST API to read spans back) and a
loopback API that records every request's `traceparent`, then serves the taskboard example
(built with the `otel` feature) over stdio with OTEL_EXPORTER_OTLP_ENDPOINT naming Phoenix, and
makes two tool calls, each with a `traceparent` in `_meta`: one the API answers, one refused for
its arguments. Closing stdin stops the server gracefully, which sends the spans. Then, from
Phoenix's data:

- one span per call, in the caller's trace, the caller's span as parent;
- the answered call's attributes: tool, operation, method, status, bytes in and out, latency,
  and the API request's `traceparent` naming that span as parent;
- the refused call's span: the refusal reason, an error status, and no API request sent;
- no argument value anywhere in what Phoenix holds.

Prints one line per check and ends with `N passed, M failed`; prints `otel: NOT RUN: ...` and
exits 3 when Phoenix does not start.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import secrets
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.request
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from mcp import ClientSession
from mcp.client.stdio import StdioServerParameters, stdio_client

SECRET_TITLE = "otel-secret-title-7f3a"
SECRET_REFUSED = "otel-secret-refused-91c2"
# A Task as the spec describes it (the tool's output schema).
CREATED = {"id": 1, "title": "created", "status": "todo", "labels": []}

PASSED = 0
FAILED = 0


def check(ok: bool, what: str, detail: object = "") -> None:
    global PASSED, FAILED
    if ok:
        PASSED += 1
        print(f"ok    {what}")
    else:
        FAILED += 1
        print(f"FAIL  {what}: {detail}")


def is_error(result: object) -> object:
    """A result's isError, as the SDK spells it (`is_error` from 2.0 on)."""
    return getattr(result, "is_error", getattr(result, "isError", None))


def free_port() -> int:
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    return port


class Api(BaseHTTPRequestHandler):
    """Answers every request with a created task and records what came."""

    received: list[dict] = []

    def handle_one(self) -> None:
        length = int(self.headers.get("content-length") or 0)
        body = self.rfile.read(length) if length else b""
        answer = json.dumps(CREATED).encode()
        Api.received.append(
            {
                "method": self.command,
                "path": self.path,
                "traceparent": self.headers.get("traceparent"),
                "body_bytes": len(body),
                "answer_bytes": len(answer),
            }
        )
        self.send_response(201)
        self.send_header("content-type", "application/json")
        self.send_header("content-length", str(len(answer)))
        self.end_headers()
        self.wfile.write(answer)

    do_GET = do_POST = do_PUT = do_DELETE = handle_one

    def log_message(self, *args) -> None:  # quiet
        pass


def start_phoenix(phoenix: str, work: str) -> tuple[subprocess.Popen, int]:
    port, grpc = free_port(), free_port()
    env = dict(
        os.environ,
        PHOENIX_WORKING_DIR=work,
        PHOENIX_HOST="127.0.0.1",
        PHOENIX_PORT=str(port),
        PHOENIX_GRPC_PORT=str(grpc),
    )
    log = open(os.path.join(work, "phoenix.log"), "w")
    proc = subprocess.Popen(
        [phoenix, "serve"], env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True
    )
    deadline = time.monotonic() + 240
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            break
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=2) as r:
                if r.status == 200:
                    return proc, port
        except OSError:
            pass
        time.sleep(1)
    stop(proc)
    with open(os.path.join(work, "phoenix.log")) as f:
        tail = f.read()[-2000:]
    print(f"otel: NOT RUN: Phoenix did not start on 127.0.0.1:{port}:\n{tail}")
    sys.exit(3)


def stop(proc: subprocess.Popen) -> None:
    try:
        os.killpg(proc.pid, signal.SIGTERM)
        proc.wait(timeout=20)
    except (ProcessLookupError, subprocess.TimeoutExpired):
        try:
            os.killpg(proc.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass


def spans(port: int) -> list[dict]:
    url = f"http://127.0.0.1:{port}/v1/projects/default/spans?limit=1000"
    with urllib.request.urlopen(url, timeout=10) as r:
        return json.load(r)["data"]


async def calls(server: str, api: str, receiver: str, traces: dict) -> None:
    env = dict(
        os.environ,
        TASKBOARD_BASE_URL=api,
        CATALOG_ALLOW_WRITES="create_task",
        OTEL_EXPORTER_OTLP_ENDPOINT=receiver,
        OTEL_SERVICE_NAME="taskboard-otel-e2e",
    )
    params = StdioServerParameters(command=server, args=["serve"], env=env)
    async with stdio_client(params) as (read, write):
        async with ClientSession(read, write) as session:
            await session.initialize()
            ok = await session.call_tool(
                "create_task",
                {"board_id": "b1", "title": SECRET_TITLE, "status": "todo"},
                meta={"traceparent": traces["ok"]},
            )
            check(is_error(ok) is False, "the answered call succeeded", ok)
            refused = await session.call_tool(
                "create_task",
                {"board_id": "b1", "title": "t", "status": "todo", "estimate_hours": SECRET_REFUSED},
                meta={"traceparent": traces["refused"]},
            )
            check(is_error(refused) is True, "the refused call was refused", refused)
    # Leaving the blocks closes stdin: the server stops gracefully and sends its spans.


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--server", required=True)
    parser.add_argument("--phoenix", required=True)
    parser.add_argument("--work", required=True)
    args = parser.parse_args()
    os.makedirs(args.work, exist_ok=True)

    api = ThreadingHTTPServer(("127.0.0.1", 0), Api)
    threading.Thread(target=api.serve_forever, daemon=True).start()
    api_url = f"http://127.0.0.1:{api.server_address[1]}"

    phoenix, port = start_phoenix(args.phoenix, args.work)
    try:
        ids = {k: (secrets.token_hex(16), secrets.token_hex(8)) for k in ("ok", "refused")}
        traces = {k: f"00-{t}-{p}-01" for k, (t, p) in ids.items()}
        asyncio.run(calls(args.server, api_url, f"http://127.0.0.1:{port}", traces))

        # The server has exited: its spans were sent before. Phoenix stores them shortly after.
        found: list[dict] = []
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            found = spans(port)
            if sum(1 for s in found if s["context"]["trace_id"] in {t for t, _ in ids.values()}) >= 2:
                break
            time.sleep(1)
        by_trace = {
            k: [s for s in found if s["context"]["trace_id"] == t] for k, (t, _) in ids.items()
        }

        ok_spans = by_trace["ok"]
        check(len(ok_spans) == 1, "one span for the answered call, in the caller's trace", found)
        if ok_spans:
            span = ok_spans[0]
            attrs = span.get("attributes", {})
            print(f"      span: {json.dumps(span, sort_keys=True)}")
            check(span.get("parent_id") == ids["ok"][1], "its parent is the caller's span", span)
            check(span.get("name") == "tools/call create_task", "its name", span.get("name"))
            posts = [r for r in Api.received if r["method"] == "POST"]
            check(len(posts) == 1, "one API request", Api.received)
            expected = {
                "gen_ai.tool.name": "create_task",
                "mcp.method.name": "tools/call",
                "catalog.operation": "CreateTask",
                "http.request.method": "POST",
                "url.template": "/boards/{board_id}/tasks",
                "http.response.status_code": 201,
                "http.request.body.size": posts[0]["body_bytes"] if posts else None,
                "catalog.response.bytes": posts[0]["answer_bytes"] if posts else None,
            }
            got = {k: attrs.get(k) for k in expected}
            check(got == expected, "its attributes: tool, operation, method, status, bytes", got)
            check(
                isinstance(attrs.get("catalog.latency_ms"), (int, float))
                and attrs["catalog.latency_ms"] > 0,
                "its latency",
                attrs.get("catalog.latency_ms"),
            )
            check(span.get("status_code") != "ERROR", "its status is not an error", span)
            if posts:
                want = f"00-{ids['ok'][0]}-{span['context']['span_id']}-01"
                check(
                    posts[0]["traceparent"] == want,
                    "the API request's traceparent names the span as parent",
                    (posts[0]["traceparent"], want),
                )

        refused_spans = by_trace["refused"]
        check(len(refused_spans) == 1, "one span for the refused call, in the caller's trace", found)
        if refused_spans:
            span = refused_spans[0]
            attrs = span.get("attributes", {})
            print(f"      span: {json.dumps(span, sort_keys=True)}")
            check(span.get("parent_id") == ids["refused"][1], "its parent is the caller's span", span)
            got = {k: attrs.get(k) for k in ("catalog.refusal", "error.type", "gen_ai.tool.name")}
            check(
                got == {"catalog.refusal": "arguments", "error.type": "arguments",
                        "gen_ai.tool.name": "create_task"},
                "it carries the refusal reason",
                got,
            )
            check("http.response.status_code" not in attrs, "no API status: nothing was sent", attrs)
            check(span.get("status_code") == "ERROR", "its status is an error", span)

        everything = json.dumps(found)
        leaked = [v for v in (SECRET_TITLE, SECRET_REFUSED) if v in everything]
        check(not leaked, "no argument value in the exported data", leaked)
    finally:
        stop(phoenix)
        api.shutdown()
    print(f"{PASSED} passed, {FAILED} failed")
    sys.exit(0 if FAILED == 0 else 1)


if __name__ == "__main__":
    main()
