"""FastMCP's server for an OpenAPI document, as `FastMCP.from_openapi` builds it, over stdio.

    python fastmcp_server.py SPEC BASE_URL API_KEY

The document is read as it is (YAML or JSON); every request goes to BASE_URL with the
`X-Api-Key` header, as the catalog server sends it. Nothing else is configured: the P7 bench
compares each library's defaults.
"""

import json
import sys
from pathlib import Path

import httpx2 as httpx
import yaml
from fastmcp import FastMCP


def main() -> None:
    spec_path, base_url, api_key = sys.argv[1:4]
    text = Path(spec_path).read_text()
    spec = json.loads(text) if spec_path.endswith(".json") else yaml.safe_load(text)
    client = httpx.AsyncClient(base_url=base_url, headers={"X-Api-Key": api_key}, timeout=20)
    server = FastMCP.from_openapi(openapi_spec=spec, client=client, name="fastmcp-p7")
    server.run(transport="stdio", show_banner=False)


if __name__ == "__main__":
    main()
