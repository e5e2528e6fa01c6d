#!/usr/bin/env bash
# P7: the tokens a model reads, the catalog server against FastMCP's `from_openapi`, on
# openapi/taskboard.yaml with Prism as the API (benches/p7/tokens.py says what is measured).
#
#   bash benches/p7.sh
#
# Installs FastMCP (pinned) into target/p7/venv and Prism into target/p7/prism when they are not
# there (Prism from target/e2e/prism when the end-to-end run installed it), builds the example
# server, starts Prism, and prints the figures BENCHMARKS.md quotes. CATALOG_BENCH_SMOKE=1 runs the
# same (it is a few seconds); CI runs it so that the bench cannot rot.
set -euo pipefail
cd "$(dirname "$0")/.."

FASTMCP_VERSION=4.1.6
PYYAML_VERSION=6.0.4
DIR=target/p7
mkdir -p "$DIR"

PY="$DIR/venv/bin/python"
if ! "$PY" -c "import fastmcp, yaml; assert fastmcp.__version__ == '$FASTMCP_VERSION'" 2>/dev/null; then
  echo "== installing fastmcp==$FASTMCP_VERSION into $DIR/venv"
  [ -x "$PY" ] || python3 -m venv "$DIR/venv"
  "$PY" -m pip install --quiet --disable-pip-version-check "fastmcp==$FASTMCP_VERSION" \
    "pyyaml==$PYYAML_VERSION"
fi

PRISM=target/e2e/prism/node_modules/.bin/prism
if [ ! -x "$PRISM" ]; then
  PRISM="$DIR/prism/node_modules/.bin/prism"
  if [ ! -x "$PRISM" ]; then
    echo "== installing Prism into $DIR/prism"
    npm install --prefix "$DIR/prism" @stoplight/prism-cli --no-audit --no-fund --loglevel=error
  fi
fi

echo "== building the example server"
cargo build --quiet --example taskboard
SERVER=${CARGO_TARGET_DIR:-target}/debug/examples/taskboard

PORT=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
"$PRISM" mock -p "$PORT" -h 127.0.0.1 openapi/taskboard.yaml >"$DIR/prism.log" 2>&1 &
prism_pid=$!
trap 'kill "$prism_pid" 2>/dev/null || true' EXIT
for _ in $(seq 1 120); do
  grep -q "Prism is listening" "$DIR/prism.log" && break
  sleep 0.5
done

"$PY" benches/p7/tokens.py --catalog "$SERVER" --fastmcp-python "$PY" \
  --fastmcp-server benches/p7/fastmcp_server.py --spec openapi/taskboard.yaml \
  --base-url "http://127.0.0.1:$PORT" --commit "$(git rev-parse --short HEAD)"
