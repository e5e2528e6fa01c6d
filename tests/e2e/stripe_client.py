"""End-to-end check of the Stripe tools (real-specs/src/stripe.rs) served over MCP by
`stripe-mcp`, against a Prism mock of a reduced copy of Stripe's spec
(tests/e2e/stripe_reduce.py: the tools' operations, request definitions unchanged), with the
official Python MCP SDK.

The server talks to a recording proxy in this script that forwards each request to Prism byte
for byte and keeps what it forwarded, so every call is checked on the API side, field by field:

- the method, the path and the `Authorization` header;
- the form body (or query) read back by this script's own parser, independent of the Rust
  encoder: `urllib.parse.parse_qsl`, then Rack-style bracket nesting (`a[b][0]=x` is
  `{"a": {"b": ["x"]}}`), equals the agent's arguments (numbers and booleans as their text),
  plus the tool's Fixed values;
- each Fixed parameter is sent exactly once, with its value; no Omitted one is sent;
- a map argument holding keys named like the Omitted and Fixed parameters (`metadata`
  `{"balance": ..., "confirm": "true"}`) stays under `metadata[...]`;
- clearing, in the form Stripe reads: an explicit `""` is sent as `field=` (`description`,
  `footer`, the `""` arm of `address`, `metadata`); `{}` and `[]` where the schema has that
  `""` arm (`metadata`, `custom_fields`, `discounts`) are sent as `field=` too, which is what
  stripe-python sends for a field set to None and what Stripe documents as clearing; a
  metadata key cleared alone goes as `metadata[key]=`; an unset field is not sent at all; and
  `[]` where the schema has no `""` arm (`default_tax_rates` of PostInvoices) is refused with
  why, nothing sent;
- Prism's verdict on the request: accepted, or refused only for properties the request does not
  contain. Prism 5.14 deserializes an absent `deepObject` property of `type: object` as `{}` and
  then reports its required properties missing (`shipping must have required property 'name'`),
  so every PostPaymentIntents request is refused for `shipping`, `transfer_data`, ... that were
  never sent; a violation on a property the request does contain fails the check. Bad requests
  sent straight to Prism show that it rejects them, and that this verdict tells the two apart.

Ends with `N passed, M failed`.

    python tests/e2e/stripe_client.py --server <stripe-mcp binary> \
        --base-url http://127.0.0.1:PORT --prism-log <prism log>
"""

from __future__ import annotations

import argparse
import asyncio
import http.client
import http.server
import os
import re
import sys
import threading
import urllib.parse
from pathlib import Path

from mcp import ClientSession
from mcp.client.stdio import StdioServerParameters, stdio_client

from mcp_client import Checks, PrismLog, text_of

TOKEN = "sk_test_e2e"

# name: (method, path template, Fixed body values, Omitted parameters that must never appear)
TOOLS = {
    "create_customer": ("POST", "/v1/customers", {}, ["balance", "coupon", "source", "tax"]),
    "update_customer": ("POST", "/v1/customers/{customer}", {}, ["balance", "coupon", "source"]),
    "get_customer": ("GET", "/v1/customers/{customer}", {}, []),
    "create_payment_intent": ("POST", "/v1/payment_intents", {"confirm": "false"},
                              ["payment_method", "mandate", "transfer_data"]),
    "list_payment_intents": ("GET", "/v1/payment_intents", {}, ["created", "ending_before"]),
    "create_invoice": ("POST", "/v1/invoices", {"auto_advance": "false"},
                       ["collection_method", "default_payment_method"]),
    "update_invoice": ("POST", "/v1/invoices/{invoice}", {"auto_advance": "false"},
                       ["collection_method", "default_payment_method"]),
}

ADDRESS = {"line1": "1 Rue de Rivoli", "city": "Paris", "postal_code": "75001", "country": "FR"}

# (tool, arguments, what the call shows[, the fields as the API must read them, where they are
# not the arguments' own text])
CALLS = [
    ("create_customer",
     {"name": "Ada Lovelace", "email": "ada@example.com", "phone": "+33 1 23 45 67 89",
      "address": ADDRESS, "metadata": {"crm_id": "42", "tier": "gold"},
      "preferred_locales": ["fr", "en"], "expand": ["tax_ids"]},
     "nested address, metadata, two indexed arrays"),
    ("update_customer",
     {"customer": "cus_1", "address": {"line1": "2 Quai d'Orsay"}, "email": "a+b@example.com",
      "expand": ["tax_ids", "default_source"]},
     "one address line alone: the unset lines are not sent"),
    ("update_customer",
     {"customer": "cus_1", "metadata": {"balance": "-100000", "coupon": "FREE100"}},
     "Omitted names as metadata keys"),
    ("get_customer", {"customer": "cus_1", "expand": ["tax_ids"]}, "a read with expand"),
    ("create_payment_intent",
     {"amount": 1999, "currency": "eur", "customer": "cus_1",
      "metadata": {"order": "A-7"}, "payment_method_types": ["card", "sepa_debit"]},
     "Fixed confirm, an indexed array"),
    ("create_payment_intent",
     {"amount": 500, "currency": "usd", "metadata": {"confirm": "true", "amount": "1"}},
     "the Fixed name as a metadata key"),
    ("list_payment_intents",
     {"customer": "cus_1", "limit": 3, "expand": ["data.customer"]}, "a list with filters"),
    ("create_invoice",
     {"customer": "cus_1",
      "custom_fields": [{"name": "PO", "value": "778"}, {"name": "Ref", "value": "x&y=z"}],
      "default_tax_rates": ["txr_1"], "discounts": [{"coupon": "SPRING"}],
      "metadata": {"auto_advance": "true"}},
     "arrays of objects, the Fixed name as a metadata key"),
    ("update_invoice",
     {"invoice": "in_1", "description": "March", "footer": "Thank you",
      "custom_fields": [{"name": "PO", "value": "779"}],
      "metadata": {"balance]": "1", "[confirm]": "true"}, "expand": ["customer"]},
     "brackets inside metadata keys"),
    # Clearing.
    ("update_customer",
     {"customer": "cus_1", "address": "", "metadata": {}},
     "clearing the address (its \"\" arm) and all metadata ({})",
     {"address": "", "metadata": ""}),
    ("update_customer",
     {"customer": "cus_1", "metadata": ""},
     "clearing all metadata with \"\""),
    ("update_customer",
     {"customer": "cus_1", "metadata": {"crm_id": "", "tier": "silver"}},
     "clearing one metadata key, setting another"),
    ("update_invoice",
     {"invoice": "in_1", "description": "", "footer": "", "custom_fields": [], "metadata": {}},
     "clearing plain strings with \"\", a list ([]) and a map ({})",
     {"custom_fields": "", "metadata": ""}),
    ("create_invoice",
     {"customer": "cus_1", "discounts": [], "custom_fields": [{"name": "PO", "value": ""}]},
     "an empty list where the schema clears with \"\", an empty value inside an object",
     {"discounts": ""}),
]

# (tool, arguments, what the call shows, what the refusal must say): refused before anything
# is sent.
REFUSED = [
    ("create_invoice",
     {"customer": "cus_1", "default_tax_rates": []},
     "[] where the schema has no \"\" arm",
     "body.default_tax_rates: an empty array has no form encoding: nothing would be sent and the "
     "API would keep its value; leave the argument out, or send \"\" where the schema allows it "
     "to clear the value"),
]


class Recorder(http.server.BaseHTTPRequestHandler):
    """Forwards each request to Prism unchanged and keeps what it forwarded."""

    upstream: tuple[str, int]
    seen: list[dict] = []
    lock = threading.Lock()

    def forward(self) -> None:
        length = int(self.headers.get("Content-Length") or 0)
        body = self.rfile.read(length) if length else b""
        headers = {k: v for k, v in self.headers.items() if k.lower() not in ("host", "connection")}
        with self.lock:
            self.seen.append({"method": self.command, "target": self.path,
                              "headers": {k.lower(): v for k, v in headers.items()},
                              "body": body})
        conn = http.client.HTTPConnection(*self.upstream, timeout=30)
        conn.request(self.command, self.path, body=body or None, headers=headers)
        response = conn.getresponse()
        data = response.read()
        self.send_response(response.status)
        for k, v in response.getheaders():
            if k.lower() not in ("transfer-encoding", "connection", "content-length"):
                self.send_header(k, v)
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)
        conn.close()

    do_GET = do_POST = do_DELETE = forward

    def log_message(self, *args) -> None:
        pass


def nest(pairs: list[tuple[str, str]]):
    """Rack-style bracket nesting (`parse_nested_query`): `a[b][c]=v` sets a -> b -> c; an
    object whose keys are 0..n-1 is read as a list. A repeated key keeps every value, so a
    parameter sent twice shows up as a list of its values."""
    root: dict = {}
    for key, value in pairs:
        path = key_path(key)
        node = root
        for part in path[:-1]:
            node = node.setdefault(part, {})
            if not isinstance(node, dict):
                raise ValueError(f"{key}: a value and an object under one name")
        last = path[-1]
        if isinstance(node.get(last), Dup):
            node[last].append(value)
        elif last in node:
            node[last] = Dup([node[last], value])
        else:
            node[last] = value
    return listify(root)


def key_path(key: str) -> list[str]:
    """`a[b][0]` as ["a", "b", "0"], read as Rack reads it: the name up to the first `[`, then
    each `[...]` up to its first `]`; what trails is dropped (`m[[x]]` is m -> "[x")."""
    cut = key.find("[")
    if cut <= 0:
        return [key]
    path, rest = [key[:cut]], key[cut:]
    while rest.startswith("["):
        close = rest.find("]", 1)
        if close < 0:
            break
        path.append(rest[1:close])
        rest = rest[close + 1:]
    return path


class Dup(list):
    """The values of a key sent more than once."""


def listify(node):
    if isinstance(node, Dup):
        return ["<sent twice>"] + list(node)
    if isinstance(node, dict):
        node = {k: listify(v) for k, v in node.items()}
        if node and all(k.isdigit() for k in node) and sorted(int(k) for k in node) == list(
                range(len(node))):
            return [node[str(i)] for i in range(len(node))]
        return node
    return node


def as_text(value):
    """The arguments as a form body carries them: every leaf as its text."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, dict):
        return {k: as_text(v) for k, v in value.items()}
    if isinstance(value, list):
        return [as_text(v) for v in value]
    return str(value)


def flat(value, prefix: str = "") -> dict:
    """`{"a": {"b": ["x"]}}` as {"a.b.0": "x"}, to name each differing field."""
    if isinstance(value, dict):
        out = {}
        for k, v in value.items():
            out.update(flat(v, f"{prefix}.{k}" if prefix else k))
        return out
    if isinstance(value, list):
        out = {}
        for i, v in enumerate(value):
            out.update(flat(v, f"{prefix}.{i}"))
        return out
    return {prefix: value}


def differences(got, want) -> str:
    g, w = flat(got), flat(want)
    lines = []
    for key in sorted(set(g) | set(w)):
        if g.get(key) != w.get(key):
            lines.append(f"{key}: sent {g.get(key, '<absent>')!r}, argument {w.get(key, '<absent>')!r}")
    return "; ".join(lines)


def violations(log_text: str, index: int) -> list[str]:
    """Prism's `Violation:` lines for the index-th request it received (0-based)."""
    parts = re.split(r"^.*Request received.*$", log_text, flags=re.M)
    if index + 1 >= len(parts):
        return []
    return re.findall(r"Violation: (request\.\S+) (.*)$", parts[index + 1], flags=re.M)


def refused_for(found: list[tuple[str, str]]) -> set[str]:
    """The top-level body or query properties Prism's violations are about."""
    names = set()
    for where, _ in found:
        m = re.match(r"request\.(body|query)\.([^.\[]+)", where)
        names.add(m.group(2) if m else where)
    return names


def prism_verdict(found, sent: set[str]) -> tuple[bool, str]:
    """Accepted, or refused only for properties the request does not contain."""
    about = refused_for(found)
    real = sorted(about & sent) + sorted(n for n in about if n.startswith("request"))
    if real:
        lines = [f"{w} {m}" for w, m in found if refused_for([(w, m)]) & set(real)]
        return False, "refused for properties the request contains: " + "; ".join(lines[:6])
    if found:
        return True, f"refused only for {len(about)} absent properties ({', '.join(sorted(about))})"
    return True, "accepted"


def post_to_prism(base: str, method: str, target: str, body: str | None) -> int:
    url = urllib.parse.urlsplit(base)
    conn = http.client.HTTPConnection(url.hostname, url.port, timeout=30)
    headers = {"Authorization": f"Bearer {TOKEN}"}
    if body is not None:
        headers["Content-Type"] = "application/x-www-form-urlencoded"
    conn.request(method, target, body=body, headers=headers)
    status = conn.getresponse().status
    conn.close()
    return status


def prism_rejects(args, checks: Checks, log: PrismLog) -> None:
    """Bad requests straight to Prism: refused, for the property that is wrong, and the verdict
    above does not excuse them."""
    print("stripe: Prism rejects bad requests")
    cases = [
        ("POST", "/v1/customers", "email=a%40example.com&balance=abc", "balance"),
        ("POST", "/v1/customers/cus_1", "tax_exempt=sometimes", "tax_exempt"),
        ("POST", "/v1/payment_intents", "amount=abc&currency=eur&confirm=false", "amount"),
        ("POST", "/v1/payment_intents", "currency=eur&confirm=false", None),
        ("GET", "/v1/payment_intents?limit=abc", None, "limit"),
    ]
    for method, target, body, wrong in cases:
        before = log.requests()
        status = post_to_prism(args.base_url, method, target, body)
        log.wait_for(before + 1)
        found = violations(log.text(), before)
        sent = set(nest(urllib.parse.parse_qsl(body or urllib.parse.urlsplit(target).query)))
        ok, why = prism_verdict(found, sent)
        what = f"{method} {target}" + (f" `{body}`" if body else "")
        if wrong is not None:
            checks.check(status == 422 and wrong in refused_for(found) and not ok,
                         f"Prism refuses {what}, for `{wrong}`", f"HTTP {status}; {why}")
        else:
            checks.check(status == 422 and found != [],
                         f"Prism refuses {what}", f"HTTP {status}; {found[:3]}")


async def every_call(args, checks: Checks, log: PrismLog, proxy: str) -> None:
    env = dict(os.environ, CATALOG_TIMEOUT_SECS="30", STRIPE_BASE_URL=proxy,
               CATALOG_CREDENTIAL_BEARER_AUTH=TOKEN, CATALOG_ALLOW_WRITES="1")
    params = StdioServerParameters(command=args.server, args=["serve"], env=env)
    print("stripe: every tool, each request read back field by field")
    async with stdio_client(params) as (read, write):
        async with ClientSession(read, write) as session:
            await session.initialize()
            names = [t.name for t in (await session.list_tools()).tools]
            checks.check(names == list(TOOLS), f"tools/list gives exactly the {len(TOOLS)} tools",
                         str(names))
            for tool, arguments, shows, *wire in CALLS:
                method, template, fixed, omitted = TOOLS[tool]
                path_args = re.findall(r"\{(\w+)\}", template)
                path = re.sub(r"\{(\w+)\}", lambda m: arguments[m.group(1)], template)
                start = len(Recorder.seen)
                before = log.requests()
                result = await session.call_tool(tool, arguments)
                text = text_of(result)
                log.wait_for(before + 1)
                sent = Recorder.seen[start:]
                label = f"{tool} ({shows})"
                if not checks.check(len(sent) == 1, f"{label}: one request", f"{len(sent)}: {text[:300]}"):
                    continue
                request = sent[0]
                target = urllib.parse.urlsplit(request["target"])
                checks.check((request["method"], target.path) == (method, path),
                             f"{label}: {method} {path}", f"{request['method']} {target.path}")
                checks.check(request["headers"].get("authorization") == f"Bearer {TOKEN}",
                             f"{label}: the bearer credential",
                             str(request["headers"].get("authorization")))
                raw = request["body"].decode() if method != "GET" else target.query
                if method == "GET":
                    checks.check(request["body"] == b"", f"{label}: no body", repr(request["body"]))
                else:
                    checks.check(request["headers"].get("content-type")
                                 == "application/x-www-form-urlencoded",
                                 f"{label}: a form body", str(request["headers"].get("content-type")))
                pairs = urllib.parse.parse_qsl(raw, keep_blank_values=True, strict_parsing=bool(raw))
                got = nest(pairs)
                want = as_text({k: v for k, v in arguments.items() if k not in path_args})
                if wire:
                    want.update(wire[0])
                want.update(fixed)
                bracketed = isinstance(arguments.get("metadata"), dict) and any(
                    "[" in k or "]" in k for k in arguments["metadata"])
                if bracketed:
                    # Keys holding brackets nest deeper when read back (as from Stripe's own
                    # libraries), under `metadata` all the same.
                    meta = got.get("metadata")
                    checks.check(set(got) == set(want) and isinstance(meta, dict)
                                 and sorted(flat(meta).values())
                                 == sorted(arguments["metadata"].values()),
                                 f"{label}: every field under its argument's name",
                                 f"{sorted(got)} != {sorted(want)}; metadata {meta}")
                    want["metadata"] = meta
                checks.check(got == want, f"{label}: the fields sent equal the arguments",
                             differences(got, want) or raw)
                keys = [k for k, _ in pairs]
                for name, value in fixed.items():
                    checks.check([v for k, v in pairs if k == name] == [value],
                                 f"{label}: Fixed `{name}` sent once, as {value}", raw)
                top = {re.split(r"\[", k, maxsplit=1)[0] for k in keys}
                leaked = [n for n in omitted + ["balance", "coupon"] if n in top]
                checks.check(not leaked, f"{label}: no Omitted parameter sent", str(leaked))
                for smuggled in ("balance", "coupon", "confirm", "auto_advance", "amount"):
                    if smuggled in (arguments.get("metadata") or {}):
                        checks.check(
                            got["metadata"].get(smuggled) == arguments["metadata"][smuggled]
                            and (smuggled not in got or smuggled in fixed or smuggled in arguments)
                            and keys.count(smuggled) <= 1,
                            f"{label}: metadata key `{smuggled}` stays metadata[{smuggled}]", raw)
                ok, why = prism_verdict(violations(log.text(), before), set(got))
                checks.check(ok, f"{label}: Prism {why}", why)
                if why == "accepted":
                    checks.check(not result.is_error and text.startswith("HTTP 2"),
                                 f"{label}: succeeds", text[:300])
            for tool, arguments, shows, says in REFUSED:
                start = len(Recorder.seen)
                result = await session.call_tool(tool, arguments)
                text = text_of(result)
                label = f"{tool} ({shows})"
                checks.check(result.is_error and says in text,
                             f"{label}: refused, saying why", text[:400])
                checks.check(len(Recorder.seen) == start, f"{label}: nothing sent",
                             str(Recorder.seen[start:]))


async def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--server", required=True)
    parser.add_argument("--base-url", required=True)
    parser.add_argument("--prism-log", required=True, type=Path)
    args = parser.parse_args()
    log = PrismLog(args.prism_log)
    checks = Checks()
    upstream = urllib.parse.urlsplit(args.base_url)
    Recorder.upstream = (upstream.hostname, upstream.port)
    proxy = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Recorder)
    threading.Thread(target=proxy.serve_forever, daemon=True).start()
    try:
        await every_call(args, checks, log, f"http://127.0.0.1:{proxy.server_address[1]}")
        prism_rejects(args, checks, log)
    except Exception as e:
        checks.check(False, "the run completed", f"{type(e).__name__}: {e}")
    finally:
        proxy.shutdown()
    print(f"{checks.passed} passed, {checks.failed} failed")
    return 0 if checks.failed == 0 else 1


if __name__ == "__main__":
    sys.exit(asyncio.run(main()))
