"""End-to-end check of a real-specs tool set (NetBox, Mattermost) served over MCP by its binary,
against a Prism mock of the spec it was built from that validates every request, with the
official Python MCP SDK.

Every tool is called once with valid arguments made from its own inputSchema (every top-level
property, the first enum member or union arm, the format's shape; nested objects get their
required properties), and each call is compared with what Prism received: exactly one request,
with the tool's method and path (path arguments filled in); a composite's, each operation it
uses in order (its path arguments come from Prism's answers), and its value as structuredContent
valid against the outputSchema it declares. Every tool is then called with two
invalid argument sets (an unknown argument; a value of the wrong type), each a tool error naming
the problem, and Prism receives nothing. A server with writes disabled refuses the set's writes.
Ends with `N passed, M failed`.

    python tests/e2e/toolset_client.py --set netbox --server <netbox-mcp binary> \
        --base-url http://127.0.0.1:PORT --prism-log <prism log>
"""

from __future__ import annotations

import argparse
import asyncio
import os
import re
import sys
from pathlib import Path

from mcp import ClientSession
from mcp.client.stdio import StdioServerParameters, stdio_client

from mcp_client import Checks, PrismLog, attr, check_structured, text_of

NETBOX = {
    "list_sites": "GET /api/dcim/sites/",
    "get_site": "GET /api/dcim/sites/{id}/",
    "list_regions": "GET /api/dcim/regions/",
    "list_locations": "GET /api/dcim/locations/",
    "list_racks": "GET /api/dcim/racks/",
    "get_rack": "GET /api/dcim/racks/{id}/",
    "list_device_roles": "GET /api/dcim/device-roles/",
    "list_device_types": "GET /api/dcim/device-types/",
    "list_manufacturers": "GET /api/dcim/manufacturers/",
    "list_platforms": "GET /api/dcim/platforms/",
    "list_devices": "GET /api/dcim/devices/",
    "get_device": "GET /api/dcim/devices/{id}/",
    "create_device": "POST /api/dcim/devices/",
    "update_device": "PATCH /api/dcim/devices/{id}/",
    "list_interfaces": "GET /api/dcim/interfaces/",
    "get_interface": "GET /api/dcim/interfaces/{id}/",
    "trace_interface": "GET /api/dcim/interfaces/{id}/trace/",
    "list_cables": "GET /api/dcim/cables/",
    "get_cable": "GET /api/dcim/cables/{id}/",
    "list_prefixes": "GET /api/ipam/prefixes/",
    "get_prefix": "GET /api/ipam/prefixes/{id}/",
    "list_ip_addresses": "GET /api/ipam/ip-addresses/",
    "get_ip_address": "GET /api/ipam/ip-addresses/{id}/",
    "list_vlans": "GET /api/ipam/vlans/",
    "get_vlan": "GET /api/ipam/vlans/{id}/",
    "list_vlan_groups": "GET /api/ipam/vlan-groups/",
    "list_vrfs": "GET /api/ipam/vrfs/",
    "get_vrf": "GET /api/ipam/vrfs/{id}/",
    "list_aggregates": "GET /api/ipam/aggregates/",
    "list_ip_ranges": "GET /api/ipam/ip-ranges/",
    "list_available_ips": "GET /api/ipam/prefixes/{id}/available-ips/",
    "allocate_ips": "POST /api/ipam/prefixes/{id}/available-ips/",
    "create_ip_address": "POST /api/ipam/ip-addresses/",
    "list_tenants": "GET /api/tenancy/tenants/",
    "get_tenant": "GET /api/tenancy/tenants/{id}/",
    "list_tenant_groups": "GET /api/tenancy/tenant-groups/",
    "list_virtual_machines": "GET /api/virtualization/virtual-machines/",
    "get_virtual_machine": "GET /api/virtualization/virtual-machines/{id}/",
    "list_clusters": "GET /api/virtualization/clusters/",
    "get_cluster": "GET /api/virtualization/clusters/{id}/",
    "list_cluster_types": "GET /api/virtualization/cluster-types/",
    "list_vm_interfaces": "GET /api/virtualization/interfaces/",
}

MATTERMOST = {
    "create_post": "POST /api/v4/posts",
    "get_post": "GET /api/v4/posts/{post_id}",
    "get_posts_for_channel": "GET /api/v4/channels/{channel_id}/posts",
    "get_post_thread": "GET /api/v4/posts/{post_id}/thread",
    "patch_post": "PUT /api/v4/posts/{post_id}/patch",
    "delete_post": "DELETE /api/v4/posts/{post_id}",
    "search_posts": "POST /api/v4/teams/{team_id}/posts/search",
    "get_channel": "GET /api/v4/channels/{channel_id}",
    "get_channel_by_name": "GET /api/v4/teams/name/{team_name}/channels/name/{channel_name}",
    "list_public_channels": "GET /api/v4/teams/{team_id}/channels",
    "search_channels": "POST /api/v4/teams/{team_id}/channels/search",
    "patch_channel": "PUT /api/v4/channels/{channel_id}/patch",
    "update_channel": "PUT /api/v4/channels/{channel_id}",
    "get_user": "GET /api/v4/users/{user_id}",
    "get_user_by_username": "GET /api/v4/users/username/{username}",
    "get_users_by_ids": "POST /api/v4/users/ids",
    "autocomplete_users": "GET /api/v4/users/autocomplete",
    "get_team_by_name": "GET /api/v4/teams/name/{name}",
    "list_teams": "GET /api/v4/teams",
    "upload_file": "POST /api/v4/files",
    "get_file_info": "GET /api/v4/files/{file_id}/info",
    "get_file_link": "GET /api/v4/files/{file_id}/link",
    "save_reaction": "POST /api/v4/reactions",
    "get_reactions": "GET /api/v4/posts/{post_id}/reactions",
    "delete_reaction": "DELETE /api/v4/users/{user_id}/posts/{post_id}/reactions/{emoji_name}",
    # Composites: each operation they use, in the order they call them.
    "post_to_channel_by_name": [
        "GET /api/v4/teams/name/{team_name}/channels/name/{channel_name}",
        "POST /api/v4/posts",
    ],
    "read_channel": [
        "GET /api/v4/teams/name/{team_name}/channels/name/{channel_name}",
        "GET /api/v4/channels/{channel_id}/posts",
        "POST /api/v4/users/ids",
    ],
    "upload_and_post": ["POST /api/v4/files", "POST /api/v4/posts"],
    "update_channel_header": ["GET /api/v4/channels/{channel_id}", "PUT /api/v4/channels/{channel_id}"],
}

# Per set: its tools, the environment its binary reads, and the tools that only read although
# their method is not GET (declared read-only).
SETS = {
    "netbox": {
        "tools": NETBOX,
        "env": {"NETBOX_BASE_URL": None, "CATALOG_CREDENTIAL_TOKEN_AUTH": "Token e2e-token"},
        "reads": set(),
    },
    "mattermost": {
        "tools": MATTERMOST,
        "env": {"MATTERMOST_BASE_URL": None, "CATALOG_CREDENTIAL_BEARER_AUTH": "e2e-token"},
        "reads": {"search_posts", "search_channels", "get_users_by_ids", "read_channel"},
    },
}

FORMATS = {
    "date-time": "2026-01-01T00:00:00Z",
    "date": "2026-01-01",
    "uuid": "3fa85f64-5717-4562-b3fc-2c963f66afa6",
    "uri": "http://example.com/",
    "email": "a@example.com",
    "byte": "aGVsbG8=",
}


def value_for(schema: dict, top: bool = False):
    """A value the schema accepts: the first enum member, the first union arm that is not null,
    the lowest allowed number, a string of the format's shape; an object gets its required
    properties (every property at the top level, where `top`)."""
    for key in ("oneOf", "anyOf"):
        if key in schema:
            arms = [a for a in schema[key] if a.get("type") != "null"]
            return value_for(arms[0])
    if "enum" in schema:
        return next(v for v in schema["enum"] if v not in (None, ""))
    ty = schema.get("type")
    if isinstance(ty, list):
        ty = next((t for t in ty if t != "null"), None)
    if ty == "integer":
        low = schema.get("minimum", 1)
        return int(max(low, 1)) if schema.get("maximum", 10**9) >= 1 else int(low)
    if ty == "number":
        return float(max(schema.get("minimum", 1.5), 0.5))
    if ty == "boolean":
        return True
    if ty == "string":
        if schema.get("format") in FORMATS:
            return FORMATS[schema["format"]]
        if "pattern" in schema:
            # A sample the pattern takes (a narrowed MAC filter, say); none is a finding.
            samples = ["x", "00:1a:2b:3c:4d:5e", "abc", "1", "a-1"]
            found = [v for v in samples if re.search(schema["pattern"], v)]
            if not found:
                raise SystemExit(f"no sample matches the pattern {schema['pattern']!r}")
            return found[0]
        return "x" * max(1, schema.get("minLength", 1))
    if ty == "array":
        return [value_for(schema.get("items", {}))]
    if ty == "object" or "properties" in schema:
        props = schema.get("properties", {})
        wanted = props if top else {k: props[k] for k in schema.get("required", [])}
        return {name: value_for(prop) for name, prop in wanted.items()}
    return 1


def arguments_for(tool) -> dict:
    schema = tool.input_schema if hasattr(tool, "input_schema") else tool.inputSchema
    args = value_for(schema, top=True)
    if "content_base64" in str(schema):
        # A file argument: its bytes inline, never a path.
        for name, prop in schema.get("properties", {}).items():
            if "content_base64" in str(prop):
                args[name] = {"content_base64": "aGVsbG8=", "filename": "hello.txt",
                              "media_type": "text/plain"}
    return args


def integer_argument(tool) -> str | None:
    """A top-level argument that must be an integer (or an array of them), if the tool has one."""
    schema = tool.input_schema if hasattr(tool, "input_schema") else tool.inputSchema
    for name, prop in schema.get("properties", {}).items():
        ty = prop.get("type")
        items = prop.get("items", {}).get("type")
        if ty == "integer" or ty == ["integer", "null"] or items == "integer":
            return name
    return None


def expected_request(template: str, args: dict) -> tuple[str, str]:
    """The method and path the tool's call must reach Prism with."""
    method, path = template.split(" ", 1)
    path = re.sub(r"\{(\w+)\}", lambda m: str(args[m.group(1)]), path)
    return method.lower(), path


def matches(template: str, request: tuple[str, str]) -> bool:
    """Whether a received (method, path) is the operation `template` names, whatever its path
    arguments (a composite fills them from the API's answers)."""
    method, path = template.split(" ", 1)
    pattern = re.sub(r"\\\{\w+\\\}", "[^/]+", re.escape(path))
    return request[0] == method.lower() and re.fullmatch(pattern, request[1].split("?")[0]) is not None


def received(log: PrismLog, start: int) -> list[tuple[str, str]]:
    """The (method, path) of each request Prism logged after the first `start` ones."""
    lines = [l for l in log.text().splitlines() if "Request received" in l]
    found = []
    for line in lines[start:]:
        m = re.search(r"\[HTTP SERVER\] (\w+) (\S+)", line)
        if m:
            found.append((m.group(1).lower(), m.group(2)))
    return found


async def session_for(args, allow_writes: bool):
    env = dict(os.environ, CATALOG_TIMEOUT_SECS="30")
    # Output schemas are listed only when asked for; the composites' declared outputs are checked.
    env["CATALOG_OUTPUT_SCHEMAS"] = "summary"
    for name, value in SETS[args.set]["env"].items():
        env[name] = args.base_url if value is None else value
    if allow_writes:
        env["CATALOG_ALLOW_WRITES"] = "1"
    else:
        env.pop("CATALOG_ALLOW_WRITES", None)
    return StdioServerParameters(command=args.server, args=["serve"], env=env)


async def every_tool(args, checks: Checks, log: PrismLog) -> None:
    tools = SETS[args.set]["tools"]
    print(f"{args.set}: every tool, writes enabled")
    async with stdio_client(await session_for(args, True)) as (read, write):
        async with ClientSession(read, write) as session:
            await session.initialize()
            listed = (await session.list_tools()).tools
            names = [t.name for t in listed]
            checks.check(names == list(tools), f"tools/list gives exactly the {len(tools)} tools",
                         str(names))
            for tool in listed:
                arguments = arguments_for(tool)
                before = log.requests()
                result = await session.call_tool(tool.name, arguments)
                text = text_of(result)
                if isinstance(tools[tool.name], list):
                    # A composite answers with its value, not one HTTP answer.
                    checks.check(not result.is_error, f"{tool.name}: succeeds", text[:400])
                    # Its declared output: structuredContent valid against its outputSchema.
                    schema = attr(tool, "output_schema", "outputSchema")
                    check_structured(checks, tool.name, result,
                                     {tool.name: schema} if schema else {})
                    await composite_received(tool.name, tools[tool.name], result, checks, log, before)
                    continue
                status = text.split("\n", 1)[0]
                checks.check(not result.is_error and status.startswith("HTTP 2"),
                             f"{tool.name}: succeeds", text[:400])
                log.wait_for(before + 1)
                got = received(log, before)
                want = expected_request(tools[tool.name], arguments)
                checks.check(got == [want], f"{tool.name}: Prism received {want[0].upper()} {want[1]}",
                             str(got))

            before = log.requests()
            bad = 0
            for tool in listed:
                arguments = dict(arguments_for(tool), zz_not_an_argument=1)
                result = await session.call_tool(tool.name, arguments)
                text = text_of(result)
                checks.check(result.is_error and "unknown argument `zz_not_an_argument`" in text,
                             f"{tool.name}: an unknown argument is refused", text[:300])
                bad += 1
                name = integer_argument(tool)
                if name is None:
                    continue
                arguments = dict(arguments_for(tool))
                arguments[name] = "one"
                result = await session.call_tool(tool.name, arguments)
                text = text_of(result)
                checks.check(result.is_error and f"$.{name}: expected" in text and "integer" in text,
                             f"{tool.name}: `{name}` as a string is refused", text[:300])
                bad += 1
            after = log.wait_for(before, timeout=1.0)
            checks.check(after == before, f"the {bad} invalid calls sent nothing to Prism",
                         f"{after - before} requests")


async def composite_received(name: str, templates: list[str], result, checks: Checks,
                             log: PrismLog, before: int) -> None:
    """A composite's call reached Prism as each operation it uses, in order. `read_channel`
    looks its authors up only when the page has posts with a `user_id`."""
    want = list(templates)
    structured = getattr(result, "structured_content", None) or getattr(result, "structuredContent", None)
    if name == "read_channel" and not (structured or {}).get("authors"):
        want = want[:2]
    log.wait_for(before + len(want))
    got = received(log, before)
    checks.check(len(got) == len(want) and all(matches(t, r) for t, r in zip(want, got)),
                 f"{name}: Prism received {' then '.join(want)}", str(got))


async def writes_refused(args, checks: Checks, log: PrismLog) -> None:
    tools = SETS[args.set]["tools"]
    reads = SETS[args.set]["reads"]
    print(f"{args.set}: writes disabled")
    async with stdio_client(await session_for(args, False)) as (read, write):
        async with ClientSession(read, write) as session:
            await session.initialize()
            listed = (await session.list_tools()).tools
            before = log.requests()
            sent = 0
            for tool in listed:
                templates = tools[tool.name] if isinstance(tools[tool.name], list) else [tools[tool.name]]
                method = next((t.split(" ", 1)[0] for t in templates if not t.startswith("GET ")), "GET")
                if method == "GET":
                    continue
                at = log.requests()
                result = await session.call_tool(tool.name, arguments_for(tool))
                text = text_of(result)
                if tool.name in reads:
                    sent += log.wait_for(at + len(templates), timeout=2.0) - at
                    checks.check(not result.is_error, f"{tool.name} ({method}, read-only): served",
                                 text[:300])
                else:
                    checks.check(result.is_error and "CATALOG_ALLOW_WRITES" in text,
                                 f"{tool.name} ({method}): refused, saying how to enable writes",
                                 text[:300])
            after = log.wait_for(before + sent)
            checks.check(after == before + sent,
                         f"only the {sent} requests of the read-only tools reached Prism", f"{after - before}")


async def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--set", required=True, choices=sorted(SETS))
    parser.add_argument("--server", required=True)
    parser.add_argument("--base-url", required=True)
    parser.add_argument("--prism-log", required=True, type=Path)
    args = parser.parse_args()
    log = PrismLog(args.prism_log)
    checks = Checks()
    try:
        await every_tool(args, checks, log)
        await writes_refused(args, checks, log)
        errors = log.validation_errors()
        checks.check(not errors, "Prism logged no request validation error",
                     "\n        ".join(errors[:10]))
    except Exception as e:
        while isinstance(e, BaseExceptionGroup) and e.exceptions:
            e = e.exceptions[0]
        checks.check(False, "the run completed", f"{type(e).__name__}: {e}")
    print(f"{checks.passed} passed, {checks.failed} failed")
    return 0 if checks.failed == 0 else 1


if __name__ == "__main__":
    sys.exit(asyncio.run(main()))
