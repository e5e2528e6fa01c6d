#!/usr/bin/env bash
# The packaged crates, as crates.io would serve them, build a user's tool crate and install the
# command line (docs/layout.md, "Packaging"). Packages catalog-core, catalog-macros,
# catalog-runtime and catalog (`cargo package --no-verify`: the steps below are the verification,
# building each crate from its .crate file as a user's build does, so nothing compiles twice),
# unpacks the .crate files into target/package-check/crates, and, offline, from those alone:
#   1. builds .ci/package/ as a user crate outside the workspace (its own build.rs indexing its
#      copy of openapi/taskboard.yaml, one #[tool]), with [patch.crates-io] pointing the four
#      names at the unpacked crates; the build prints no warning (a patched path dependency's
#      warnings are shown, so catalog's own code is held to none), and running it lists its tool;
#   2. checks that the facade's build script indexed no fixture spec in that build;
#   3. `cargo install`s the unpacked catalog with feature `cli` into target/package-check/bin, and
#      runs `catalog --help` and `catalog check` on the user crate's spec.
# Dependencies come from the registry cache: the user crate's at the versions of the workspace's
# Cargo.lock; `cargo install` resolves afresh from the cache, as it does without `--locked` (the
# packaged Cargo.lock names the catalog crates as registry crates, which the patch replaces).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
check=$root/target/package-check
crates="catalog-core catalog-macros catalog-runtime catalog"
version=$(sed -n 's/^version = "\(.*\)"$/\1/p' Cargo.toml | head -n 1)
# The workspace's target directory (or the caller's CARGO_TARGET_DIR): what the tests compiled is
# reused.
target=${CARGO_TARGET_DIR:-$root/target}
case $target in /*) ;; *) target=$root/$target ;; esac
export CARGO_TARGET_DIR=$target

rm -rf "$check"
mkdir -p "$check/crates" "$check/user/src" "$check/user/openapi"

echo "-- cargo package (the publishable crates; real-specs is publish = false)"
package_args=()
for c in $crates; do package_args+=(-p "$c"); done
cargo package "${package_args[@]}" --no-verify --allow-dirty --offline >"$check/package.log" 2>&1 ||
  { cat "$check/package.log"; exit 1; }
for c in $crates; do
  file=$target/package/$c-$version.crate
  tar -xzf "$file" -C "$check/crates"
  files=$(tar -tzf "$file" | wc -l)
  echo "$c: $files files, $(du -k "$file" | cut -f1) KiB packed"
  # No fixture, test, example or bench travels with a crate.
  if tar -tzf "$file" | grep -E "^[^/]+/(openapi|tests|examples|benches|deploy|docs|proptest-regressions)/"; then
    echo "FAIL: $c packages the files above" >&2
    exit 1
  fi
  # The license texts the manifest's `license` names travel with every crate, as files (a
  # member crate's are links to the root's; cargo copies what they point at).
  for license in LICENSE-MIT LICENSE-APACHE; do
    if ! tar -tzf "$file" | grep -x "$c-$version/$license" >/dev/null; then
      echo "FAIL: $c does not package $license" >&2
      exit 1
    fi
    if ! grep -q "Permission is hereby granted\|Apache License" "$check/crates/$c-$version/$license"; then
      echo "FAIL: $c's $license is not the license text" >&2
      exit 1
    fi
  done
done
# No placeholder address in any manifest (docs/layout.md, "Packaging": none until a real one).
if grep -n "example.invalid" "$check"/crates/*/Cargo.toml; then
  echo "FAIL: a packaged manifest names a placeholder address" >&2
  exit 1
fi

echo "-- a user crate from the packaged crates alone (target/package-check/user)"
cp .ci/package/build.rs "$check/user/build.rs"
cp .ci/package/main.rs "$check/user/src/main.rs"
cp openapi/taskboard.yaml "$check/user/openapi/taskboard.yaml"
# The workspace's lock file: the registry crates at the versions the tests ran, all in the cache.
cp Cargo.lock "$check/user/Cargo.lock"
{
  cat <<TOML
[package]
name = "user-tools"
version = "0.0.0"
edition = "2024"
publish = false

# Its own workspace, not the one whose target/ it sits in.
[workspace]

[dependencies]
catalog = "$version"

[build-dependencies]
catalog = { version = "$version", default-features = false }

[patch.crates-io]
TOML
  for c in $crates; do echo "$c = { path = \"../crates/$c-$version\" }"; done
} >"$check/user/Cargo.toml"
(cd "$check/user" && cargo build --offline --message-format=json \
  >"$check/build.json" 2>"$check/build.log") || { cat "$check/build.log"; exit 1; }
# Cargo's own warnings on stderr, the compiler's (replayed when fresh) as JSON on stdout.
if grep -E "^(warning|error)" "$check/build.log" || grep -q '"reason":"compiler-message"' "$check/build.json"; then
  grep '"reason":"compiler-message"' "$check/build.json" | sed 's/.*"rendered":"\([^"]*\)".*/\1/' | head -n 20
  echo "FAIL: the user crate's build warned (target/package-check/build.log, build.json)" >&2
  exit 1
fi
listed=$(cd "$check/user" && cargo run --offline -q)
echo "$listed"
grep -q "^get_task  ->  GET " <<<"$listed" || { echo "FAIL: the user crate lists no get_task" >&2; exit 1; }

echo "-- the facade's build script indexed nothing for the dependent"
# The build-script-executed message of the unpacked catalog: it sets no CATALOG_INDEX_DIR, and
# its OUT_DIR holds no index.
facade=$(grep '"reason":"build-script-executed"' "$check/build.json" |
  grep -F "\"package_id\":\"path+file://$check/crates/catalog-$version#" || true)
if [ -z "$facade" ]; then
  echo "FAIL: no build script run of the unpacked catalog in the build" >&2
  exit 1
fi
if grep -q CATALOG_INDEX_DIR <<<"$facade"; then
  echo "FAIL: the facade's build script set CATALOG_INDEX_DIR for a dependent" >&2
  exit 1
fi
# Two runs: catalog as a dependency and as a build-dependency (default-features = false).
while read -r out_dir; do
  if [ -e "$out_dir/catalog" ]; then
    echo "FAIL: the facade's build script wrote an index: $out_dir/catalog" >&2
    exit 1
  fi
  echo "catalog's build script: no CATALOG_INDEX_DIR, no index in $out_dir"
done < <(sed -n 's/.*"out_dir":"\([^"]*\)".*/\1/p' <<<"$facade")

echo "-- cargo install the command line from the unpacked catalog (target/package-check/bin)"
install_config=()
for c in $crates; do
  install_config+=(--config "patch.crates-io.$c.path=\"$check/crates/$c-$version\"")
done
cargo install --offline --debug --path "$check/crates/catalog-$version" --features cli \
  --root "$check/bin" "${install_config[@]}" >"$check/install.log" 2>&1 ||
  { cat "$check/install.log"; exit 1; }
if grep -E "^(warning|error)" "$check/install.log" | grep -v "be sure to add .* to your PATH"; then
  echo "FAIL: cargo install warned (target/package-check/install.log)" >&2
  exit 1
fi
"$check/bin/bin/catalog" --help >"$check/help.txt"
head -n 2 "$check/help.txt"
"$check/bin/bin/catalog" check "$check/user/openapi/taskboard.yaml" >"$check/check.txt"
head -n 3 "$check/check.txt"
grep -q "(GetTask)" "$check/check.txt" || { echo "FAIL: catalog check lists no GetTask" >&2; exit 1; }
echo "package check: passed"
