"""End-to-end check of the taskboard MCP server with the official Python MCP SDK.

Starts the server (the `taskboard` example binary, `serve`) over stdio against a Prism mock of
openapi/taskboard.yaml, and checks: the exact tool list; every tool with valid arguments (each
call succeeds, Prism validates every request); bad arguments (unknown, wrong type, omitted
parameter, CR/LF in a header) come back as MCP tool errors and reach Prism not at all; an
unknown tool is a JSON-RPC -32602 naming the nearest; writes are refused until
CATALOG_ALLOW_WRITES=1; the ETag round trip. Prints every check and ends with
`N passed, M failed`; exits non-zero on any failure.

    python tests/e2e/mcp_client.py --server target/debug/examples/taskboard \
        --base-url http://127.0.0.1:4010 --prism-log target/e2e/prism.log
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
import time
from pathlib import Path

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


async def session_for(args, allow_writes: bool):
    env = dict(os.environ)
    env["TASKBOARD_BASE_URL"] = args.base_url
    env["TASKBOARD_API_KEY"] = "e2e-key"
    env["CATALOG_TIMEOUT_SECS"] = "20"
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


async def write_run(args, checks: Checks, log: PrismLog) -> None:
    print("server with writes enabled (CATALOG_ALLOW_WRITES=1)")
    params = await session_for(args, allow_writes=True)
    async with stdio_client(params) as (read, write):
        async with ClientSession(read, write) as session:
            await session.initialize()
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
                if name == "get_task":
                    last = text.rstrip("\n").splitlines()[-1]
                    ok = last.startswith("[etag: ") and last.endswith("]")
                    checks.check(ok, "get_task: the result ends with an `[etag: ...]` line", last)
                    if ok:
                        etag = last[len("[etag: "):-1]
            n = 8
            after = log.wait_for(before + n)
            checks.check(after == before + n, f"Prism received all {n} calls", f"{after - before}")

            before = log.requests()
            bad = dict(VALID["replace_task"], **{"If-Match": "\"1\"\r\nX-Admin: yes"})
            result = await session.call_tool("replace_task", bad)
            text = text_of(result)
            checks.check(
                result.is_error and "header.If-Match" in text and "U+000D" in text,
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
