//! A tool's quick checks: for each accounting row, worked out once from the row's schema, a
//! test that a value has no problem without walking the schema. A value the quick test does not
//! pass goes through the full [`Checker`](super::checker::Checker), which reports its problems
//! (or finds none), so quick checks never change what a call accepts or reports: they only
//! spare the common, valid value the schema's interpretation.
//!
//! They cover scalars (strings with length bounds or an enum, integers with bounds, a format or
//! an enum, numbers with bounds, booleans, free-form values), nullability, and arrays and objects
//! of those; unions, files, and strings with a `pattern` or `format` (and whatever holds one)
//! always take the full check.

use super::checker::length_to_check;
use super::format::integer_range;
use super::rows::argument_of;
use crate::model::{Field, Operation, Schema, Type};
use serde_json::{Number, Value};

/// The quick checks of one operation's rows, and which rows an agent must give.
#[derive(Debug)]
pub struct Checks {
    rows: Vec<Quick>,
    /// The required rows (that take an argument) as a bitset of row indices; `None` when one
    /// is past 63.
    required: Option<u64>,
}

/// One row's quick test: the values it passes have no problem under the row's schema.
#[derive(Debug)]
struct Quick {
    nullable: bool,
    kind: Kind,
}

#[derive(Debug)]
enum Kind {
    /// No quick test: the full check runs.
    Full,
    /// Anything but null (`Type::Any`).
    Any,
    Boolean,
    /// A string whose length (in characters) is within `min` and `max`, and one of `allowed`
    /// when given.
    Text {
        min: Option<u64>,
        max: Option<u64>,
        allowed: Option<Vec<String>>,
    },
    /// An integer (`i64`) within `lo..=hi` (its format's range), within the bounds compared
    /// as the full check compares them, and one of `allowed` when given.
    Integer {
        lo: i64,
        hi: i64,
        minimum: Option<f64>,
        maximum: Option<f64>,
        allowed: Option<Vec<i64>>,
    },
    /// A number within its bounds.
    Number {
        minimum: Option<f64>,
        maximum: Option<f64>,
        exclusive_minimum: bool,
        exclusive_maximum: bool,
    },
    /// An array with `min..=max` items, each passing `items`.
    Array {
        min: u64,
        max: u64,
        items: Box<Quick>,
    },
    /// An object whose members are declared fields passing their tests (or any member when
    /// `open`), with every one of the `required` required fields.
    Object {
        fields: Vec<(String, bool, Quick)>,
        required: usize,
        open: bool,
    },
}

impl Checks {
    /// The quick checks of `op`'s accounting rows.
    pub fn new(op: &Operation) -> Checks {
        let mut required = Some(0_u64);
        for (i, row) in op.accounting.iter().enumerate() {
            if row.param.required && argument_of(&row.disposition).is_some() {
                required = required.and_then(|bits| (i < 64).then(|| bits | 1 << i));
            }
        }
        Checks {
            rows: op
                .accounting
                .iter()
                .map(|row| match row.family() {
                    // A family's value is a map of these: checked in full.
                    Some(_) => Quick::full(),
                    None => Quick::new(&row.param.schema),
                })
                .collect(),
            required,
        }
    }

    /// Whether row `row`'s value surely has no problem (false: the full check decides).
    pub(super) fn passes(&self, row: usize, value: &Value) -> bool {
        self.rows.get(row).is_some_and(|quick| quick.passes(value))
    }

    /// Whether every required row is among `seen` (rows below 64), so none is missing.
    pub(super) fn all_required_in(&self, seen: u64) -> bool {
        self.required
            .is_some_and(|required| seen & required == required)
    }
}

impl Quick {
    /// No quick pass: every value is checked in full.
    fn full() -> Quick {
        Quick {
            nullable: false,
            kind: Kind::Full,
        }
    }

    fn new(schema: &Schema) -> Quick {
        let kind = match &schema.ty {
            Type::Any => Kind::Any,
            Type::Boolean => Kind::Boolean,
            Type::String {
                format: None,
                pattern: None,
                enumeration,
                min_length,
                max_length,
            } => Kind::Text {
                min: *min_length,
                max: *max_length,
                allowed: enumeration.clone(),
            },
            Type::Integer {
                format,
                minimum,
                maximum,
                enumeration,
            } => {
                let (lo, hi) = format
                    .as_deref()
                    .and_then(integer_range)
                    .unwrap_or((i128::from(i64::MIN), i128::from(i64::MAX)));
                // The format's range as far as it holds `i64`s (`uint64` reaches past them).
                match (
                    i64::try_from(lo.max(i128::from(i64::MIN))),
                    i64::try_from(hi.min(i128::from(i64::MAX))),
                ) {
                    (Ok(lo), Ok(hi)) => Kind::Integer {
                        lo,
                        hi,
                        minimum: *minimum,
                        maximum: *maximum,
                        allowed: enumeration.clone(),
                    },
                    _ => Kind::Full,
                }
            }
            Type::Number {
                minimum,
                maximum,
                exclusive_minimum,
                exclusive_maximum,
                ..
            } => Kind::Number {
                minimum: *minimum,
                maximum: *maximum,
                exclusive_minimum: *exclusive_minimum,
                exclusive_maximum: *exclusive_maximum,
            },
            Type::Array {
                items,
                min_items,
                max_items,
            } => match Quick::new(items) {
                Quick {
                    kind: Kind::Full, ..
                } => Kind::Full,
                items => Kind::Array {
                    min: min_items.unwrap_or(0),
                    max: max_items.unwrap_or(u64::MAX),
                    items: Box::new(items),
                },
            },
            // A map's values are left to the full check.
            Type::Object {
                values: Some(_), ..
            } => Kind::Full,
            Type::Object { fields, open, .. } => object(fields, *open),
            _ => Kind::Full,
        };
        Quick {
            nullable: schema.nullable,
            kind,
        }
    }

    fn passes(&self, value: &Value) -> bool {
        match (&self.kind, value) {
            (Kind::Full, _) => false,
            (_, Value::Null) => self.nullable,
            (Kind::Any, _) | (Kind::Boolean, Value::Bool(_)) => true,
            (Kind::Text { min, max, allowed }, Value::String(s)) => {
                allowed.as_ref().is_none_or(|a| a.iter().any(|a| a == s))
                    && within_length(s, *min, *max)
            }
            (
                Kind::Integer {
                    lo,
                    hi,
                    minimum,
                    maximum,
                    allowed,
                },
                Value::Number(n),
            ) => n.as_i64().is_some_and(|i| {
                (*lo..=*hi).contains(&i)
                    && allowed.as_ref().is_none_or(|a| a.contains(&i))
                    && within(n, *minimum, *maximum, false, false)
            }),
            (
                Kind::Number {
                    minimum,
                    maximum,
                    exclusive_minimum,
                    exclusive_maximum,
                },
                Value::Number(n),
            ) => within(
                n,
                *minimum,
                *maximum,
                *exclusive_minimum,
                *exclusive_maximum,
            ),
            (Kind::Array { min, max, items }, Value::Array(list)) => {
                (*min..=*max).contains(&(list.len() as u64)) && list.iter().all(|v| items.passes(v))
            }
            (
                Kind::Object {
                    fields,
                    required,
                    open,
                },
                Value::Object(map),
            ) => {
                let mut given = 0;
                for (key, value) in map {
                    match fields.iter().find(|(name, ..)| name == key) {
                        Some((_, required, quick)) => {
                            if !quick.passes(value) {
                                return false;
                            }
                            given += usize::from(*required);
                        }
                        None if *open => {}
                        None => return false,
                    }
                }
                given == *required
            }
            _ => false,
        }
    }
}

/// An object's quick test: its fields' own, or none when one of them has none.
fn object(fields: &[Field], open: bool) -> Kind {
    let mut quick = Vec::with_capacity(fields.len());
    for field in fields {
        match Quick::new(&field.schema) {
            Quick {
                kind: Kind::Full, ..
            } => return Kind::Full,
            q => quick.push((field.name.clone(), field.required, q)),
        }
    }
    Kind::Object {
        required: fields.iter().filter(|f| f.required).count(),
        fields: quick,
        open,
    }
}

/// Whether a string's length is within `min` and `max` characters, as the full check counts.
fn within_length(s: &str, min: Option<u64>, max: Option<u64>) -> bool {
    length_to_check(s, min, max)
        .is_none_or(|n| min.is_none_or(|min| n >= min) && max.is_none_or(|max| n <= max))
}

/// Whether a number is within bounds, compared as `f64` as the full check compares it.
fn within(
    n: &Number,
    minimum: Option<f64>,
    maximum: Option<f64>,
    exclusive_minimum: bool,
    exclusive_maximum: bool,
) -> bool {
    let Some(x) = n.as_f64() else { return false };
    let above = minimum.is_none_or(|min| if exclusive_minimum { x > min } else { x >= min });
    let below = maximum.is_none_or(|max| if exclusive_maximum { x < max } else { x <= max });
    above && below
}

#[cfg(test)]
mod tests;
