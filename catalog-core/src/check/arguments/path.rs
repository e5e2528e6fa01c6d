//! The JSON path of the value being checked, rendered only when a problem is found.

use super::text::{SHOWN_CHARS, shown};
use std::fmt::Write as _;

/// One step of a JSON path.
#[derive(Clone, Copy)]
pub(super) enum Seg<'a> {
    Root,
    Key(&'a str),
    Index(usize),
}

/// The JSON path of the value being checked, as a list linked through the call stack: going
/// one level down costs nothing, and the path is only rendered when a problem is found.
#[derive(Clone, Copy)]
pub(super) struct Path<'a> {
    seg: Seg<'a>,
    parent: Option<&'a Path<'a>>,
}

impl<'a> Path<'a> {
    pub(super) const ROOT: Path<'static> = Path {
        seg: Seg::Root,
        parent: None,
    };

    pub(super) fn key(&'a self, key: &'a str) -> Path<'a> {
        Path {
            seg: Seg::Key(key),
            parent: Some(self),
        }
    }

    pub(super) fn index(&'a self, i: usize) -> Path<'a> {
        Path {
            seg: Seg::Index(i),
            parent: Some(self),
        }
    }
}

pub(super) fn render_path(path: &Path<'_>) -> String {
    let mut segs = Vec::new();
    let mut at = Some(path);
    while let Some(p) = at {
        segs.push(p.seg);
        at = p.parent;
    }
    json_path(segs.iter().rev().filter_map(|seg| match *seg {
        Seg::Root => None,
        Seg::Key(k) => Some(Step::Key(k)),
        Seg::Index(i) => Some(Step::Index(i)),
    }))
}

/// One step down a JSON value.
#[derive(Clone, Copy, Debug)]
pub enum Step<'a> {
    /// Into an object's member.
    Key(&'a str),
    /// Into an array's element.
    Index(usize),
}

/// The one way a JSON path is written in messages: `$`, then `.name` for identifier-like keys,
/// `['odd name']` for others, `[3]` for array elements (`$.items[0]['x-id']`).
pub fn json_path<'a>(steps: impl IntoIterator<Item = Step<'a>>) -> String {
    let mut out = String::from("$");
    for step in steps {
        match step {
            Step::Key(k) => push_key(&mut out, k),
            Step::Index(i) => {
                let _ = write!(out, "[{i}]");
            }
        }
    }
    out
}

/// `.name` for identifier-like keys, else `['...']` with quotes, backslashes and controls escaped.
fn push_key(out: &mut String, key: &str) {
    let ident = key
        .chars()
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && key.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
    if ident && key.len() <= SHOWN_CHARS {
        out.push('.');
        out.push_str(key);
    } else {
        out.push_str("['");
        out.push_str(&shown(&key.replace('\\', "\\\\").replace('\'', "\\'")));
        out.push_str("']");
    }
}
