"""End-to-end check of tool selection and confirmation with the official Python MCP SDK.

Starts the taskboard example (`serve`, over stdio, and `serve --http` with sessions) against a
Prism mock of openapi/taskboard.yaml, and checks: groups (`CATALOG_TOOLSETS`), names and patterns
(`CATALOG_TOOLS`, `CATALOG_EXCLUDE_TOOLS`) and read-only mode (`CATALOG_READ_ONLY`) decide the
tools listed, and a call to a tool left out is a JSON-RPC -32602; `notifications/tools/list_changed`
reaches the client when the selection changes while serving (SIGHUP with
`TASKBOARD_SELECTION_FILE`), and the next list is the new one; a destructive call asks the user
through the SDK's `elicitation_callback` and reaches Prism only when accepted (declined: nothing
sent, and the result says so), over stdio and Streamable HTTP; a client without the capability
is refused when the operator says `CATALOG_CONFIRM_FALLBACK=refuse`. Prints every check and ends
with `N passed, M failed`; exits non-zero on any failure.

    python tests/e2e/selection_client.py --server target/debug/examples/taskboard \
        --base-url http://127.0.0.1:4010 --prism-log target/e2e/prism.log
"""

from __future__ import annotations

import argparse
import asyncio
import os
import signal
import subprocess
import sys
import tempfile
from pathlib import Path

import httpx2
from mcp import ClientSession
from mcp.client.stdio import StdioServerParameters, stdio_client
from mcp.client.streamable_http import streamable_http_client
from mcp.shared.exceptions import MCPError
from mcp import types

from mcp_client import VALID, Checks, PrismLog, text_of

DELETE = {"board_id": "ops", "task_id": 1}


def env_with(args, extra: dict[str, str]) -> dict[str, str]:
    env = dict(os.environ)
    for name in list(env):
        if name.startswith("CATALOG_"):
            del env[name]
    env["TASKBOARD_BASE_URL"] = args.base_url
    env["TASKBOARD_API_KEY"] = "e2e-key"
    env["CATALOG_TIMEOUT_SECS"] = "20"
    env.update(extra)
    return env


def stdio(args, extra: dict[str, str]) -> StdioServerParameters:
    return StdioServerParameters(command=args.server, args=["serve"], env=env_with(args, extra))


async def listed(session: ClientSession) -> list[str]:
    return [t.name for t in (await session.list_tools()).tools]


async def unknown_code(session: ClientSession, name: str, arguments: dict) -> int | None:
    try:
        await session.call_tool(name, arguments)
    except MCPError as e:
        return e.error.code
    return None


def is_error(result) -> bool:
    """The result's `isError`, whichever spelling the SDK's model uses."""
    return bool(getattr(result, "is_error", None) or getattr(result, "isError", None))


def our_child(name: str) -> int | None:
    """The pid of this process's child named `name` (the server the SDK started over stdio)."""
    me = os.getpid()
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        comm = stat[stat.index("(") + 1 : stat.rindex(")")]
        ppid = int(stat[stat.rindex(")") + 2 :].split()[1])
        if ppid == me and comm == name:
            return int(entry.name)
    return None


async def selection_run(args, checks: Checks, log: PrismLog) -> None:
    print("groups, names and patterns, read-only mode (stdio)")
    cases = [
        ({"CATALOG_TOOLSETS": "comments,search"}, ["add_comment", "search"]),
        (
            {"CATALOG_TOOLSETS": "comments", "CATALOG_TOOLS": "*_task",
             "CATALOG_EXCLUDE_TOOLS": "delete_*,create_tas?"},
            ["get_task", "replace_task", "add_comment"],
        ),
        ({"CATALOG_READ_ONLY": "1"}, ["list_tasks", "get_task", "search"]),
    ]
    for extra, expected in cases:
        async with stdio_client(stdio(args, extra)) as (read, write):
            async with ClientSession(read, write) as session:
                await session.initialize()
                names = await listed(session)
                checks.check(names == expected, f"{extra}: tools/list is {expected}", f"{names}")
                before = log.requests()
                hidden = "delete_task" if "CATALOG_READ_ONLY" in extra else "list_tasks"
                code = await unknown_code(session, hidden, VALID[hidden])
                checks.check(code == -32602, f"{extra}: calling {hidden} is -32602", f"{code}")
                checks.check(log.requests() == before, f"{extra}: {hidden} reached Prism not at all")


async def list_changed_run(args, checks: Checks) -> None:
    print("notifications/tools/list_changed when the selection changes (stdio, SIGHUP)")
    with tempfile.TemporaryDirectory() as tmp:
        selection = Path(tmp) / "selection"
        selection.write_text("CATALOG_TOOLSETS=comments\n")
        changed = asyncio.Event()

        async def on_message(message) -> None:
            root = getattr(message, "root", message)
            if isinstance(root, types.ToolListChangedNotification):
                changed.set()

        extra = {"CATALOG_TOOLSETS": "comments", "TASKBOARD_SELECTION_FILE": str(selection)}
        async with stdio_client(stdio(args, extra)) as (read, write):
            async with ClientSession(read, write, message_handler=on_message) as session:
                init = await session.initialize()
                tools_cap = init.capabilities.tools
                checks.check(
                    tools_cap is not None and bool(getattr(tools_cap, "list_changed", None)
                                                   or getattr(tools_cap, "listChanged", None)),
                    "the server declares tools.listChanged",
                    f"{tools_cap}",
                )
                checks.check(await listed(session) == ["add_comment"], "before: add_comment only")
                pid = our_child(Path(args.server).name)
                if not checks.check(pid is not None, "the server process is found"):
                    return
                selection.write_text("CATALOG_TOOLSETS=search\nCATALOG_TOOLS=get_task\n")
                os.kill(pid, signal.SIGHUP)
                try:
                    await asyncio.wait_for(changed.wait(), timeout=10)
                except TimeoutError:
                    pass
                checks.check(changed.is_set(), "notifications/tools/list_changed received")
                names = await listed(session)
                checks.check(names == ["get_task", "search"], "after: get_task and search", f"{names}")


def answering(action: str, asked: list):
    async def callback(context, params):
        asked.append(params.message)
        return types.ElicitResult(action=action)

    return callback


async def confirm_stdio_run(args, checks: Checks, log: PrismLog) -> None:
    print("confirmation of destructive calls by elicitation (stdio)")
    extra = {"CATALOG_ALLOW_WRITES": "1"}
    for action in ["accept", "decline", "cancel"]:
        asked: list[str] = []
        async with stdio_client(stdio(args, extra)) as (read, write):
            async with ClientSession(read, write, elicitation_callback=answering(action, asked)) as s:
                await s.initialize()
                before = log.requests()
                result = await s.call_tool("delete_task", DELETE)
                checks.check(
                    len(asked) == 1 and asked[0].startswith("Allow `delete_task` (DELETE "),
                    f"{action}: the user is asked once, the tool and request named",
                    f"{asked}",
                )
                if action == "accept":
                    checks.check(not is_error(result), "accept: the call succeeds", text_of(result))
                    checks.check(log.wait_for(before + 1) == before + 1, "accept: Prism got the DELETE")
                else:
                    past = "declined" if action == "decline" else "cancelled"
                    expected = f"the user {past} the call of `delete_task`; nothing was sent"
                    checks.check(
                        is_error(result) and text_of(result) == expected,
                        f"{action}: the result says nothing was sent",
                        text_of(result),
                    )
                    await asyncio.sleep(0.3)
                    checks.check(log.requests() == before, f"{action}: Prism got nothing")
                asked.clear()
                await s.call_tool("get_task", VALID["get_task"])
                checks.check(asked == [], f"{action}: a read asks nothing")
    print("a client without the capability, the operator refusing (stdio)")
    extra = {"CATALOG_ALLOW_WRITES": "1", "CATALOG_CONFIRM_FALLBACK": "refuse"}
    async with stdio_client(stdio(args, extra)) as (read, write):
        async with ClientSession(read, write) as s:
            await s.initialize()
            before = log.requests()
            result = await s.call_tool("delete_task", DELETE)
            checks.check(
                is_error(result) and "cannot ask for it" in text_of(result),
                "refused: the result says the client cannot ask",
                text_of(result),
            )
            await asyncio.sleep(0.3)
            checks.check(log.requests() == before, "refused: Prism got nothing")


async def confirm_http_run(args, checks: Checks, log: PrismLog) -> None:
    print("confirmation over Streamable HTTP (sessions)")
    env = env_with(args, {"CATALOG_ALLOW_WRITES": "1", "CATALOG_HTTP_SESSIONS": "1"})
    process = subprocess.Popen(
        [args.server, "serve", "--http", "127.0.0.1:0"],
        env=env, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
        text=True,
    )
    try:
        line = process.stderr.readline().strip()
        prefix = "taskboard: serving MCP at "
        if not checks.check(line.startswith(prefix), "the HTTP server starts", line):
            return
        url = line[len(prefix):]
        for action in ["accept", "decline"]:
            asked: list[str] = []
            client = httpx2.AsyncClient(timeout=30)
            async with client, streamable_http_client(url, http_client=client) as (read, write, *_):
                async with ClientSession(read, write, elicitation_callback=answering(action, asked)) as s:
                    await s.initialize()
                    before = log.requests()
                    result = await s.call_tool("delete_task", DELETE)
                    checks.check(len(asked) == 1, f"HTTP {action}: the user is asked once", f"{asked}")
                    if action == "accept":
                        checks.check(not is_error(result), "HTTP accept: the call succeeds", text_of(result))
                        checks.check(log.wait_for(before + 1) == before + 1, "HTTP accept: Prism got the DELETE")
                    else:
                        checks.check(
                            is_error(result) and "declined" in text_of(result),
                            "HTTP decline: the result says so", text_of(result),
                        )
                        await asyncio.sleep(0.3)
                        checks.check(log.requests() == before, "HTTP decline: Prism got nothing")
    finally:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()


async def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--server", required=True, help="the taskboard example binary")
    parser.add_argument("--base-url", required=True, help="Prism's URL")
    parser.add_argument("--prism-log", required=True, type=Path)
    args = parser.parse_args()
    log = PrismLog(args.prism_log)
    checks = Checks()
    for run in [
        lambda: selection_run(args, checks, log),
        lambda: list_changed_run(args, checks),
        lambda: confirm_stdio_run(args, checks, log),
        lambda: confirm_http_run(args, checks, log),
    ]:
        try:
            await run()
        except Exception as e:  # a crash is a failure, reported like one
            checks.check(False, "the run completed", f"{type(e).__name__}: {e!r}")
    print(f"{checks.passed} passed, {checks.failed} failed")
    return 0 if checks.failed == 0 else 1


if __name__ == "__main__":
    sys.exit(asyncio.run(main()))
