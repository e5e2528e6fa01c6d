"""End-to-end check of the taskboard MCP server with the official Python MCP SDK.

Starts the server (the `taskboard` example binary, `serve`) over stdio against a Prism mock of
openapi/taskboard.yaml, and checks: the exact tool list; every tool with valid arguments (each
call succeeds, Prism validates every request); bad arguments (unknown, wrong type, omitted
parameter, CR/LF in a header) come back as MCP tool errors and reach Prism not at all; an
unknown tool is a JSON-RPC -32602 naming the nearest; writes are refused until
CATALOG_ALLOW_WRITES=1; the ETag round trip, with the tag read from the result's
`_meta["catalog/response"]`. Every `structuredContent` is validated against its tool's
`outputSchema` (jsonschema, 2020-12) and compared with the body in the result's text and, for
the reads, with the body Prism sends for the same request. Prints every check and ends with
`N passed, M failed`; exits non-zero on any failure.

    python tests/e2e/mcp_client.py --server target/debug/examples/taskboard \
        --base-url http://127.0.0.1:4010 --prism-log target/e2e/prism.log
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import sys
import time
import urllib.request
from pathlib import Path

from jsonschema import Draft202012Validator

from mcp import ClientSession
from mcp.client.stdio import StdioServerParameters, stdio_client
from mcp.shared.exceptions import MCPError

TOOLS = {
    "list_tasks",
    "create_task",
    "get_task",
    "replace_task",
    "delete_task",
    "set_task_labels",
    "add_comment",
    "search",
}
WRITES = {"create_task", "replace_task", "delete_task", "set_task_labels", "add_comment"}

VALID = {
    "list_tasks": {
        "board_id": "ops",
        "status": ["todo", "doing"],
        "label": ["a", "b"],
        "page": 1,
        "per_page": 20,
    },
    "create_task": {
        "board_id": "ops",
        "title": "Write the end-to-end test",
        "status": "todo",
        "description": None,
        "priority": "high",
        "due": "2026-12-01",
        "estimate_hours": 1.5,
        "labels": ["ci"],
        "assignee": {"username": "ana"},
    },
    "get_task": {"board_id": "ops", "task_id": 1},
    "replace_task": {
        "board_id": "ops",
        "task_id": 1,
        "title": "Write the end-to-end test",
        "status": "doing",
        "description": "Prism and the Python SDK",
        "priority": "low",
        "labels": ["ci"],
        "assignee": None,
        "metadata": {"source": "e2e"},
    },
    "delete_task": {"board_id": "ops", "task_id": 1},
    "set_task_labels": {"board_id": "ops", "task_id": 1, "labels": ["ci", "e2e"]},
    "add_comment": {"board_id": "ops", "text": "Looks good", "pinned": True},
    "search": {"q": "deploy", "score_min": 0.5},
}

# The request each read sends, to ask Prism directly for the body it mocks.
READ_PATHS = {
    "list_tasks": "/boards/ops/tasks?status=todo&status=doing&label=a,b&page=1&per_page=20",
    "get_task": "/boards/ops/tasks/1",
    "search": "/search?q=deploy&score_min=0.5",
}
# Tools whose JSON body is not an object: the structured result holds it under this key.
WRAPPED = {"list_tasks": "items", "search": "items"}
META_KEY = "catalog/response"

# (tool, arguments, text the error must contain)
BAD = [
    (
        "get_task",
        {"board_id": "ops", "task_id": 1, "taskid": 2},
        "unknown argument `taskid`; did you mean `task_id`?",
    ),
    (
        "get_task",
        {"board_id": "ops", "task_id": "one"},
        '$.task_id: expected integer (int64), got string "one"',
    ),
    (
        "list_tasks",
        {"board_id": "ops", "X-Request-Id": "r-1"},
        "this tool omits header.X-Request-Id: request ids correlate the server's own logs",
    ),
    (
        "search",
        {"q": "deploy", "include_archived": True},
        "this tool omits query.include_archived: archived boards are closed history",
    ),
    (
        "list_tasks",
        {"board_id": "ops", "status": ["later"]},
        'expected one of "todo", "doing", "done", got string "later"',
    ),
]


class Checks:
    def __init__(self) -> None:
        self.passed = 0
        self.failed = 0

    def check(self, ok: bool, what: str, detail: str = "") -> bool:
        if ok:
            self.passed += 1
            print(f"  ok    {what}")
        else:
            self.failed += 1
            print(f"  FAIL  {what}" + (f"\n        {detail}" if detail else ""))
        return ok


class PrismLog:
    """Prism's log: one `Request received` line per request it got."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def text(self) -> str:
        return self.path.read_text(errors="replace")

    def requests(self) -> int:
        return self.text().count("Request received")

    def wait_for(self, count: int, timeout: float = 10.0) -> int:
        deadline = time.monotonic() + timeout
        while True:
            n = self.requests()
            if n >= count or time.monotonic() > deadline:
                return n
            time.sleep(0.05)

    def validation_errors(self) -> list[str]:
        return [
            line
            for line in self.text().splitlines()
            if "[VALIDATOR]" in line and ("error" in line or "did not pass" in line)
        ]


def text_of(result) -> str:
    return "".join(getattr(c, "text", "") for c in result.content)


def attr(obj, snake: str, camel: str):
    """A field of an SDK model, whichever spelling this SDK version uses."""
    return getattr(obj, snake) if hasattr(obj, snake) else getattr(obj, camel, None)


def output_schemas(listed) -> dict:
    """Each tool's advertised outputSchema, for the tools that have one."""
    schemas = {}
    for t in listed.tools:
        schema = attr(t, "output_schema", "outputSchema")
        if schema is not None:
            schemas[t.name] = schema
    return schemas


def http_facts(result) -> dict:
    meta = attr(result, "meta", "_meta") or {}
    return meta.get(META_KEY, {})


def body_of(text: str):
    """The JSON body in a result's text: what follows the blank line after the headers."""
    return json.loads(text.split("\n\n", 1)[1])


def prism_body(base_url: str, path: str):
    """The body Prism mocks for a read, asked directly (its static mock is deterministic)."""
    request = urllib.request.Request(
        base_url + path, headers={"X-Api-Key": "e2e-key", "Accept": "application/json"})
    with urllib.request.urlopen(request, timeout=20) as response:
        return json.loads(response.read())


def check_structured(checks: Checks, name: str, result, schemas: dict) -> None:
    """A typed tool's success is structured: valid against its outputSchema, the text pointing to
    it. A tool without an outputSchema returns no structuredContent."""
    structured = attr(result, "structured_content", "structuredContent")
    schema = schemas.get(name)
    if schema is None:
        checks.check(structured is None, f"{name}: no outputSchema, no structuredContent",
                     str(structured)[:300])
        return
    if structured is None:
        checks.check(False, f"{name}: structuredContent validates against its outputSchema",
                     "no structuredContent: " + text_of(result)[-300:])
        return
    errors = [e.message for e in Draft202012Validator(schema).iter_errors(structured)]
    checks.check(not errors, f"{name}: structuredContent validates against its outputSchema",
                 "; ".join(errors[:5]))
    # The body reaches the model once: a client on MCP 2025-06-18 or later reads it in
    # structuredContent, and the text says where it is instead of carrying it again.
    text = text_of(result)
    pointer = text.split("\n\n", 1)[1] if "\n\n" in text else text
    checks.check(pointer.startswith("[the body is in structuredContent]"),
                 f"{name}: the text points to structuredContent instead of repeating the body",
                 text[:300])


async def session_for(args, allow_writes: bool):
    env = dict(os.environ)
    env["TASKBOARD_BASE_URL"] = args.base_url
    env["TASKBOARD_API_KEY"] = "e2e-key"
    env["CATALOG_TIMEOUT_SECS"] = "20"
    # The output schemas are listed (by default they are not), so that every structured result
    # is checked against the schema the server advertises.
    env["CATALOG_OUTPUT_SCHEMAS"] = "summary"
    if allow_writes:
        env["CATALOG_ALLOW_WRITES"] = "1"
    else:
        env.pop("CATALOG_ALLOW_WRITES", None)
    return StdioServerParameters(command=args.server, args=["serve"], env=env)


async def read_only_run(args, checks: Checks, log: PrismLog) -> None:
    print("server with writes disabled (CATALOG_ALLOW_WRITES unset)")
    params = await session_for(args, allow_writes=False)
    async with stdio_client(params) as (read, write):
        async with ClientSession(read, write) as session:
            await session.initialize()
            listed = await session.list_tools()
            names = {t.name for t in listed.tools}
            checks.check(
                names == TOOLS and len(listed.tools) == len(TOOLS),
                f"tools/list gives exactly the {len(TOOLS)} taskboard tools",
                f"got {sorted(names)}",
            )
            schemas = output_schemas(listed)
            checks.check(
                set(schemas) == {"list_tasks", "create_task", "get_task", "replace_task", "search"},
                "the typed tools advertise an outputSchema, the others none",
                f"got {sorted(schemas)}",
            )
            for t in listed.tools:
                schema = t.input_schema if hasattr(t, "input_schema") else t.inputSchema
                checks.check(
                    schema.get("type") == "object" and schema.get("additionalProperties") is False,
                    f"{t.name}: inputSchema is a closed object",
                    str(schema),
                )

            before = log.requests()
            sent = 0
            for name in sorted(TOOLS - WRITES):
                result = await session.call_tool(name, VALID[name])
                sent += 1
                text = text_of(result)
                checks.check(
                    not result.is_error and text.startswith("HTTP 200 OK\n"),
                    f"{name}: a read succeeds with writes disabled",
                    text[:300],
                )
                check_structured(checks, name, result, schemas)
                facts = http_facts(result)
                checks.check(facts.get("status") == 200, f"{name}: _meta gives the status 200",
                             str(facts))
            checks.check(
                log.wait_for(before + sent) == before + sent,
                f"Prism received the {sent} reads",
                f"{log.requests() - before} requests",
            )

            before = log.requests()
            for name in sorted(WRITES):
                result = await session.call_tool(name, VALID[name])
                text = text_of(result)
                checks.check(
                    result.is_error
                    and text.startswith("writes are disabled")
                    and "CATALOG_ALLOW_WRITES=1" in text,
                    f"{name}: refused, saying how to enable writes",
                    text,
                )

            for name, arguments, expected in BAD:
                result = await session.call_tool(name, arguments)
                text = text_of(result)
                checks.check(
                    result.is_error and expected in text,
                    f"{name} {sorted(arguments)}: tool error `{expected}`",
                    text,
                )

            try:
                await session.call_tool("get_tsk", {"board_id": "ops", "task_id": 1})
                checks.check(False, "unknown tool: JSON-RPC error -32602", "it succeeded")
            except MCPError as e:
                checks.check(
                    e.code == -32602 and "did you mean `get_task`?" in e.message,
                    "unknown tool `get_tsk`: -32602 naming `get_task`",
                    f"{e.code} {e.message}",
                )

            # A read sent last: once Prism logs it, everything sent before it is logged too.
            result = await session.call_tool("get_task", VALID["get_task"])
            checks.check(not result.is_error, "get_task after the refusals still succeeds")
            after = log.wait_for(before + 1)
            checks.check(
                after == before + 1,
                "refused writes and bad arguments sent nothing to Prism",
                f"Prism received {after - before} requests, expected 1",
            )

            # The data is the body Prism sent, not only its status line.
            for name, path in READ_PATHS.items():
                result = await session.call_tool(name, VALID[name])
                structured = attr(result, "structured_content", "structuredContent") or {}
                data = structured.get(WRAPPED[name]) if name in WRAPPED else structured
                sent = prism_body(args.base_url, path)
                checks.check(data == sent, f"{name}: structuredContent is the body Prism sent",
                             f"{str(data)[:200]} != {str(sent)[:200]}")


async def write_run(args, checks: Checks, log: PrismLog) -> None:
    print("server with writes enabled (CATALOG_ALLOW_WRITES=1)")
    params = await session_for(args, allow_writes=True)
    async with stdio_client(params) as (read, write):
        async with ClientSession(read, write) as session:
            await session.initialize()
            schemas = output_schemas(await session.list_tools())
            before = log.requests()
            etag = None
            for name in ["list_tasks", "create_task", "get_task", "replace_task",
                         "set_task_labels", "add_comment", "search", "delete_task"]:
                arguments = dict(VALID[name])
                if name == "replace_task" and etag is not None:
                    arguments["If-Match"] = etag
                result = await session.call_tool(name, arguments)
                text = text_of(result)
                checks.check(
                    not result.is_error and text.split("\n", 1)[0] in (
                        "HTTP 200 OK", "HTTP 201 Created", "HTTP 204 No Content"),
                    f"{name}: succeeds",
                    text[:300],
                )
                check_structured(checks, name, result, schemas)
                if name == "get_task":
                    facts = http_facts(result)
                    etag = facts.get("etag")
                    head = text.split("\n\n", 1)[0].splitlines()
                    checks.check(
                        etag is not None and f"etag: {etag}" in head,
                        "get_task: _meta gives the ETag, and the text's headers show the same",
                        f"{facts} / {head}",
                    )
            n = 8
            after = log.wait_for(before + n)
            checks.check(after == before + n, f"Prism received all {n} calls", f"{after - before}")

            before = log.requests()
            bad = dict(VALID["replace_task"], **{"If-Match": "\"1\"\r\nX-Admin: yes"})
            result = await session.call_tool("replace_task", bad)
            text = text_of(result)
            checks.check(
                result.is_error and "If-Match" in text and "U+000D" in text,
                "replace_task: CR/LF in If-Match is refused",
                text,
            )
            result = await session.call_tool("get_task", VALID["get_task"])
            after = log.wait_for(before + 1)
            checks.check(after == before + 1, "the refused If-Match sent nothing to Prism",
                         f"{after - before} requests, expected 1")

    errors = log.validation_errors()
    checks.check(not errors, "Prism logged no request validation error", "\n        ".join(errors[:10]))


async def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--server", required=True, help="the taskboard example binary")
    parser.add_argument("--base-url", required=True, help="Prism's URL")
    parser.add_argument("--prism-log", required=True, type=Path)
    args = parser.parse_args()
    log = PrismLog(args.prism_log)
    checks = Checks()
    try:
        await read_only_run(args, checks, log)
        await write_run(args, checks, log)
    except Exception as e:  # a crash is a failure, reported like one
        checks.check(False, "the run completed", f"{type(e).__name__}: {e}")
    print(f"{checks.passed} passed, {checks.failed} failed")
    return 0 if checks.failed == 0 else 1


if __name__ == "__main__":
    sys.exit(asyncio.run(main()))
