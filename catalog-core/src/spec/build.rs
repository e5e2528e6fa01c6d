//! Indexing specs from a build script: `catalog::build::index("openapi/spec.json")`.

use crate::model::SpecInfo;
use crate::spec::load::SpecError;
use std::fmt;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

/// File name of the manifest listing the indexed stems in an index directory.
pub const MANIFEST: &str = "catalog-manifest";
/// The environment variable that tells the `#[tool]` macro where the index directory is. The
/// build script sets it with `cargo:rustc-env`; tests that compile tools out of tree (trybuild)
/// set it themselves.
pub const INDEX_DIR_VAR: &str = "CATALOG_INDEX_DIR";
/// The environment variable that chooses the glob pin mode (`crate::check::pins::Mode`): the
/// build script reruns when it changes.
pub const PINS_VAR: &str = "CATALOG_PINS";

/// What [`index`] did.
#[derive(Debug, Clone)]
pub struct Indexed {
    /// The spec's identity.
    pub spec: SpecInfo,
    /// The number of operations indexed.
    pub operations: usize,
    /// How many of them tools cannot wrap (each carries its reason in the index).
    pub unsupported: usize,
    /// The index's directory file.
    pub dir_file: PathBuf,
}

/// Why a spec could not be indexed. Its `Debug` is its message, so that `.unwrap()` in a build
/// script prints something a person can act on.
pub enum BuildError {
    /// The spec could not be read or is not a usable OpenAPI document.
    Spec(SpecError),
    /// Writing the index failed.
    Io(std::io::Error),
    /// `OUT_DIR` is not set: [`index`] runs only inside a build script.
    NotInBuildScript,
}

impl fmt::Display for BuildError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BuildError::Spec(e) => e.fmt(f),
            BuildError::Io(e) => write!(f, "cannot write the catalog index: {e}"),
            BuildError::NotInBuildScript => f.write_str(
                "OUT_DIR is not set: call catalog::build::index from build.rs, or use \
                 catalog::build::index_to outside a build script",
            ),
        }
    }
}

impl fmt::Debug for BuildError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl std::error::Error for BuildError {}

impl From<SpecError> for BuildError {
    fn from(e: SpecError) -> Self {
        BuildError::Spec(e)
    }
}

impl From<std::io::Error> for BuildError {
    fn from(e: std::io::Error) -> Self {
        BuildError::Io(e)
    }
}

/// Indexes a spec (JSON or YAML, OpenAPI 3.0.x or 3.1.x) for the `#[tool]` macro. Call it from
/// `build.rs`, once per spec; a relative path is relative to the package root.
///
/// It parses the spec once, writes the index to `OUT_DIR/catalog`, tells cargo to rerun when the
/// spec changes, and points the macro at the index with `cargo:rustc-env=CATALOG_INDEX_DIR`.
///
/// Build scripts run unoptimized; for very large specs, opting into
/// `[profile.dev.build-override] opt-level = 3` makes indexing several times faster.
pub fn index(path: impl AsRef<Path>) -> Result<Indexed, BuildError> {
    Spec::new(path).index()
}

/// A spec to index, with the settings that hold for every tool built from it:
/// `catalog::build::Spec::new("openapi/netbox.json").null("null").index()`.
#[derive(Clone, Debug)]
pub struct Spec {
    path: PathBuf,
    null: Option<String>,
}

impl Spec {
    /// The spec at `path` (relative to the package root in a build script), default settings.
    pub fn new(path: impl AsRef<Path>) -> Spec {
        Spec {
            path: path.as_ref().to_path_buf(),
            null: None,
        }
    }

    /// The text the API reads as null in path, query, header, cookie and form values (NetBox's
    /// filters read `tenant_id=null`). Without it a null is an empty value (`name=`) and a null
    /// path value is refused; a JSON body always sends `null`. A parameter overrides it with
    /// `#[arg(null = "...")]`.
    pub fn null(mut self, text: impl Into<String>) -> Spec {
        self.null = Some(text.into());
        self
    }

    /// [`index`] with these settings.
    pub fn index(&self) -> Result<Indexed, BuildError> {
        index_spec(self)
    }

    /// [`index_to`] with these settings.
    pub fn index_to(&self, dir: &Path) -> Result<Indexed, BuildError> {
        index_spec_to(self, dir)
    }
}

fn index_spec(spec: &Spec) -> Result<Indexed, BuildError> {
    let path = spec.path.as_path();
    println!("cargo:rerun-if-changed={}", path.display());
    // The glob pin mode: a crate built before is checked again when it changes (CI's
    // `CATALOG_PINS=check` after a plain build re-expands every tool).
    println!("cargo:rerun-if-env-changed={PINS_VAR}");
    let out = std::env::var_os("OUT_DIR").ok_or(BuildError::NotInBuildScript)?;
    let dir = Path::new(&out).join("catalog");
    let indexed = index_spec_to(spec, &dir)?;
    println!("cargo:rustc-env={INDEX_DIR_VAR}={}", dir.display());
    Ok(indexed)
}

/// Indexes a spec into `dir` without talking to cargo: for tests, benchmarks and tools. The
/// first call in a process starts a new manifest; later calls add to it.
pub fn index_to(path: &Path, dir: &Path) -> Result<Indexed, BuildError> {
    index_spec_to(&Spec::new(path), dir)
}

fn index_spec_to(spec: &Spec, dir: &Path) -> Result<Indexed, BuildError> {
    static STARTED: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());
    let (mut info, normalized) = crate::spec::load::load_normalized(&spec.path)?;
    info.null.clone_from(&spec.null);
    let dir_file = normalized.write(&info, dir)?;
    let manifest = dir.join(MANIFEST);
    let fresh = STARTED
        .lock()
        .map(|mut started| {
            let fresh = !started.contains(&manifest);
            if fresh {
                started.push(manifest.clone());
            }
            fresh
        })
        .unwrap_or(true);
    let mut stems: Vec<String> = if fresh {
        Vec::new()
    } else {
        std::fs::read_to_string(&manifest)
            .unwrap_or_default()
            .lines()
            .map(str::to_string)
            .collect()
    };
    if !stems.contains(&info.stem) {
        stems.push(info.stem.clone());
    }
    std::fs::write(&manifest, stems.join("\n") + "\n")?;
    Ok(Indexed {
        unsupported: normalized
            .operations
            .iter()
            .filter(|o| !o.is_supported())
            .count(),
        operations: normalized.operations.len(),
        spec: info,
        dir_file,
    })
}
