//! Reading an index: [`IndexReader`] finds operations by name in the names file and reads only
//! the records and the one operation asked for, through the codec.

use super::error::IndexError;
use super::layout::{FORMAT_TAG, SLOT};
use super::lookup::{Lookup, normalize_name};
use super::{codec, inline};
use crate::model::{Operation, SharedSchema, SpecInfo};
use std::collections::HashMap;
use std::fs::File;
use std::io::{Read, Seek, SeekFrom};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, OnceLock};

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
    pub(super) shared_read: Mutex<SharedRead>,
}

/// Shared schemas by id, each with the bytes of its record.
type SharedRead = HashMap<usize, (Vec<u8>, SharedSchema)>;

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
        let mut op = inline::inline_refs(
            &stored,
            |id| shared.get(&id).map(|(_, s)| s),
            inline::BUDGET,
        );
        op.spec = self.spec.clone();
        Ok(op)
    }

    // Brings every shared schema the operation reaches into `shared`, each record's bytes read
    // once and parsed only when they are not the bytes `shared` holds for it.
    fn read_shared(&self, op: &Operation, shared: &mut SharedRead) -> Result<(), IndexError> {
        let mut pending = Vec::new();
        for p in &op.params {
            inline::references(&p.schema, &mut pending);
        }
        for s in inline::response_schemas(op) {
            inline::references(s, &mut pending);
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
            inline::references(&schema.schema, &mut pending);
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
