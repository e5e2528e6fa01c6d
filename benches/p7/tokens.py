"""P7: the tokens a model reads for the same tools and the same calls, the catalog server against
FastMCP's `FastMCP.from_openapi` on the same spec and the same mock API (Prism).

    python tokens.py --catalog SERVER --fastmcp-python PY --spec SPEC --base-url URL

Both servers are started over stdio and driven by the same client (the Python MCP SDK, on the
newest revision it speaks). Measured, as the client receives them (the JSON of each object, the
SDK's model dumped by alias without empty fields):

- `tools/list`: each tool's JSON, and all of them;
- a fixed sequence of calls: each result's JSON (everything: text, structuredContent, `_meta`)
  and what a model reads of it (the text content and `structuredContent`).

Tokens are estimated as 4 bytes each, rounded up, the rule `catalog check --budget` uses: the
ratio between the two servers does not depend on it. What an agent needs is compared tool by
tool: the description, every parameter FastMCP offers (a parameter the catalog tool leaves out
on purpose is listed, with the catalog's reason in its description), and each parameter's
constraints (`enum`, bounds, `pattern`, lengths, `format`).
"""

import argparse
import asyncio
import json
import re
import sys

from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client

API_KEY = "p7-key"

# The fixed sequence: (catalog tool, arguments). FastMCP's tool is found by the same operation.
CALLS = [
    ("list_tasks", {"board_id": "ops"}),
    ("get_task", {"board_id": "ops", "task_id": 1}),
    ("search", {"q": "deploy"}),
    ("create_task", {"board_id": "ops", "title": "Write the bench", "status": "todo"}),
    ("delete_task", {"board_id": "ops", "task_id": 1}),
]

CONSTRAINTS = ("enum", "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "pattern",
               "minLength", "maxLength", "minItems", "maxItems", "format")


def dump(model) -> dict:
    return model.model_dump(mode="json", by_alias=True, exclude_none=True)


def size(value) -> int:
    return len(json.dumps(value, separators=(",", ":"), ensure_ascii=False).encode())


def tokens(n: int) -> int:
    return -(-n // 4)


# Tools FastMCP names from the operation's summary, the operation having no operationId.
ALIASES = {"setlabels": "set_task_labels", "replacethelabelsofatask": "set_task_labels"}


def key(name: str) -> str:
    k = re.sub(r"[^a-z0-9]", "", name.lower())
    return re.sub(r"[^a-z0-9]", "", ALIASES.get(k, k))


def model_reads(result: dict) -> int:
    """The text content and the structured content: what a host puts in the model's context."""
    text = sum(len(c.get("text", "").encode()) for c in result.get("content", []))
    structured = result.get("structuredContent")
    return text + (size(structured) if structured is not None else 0)


async def measure(params: StdioServerParameters) -> dict:
    async with stdio_client(params) as (read, write):
        async with ClientSession(read, write) as session:
            await session.initialize()
            listed = await session.list_tools()
            tools = {t.name: dump(t) for t in listed.tools}
            by_key = {key(n): n for n in tools}
            calls = []
            for name, arguments in CALLS:
                theirs = by_key.get(key(name))
                if theirs is None:
                    calls.append({"tool": name, "missing": True})
                    continue
                result = dump(await session.call_tool(theirs, arguments))
                calls.append({"tool": theirs, "bytes": size(result), "reads": model_reads(result),
                              "error": bool(result.get("isError"))})
            return {"tools": tools, "calls": calls}


def params(schema: dict) -> dict:
    return schema.get("inputSchema", {}).get("properties", {})


def constraints(prop: dict) -> dict:
    found = {k: prop[k] for k in CONSTRAINTS if k in prop}
    for arm in prop.get("anyOf", []) + prop.get("oneOf", []):
        found.update(constraints(arm))
    if isinstance(prop.get("items"), dict):
        found.update({f"items.{k}": v for k, v in constraints(prop["items"]).items()})
    return found


def compare(ours: dict, theirs: dict) -> list:
    """What FastMCP's tool offers that the catalog's does not say."""
    notes = []
    if not ours.get("description"):
        notes.append("no description")
    mine, other = params(ours), params(theirs)
    for name, prop in other.items():
        if name not in mine:
            said = f"`{name}`" in ours.get("description", "")
            notes.append(f"parameter `{name}` left out"
                         + (" (on purpose: the description says why)" if said else ""))
            continue
        lost = {k: v for k, v in constraints(prop).items() if k not in constraints(mine[name])}
        if lost:
            notes.append(f"`{name}` lacks {lost}")
    return notes


def report(catalog: dict, fastmcp: dict, commit: str) -> int:
    print(f"P7 at commit {commit}: tools/list and {len(CALLS)} calls, bytes (~tokens at 4 bytes)")
    print()
    print(f"{'tool':<18} {'catalog':>16} {'FastMCP':>16}")
    pairs = []
    fkeys = {key(n): n for n in fastmcp["tools"]}
    for name, tool in catalog["tools"].items():
        theirs = fkeys.get(key(name))
        ours_b = size(tool)
        theirs_b = size(fastmcp["tools"][theirs]) if theirs else 0
        pairs.append((name, theirs))
        print(f"{name:<18} {ours_b:>8} (~{tokens(ours_b):>5}) {theirs_b:>8} (~{tokens(theirs_b):>5})"
              + ("" if theirs else "  (FastMCP: no such tool)"))
    list_ours = size(list(catalog["tools"].values()))
    list_theirs = size(list(fastmcp["tools"].values()))
    print(f"{'tools/list':<18} {list_ours:>8} (~{tokens(list_ours):>5}) {list_theirs:>8} "
          f"(~{tokens(list_theirs):>5})  ratio {list_ours / max(list_theirs, 1):.2f}")
    print()
    print(f"{'call':<18} {'catalog all/reads':>22} {'FastMCP all/reads':>22}")
    ours_all = ours_reads = theirs_all = theirs_reads = 0
    for mine, other in zip(catalog["calls"], fastmcp["calls"]):
        if mine.get("missing") or other.get("missing"):
            print(f"{mine['tool']:<18} (missing on one side)")
            continue
        ours_all += mine["bytes"]
        ours_reads += mine["reads"]
        theirs_all += other["bytes"]
        theirs_reads += other["reads"]
        flag = lambda c: " error" if c["error"] else ""
        print(f"{mine['tool']:<18} {mine['bytes']:>10} / {mine['reads']:>8}{flag(mine):<6}"
              f"{other['bytes']:>10} / {other['reads']:>8}{flag(other)}")
    print(f"{'calls':<18} {ours_all:>10} / {ours_reads:>8}      {theirs_all:>10} / {theirs_reads:>8}"
          f"  ratio {ours_all / max(theirs_all, 1):.2f} / {ours_reads / max(theirs_reads, 1):.2f}")
    total_ours = list_ours + ours_reads
    total_theirs = list_theirs + theirs_reads
    print()
    print(f"what the model reads (tools/list + results): catalog {total_ours} bytes "
          f"(~{tokens(total_ours)} tokens), FastMCP {total_theirs} bytes "
          f"(~{tokens(total_theirs)} tokens): ratio {total_ours / max(total_theirs, 1):.2f}")
    print()
    print("what FastMCP's tools say that the catalog's do not:")
    for name, theirs in pairs:
        if theirs:
            notes = compare(catalog["tools"][name], fastmcp["tools"][theirs])
            print(f"  {name}: {'; '.join(notes) if notes else 'nothing'}")
    return 0


async def main() -> int:
    p = argparse.ArgumentParser()
    p.add_argument("--catalog", required=True, help="the catalog server binary (taskboard)")
    p.add_argument("--fastmcp-python", default=sys.executable)
    p.add_argument("--fastmcp-server", required=True, help="fastmcp_server.py")
    p.add_argument("--spec", required=True)
    p.add_argument("--base-url", required=True)
    p.add_argument("--commit", default="unknown")
    args = p.parse_args()
    catalog = await measure(StdioServerParameters(
        command=args.catalog, args=["serve"],
        env={"TASKBOARD_BASE_URL": args.base_url, "TASKBOARD_API_KEY": API_KEY,
             "CATALOG_ALLOW_WRITES": "1", "PATH": "/usr/bin:/bin"}))
    fastmcp = await measure(StdioServerParameters(
        command=args.fastmcp_python,
        args=[args.fastmcp_server, args.spec, args.base_url, API_KEY]))
    return report(catalog, fastmcp, args.commit)


if __name__ == "__main__":
    sys.exit(asyncio.run(main()))
