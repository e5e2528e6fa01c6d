#!/usr/bin/env bash
# The instructions of one incremental `rustc` run of a compile-bench crate after its
# `src/lib.rs` is touched: callgrind over `cargo check` with --trace-children=yes, the total of
# the crate's own `rustc` process (the proc macros run inside it). Instructions do not depend on
# what else the machine runs, which the bench's wall times do.
#
#   CATALOG_SPECS_DIR=../shared/specs cargo bench --bench compile   # writes the crates first
#   bash benches/compile-instructions.sh bench-curated-catalog bench-curated-schemars bench-curated-optimized
#
# Run it in the environment the bench ran in (the same profile variables), or cargo rebuilds the
# dependencies first (outside what is counted, but slowly).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
bench=${CARGO_TARGET_DIR:-$root/target}/catalog-compile-bench
export CARGO_TARGET_DIR=$bench/target CARGO_INCREMENTAL=1
unset CATALOG_INDEX_DIR CATALOG_PINS
command -v valgrind >/dev/null || { echo "NOT RUN: valgrind is not installed (apt-get install valgrind)" >&2; exit 3; }
for name in "$@"; do
  dir=$bench/$name
  [ -d "$dir" ] || { echo "$name: no such crate under $bench: run the compile bench first" >&2; exit 2; }
  out=$(mktemp -d)
  (cd "$dir" && cargo check -q >/dev/null 2>&1 && touch src/lib.rs &&
    valgrind -q --tool=callgrind --trace-children=yes --callgrind-out-file="$out/cg.%p" \
      cargo check -q >/dev/null 2>&1)
  crate=${name//-/_}
  total=$(grep -l -- "--crate-name $crate " "$out"/cg.* | head -n 1 | xargs grep -m1 '^totals:\|^summary:' | awk '{print $2}')
  echo "$name: $total instructions"
  rm -rf "$out"
done
