"""End-to-end check of file uploads: the `uploads` example over MCP (official Python SDK).

Two servers of the example are started over stdio:

1. against a Prism mock of openapi/uploads.yaml (started by .ci/e2e.sh with request validation
   and --errors: an invalid request is answered 422): a multipart upload (a file given as base64
   and text parts; Prism reads repeated parts as one value, not an array, so the array part is
   left to the second server) and octet-stream uploads (base64, and a path under
   CATALOG_FILES_DIR) each succeed; Prism's log shows no validation error;
2. against a small mock in this script that parses each multipart body with the standard
   library's `email` parser (independent of the Rust encoder) and answers with what it read:
   every part's name, file name, content type and bytes are as the agent sent them, and the
   octet-stream body is the file's bytes.

Then the refusals, each an MCP tool error with nothing sent: a path with `..`, an absolute path
outside the files directory, a symbolic link out of it, a body over CATALOG_MAX_UPLOAD_BYTES, a
media type the spec's `encoding` does not allow. Ends with `N passed, M failed`.

    python tests/e2e/uploads_client.py --server target/debug/examples/uploads \
        --base-url http://127.0.0.1:4011 --prism-log target/e2e/prism-uploads.log
"""

from __future__ import annotations

import argparse
import asyncio
import base64
import email.parser
import email.policy
import json
import os
import sys
import tempfile
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

from mcp import ClientSession
from mcp.client.stdio import StdioServerParameters, stdio_client

from mcp_client import Checks, text_of

MAX_UPLOAD = 4096


def b64(data: bytes) -> str:
    return base64.b64encode(data).decode()


class Mock(BaseHTTPRequestHandler):
    """Answers each request with JSON: the method, path, content type and the parts (multipart,
    parsed by `email`) or the bytes (anything else), base64-encoded."""

    def do_POST(self) -> None:
        self.answer()

    def do_PUT(self) -> None:
        self.answer()

    def answer(self) -> None:
        length = int(self.headers.get("Content-Length", "0"))
        body = self.rfile.read(length)
        content_type = self.headers.get("Content-Type", "")
        seen = {"method": self.command, "path": self.path, "content_type": content_type}
        if content_type.startswith("multipart/form-data"):
            raw = f"Content-Type: {content_type}\r\nMIME-Version: 1.0\r\n\r\n".encode() + body
            message = email.parser.BytesParser(policy=email.policy.HTTP).parsebytes(raw)
            seen["defects"] = [str(d) for d in message.defects]
            seen["parts"] = [
                {
                    "name": part.get_param("name", header="content-disposition"),
                    "filename": part.get_filename(),
                    "content_type": part.get("Content-Type"),
                    "bytes": b64(part.get_payload(decode=True) or b""),
                }
                for part in message.iter_parts()
            ]
        else:
            seen["bytes"] = b64(body)
        # The documented 201 body has an `id`: without it the server (rightly) reports the body
        # as not matching the tool's outputSchema.
        seen["id"] = "upload-1"
        out = json.dumps(seen).encode()
        self.send_response(201 if self.command == "POST" else 204)
        if self.command == "POST":
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(out)))
            self.end_headers()
            self.wfile.write(out)
        else:
            # A 204 has no body: the mock keeps what it read for the client instead.
            Mock.last = seen
            self.end_headers()

    def log_message(self, *args) -> None:
        pass


def params(server: str, base_url: str, files_dir: Path | None) -> StdioServerParameters:
    env = dict(os.environ)
    env["UPLOADS_BASE_URL"] = base_url
    env["CATALOG_ALLOW_WRITES"] = "1"
    env.pop("CATALOG_FILES_DIR", None)
    if files_dir is not None:
        env["CATALOG_FILES_DIR"] = str(files_dir)
    env["CATALOG_MAX_UPLOAD_BYTES"] = str(MAX_UPLOAD)
    env["CATALOG_TIMEOUT_SECS"] = "20"
    return StdioServerParameters(command=server, args=[], env=env)


def body_of(text: str) -> str:
    """The API's answer body in a tool result (after the status and header lines)."""
    return text.split("\n\n", 1)[1] if "\n\n" in text else ""


PNG = b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR--catalog-\r\n\x00\xff"
ATTACHMENT = bytes(range(256))
BLOB = b"\xde\xad\xbe\xef\x00\r\n--"


def valid_upload() -> dict:
    return {
        "file": {"content_base64": b64(PNG), "filename": "cat \"1\".png", "media_type": "image/png"},
        "channel_id": "town-square",
        "attachments": [{"path": "in/data.bin"}],
        "note": "héllo",
    }


async def against_prism(args, files_dir: Path, checks: Checks) -> None:
    print(f"server against Prism ({args.base_url})")
    async with stdio_client(params(args.server, args.base_url, files_dir)) as (read, write):
        async with ClientSession(read, write) as session:
            await session.initialize()
            tools = {t.name: t for t in (await session.list_tools()).tools}
            checks.check(set(tools) == {"upload_file", "put_blob"}, "tools/list gives the two upload tools", str(sorted(tools)))
            schema = tools["upload_file"].input_schema["properties"]["file"]
            required = [arm.get("required") for arm in schema.get("oneOf", [])]
            checks.check(
                required == [["content_base64"], ["path"]],
                "the file argument's schema is base64 content or a path",
                json.dumps(schema)[:300],
            )
            # Prism reads repeated parts as one value (not an array), so the array part is checked
            # against the email-parser mock below instead.
            upload = valid_upload()
            del upload["attachments"]
            result = await session.call_tool("upload_file", upload)
            text = text_of(result)
            checks.check(not result.is_error and text.startswith("HTTP 201"), "upload_file: Prism accepts the multipart request", text[:400])
            result = await session.call_tool("put_blob", {"name": "b1", "content": {"content_base64": b64(BLOB)}})
            text = text_of(result)
            checks.check(not result.is_error and text.startswith("HTTP 204"), "put_blob: Prism accepts the octet-stream request", text[:400])
            result = await session.call_tool("put_blob", {"name": "b2", "content": {"path": "in/data.bin", "media_type": "application/octet-stream"}})
            text = text_of(result)
            checks.check(not result.is_error and text.startswith("HTTP 204"), "put_blob: a file by path is sent", text[:400])
    log = Path(args.prism_log).read_text(errors="replace")
    errors = [l for l in log.splitlines() if "[VALIDATOR]" in l and ("error" in l or "did not pass" in l)]
    checks.check(not errors, "Prism's log shows no request validation error", "\n".join(errors[:5]))


async def without_a_files_directory(args, checks: Checks) -> None:
    """Where the operator allows no file paths, no file schema offers one, and a path sent
    anyway is refused unsent."""
    print("server without a files directory (CATALOG_FILES_DIR unset)")
    async with stdio_client(params(args.server, args.base_url, None)) as (read, write):
        async with ClientSession(read, write) as session:
            await session.initialize()
            tools = {t.name: t for t in (await session.list_tools()).tools}
            for name, prop in (("upload_file", "file"), ("put_blob", "content")):
                schema = tools[name].input_schema["properties"][prop]
                required = [arm.get("required") for arm in schema.get("oneOf", [])]
                checks.check(required == [["content_base64"]],
                             f"{name}: the file argument's schema offers base64 content only",
                             json.dumps(schema)[:300])
            result = await session.call_tool("put_blob", {"name": "b3", "content": {"path": "in/data.bin"}})
            text = text_of(result)
            checks.check(result.is_error and "file paths are not allowed here" in text,
                         "put_blob: a path sent anyway is refused", text[:300])


async def against_parser(args, files_dir: Path, checks: Checks) -> None:
    server = ThreadingHTTPServer(("127.0.0.1", 0), Mock)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}"
    print(f"server against the email-parser mock ({base})")
    try:
        async with stdio_client(params(args.server, base, files_dir)) as (read, write):
            async with ClientSession(read, write) as session:
                await session.initialize()
                result = await session.call_tool("upload_file", valid_upload())
                text = text_of(result)
                # The body once: in structuredContent when the tool is typed, else in the text.
                structured = getattr(result, "structured_content", None) or getattr(result, "structuredContent", None)
                try:
                    seen = structured if structured is not None else json.loads(body_of(text))
                except ValueError:
                    checks.check(False, "upload_file reaches the mock", text[:400])
                    return
                checks.check(seen["defects"] == [], "the multipart body parses without defects", str(seen.get("defects")))
                expected = [
                    {"name": "file", "filename": 'cat %221%22.png', "content_type": "image/png", "bytes": b64(PNG)},
                    {"name": "channel_id", "filename": None, "content_type": None, "bytes": b64(b"town-square")},
                    {"name": "attachments", "filename": "data.bin", "content_type": "application/octet-stream", "bytes": b64(ATTACHMENT)},
                    {"name": "note", "filename": None, "content_type": None, "bytes": b64("héllo".encode())},
                ]
                checks.check(seen["parts"] == expected, "every part has its name, file name, content type and bytes", json.dumps(seen["parts"])[:600])
                result = await session.call_tool("put_blob", {"name": "b1", "content": {"content_base64": b64(BLOB)}})
                last = getattr(Mock, "last", {})
                checks.check(
                    not result.is_error
                    and last.get("bytes") == b64(BLOB)
                    and last.get("content_type") == "application/octet-stream"
                    and last.get("path") == "/blobs/b1",
                    "the octet-stream body is the file's bytes",
                    str(last)[:300],
                )

                outside = files_dir.parent / "secret.txt"
                refusals = [
                    ({"name": "x", "content": {"path": "../secret.txt"}}, "has a `..` component"),
                    ({"name": "x", "content": {"path": str(outside)}}, "leads outside the files directory"),
                    ({"name": "x", "content": {"path": "escape.txt"}}, "leads outside the files directory"),
                    ({"name": "x", "content": {"content_base64": b64(b"\0" * (MAX_UPLOAD + 1))}}, f"larger than the upload limit of {MAX_UPLOAD} bytes"),
                ]
                for arguments, needle in refusals:
                    Mock.last = {}
                    result = await session.call_tool("put_blob", arguments)
                    text = text_of(result)
                    checks.check(
                        result.is_error and needle in text and getattr(Mock, "last", {}) == {},
                        f"put_blob refused, nothing sent: {needle}",
                        text[:300],
                    )
                bad_type = valid_upload()
                bad_type["file"]["media_type"] = "image/gif"
                result = await session.call_tool("upload_file", bad_type)
                text = text_of(result)
                checks.check(
                    result.is_error and "`image/gif` is not one the spec allows here (image/png, image/jpeg, text/plain)" in text,
                    "upload_file refused: a media type the encoding does not allow",
                    text[:300],
                )
    finally:
        server.shutdown()


async def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--server", required=True)
    parser.add_argument("--base-url", required=True)
    parser.add_argument("--prism-log", required=True)
    args = parser.parse_args()
    checks = Checks()
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        files_dir = root / "files"
        (files_dir / "in").mkdir(parents=True)
        (files_dir / "in" / "data.bin").write_bytes(ATTACHMENT)
        (root / "secret.txt").write_bytes(b"outside")
        (files_dir / "escape.txt").symlink_to(root / "secret.txt")
        await against_prism(args, files_dir, checks)
        await against_parser(args, files_dir, checks)
        await without_a_files_directory(args, checks)
    print(f"{checks.passed} passed, {checks.failed} failed")
    return 0 if checks.failed == 0 else 1


if __name__ == "__main__":
    sys.exit(asyncio.run(main()))
