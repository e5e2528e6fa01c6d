"""A reduced copy of Stripe's spec for the end-to-end Prism mock: only the operations the Stripe
tools wrap, their request definitions unchanged, and each response a fixed example.

Prism does not start in reasonable time on the whole `stripe.com.json` (2.5 MB, 452
operations), nor on a copy that keeps only these operations with every schema they reference:
each response reaches 485 of the 775 schemas through Stripe's expandable, mutually recursive
objects (customer, invoice, payment intent, charge, ...), and Prism had not started on that
copy after 8 minutes (docs/form-bodies.md has the measurements). The copy keeps:

- `openapi`, `info`, `servers`, `security` and every security scheme as they are;
- the operations named by `operation = "..."` in real-specs/src/stripe.rs, each at its path and
  method, every field but `responses` equal to the original's (parameters, the request body with
  its `encoding`, operationId, ...), and every `components` entry those fields reach through
  `$ref`, followed transitively (Stripe's request definitions are inline: none today);
- each response with its status code, description and media type, its schema replaced by
  `{"type": "object"}` and an `example`: the smallest instance of the ORIGINAL schema (required
  properties only; a nullable one null; an expandable field its id; the first enum member;
  patterns honoured), which Prism's static mock returns as is. The servers' recorder
  (CATALOG_RECORD) checks every response against the original spec, so an example that is not
  valid there fails the run.

The script asserts what it promises: each kept operation's request fields serialize to the same
bytes as in the original, each kept component too, every `$ref` in the copy resolves inside it,
every response keeps its status codes and media types, and every tool's operation was found.
The output is deterministic (the original's key order, no timestamps).

    python3 tests/e2e/stripe_reduce.py SOURCE.json real-specs/src/stripe.rs OUT.json
"""

from __future__ import annotations

import json
import re
import sys

METHODS = ("get", "put", "post", "delete", "options", "head", "patch", "trace")


def operation_ids(tools_source: str) -> list[str]:
    """The operations the tools wrap, in the order the tools are declared."""
    ids = re.findall(r'^\s*operation\s*=\s*"([^"]+)"', tools_source, re.M)
    if not ids:
        raise SystemExit("stripe_reduce: no `operation = \"...\"` in the tools' source")
    return list(dict.fromkeys(ids))


def refs(node) -> set[str]:
    """Every `$ref` string inside a JSON value."""
    found = set()
    stack = [node]
    while stack:
        value = stack.pop()
        if isinstance(value, dict):
            ref = value.get("$ref")
            if isinstance(ref, str):
                found.add(ref)
            stack.extend(value.values())
        elif isinstance(value, list):
            stack.extend(value)
    return found


def component(ref: str) -> tuple[str, str]:
    m = re.fullmatch(r"#/components/([^/]+)/([^/]+)", ref)
    if not m:
        raise SystemExit(f"stripe_reduce: a $ref this script cannot follow: {ref}")
    return m.group(1), m.group(2).replace("~1", "/").replace("~0", "~")


def canonical(value) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def resolve(spec: dict, schema: dict) -> dict:
    while "$ref" in schema:
        kind, name = component(schema["$ref"])
        schema = spec["components"][kind][name]
    return schema


def pattern_text(pattern: str) -> str:
    """A short string the pattern matches: its literal prefix after `^`."""
    literal = re.match(r"\^?((?:[^\\^$.|?*+()\[\]{}]|\\.)*)", pattern).group(1)
    text = re.sub(r"\\(.)", r"\1", literal) or "x"
    if not re.search(pattern, text):
        raise SystemExit(f"stripe_reduce: no example for the pattern {pattern!r}")
    return text


def example(spec: dict, schema: dict, depth: int = 0):
    """The smallest instance of a schema of Stripe's: required properties only, null where
    nullable, an expandable field's id (its string arm), the first enum member."""
    if depth > 40:
        raise SystemExit("stripe_reduce: the example does not end (a required cycle)")
    schema = resolve(spec, schema)
    if schema.get("nullable"):
        return None
    if "enum" in schema:
        return schema["enum"][0]
    for key in ("anyOf", "oneOf"):
        if key in schema:
            arms = [resolve(spec, a) for a in schema[key]]
            strings = [a for a in arms if a.get("type") == "string" and "enum" not in a]
            return example(spec, (strings or arms)[0], depth + 1)
    if "allOf" in schema:
        return example(spec, schema["allOf"][0], depth + 1)
    ty = schema.get("type", "object")
    if ty == "string":
        if "pattern" in schema:
            return pattern_text(schema["pattern"])
        return "x" * max(1, schema.get("minLength", 1))
    if ty in ("integer", "number"):
        return schema.get("minimum", 0)
    if ty == "boolean":
        return False
    if ty == "array":
        return []
    props = schema.get("properties", {})
    return {
        name: example(spec, props.get(name, {}), depth + 1) for name in schema.get("required", [])
    }


def reduce_responses(spec: dict, responses: dict) -> dict:
    out = {}
    for status, response in responses.items():
        response = resolve(spec, response)
        kept = {k: v for k, v in response.items() if k not in ("content", "headers")}
        if "content" in response:
            kept["content"] = {
                media: {
                    "example": example(spec, body.get("schema", {})),
                    "schema": {"type": "object"},
                }
                for media, body in response["content"].items()
            }
        out[status] = kept
    return out


def reduce(spec: dict, wanted: list[str]) -> dict:
    kept_paths: dict = {}
    found: dict[str, tuple[str, str]] = {}
    for path, item in spec["paths"].items():
        for method in METHODS:
            op = item.get(method)
            if op is not None and op.get("operationId") in wanted:
                found[op["operationId"]] = (path, method)
    missing = [w for w in wanted if w not in found]
    if missing:
        raise SystemExit(f"stripe_reduce: operations not in the spec: {', '.join(missing)}")
    for path, item in spec["paths"].items():
        methods = {m for p, m in found.values() if p == path}
        if not methods:
            continue
        # The path item's own fields (parameters, servers) and the kept operations, in the
        # original's order.
        kept_paths[path] = {k: v for k, v in item.items() if k not in METHODS or k in methods}
        for method in methods:
            op = dict(kept_paths[path][method])
            op["responses"] = reduce_responses(spec, op["responses"])
            kept_paths[path][method] = op

    components: dict[str, dict] = {}
    todo = sorted(refs(kept_paths))
    seen: set[str] = set()
    while todo:
        ref = todo.pop()
        if ref in seen:
            continue
        seen.add(ref)
        kind, name = component(ref)
        try:
            value = spec["components"][kind][name]
        except KeyError:
            raise SystemExit(f"stripe_reduce: {ref} does not resolve in the original") from None
        components.setdefault(kind, set()).add(name)
        todo.extend(sorted(refs(value) - seen))

    out_components = {}
    for kind, entries in spec["components"].items():
        if kind == "securitySchemes":
            out_components[kind] = entries
        elif kind in components:
            out_components[kind] = {k: v for k, v in entries.items() if k in components[kind]}
    reduced = {k: v for k, v in spec.items() if k not in ("paths", "components")}
    # The original's top-level key order.
    ordered = {}
    for key in spec:
        if key == "paths":
            ordered[key] = kept_paths
        elif key == "components":
            ordered[key] = out_components
        else:
            ordered[key] = reduced[key]
    check(spec, ordered, found)
    return ordered


def check(spec: dict, reduced: dict, found: dict[str, tuple[str, str]]) -> None:
    """What the copy promises, asserted."""
    for op_id, (path, method) in found.items():
        original = spec["paths"][path][method]
        copy = reduced["paths"][path][method]
        assert list(copy) == list(original), f"{op_id}: fields {list(copy)} != {list(original)}"
        for field in original:
            if field != "responses":
                a, b = canonical(original[field]), canonical(copy[field])
                assert a == b, f"{op_id} ({method.upper()} {path}): `{field}` differs"
        media = {s: sorted(r.get("content", {})) for s, r in original["responses"].items()}
        kept = {s: sorted(r.get("content", {})) for s, r in copy["responses"].items()}
        assert media == kept, f"{op_id}: responses {kept} != {media}"
    for kind, entries in reduced["components"].items():
        for name, value in entries.items():
            assert canonical(value) == canonical(spec["components"][kind][name]), (
                f"#/components/{kind}/{name} differs from the original"
            )
    for ref in refs(reduced):
        kind, name = component(ref)
        assert name in reduced["components"].get(kind, {}), f"{ref} does not resolve in the copy"
    kept = sum(1 for item in reduced["paths"].values() for m in METHODS if m in item)
    assert kept == len(found), f"{kept} operations kept, {len(found)} wanted"


def main() -> int:
    if len(sys.argv) != 4:
        print(__doc__.rsplit("\n\n", 1)[-1].strip(), file=sys.stderr)
        return 2
    source, tools, out = sys.argv[1:]
    with open(source, encoding="utf-8") as f:
        spec = json.load(f)
    with open(tools, encoding="utf-8") as f:
        wanted = operation_ids(f.read())
    reduced = reduce(spec, wanted)
    with open(out, "w", encoding="utf-8") as f:
        json.dump(reduced, f, ensure_ascii=False, indent=1)
        f.write("\n")
    schemas = len(reduced["components"].get("schemas", {}))
    print(
        f"stripe_reduce: {len(wanted)} operations ({', '.join(wanted)}), request definitions "
        f"unchanged, {schemas} of {len(spec['components'].get('schemas', {}))} schemas, "
        f"responses as examples -> {out}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
