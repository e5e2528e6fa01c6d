"""End-to-end check of the ErsatzTV tools (real-specs crate) served over MCP, against a Prism mock
of $CATALOG_SPECS_DIR/ersatztv-v1.json, with the official Python MCP SDK.

Valid arguments are made from each tool's own inputSchema (every property, the first enum
member, the format's shape), so the check is that the schema the agent sees is one the API
accepts: Prism validates every request. Writes are refused until CATALOG_ALLOW_WRITES=1; bad
arguments are tool errors and reach Prism not at all. Ends with `N passed, M failed`.

    python tests/e2e/ersatztv_client.py --server <ersatztv example binary> \
        --base-url http://127.0.0.1:PORT --prism-log <prism log>
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
from pathlib import Path

from mcp import ClientSession
from mcp.client.stdio import StdioServerParameters, stdio_client
from mcp.shared.exceptions import MCPError

from mcp_client import Checks, PrismLog, text_of

TOOLS = {
    "list_channels": "GET",
    "reset_channel_playout": "POST",
    "get_ffmpeg_profiles": "GET",
    "create_ffmpeg_profile": "POST",
    "update_ffmpeg_profile": "PUT",
    "delete_ffmpeg_profile": "DELETE",
    "scan_library": "POST",
    "scan_show": "POST",
    "garbage_collect": "GET",
    "empty_trash": "POST",
    "get_resolution_by_name": "GET",
    "get_sessions": "GET",
    "stop_session": "DELETE",
    "get_smart_collections": "GET",
    "create_smart_collection": "POST",
    "update_smart_collection": "PUT",
    "delete_smart_collection": "DELETE",
    "get_version": "GET",
}

FORMATS = {
    "date-time": "2026-01-01T00:00:00Z",
    "date": "2026-01-01",
    "uuid": "3fa85f64-5717-4562-b3fc-2c963f66afa6",
    "uri": "http://example.com/",
    "email": "a@example.com",
}


def value_for(schema: dict):
    """A value the schema accepts: the first enum member, the lowest allowed number, a string of
    the format's shape."""
    if "enum" in schema:
        return next(v for v in schema["enum"] if v is not None)
    ty = schema.get("type")
    if isinstance(ty, list):
        ty = next((t for t in ty if t != "null"), None)
    if ty == "integer":
        low = schema.get("minimum", 1)
        return int(max(low, 1)) if schema.get("maximum", 10**9) >= 1 else int(low)
    if ty == "number":
        return float(schema.get("minimum", 1.5))
    if ty == "boolean":
        return True
    if ty == "string":
        if schema.get("format") in FORMATS:
            return FORMATS[schema["format"]]
        return "x" * max(1, schema.get("minLength", 1))
    if ty == "array":
        return [value_for(schema.get("items", {}))]
    return {}


def arguments_for(tool) -> dict:
    schema = tool.input_schema if hasattr(tool, "input_schema") else tool.inputSchema
    return {name: value_for(prop) for name, prop in schema.get("properties", {}).items()}


async def run(args, checks: Checks, log: PrismLog, allow_writes: bool) -> None:
    print(f"ErsatzTV server with writes {'enabled' if allow_writes else 'disabled'}")
    env = dict(os.environ, ERSATZTV_BASE_URL=args.base_url, CATALOG_TIMEOUT_SECS="20")
    if allow_writes:
        env["CATALOG_ALLOW_WRITES"] = "1"
    else:
        env.pop("CATALOG_ALLOW_WRITES", None)
    params = StdioServerParameters(command=args.server, args=["serve"], env=env)
    async with stdio_client(params) as (read, write):
        async with ClientSession(read, write) as session:
            await session.initialize()
            listed = await session.list_tools()
            names = [t.name for t in listed.tools]
            checks.check(set(names) == set(TOOLS) and len(names) == len(TOOLS),
                         f"tools/list gives exactly the {len(TOOLS)} ErsatzTV tools", str(names))
            before = log.requests()
            sent = 0
            for tool in listed.tools:
                method = TOOLS.get(tool.name, "?")
                result = await session.call_tool(tool.name, arguments_for(tool))
                text = text_of(result)
                if method == "GET" or allow_writes:
                    sent += 1
                    status = text.split("\n", 1)[0]
                    checks.check(not result.is_error and status.startswith("HTTP 2"),
                                 f"{tool.name} ({method}): succeeds", text[:300])
                else:
                    checks.check(result.is_error and "CATALOG_ALLOW_WRITES=1" in text,
                                 f"{tool.name} ({method}): refused, saying how to enable writes",
                                 text)
            after = log.wait_for(before + sent)
            checks.check(after == before + sent, f"Prism received exactly the {sent} calls sent",
                         f"{after - before}")

            before = log.requests()
            bad = [
                ("get_resolution_by_name", {"nmae": "x"}, "did you mean `name`?"),
                ("scan_library", {"id": "one"}, '$.id: expected integer (int32), got string "one"'),
            ]
            for name, arguments, expected in bad:
                result = await session.call_tool(name, arguments)
                text = text_of(result)
                if TOOLS[name] != "GET" and not allow_writes:
                    expected = "CATALOG_ALLOW_WRITES=1"
                checks.check(result.is_error and expected in text,
                             f"{name} {sorted(arguments)}: tool error `{expected}`", text)
            try:
                await session.call_tool("get_versoin", {})
                checks.check(False, "unknown tool: -32602", "it succeeded")
            except MCPError as e:
                checks.check(e.code == -32602 and "did you mean `get_version`?" in e.message,
                             "unknown tool `get_versoin`: -32602 naming `get_version`",
                             f"{e.code} {e.message}")
            result = await session.call_tool("get_version", {})
            after = log.wait_for(before + 1)
            checks.check(after == before + 1, "bad calls sent nothing to Prism",
                         f"{after - before} requests, expected 1")


async def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--server", required=True)
    parser.add_argument("--base-url", required=True)
    parser.add_argument("--prism-log", required=True, type=Path)
    args = parser.parse_args()
    log = PrismLog(args.prism_log)
    checks = Checks()
    try:
        await run(args, checks, log, allow_writes=False)
        await run(args, checks, log, allow_writes=True)
        errors = log.validation_errors()
        checks.check(not errors, "Prism logged no request validation error",
                     "\n        ".join(errors[:10]))
    except Exception as e:
        checks.check(False, "the run completed", f"{type(e).__name__}: {e}")
    print(f"{checks.passed} passed, {checks.failed} failed")
    return 0 if checks.failed == 0 else 1


if __name__ == "__main__":
    sys.exit(asyncio.run(main()))
