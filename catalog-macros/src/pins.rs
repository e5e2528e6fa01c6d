//! Glob pins: `catalog.lock` beside the crate being built (`CARGO_MANIFEST_DIR`), read for
//! `catalog_core::check::tool::check_tool` (which compares it with what the tool's globs cover)
//! and written back when the check says so.

use crate::check::Sites;
use crate::ctxt::Ctxt;
use catalog_core::check::declared::Declared;
use catalog_core::check::pins::{self, LOCK_FILE, Mode, PINS_VAR, Pins};
use catalog_core::check::tool::{Lock, pins_site};
use std::path::PathBuf;

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
    let pins = pins::read(&path);
    Some((path, Lock { pins, mode }))
}

/// Writes the pins the check updated. Returns the lock file to track for rebuilds when the
/// tool has a glob and the file exists.
pub fn write(
    cx: &Ctxt,
    sites: &Sites,
    declared: &Declared,
    path: PathBuf,
    updated: Option<&Pins>,
) -> Option<PathBuf> {
    if let Some(updated) = updated
        && let Err(e) = pins::write(&path, updated)
    {
        cx.error(sites.range(pins_site(declared)), e);
    }
    (has_glob(declared) && path.exists()).then_some(path)
}
