"""The audit trail over OTLP (`CATALOG_AUDIT=otlp`), read back from a real OTLP/HTTP receiver.

The receiver is oteltest's `HttpSink` (PyPI `oteltest`): an OTLP/HTTP server that decodes each
request at /v1/logs with the official protobuf definitions (PyPI `opentelemetry-proto`,
`ExportLogsServiceRequest`) and hands it to the test; it is bound to 127.0.0.1 here, and its
raw request bodies and headers are kept too.

Serves the taskboard example (built with the `otel` feature) over stdio twice, making the same
two tool calls each time, each with a `traceparent` in `_meta`: one the API answers, one refused
for its arguments. First with CATALOG_AUDIT=stderr (the records read from its stderr), then with
CATALOG_AUDIT=otlp and OTEL_EXPORTER_OTLP_ENDPOINT naming the receiver, and
OTEL_EXPORTER_OTLP_HEADERS a header for it. Closing stdin stops the server gracefully, which sends
what is queued. Then, from what the receiver got:

- one log record per call, event `catalog.audit`, severity INFO, scope `catalog`, the resource's
  service.name;
- its body the JSON record, each field of which is an attribute `catalog.audit.<field>` of equal
  value;
- its trace id the caller's, its span id the call's span (the parent the API request's
  `traceparent` names);
- its span the call's span the same endpoint received;
- the record equal to the stderr record of the same call (but for its time, duration and the
  process id naming the stdio caller);
- the receiver's header sent;
- no argument value and no API key anywhere in the bytes received.

Then the same server over Streamable HTTP with a bearer token: one call, then SIGTERM at once;
its record arrives (sent by the graceful stop), names the caller by the token's hash, never the
token.

Prints one line per check and ends with `N passed, M failed`; prints `audit: NOT RUN: ...` and
exits 3 when the receiver cannot be imported.
"""

from __future__ import annotations

import argparse
import asyncio
import http.server
import json
import os
import secrets
import sys
import threading
import time

try:
    import oteltest.sink as oteltest_sink
    from oteltest.sink.handler import RequestHandler
except ImportError as e:  # pragma: no cover
    print(f"audit: NOT RUN: the receiver (PyPI oteltest) cannot be imported: {e}")
    sys.exit(3)

from mcp import ClientSession
from mcp.client.stdio import StdioServerParameters, stdio_client

HTTP_TOKEN = "audit-secret-bearer-token-62f8"
SECRET_TITLE = "audit-secret-title-5d1e"
SECRET_REFUSED = "audit-secret-refused-a7b3"
API_KEY = "audit-secret-api-key-0c94"
RECEIVER_KEY = "receiver-key-e2e"
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


class Api(http.server.BaseHTTPRequestHandler):
    """Answers every request with a created task and records what came."""

    received: list[dict] = []

    def handle_one(self) -> None:
        length = int(self.headers.get("content-length") or 0)
        if length:
            self.rfile.read(length)
        answer = json.dumps(CREATED).encode()
        Api.received.append(
            {
                "method": self.command,
                "traceparent": self.headers.get("traceparent"),
                "api_key": self.headers.get("x-api-key"),
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


class LoopbackHTTPServer(http.server.HTTPServer):
    """oteltest's sink binds every interface; here it listens on 127.0.0.1 only."""

    def __init__(self, address, handler):
        super().__init__(("127.0.0.1", address[1]), handler)


class Collected(RequestHandler):
    """What the receiver decoded, with the headers of each request."""

    def __init__(self) -> None:
        self.logs: list[tuple[object, dict]] = []
        self.traces: list[object] = []
        self.other: list[str] = []

    def handle_logs(self, request, headers):
        self.logs.append((request, headers))

    def handle_metrics(self, request, headers):
        self.other.append("metrics")

    def handle_trace(self, request, headers):
        self.traces.append(request)


class Sink(oteltest_sink.HttpSink):
    """oteltest's HTTP sink, keeping each request's raw body as well."""

    def __init__(self, listener, port):
        import logging

        super().__init__(listener, logging.getLogger("audit-otlp"), port=port, daemon=True)
        self.raw: list[bytes] = []

    def handle_trace(self, post_data, headers):
        self.raw.append(post_data)
        super().handle_trace(post_data, headers)

    def handle_logs(self, post_data, headers):
        self.raw.append(post_data)
        super().handle_logs(post_data, headers)


def free_port() -> int:
    import socket

    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    return port


async def calls(server: str, env: dict, traces: dict, errlog) -> None:
    params = StdioServerParameters(command=server, args=["serve"], env=env)
    async with stdio_client(params, errlog=errlog) as (read, write):
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
    # Leaving the blocks closes stdin: the server stops gracefully and sends what is queued.


async def http_call(url: str, traceparent: str) -> None:
    import httpx2
    from mcp.client.streamable_http import streamable_http_client

    client = httpx2.AsyncClient(headers={"authorization": f"Bearer {HTTP_TOKEN}"},
                                timeout=httpx2.Timeout(30, read=60))
    async with client, streamable_http_client(url, http_client=client) as (read, write):
        async with ClientSession(read, write) as session:
            await session.initialize()
            ok = await session.call_tool(
                "create_task",
                {"board_id": "b2", "title": SECRET_TITLE, "status": "todo"},
                meta={"traceparent": traceparent},
            )
            check(is_error(ok) is False, "http: the call succeeded", ok)


def http_run(server: str, env: dict, work: str, traceparent: str) -> int | None:
    """Serves over Streamable HTTP, makes one call, stops the server with SIGTERM at once;
    returns its exit status."""
    import signal
    import subprocess

    log_path = os.path.join(work, "audit-otlp-http-server.log")
    with open(log_path, "w") as log:
        process = subprocess.Popen(
            [server, "serve", "--http", "127.0.0.1:0"],
            env=dict(env, CATALOG_HTTP_TOKEN=HTTP_TOKEN),
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=log,
        )
    prefix = "taskboard: serving MCP at "
    url = None
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline and url is None and process.poll() is None:
        with open(log_path) as f:
            for line in f:
                if line.startswith(prefix):
                    url = line[len(prefix):].strip()
        time.sleep(0.1)
    if url is None:
        process.kill()
        with open(log_path) as f:
            check(False, "http: the server started", f.read()[-2000:])
        return None
    try:
        asyncio.run(http_call(url, traceparent))
    finally:
        process.send_signal(signal.SIGTERM)
        try:
            return process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            process.kill()
            return None


def any_value(value) -> object:
    """An OTLP AnyValue as the JSON value it was made of."""
    kind = value.WhichOneof("value")
    if kind == "string_value":
        return value.string_value
    if kind == "int_value":
        return value.int_value
    if kind == "double_value":
        return value.double_value
    if kind == "bool_value":
        return value.bool_value
    if kind == "array_value":
        return [any_value(v) for v in value.array_value.values]
    if kind == "kvlist_value":
        return {kv.key: any_value(kv.value) for kv in value.kvlist_value.values}
    return None


def comparable(record: dict) -> dict:
    """A record without what differs between two runs of the same call."""
    record = dict(record)
    record.pop("time", None)
    record.pop("duration_ms", None)
    caller = dict(record.get("caller") or {})
    caller.pop("id", None)
    record["caller"] = caller
    return record


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--server", required=True)
    parser.add_argument("--work", required=True)
    args = parser.parse_args()
    os.makedirs(args.work, exist_ok=True)

    api = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Api)
    threading.Thread(target=api.serve_forever, daemon=True).start()
    api_url = f"http://127.0.0.1:{api.server_address[1]}"

    oteltest_sink.HTTPServer = LoopbackHTTPServer
    collected = Collected()
    port = free_port()
    sink = Sink(collected, port)
    sink.start()

    ids = {k: (secrets.token_hex(16), secrets.token_hex(8)) for k in ("ok", "refused")}
    traces = {k: f"00-{t}-{p}-01" for k, (t, p) in ids.items()}
    base_env = dict(
        os.environ,
        TASKBOARD_BASE_URL=api_url,
        TASKBOARD_API_KEY=API_KEY,
        CATALOG_ALLOW_WRITES="create_task",
    )
    for name in list(base_env):
        if name.startswith("OTEL_") or name.startswith("CATALOG_AUDIT"):
            base_env.pop(name)
    try:
        # The same calls, their records on stderr.
        stderr_path = os.path.join(args.work, "audit-stderr.log")
        with open(stderr_path, "w") as errlog:
            asyncio.run(calls(args.server, dict(base_env, CATALOG_AUDIT="stderr"), traces, errlog))
        stderr_records = {}
        with open(stderr_path) as f:
            for line in f:
                line = line.strip()
                if not line.startswith("{"):
                    continue
                record = json.loads(line)
                for k, (t, _) in ids.items():
                    if record.get("trace_id") == t:
                        stderr_records.setdefault(k, []).append(record)
        check(
            all(len(stderr_records.get(k, [])) == 1 for k in ids),
            "stderr: one record per call",
            stderr_records,
        )
        Api.received.clear()

        # Over OTLP.
        otlp_env = dict(
            base_env,
            CATALOG_AUDIT="otlp",
            OTEL_EXPORTER_OTLP_ENDPOINT=f"http://127.0.0.1:{port}",
            OTEL_EXPORTER_OTLP_HEADERS=f"x-receiver-key={RECEIVER_KEY}",
            OTEL_SERVICE_NAME="taskboard-audit-e2e",
        )
        with open(os.path.join(args.work, "audit-otlp-server.log"), "w") as errlog:
            asyncio.run(calls(args.server, otlp_env, traces, errlog))
        # The server has exited: what it queued was sent before. The sink decodes as it reads.
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline and not collected.logs:
            time.sleep(0.2)

        found = []  # (resource attributes, scope, record) per log record
        for request, _ in collected.logs:
            for rl in request.resource_logs:
                resource = {kv.key: any_value(kv.value) for kv in rl.resource.attributes}
                for sl in rl.scope_logs:
                    for record in sl.log_records:
                        found.append((resource, sl.scope, record))
        check(len(found) == 2, "two log records, one per call", [r for _, _, r in found])
        check(
            all(
                headers.get("x-receiver-key") == RECEIVER_KEY
                and "x-protobuf" in headers.get("Content-Type", headers.get("content-type", ""))
                for _, headers in collected.logs
            )
            and collected.logs,
            "each export carries the receiver's header, as protobuf",
            [h for _, h in collected.logs],
        )
        check(not collected.other, "no metrics exported", collected.other)
        # OTEL_EXPORTER_OTLP_ENDPOINT names the receiver of the spans too.
        span_ids = {
            span.span_id.hex(): span.name
            for request in collected.traces
            for rs in request.resource_spans
            for ss in rs.scope_spans
            for span in ss.spans
        }

        by_trace = {}
        for resource, scope, record in found:
            by_trace.setdefault(record.trace_id.hex(), []).append((resource, scope, record))
        for k, (trace_id, parent_id) in ids.items():
            got = by_trace.get(trace_id, [])
            check(len(got) == 1, f"{k}: one log record in the caller's trace", list(by_trace))
            if not got:
                continue
            resource, scope, record = got[0]
            body = json.loads(record.body.string_value)
            print(f"      {k}: {json.dumps(body, sort_keys=True)}")
            check(record.event_name == "catalog.audit", f"{k}: event catalog.audit", record.event_name)
            check(
                record.severity_number == 9 and record.severity_text == "INFO",
                f"{k}: severity INFO",
                (record.severity_number, record.severity_text),
            )
            check(
                scope.name == "catalog" and resource.get("service.name") == "taskboard-audit-e2e",
                f"{k}: scope catalog, the resource's service.name",
                (scope.name, resource),
            )
            attributes = {kv.key: any_value(kv.value) for kv in record.attributes}
            expected = {f"catalog.audit.{name}": value for name, value in body.items()}
            check(attributes == expected, f"{k}: each field of the body is an attribute", (attributes, expected))
            check(body.get("trace_id") == trace_id, f"{k}: the body's trace id is the caller's", body)
            check(
                record.time_unix_nano > 0 and record.observed_time_unix_nano == record.time_unix_nano,
                f"{k}: timestamped",
                (record.time_unix_nano, record.observed_time_unix_nano),
            )
            span_id = record.span_id.hex()
            check(len(span_id) == 16 and span_id != "0" * 16 and span_id != parent_id,
                  f"{k}: the record names the call's own span", span_id)
            check(
                span_ids.get(span_id) == "tools/call create_task",
                f"{k}: that span is the call's span exported",
                (span_id, span_ids),
            )
            if k == "ok":
                posts = [r for r in Api.received if r["method"] == "POST"]
                check(len(posts) == 1, "ok: one API request", Api.received)
                if posts:
                    check(
                        posts[0]["traceparent"] == f"00-{trace_id}-{span_id}-01",
                        "ok: the record's span is the parent of the API request",
                        (posts[0]["traceparent"], span_id),
                    )
                check(
                    body.get("outcome") == "sent" and body.get("status") == 201
                    and body.get("operation") == "POST /boards/{board_id}/tasks"
                    and body.get("operation_id") == "CreateTask"
                    and body.get("arguments") == ["board_id", "status", "title"],
                    "ok: sent, 201, the operation, the argument names",
                    body,
                )
            else:
                check(
                    body.get("outcome") == "refused" and body.get("reason") == "arguments"
                    and "status" not in body,
                    "refused: refused for its arguments, no status",
                    body,
                )
            stderr_record = (stderr_records.get(k) or [None])[0]
            check(
                stderr_record is not None and comparable(body) == comparable(stderr_record),
                f"{k}: equal to the stderr record of the same call (but time, duration, process id)",
                (body, stderr_record),
            )
            check(
                isinstance(body.get("duration_ms"), (int, float)) and body["duration_ms"] >= 0
                and body.get("caller", {}).get("kind") == "stdio",
                f"{k}: a duration, the stdio caller",
                body,
            )

        # Over Streamable HTTP, stopped by SIGTERM right after its call.
        before = len(collected.logs)
        http_trace = secrets.token_hex(16)
        status = http_run(args.server, otlp_env, args.work, f"00-{http_trace}-{secrets.token_hex(8)}-01")
        check(status == 0, "http: SIGTERM stops the server gracefully", status)
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline and len(collected.logs) == before:
            time.sleep(0.2)
        http_records = [
            json.loads(record.body.string_value)
            for request, _ in collected.logs[before:]
            for rl in request.resource_logs
            for sl in rl.scope_logs
            for record in sl.log_records
        ]
        print(f"      http: {json.dumps(http_records, sort_keys=True)}")
        check(
            len(http_records) == 1 and http_records[0].get("trace_id") == http_trace
            and http_records[0].get("outcome") == "sent"
            and http_records[0].get("caller", {}).get("kind") == "token"
            and len(http_records[0]["caller"].get("id", "")) == 16,
            "http: its record sent on SIGTERM, the caller the token's hash",
            http_records,
        )

        everything = b"".join(sink.raw)
        leaked = [
            v for v in (SECRET_TITLE, SECRET_REFUSED, API_KEY, RECEIVER_KEY, HTTP_TOKEN)
            if v.encode() in everything
        ]
        check(everything and not leaked, "no argument value, API key, bearer token or receiver key in the bytes received", leaked)
    finally:
        sink.stop()
        api.shutdown()
    print(f"{PASSED} passed, {FAILED} failed")
    sys.exit(0 if FAILED == 0 else 1)


if __name__ == "__main__":
    main()
