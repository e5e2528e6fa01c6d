//! Glob pins: `catalog.lock` beside the crate being built (`CARGO_MANIFEST_DIR`), compared by
//! `catalog_core::check::pins` with what the tool's globs cover; the findings go to the globs'
//! spans, and the file is written back when the mode (`CATALOG_PINS`) allows.

use crate::ast::Tool;
use crate::check::Sites;
use crate::ctxt::Ctxt;
use catalog_core::check::declared::Declared;
use catalog_core::check::pins::{self, LOCK_FILE, Mode, PINS_VAR};
use catalog_core::model::Operation;
use std::path::PathBuf;

/// Checks the tool's globs against the lock file, writing it when allowed. Returns the lock
/// file to track for rebuilds when the tool has a glob and the file exists.
pub fn check(
    cx: &Ctxt,
    sites: &Sites,
    tool: &Tool,
    op: &Operation,
    declared: &Declared,
) -> Option<PathBuf> {
    let operation = tool.attr.operation.as_ref()?;
    // Outside cargo there is no crate directory to keep the pins in.
    let dir = std::env::var_os("CARGO_MANIFEST_DIR")?;
    let path = PathBuf::from(dir).join(LOCK_FILE);
    let first_glob = declared.omitted.iter().find(|o| o.pattern.contains('*'));
    // A tool without a glob reads the file only to drop pins of globs it no longer has.
    if first_glob.is_none() && !path.exists() {
        return None;
    }
    let at = first_glob.map_or(declared.operation_site, |o| o.site);
    let mode = match Mode::from_var(std::env::var(PINS_VAR).ok().as_deref()) {
        Ok(mode) => mode,
        Err(e) => {
            cx.error(sites.range(at), e);
            return None;
        }
    };
    let pinned = match pins::read(&path) {
        Ok(pinned) => pinned,
        Err(e) => {
            cx.error(sites.range(at), e);
            return None;
        }
    };
    let checked = pins::check_pins(
        &pinned,
        &operation.value,
        op,
        declared,
        &op.accounting,
        mode,
    );
    for f in &checked.findings {
        cx.error(sites.range(f.site), &f.message);
    }
    if let Some(updated) = &checked.updated
        && let Err(e) = pins::write(&path, updated)
    {
        cx.error(sites.range(at), e);
    }
    (first_glob.is_some() && path.exists()).then_some(path)
}
