//! The value validator: one walk of a JSON value against a normalized schema, collecting every
//! problem. Decoding runs it over an agent's arguments; accounting runs it over Fixed values.

use super::path::{Path, render_path};
use super::problem::{ArgumentError, MAX_PROBLEMS, Problem, ProblemKind};
use super::rows::{Seen, argument_of};
use super::text::{expected, got, num, plural, quoted, shown, spec_text};
use super::{format, pattern};
use crate::check::address::glob_matches;
use crate::check::suggest::{Candidate, suggest};
use crate::model::{Accounted, Disposition, Field, Operation, Param, Schema, Type};
use heck::ToSnakeCase;
use serde_json::{Map, Number, Value};

/// Walks values, collecting problems; nothing is allocated unless a problem is found.
#[derive(Default)]
pub(super) struct Checker {
    pub(super) problems: Vec<Problem>,
    pub(super) more: usize,
}

impl Checker {
    pub(super) fn finish(self) -> Result<(), ArgumentError> {
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

    pub(super) fn report(&mut self, path: &Path<'_>, kind: ProblemKind, message: String) {
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

    /// [`Checker::report`] with the message made only when reported, outside the hot path.
    #[cold]
    #[inline(never)]
    pub(super) fn report_with(
        &mut self,
        path: &Path<'_>,
        kind: ProblemKind,
        message: impl FnOnce() -> String,
    ) {
        self.report(path, kind, message());
    }

    /// Reports each required argument that `present` (row index, argument name) says was not
    /// given.
    pub(super) fn missing(&mut self, op: &Operation, present: impl Fn(usize, &str) -> bool) {
        for (i, row) in op.accounting.iter().enumerate() {
            if row.param.required
                && let Some(arg) = argument_of(&row.disposition)
                && !present(i, arg)
            {
                self.report_with(&Path::ROOT.key(arg), ProblemKind::Missing, || {
                    format!(
                        "missing required argument `{}` ({})",
                        shown(arg),
                        expected(&row.param.schema)
                    )
                });
            }
        }
    }

    /// An argument the tool does not take: say why (omitted, fixed) or what was meant.
    pub(super) fn undeclared(&mut self, path: &Path<'_>, op: &Operation, key: &str) {
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
                    return self.report_with(path, ProblemKind::Omitted, || {
                        format!(
                            "`{}` is not accepted: this tool omits {address}: {reason}",
                            shown(key)
                        )
                    });
                }
                Disposition::Credential { scheme } => {
                    return self.report_with(path, ProblemKind::Omitted, || {
                        format!(
                            "`{}` is not accepted: the server sends {address}, the credential \
                             of `{scheme}`; leave it out",
                            shown(key)
                        )
                    });
                }
                Disposition::Fixed { value, reason }
                | Disposition::Undocumented {
                    argument: None,
                    value: Some(value),
                    reason,
                    ..
                } => {
                    return self.report_with(path, ProblemKind::Fixed, || {
                        format!(
                            "`{}` is not accepted: this tool always sends {address} = {}: {reason}",
                            shown(key),
                            shown(&value.to_string())
                        )
                    });
                }
                Disposition::Set { argument, .. }
                | Disposition::Undocumented {
                    argument: Some(argument),
                    ..
                } => {
                    // Same parameter in another case, or renamed by the tool: either way this is
                    // the argument meant.
                    if *argument == row.param.name {
                        return self.report_with(path, ProblemKind::UnknownArgument, || {
                            format!(
                                "unknown argument `{}`; did you mean `{}`?",
                                shown(key),
                                shown(argument)
                            )
                        });
                    }
                    return self.report_with(path, ProblemKind::UnknownArgument, || {
                        format!(
                            "unknown argument `{}`; this tool takes {address} as `{}`",
                            shown(key),
                            shown(argument)
                        )
                    });
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
        self.report_with(path, ProblemKind::UnknownArgument, || {
            format!("unknown argument `{}`; {hint}", shown(key))
        });
    }

    /// An argument's value against its row: the parameter's schema, or for a pattern family
    /// ([`Accounted::family`]) an object whose keys match the pattern and whose values each fit
    /// the schema.
    pub(super) fn check_row(&mut self, path: &Path<'_>, row: &Accounted, value: &Value) {
        match row.family() {
            None => self.check(path, &row.param.schema, value),
            Some(pattern) => self.family(path, pattern, &row.param.schema, value),
        }
    }

    #[cold]
    #[inline(never)]
    fn family(&mut self, path: &Path<'_>, pattern: &str, schema: &Schema, value: &Value) {
        let Value::Object(map) = value else {
            return self.report_with(path, ProblemKind::Type, || {
                format!(
                    "expected an object of query parameters named `{pattern}` (each key a \
                     parameter name, each value {}), got {}",
                    expected(schema),
                    got(value)
                )
            });
        };
        for (key, value) in map {
            let path = path.key(key);
            if glob_matches(pattern, key) {
                self.check(&path, schema, value);
                continue;
            }
            // The agent wrote the name without the pattern's fixed prefix (`env` for `cf_env`).
            let prefixed = pattern
                .split_once('*')
                .map(|(prefix, _)| format!("{prefix}{key}"))
                .filter(|p| glob_matches(pattern, p));
            self.report_with(&path, ProblemKind::UnknownField, || {
                let mut message = format!(
                    "key `{}` does not match `{pattern}`: each key is the name of a query \
                     parameter of that family",
                    shown(key)
                );
                if let Some(p) = prefixed {
                    message.push_str(&format!("; did you mean `{}`?", shown(&p)));
                }
                message
            });
        }
    }

    pub(super) fn check(&mut self, path: &Path<'_>, schema: &Schema, value: &Value) {
        if let Some(a) = &schema.assertions
            && !value.is_null()
        {
            self.assertions(path, a, value);
        }
        match (&schema.ty, value) {
            (_, Value::Null) => {
                if !schema.nullable {
                    self.report_with(path, ProblemKind::Null, || {
                        format!("cannot be null; expected {}", expected(schema))
                    });
                }
            }
            (Type::Any, _) => {}
            (Type::Boolean { enumeration }, Value::Bool(b)) => {
                if let Some(allowed) = enumeration
                    && !allowed.contains(b)
                {
                    // The spec allows one value (`enum: [true]`, `const: true`): the agent is
                    // told which.
                    let list = allowed.iter().map(bool::to_string).collect::<Vec<_>>();
                    self.report_with(path, ProblemKind::Enum, || match list.as_slice() {
                        [only] => format!("expected {only} (the only value allowed), got {b}"),
                        _ => format!("expected one of {}, got {b}", list.join(", ")),
                    });
                }
            }
            (
                Type::String {
                    enumeration,
                    min_length,
                    max_length,
                    format,
                    pattern,
                },
                Value::String(s),
            ) => {
                if format.is_some() || pattern.is_some() {
                    self.text(path, s, format.as_deref(), pattern.as_deref());
                }
                if let Some(allowed) = enumeration
                    && !allowed.iter().any(|a| a == s)
                {
                    let list = allowed.iter().map(|a| quoted(a)).collect::<Vec<_>>();
                    self.report_with(path, ProblemKind::Enum, || {
                        format!("expected one of {}, got {}", list.join(", "), got(value))
                    });
                }
                if let Some(n) = length_to_check(s, *min_length, *max_length) {
                    if let Some(min) = *min_length
                        && n < min
                    {
                        self.report_with(path, ProblemKind::Length, || {
                            format!(
                                "must be at least {} long, got {n}",
                                plural(min, "character")
                            )
                        });
                    }
                    if let Some(max) = *max_length
                        && n > max
                    {
                        self.report_with(path, ProblemKind::Length, || {
                            format!("must be at most {} long, got {n}", plural(max, "character"))
                        });
                    }
                }
            }
            (
                Type::Integer {
                    minimum,
                    maximum,
                    enumeration,
                    format,
                },
                Value::Number(n),
            ) => {
                if !(n.is_i64() || n.is_u64()) {
                    return self.report_with(path, ProblemKind::Type, || {
                        format!("expected {}, got {}", expected(schema), got(value))
                    });
                }
                if let Some(allowed) = enumeration
                    && !n.as_i64().is_some_and(|i| allowed.contains(&i))
                {
                    let list = allowed.iter().map(i64::to_string).collect::<Vec<_>>();
                    return self.report_with(path, ProblemKind::Enum, || {
                        format!("expected one of {}, got {n}", list.join(", "))
                    });
                }
                if let Some(format) = format
                    && !self.integer_format(path, n, format)
                {
                    return;
                }
                if minimum.is_some() || maximum.is_some() {
                    self.bounds(path, n, *minimum, *maximum, false, false);
                }
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
                    self.report_with(path, ProblemKind::Items, || {
                        format!("must have at least {}, got {n}", plural(min, "item"))
                    });
                }
                if let Some(max) = *max_items
                    && n > max
                {
                    self.report_with(path, ProblemKind::Items, || {
                        format!("must have at most {}, got {n}", plural(max, "item"))
                    });
                }
                for (i, item) in list.iter().enumerate() {
                    self.check(&path.index(i), items, item);
                }
            }
            (
                Type::Object {
                    fields,
                    open,
                    values,
                },
                Value::Object(map),
            ) => self.object(path, fields, *open, values.as_deref(), map),
            (Type::AnyOf { arms }, _) => self.any_of(path, schema, arms, value),
            (Type::File, Value::Object(map)) => {
                for (key, kind, message) in super::file_shape::check_shape(map) {
                    match key {
                        Some(k) => self.report(&path.key(k), kind, message),
                        None => self.report(path, kind, message),
                    }
                }
            }
            _ => self.report_with(path, ProblemKind::Type, || {
                format!("expected {}, got {}", expected(schema), got(value))
            }),
        }
    }

    /// A string's `format` and `pattern`.
    fn text(&mut self, path: &Path<'_>, s: &str, format: Option<&str>, pattern: Option<&str>) {
        if let Some(what) = format.and_then(|f| format::check_string(f, s)) {
            self.report_with(path, ProblemKind::Format, || {
                format!("expected {what}, got string {}", quoted(s))
            });
        }
        if let Some(pattern) = pattern
            && !pattern::matches(pattern, s)
        {
            // The pattern every header text takes says what it keeps out in words.
            if pattern == crate::model::HEADER_TEXT_PATTERN
                && let Some(c) = s.chars().find(|c| c.is_control())
            {
                self.report_with(path, ProblemKind::Pattern, || {
                    format!(
                        "a header value cannot hold a control character (found U+{:04X}): a \
                         header line cannot carry it",
                        c as u32
                    )
                });
                return;
            }
            self.report_with(path, ProblemKind::Pattern, || {
                format!(
                    "must match the pattern /{}/, got string {}",
                    spec_text(pattern),
                    quoted(s)
                )
            });
        }
    }

    /// An integer's `format` range (`int32`, ...), exactly; true when it fits.
    fn integer_format(&mut self, path: &Path<'_>, n: &Number, f: &str) -> bool {
        let Some((lo, hi)) = format::integer_range(f) else {
            return true;
        };
        let Some(x) = n.as_i64().map(i128::from).or(n.as_u64().map(i128::from)) else {
            return true;
        };
        if x < lo {
            self.report_with(path, ProblemKind::Range, || {
                format!("must be at least {lo} ({f}), got {n}")
            });
        } else if x > hi {
            self.report_with(path, ProblemKind::Range, || {
                format!("must be at most {hi} ({f}), got {n}")
            });
        }
        x >= lo && x <= hi
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
                self.report_with(path, ProblemKind::Range, || {
                    format!("must be greater than {}, got {n}", num(min))
                });
            } else if x < min {
                self.report_with(path, ProblemKind::Range, || {
                    format!("must be at least {}, got {n}", num(min))
                });
            }
        }
        if let Some(max) = maximum {
            if exclusive_maximum && x >= max {
                self.report_with(path, ProblemKind::Range, || {
                    format!("must be less than {}, got {n}", num(max))
                });
            } else if x > max {
                self.report_with(path, ProblemKind::Range, || {
                    format!("must be at most {}, got {n}", num(max))
                });
            }
        }
    }

    fn object(
        &mut self,
        path: &Path<'_>,
        fields: &[Field],
        open: bool,
        values: Option<&Schema>,
        map: &Map<String, Value>,
    ) {
        let mut seen = Seen::default();
        for (key, value) in map {
            let path = path.key(key);
            match fields.iter().position(|f| f.name == *key) {
                Some(i) if fields[i].read_only => {
                    seen.mark(i);
                    self.report_with(&path, ProblemKind::ReadOnly, || {
                        format!(
                            "`{}` is read-only: the server sets it and ignores a value sent, so \
                             this tool does not send it; leave it out",
                            shown(key)
                        )
                    });
                }
                Some(i) => {
                    seen.mark(i);
                    self.check(&path, &fields[i].schema, value);
                }
                // A map's value is checked against the values' schema, like a property.
                None if open => {
                    if let Some(values) = values {
                        self.check(&path, values, value);
                    }
                }
                None => {
                    // A read-only property is never offered: suggesting it would only trade
                    // one refusal for another.
                    let candidates: Vec<Candidate<'_>> = fields
                        .iter()
                        .filter(|f| !f.read_only)
                        .map(|f| Candidate::new(&f.name))
                        .collect();
                    let hint = suggest(key, None, &candidates);
                    self.report_with(&path, ProblemKind::UnknownField, || {
                        format!("unknown field `{}`; {hint}", shown(key))
                    });
                }
            }
        }
        for (i, field) in fields.iter().enumerate() {
            if field.required && !field.read_only && !seen.has(i) && !map.contains_key(&field.name)
            {
                self.report_with(&path.key(&field.name), ProblemKind::Missing, || {
                    format!(
                        "missing required field `{}` ({})",
                        shown(&field.name),
                        expected(&field.schema)
                    )
                });
            }
        }
    }

    fn any_of(&mut self, path: &Path<'_>, schema: &Schema, arms: &[Schema], value: &Value) {
        // The arms of the value's JSON kind, each with its problems.
        let mut same_kind: Vec<(usize, Checker)> = Vec::new();
        for (i, arm) in arms.iter().enumerate() {
            let mut trial = Checker::default();
            trial.check(path, arm, value);
            if !trial.has_problems() {
                return;
            }
            if kind_matches(&arm.ty, value) {
                same_kind.push((i, trial));
            }
        }
        if same_kind.len() == 1 {
            // One arm of the value's JSON kind: its own problems are the most useful answer.
            if let Some((_, trial)) = same_kind.pop() {
                self.take(trial);
            }
            return;
        }
        match nearest(arms, same_kind, value) {
            Some(near) => self.report_with(path, ProblemKind::NoArm, || near.message(arms.len())),
            None => self.report_with(path, ProblemKind::NoArm, || {
                format!("expected {}, got {}", expected(schema), got(value))
            }),
        }
    }

    /// Another checker's problems as this one's own.
    fn take(&mut self, trial: Checker) {
        for p in trial.problems {
            if self.problems.len() >= MAX_PROBLEMS {
                self.more += 1;
            } else {
                self.problems.push(p);
            }
        }
        self.more += trial.more;
    }
}

/// The most problems of the nearest arm a refusal lists ([`Nearest::message`]); the rest are
/// counted.
const NEAREST_PROBLEMS: usize = 3;

/// The longest message naming the nearest arm, in bytes: the arm's problems are cut there.
const NEAREST_MESSAGE_BYTES: usize = 600;

/// The arm of a union a refused value is nearest to, with its problems.
struct Nearest {
    /// The arm's position in the union, from 0 as in the spec's `oneOf`/`anyOf`.
    arm: usize,
    /// The property whose constant the value matches, and that constant: what names the arm.
    by: Option<(String, String)>,
    trial: Checker,
}

impl Nearest {
    /// `matches no arm; nearest is arm 7 of 41 (condition_type "Aim"): $.x.op: expected ...`.
    fn message(&self, arms: usize) -> String {
        let named = match &self.by {
            Some((property, constant)) => format!(" ({} {constant})", shown(property)),
            None => String::new(),
        };
        let listed: Vec<String> = self
            .trial
            .problems
            .iter()
            .take(NEAREST_PROBLEMS)
            .map(ToString::to_string)
            .collect();
        let rest = self.trial.problems.len().saturating_sub(NEAREST_PROBLEMS) + self.trial.more;
        let mut message = format!(
            "matches no arm; nearest is arm {} of {arms}{named}: {}",
            self.arm,
            listed.join("; ")
        );
        if message.len() > NEAREST_MESSAGE_BYTES {
            let mut cut = NEAREST_MESSAGE_BYTES;
            while !message.is_char_boundary(cut) {
                cut -= 1;
            }
            message.truncate(cut);
            message.push_str("...");
        }
        match rest {
            0 => {}
            1 => message.push_str("; and 1 more problem in that arm"),
            n => message.push_str(&format!("; and {n} more problems in that arm")),
        }
        message
    }
}

/// Of several arms of the value's JSON kind (`trials`: each arm's position and problems), the
/// one the value is nearest to: among the arms none of whose constant-valued properties (an
/// `enum` of one value: a discriminator such as Mailchimp's `condition_type`) the value
/// contradicts, the one whose constants it matches most, then the one with the fewest
/// problems; when no arm has a constant the value matches, the arm with the fewest problems.
/// Ties go to the first. `None` when there are no trials.
fn nearest(arms: &[Schema], trials: Vec<(usize, Checker)>, value: &Value) -> Option<Nearest> {
    let problems = |c: &Checker| c.problems.len() + c.more;
    let mut best: Option<(bool, usize, usize, Nearest)> = None;
    for (i, trial) in trials {
        let (matched, contradicted, by) = match (&arms[i].ty, value) {
            (Type::Object { fields, .. }, Value::Object(map)) => constants(fields, map),
            _ => (0, 0, None),
        };
        let discriminated = matched > 0 && contradicted == 0;
        let matched = if discriminated { matched } else { 0 };
        let n = problems(&trial);
        let better = best.as_ref().is_none_or(|(d, m, p, _)| {
            (discriminated, matched, std::cmp::Reverse(n)) > (*d, *m, std::cmp::Reverse(*p))
        });
        if better {
            let by = if discriminated { by } else { None };
            best = Some((discriminated, matched, n, Nearest { arm: i, by, trial }));
        }
    }
    best.map(|(_, _, _, near)| near)
}

/// How many of an object arm's constant-valued properties (an `enum` or `const` of one value)
/// the value matches and how many it contradicts (has with another value), and the first
/// matched (its name and the constant as JSON).
fn constants(
    fields: &[Field],
    map: &Map<String, Value>,
) -> (usize, usize, Option<(String, String)>) {
    let (mut matched, mut contradicted, mut by) = (0, 0, None);
    for f in fields {
        let Some(given) = map.get(&f.name) else {
            continue;
        };
        let Some(constant) = constant_of(&f.schema) else {
            continue;
        };
        if crate::model::json_equal(&constant, given) {
            matched += 1;
            if by.is_none() {
                by = Some((f.name.clone(), shown(&constant.to_string())));
            }
        } else {
            contradicted += 1;
        }
    }
    (matched, contradicted, by)
}

/// The one value a schema allows, when its `enum` (or `const`) has one.
fn constant_of(schema: &Schema) -> Option<Value> {
    match &schema.ty {
        Type::String {
            enumeration: Some(values),
            ..
        } if values.len() == 1 => return Some(Value::String(values[0].clone())),
        Type::Integer {
            enumeration: Some(values),
            ..
        } if values.len() == 1 => return Some(Value::from(values[0])),
        Type::Boolean {
            enumeration: Some(values),
        } if values.len() == 1 => return Some(Value::Bool(values[0])),
        _ => {}
    }
    match schema
        .assertions
        .as_deref()
        .and_then(|a| a.allowed.as_deref())
    {
        Some([only]) => Some(only.clone()),
        _ => None,
    }
}

/// A string's length in characters (Unicode scalar values), when its length in bytes does not
/// settle both limits already (then `None`: it is within them).
pub(super) fn length_to_check(s: &str, min: Option<u64>, max: Option<u64>) -> Option<u64> {
    // A string of `b` bytes has between `ceil(b / 4)` and `b` characters.
    let bytes = s.len() as u64;
    let settled =
        min.is_none_or(|min| bytes.div_ceil(4) >= min) && max.is_none_or(|max| bytes <= max);
    if settled {
        return None;
    }
    // ASCII text (most identifiers) has a character per byte.
    Some(if s.is_ascii() {
        bytes
    } else {
        s.chars().count() as u64
    })
}

/// Whether a value has the JSON kind a type describes (ignoring constraints).
fn kind_matches(ty: &Type, value: &Value) -> bool {
    matches!(
        (ty, value),
        (Type::Any, _)
            | (Type::String { .. }, Value::String(_))
            | (Type::Integer { .. } | Type::Number { .. }, Value::Number(_))
            | (Type::Boolean { .. }, Value::Bool(_))
            | (Type::Array { .. }, Value::Array(_))
            | (Type::Object { .. }, Value::Object(_))
            | (Type::AnyOf { .. }, _)
            | (Type::File, Value::Object(_))
    )
}
