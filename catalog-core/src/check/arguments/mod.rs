//! Run-time checking of an agent's JSON arguments against a tool's [`Operation`].
//!
//! [`check_arguments`] runs before the typed (serde) decoding that the `#[tool]` macro emits, so
//! that an agent gets one message per problem, with the JSON path of the offending value and
//! what would have been accepted, instead of serde's first error. Every problem is collected
//! (up to [`MAX_PROBLEMS`]) so one retry can fix them all.
//!
//! Decisions:
//! - An integer must be written without a fraction: `1.0` is rejected like `1.5`, because the
//!   typed decoding that follows (serde into an integer field) refuses it too.
//! - Absent and `null` are different: `null` is accepted only where the schema is nullable, and
//!   a required argument must be present even when it is nullable (as `null`).
//! - `null` for an [`Type::Any`](crate::model::Type::Any) schema also needs `nullable`: a free-form object is an object.
//! - Types, enums, bounds, lengths, item counts, required and unknown fields are checked, and so
//!   are `pattern` (ECMA-262, as the `pattern` module says) and the formats of
//!   [`format`](mod@format); a format not listed there is passed, the server being its judge.
//! - An integer's `format` (`int32`, ...) bounds it exactly, whatever Rust type the field has.
//! - A `readOnly` property is refused at every depth, naming its path: the server ignores it, so
//!   accepting it would report success for a value that was never applied (the input schema
//!   leaves it out too). A value read back from the same API is sent without its read-only
//!   properties.
//! - Lengths count Unicode scalar values, as JSON Schema does.
//! - `multipleOf`, `uniqueItems`, `minProperties`/`maxProperties` and an `enum` or `const` of
//!   any type are checked too ([`Assertions`](crate::model::Assertions)), with JSON Schema's
//!   equality (`1` equals `1.0`; members in any order).
//! - A `oneOf`/`anyOf` whose arms only require properties
//!   ([`RequiredAlternatives`](crate::model::RequiredAlternatives)) is checked on the object it
//!   binds, and on the arguments as a whole where that object is the body whose properties they
//!   are: `$: needs `inbound_rules` or `outbound_rules``.

mod assertions;
pub(crate) use assertions::alternatives_text;
mod checker;
pub mod file_shape;
pub mod format;
pub mod omitted;
mod path;
pub(crate) mod pattern;
pub(crate) mod problem;
mod rows;
mod text;

use checker::Checker;
pub(crate) use format::{decoded_range, integer_range};
use path::Path;
pub use path::{Step, json_path};
pub use problem::{ArgumentError, MAX_PROBLEMS, Problem, ProblemKind};
use rows::Seen;
pub use rows::argument_of;
pub(crate) use rows::{BodyProperty, body_property};
use text::got;

use crate::model::{Operation, Param, Schema};
use serde::de::DeserializeOwned;
use serde_json::{Map, Value};

/// The parameter an argument sets, if the tool declares that argument, searching from row `start`
/// onwards (wrapping): agents and the emitted code usually pass arguments in accounting order, so
/// the next one is most often the next row.
fn declared_from<'o>(op: &'o Operation, name: &str, start: usize) -> Option<(usize, &'o Param)> {
    let rows = &op.accounting;
    let n = rows.len();
    // Rows `start, ..., n - 1, 0, ..., start - 1`, without a division per step.
    let mut i = start;
    for _ in 0..n {
        if i >= n {
            i = 0;
        }
        if argument_of(&rows[i].disposition) == Some(name) {
            return Some((i, &rows[i].param));
        }
        i += 1;
    }
    None
}

/// Checks an agent's arguments against the tool's accounting and the parameters' schemas.
///
/// `args` must be a JSON object whose keys are the tool's argument names (Set, or Undocumented
/// set by an argument). Every problem is reported with its JSON path.
pub fn check_arguments(op: &Operation, args: &Value) -> Result<(), ArgumentError> {
    let mut cx = Checker::default();
    let root = Path::ROOT;
    let Some(map) = args.as_object() else {
        cx.report(
            &root,
            ProblemKind::NotAnObject,
            format!("arguments must be a JSON object, got {}", got(args)),
        );
        return cx.finish();
    };
    let mut next = 0;
    let mut seen = Seen::default();
    for (key, value) in map {
        let path = root.key(key);
        match declared_from(op, key, next) {
            Some((i, _)) => {
                next = i + 1;
                seen.mark(i);
                cx.check_row(&path, &op.accounting[i], value);
            }
            None => cx.undeclared(&path, op, key),
        }
    }
    cx.missing(op, |i, arg| seen.has(i) || map.contains_key(arg));
    cx.body_alternatives(op, |i| {
        seen.has(i)
            || argument_of(&op.accounting[i].disposition).is_some_and(|a| map.contains_key(a))
    });
    cx.finish()
}

/// Checks one value against a schema with every keyword [`check_arguments`] enforces; problem
/// paths start at `$`, the value itself. Accounting holds Fixed values to it at compile time, so
/// that a tool cannot always send what the runtime would refuse from an agent.
pub fn check_value(schema: &Schema, value: &Value) -> Result<(), ArgumentError> {
    let mut cx = Checker::default();
    cx.check(&Path::ROOT, schema, value);
    cx.finish()
}

/// The one-pass decoder the `#[tool]` expansion drives: it walks the argument object once,
/// checks each value against its row's schema and moves it into the field's type. Problems are
/// collected exactly as [`check_arguments`] collects them. Not a public API.
#[doc(hidden)]
pub struct Decoder<'o> {
    op: &'o Operation,
    cx: Checker,
    entries: serde_json::map::IntoIter,
    seen: Seen,
    /// Rows past 63 that were seen (tools with that many rows are rare).
    seen_high: Vec<usize>,
    /// The arguments were not an object: that is the one problem to report.
    not_object: bool,
}

impl<'o> Decoder<'o> {
    /// Starts decoding `args`; anything but an object is a problem and yields no entries.
    #[inline]
    pub fn new(op: &'o Operation, args: Value) -> Decoder<'o> {
        let mut cx = Checker::default();
        let not_object = !args.is_object();
        let map = match args {
            Value::Object(map) => map,
            other => {
                cx.report(
                    &Path::ROOT,
                    ProblemKind::NotAnObject,
                    format!("arguments must be a JSON object, got {}", got(&other)),
                );
                Map::new()
            }
        };
        Decoder {
            op,
            cx,
            entries: map.into_iter(),
            seen: Seen::default(),
            seen_high: Vec::new(),
            not_object,
        }
    }

    /// The next argument, by value.
    #[inline]
    #[allow(clippy::should_implement_trait)]
    pub fn next(&mut self) -> Option<(String, Value)> {
        self.entries.next()
    }

    /// Checks `value` against row `row`'s schema and decodes it; `None` after a problem.
    pub fn value<T: DeserializeOwned>(&mut self, row: usize, key: &str, value: Value) -> Option<T> {
        if !self.check(row, key, &value) {
            return None;
        }
        match T::deserialize(value) {
            Ok(t) => Some(t),
            Err(e) => {
                self.refused(key, &e);
                None
            }
        }
    }

    /// The typed decoding refused a value the schema accepts (a type narrower than the schema).
    #[cold]
    #[inline(never)]
    fn refused(&mut self, key: &str, e: &serde_json::Error) {
        self.cx
            .report(&Path::ROOT.key(key), ProblemKind::Other, e.to_string());
    }

    /// [`Decoder::value`] for a field typed `Option<Option<T>>`: null is `Some(None)`.
    pub fn nullable<T: DeserializeOwned>(
        &mut self,
        row: usize,
        key: &str,
        value: Value,
    ) -> Option<Option<Option<T>>> {
        if value.is_null() {
            return self.check(row, key, &value).then_some(Some(None));
        }
        self.value(row, key, value).map(|t| Some(Some(t)))
    }

    /// Marks `row` seen and checks the value; true when it has no problem.
    #[inline]
    fn check(&mut self, row: usize, key: &str, value: &Value) -> bool {
        let Some(accounted) = self.op.accounting.get(row) else {
            self.cx
                .report_with(&Path::ROOT.key(key), ProblemKind::Other, || {
                    "catalog bug: the tool names an accounting row its operation does not have"
                        .to_string()
                });
            return false;
        };
        if row < 64 {
            self.seen.mark(row);
        } else {
            self.seen_high.push(row);
        }
        let before = self.cx.problems.len() + self.cx.more;
        self.cx.check_row(&Path::ROOT.key(key), accounted, value);
        self.cx.problems.len() + self.cx.more == before
    }

    /// An argument the tool does not declare: says why (omitted, fixed) or what was meant.
    pub fn unknown(&mut self, key: &str) {
        self.cx.undeclared(&Path::ROOT.key(key), self.op, key);
    }

    /// An argument under a name the tool declares stale (`aliases(device_role = "role")`):
    /// refused like any unknown argument, naming the one that replaced it.
    #[cold]
    #[inline(never)]
    pub fn renamed(&mut self, key: &str, current: &str) {
        self.cx.report(
            &Path::ROOT.key(key),
            ProblemKind::UnknownArgument,
            format!(
                "unknown argument `{}`; did you mean `{}`? (`{}` is its former name)",
                text::shown(key),
                text::shown(current),
                text::shown(key)
            ),
        );
    }

    /// Reports required arguments never given, then every problem found.
    pub fn finish(mut self) -> Result<(), ArgumentError> {
        if self.not_object {
            return self.cx.finish();
        }
        let (seen, high) = (self.seen, &self.seen_high);
        self.cx
            .missing(self.op, |i, _| seen.has(i) || high.contains(&i));
        self.cx
            .body_alternatives(self.op, |i| seen.has(i) || high.contains(&i));
        self.cx.finish()
    }
}

#[cfg(test)]
mod tests;
#[cfg(test)]
mod value_tests;
