//! The taskboard example as `cargo test` builds it, for the tests that start it as a process.

/// The taskboard example's executable, beside this test's.
pub fn taskboard() -> std::path::PathBuf {
    let exe = std::env::current_exe().unwrap();
    let bin = exe
        .parent()
        .and_then(|d| d.parent())
        .unwrap()
        .join("examples/taskboard");
    assert!(
        bin.exists(),
        "{} is missing; `cargo test` builds it",
        bin.display()
    );
    bin
}
