#!/usr/bin/env bash
# Proves the container of deploy/Containerfile on this machine: builds the taskboard example as a
# static binary, puts it in the Containerfile's final stage (FROM scratch, numeric non-root user),
# runs the image with podman, its port published on loopback, against an API on the host's
# loopback, and checks from outside:
#
# - the process in the container runs as uid 65532, not root (read from /proc on the host);
# - GET /healthz is 200 `ok`, GET /readyz is 200 `ready` (the API answers);
# - one `tools/call` (get_task, bearer token) answered with the API's task, and the API received
#   exactly that request (GET /v1/boards/ops/tasks/7), once;
# - with the API stopped, /readyz turns 503 `not ready: ...`;
# - SIGTERM (`podman stop`) ends the container with exit status 0.
#
# No registry of base images is reachable here, so the build stage is not run: the binary is
# built on the host and its directory named as that stage (`--build-context build=DIR`); the
# final stage is the Containerfile's own. What it needs on Debian: podman and runc (installed
# with apt-get when run as root and missing), python3, curl. The default runtime, crun, cannot
# start a container on a host with cgroup v1 plus a v2 `unified` hierarchy ("cgroups in hybrid
# mode not supported"); runc can, with the open-files and process limits lowered to what an
# unprivileged sandbox may set. slirp4netns with `allow_host_loopback` lets the container reach
# the host's loopback at 10.0.2.2.
#
# Ends with `N passed, M failed`, or `container: NOT RUN: <why>` and exit status 3 when the
# machine cannot run a container (never reported as passed).
#
#   bash deploy/prove.sh            (from the workspace root; CARGO_TARGET_DIR is honoured)
#   PROVE_BINARY=path bash deploy/prove.sh    (a static taskboard binary built already)
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT="$(pwd)"
TARGET_DIR="${CARGO_TARGET_DIR:-$ROOT/target}"
case "$TARGET_DIR" in /*) ;; *) TARGET_DIR="$ROOT/$TARGET_DIR" ;; esac
WORK="$TARGET_DIR/prove"
TRIPLE=x86_64-unknown-linux-gnu
NAME="catalog-prove-$$"
IMAGE="localhost/$NAME"
TOKEN="prove-$$-$RANDOM$RANDOM"
UID_EXPECTED=65532

not_run() {
  echo "container: NOT RUN: $*"
  exit 3
}

if [ "$(id -u)" = 0 ]; then
  for tool in podman runc; do
    command -v "$tool" >/dev/null ||
      apt-get install -y -qq "$tool" >/dev/null 2>&1 ||
      { apt-get update -qq >/dev/null 2>&1 && apt-get install -y -qq "$tool" >/dev/null 2>&1; } || true
  done
fi
for tool in podman runc python3 curl file; do
  command -v "$tool" >/dev/null || not_run "$tool is not installed (apt-get install $tool)"
done

PASSED=0
FAILED=0
check() { # check CONDITION-STATUS LABEL DETAIL
  if [ "$1" = 0 ]; then
    PASSED=$((PASSED + 1)); echo "ok    $2"
  else
    FAILED=$((FAILED + 1)); echo "FAIL  $2: $3"
  fi
}

API_PID=""
cleanup() {
  podman rm -f -t 0 "$NAME" >/dev/null 2>&1 || true
  podman rmi -f "$IMAGE" >/dev/null 2>&1 || true
  [ -z "$API_PID" ] || kill "$API_PID" 2>/dev/null || true
}
trap cleanup EXIT

if [ -n "${PROVE_BINARY:-}" ]; then
  BIN="$PROVE_BINARY"
else
  echo "== building the taskboard example as a static binary ($TRIPLE, crt-static)"
  RUSTFLAGS="${RUSTFLAGS:-} -C target-feature=+crt-static" \
    cargo build --quiet --target "$TRIPLE" --example taskboard
  BIN="$TARGET_DIR/$TRIPLE/debug/examples/taskboard"
fi
file_kind="$(file -b "$BIN" 2>/dev/null || echo unknown)"
case "$file_kind" in
  *static*) ;;
  *) echo "FAIL  $BIN is not statically linked: $file_kind"; echo "0 passed, 1 failed"; exit 1 ;;
esac

rm -rf "$WORK/context"
mkdir -p "$WORK/context/out" "$WORK/context/etc/ssl/certs"
cp "$BIN" "$WORK/context/out/server"
cp /etc/ssl/certs/ca-certificates.crt "$WORK/context/etc/ssl/certs/"

echo "== podman build -f deploy/Containerfile (the final stage; the build stage given as the binary's directory)"
podman build --quiet -f deploy/Containerfile --build-context "build=$WORK/context" \
  -t "$IMAGE" "$WORK/context" >"$WORK/build.log" 2>&1 ||
  { cat "$WORK/build.log"; echo "FAIL  podman build"; echo "0 passed, 1 failed"; exit 1; }

free_port() {
  python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}
API_PORT="$(free_port)"
MCP_PORT="$(free_port)"

# The API: a task for GET, 200 for the readiness HEAD; each GET it receives is one line of its log.
python3 - "$API_PORT" >"$WORK/api.log" 2>&1 <<'PYEOF' &
import http.server, json, sys
class Api(http.server.BaseHTTPRequestHandler):
    def do_HEAD(self):
        self.send_response(200)
        self.send_header("Content-Length", "0")
        self.end_headers()
    def do_GET(self):
        print(f"{self.command} {self.path}", flush=True)
        body = json.dumps({"id": 7, "title": "Ship the container", "status": "doing"}).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)
    def log_message(self, *args):
        pass
http.server.ThreadingHTTPServer(("127.0.0.1", int(sys.argv[1])), Api).serve_forever()
PYEOF
API_PID=$!

echo "== podman run (runc, slirp4netns, 127.0.0.1:$MCP_PORT -> 8080; the API at 10.0.2.2:$API_PORT)"
if ! podman run -d --name "$NAME" --runtime runc \
  --ulimit nofile=1024:1024 --ulimit nproc=1024:1024 \
  --network slirp4netns:allow_host_loopback=true -p "127.0.0.1:$MCP_PORT:8080" \
  -e "TASKBOARD_BASE_URL=http://10.0.2.2:$API_PORT/v1" \
  -e CATALOG_HTTP_ALLOWED_HOSTS=localhost -e "CATALOG_HTTP_TOKEN=$TOKEN" \
  "$IMAGE" >"$WORK/run.log" 2>&1; then
  not_run "podman cannot start a container here: $(tail -n 1 "$WORK/run.log")"
fi

URL="http://127.0.0.1:$MCP_PORT"
up=1
for _ in $(seq 1 100); do
  if curl -s -o /dev/null -m 1 "$URL/healthz"; then up=0; break; fi
  sleep 0.2
done
if [ "$up" != 0 ]; then
  echo "FAIL  the server in the container does not answer on $URL; its output:"
  podman logs "$NAME" 2>&1 | tail -n 20
  echo "0 passed, 1 failed"
  exit 1
fi

pid="$(podman inspect -f '{{.State.Pid}}' "$NAME")"
uids="$(awk '/^Uid:/ {print $2, $3, $4, $5}' "/proc/$pid/status")"
check "$([ "$uids" = "$UID_EXPECTED $UID_EXPECTED $UID_EXPECTED $UID_EXPECTED" ]; echo $?)" \
  "the server runs as uid $UID_EXPECTED, not root (real, effective, saved, fs)" "Uid: $uids"
user="$(podman inspect -f '{{.Config.User}}' "$NAME")"
check "$([ "$user" = "$UID_EXPECTED:$UID_EXPECTED" ]; echo $?)" "the image's user is $UID_EXPECTED:$UID_EXPECTED" "$user"

health="$(curl -s -w ' %{http_code}' -m 5 "$URL/healthz")"
check "$([ "$health" = "ok 200" ]; echo $?)" "GET /healthz: 200 ok" "$health"
ready="$(curl -s -w ' %{http_code}' -m 5 "$URL/readyz")"
check "$([ "$ready" = "ready 200" ]; echo $?)" "GET /readyz: 200 ready (the API on the host answers)" "$ready"

call='{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"get_task","arguments":{"board_id":"ops","task_id":7}}}'
mcp() { # mcp AUTHORIZATION-HEADER
  curl -s -m 30 -H "$1" -H 'Content-Type: application/json' \
    -H 'Accept: application/json, text/event-stream' -H 'MCP-Protocol-Version: 2025-06-18' \
    -d "$call" -w '\n%{http_code}' "$URL/mcp"
}
refused="$(mcp 'Authorization: Bearer wrong' | tail -n 1)"
check "$([ "$refused" = 401 ]; echo $?)" "tools/call with a wrong token: 401, nothing sent" "HTTP $refused"
answer="$(mcp "Authorization: Bearer $TOKEN")"
verdict="$(printf '%s' "$answer" | python3 -c '
import json, sys
text = sys.stdin.read()
body, status = text.rsplit("\n", 1)
result = json.loads(body).get("result", {})
want = {"id": 7, "title": "Ship the container", "status": "doing"}
ok = status == "200" and result.get("isError") is False and result.get("structuredContent") == want
print("ok" if ok else f"HTTP {status}: {body[:400]}")
')"
check "$([ "$verdict" = ok ]; echo $?)" "tools/call get_task through the container: the API's task, no error" "$verdict"
received="$(cat "$WORK/api.log")"
check "$([ "$received" = "GET /v1/boards/ops/tasks/7" ]; echo $?)" \
  "the API received exactly GET /v1/boards/ops/tasks/7, once" "$(printf '%s' "$received" | tr '\n' ';')"

kill "$API_PID" 2>/dev/null || true
wait "$API_PID" 2>/dev/null || true
API_PID=""
sleep 1.2 # past the readiness probe's one-second cache
unready="$(curl -s -w ' %{http_code}' -m 5 "$URL/readyz")"
case "$unready" in
  "not ready: "*" 503") status=0 ;;
  *) status=1 ;;
esac
check "$status" "GET /readyz with the API stopped: 503 not ready" "$unready"

podman stop -t 20 "$NAME" >/dev/null 2>&1 || true
exit_code="$(podman inspect -f '{{.State.ExitCode}}' "$NAME")"
check "$([ "$exit_code" = 0 ]; echo $?)" "SIGTERM (podman stop): the server exits 0" "exit $exit_code"

echo "$PASSED passed, $FAILED failed"
[ "$FAILED" -eq 0 ]
