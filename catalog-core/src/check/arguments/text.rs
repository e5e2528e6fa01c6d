//! How values, schemas and agent-controlled text read in a problem's message.

use crate::model::{Schema, Type};
use serde_json::Value;
use std::fmt::Write as _;

/// What a schema accepts, in a message (`string`, `string enum [a, b]`, `string or integer`).
pub(super) fn expected(schema: &Schema) -> String {
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
pub(super) fn got(value: &Value) -> String {
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
pub(super) const SHOWN_CHARS: usize = 64;

/// Agent-controlled text made safe for a message: control characters escaped, length capped.
pub(super) fn shown(s: &str) -> String {
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

/// Spec text (a pattern) in a message: control characters escaped, kept whole.
pub(super) fn spec_text(s: &str) -> String {
    let mut out = String::new();
    for c in s.chars() {
        if c.is_control() {
            let _ = write!(out, "\\u{{{:x}}}", c as u32);
        } else {
            out.push(c);
        }
    }
    out
}

/// A string as a JSON string literal (escaped), shortened.
pub(super) fn quoted(s: &str) -> String {
    let short: String = s.chars().take(SHOWN_CHARS).collect();
    let mut out = Value::String(short).to_string();
    if s.chars().nth(SHOWN_CHARS).is_some() {
        out.push('…');
    }
    out
}

pub(super) fn plural(n: u64, word: &str) -> String {
    if n == 1 {
        format!("1 {word}")
    } else {
        format!("{n} {word}s")
    }
}

/// A bound as a person writes it: `1`, not `1.0`.
pub(super) fn num(x: f64) -> String {
    if x.fract() == 0.0 && x.abs() < 1e15 {
        format!("{}", x as i64)
    } else {
        x.to_string()
    }
}
