//! Finding an operation by name (its operationId or `METHOD /path`): the name rule both the
//! in-memory index and [`IndexReader`](super::IndexReader) follow, and what a lookup gives.

use crate::model::Operation;

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

// The operation named `name`, made into what the caller hands out, or why there is not one.
pub(super) fn lookup(
    operations: &[Operation],
    name: &str,
    give: impl Fn(&Operation) -> Operation,
) -> Lookup {
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

pub(super) fn names_of(operations: &[Operation]) -> impl Iterator<Item = String> + '_ {
    operations
        .iter()
        .flat_map(|op| op.id.clone().into_iter().chain([op.key()]))
}

/// `get /x` -> `GET /x`: the method of a `METHOD /path` name in upper case; other names as given.
pub(super) fn normalize_name(name: &str) -> std::borrow::Cow<'_, str> {
    match name.split_once(' ') {
        Some((method, path)) if path.starts_with('/') => {
            format!("{} {}", method.to_ascii_uppercase(), path.trim()).into()
        }
        _ => name.into(),
    }
}
