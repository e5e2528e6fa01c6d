//! The real specs the data-side tests are pinned to, reached through `CATALOG_SPECS_DIR`.
#![allow(dead_code)]

use std::path::PathBuf;

/// The corpus the tests are pinned to: a missing file is a failure, not a smaller comparison.
pub const SPECS: [&str; 12] = [
    "ersatztv-scripted-schedule.json",
    "ersatztv-v1.json",
    "mattermost-v4.json",
    "netbox-4.6.8.json",
    "oxide-buildomat.json",
    "oxide-keeper.json",
    "oxide-nexus.json",
    "oxide-propolis-server.json",
    "progenitor-cli-gen.json",
    "progenitor-github-api-2021.json",
    "progenitor-param-collision.json",
    "progenitor-param-overrides.json",
];

/// `CATALOG_SPECS_DIR`, resolved from the workspace root. The tests that call it are
/// `#[ignore]`d (listed as not run without the specs); run with `--include-ignored` and without
/// the variable, they fail and say how to set it.
pub fn specs_dir() -> PathBuf {
    match std::env::var_os("CATALOG_SPECS_DIR") {
        // A relative path is relative to the workspace root, where `.ci/run` runs.
        Some(d) => PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..").join(d),
        None => panic!(
            "CATALOG_SPECS_DIR is not set: point it at the real specs (.ci/run sets it to ../shared/specs)"
        ),
    }
}
