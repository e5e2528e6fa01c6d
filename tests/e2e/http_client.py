"""End-to-end check of the taskboard MCP server over Streamable HTTP with the official Python MCP
SDK's Streamable HTTP client.

Starts `taskboard serve --http 127.0.0.1:0` processes against a Prism mock of
openapi/taskboard.yaml and checks: without the bearer token the answer is 401 with a
`WWW-Authenticate` header pointing at the OAuth Protected Resource Metadata, which is served; a
foreign `Origin` gets 403; with the token the SDK client lists the tools and calls them (Prism
validates each request); the per-tool writes guard lets exactly the listed tool write; and two
server processes on two ports answer one client whose successive requests alternate between them.
Prints every check and ends with `N passed, M failed`; exits non-zero on any failure.

    python tests/e2e/http_client.py --server target/debug/examples/taskboard \
        --base-url http://127.0.0.1:4010 --prism-log target/e2e/prism.log
"""

from __future__ import annotations

import argparse
import asyncio
import os
import subprocess
import sys
from pathlib import Path

import httpx2
from mcp import ClientSession
from mcp.client.streamable_http import streamable_http_client

from mcp_client import TOOLS, VALID, Checks, PrismLog, text_of

TOKEN = "e2e-http-token-0123456789"


class Server:
    """One `taskboard serve --http 127.0.0.1:0` process; its port is read from its first line."""

    def __init__(self, binary: str, base_url: str, writes: str) -> None:
        env = dict(os.environ)
        env["TASKBOARD_BASE_URL"] = base_url
        env["TASKBOARD_API_KEY"] = "e2e-key"
        env["CATALOG_TIMEOUT_SECS"] = "20"
        env["CATALOG_HTTP_TOKEN"] = TOKEN
        env["CATALOG_ALLOW_WRITES"] = writes
        # The recorder reports when the server stops, which an HTTP server does not do here.
        env.pop("CATALOG_RECORD", None)
        self.process = subprocess.Popen(
            [binary, "serve", "--http", "127.0.0.1:0"],
            env=env,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
        )
        line = self.process.stderr.readline().strip()
        prefix = "taskboard: serving MCP at "
        if not line.startswith(prefix):
            self.stop()
            raise RuntimeError(f"the server did not start: {line!r}")
        self.url = line[len(prefix):]
        self.port = int(self.url.split(":")[2].split("/")[0])

    def stop(self) -> None:
        self.process.terminate()
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()


class Alternating(httpx2.AsyncBaseTransport):
    """Sends each request to the next port in turn, as a round-robin load balancer would."""

    def __init__(self, ports: list[int]) -> None:
        self.ports = ports
        self.next = 0
        self.counts = {p: 0 for p in ports}
        self.inner = httpx2.AsyncHTTPTransport()

    async def handle_async_request(self, request: httpx2.Request) -> httpx2.Response:
        port = self.ports[self.next % len(self.ports)]
        self.next += 1
        self.counts[port] += 1
        request.url = request.url.copy_with(port=port)
        return await self.inner.handle_async_request(request)

    async def aclose(self) -> None:
        await self.inner.aclose()


def mcp_headers() -> dict[str, str]:
    return {"content-type": "application/json", "accept": "application/json, text/event-stream"}


INITIALIZE = {
    "jsonrpc": "2.0", "id": 1, "method": "initialize",
    "params": {"protocolVersion": "2025-06-18", "capabilities": {},
               "clientInfo": {"name": "e2e-raw", "version": "1"}},
}


async def auth_and_origin(server: Server, checks: Checks) -> None:
    print(f"authorization and Origin ({server.url})")
    async with httpx2.AsyncClient() as http:
        r = await http.post(server.url, json=INITIALIZE, headers=mcp_headers())
        metadata_url = server.url.replace("/mcp", "/.well-known/oauth-protected-resource/mcp")
        challenge = r.headers.get("www-authenticate", "")
        checks.check(
            r.status_code == 401 and challenge == f'Bearer resource_metadata="{metadata_url}"',
            "no token: 401 with WWW-Authenticate pointing at the resource metadata",
            f"{r.status_code} {challenge!r}",
        )
        r = await http.post(server.url, json=INITIALIZE,
                            headers=dict(mcp_headers(), authorization="Bearer wrong-token"))
        checks.check(
            r.status_code == 401 and 'error="invalid_token"' in r.headers.get("www-authenticate", ""),
            "wrong token: 401 invalid_token",
            f"{r.status_code} {r.headers.get('www-authenticate')!r}",
        )
        m = await http.get(metadata_url)
        doc = m.json() if m.status_code == 200 else {}
        checks.check(
            doc.get("resource") == server.url and doc.get("bearer_methods_supported") == ["header"],
            "the resource metadata is served and names the /mcp resource",
            f"{m.status_code} {m.text[:200]}",
        )
        r = await http.post(server.url, json=INITIALIZE,
                            headers=dict(mcp_headers(), authorization=f"Bearer {TOKEN}",
                                         origin="https://evil.example"))
        checks.check(r.status_code == 403, "a foreign Origin: 403", f"{r.status_code} {r.text[:200]}")
        r = await http.post(server.url, json=INITIALIZE,
                            headers=dict(mcp_headers(), authorization=f"Bearer {TOKEN}"))
        checks.check(r.status_code == 200, "with the token: 200", f"{r.status_code} {r.text[:200]}")


async def sdk_run(server: Server, checks: Checks, log: PrismLog) -> None:
    print(f"SDK client over Streamable HTTP ({server.url}), writes allowed for create_task only")
    client = httpx2.AsyncClient(headers={"authorization": f"Bearer {TOKEN}"},
                                timeout=httpx2.Timeout(30, read=60))
    async with client, streamable_http_client(server.url, http_client=client) as (read, write):
        async with ClientSession(read, write) as session:
            await session.initialize()
            listed = await session.list_tools()
            names = {t.name for t in listed.tools}
            checks.check(names == TOOLS, f"tools/list gives exactly the {len(TOOLS)} tools",
                         f"got {sorted(names)}")
            before = log.requests()
            result = await session.call_tool("get_task", VALID["get_task"])
            text = text_of(result)
            checks.check(not result.is_error and text.startswith("HTTP 200 OK\n"),
                         "get_task: succeeds", text[:300])
            result = await session.call_tool("create_task", VALID["create_task"])
            text = text_of(result)
            checks.check(not result.is_error and text.startswith("HTTP 201 Created\n"),
                         "create_task (listed in CATALOG_ALLOW_WRITES): succeeds", text[:300])
            result = await session.call_tool("delete_task", VALID["delete_task"])
            text = text_of(result)
            checks.check(
                result.is_error and text.startswith("writes are disabled for `delete_task`")
                and "CATALOG_ALLOW_WRITES=delete_task" in text,
                "delete_task (not listed): refused, saying how to enable it",
                text,
            )
            after = log.wait_for(before + 2)
            checks.check(after == before + 2, "Prism received exactly the 2 allowed calls",
                         f"{after - before}")


async def metrics_read(server: Server, checks: Checks) -> None:
    """The server's /metrics after sdk_run, read by the Prometheus project's own text parser."""
    from prometheus_client.parser import text_string_to_metric_families

    print(f"metrics at {server.url.rsplit('/', 1)[0]}/metrics, parsed by prometheus_client")
    async with httpx2.AsyncClient() as http:
        base = server.url.rsplit("/", 1)[0]
        anonymous = await http.get(f"{base}/metrics")
        checks.check(anonymous.status_code == 401, "without the token: 401", str(anonymous.status_code))
        r = await http.get(f"{base}/metrics", headers={"authorization": f"Bearer {TOKEN}"})
    families = {f.name: f for f in text_string_to_metric_families(r.text)}
    checks.check(
        {"catalog_tool_calls", "catalog_tool_call_duration_seconds", "catalog_upstream_responses",
         "catalog_refusals", "catalog_calls_in_flight", "catalog_calls_in_flight_limit"}
        <= set(families),
        "every family parsed", str(sorted(families)))
    calls = {
        (s.labels["tool"], s.labels["outcome"]): s.value
        for s in families["catalog_tool_calls"].samples
    }
    checks.check(
        calls == {("get_task", "ok"): 1.0, ("create_task", "ok"): 1.0,
                  ("delete_task", "refused"): 1.0},
        "calls by tool and outcome are the calls made", str(calls))
    refusals = {s.labels["cause"]: s.value for s in families["catalog_refusals"].samples}
    checks.check(refusals == {"writes_disabled": 1.0}, "refusals by cause", str(refusals))
    counts = {
        s.labels["tool"]: s.value
        for s in families["catalog_tool_call_duration_seconds"].samples
        if s.name.endswith("_count")
    }
    checks.check(counts == {"get_task": 1.0, "create_task": 1.0, "delete_task": 1.0},
                 "one latency observation per call", str(counts))


async def replicas_run(a: Server, b: Server, checks: Checks, log: PrismLog) -> None:
    print(f"two replicas, requests alternating ({a.url}, {b.url})")
    transport = Alternating([a.port, b.port])
    client = httpx2.AsyncClient(headers={"authorization": f"Bearer {TOKEN}"}, transport=transport,
                                timeout=httpx2.Timeout(30, read=60))
    answered = 0
    async with client, streamable_http_client(a.url, http_client=client) as (read, write):
        async with ClientSession(read, write) as session:
            await session.initialize()
            listed = await session.list_tools()
            answered += len(listed.tools) == len(TOOLS)
            before = log.requests()
            calls = ["get_task", "list_tasks", "search", "get_task", "list_tasks", "search"]
            for name in calls:
                result = await session.call_tool(name, VALID[name])
                ok = not result.is_error and text_of(result).startswith("HTTP 200 OK\n")
                answered += ok
                if not ok:
                    print(f"        {name}: {text_of(result)[:200]}")
            after = log.wait_for(before + len(calls))
    checks.check(answered == 1 + len(calls),
                 f"every request answered ({answered} of {1 + len(calls)})")
    checks.check(after == before + len(calls), f"Prism received the {len(calls)} calls",
                 f"{after - before}")
    checks.check(all(n >= 3 for n in transport.counts.values()),
                 "both processes served requests of the one client", str(transport.counts))


async def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--server", required=True, help="the taskboard example binary")
    parser.add_argument("--base-url", required=True, help="Prism's URL")
    parser.add_argument("--prism-log", required=True, type=Path)
    args = parser.parse_args()
    log = PrismLog(args.prism_log)
    checks = Checks()
    servers: list[Server] = []
    try:
        servers = [Server(args.server, args.base_url, writes="create_task") for _ in range(2)]
        await auth_and_origin(servers[0], checks)
        await sdk_run(servers[0], checks, log)
        await metrics_read(servers[0], checks)
        await replicas_run(servers[0], servers[1], checks, log)
        errors = log.validation_errors()
        checks.check(not errors, "Prism logged no request validation error",
                     "\n        ".join(errors[:10]))
    except Exception as e:  # a crash is a failure, reported like one
        checks.check(False, "the run completed", f"{type(e).__name__}: {e}")
    finally:
        for s in servers:
            s.stop()
    print(f"{checks.passed} passed, {checks.failed} failed")
    return 0 if checks.failed == 0 else 1


if __name__ == "__main__":
    sys.exit(asyncio.run(main()))
