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
//! - `<stem>.catalog-schemas`: the shared schemas ([`crate::model::SharedSchema`]), each stored once, as JSON
//!   back to back, then one fixed-width slot per schema (and one past the last) holding where it
//!   starts, as in the names file. Its size is a small multiple of the document's, whatever the
//!   shape of its references.
//!
//! A reader parses the directory file (cached per process, keyed by path and the file's whole
//! content, so a long-lived process such as rust-analyzer sees a rebuilt index), binary-searches
//! the slots for the name and reads only the matching records, the one operation's bytes and the
//! shared schemas it reaches, each once, then inlines the operation's references ([`inline`]) under a budget,
//! so loading a tool does not grow with the spec. Only the error path for an
//! unknown name reads every record. A `catalog-manifest` file lists the stems the build script
//! indexed.
//!
//! Files: `codec` (the one writer and reader of a stored operation, which the form a `#[tool]`
//! embeds, [`embedded`], shares), `layout` (the format tag and slot width the writer and reader
//! share), `write` (the files), `reader` ([`IndexReader`]), `lookup` (the name rule and
//! [`Lookup`]), `error` ([`IndexError`]), [`inline`].

mod codec;
pub mod embedded;
mod error;
pub mod inline;
mod layout;
mod lookup;
mod reader;
mod write;

pub(crate) use codec::write_value;
pub use error::IndexError;
pub use lookup::Lookup;
use lookup::{lookup, names_of};
pub use reader::IndexReader;
use write::write_files;

use crate::model::{Operation, SpecInfo};
use crate::spec::load::{self, Document, SpecError};
use crate::spec::normalize::Normalized;
use std::path::{Path, PathBuf};

pub use crate::spec::build::{INDEX_DIR_VAR, MANIFEST};

/// A spec, normalized: its identity and every operation, in spec order, its references inlined.
#[derive(Debug, Clone)]
pub struct Index {
    /// The spec's identity.
    pub spec: SpecInfo,
    /// Every operation, each with its references inlined under [`inline::BUDGET`] (see [`Operation::degraded`]).
    pub operations: Vec<Operation>,
}

impl Index {
    /// Normalizes a parsed document and inlines every operation's references.
    pub fn from_document(doc: &Document) -> Index {
        let normalized = crate::spec::normalize::normalize(&doc.value);
        Index::from_normalized(doc.info.clone(), &normalized)
    }

    // Every operation of a normalized document, its references inlined.
    fn from_normalized(spec: SpecInfo, normalized: &Normalized) -> Index {
        Index {
            spec,
            operations: normalized
                .operations
                .iter()
                .map(|op| normalized.inlined(op))
                .collect(),
        }
    }

    /// Loads, parses and normalizes a spec file.
    pub fn load(path: &Path) -> Result<Index, SpecError> {
        let (spec, normalized) = load::load_normalized(path)?;
        Ok(Index::from_normalized(spec, &normalized))
    }

    /// Writes the index files (`<stem>.catalog-dir`, `-names`, `-ops`, `-schemas`) of these
    /// operations into `dir`, returning the directory file's path.
    pub fn write(&self, dir: &Path) -> std::io::Result<PathBuf> {
        write_files(dir, &self.spec, &self.operations, &[])
    }
}

impl Normalized {
    /// `op` (one of `self.operations`) with its references inlined under [`inline::BUDGET`].
    pub fn inlined(&self, op: &Operation) -> Operation {
        inline::inline_refs(op, |id| self.shared.get(id), inline::BUDGET)
    }

    /// Every operation in [`inline::outline`], in spec order, one at a time: what
    /// [`Normalized::inlined`] gives, down to objects' fields, with the same degradations. What
    /// was counted of a shared schema for one operation serves the next.
    pub fn outlines(&self) -> impl Iterator<Item = Operation> + '_ {
        let mut sizes = inline::Sizes::default();
        self.operations.iter().map(move |op| {
            inline::outline(op, |id| self.shared.get(id), inline::BUDGET, &mut sizes)
        })
    }

    /// Writes the index files of this document in stored form (each shared schema once) into
    /// `dir`, returning the directory file's path.
    pub fn write(&self, spec: &SpecInfo, dir: &Path) -> std::io::Result<PathBuf> {
        write_files(dir, spec, &self.operations, &self.shared)
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
    /// Looks an operation up as [`Index::find`] does, inlining only the one found: what a
    /// command that needs one operation of a large document uses.
    pub fn find(&self, name: &str) -> Lookup {
        lookup(&self.operations, name, |op| self.inlined(op))
    }

    /// Every name an operation can be found by, as [`Index::names`] gives them.
    pub fn names(&self) -> impl Iterator<Item = String> + '_ {
        names_of(&self.operations)
    }
}

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

#[cfg(test)]
mod tests;
