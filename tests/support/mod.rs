//! Shared helpers for tests that write a temporary tool crate and run `cargo check` on it.
//!
//! Each crate lives in `target/catalog-tmp/<name>` with its own `[workspace]` table, so it is
//! standalone, and depends on this workspace's `catalog` by path in `[dependencies]` and
//! `[build-dependencies]`, as a user's crate does. All of them share one target directory,
//! `target/catalog-tmp/target`, so `catalog` and its dependencies compile once; the workspace's
//! `Cargo.lock` is copied in so they resolve to the versions this workspace is tested with.
#![allow(dead_code)] // each test file uses its own subset

use std::path::{Path, PathBuf};
use std::process::Command;

/// The workspace root (this package's directory).
pub fn workspace_root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The directory holding the real third-party specs, from `CATALOG_SPECS_DIR` (relative to the
/// workspace root). The tests that call it are `#[ignore]`d, so they are listed as not run
/// without the specs; run with `--include-ignored` and without the variable, they fail here and
/// say how to set it.
pub fn specs_dir() -> PathBuf {
    match std::env::var_os("CATALOG_SPECS_DIR") {
        Some(d) => workspace_root().join(d),
        None => panic!(
            "CATALOG_SPECS_DIR is not set: point it at the real specs (.ci/run sets it to ../shared/specs)"
        ),
    }
}

/// A spec in the specs directory; a missing file fails the test, since a test that expects it
/// would otherwise pass by checking nothing.
pub fn real_spec(dir: &Path, file: &str) -> PathBuf {
    let path = dir.join(file);
    assert!(
        path.is_file(),
        "{} is missing from CATALOG_SPECS_DIR ({})",
        file,
        dir.display()
    );
    path
}

/// A Rust string literal for a path or any text.
pub fn lit(s: impl AsRef<str>) -> String {
    format!("{:?}", s.as_ref())
}

/// A temporary tool crate.
pub struct TempCrate {
    /// Its directory.
    pub dir: PathBuf,
}

/// What `cargo check` said.
#[derive(Debug)]
pub struct Checked {
    /// Whether it succeeded.
    pub success: bool,
    /// Its whole stderr (`CARGO_TERM_COLOR=never`).
    pub stderr: String,
}

impl Checked {
    /// Every diagnostic that is an error, as its message lines (from `error...` up to the
    /// ` --> ` location line), leaving out cargo's closing `could not compile` summary.
    pub fn errors(&self) -> Vec<String> {
        let mut out = Vec::new();
        let mut current: Option<Vec<&str>> = None;
        for line in self.stderr.lines() {
            if line.starts_with("error") || line.starts_with("warning") {
                if let Some(c) = current.take() {
                    out.push(c.join("\n"));
                }
                if line.starts_with("error") && !line.starts_with("error: could not compile") {
                    current = Some(vec![line]);
                }
            } else if line.trim_start().starts_with("--> ") || line.is_empty() {
                if let Some(c) = current.take() {
                    out.push(c.join("\n"));
                }
            } else if let Some(c) = current.as_mut() {
                c.push(line);
            }
        }
        if let Some(c) = current.take() {
            out.push(c.join("\n"));
        }
        out
    }

    /// The first line of every error.
    pub fn error_lines(&self) -> Vec<String> {
        self.errors()
            .iter()
            .map(|e| e.lines().next().unwrap_or_default().to_string())
            .collect()
    }

    /// Fails with the whole output unless the check succeeded.
    pub fn assert_ok(&self, what: &str) {
        assert!(self.success, "{what}: cargo check failed:\n{}", self.stderr);
    }
}

impl TempCrate {
    /// A fresh crate named `name` (its directory is emptied first) with an empty `src/lib.rs`.
    pub fn new(name: &str) -> TempCrate {
        let dir = workspace_root().join("target/catalog-tmp").join(name);
        if dir.exists() {
            std::fs::remove_dir_all(&dir).expect("remove the old temp crate");
        }
        std::fs::create_dir_all(dir.join("src")).expect("create the temp crate");
        let root = workspace_root();
        // Without the default features: these crates only check tools, and the HTTP stack
        // (the `runtime` and `mcp` features, tested in the workspace) would cost minutes here.
        let manifest = format!(
            "[package]\nname = {name:?}\nversion = \"0.0.0\"\nedition = \"2024\"\npublish = false\n\n\
             [workspace]\n\n\
             [dependencies]\ncatalog = {{ path = {root:?}, default-features = false }}\n\
             serde = {{ version = \"1\", features = [\"derive\"] }}\n\
             serde_json = \"1\"\n\n\
             [build-dependencies]\ncatalog = {{ path = {root:?}, default-features = false }}\n",
            root = root.display().to_string(),
        );
        let c = TempCrate { dir };
        c.write("Cargo.toml", &manifest);
        std::fs::copy(root.join("Cargo.lock"), c.dir.join("Cargo.lock")).expect("copy Cargo.lock");
        c.write("src/lib.rs", "");
        c
    }

    /// Writes a file of the crate (creating its directory).
    pub fn write(&self, rel: &str, text: &str) {
        let path = self.dir.join(rel);
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent).expect("create directory");
        }
        std::fs::write(&path, text).expect("write temp crate file");
    }

    /// Removes a file of the crate.
    pub fn remove(&self, rel: &str) {
        std::fs::remove_file(self.dir.join(rel)).expect("remove temp crate file");
    }

    /// A `build.rs` that indexes `spec` and says so with a `cargo:warning`, so tests can see
    /// the build script run.
    pub fn build_rs(&self, spec: &str) {
        self.write(
            "build.rs",
            &format!(
                "fn main() {{\n    let i = catalog::build::index({}).unwrap();\n    \
                 println!(\"cargo:warning=indexed {{}} (hash {{}})\", i.spec.stem, i.spec.hash);\n}}\n",
                lit(spec)
            ),
        );
    }

    /// Reads a file of the crate.
    pub fn read(&self, rel: &str) -> String {
        std::fs::read_to_string(self.dir.join(rel)).expect("read temp crate file")
    }

    /// Runs `cargo check` in the crate, without any `CATALOG_INDEX_DIR` the test process has
    /// and with `CATALOG_PINS` unset (the default glob pin mode).
    pub fn check(&self) -> Checked {
        self.check_pins(None)
    }

    /// [`TempCrate::check`] with `CATALOG_PINS` set to `mode` (`check`, `accept`).
    pub fn check_pins(&self, mode: Option<&str>) -> Checked {
        self.check_with(mode, &[]).0
    }

    /// [`TempCrate::check`] with cargo's messages as JSON: the outcome and the JSON lines
    /// (`build-script-executed` names each build script's `env` and `out_dir`).
    pub fn check_json(&self) -> (Checked, String) {
        self.check_with(None, &["--message-format=json"])
    }

    fn check_with(&self, mode: Option<&str>, args: &[&str]) -> (Checked, String) {
        let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
        let mut command = Command::new(cargo);
        match mode {
            Some(mode) => command.env("CATALOG_PINS", mode),
            None => command.env_remove("CATALOG_PINS"),
        };
        let out = command
            .arg("check")
            .args(args)
            .current_dir(&self.dir)
            .env(
                "CARGO_TARGET_DIR",
                workspace_root().join("target/catalog-tmp/target"),
            )
            .env("CARGO_TERM_COLOR", "never")
            .env_remove("CATALOG_INDEX_DIR")
            .output()
            .expect("run cargo check");
        let checked = Checked {
            success: out.status.success(),
            stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
        };
        (checked, String::from_utf8_lossy(&out.stdout).into_owned())
    }
}

/// A scaffold as its author finishes it where the operation needs credentials catalog cannot
/// send: its commented `security(none, ...)` line, if it has one, uncommented with a reason.
pub fn waive_unsendable_security(scaffold: &str) -> String {
    let Some(line) = scaffold
        .lines()
        .find(|l| l.starts_with("    // security(none, "))
    else {
        return scaffold.to_string();
    };
    let waived = line.replacen("// ", "", 1).replace(
        catalog_core::check::reasons::PLACEHOLDER_REASON,
        "a gateway in front of the API adds the OAuth2 token",
    );
    scaffold.replacen(line, &waived, 1)
}
