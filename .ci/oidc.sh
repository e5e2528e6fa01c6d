#!/usr/bin/env bash
# Installs the authorization server the per-user credential tests start
# (catalog-runtime/tests/per_user_credentials.rs, its ignored tests): panva's oidc-provider from the
# npm registry, pinned, under target/e2e/oidc. A no-op when that version is there.
set -euo pipefail
cd "$(dirname "$0")/.."
OIDC_PROVIDER_VERSION=9.13.3
OIDC=target/e2e/oidc
PACKAGE="$OIDC/node_modules/oidc-provider/package.json"
if [ ! -f "$PACKAGE" ] || [ "$(node -p "require('./$PACKAGE').version")" != "$OIDC_PROVIDER_VERSION" ]; then
  echo "== installing oidc-provider $OIDC_PROVIDER_VERSION into $OIDC"
  mkdir -p "$OIDC"
  npm install --prefix "$OIDC" "oidc-provider@$OIDC_PROVIDER_VERSION" --no-audit --no-fund --loglevel=error
fi
