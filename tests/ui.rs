//! Compile-fail cases: every compile error of docs/design.md §2-3, each pinned by its whole `.stderr`.
//!
//! The cases compile as a separate crate under `target/tests/trybuild/`; the macro finds this
//! package's index through `CATALOG_INDEX_DIR`, which cargo sets for this test process from the
//! build script's `cargo:rustc-env` and trybuild's cargo inherits.

#[test]
fn ui() {
    assert!(
        std::env::var_os("CATALOG_INDEX_DIR").is_some(),
        "CATALOG_INDEX_DIR is not set: the root build script did not run"
    );
    let t = trybuild::TestCases::new();
    t.compile_fail("tests/ui/*/*.rs");
}
