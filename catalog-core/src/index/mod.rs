//! The compact on-disk index a build script writes and the `#[tool]` macro reads.
//!
//! Three files per spec, in one directory:
//!
//! - `<stem>.catalog-dir`: a few hundred bytes. Line 1 is the format tag, line 2 the counts and
//!   sizes `<operations> <names> <names-file bytes> <ops-file bytes>`, line 3 the spec's
//!   [`SpecInfo`] as JSON. The macro `include_bytes!`es it to rebuild when the index changes, so
//!   it stays small whatever the spec's size.
//! - `<stem>.catalog-names`: one record per name an operation is found by (its operationId and
//!   its `METHOD /path`), sorted by name and then spec order, as
//!   `name \t position \t offset \t length \t METHOD /path \n`; then one fixed-width slot
//!   per record (and one past the last) holding the record's byte position as 12 hex digits and
//!   a newline.
//! - `<stem>.catalog-ops`: every [`Operation`] as JSON, back to back, in stored form: a schema
//!   reached through `$ref` is a [`crate::model::Type::Shared`] reference.
//! - `<stem>.catalog-schemas`: the shared schemas ([`SharedSchema`]), each stored once, as JSON
//!   back to back, then one fixed-width slot per schema (and one past the last) holding where it
//!   starts, as in the names file. Its size is a small multiple of the document's, whatever the
//!   shape of its references.
//!
//! A reader parses the directory file (cached per process, keyed by path and the file's whole
//! content, so a long-lived process such as rust-analyzer sees a rebuilt index), binary-searches
//! the slots for the name and reads only the matching records, the one operation's bytes and the
//! shared schemas it reaches, each once, then expands the operation ([`expand`]) under a budget,
//! so loading a tool does not grow with the spec. Only the error path for an
//! unknown name reads every record. A `catalog-manifest` file lists the stems the build script
//! indexed.

mod codec;
pub mod expand;

pub(crate) use codec::{write_operation, write_value};

use crate::model::{Operation, SharedSchema, SpecInfo};
use crate::spec::load::{self, Document, SpecError};
use crate::spec::normalize::Normalized;
use std::collections::HashMap;
use std::fmt;
use std::fs::File;
use std::io::{Read, Seek, SeekFrom};
use std::path::{Path, PathBuf};
use std::rc::Rc;
use std::sync::{Arc, Mutex, OnceLock};

const FORMAT_TAG: &str = "catalog-index 3";
// Bytes per slot of the names file: 12 hex digits and a newline.
const SLOT: usize = 13;
/// File name of the manifest listing the indexed stems in an index directory.
pub const MANIFEST: &str = "catalog-manifest";
/// The environment variable that tells the `#[tool]` macro where the index directory is. The
/// build script sets it with `cargo:rustc-env`; tests that compile tools out of tree (trybuild)
/// set it themselves.
pub const INDEX_DIR_VAR: &str = "CATALOG_INDEX_DIR";

/// A spec, normalized: its identity and every operation, in spec order, expanded.
#[derive(Debug, Clone)]
pub struct Index {
    /// The spec's identity.
    pub spec: SpecInfo,
    /// Every operation, each expanded under [`expand::BUDGET`] (see [`Operation::degraded`]).
    pub operations: Vec<Operation>,
}

impl Index {
    /// Normalizes a parsed document and expands every operation.
    pub fn from_document(doc: &Document) -> Index {
        let normalized = crate::spec::normalize::normalize(&doc.value);
        Index::from_normalized(doc.info.clone(), &normalized)
    }

    // Every operation of a normalized document, expanded.
    fn from_normalized(spec: SpecInfo, normalized: &Normalized) -> Index {
        Index {
            spec,
            operations: normalized
                .operations
                .iter()
                .map(|op| normalized.expand(op))
                .collect(),
        }
    }

    /// Loads, parses and normalizes a spec file.
    pub fn load(path: &Path) -> Result<Index, SpecError> {
        let (spec, normalized) = load::load_normalized(path)?;
        Ok(Index::from_normalized(spec, &normalized))
    }

    /// Writes the index files (`<stem>.catalog-dir`, `-names`, `-ops`, `-schemas`) of these
    /// expanded operations into `dir`, returning the directory file's path.
    pub fn write(&self, dir: &Path) -> std::io::Result<PathBuf> {
        write_files(dir, &self.spec, &self.operations, &[])
    }
}

impl Normalized {
    /// `op` (one of `self.operations`) expanded under [`expand::BUDGET`].
    pub fn expand(&self, op: &Operation) -> Operation {
        expand::expand(op, |id| self.shared.get(id), expand::BUDGET)
    }

    /// Every operation in [`expand::outline`], in spec order, one at a time: what
    /// [`Normalized::expand`] gives, down to objects' fields, with the same degradations. What
    /// was counted of a shared schema for one operation serves the next.
    pub fn outlines(&self) -> impl Iterator<Item = Operation> + '_ {
        let mut sizes = expand::Sizes::default();
        self.operations.iter().map(move |op| {
            expand::outline(op, |id| self.shared.get(id), expand::BUDGET, &mut sizes)
        })
    }

    /// Writes the index files of this document in stored form (each shared schema once) into
    /// `dir`, returning the directory file's path.
    pub fn write(&self, spec: &SpecInfo, dir: &Path) -> std::io::Result<PathBuf> {
        write_files(dir, spec, &self.operations, &self.shared)
    }
}

fn write_files(
    dir: &Path,
    spec: &SpecInfo,
    operations: &[Operation],
    shared: &[SharedSchema],
) -> std::io::Result<PathBuf> {
    {
        std::fs::create_dir_all(dir)?;
        let mut ops = Vec::with_capacity(operations.len() * 512);
        // (name, position in spec order, offset, length, key)
        let mut records: Vec<(String, usize, usize, usize, Rc<str>)> =
            Vec::with_capacity(operations.len() * 2);
        for (i, op) in operations.iter().enumerate() {
            let start = ops.len();
            codec::write_operation(&mut ops, op)?;
            let len = ops.len() - start;
            let key: Rc<str> = clean(op.key()).into();
            if let Some(id) = op.id.as_deref().filter(|id| !id.is_empty()) {
                records.push((clean(id.to_string()), i, start, len, key.clone()));
            }
            records.push((key.to_string(), i, start, len, key));
        }
        // Sorted by name, then spec order: equal names are adjacent and an ambiguous
        // operationId lists its operations in spec order.
        records.sort_unstable_by(|a, b| a.0.cmp(&b.0).then(a.1.cmp(&b.1)));
        let mut names = String::with_capacity(records.len() * (64 + SLOT));
        let mut slots = Vec::with_capacity(records.len() + 1);
        for (name, i, start, len, key) in &records {
            slots.push(names.len());
            // Formatting numbers with `push_str` of `to_string` is cheaper unoptimized than
            // `write!`.
            for part in [
                name.as_str(),
                "\t",
                &i.to_string(),
                "\t",
                &start.to_string(),
                "\t",
                &len.to_string(),
                "\t",
                key,
                "\n",
            ] {
                names.push_str(part);
            }
        }
        slots.push(names.len());
        let mut names = names.into_bytes();
        write_slots(&mut names, &slots)?;
        let mut schemas = Vec::with_capacity(shared.len() * 256);
        let mut schema_slots = Vec::with_capacity(shared.len() + 1);
        for s in shared {
            schema_slots.push(schemas.len());
            codec::write_shared(&mut schemas, s)?;
        }
        schema_slots.push(schemas.len());
        write_slots(&mut schemas, &schema_slots)?;
        let directory = format!(
            "{FORMAT_TAG}\n{} {} {} {} {} {}\n{}\n",
            operations.len(),
            records.len(),
            names.len(),
            ops.len(),
            shared.len(),
            schemas.len(),
            serde_json::to_string(spec).map_err(std::io::Error::other)?
        );
        let dir_file = dir.join(format!("{}.catalog-dir", spec.stem));
        // The directory file goes last: a reader that sees it sees the files it describes.
        std::fs::write(dir_file.with_extension("catalog-ops"), &ops)?;
        std::fs::write(dir_file.with_extension("catalog-names"), &names)?;
        std::fs::write(dir_file.with_extension("catalog-schemas"), &schemas)?;
        std::fs::write(&dir_file, directory)?;
        Ok(dir_file)
    }
}

// Appends one fixed-width slot per position: 12 hex digits and a newline.
fn write_slots(out: &mut Vec<u8>, positions: &[usize]) -> std::io::Result<()> {
    for pos in positions {
        if *pos as u64 >= 1 << (4 * (SLOT - 1)) {
            return Err(std::io::Error::other("catalog index too large"));
        }
        out.extend_from_slice(format!("{pos:0w$x}\n", w = SLOT - 1).as_bytes());
    }
    Ok(())
}

// Tabs and newlines in ids or paths would break the record format; real specs have none, and
// such an operation is still reachable by its other name.
fn clean(s: String) -> String {
    if s.contains(['\t', '\n', '\r']) {
        s.replace(['\t', '\n', '\r'], " ")
    } else {
        s
    }
}

impl Index {
    /// Looks an operation up by operationId or `METHOD /path` (the method in any case), as
    /// [`IndexReader::find`] does for the macro.
    pub fn find(&self, name: &str) -> Lookup {
        lookup(&self.operations, name, |op| op.clone())
    }

    /// Every name an operation can be found by: each operationId and each `METHOD /path`.
    pub fn names(&self) -> impl Iterator<Item = String> + '_ {
        names_of(&self.operations)
    }
}

impl Normalized {
    /// Looks an operation up as [`Index::find`] does, expanding only the one found: what a
    /// command that needs one operation of a large document uses.
    pub fn find(&self, name: &str) -> Lookup {
        lookup(&self.operations, name, |op| self.expand(op))
    }

    /// Every name an operation can be found by, as [`Index::names`] gives them.
    pub fn names(&self) -> impl Iterator<Item = String> + '_ {
        names_of(&self.operations)
    }
}

// The operation named `name`, made into what the caller hands out, or why there is not one.
fn lookup(operations: &[Operation], name: &str, give: impl Fn(&Operation) -> Operation) -> Lookup {
    let name = normalize_name(name);
    let found: Vec<&Operation> = operations
        .iter()
        .filter(|op| op.key() == name || op.id.as_deref() == Some(name.as_ref()))
        .collect();
    match found.as_slice() {
        [] => Lookup::NotFound,
        [op] => Lookup::Found(Box::new(give(op))),
        many => Lookup::Ambiguous(many.iter().map(|op| op.key()).collect()),
    }
}

fn names_of(operations: &[Operation]) -> impl Iterator<Item = String> + '_ {
    operations
        .iter()
        .flat_map(|op| op.id.clone().into_iter().chain([op.key()]))
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

/// A loaded index directory: finds operations by operationId or `METHOD /path` and reads only
/// the records and the one operation asked for.
#[derive(Debug)]
pub struct IndexReader {
    dir_file: PathBuf,
    spec: SpecInfo,
    operations: usize,
    names: u64,
    names_len: u64,
    ops_len: u64,
    shared: u64,
    schemas_len: u64,
    /// Shared schemas read so far, each with the record's bytes it was read from: a schema is
    /// read again only when its record's bytes changed. Operations share most of what they
    /// reach (a spec's common objects), and a macro expands one tool after another in the same
    /// process.
    shared_read: Mutex<SharedRead>,
}

/// Shared schemas by id, each with the bytes of its record.
type SharedRead = HashMap<usize, (Vec<u8>, SharedSchema)>;

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

// Keyed by path; the value keeps the directory file's text, so a changed file is reparsed.
type Cache = Mutex<HashMap<PathBuf, (String, Arc<IndexReader>)>>;

/// One record of the names file.
struct Record {
    name: String,
    position: u64,
    offset: u64,
    len: u64,
    key: String,
}

/// The names file, opened for one lookup.
struct Names<'r> {
    reader: &'r IndexReader,
    file: Slotted,
}

impl IndexReader {
    /// Opens a directory file, from the per-process cache when its content is unchanged.
    pub fn open(dir_file: &Path) -> Result<Arc<IndexReader>, IndexError> {
        static CACHE: OnceLock<Cache> = OnceLock::new();
        // The file is a few hundred bytes whatever the spec's size: reading it all and comparing
        // it with the cached copy is as cheap as a `stat`, and unlike an mtime it cannot miss a
        // rewrite within the clock's granularity.
        let text = std::fs::read_to_string(dir_file)
            .map_err(|e| IndexError::Unreadable(format!("{}: {e}", dir_file.display())))?;
        let cache = CACHE.get_or_init(Default::default);
        if let Some(r) = cache.lock().ok().and_then(|c| {
            c.get(dir_file)
                .filter(|(cached, _)| *cached == text)
                .map(|(_, r)| r.clone())
        }) {
            return Ok(r);
        }
        let reader = Arc::new(IndexReader::parse(dir_file, &text)?);
        if let Ok(mut c) = cache.lock() {
            c.insert(dir_file.to_path_buf(), (text, reader.clone()));
        }
        Ok(reader)
    }

    fn parse(dir_file: &Path, text: &str) -> Result<IndexReader, IndexError> {
        let bad = |what: &str| not_an_index(dir_file, what);
        let mut lines = text.lines();
        if lines.next() != Some(FORMAT_TAG) {
            return Err(bad("unknown format"));
        }
        let counts: Vec<u64> = lines
            .next()
            .unwrap_or_default()
            .split(' ')
            .map_while(|n| n.parse().ok())
            .collect();
        let [operations, names, names_len, ops_len, shared, schemas_len] = counts[..] else {
            return Err(bad("no counts line"));
        };
        let spec: SpecInfo = lines
            .next()
            .and_then(|l| serde_json::from_str(l).ok())
            .ok_or_else(|| bad("no spec line"))?;
        Ok(IndexReader {
            dir_file: dir_file.to_path_buf(),
            spec,
            operations: usize::try_from(operations).map_err(|_| bad("bad counts line"))?,
            names,
            names_len,
            ops_len,
            shared,
            schemas_len,
            shared_read: Mutex::default(),
        })
    }

    /// The spec's identity.
    pub fn spec(&self) -> &SpecInfo {
        &self.spec
    }

    /// Every name an operation can be found by, in spec order: each operationId and each
    /// `METHOD /path`. It reads the whole names file: for the error path of an unknown name.
    pub fn names(&self) -> Result<Vec<String>, IndexError> {
        let mut names = self.names_file()?;
        let mut bytes = Vec::new();
        names
            .file
            .file
            .read_to_end(&mut bytes)
            .map_err(|e| names.unreadable(&e.to_string()))?;
        let text = bytes
            .get(..usize::try_from(names.file.slots).unwrap_or(usize::MAX))
            .and_then(|b| std::str::from_utf8(b).ok())
            .ok_or_else(|| names.unreadable("not text"))?;
        let mut all = Vec::with_capacity(text.lines().count());
        for line in text.lines() {
            let r = names.record_from(line)?;
            // An operation's id before its `METHOD /path`, as `Index::names` gives them.
            all.push((r.position, r.name == r.key, r.name));
        }
        all.sort();
        all.dedup();
        Ok(all.into_iter().map(|(_, _, name)| name).collect())
    }

    /// The number of operations.
    pub fn len(&self) -> usize {
        self.operations
    }

    /// Whether the spec has no operations.
    pub fn is_empty(&self) -> bool {
        self.operations == 0
    }

    /// Looks an operation up by operationId or `METHOD /path` (the method in any case).
    pub fn find(&self, name: &str) -> Result<Lookup, IndexError> {
        let name = normalize_name(name);
        let mut names = self.names_file()?;
        // The first record whose name is not less than the one asked for.
        let (mut lo, mut hi) = (0, self.names);
        while lo < hi {
            let mid = lo + (hi - lo) / 2;
            if names.record(mid)?.name.as_str() < name.as_ref() {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        let mut found: Vec<Record> = Vec::new();
        for i in lo..self.names {
            let r = names.record(i)?;
            if r.name != name.as_ref() {
                break;
            }
            // An operation whose operationId is its own `METHOD /path` is still one operation.
            if found.iter().all(|f| f.position != r.position) {
                found.push(r);
            }
        }
        match found.as_slice() {
            [] => Ok(Lookup::NotFound),
            [r] => Ok(Lookup::Found(Box::new(self.read(r.offset, r.len)?))),
            many => Ok(Lookup::Ambiguous(
                many.iter().map(|r| r.key.clone()).collect(),
            )),
        }
    }

    fn names_file(&self) -> Result<Names<'_>, IndexError> {
        let path = self.dir_file.with_extension("catalog-names");
        Ok(Names {
            reader: self,
            file: Slotted::open(path, self.names_len, self.names)?,
        })
    }

    fn read(&self, offset: u64, len: u64) -> Result<Operation, IndexError> {
        let ops_file = self.dir_file.with_extension("catalog-ops");
        let mut f = open_sized(&ops_file, self.ops_len)?;
        // The range comes from a file: check it against the file's size before allocating.
        let end = offset.checked_add(len).filter(|end| *end <= self.ops_len);
        let (Some(_), Ok(len)) = (end, usize::try_from(len)) else {
            return Err(not_an_index(&ops_file, "operation out of range"));
        };
        let mut buf = vec![0; len];
        f.seek(SeekFrom::Start(offset))
            .and_then(|_| f.read_exact(&mut buf))
            .map_err(|e| not_an_index(&ops_file, &e.to_string()))?;
        let stored =
            codec::read_operation(&buf).map_err(|e| not_an_index(&ops_file, &e.to_string()))?;
        let mut shared = self
            .shared_read
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        self.read_shared(&stored, &mut shared)?;
        let mut op = expand::expand(
            &stored,
            |id| shared.get(&id).map(|(_, s)| s),
            expand::BUDGET,
        );
        op.spec = self.spec.clone();
        Ok(op)
    }

    // Brings every shared schema the operation reaches into `shared`, each record's bytes read
    // once and parsed only when they are not the bytes `shared` holds for it.
    fn read_shared(&self, op: &Operation, shared: &mut SharedRead) -> Result<(), IndexError> {
        let mut pending = Vec::new();
        for p in &op.params {
            expand::references(&p.schema, &mut pending);
        }
        for s in expand::response_schemas(op) {
            expand::references(s, &mut pending);
        }
        if pending.is_empty() {
            return Ok(());
        }
        let path = self.dir_file.with_extension("catalog-schemas");
        let mut file = Slotted::open(path, self.schemas_len, self.shared)?;
        let mut reached = std::collections::HashSet::new();
        while let Some(id) = pending.pop() {
            if !reached.insert(id) {
                continue;
            }
            let bytes = file.record(id as u64)?;
            let schema = match shared.remove(&id) {
                Some((read, schema)) if read == bytes => schema,
                _ => codec::read_shared(&bytes).map_err(|e| file.unreadable(&e.to_string()))?,
            };
            expand::references(&schema.schema, &mut pending);
            shared.insert(id, (bytes, schema));
        }
        Ok(())
    }
}

/// A file of records back to back followed by one fixed-width slot per record (and one past the
/// last) holding where each starts.
struct Slotted {
    file: File,
    path: PathBuf,
    // Where the slots start, and how many records there are.
    slots: u64,
    records: u64,
}

impl Slotted {
    fn open(path: PathBuf, len: u64, records: u64) -> Result<Slotted, IndexError> {
        let file = open_sized(&path, len)?;
        let slots = records
            .checked_add(1)
            .and_then(|n| n.checked_mul(SLOT as u64))
            .and_then(|n| len.checked_sub(n))
            .ok_or_else(|| not_an_index(&path, "too short"))?;
        Ok(Slotted {
            file,
            path,
            slots,
            records,
        })
    }

    fn unreadable(&self, what: &str) -> IndexError {
        not_an_index(&self.path, what)
    }

    // The bytes of record `i`: its two slots give where it starts and ends.
    fn record(&mut self, i: u64) -> Result<Vec<u8>, IndexError> {
        if i >= self.records {
            return Err(self.unreadable("reference out of range"));
        }
        let mut slots = [0u8; 2 * SLOT];
        self.read_at(self.slots + i * SLOT as u64, &mut slots)?;
        let slot = |s: &[u8]| {
            std::str::from_utf8(s)
                .ok()
                .and_then(|s| u64::from_str_radix(s, 16).ok())
        };
        let (Some(start), Some(end)) = (slot(&slots[..SLOT - 1]), slot(&slots[SLOT..2 * SLOT - 1]))
        else {
            return Err(self.unreadable("bad slot"));
        };
        let len = end
            .checked_sub(start)
            .filter(|_| end <= self.slots)
            .and_then(|n| usize::try_from(n).ok())
            .ok_or_else(|| self.unreadable("bad slot"))?;
        let mut bytes = vec![0; len];
        self.read_at(start, &mut bytes)?;
        Ok(bytes)
    }

    fn read_at(&mut self, at: u64, buf: &mut [u8]) -> Result<(), IndexError> {
        self.file
            .seek(SeekFrom::Start(at))
            .and_then(|_| self.file.read_exact(buf))
            .map_err(|e| self.unreadable(&e.to_string()))
    }
}

impl Names<'_> {
    fn unreadable(&self, what: &str) -> IndexError {
        self.file.unreadable(what)
    }

    // Reads record `i`.
    fn record(&mut self, i: u64) -> Result<Record, IndexError> {
        let line = self.file.record(i)?;
        let line = String::from_utf8(line).map_err(|_| self.unreadable("not text"))?;
        self.record_from(line.strip_suffix('\n').unwrap_or(&line))
    }

    fn record_from(&self, line: &str) -> Result<Record, IndexError> {
        let mut parts = line.split('\t');
        let (Some(name), Some(position), Some(offset), Some(len), Some(key), None) = (
            parts.next(),
            parts.next(),
            parts.next(),
            parts.next(),
            parts.next(),
            parts.next(),
        ) else {
            return Err(self.unreadable("bad record"));
        };
        let (Ok(position), Ok(offset), Ok(len)) = (position.parse(), offset.parse(), len.parse())
        else {
            return Err(self.unreadable("bad record"));
        };
        if position >= self.reader.operations as u64 {
            return Err(self.unreadable("bad record"));
        }
        Ok(Record {
            name: name.to_string(),
            position,
            offset,
            len,
            key: key.to_string(),
        })
    }
}

fn not_an_index(file: &Path, what: &str) -> IndexError {
    IndexError::Unreadable(format!(
        "{} is not a catalog index ({what}); rebuild the crate",
        file.display()
    ))
}

// Opens one of the index's data files, checking it has the size the directory file recorded:
// a truncated or rewritten file is an error, not a garbled lookup.
fn open_sized(path: &Path, size: u64) -> Result<File, IndexError> {
    let file = File::open(path).map_err(|e| {
        IndexError::Unreadable(format!("{}: {e}; rebuild the crate", path.display()))
    })?;
    let actual = file
        .metadata()
        .map_err(|e| IndexError::Unreadable(format!("{}: {e}; rebuild the crate", path.display())))?
        .len();
    if actual != size {
        return Err(not_an_index(
            path,
            &format!("{actual} bytes where the directory says {size}"),
        ));
    }
    Ok(file)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn op(id: Option<&str>, method: &str, path: &str) -> Operation {
        Operation {
            id: id.map(str::to_string),
            method: method.into(),
            path: path.into(),
            pointer: format!(
                "#/paths/{}/{}",
                crate::spec::normalize::escape(path),
                method
            ),
            summary: None,
            description: None,
            deprecated: false,
            params: vec![],
            body: None,
            responses: vec![],
            unsupported: vec![],
            degraded: vec![],
            degraded_output: vec![],
            spec: SpecInfo::default(),
            accounting: vec![],
            security: vec![],
            tags: vec![],
        }
    }

    // A fresh directory per test, so tests running in parallel do not share files.
    fn scratch(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("catalog-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        dir
    }

    fn index(stem: &str, operations: Vec<Operation>) -> Index {
        Index {
            spec: SpecInfo {
                stem: stem.into(),
                title: "Title".into(),
                version: "1.0".into(),
                openapi: "3.0.3".into(),
                hash: "0123456789abcdef".into(),
                null: None,
            },
            operations,
        }
    }

    fn sample() -> Index {
        index(
            "sample",
            vec![
                op(Some("ListThings"), "GET", "/things"),
                op(Some("Dup"), "GET", "/a"),
                op(None, "POST", "/things"),
                op(Some("Dup"), "DELETE", "/b"),
                op(Some("GetThing"), "GET", "/things/{id}"),
            ],
        )
    }

    fn found(reader: &IndexReader, name: &str) -> Operation {
        match reader.find(name).unwrap() {
            Lookup::Found(op) => *op,
            other => panic!("{name}: {other:?}"),
        }
    }

    #[test]
    fn finds_by_operation_id_and_by_method_and_path() {
        let dir = scratch("find");
        let file = sample().write(&dir).unwrap();
        let reader = IndexReader::open(&file).unwrap();
        assert_eq!(reader.len(), 5);
        assert_eq!(reader.spec().title, "Title");
        assert_eq!(reader.spec().hash, "0123456789abcdef");
        let list = found(&reader, "ListThings");
        assert_eq!(list.key(), "GET /things");
        // The spec identity is filled in for the tool.
        assert_eq!(list.spec.stem, "sample");
        assert_eq!(found(&reader, "post /things").id, None);
        assert_eq!(
            found(&reader, "GET /things/{id}").id.as_deref(),
            Some("GetThing")
        );
        assert_eq!(reader.find("GET /nothing").unwrap(), Lookup::NotFound);
        assert_eq!(reader.find("listthings").unwrap(), Lookup::NotFound);
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn duplicate_ids_are_ambiguous_and_reachable_by_method_and_path() {
        let dir = scratch("dup");
        let file = sample().write(&dir).unwrap();
        let reader = IndexReader::open(&file).unwrap();
        // The candidates in spec order.
        assert_eq!(
            reader.find("Dup").unwrap(),
            Lookup::Ambiguous(vec!["GET /a".into(), "DELETE /b".into()])
        );
        assert_eq!(found(&reader, "delete /b").key(), "DELETE /b");
        assert_eq!(found(&reader, "GET /a").key(), "GET /a");
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn names_for_suggestions_are_in_spec_order() {
        let dir = scratch("names");
        let index = sample();
        let file = index.write(&dir).unwrap();
        let reader = IndexReader::open(&file).unwrap();
        let expected: Vec<String> = index.names().collect();
        assert_eq!(reader.names().unwrap(), expected);
        let _ = std::fs::remove_dir_all(&dir);
    }

    // Many names, so the binary search takes several steps and meets both ends.
    #[test]
    fn every_name_of_a_large_index_is_found() {
        let dir = scratch("large");
        let ops: Vec<Operation> = (0..300)
            .map(|i| {
                let id = format!("op{:03}", (i * 7919) % 300);
                let method = ["GET", "POST", "DELETE"][i % 3];
                op(
                    Some(id.as_str()).filter(|_| i % 5 != 0),
                    method,
                    &format!("/r{}", i / 3),
                )
            })
            .collect();
        let index = index("large", ops);
        let file = index.write(&dir).unwrap();
        let reader = IndexReader::open(&file).unwrap();
        for op in &index.operations {
            assert_eq!(found(&reader, &op.key()).pointer, op.pointer);
            if let Some(id) = &op.id {
                assert_eq!(found(&reader, id).pointer, op.pointer);
            }
        }
        for missing in ["", "a", "op", "op0000", "zzz", "GET /r", "GET /r999"] {
            assert_eq!(reader.find(missing).unwrap(), Lookup::NotFound, "{missing}");
        }
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn an_operation_whose_id_is_its_own_key_is_one_operation() {
        let dir = scratch("self");
        let file = index("self", vec![op(Some("GET /x"), "GET", "/x")])
            .write(&dir)
            .unwrap();
        let reader = IndexReader::open(&file).unwrap();
        assert_eq!(found(&reader, "GET /x").key(), "GET /x");
        assert_eq!(reader.names().unwrap(), ["GET /x"]);
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn an_index_without_operations_finds_nothing() {
        let dir = scratch("empty");
        let file = index("empty", vec![]).write(&dir).unwrap();
        let reader = IndexReader::open(&file).unwrap();
        assert!(reader.is_empty());
        assert_eq!(reader.find("Anything").unwrap(), Lookup::NotFound);
        assert_eq!(reader.names().unwrap(), Vec::<String>::new());
        let _ = std::fs::remove_dir_all(&dir);
    }

    fn unreadable(r: Result<Lookup, IndexError>) -> String {
        match r {
            Err(IndexError::Unreadable(why)) => why,
            other => panic!("expected an unreadable index, got {other:?}"),
        }
    }

    #[test]
    fn damaged_files_are_reported_not_panicked_on() {
        let dir = scratch("damaged");
        let file = sample().write(&dir).unwrap();
        let names = file.with_extension("catalog-names");
        let ops = file.with_extension("catalog-ops");
        let pristine = (std::fs::read(&names).unwrap(), std::fs::read(&ops).unwrap());
        let restore = || {
            std::fs::write(&names, &pristine.0).unwrap();
            std::fs::write(&ops, &pristine.1).unwrap();
        };
        let reader = IndexReader::open(&file).unwrap();

        // Truncated data files.
        std::fs::write(&names, &pristine.0[..pristine.0.len() / 2]).unwrap();
        let why = unreadable(reader.find("ListThings"));
        assert!(
            why.contains("catalog-names") && why.contains("rebuild the crate"),
            "{why}"
        );
        assert!(reader.names().is_err());
        restore();
        std::fs::write(&ops, &pristine.1[..10]).unwrap();
        let why = unreadable(reader.find("ListThings"));
        assert!(
            why.contains("catalog-ops") && why.contains("rebuild the crate"),
            "{why}"
        );
        restore();

        // Garbage of the right size, byte by byte at every position of the names file: an error
        // or a lookup, never a panic.
        for i in 0..pristine.0.len() {
            for garbage in [b'\n', b'\t', b'z', 0xff] {
                let mut bytes = pristine.0.clone();
                bytes[i] = garbage;
                std::fs::write(&names, &bytes).unwrap();
                let _ = reader.find("ListThings");
                let _ = reader.find("Dup");
                let _ = reader.names();
            }
        }
        restore();
        // An operation that is not JSON.
        std::fs::write(&ops, vec![b'x'; pristine.1.len()]).unwrap();
        let why = unreadable(reader.find("ListThings"));
        assert!(why.contains("not a catalog index"), "{why}");
        restore();
        // Missing data files.
        std::fs::remove_file(&ops).unwrap();
        assert!(reader.find("ListThings").is_err());
        restore();
        assert!(matches!(reader.find("ListThings"), Ok(Lookup::Found(_))));

        // Damaged directory files: truncated, an older format, counts that do not parse.
        let text = std::fs::read_to_string(&file).unwrap();
        for damaged in [
            text[..text.len() / 2].to_string(),
            String::new(),
            text.replacen("catalog-index 3", "catalog-index 2", 1),
            text.replacen(" ", " x", 1),
        ] {
            std::fs::write(&file, &damaged).unwrap();
            match IndexReader::open(&file) {
                Err(IndexError::Unreadable(why)) => assert!(why.contains("rebuild"), "{why}"),
                other => panic!("{damaged:?}: {other:?}"),
            }
        }
        let _ = std::fs::remove_dir_all(&dir);
    }

    // The shared schemas read for one operation serve the next, and a record whose bytes
    // changed under the same directory file is read again.
    #[test]
    fn shared_schemas_are_read_once_and_again_when_their_record_changes() {
        let dir = scratch("shared");
        let item = serde_json::json!({"description": "one", "type": "object",
            "properties": {"name": {"type": "string"}}});
        let list = |id: &str| {
            serde_json::json!({"get": {"operationId": id, "responses": {"200": {
            "description": "ok", "content": {"application/json": {"schema": {
                "type": "array", "items": {"$ref": "#/components/schemas/Item"}}}}}}}})
        };
        let doc = serde_json::json!({"openapi": "3.0.3", "info": {"title": "T", "version": "1"},
            "paths": {"/a": list("ListA"), "/b": list("ListB")},
            "components": {"schemas": {"Item": item}}});
        let normalized = crate::spec::normalize::normalize(&doc);
        assert_eq!(normalized.shared.len(), 1);
        let file = normalized.write(&sample().spec, &dir).unwrap();
        let reader = IndexReader::open(&file).unwrap();
        let description = |op: &Operation| {
            let schema = op.responses[0].content[0].schema.as_ref().unwrap();
            let crate::model::Type::Array { items, .. } = &schema.ty else {
                panic!("{schema:?}")
            };
            items.description.clone()
        };
        assert_eq!(
            description(&found(&reader, "ListA")).as_deref(),
            Some("one")
        );
        assert_eq!(reader.shared_read.lock().unwrap().len(), 1);
        assert_eq!(
            description(&found(&reader, "ListB")).as_deref(),
            Some("one")
        );

        let schemas = file.with_extension("catalog-schemas");
        let bytes = std::fs::read(&schemas).unwrap();
        let text = String::from_utf8(bytes)
            .unwrap()
            .replacen("\"one\"", "\"two\"", 1);
        std::fs::write(&schemas, text).unwrap();
        assert_eq!(
            description(&found(&reader, "ListB")).as_deref(),
            Some("two")
        );
        let _ = std::fs::remove_dir_all(&dir);
    }

    // The macro expands every tool of a crate in one rustc process: all but the first expansion
    // must reuse the parsed directory, and a rebuilt index must not be served stale.
    #[test]
    fn open_reuses_the_parsed_directory_until_its_content_changes() {
        let dir = scratch("cache");
        let mut index = sample();
        let file = index.write(&dir).unwrap();
        let first = IndexReader::open(&file).unwrap();
        let again = IndexReader::open(&file).unwrap();
        assert!(Arc::ptr_eq(&first, &again));

        // A change of the same size, within the file clock's granularity.
        index.spec.title = "Eltit".into();
        index.write(&dir).unwrap();
        let rebuilt = IndexReader::open(&file).unwrap();
        assert!(!Arc::ptr_eq(&first, &rebuilt));
        assert_eq!(rebuilt.spec().title, "Eltit");

        // Operations are read afresh on every lookup, so a rebuild that leaves the directory file
        // as it was still shows.
        index.operations[0].summary = Some("one".into());
        index.write(&dir).unwrap();
        let before = IndexReader::open(&file).unwrap();
        assert_eq!(found(&before, "ListThings").summary.as_deref(), Some("one"));
        index.operations[0].summary = Some("two".into());
        index.write(&dir).unwrap();
        let after = IndexReader::open(&file).unwrap();
        assert!(Arc::ptr_eq(&before, &after));
        assert_eq!(found(&after, "ListThings").summary.as_deref(), Some("two"));

        // A rebuild with more operations.
        index.operations.push(op(Some("New"), "PUT", "/new"));
        index.write(&dir).unwrap();
        let grown = IndexReader::open(&file).unwrap();
        assert_eq!(grown.len(), 6);
        assert_eq!(found(&grown, "New").key(), "PUT /new");
        let _ = std::fs::remove_dir_all(&dir);
    }
}
