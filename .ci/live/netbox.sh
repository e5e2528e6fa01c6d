#!/usr/bin/env bash
# A live NetBox on loopback for the tests: `.ci/live/netbox.sh start|seed|stop|status|schema`.
#
# NetBox needs Python >= 3.12 and the build machines run Debian bookworm (Python 3.11), so NetBox
# runs in a Debian trixie root under target/live/root (debootstrap, run as root), with
# PostgreSQL, Redis and Python 3.13 from Debian and NetBox $NETBOX_VERSION from PyPI in a venv,
# its requirements pinned by the wheel itself. Everything listens on 127.0.0.1 only.
#
#   start   bootstrap the root, install NetBox, start PostgreSQL, Redis and NetBox (gunicorn),
#           migrate, create the superuser `catalog` and its API token; writes target/live/netbox.env
#           (CATALOG_LIVE_NETBOX, CATALOG_LIVE_NETBOX_TOKEN). Each step is skipped when its result
#           is already there, so a second start reuses target/live. Each step is bounded in time.
#   seed    create the fixed data set through the REST API (.ci/live/seed.py); idempotent
#   schema  fetch the server's own OpenAPI document into target/live/netbox-live.json
#   stop    stop NetBox, Redis and PostgreSQL (nothing is mounted: the root needs no /proc)
#   status  print whether the server answers
#
# Ports (loopback): LIVE_NETBOX_PORT (18080), LIVE_PG_PORT (15432), LIVE_REDIS_PORT (16379).
# LIVE_NETBOX_DIR (an absolute path) puts the whole installation elsewhere than target/live.
# Remove target/live to start from scratch.
set -euo pipefail
cd "$(dirname "$0")/../.."
REPO="$(pwd)"

NETBOX_VERSION=4.7.3
SUITE=trixie
MIRROR=${LIVE_DEBIAN_MIRROR:-http://deb.debian.org/debian}
PG_MAJOR=17
NETBOX_PORT=${LIVE_NETBOX_PORT:-18080}
PG_PORT=${LIVE_PG_PORT:-15432}
REDIS_PORT=${LIVE_REDIS_PORT:-16379}

LIVE="${LIVE_NETBOX_DIR:-$REPO/target/live}"
ROOT="$LIVE/root"
ENV_FILE="$LIVE/netbox.env"
URL="http://127.0.0.1:$NETBOX_PORT"

say() { echo "== live netbox: $*"; }
die() { echo "live netbox: $*" >&2; exit 1; }

# in_root CMD...: CMD inside the trixie root with a clean environment (the host's PIP_* and
# proxy settings are not the root's).
IN_ROOT=(env -i PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin LANG=C.UTF-8
  HOME=/root NETBOX_ROOT=/opt/netbox chroot "$ROOT")
in_root() { "${IN_ROOT[@]}" "$@"; }

# bounded SECONDS WHAT CMD...: CMD, failing the start with WHAT when it runs past SECONDS.
bounded() {
  local secs="$1" what="$2"
  shift 2
  local rc=0
  timeout --kill-after=10 "$secs" "$@" || rc=$?
  if [ "$rc" = 124 ] || [ "$rc" = 137 ]; then die "$what took longer than ${secs}s"; fi
  [ "$rc" = 0 ] || die "$what failed (exit $rc)"
}

require_root() {
  [ "$(id -u)" = 0 ] || die "needs root (debootstrap and chroot); run it as root or in CI"
}

bootstrap() {
  if [ -f "$ROOT/.catalog-bootstrapped" ]; then return; fi
  command -v debootstrap >/dev/null || die "debootstrap is not installed: apt-get install debootstrap"
  say "debootstrap $SUITE into $ROOT (log: $LIVE/debootstrap.log)"
  rm -rf "$ROOT"
  mkdir -p "$LIVE"
  bounded 900 "debootstrap" debootstrap --variant=minbase \
    --include=python3,python3-venv,postgresql,redis-server,ca-certificates \
    "$SUITE" "$ROOT" "$MIRROR" >"$LIVE/debootstrap.log" 2>&1
  touch "$ROOT/.catalog-bootstrapped"
}

# The host's name resolution and trusted certificate authorities (a proxy's CA, say), so that
# pip inside the root reaches PyPI the way the host does.
host_network() {
  cp /etc/resolv.conf "$ROOT/etc/resolv.conf"
  if compgen -G "/usr/local/share/ca-certificates/*.crt" >/dev/null; then
    cp /usr/local/share/ca-certificates/*.crt "$ROOT/usr/local/share/ca-certificates/"
    in_root update-ca-certificates >/dev/null 2>&1
  fi
}

# NetBox's own pins, read from the wheel's metadata; psycopg's `c` extra (compiled against libpq
# at install) is swapped for `binary` (the same psycopg with libpq bundled), so that the root
# needs no compiler.
install_netbox() {
  local marker="$ROOT/opt/netbox/.installed-$NETBOX_VERSION"
  if [ -f "$marker" ]; then return; fi
  say "installing NetBox $NETBOX_VERSION into /opt/netbox/venv (in the root)"
  in_root python3 -m venv /opt/netbox/venv
  bounded 600 "pip download netbox==$NETBOX_VERSION" "${IN_ROOT[@]}" /opt/netbox/venv/bin/pip download \
    --quiet --disable-pip-version-check --no-deps "netbox==$NETBOX_VERSION" -d /opt/netbox/wheel
  in_root /opt/netbox/venv/bin/python - <<'EOF'
import glob, zipfile
wheel = glob.glob('/opt/netbox/wheel/netbox-*.whl')[0]
with zipfile.ZipFile(wheel) as z:
    meta = next(n for n in z.namelist() if n.endswith('.dist-info/METADATA'))
    lines = z.read(meta).decode().splitlines()
reqs = [l.split(': ', 1)[1] for l in lines if l.startswith('Requires-Dist: ') and ';' not in l]
reqs = [r.replace('psycopg[c,pool]', 'psycopg[binary,pool]') for r in reqs]
open('/opt/netbox/requirements.txt', 'w').write('\n'.join(reqs) + '\n')
EOF
  bounded 900 "pip install NetBox's requirements" "${IN_ROOT[@]}" /opt/netbox/venv/bin/pip install \
    --quiet --disable-pip-version-check -r /opt/netbox/requirements.txt
  bounded 300 "pip install netbox" "${IN_ROOT[@]}" sh -c \
    '/opt/netbox/venv/bin/pip install --quiet --disable-pip-version-check --no-deps /opt/netbox/wheel/netbox-*.whl'
  touch "$marker"
}

configure() {
  local conf="$ROOT/opt/netbox/conf/configuration.py"
  if [ -f "$conf" ]; then return; fi
  say "writing $conf (secret key and token pepper generated once, kept in the root)"
  mkdir -p "$(dirname "$conf")"
  : >"$ROOT/opt/netbox/conf/__init__.py"
  local secret pepper
  secret=$(in_root /opt/netbox/venv/bin/netbox secret-key)
  pepper=$(in_root /opt/netbox/venv/bin/netbox secret-key)
  cat >"$conf" <<EOF
# Written by .ci/live/netbox.sh: a NetBox for tests, on loopback only.
ALLOWED_HOSTS = ['127.0.0.1', 'localhost']
DATABASES = {'default': {
    'ENGINE': 'django.db.backends.postgresql', 'NAME': 'netbox', 'USER': 'netbox',
    'PASSWORD': 'netbox', 'HOST': '127.0.0.1', 'PORT': '$PG_PORT', 'CONN_MAX_AGE': 300,
}}
REDIS = {
    'tasks': {'HOST': '127.0.0.1', 'PORT': $REDIS_PORT, 'USERNAME': '', 'PASSWORD': '', 'DATABASE': 0, 'SSL': False},
    'caching': {'HOST': '127.0.0.1', 'PORT': $REDIS_PORT, 'USERNAME': '', 'PASSWORD': '', 'DATABASE': 1, 'SSL': False},
}
SECRET_KEY = '$secret'
API_TOKEN_PEPPERS = {1: '$pepper'}
# A test server calls no one: no census, no release check, no outside resources.
CENSUS_REPORTING_ENABLED = False
RELEASE_CHECK_URL = None
ISOLATED_DEPLOYMENT = True
TIME_ZONE = 'UTC'
EOF
}

start_postgres() {
  local conf="$ROOT/etc/postgresql/$PG_MAJOR/main/conf.d/catalog-live.conf"
  # A throwaway test database: no durability (fsync, synchronous commit and full-page writes
  # off), so NetBox's few hundred migrations wait on no disk sync.
  printf "port = %s\nlisten_addresses = '127.0.0.1'\nfsync = off\nsynchronous_commit = off\nfull_page_writes = off\n" \
    "$PG_PORT" >"$conf"
  if ! in_root pg_lsclusters -h 2>/dev/null | grep -q " online"; then
    say "starting PostgreSQL $PG_MAJOR on 127.0.0.1:$PG_PORT"
    mkdir -p "$ROOT/var/run/postgresql"
    in_root chown postgres:postgres /var/run/postgresql
    bounded 60 "PostgreSQL start" "${IN_ROOT[@]}" pg_ctlcluster "$PG_MAJOR" main start
  fi
  in_root su postgres -s /bin/sh -c "psql -p $PG_PORT -tAc \"SELECT 1 FROM pg_roles WHERE rolname = 'netbox'\"" |
    grep -q 1 || in_root su postgres -s /bin/sh -c \
    "psql -p $PG_PORT -qc \"CREATE ROLE netbox LOGIN PASSWORD 'netbox'\" && createdb -p $PG_PORT -O netbox netbox"
}

start_redis() {
  if in_root redis-cli -p "$REDIS_PORT" ping 2>/dev/null | grep -q PONG; then return; fi
  say "starting Redis on 127.0.0.1:$REDIS_PORT"
  bounded 30 "Redis start" "${IN_ROOT[@]}" redis-server --port "$REDIS_PORT" --bind 127.0.0.1 \
    --daemonize yes --save '' --appendonly no --dir /var/lib/redis \
    --logfile /var/log/redis/catalog-live.log --pidfile /run/catalog-live-redis.pid
  for _ in $(seq 1 50); do
    in_root redis-cli -p "$REDIS_PORT" ping 2>/dev/null | grep -q PONG && return
    sleep 0.2
  done
  die "Redis did not answer on 127.0.0.1:$REDIS_PORT (log: $ROOT/var/log/redis/catalog-live.log)"
}

migrate() {
  say "migrating the database (log: $LIVE/migrate.log)"
  bounded 2400 "netbox migrate" "${IN_ROOT[@]}" /opt/netbox/venv/bin/netbox migrate --no-input \
    >"$LIVE/migrate.log" 2>&1
}

# The superuser `catalog` and one v2 API token, created once; the token is written to
# target/live/netbox.env, readable by root only.
token() {
  if [ -f "$ENV_FILE" ] && grep -q CATALOG_LIVE_NETBOX_TOKEN "$ENV_FILE"; then return; fi
  say "creating the superuser 'catalog' and its API token"
  local header
  header=$(bounded 120 "token creation" "${IN_ROOT[@]}" /opt/netbox/venv/bin/netbox shell --no-startup -c "
from users.models import User, Token
user, _ = User.objects.get_or_create(username='catalog', defaults={'is_superuser': True})
user.is_superuser = True; user.is_active = True; user.save()
Token.objects.filter(user=user, description='catalog live tests').delete()
token = Token(user=user, description='catalog live tests', write_enabled=True)
token.full_clean(); token.save()
print(token.get_auth_header_prefix() + token.token)
" | tail -1)
  case "$header" in "Bearer nbt_"*) ;; *) die "unexpected token output: $header" ;; esac
  umask 077
  printf 'CATALOG_LIVE_NETBOX=%s\nCATALOG_LIVE_NETBOX_TOKEN=%q\n' "$URL" "$header" >"$ENV_FILE"
}

# NetBox answers its status endpoint: 200, or 403 before a token is sent (LOGIN_REQUIRED).
answers() {
  local code
  code=$(curl -sS -o /dev/null -w '%{http_code}' --max-time 5 "$URL/api/status/" 2>/dev/null) || true
  [ "$code" = 200 ] || [ "$code" = 403 ]
}

start_netbox() {
  if answers; then return; fi
  say "starting NetBox (gunicorn, 2 workers) on $URL (log: $LIVE/netbox.log)"
  : >"$LIVE/netbox.log"
  setsid "${IN_ROOT[@]}" /opt/netbox/venv/bin/gunicorn --chdir /opt/netbox/venv/lib/python3.13/site-packages \
    --bind "127.0.0.1:$NETBOX_PORT" --workers 2 --threads 2 --timeout 120 \
    --pid /run/catalog-live-netbox.pid netbox.wsgi >>"$LIVE/netbox.log" 2>&1 &
  echo $! >"$LIVE/netbox.pid"
  for _ in $(seq 1 240); do
    answers && return
    kill -0 "$(cat "$LIVE/netbox.pid")" 2>/dev/null || { tail -30 "$LIVE/netbox.log" >&2; die "NetBox exited during start-up"; }
    sleep 0.5
  done
  tail -30 "$LIVE/netbox.log" >&2
  die "NetBox did not answer $URL/api/status/ within 120s"
}

start() {
  require_root
  local t0=$SECONDS
  bootstrap
  host_network
  install_netbox
  configure
  start_postgres
  start_redis
  migrate
  token
  start_netbox
  say "up at $URL in $((SECONDS - t0))s; source $ENV_FILE for CATALOG_LIVE_NETBOX and its token"
}

stop() {
  require_root
  if [ -f "$LIVE/netbox.pid" ]; then
    local pid
    pid=$(cat "$LIVE/netbox.pid")
    kill -- "-$pid" 2>/dev/null || true
    for _ in $(seq 1 40); do kill -0 "$pid" 2>/dev/null || break; sleep 0.25; done
    rm -f "$LIVE/netbox.pid"
  fi
  if [ -x "$ROOT/usr/bin/redis-cli" ]; then
    in_root redis-cli -p "$REDIS_PORT" shutdown nosave >/dev/null 2>&1 || true
  fi
  if [ -d "$ROOT/etc/postgresql/$PG_MAJOR/main" ]; then
    # pg_ctlcluster checks the server's pid under /proc, which the root does not mount, and
    # refuses ("pid file is invalid"); pg_ctl stops by the pid file alone (fast shutdown).
    in_root su postgres -s /bin/sh -c \
      "/usr/lib/postgresql/$PG_MAJOR/bin/pg_ctl -D /var/lib/postgresql/$PG_MAJOR/main stop -m fast -w" \
      >/dev/null 2>&1 || true
  fi
  say "stopped"
}

load_env() {
  [ -f "$ENV_FILE" ] || die "no $ENV_FILE: run .ci/live/netbox.sh start first"
  # shellcheck disable=SC1090
  . "$ENV_FILE"
  answers || die "NetBox does not answer at $URL: run .ci/live/netbox.sh start"
}

case "${1:-}" in
  start) start ;;
  stop) stop ;;
  seed)
    load_env
    CATALOG_LIVE_NETBOX="$CATALOG_LIVE_NETBOX" CATALOG_LIVE_NETBOX_TOKEN="$CATALOG_LIVE_NETBOX_TOKEN" \
      bounded 300 "seed" python3 "$REPO/.ci/live/seed.py"
    ;;
  schema)
    load_env
    bounded 120 "schema fetch" curl -fsS -H "Authorization: $CATALOG_LIVE_NETBOX_TOKEN" \
      -H "Accept: application/json" -o "$LIVE/netbox-live.json" "$URL/api/schema/?format=json"
    say "wrote $LIVE/netbox-live.json"
    ;;
  status) if answers; then echo "up at $URL"; else echo "down"; exit 1; fi ;;
  *) echo "usage: $0 start|seed|schema|stop|status" >&2; exit 2 ;;
esac
