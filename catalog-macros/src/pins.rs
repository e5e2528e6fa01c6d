//! Glob pins: `catalog.lock` beside the crate being built (`CARGO_MANIFEST_DIR`), read for
//! `catalog_core::check::tool::check_tool` (which compares it with what the tool's globs cover)
//! and written back when the check says so.

use crate::ctxt::Ctxt;
use crate::sites::Sites;
use catalog_core::check::declared::Declared;
use catalog_core::check::pins::{self, LOCK_FILE, Mode, PINS_VAR, PinChanges, Pins, PinsError};
use catalog_core::check::tool::{Lock, pins_site};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::SystemTime;

fn has_glob(declared: &Declared) -> bool {
    declared.omitted.iter().any(|o| o.pattern.contains('*'))
}

/// The lock file and what it holds, when the tool has pins to check: it has a glob, or the file
/// exists (a tool without a glob reads it only to drop pins of globs it no longer has). Outside
/// cargo there is no crate directory to keep the pins in.
pub fn lock(declared: &Declared) -> Option<(PathBuf, Lock)> {
    let dir = std::env::var_os("CARGO_MANIFEST_DIR")?;
    let path = PathBuf::from(dir).join(LOCK_FILE);
    if !has_glob(declared) && !path.exists() {
        return None;
    }
    let mode = Mode::from_var(std::env::var(PINS_VAR).ok().as_deref());
    let pins = read(&path);
    Some((path, Lock { pins, mode }))
}

/// Applies the pins the check set and removed to the file's, and writes the file when they
/// changed. Takes the [`Lock`] back so that the pins it shares with the kept ones are let go
/// first: applying then changes the kept pins in place instead of copying them. Returns the
/// lock file to track for rebuilds when the tool has a glob and the file exists.
pub fn write(
    cx: &Ctxt,
    sites: &Sites,
    declared: &Declared,
    (path, lock): (PathBuf, Lock),
    changes: PinChanges,
) -> Option<PathBuf> {
    drop(lock);
    if !changes.is_empty()
        && let Err(e) = apply(&path, changes)
    {
        cx.error(sites.range(pins_site(declared)), e);
    }
    (has_glob(declared) && path.exists()).then_some(path)
}

/// The lock file as this process last read or wrote it. One compilation expands every tool of a
/// crate in one process, and each tool with a glob reads the whole file: without this, a crate
/// of 133 curated tools parsed its 396 kB lock file 133 times, half of `cargo check`'s time
/// (3.9 s against 1.9 s with it). The file is read again when its length or modification time
/// differ from what was kept, so an edit between two builds, or by another process, is seen.
/// The pins are shared with each tool's [`Lock`], not copied: a copy and a comparison of the
/// whole file per tool were a third of the instructions of an incremental `cargo check` of
/// those 133 tools (1.75 of 5.26 G, callgrind).
static LAST: Mutex<Option<Kept>> = Mutex::new(None);

struct Kept {
    path: PathBuf,
    stamp: Stamp,
    pins: Arc<Pins>,
}

/// What tells a kept lock file from a changed one.
#[derive(Clone, Copy, PartialEq, Eq)]
struct Stamp {
    len: u64,
    modified: SystemTime,
}

fn stamp(path: &Path) -> Option<Stamp> {
    let meta = std::fs::metadata(path).ok()?;
    Some(Stamp {
        len: meta.len(),
        modified: meta.modified().ok()?,
    })
}

/// [`pins::read`], parsing the file only when it is not the one kept.
fn read(path: &Path) -> Result<Arc<Pins>, PinsError> {
    let now = stamp(path);
    let mut last = LAST.lock().unwrap_or_else(PoisonError::into_inner);
    if let (Some(kept), Some(now)) = (last.as_ref(), now)
        && kept.path == path
        && kept.stamp == now
    {
        return Ok(Arc::clone(&kept.pins));
    }
    let pins = Arc::new(pins::read(path)?);
    *last = now.map(|stamp| Kept {
        path: path.to_path_buf(),
        stamp,
        pins: Arc::clone(&pins),
    });
    Ok(pins)
}

/// The file's pins with `changes` applied, written when they changed and kept as the file's
/// contents. The pins are the kept ones when the file is unchanged since, else read again.
fn apply(path: &Path, changes: PinChanges) -> Result<(), PinsError> {
    let mut pins = read(path)?;
    let mut last = LAST.lock().unwrap_or_else(PoisonError::into_inner);
    // Let the kept reference go, so that the pins change in place (unless another tool's
    // reference is still alive: then they are copied once).
    *last = None;
    if Arc::make_mut(&mut pins).apply(changes) {
        pins::write(path, &pins)?;
    }
    *last = stamp(path).map(|stamp| Kept {
        path: path.to_path_buf(),
        stamp,
        pins,
    });
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use catalog_core::check::pins::PinKey;

    fn key(glob: &str) -> PinKey {
        PinKey {
            tool: "ListThings".into(),
            operation: "listThings".into(),
            glob: glob.into(),
        }
    }

    fn pins_of(globs: &[&str]) -> Pins {
        let mut pins = Pins::default();
        for glob in globs {
            pins.insert(key(glob), vec!["query.a".into(), "query.b".into()]);
        }
        pins
    }

    /// The tests share the one kept lock file ([`LAST`]): one at a time.
    static SERIAL: Mutex<()> = Mutex::new(());

    fn serial() -> std::sync::MutexGuard<'static, ()> {
        SERIAL.lock().unwrap_or_else(PoisonError::into_inner)
    }

    fn temp_lock(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("catalog-pins-{name}-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("a temporary directory");
        dir.join(LOCK_FILE)
    }

    #[test]
    fn a_lock_file_changed_by_another_hand_is_read_again() {
        let _serial = serial();
        let path = temp_lock("changed");
        std::fs::write(&path, pins_of(&["query.*"]).render()).expect("written");
        assert_eq!(*read(&path).expect("parsed"), pins_of(&["query.*"]));
        // Another process (an editor, `CATALOG_PINS=accept` in another build) rewrites it.
        std::fs::write(&path, pins_of(&["query.*", "query.x*"]).render()).expect("written");
        assert_eq!(
            *read(&path).expect("parsed"),
            pins_of(&["query.*", "query.x*"])
        );
        let _ = std::fs::remove_dir_all(path.parent().expect("a parent"));
    }

    #[test]
    fn what_the_macro_wrote_is_what_it_reads_next() {
        let _serial = serial();
        let path = temp_lock("written");
        pins::write(&path, &pins_of(&["query.*"])).expect("written");
        let mut changes = PinChanges::default();
        changes.set(key("query.x*"), vec!["query.a".into(), "query.b".into()]);
        changes.remove(key("query.*"));
        apply(&path, changes).expect("applied");
        let on_disk = std::fs::read_to_string(&path).expect("the file");
        assert_eq!(on_disk, pins_of(&["query.x*"]).render());
        assert_eq!(*read(&path).expect("kept"), pins_of(&["query.x*"]));
        let _ = std::fs::remove_dir_all(path.parent().expect("a parent"));
    }

    #[test]
    fn an_unchanged_lock_file_is_parsed_once() {
        let _serial = serial();
        let path = temp_lock("once");
        std::fs::write(&path, pins_of(&["query.*"]).render()).expect("written");
        let first = read(&path).expect("parsed");
        let second = read(&path).expect("kept");
        assert!(Arc::ptr_eq(&first, &second), "the file was parsed twice");
        let _ = std::fs::remove_dir_all(path.parent().expect("a parent"));
    }

    #[test]
    fn changes_that_change_nothing_leave_the_file_unwritten() {
        let _serial = serial();
        let path = temp_lock("unchanged");
        pins::write(&path, &pins_of(&["query.*"])).expect("written");
        let before = std::fs::metadata(&path)
            .expect("the file")
            .modified()
            .expect("a time");
        std::thread::sleep(std::time::Duration::from_millis(20));
        let mut changes = PinChanges::default();
        changes.set(key("query.*"), vec!["query.b".into(), "query.a".into()]);
        changes.remove(key("query.gone*"));
        apply(&path, changes).expect("applied");
        let after = std::fs::metadata(&path)
            .expect("the file")
            .modified()
            .expect("a time");
        assert_eq!(before, after, "the file was rewritten");
        assert_eq!(*read(&path).expect("kept"), pins_of(&["query.*"]));
        let _ = std::fs::remove_dir_all(path.parent().expect("a parent"));
    }

    #[test]
    fn a_missing_lock_file_is_no_pins_and_nothing_kept_stands_for_it() {
        let _serial = serial();
        let path = temp_lock("missing");
        std::fs::write(&path, pins_of(&["query.*"]).render()).expect("written");
        assert_eq!(*read(&path).expect("parsed"), pins_of(&["query.*"]));
        std::fs::remove_file(&path).expect("removed");
        assert_eq!(*read(&path).expect("no file is no pins"), Pins::default());
        let _ = std::fs::remove_dir_all(path.parent().expect("a parent"));
    }
}
