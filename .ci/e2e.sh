#!/usr/bin/env bash
# End to end: the taskboard example served over MCP (stdio) to the official Python MCP SDK,
# against a Prism mock of openapi/taskboard.yaml that validates every request.
#
# Installs Prism (npm, under target/e2e/prism) and the Python MCP SDK (a venv under
# target/e2e/venv) when they are not there yet, builds the example, runs
# tests/e2e/mcp_client.py, and stops Prism on the way out. Exits non-zero on any failed check.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT="$(pwd)"
E2E="$ROOT/target/e2e"
TARGET_DIR="${CARGO_TARGET_DIR:-$ROOT/target}"
case "$TARGET_DIR" in /*) ;; *) TARGET_DIR="$ROOT/$TARGET_DIR" ;; esac
mkdir -p "$E2E"

PRISM="$E2E/prism/node_modules/.bin/prism"
if [ ! -x "$PRISM" ]; then
  echo "== installing Prism into $E2E/prism"
  npm install --prefix "$E2E/prism" @stoplight/prism-cli --no-audit --no-fund --loglevel=error
fi

PY="$E2E/venv/bin/python"
if ! { [ -x "$PY" ] && "$PY" -c "import mcp" 2>/dev/null; }; then
  echo "== installing the Python MCP SDK into $E2E/venv"
  python3 -m venv "$E2E/venv"
  "$PY" -m pip install --quiet --disable-pip-version-check mcp
fi
echo "Python MCP SDK $("$PY" -c 'import importlib.metadata as m; print(m.version("mcp"))')," \
  "Prism $("$PRISM" --version)"

echo "== building the taskboard example"
cargo build --quiet --example taskboard
SERVER="$TARGET_DIR/debug/examples/taskboard"
[ -x "$SERVER" ] || { echo "the example binary is not at $SERVER" >&2; exit 1; }

PORT="$("$PY" -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
LOG="$E2E/prism.log"
: > "$LOG"
echo "== starting Prism on 127.0.0.1:$PORT (log: $LOG)"
# Its own process group, so the trap stops Prism and anything it started, and nothing else.
setsid "$PRISM" mock openapi/taskboard.yaml --host 127.0.0.1 --port "$PORT" --errors >>"$LOG" 2>&1 &
PRISM_PID=$!
stop_prism() { kill -- "-$PRISM_PID" 2>/dev/null || true; wait "$PRISM_PID" 2>/dev/null || true; }
trap stop_prism EXIT

for _ in $(seq 1 120); do
  if grep -q "Prism is listening" "$LOG"; then break; fi
  if ! kill -0 "$PRISM_PID" 2>/dev/null; then
    echo "Prism exited during startup:" >&2; cat "$LOG" >&2; exit 1
  fi
  sleep 0.5
done
grep -q "Prism is listening" "$LOG" || { echo "Prism did not start:" >&2; cat "$LOG" >&2; exit 1; }

echo "== MCP client (tests/e2e/mcp_client.py)"
"$PY" tests/e2e/mcp_client.py --server "$SERVER" --base-url "http://127.0.0.1:$PORT" --prism-log "$LOG"
