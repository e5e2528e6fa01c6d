//! The compact on-disk index a build script writes and the `#[tool]` macro reads.
//!
//! Two files per spec, in one directory:
//!
//! - `<stem>.catalog-dir`: a small text directory. Line 1 is the format tag, line 2 the spec's
//!   [`SpecInfo`] as JSON, then one line per operation: `offset`, `length`, `METHOD /path`,
//!   `operationId` (may be empty), tab-separated.
//! - `<stem>.catalog-ops`: every [`Operation`] as JSON, back to back.
//!
//! A reader loads the directory (cached per process, keyed by path *and* content hash so a
//! long-lived process such as rust-analyzer sees a rebuilt index) and then reads and parses only
//! the one operation it needs, so loading a tool costs the same for a 1 KB spec and for a 13 MB
//! one. A `catalog-manifest` file lists the stems the build script indexed.

use crate::model::{Operation, SpecInfo};
use crate::spec::{self, Document, SpecError};
use std::collections::HashMap;
use std::fmt;
use std::io::{Read, Seek, SeekFrom};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, OnceLock};

const FORMAT_TAG: &str = "catalog-index 1";
/// File name of the manifest listing the indexed stems in an index directory.
pub const MANIFEST: &str = "catalog-manifest";
/// The environment variable that tells the `#[tool]` macro where the index directory is. The
/// build script sets it with `cargo:rustc-env`; tests that compile tools out of tree (trybuild)
/// set it themselves.
pub const INDEX_DIR_VAR: &str = "CATALOG_INDEX_DIR";

/// A spec, normalized: its identity and every operation, in spec order.
#[derive(Debug, Clone)]
pub struct Index {
    /// The spec's identity.
    pub spec: SpecInfo,
    /// Every operation.
    pub operations: Vec<Operation>,
}

impl Index {
    /// Normalizes a parsed document.
    pub fn from_document(doc: &Document) -> Index {
        Index {
            spec: doc.info.clone(),
            operations: crate::normalize::normalize(&doc.value),
        }
    }

    /// Loads, parses and normalizes a spec file.
    pub fn load(path: &Path) -> Result<Index, SpecError> {
        Ok(Index::from_document(&spec::load(path)?))
    }

    /// Writes `<stem>.catalog-dir` and `<stem>.catalog-ops` into `dir`, returning the directory
    /// file's path.
    pub fn write(&self, dir: &Path) -> std::io::Result<PathBuf> {
        std::fs::create_dir_all(dir)?;
        let mut ops = Vec::with_capacity(self.operations.len() * 512);
        let mut directory = String::with_capacity(self.operations.len() * 64 + 256);
        directory.push_str(FORMAT_TAG);
        directory.push('\n');
        directory.push_str(&serde_json::to_string(&self.spec).map_err(std::io::Error::other)?);
        directory.push('\n');
        for op in &self.operations {
            let start = ops.len();
            serde_json::to_writer(&mut ops, op).map_err(std::io::Error::other)?;
            let id = op.id.as_deref().unwrap_or_default();
            // Tabs and newlines in ids or paths would break the line format; real specs have
            // none, and such an operation is still reachable by the other name.
            let clean = |s: &str| s.replace(['\t', '\n', '\r'], " ");
            directory.push_str(&format!(
                "{start}\t{}\t{}\t{}\n",
                ops.len() - start,
                clean(&op.key()),
                clean(id)
            ));
        }
        let dir_file = dir.join(format!("{}.catalog-dir", self.spec.stem));
        std::fs::write(dir.join(format!("{}.catalog-ops", self.spec.stem)), &ops)?;
        std::fs::write(&dir_file, directory)?;
        Ok(dir_file)
    }
}

impl Index {
    /// Looks an operation up by operationId or `METHOD /path` (the method in any case), as
    /// [`IndexReader::find`] does for the macro.
    pub fn find(&self, name: &str) -> Lookup {
        let name = normalize_name(name);
        let found: Vec<&Operation> = self
            .operations
            .iter()
            .filter(|op| op.key() == name || op.id.as_deref() == Some(name.as_ref()))
            .collect();
        match found.as_slice() {
            [] => Lookup::NotFound,
            [op] => Lookup::Found(Box::new((*op).clone())),
            many => Lookup::Ambiguous(many.iter().map(|op| op.key()).collect()),
        }
    }

    /// Every name an operation can be found by: each operationId and each `METHOD /path`.
    pub fn names(&self) -> impl Iterator<Item = String> + '_ {
        self.operations
            .iter()
            .flat_map(|op| op.id.clone().into_iter().chain([op.key()]))
    }
}

/// `get /x` -> `GET /x`: the method of a `METHOD /path` name in upper case; other names as given.
fn normalize_name(name: &str) -> std::borrow::Cow<'_, str> {
    match name.split_once(' ') {
        Some((method, path)) if path.starts_with('/') => {
            format!("{} {}", method.to_ascii_uppercase(), path.trim()).into()
        }
        _ => name.into(),
    }
}

/// Why the macro could not get an operation out of an index.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum IndexError {
    /// No index directory is configured: the crate has no build script calling
    /// `catalog::build::index`.
    NoIndex,
    /// The directory or its files could not be read.
    Unreadable(String),
    /// The crate indexed several specs and the tool did not say which.
    WhichSpec(Vec<String>),
    /// The tool named a spec the build script did not index.
    UnknownSpec {
        /// The name the tool used.
        name: String,
        /// The stems that were indexed.
        available: Vec<String>,
    },
}

impl fmt::Display for IndexError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            IndexError::NoIndex => f.write_str(
                "no OpenAPI index for this crate: add `catalog` to [build-dependencies] and a \
                 build.rs with\n    fn main() {\n        \
                 catalog::build::index(\"openapi/your-spec.json\").unwrap();\n    }",
            ),
            IndexError::Unreadable(why) => write!(f, "cannot read the OpenAPI index: {why}"),
            IndexError::WhichSpec(stems) => write!(
                f,
                "this crate indexes {} specs; say which with `spec = \"...\"`, one of: {}",
                stems.len(),
                stems.join(", ")
            ),
            IndexError::UnknownSpec { name, available } => write!(
                f,
                "no spec `{name}` is indexed; build.rs indexes: {}",
                available.join(", ")
            ),
        }
    }
}

impl std::error::Error for IndexError {}

/// Finds the directory file of the spec a tool names, from [`INDEX_DIR_VAR`].
pub fn locate(spec: Option<&str>) -> Result<PathBuf, IndexError> {
    let dir = std::env::var_os(INDEX_DIR_VAR).ok_or(IndexError::NoIndex)?;
    locate_in(Path::new(&dir), spec)
}

/// Finds the directory file of a spec in a given index directory.
pub fn locate_in(dir: &Path, spec: Option<&str>) -> Result<PathBuf, IndexError> {
    let manifest = std::fs::read_to_string(dir.join(MANIFEST))
        .map_err(|e| IndexError::Unreadable(format!("{}: {e}", dir.join(MANIFEST).display())))?;
    let stems: Vec<String> = manifest
        .lines()
        .filter(|l| !l.is_empty())
        .map(str::to_string)
        .collect();
    let stem = match (spec, stems.as_slice()) {
        (Some(name), _) if stems.iter().any(|s| s == name) => name.to_string(),
        (Some(name), _) => {
            return Err(IndexError::UnknownSpec {
                name: name.to_string(),
                available: stems,
            });
        }
        (None, [only]) => only.clone(),
        (None, []) => return Err(IndexError::NoIndex),
        (None, _) => return Err(IndexError::WhichSpec(stems)),
    };
    Ok(dir.join(format!("{stem}.catalog-dir")))
}

#[derive(Debug)]
struct Entry {
    offset: u64,
    len: usize,
    key: String,
    id: Option<String>,
}

/// A loaded index directory: finds operations by operationId or `METHOD /path` and reads only
/// the one asked for.
#[derive(Debug)]
pub struct IndexReader {
    dir_file: PathBuf,
    spec: SpecInfo,
    entries: Vec<Entry>,
    by_name: HashMap<String, Vec<usize>>,
}

/// The outcome of looking up an operation by name.
#[derive(Debug, Clone, PartialEq)]
pub enum Lookup {
    /// Exactly one operation has that name.
    Found(Box<Operation>),
    /// Several operations share that operationId; they must be named by `METHOD /path`.
    Ambiguous(Vec<String>),
    /// No operation has that name.
    NotFound,
}

type Cache = Mutex<HashMap<(PathBuf, u64), Arc<IndexReader>>>;

impl IndexReader {
    /// Opens a directory file, from the per-process cache when its content is unchanged.
    pub fn open(dir_file: &Path) -> Result<Arc<IndexReader>, IndexError> {
        static CACHE: OnceLock<Cache> = OnceLock::new();
        let text = std::fs::read_to_string(dir_file)
            .map_err(|e| IndexError::Unreadable(format!("{}: {e}", dir_file.display())))?;
        let key = (dir_file.to_path_buf(), spec::content_hash(text.as_bytes()));
        let cache = CACHE.get_or_init(Default::default);
        if let Some(r) = cache.lock().ok().and_then(|c| c.get(&key).cloned()) {
            return Ok(r);
        }
        let reader = Arc::new(IndexReader::parse(dir_file, &text)?);
        if let Ok(mut c) = cache.lock() {
            c.insert(key, reader.clone());
        }
        Ok(reader)
    }

    fn parse(dir_file: &Path, text: &str) -> Result<IndexReader, IndexError> {
        let bad = |what: &str| {
            IndexError::Unreadable(format!(
                "{} is not a catalog index ({what}); rebuild the crate",
                dir_file.display()
            ))
        };
        let mut lines = text.lines();
        if lines.next() != Some(FORMAT_TAG) {
            return Err(bad("unknown format"));
        }
        let spec: SpecInfo = lines
            .next()
            .and_then(|l| serde_json::from_str(l).ok())
            .ok_or_else(|| bad("no spec line"))?;
        let mut entries = Vec::new();
        let mut by_name: HashMap<String, Vec<usize>> = HashMap::new();
        for line in lines {
            let mut parts = line.splitn(4, '\t');
            let (Some(offset), Some(len), Some(key), Some(id)) =
                (parts.next(), parts.next(), parts.next(), parts.next())
            else {
                return Err(bad("short line"));
            };
            let (Ok(offset), Ok(len)) = (offset.parse(), len.parse()) else {
                return Err(bad("bad offset"));
            };
            let i = entries.len();
            by_name.entry(key.to_string()).or_default().push(i);
            if !id.is_empty() {
                by_name.entry(id.to_string()).or_default().push(i);
            }
            entries.push(Entry {
                offset,
                len,
                key: key.to_string(),
                id: (!id.is_empty()).then(|| id.to_string()),
            });
        }
        Ok(IndexReader {
            dir_file: dir_file.to_path_buf(),
            spec,
            entries,
            by_name,
        })
    }

    /// The spec's identity.
    pub fn spec(&self) -> &SpecInfo {
        &self.spec
    }

    /// Every name an operation can be found by: each operationId and each `METHOD /path`.
    pub fn names(&self) -> impl Iterator<Item = &str> {
        self.entries
            .iter()
            .flat_map(|e| e.id.as_deref().into_iter().chain([e.key.as_str()]))
    }

    /// The number of operations.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether the spec has no operations.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// Looks an operation up by operationId or `METHOD /path` (the method in any case).
    pub fn find(&self, name: &str) -> Result<Lookup, IndexError> {
        let name = normalize_name(name);
        match self.by_name.get(name.as_ref()).map(Vec::as_slice) {
            None | Some([]) => Ok(Lookup::NotFound),
            Some([i]) => Ok(Lookup::Found(Box::new(self.read(*i)?))),
            Some(many) => Ok(Lookup::Ambiguous(
                many.iter().map(|i| self.entries[*i].key.clone()).collect(),
            )),
        }
    }

    fn read(&self, i: usize) -> Result<Operation, IndexError> {
        let e = &self.entries[i];
        let ops_file = self.dir_file.with_extension("catalog-ops");
        let unreadable = |why: String| {
            IndexError::Unreadable(format!("{}: {why}; rebuild the crate", ops_file.display()))
        };
        let mut f = std::fs::File::open(&ops_file).map_err(|e| unreadable(e.to_string()))?;
        f.seek(SeekFrom::Start(e.offset))
            .map_err(|e| unreadable(e.to_string()))?;
        let mut buf = vec![0; e.len];
        f.read_exact(&mut buf)
            .map_err(|e| unreadable(e.to_string()))?;
        let mut op: Operation =
            serde_json::from_slice(&buf).map_err(|e| unreadable(e.to_string()))?;
        op.spec = self.spec.clone();
        Ok(op)
    }
}
