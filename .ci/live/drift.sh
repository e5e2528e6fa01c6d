#!/usr/bin/env bash
# Drift between the NetBox spec the tools are built from and the live server's own schema, for the
# operations the NetBox tools wrap, in `catalog`'s words:
#   - `catalog check` on both documents: the spec line and each wrapped operation's line;
#   - `catalog scaffold` of each wrapped operation on both, diffed: every parameter added, removed
#     or retyped (and its description), as the `#[tool]` a rebuild against the live schema starts from.
#
# The live schema is target/live/netbox-live.json (`.ci/live/netbox.sh schema` fetches it from a
# running server; fetched here when absent). The wrapped operations are the `operation = "..."` of
# the tools in real-specs/src/ that name `spec = "netbox-4.6.8"`.
#
#   .ci/live/drift.sh          print the report and compare it with the pinned one (exit 1 on a difference)
#   .ci/live/drift.sh --pin    write it to tests/live/drift-4.6.8-to-live.txt
set -euo pipefail
cd "$(dirname "$0")/../.."
REPO="$(pwd)"
SPECS="${CATALOG_SPECS_DIR:-../shared/specs}"
case "$SPECS" in /*) ;; *) SPECS="$REPO/$SPECS" ;; esac
BUILT="$SPECS/netbox-4.6.8.json"
LIVE="$REPO/target/live/netbox-live.json"
PINNED="$REPO/tests/live/drift-4.6.8-to-live.txt"
TARGET_DIR="${CARGO_TARGET_DIR:-$REPO/target}"
case "$TARGET_DIR" in /*) ;; *) TARGET_DIR="$REPO/$TARGET_DIR" ;; esac

[ -f "$BUILT" ] || { echo "drift: no $BUILT (set CATALOG_SPECS_DIR)" >&2; exit 1; }
[ -f "$LIVE" ] || "$REPO/.ci/live/netbox.sh" schema
cargo build --quiet --features cli --bin catalog
CATALOG="$TARGET_DIR/debug/catalog"

# The operations the NetBox tools wrap, from the tool attributes.
operations() {
  grep -rl --include='*.rs' 'spec = "netbox-4.6.8"' "$REPO/real-specs/src" | sort | xargs grep -ho 'operation = "[^"]*"' | sed 's/operation = "\(.*\)"/\1/' | sort -u
}

# `catalog check`'s first line and the lines of OP (its `ok`/`unsupported` line and what follows
# it up to the next operation).
check_lines() {
  local spec="$1"
  shift
  "$CATALOG" check "$spec" >"$TMP/check" || true
  head -1 "$TMP/check"
  for op in "$@"; do
    awk -v op="($op)" '
      /^(ok|unsupported) / { on = index($0, op) > 0 }
      on { print }
    ' "$TMP/check"
  done
}

# A scaffold with the spec's name taken out, so that only the operation's own changes differ.
scaffold() {
  "$CATALOG" scaffold "$1" "$2" 2>&1 | sed -E 's/netbox-(4\.6\.8|live)/netbox/g'
}

report() {
  local ops
  mapfile -t ops < <(operations)
  [ "${#ops[@]}" -gt 0 ] || { echo "drift: no NetBox tool found in real-specs/src" >&2; exit 1; }
  echo "# NetBox drift: the tools' spec (netbox-4.6.8.json) against the live server's /api/schema/"
  echo "# wrapped operations: ${ops[*]}"
  echo
  echo "## catalog check, built"
  check_lines "$BUILT" "${ops[@]}"
  echo
  echo "## catalog check, live"
  check_lines "$LIVE" "${ops[@]}"
  for op in "${ops[@]}"; do
    echo
    echo "## $op: catalog scaffold, built -> live"
    scaffold "$BUILT" "$op" >"$TMP/built.rs"
    scaffold "$LIVE" "$op" >"$TMP/live.rs"
    if diff -u --label built --label live "$TMP/built.rs" "$TMP/live.rs" >"$TMP/diff"; then
      echo "(no change)"
    else
      cat "$TMP/diff"
    fi
  done
}

TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
report >"$TMP/report"
if [ "${1:-}" = --pin ]; then
  cp "$TMP/report" "$PINNED"
  echo "drift: wrote $PINNED ($(wc -l <"$PINNED") lines)"
elif diff -u "$PINNED" "$TMP/report"; then
  echo "drift: the same as $PINNED"
else
  echo "drift: the report differs from $PINNED (above); if the change is expected, rerun with --pin" >&2
  exit 1
fi
