//! Glob pins: what each glob of a tool (`omitted("query.*", reason = "...")`) omits, recorded in
//! a lock file beside the crate (`catalog.lock`) and compared with what it omits now.
//!
//! A glob claims every unclaimed optional parameter it matches, so a spec release that adds a
//! filter would be omitted without anyone seeing it. The lock file makes the coverage a reviewed
//! text: the first build records a new glob's coverage (like cargo writes `Cargo.lock`), and from
//! then on a glob that comes to cover a parameter it did not, or pins one the operation no longer
//! has, fails the build naming each parameter until the change is accepted with
//! [`ACCEPT_COMMAND`]. `CATALOG_PINS=check` (CI) writes nothing and fails on any difference.
//!
//! The rules live here; the `#[tool]` macro reads and writes the file and maps the findings to
//! the globs' spans. See `docs/accounting.md` ("Glob pins").

use super::declared::{Declared, Finding};
use crate::model::{Accounted, Disposition, Operation};
use std::collections::BTreeMap;
use std::fmt::{self, Write as _};
use std::path::{Path, PathBuf};

/// The lock file's name, beside the crate's `Cargo.toml`.
pub const LOCK_FILE: &str = "catalog.lock";

/// The environment variable that chooses the [`Mode`] (named where the build script reads it).
pub use crate::spec::build::PINS_VAR;

/// The one command that accepts a reviewed change of what globs cover.
pub const ACCEPT_COMMAND: &str = "CATALOG_PINS=accept cargo build";

/// What a build does with the lock file, from [`PINS_VAR`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// Unset: a glob with no pin is recorded; a pinned glob whose coverage moved with the spec
    /// fails the build.
    Record,
    /// `check` (CI): nothing is written; a missing or out-of-date pin fails the build.
    Check,
    /// `accept`: the pins are rewritten to what each glob covers now, after review.
    Accept,
}

impl Mode {
    /// The mode [`PINS_VAR`]'s value names (`None` when unset).
    pub fn from_var(value: Option<&str>) -> Result<Mode, PinsError> {
        match value {
            None | Some("") => Ok(Mode::Record),
            Some("check") => Ok(Mode::Check),
            Some("accept") => Ok(Mode::Accept),
            Some(other) => Err(PinsError::Mode(other.to_string())),
        }
    }

    /// Whether the lock file may be written.
    pub fn writes(self) -> bool {
        self != Mode::Check
    }
}

/// Why the lock file or its mode cannot be used. Each message says the fix.
#[derive(Debug)]
pub enum PinsError {
    /// [`PINS_VAR`] holds a value that is no [`Mode`].
    Mode(String),
    /// A line of the lock file cannot be read.
    Line {
        /// The line's number, from 1.
        line: usize,
        /// The line as written.
        text: String,
    },
    /// A `[[glob]]` (starting at `line`) lacks `tool`, `operation` or `glob`.
    Incomplete {
        /// The line of its `[[glob]]`, from 1.
        line: usize,
    },
    /// The file ends inside a `covers` list.
    Unclosed,
    /// The file exists and cannot be read.
    Read {
        /// The lock file.
        path: PathBuf,
        /// Why.
        error: std::io::Error,
    },
    /// The file cannot be written.
    Write {
        /// The lock file.
        path: PathBuf,
        /// Why.
        error: std::io::Error,
    },
}

impl fmt::Display for PinsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PinsError::Mode(value) => write!(
                f,
                "{PINS_VAR}=`{value}` is not a pin mode: use `check` (write nothing, fail on any \
                 difference from {LOCK_FILE}) or `accept` (pin what each glob covers now, after \
                 review), or leave it unset"
            ),
            PinsError::Line { line, text } => write!(
                f,
                "{LOCK_FILE} line {line} cannot be read: `{}`; restore the file from version \
                 control, or delete it and build again to record every glob anew",
                text.trim()
            ),
            PinsError::Incomplete { line } => write!(
                f,
                "{LOCK_FILE} line {line}: a [[glob]] needs `tool`, `operation` and `glob`"
            ),
            PinsError::Unclosed => write!(f, "{LOCK_FILE} ends inside a `covers` list"),
            PinsError::Read { path, error } => {
                write!(f, "cannot read {}: {error}", path.display())
            }
            PinsError::Write { path, error } => write!(
                f,
                "cannot write {}: {error}; make it writable, or set {PINS_VAR}=check to build \
                 without writing it",
                path.display()
            ),
        }
    }
}

impl std::error::Error for PinsError {}

/// Which glob a pin is for: the tool's Rust name, its operation as the tool names it, the glob.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct PinKey {
    /// The tool struct's name.
    pub tool: String,
    /// `operation = "..."` as written.
    pub operation: String,
    /// The glob as written.
    pub glob: String,
}

/// The pins of a lock file: per glob, the addresses it omits, sorted.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Pins {
    pins: BTreeMap<PinKey, Vec<String>>,
}

const HEADER: &str = "\
# catalog.lock: the parameters each glob of a #[tool] omits, one [[glob]] per glob.
# Written by the build (a new glob is recorded) and reviewed like Cargo.lock: an address listed
# here is a parameter no agent can send. When a spec change moves a glob's coverage the build
# fails naming each parameter; after review, accept it with `CATALOG_PINS=accept cargo build`.
# CI sets CATALOG_PINS=check: nothing is written, and a missing or out-of-date pin fails.
";

impl Pins {
    /// Reads a lock file's text. Errors name the line.
    pub fn parse(text: &str) -> Result<Pins, PinsError> {
        let mut pins = Pins::default();
        let mut current: Option<(usize, [Option<String>; 3], Vec<String>)> = None;
        let mut in_covers = false;
        for (n, raw) in text.lines().enumerate() {
            // ASCII whitespace is TOML's; `trim_ascii` compares bytes where `trim` decodes
            // characters, which the macro does unoptimized for 15,000 lines of a curated crate
            // (25 M instructions of `cargo check`, callgrind).
            let line = raw.trim_ascii();
            let at = n + 1;
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            if in_covers {
                if line == "]" {
                    in_covers = false;
                } else {
                    let item = line.strip_suffix(',').unwrap_or(line);
                    let (_, _, covers) = current.as_mut().ok_or_else(|| bad(at, raw))?;
                    covers.push(string(item).ok_or_else(|| bad(at, raw))?);
                }
                continue;
            }
            if line == "[[glob]]" {
                if let Some(done) = current.take() {
                    pins.finish(done)?;
                }
                current = Some((at, [None, None, None], Vec::new()));
                continue;
            }
            let (key, value) = line.split_once('=').ok_or_else(|| bad(at, raw))?;
            let (_, fields, _) = current.as_mut().ok_or_else(|| bad(at, raw))?;
            let slot = match key.trim() {
                "tool" => 0,
                "operation" => 1,
                "glob" => 2,
                "covers" if value.trim() == "[" => {
                    in_covers = true;
                    continue;
                }
                _ => return Err(bad(at, raw)),
            };
            fields[slot] = Some(string(value.trim()).ok_or_else(|| bad(at, raw))?);
        }
        if in_covers {
            return Err(PinsError::Unclosed);
        }
        if let Some(done) = current.take() {
            pins.finish(done)?;
        }
        Ok(pins)
    }

    fn finish(
        &mut self,
        (at, fields, mut covers): (usize, [Option<String>; 3], Vec<String>),
    ) -> Result<(), PinsError> {
        let [Some(tool), Some(operation), Some(glob)] = fields else {
            return Err(PinsError::Incomplete { line: at });
        };
        covers.sort();
        covers.dedup();
        self.pins.insert(
            PinKey {
                tool,
                operation,
                glob,
            },
            covers,
        );
        Ok(())
    }

    /// The lock file's text: sorted by tool, operation and glob, each list sorted.
    pub fn render(&self) -> String {
        let mut out = String::from(HEADER);
        for (key, covers) in &self.pins {
            let _ = write!(
                out,
                "\n[[glob]]\ntool = {}\noperation = {}\nglob = {}\ncovers = [\n",
                quoted(&key.tool),
                quoted(&key.operation),
                quoted(&key.glob)
            );
            for c in covers {
                let _ = writeln!(out, "    {},", quoted(c));
            }
            out.push_str("]\n");
        }
        out
    }

    /// The addresses pinned for a glob.
    pub fn get(&self, key: &PinKey) -> Option<&[String]> {
        self.pins.get(key).map(Vec::as_slice)
    }

    /// Pins a glob's coverage (sorted here).
    pub fn insert(&mut self, key: PinKey, mut covers: Vec<String>) {
        covers.sort();
        covers.dedup();
        self.pins.insert(key, covers);
    }

    /// Whether there is no pin.
    pub fn is_empty(&self) -> bool {
        self.pins.is_empty()
    }

    /// Applies what one tool's check asks for ([`PinCheck::changes`]); returns whether any pin
    /// changed, that is whether the file must be written.
    pub fn apply(&mut self, changes: PinChanges) -> bool {
        let mut changed = false;
        for (key, mut covers) in changes.set {
            covers.sort();
            covers.dedup();
            if self.pins.get(&key) != Some(&covers) {
                self.pins.insert(key, covers);
                changed = true;
            }
        }
        for key in changes.remove {
            changed |= self.pins.remove(&key).is_some();
        }
        changed
    }
}

/// The pins one tool's check sets and removes, for the caller to [`Pins::apply`] to the file's
/// pins it keeps. A check names only its own tool's pins, so a crate of many tools costs one
/// pass over the file, not a copy of it per tool.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PinChanges {
    set: Vec<(PinKey, Vec<String>)>,
    remove: Vec<PinKey>,
}

impl PinChanges {
    /// Asks for `key` to pin `covers`.
    pub fn set(&mut self, key: PinKey, covers: Vec<String>) {
        self.set.push((key, covers));
    }

    /// Asks for `key`'s pin to go.
    pub fn remove(&mut self, key: PinKey) {
        self.remove.push(key);
    }

    /// Whether the check asks for nothing.
    pub fn is_empty(&self) -> bool {
        self.set.is_empty() && self.remove.is_empty()
    }
}

/// Reads the lock file at `path`; a missing file is no pins.
pub fn read(path: &Path) -> Result<Pins, PinsError> {
    match std::fs::read_to_string(path) {
        Ok(text) => Pins::parse(&text),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(Pins::default()),
        Err(error) => Err(PinsError::Read {
            path: path.to_path_buf(),
            error,
        }),
    }
}

/// Writes the lock file at `path` whole, through a temporary file renamed over it, so that a
/// build reading it meanwhile sees the old text or the new one, never a part.
pub fn write(path: &Path, pins: &Pins) -> Result<(), PinsError> {
    let tmp = path.with_extension(format!("lock.{}.tmp", std::process::id()));
    std::fs::write(&tmp, pins.render())
        .and_then(|()| std::fs::rename(&tmp, path))
        .map_err(|error| {
            let _ = std::fs::remove_file(&tmp);
            PinsError::Write {
                path: path.to_path_buf(),
                error,
            }
        })
}

fn bad(at: usize, raw: &str) -> PinsError {
    PinsError::Line {
        line: at,
        text: raw.trim().to_string(),
    }
}

/// A TOML basic string, which is a JSON string for the characters addresses use.
fn string(text: &str) -> Option<String> {
    serde_json::from_str::<String>(text).ok()
}

fn quoted(text: &str) -> String {
    serde_json::Value::from(text).to_string()
}

/// The outcome of [`check_pins`]: findings at the globs' sites, and the pins to set and remove
/// (none when the mode writes nothing).
#[derive(Debug)]
pub struct PinCheck {
    /// One per glob whose pin is missing (check mode) or differs.
    pub findings: Vec<Finding>,
    /// What to apply to the lock file's pins ([`Pins::apply`]); empty in check mode.
    pub changes: PinChanges,
}

/// Compares what each glob of a tool omits (the Omitted rows of its accounting that name it)
/// with the lock file's pins. `operation` is the tool's `operation = "..."` as written.
pub fn check_pins(
    pins: &Pins,
    operation: &str,
    op: &Operation,
    declared: &Declared,
    accounting: &[Accounted],
    mode: Mode,
) -> PinCheck {
    let mut changes = PinChanges::default();
    let mut findings = Vec::new();
    let key = |glob: &str| PinKey {
        tool: declared.tool.clone(),
        operation: operation.to_string(),
        glob: glob.to_string(),
    };
    let globs: Vec<_> = declared
        .omitted
        .iter()
        .filter(|o| o.pattern.contains('*'))
        .collect();
    for o in &globs {
        let covers = covered_by(&o.pattern, accounting);
        let k = key(&o.pattern);
        let Some(pinned) = pins.get(&k) else {
            if mode == Mode::Check {
                findings.push(Finding::at(o.site, unpinned(&o.pattern, declared)));
            } else {
                changes.set(k, covers);
            }
            continue;
        };
        if pinned == covers.as_slice() {
            continue;
        }
        let added: Vec<&String> = covers.iter().filter(|c| !pinned.contains(c)).collect();
        // A pinned parameter the operation still has is claimed by another declaration of the
        // tool now (a field, a Fixed or an exact omission): the tool's own edit, not the spec's.
        let (kept, gone): (Vec<&String>, Vec<&String>) = pinned
            .iter()
            .filter(|p| !covers.contains(p))
            .partition(|p| op.params.iter().any(|q| q.address() == **p));
        let drift = !added.is_empty() || !gone.is_empty();
        if drift && mode != Mode::Accept {
            findings.push(Finding::at(
                o.site,
                moved(&o.pattern, declared, op, &added, &gone),
            ));
        } else if !drift && mode == Mode::Check {
            findings.push(Finding::at(
                o.site,
                out_of_date(&o.pattern, declared, &kept),
            ));
        } else {
            changes.set(k, covers);
        }
    }
    // Pins of globs this tool no longer declares.
    let stale: Vec<PinKey> = pins
        .pins
        .keys()
        .filter(|k| {
            k.tool == declared.tool
                && k.operation == operation
                && !globs.iter().any(|o| o.pattern == k.glob)
        })
        .cloned()
        .collect();
    for k in stale {
        if mode == Mode::Check {
            findings.push(Finding::at(
                declared.operation_site,
                format!(
                    "{LOCK_FILE} pins `{}` of `{}`, which the tool no longer declares; build once \
                     without {PINS_VAR} to drop the pin, and commit {LOCK_FILE}",
                    k.glob, declared.tool
                ),
            ));
        } else {
            changes.remove(k);
        }
    }
    if !mode.writes() {
        changes = PinChanges::default();
    }
    PinCheck { findings, changes }
}

/// The addresses the rows omit by `glob`, sorted.
pub fn covered_by(glob: &str, accounting: &[Accounted]) -> Vec<String> {
    let mut covers: Vec<String> = accounting
        .iter()
        .filter(|row| {
            matches!(&row.disposition, Disposition::Omitted { pattern: Some(p), .. } if p == glob)
        })
        .map(|row| row.param.address())
        .collect();
    covers.sort();
    covers
}

fn ticked(items: &[&String]) -> String {
    items
        .iter()
        .map(|i| format!("`{i}`"))
        .collect::<Vec<_>>()
        .join(", ")
}

fn moved(
    glob: &str,
    declared: &Declared,
    op: &Operation,
    added: &[&String],
    gone: &[&String],
) -> String {
    let mut parts = Vec::new();
    if !added.is_empty() {
        parts.push(format!(
            "it now also omits {} (no agent can send {}; give {} a field to send {})",
            ticked(added),
            them(added.len()),
            them(added.len()),
            them(added.len())
        ));
    }
    if !gone.is_empty() {
        parts.push(format!(
            "{}, which it covered, {} no longer {} of `{}`",
            ticked(gone),
            if gone.len() == 1 { "is" } else { "are" },
            if gone.len() == 1 {
                "a parameter"
            } else {
                "parameters"
            },
            op.display_name()
        ));
    }
    format!(
        "the spec changed what `{glob}` of `{}` covers since {LOCK_FILE} pinned it: {}; after \
         review, accept the change with `{ACCEPT_COMMAND}`",
        declared.tool,
        parts.join("; ")
    )
}

fn them(n: usize) -> &'static str {
    if n == 1 { "it" } else { "them" }
}

fn unpinned(glob: &str, declared: &Declared) -> String {
    format!(
        "`{glob}` of `{}` has no pin in {LOCK_FILE} ({PINS_VAR}=check writes none): build once \
         without {PINS_VAR} to record what it covers, review and commit {LOCK_FILE}",
        declared.tool
    )
}

fn out_of_date(glob: &str, declared: &Declared, kept: &[&String]) -> String {
    format!(
        "{LOCK_FILE} is out of date for `{glob}` of `{}`: the tool now accounts for {} otherwise; \
         build once without {PINS_VAR} to update the pin, and commit {LOCK_FILE}",
        declared.tool,
        ticked(kept)
    )
}

#[cfg(test)]
#[path = "pins_tests.rs"]
mod tests;
