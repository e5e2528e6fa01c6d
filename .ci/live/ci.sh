#!/usr/bin/env bash
# CI: the NetBox tools against a live NetBox. Starts it (reusing target/live), seeds the fixed data,
# fetches the live schema, runs the `live_netbox` test and the drift report against its pinned copy,
# and stops the server on the way out. Prints the start-up time and the test's counts.
# Needs root (chroot) and CATALOG_SPECS_DIR (relative to the workspace root).
set -euo pipefail
cd "$(dirname "$0")/../.."
: "${CATALOG_SPECS_DIR:?set CATALOG_SPECS_DIR (.ci/run sets it to ../shared/specs)}"

trap '.ci/live/netbox.sh stop' EXIT
t0=$SECONDS
.ci/live/netbox.sh start
echo "live netbox: start-up took $((SECONDS - t0))s"
.ci/live/netbox.sh seed
.ci/live/netbox.sh schema
set -a
# shellcheck disable=SC1091
. target/live/netbox.env
set +a
# The workspace's features, as the README's test command builds them: no second build of the graph.
cargo test --workspace --all-features --test live_netbox -- --ignored --nocapture
.ci/live/drift.sh
