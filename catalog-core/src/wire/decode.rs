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
//! - `null` for an [`Type::Any`] schema also needs `nullable`: a free-form object is an object.
//! - `pattern` and `format` are not checked here (the server is the judge of those); types,
//!   enums, bounds, lengths, item counts, required and unknown fields are.
//! - `readOnly` fields are accepted in nested objects: the server ignores them, and rejecting
//!   them would refuse values read back from the same API.
//! - Lengths count Unicode scalar values, as JSON Schema does.

use crate::model::{Disposition, Field, Location, Operation, Param, Schema, Type};
use crate::present::suggest::{Candidate, suggest};
use heck::ToSnakeCase;
use serde::de::DeserializeOwned;
use serde_json::{Map, Number, Value};
use std::fmt::{self, Write as _};

/// At most this many problems are kept in one [`ArgumentError`]; the rest are counted.
pub const MAX_PROBLEMS: usize = 20;

/// What kind of problem an argument has.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ProblemKind {
    /// The arguments are not a JSON object.
    NotAnObject,
    /// An argument the tool does not declare.
    UnknownArgument,
    /// An argument naming a parameter the tool omits.
    Omitted,
    /// An argument naming a parameter the tool always sends itself.
    Fixed,
    /// A required argument or field is absent.
    Missing,
    /// The value has the wrong JSON type.
    Type,
    /// The value is not one of the allowed values.
    Enum,
    /// A number is out of bounds.
    Range,
    /// A string is too short or too long.
    Length,
    /// An array has too few or too many items.
    Items,
    /// `null` where the schema is not nullable.
    Null,
    /// A field an object does not declare (and the object is closed).
    UnknownField,
    /// The value matches none of the arms of a `oneOf`/`anyOf`.
    NoArm,
    /// Any other problem (for example from typed decoding after the checks passed).
    Other,
}

/// One problem with one value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Problem {
    path: String,
    kind: ProblemKind,
    message: String,
}

impl Problem {
    /// The JSON path of the offending value (`$.tags[2]`, `$.filter.name`, `$['X-Id']`).
    pub fn path(&self) -> &str {
        &self.path
    }

    /// What kind of problem it is.
    pub fn kind(&self) -> ProblemKind {
        self.kind
    }

    /// What is wrong and what is accepted, without the path.
    pub fn message(&self) -> &str {
        &self.message
    }
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.path, self.message)
    }
}

/// Why an agent's arguments were refused: every problem found, each with its JSON path.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ArgumentError {
    problems: Vec<Problem>,
    more: usize,
}

impl ArgumentError {
    /// An error with one problem of kind [`ProblemKind::Other`], for callers (such as typed
    /// decoding) that find a problem the checks did not.
    pub fn other(path: impl Into<String>, message: impl Into<String>) -> ArgumentError {
        ArgumentError {
            problems: vec![Problem {
                path: path.into(),
                kind: ProblemKind::Other,
                message: message.into(),
            }],
            more: 0,
        }
    }

    /// The problems kept, in the order they were found (at most [`MAX_PROBLEMS`]).
    pub fn problems(&self) -> &[Problem] {
        &self.problems
    }

    /// How many further problems were found but not kept.
    pub fn more(&self) -> usize {
        self.more
    }
}

impl fmt::Display for ArgumentError {
    /// `invalid arguments: $.a: ...; $.b: ...`, then `; and N more problems` past the cap.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("invalid arguments: ")?;
        for (i, p) in self.problems.iter().enumerate() {
            if i > 0 {
                f.write_str("; ")?;
            }
            write!(f, "{p}")?;
        }
        match self.more {
            0 => Ok(()),
            1 => f.write_str("; and 1 more problem"),
            n => write!(f, "; and {n} more problems"),
        }
    }
}

impl std::error::Error for ArgumentError {}

/// The argument name an accounting row takes from the agent, if any.
pub(crate) fn argument_of(d: &Disposition) -> Option<&str> {
    match d {
        Disposition::Set { argument, .. } => Some(argument),
        Disposition::Undocumented {
            argument: Some(a), ..
        } => Some(a),
        _ => None,
    }
}

/// The parameter an argument sets, if the tool declares that argument.
fn declared<'o>(op: &'o Operation, name: &str) -> Option<&'o Param> {
    declared_from(op, name, 0).map(|(_, p)| p)
}

/// [`declared`], searching from row `start` onwards (wrapping): agents and the emitted code
/// usually pass arguments in accounting order, so the next one is most often the next row.
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

/// Which rows (or fields) were matched by a key, so that required ones are confirmed present
/// without a hash lookup each. Indices past 63 are not recorded; callers look those up.
#[derive(Clone, Copy, Default)]
struct Seen(u64);

impl Seen {
    fn mark(&mut self, i: usize) {
        if i < 64 {
            self.0 |= 1 << i;
        }
    }

    fn has(self, i: usize) -> bool {
        i < 64 && self.0 & (1 << i) != 0
    }
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
            Some((i, param)) => {
                next = i + 1;
                seen.mark(i);
                cx.check(&path, &param.schema, value);
            }
            None => cx.undeclared(&path, op, key),
        }
    }
    cx.missing(op, |i, arg| seen.has(i) || map.contains_key(arg));
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
                self.cx
                    .report(&Path::ROOT.key(key), ProblemKind::Other, e.to_string());
                None
            }
        }
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
    fn check(&mut self, row: usize, key: &str, value: &Value) -> bool {
        let Some(accounted) = self.op.accounting.get(row) else {
            self.cx.report(
                &Path::ROOT.key(key),
                ProblemKind::Other,
                "catalog bug: the tool names an accounting row its operation does not have"
                    .to_string(),
            );
            return false;
        };
        if row < 64 {
            self.seen.mark(row);
        } else {
            self.seen_high.push(row);
        }
        let before = self.cx.problems.len() + self.cx.more;
        self.cx
            .check(&Path::ROOT.key(key), &accounted.param.schema, value);
        self.cx.problems.len() + self.cx.more == before
    }

    /// An argument the tool does not declare: says why (omitted, fixed) or what was meant.
    pub fn unknown(&mut self, key: &str) {
        self.cx.undeclared(&Path::ROOT.key(key), self.op, key);
    }

    /// Reports required arguments never given, then every problem found.
    pub fn finish(mut self) -> Result<(), ArgumentError> {
        if self.not_object {
            return self.cx.finish();
        }
        let (seen, high) = (self.seen, &self.seen_high);
        self.cx
            .missing(self.op, |i, _| seen.has(i) || high.contains(&i));
        self.cx.finish()
    }
}

/// One step of a JSON path.
#[derive(Clone, Copy)]
enum Seg<'a> {
    Root,
    Key(&'a str),
    Index(usize),
}

/// The JSON path of the value being checked, as a list linked through the call stack: going
/// one level down costs nothing, and the path is only rendered when a problem is found.
#[derive(Clone, Copy)]
struct Path<'a> {
    seg: Seg<'a>,
    parent: Option<&'a Path<'a>>,
}

impl<'a> Path<'a> {
    const ROOT: Path<'static> = Path {
        seg: Seg::Root,
        parent: None,
    };

    fn key(&'a self, key: &'a str) -> Path<'a> {
        Path {
            seg: Seg::Key(key),
            parent: Some(self),
        }
    }

    fn index(&'a self, i: usize) -> Path<'a> {
        Path {
            seg: Seg::Index(i),
            parent: Some(self),
        }
    }
}

/// Walks values, collecting problems; nothing is allocated unless a problem is found.
#[derive(Default)]
struct Checker {
    problems: Vec<Problem>,
    more: usize,
}

impl Checker {
    fn finish(self) -> Result<(), ArgumentError> {
        if self.problems.is_empty() {
            Ok(())
        } else {
            Err(ArgumentError {
                problems: self.problems,
                more: self.more,
            })
        }
    }

    fn has_problems(&self) -> bool {
        !self.problems.is_empty() || self.more > 0
    }

    fn report(&mut self, path: &Path<'_>, kind: ProblemKind, message: String) {
        if self.problems.len() >= MAX_PROBLEMS {
            self.more += 1;
            return;
        }
        self.problems.push(Problem {
            path: render_path(path),
            kind,
            message,
        });
    }

    /// Reports each required argument that `present` (row index, argument name) says was not
    /// given.
    fn missing(&mut self, op: &Operation, present: impl Fn(usize, &str) -> bool) {
        for (i, row) in op.accounting.iter().enumerate() {
            if let Some(arg) = argument_of(&row.disposition)
                && row.param.required
                && !present(i, arg)
            {
                self.report(
                    &Path::ROOT.key(arg),
                    ProblemKind::Missing,
                    format!(
                        "missing required argument `{}` ({})",
                        shown(arg),
                        expected(&row.param.schema)
                    ),
                );
            }
        }
    }

    /// An argument the tool does not take: say why (omitted, fixed) or what was meant.
    fn undeclared(&mut self, path: &Path<'_>, op: &Operation, key: &str) {
        // The field <-> parameter name rule, applied to the argument's snake_case form.
        let snake = key.to_snake_case();
        let named = |p: &Param| crate::check::names::field_matches(&p.name, &snake);
        for row in &op.accounting {
            if !named(&row.param) {
                continue;
            }
            let address = row.param.address();
            match &row.disposition {
                Disposition::Omitted { reason, .. } => {
                    return self.report(
                        path,
                        ProblemKind::Omitted,
                        format!(
                            "`{}` is not accepted: this tool omits {address}: {reason}",
                            shown(key)
                        ),
                    );
                }
                Disposition::Fixed { value, reason }
                | Disposition::Undocumented {
                    argument: None,
                    value: Some(value),
                    reason,
                    ..
                } => {
                    return self.report(
                        path,
                        ProblemKind::Fixed,
                        format!(
                            "`{}` is not accepted: this tool always sends {address} = {}: {reason}",
                            shown(key),
                            shown(&value.to_string())
                        ),
                    );
                }
                Disposition::Set { argument, .. }
                | Disposition::Undocumented {
                    argument: Some(argument),
                    ..
                } => {
                    // Same parameter in another case, or renamed by the tool: either way this is
                    // the argument meant.
                    if *argument == row.param.name {
                        return self.report(
                            path,
                            ProblemKind::UnknownArgument,
                            format!(
                                "unknown argument `{}`; did you mean `{}`?",
                                shown(key),
                                shown(argument)
                            ),
                        );
                    }
                    return self.report(
                        path,
                        ProblemKind::UnknownArgument,
                        format!(
                            "unknown argument `{}`; this tool takes {address} as `{}`",
                            shown(key),
                            shown(argument)
                        ),
                    );
                }
                _ => {}
            }
        }
        let candidates: Vec<Candidate<'_>> = op
            .accounting
            .iter()
            .filter_map(|row| argument_of(&row.disposition).map(Candidate::new))
            .collect();
        let hint = suggest(key, None, &candidates);
        self.report(
            path,
            ProblemKind::UnknownArgument,
            format!("unknown argument `{}`; {hint}", shown(key)),
        );
    }

    fn check(&mut self, path: &Path<'_>, schema: &Schema, value: &Value) {
        match (&schema.ty, value) {
            (_, Value::Null) => {
                if !schema.nullable {
                    self.report(
                        path,
                        ProblemKind::Null,
                        format!("cannot be null; expected {}", expected(schema)),
                    );
                }
            }
            (Type::Any, _) | (Type::Boolean, Value::Bool(_)) => {}
            (
                Type::String {
                    enumeration,
                    min_length,
                    max_length,
                    ..
                },
                Value::String(s),
            ) => {
                if let Some(allowed) = enumeration
                    && !allowed.iter().any(|a| a == s)
                {
                    let list = allowed.iter().map(|a| quoted(a)).collect::<Vec<_>>();
                    self.report(
                        path,
                        ProblemKind::Enum,
                        format!("expected one of {}, got {}", list.join(", "), got(value)),
                    );
                }
                // A string of `b` bytes has between `ceil(b / 4)` and `b` characters: count
                // them only when those bounds do not settle both limits.
                let bytes = s.len() as u64;
                let settled = min_length.is_none_or(|min| bytes.div_ceil(4) >= min)
                    && max_length.is_none_or(|max| bytes <= max);
                if !settled {
                    let n = s.chars().count() as u64;
                    if let Some(min) = *min_length
                        && n < min
                    {
                        self.report(
                            path,
                            ProblemKind::Length,
                            format!(
                                "must be at least {} long, got {n}",
                                plural(min, "character")
                            ),
                        );
                    }
                    if let Some(max) = *max_length
                        && n > max
                    {
                        self.report(
                            path,
                            ProblemKind::Length,
                            format!("must be at most {} long, got {n}", plural(max, "character")),
                        );
                    }
                }
            }
            (
                Type::Integer {
                    minimum,
                    maximum,
                    enumeration,
                    ..
                },
                Value::Number(n),
            ) => {
                if !(n.is_i64() || n.is_u64()) {
                    return self.report(
                        path,
                        ProblemKind::Type,
                        format!("expected {}, got {}", expected(schema), got(value)),
                    );
                }
                if let Some(allowed) = enumeration
                    && !n.as_i64().is_some_and(|i| allowed.contains(&i))
                {
                    let list = allowed.iter().map(i64::to_string).collect::<Vec<_>>();
                    return self.report(
                        path,
                        ProblemKind::Enum,
                        format!("expected one of {}, got {n}", list.join(", ")),
                    );
                }
                self.bounds(path, n, *minimum, *maximum, false, false);
            }
            (
                Type::Number {
                    minimum,
                    maximum,
                    exclusive_minimum,
                    exclusive_maximum,
                    ..
                },
                Value::Number(n),
            ) => self.bounds(
                path,
                n,
                *minimum,
                *maximum,
                *exclusive_minimum,
                *exclusive_maximum,
            ),
            (
                Type::Array {
                    items,
                    min_items,
                    max_items,
                },
                Value::Array(list),
            ) => {
                let n = list.len() as u64;
                if let Some(min) = *min_items
                    && n < min
                {
                    self.report(
                        path,
                        ProblemKind::Items,
                        format!("must have at least {}, got {n}", plural(min, "item")),
                    );
                }
                if let Some(max) = *max_items
                    && n > max
                {
                    self.report(
                        path,
                        ProblemKind::Items,
                        format!("must have at most {}, got {n}", plural(max, "item")),
                    );
                }
                for (i, item) in list.iter().enumerate() {
                    self.check(&path.index(i), items, item);
                }
            }
            (Type::Object { fields, open }, Value::Object(map)) => {
                self.object(path, fields, *open, map)
            }
            (Type::AnyOf { arms }, _) => self.any_of(path, schema, arms, value),
            _ => self.report(
                path,
                ProblemKind::Type,
                format!("expected {}, got {}", expected(schema), got(value)),
            ),
        }
    }

    fn bounds(
        &mut self,
        path: &Path<'_>,
        n: &Number,
        minimum: Option<f64>,
        maximum: Option<f64>,
        exclusive_minimum: bool,
        exclusive_maximum: bool,
    ) {
        // Integers past 2^53 compare approximately here; bounds that large are type limits
        // (int64/uint64), which typed decoding enforces exactly.
        let Some(x) = n.as_f64() else { return };
        if let Some(min) = minimum {
            if exclusive_minimum && x <= min {
                self.report(
                    path,
                    ProblemKind::Range,
                    format!("must be greater than {}, got {n}", num(min)),
                );
            } else if x < min {
                self.report(
                    path,
                    ProblemKind::Range,
                    format!("must be at least {}, got {n}", num(min)),
                );
            }
        }
        if let Some(max) = maximum {
            if exclusive_maximum && x >= max {
                self.report(
                    path,
                    ProblemKind::Range,
                    format!("must be less than {}, got {n}", num(max)),
                );
            } else if x > max {
                self.report(
                    path,
                    ProblemKind::Range,
                    format!("must be at most {}, got {n}", num(max)),
                );
            }
        }
    }

    fn object(&mut self, path: &Path<'_>, fields: &[Field], open: bool, map: &Map<String, Value>) {
        let mut seen = Seen::default();
        for (key, value) in map {
            let path = path.key(key);
            match fields.iter().position(|f| f.name == *key) {
                Some(i) => {
                    seen.mark(i);
                    self.check(&path, &fields[i].schema, value);
                }
                None if open => {}
                None => {
                    let candidates: Vec<Candidate<'_>> =
                        fields.iter().map(|f| Candidate::new(&f.name)).collect();
                    let hint = suggest(key, None, &candidates);
                    self.report(
                        &path,
                        ProblemKind::UnknownField,
                        format!("unknown field `{}`; {hint}", shown(key)),
                    );
                }
            }
        }
        for (i, field) in fields.iter().enumerate() {
            if field.required && !seen.has(i) && !map.contains_key(&field.name) {
                self.report(
                    &path.key(&field.name),
                    ProblemKind::Missing,
                    format!(
                        "missing required field `{}` ({})",
                        shown(&field.name),
                        expected(&field.schema)
                    ),
                );
            }
        }
    }

    fn any_of(&mut self, path: &Path<'_>, schema: &Schema, arms: &[Schema], value: &Value) {
        // One arm of the value's JSON kind: its own problems are the most useful answer.
        let mut same_kind = None;
        let mut count = 0;
        for arm in arms {
            let mut trial = Checker::default();
            trial.check(path, arm, value);
            if !trial.has_problems() {
                return;
            }
            if kind_matches(&arm.ty, value) {
                count += 1;
                same_kind = Some(trial);
            }
        }
        match same_kind {
            Some(trial) if count == 1 => {
                for p in trial.problems {
                    if self.problems.len() >= MAX_PROBLEMS {
                        self.more += 1;
                    } else {
                        self.problems.push(p);
                    }
                }
                self.more += trial.more;
            }
            _ => self.report(
                path,
                ProblemKind::NoArm,
                format!("expected {}, got {}", expected(schema), got(value)),
            ),
        }
    }
}

/// Whether a value has the JSON kind a type describes (ignoring constraints).
fn kind_matches(ty: &Type, value: &Value) -> bool {
    matches!(
        (ty, value),
        (Type::Any, _)
            | (Type::String { .. }, Value::String(_))
            | (Type::Integer { .. } | Type::Number { .. }, Value::Number(_))
            | (Type::Boolean, Value::Bool(_))
            | (Type::Array { .. }, Value::Array(_))
            | (Type::Object { .. }, Value::Object(_))
            | (Type::AnyOf { .. }, _)
    )
}

/// What a schema accepts, in a message (`string`, `string enum [a, b]`, `string or integer`).
fn expected(schema: &Schema) -> String {
    let base = match &schema.ty {
        Type::AnyOf { arms } if !arms.is_empty() => arms
            .iter()
            .map(|a| a.ty.describe())
            .collect::<Vec<_>>()
            .join(" or "),
        ty => ty.describe(),
    };
    if schema.nullable {
        format!("{base} or null")
    } else {
        base
    }
}

/// What a value is, in a message: its kind and, for scalars, a shortened rendering.
fn got(value: &Value) -> String {
    match value {
        Value::Null => "null".into(),
        Value::Bool(b) => format!("boolean {b}"),
        Value::Number(n) => format!("number {n}"),
        Value::String(s) => format!("string {}", quoted(s)),
        Value::Array(a) => format!("an array of {}", plural(a.len() as u64, "item")),
        Value::Object(_) => "an object".into(),
    }
}

/// Longest stretch of agent-controlled text repeated in a message.
const SHOWN_CHARS: usize = 64;

/// Agent-controlled text made safe for a message: control characters escaped, length capped.
fn shown(s: &str) -> String {
    let mut out = String::new();
    for (i, c) in s.chars().enumerate() {
        if i == SHOWN_CHARS {
            out.push('…');
            break;
        }
        if c.is_control() {
            let _ = write!(out, "\\u{{{:x}}}", c as u32);
        } else {
            out.push(c);
        }
    }
    out
}

/// A string as a JSON string literal (escaped), shortened.
fn quoted(s: &str) -> String {
    let short: String = s.chars().take(SHOWN_CHARS).collect();
    let mut out = Value::String(short).to_string();
    if s.chars().nth(SHOWN_CHARS).is_some() {
        out.push('…');
    }
    out
}

fn plural(n: u64, word: &str) -> String {
    if n == 1 {
        format!("1 {word}")
    } else {
        format!("{n} {word}s")
    }
}

/// A bound as a person writes it: `1`, not `1.0`.
fn num(x: f64) -> String {
    if x.fract() == 0.0 && x.abs() < 1e15 {
        format!("{}", x as i64)
    } else {
        x.to_string()
    }
}

fn render_path(path: &Path<'_>) -> String {
    let mut segs = Vec::new();
    let mut at = Some(path);
    while let Some(p) = at {
        segs.push(p.seg);
        at = p.parent;
    }
    let mut out = String::from("$");
    for seg in segs.iter().rev() {
        match seg {
            Seg::Root => {}
            Seg::Key(k) => push_key(&mut out, k),
            Seg::Index(i) => {
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

/// Where an argument travels, for callers that report it (the location of its parameter).
pub fn argument_location(op: &Operation, argument: &str) -> Option<Location> {
    declared(op, argument).map(|p| p.location)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    /// A tool over `POST /teams/{team_id}/posts` with one argument of each shape.
    fn op() -> Operation {
        let p = |location: &str, name: &str, required: bool, schema: Value| {
            json!({"location": location, "name": name, "required": required, "schema": schema,
                   "style": if location == "query" { "form" } else { "simple" }, "pointer": "#/p"})
        };
        let set = |param: Value, arg: &str| json!({"param": param, "disposition": "set", "argument": arg, "field": arg});
        let params = vec![
            p(
                "path",
                "team_id",
                true,
                json!({"type": "string", "min_length": 3, "max_length": 8}),
            ),
            p(
                "query",
                "sort",
                false,
                json!({"type": "string", "enum": ["asc", "desc"]}),
            ),
            p(
                "query",
                "per_page",
                false,
                json!({"type": "integer", "minimum": 1.0, "maximum": 200.0}),
            ),
            p(
                "query",
                "level",
                false,
                json!({"type": "integer", "enum": [1, 2, 3]}),
            ),
            p(
                "query",
                "ratio",
                false,
                json!({"type": "number", "minimum": 0.0, "exclusive_minimum": true, "maximum": 1.0}),
            ),
            p(
                "query",
                "tags",
                false,
                json!({"type": "array", "items": {"type": "string"}, "min_items": 1, "max_items": 3}),
            ),
            p("header", "X-Request-Id", false, json!({"type": "string"})),
            p("body", "message", true, json!({"type": "string"})),
            p(
                "body",
                "root_id",
                false,
                json!({"type": "string", "nullable": true}),
            ),
            p(
                "body",
                "filter",
                false,
                json!({"type": "object", "fields": [
                    {"name": "name", "required": true, "schema": {"type": "string"}},
                    {"name": "inner", "schema": {"type": "object", "open": true, "fields": [
                        {"name": "n", "schema": {"type": "integer"}}]}}
                ]}),
            ),
            p(
                "body",
                "either",
                false,
                json!({"type": "anyOf", "arms": [
                {"type": "string", "enum": ["all"]}, {"type": "integer", "minimum": 0.0}]}),
            ),
            p("body", "extra", false, json!({"type": "any"})),
            p("body", "flag", false, json!({"type": "boolean"})),
        ];
        let mut accounting: Vec<Value> = params
            .iter()
            .map(|p| {
                let name = p["name"].as_str().unwrap_or_default().to_string();
                set(p.clone(), &name)
            })
            .collect();
        accounting.push(json!({"param": p("query", "set_online", false, json!({"type": "boolean"})),
            "disposition": "fixed", "value": false, "reason": "an agent is not a person at the keyboard"}));
        accounting.push(json!({"param": p("body", "file_ids", false, json!({"type": "array", "items": {"type": "string"}})),
            "disposition": "omitted", "reason": "uploads need the file tool first"}));
        accounting.push(
            json!({"param": p("query", "pageNum", false, json!({"type": "integer"})),
            "disposition": "omitted", "reason": "the tool returns the first page only"}),
        );
        let op = json!({"method": "POST", "path": "/teams/{team_id}/posts", "pointer": "#/op",
            "params": params, "accounting": accounting,
            "body": {"media_type": "application/json", "kind": "json", "pointer": "#/b"}});
        serde_json::from_value(op).unwrap()
    }

    fn errors(args: Value) -> Vec<String> {
        match check_arguments(&op(), &args) {
            Ok(()) => vec![],
            Err(e) => e.problems().iter().map(ToString::to_string).collect(),
        }
    }

    fn ok() -> Value {
        json!({"team_id": "abc", "message": "hi"})
    }

    fn with(extra: Value) -> Value {
        let mut v = ok();
        if let (Some(m), Some(e)) = (v.as_object_mut(), extra.as_object()) {
            for (k, x) in e {
                m.insert(k.clone(), x.clone());
            }
        }
        v
    }

    #[test]
    fn valid_arguments_pass() {
        let args = with(
            json!({"sort": "asc", "per_page": 200, "level": 2, "ratio": 1.0,
            "tags": ["a"], "X-Request-Id": "r1", "root_id": null,
            "filter": {"name": "x", "inner": {"n": 1, "other": [1]}},
            "either": "all", "extra": {"free": true}, "flag": false}),
        );
        assert_eq!(errors(args), Vec::<String>::new());
        assert_eq!(errors(with(json!({"either": 5}))), Vec::<String>::new());
    }

    #[test]
    fn arguments_must_be_an_object() {
        let e = check_arguments(&op(), &json!([1])).unwrap_err();
        assert_eq!(
            e.to_string(),
            "invalid arguments: $: arguments must be a JSON object, got an array of 1 item"
        );
        assert_eq!(e.problems()[0].kind(), ProblemKind::NotAnObject);
        assert_eq!(
            errors(json!(null)),
            ["$: arguments must be a JSON object, got null"]
        );
    }

    #[test]
    fn unknown_argument_names_the_nearest() {
        assert_eq!(
            errors(with(json!({"mesage": "x"}))),
            ["$.mesage: unknown argument `mesage`; did you mean `message`?"]
        );
        assert_eq!(
            errors(with(json!({"post_root_id": "x"}))),
            ["$.post_root_id: unknown argument `post_root_id`; did you mean `root_id`?"]
        );
        assert_eq!(
            errors(with(json!({"x_request_id": "x"}))),
            ["$.x_request_id: unknown argument `x_request_id`; did you mean `X-Request-Id`?"]
        );
        assert_eq!(
            errors(with(json!({"zzzzzz": 1}))),
            [
                "$.zzzzzz: unknown argument `zzzzzz`; accepted: `team_id`, `sort`, `per_page`, `level`, `ratio`, `tags`, `X-Request-Id`, `message`, `root_id`, `filter`, `either`, `extra`, `flag`"
            ]
        );
    }

    #[test]
    fn renamed_argument_is_named_by_its_wire_name() {
        let mut o = op();
        if let Some(row) = o.accounting.iter_mut().find(|r| r.param.name == "root_id") {
            row.disposition = Disposition::Set {
                argument: "reply_to".into(),
                field: "reply_to".into(),
            };
        }
        let e = check_arguments(&o, &with(json!({"root_id": "x"}))).unwrap_err();
        assert_eq!(
            e.to_string(),
            "invalid arguments: $.root_id: unknown argument `root_id`; this tool takes body.root_id as `reply_to`"
        );
        assert_eq!(check_arguments(&o, &with(json!({"reply_to": "x"}))), Ok(()));
    }

    #[test]
    fn omitted_and_fixed_are_refused_with_the_tools_reason() {
        assert_eq!(
            errors(with(json!({"file_ids": []}))),
            [
                "$.file_ids: `file_ids` is not accepted: this tool omits body.file_ids: uploads need the file tool first"
            ]
        );
        assert_eq!(
            errors(with(json!({"page_num": 2}))),
            [
                "$.page_num: `page_num` is not accepted: this tool omits query.pageNum: the tool returns the first page only"
            ]
        );
        assert_eq!(
            errors(with(json!({"set_online": true}))),
            [
                "$.set_online: `set_online` is not accepted: this tool always sends query.set_online = false: an agent is not a person at the keyboard"
            ]
        );
    }

    #[test]
    fn required_absent_and_null_are_kept_apart() {
        assert_eq!(
            errors(json!({"team_id": "abc"})),
            ["$.message: missing required argument `message` (string)"]
        );
        assert_eq!(
            errors(with(json!({"message": null}))),
            ["$.message: cannot be null; expected string"]
        );
        assert_eq!(errors(with(json!({"root_id": null}))), Vec::<String>::new());
        assert_eq!(
            errors(with(json!({"extra": null}))),
            ["$.extra: cannot be null; expected any JSON value"]
        );
    }

    #[test]
    fn types_enums_and_bounds() {
        assert_eq!(
            errors(with(json!({"per_page": "2"}))),
            ["$.per_page: expected integer, got string \"2\""]
        );
        assert_eq!(
            errors(with(json!({"per_page": 1.5}))),
            ["$.per_page: expected integer, got number 1.5"]
        );
        assert_eq!(
            errors(with(json!({"per_page": 1.0}))),
            ["$.per_page: expected integer, got number 1.0"]
        );
        assert_eq!(
            errors(with(json!({"per_page": 0}))),
            ["$.per_page: must be at least 1, got 0"]
        );
        assert_eq!(
            errors(with(json!({"per_page": 201}))),
            ["$.per_page: must be at most 200, got 201"]
        );
        assert_eq!(
            errors(with(json!({"level": 4}))),
            ["$.level: expected one of 1, 2, 3, got 4"]
        );
        assert_eq!(
            errors(with(json!({"ratio": 0}))),
            ["$.ratio: must be greater than 0, got 0"]
        );
        assert_eq!(
            errors(with(json!({"ratio": 1.5}))),
            ["$.ratio: must be at most 1, got 1.5"]
        );
        assert_eq!(
            errors(with(json!({"ratio": "1"}))),
            ["$.ratio: expected number, got string \"1\""]
        );
        assert_eq!(
            errors(with(json!({"sort": "up"}))),
            ["$.sort: expected one of \"asc\", \"desc\", got string \"up\""]
        );
        assert_eq!(
            errors(with(json!({"sort": 1}))),
            ["$.sort: expected string enum [asc, desc], got number 1"]
        );
        assert_eq!(
            errors(with(json!({"flag": "true"}))),
            ["$.flag: expected boolean, got string \"true\""]
        );
        assert_eq!(
            errors(json!({"team_id": "ab", "message": "x"})),
            ["$.team_id: must be at least 3 characters long, got 2"]
        );
        assert_eq!(
            errors(json!({"team_id": "ééééééééé", "message": "x"})),
            ["$.team_id: must be at most 8 characters long, got 9"]
        );
        // Lengths count characters, not bytes.
        assert_eq!(
            errors(json!({"team_id": "ééé", "message": "x"})),
            Vec::<String>::new()
        );
    }

    #[test]
    fn arrays_are_checked_element_wise() {
        assert_eq!(
            errors(with(json!({"tags": ["a", 2, "c"]}))),
            ["$.tags[1]: expected string, got number 2"]
        );
        assert_eq!(
            errors(with(json!({"tags": []}))),
            ["$.tags: must have at least 1 item, got 0"]
        );
        assert_eq!(
            errors(with(json!({"tags": ["a", "b", "c", "d"]}))),
            ["$.tags: must have at most 3 items, got 4"]
        );
        assert_eq!(
            errors(with(json!({"tags": "a"}))),
            ["$.tags: expected array of string, got string \"a\""]
        );
    }

    #[test]
    fn objects_are_checked_recursively() {
        assert_eq!(
            errors(with(json!({"filter": {"name": 1}}))),
            ["$.filter.name: expected string, got number 1"]
        );
        assert_eq!(
            errors(with(json!({"filter": {}}))),
            ["$.filter.name: missing required field `name` (string)"]
        );
        assert_eq!(
            errors(with(json!({"filter": {"name": "a", "nmae": "b"}}))),
            ["$.filter.nmae: unknown field `nmae`; did you mean `name`?"]
        );
        assert_eq!(
            errors(with(json!({"filter": {"name": "a", "inner": {"n": "x"}}}))),
            ["$.filter.inner.n: expected integer, got string \"x\""]
        );
        assert_eq!(
            errors(with(json!({"filter": {"name": "a", "a b": 1}}))),
            ["$.filter['a b']: unknown field `a b`; accepted: `name`, `inner`"]
        );
    }

    #[test]
    fn any_of_matches_any_arm() {
        assert_eq!(
            errors(with(json!({"either": -1}))),
            ["$.either: must be at least 0, got -1"]
        );
        assert_eq!(
            errors(with(json!({"either": true}))),
            ["$.either: expected string enum [all] or integer, got boolean true"]
        );
        assert_eq!(
            errors(with(json!({"either": "some"}))),
            ["$.either: expected one of \"all\", got string \"some\""]
        );
    }

    #[test]
    fn every_problem_is_reported_once() {
        let e = check_arguments(&op(), &json!({"sort": 1, "level": "x"})).unwrap_err();
        assert_eq!(
            e.to_string(),
            "invalid arguments: $.sort: expected string enum [asc, desc], got number 1; $.level: expected integer, got string \"x\"; $.team_id: missing required argument `team_id` (string); $.message: missing required argument `message` (string)"
        );
    }

    #[test]
    fn problems_are_capped() {
        let tags: Vec<Value> = (0..30).map(Value::from).collect();
        let e = check_arguments(&op(), &with(json!({"tags": tags}))).unwrap_err();
        assert_eq!(e.problems().len(), MAX_PROBLEMS);
        assert_eq!(e.more(), 11);
        assert!(e.to_string().ends_with("; and 11 more problems"));
    }

    #[test]
    fn hostile_text_is_escaped_and_shortened_in_messages() {
        let long = "x".repeat(10_000);
        let e = errors(with(json!({"sort": long})));
        assert_eq!(
            e,
            [format!(
                "$.sort: expected one of \"asc\", \"desc\", got string \"{}\"…",
                "x".repeat(64)
            )]
        );
        assert_eq!(
            errors(with(json!({"a\nb`": 1}))),
            [
                "$['a\\u{a}b`']: unknown argument `a\\u{a}b``; accepted: `team_id`, `sort`, `per_page`, `level`, `ratio`, `tags`, `X-Request-Id`, `message`, `root_id`, `filter`, `either`, `extra`, `flag`"
            ]
        );
        assert_eq!(
            errors(with(json!({"sort": "a\u{0}"}))),
            ["$.sort: expected one of \"asc\", \"desc\", got string \"a\\u0000\""]
        );
    }

    #[test]
    fn other_errors_carry_a_path() {
        let e = ArgumentError::other("$.x", "bad");
        assert_eq!(e.to_string(), "invalid arguments: $.x: bad");
        assert_eq!(e.problems()[0].path(), "$.x");
        assert_eq!(e.problems()[0].message(), "bad");
        assert_eq!(e.more(), 0);
    }

    #[test]
    fn argument_location_reads_the_param() {
        assert_eq!(
            argument_location(&op(), "X-Request-Id"),
            Some(Location::Header)
        );
        assert_eq!(argument_location(&op(), "nope"), None);
    }
}
