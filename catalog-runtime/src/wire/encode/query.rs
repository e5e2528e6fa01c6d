//! The query: each parameter's pairs per its style and explode (`form`, `spaceDelimited`,
//! `pipeDelimited`, `deepObject`), also used for the fields of a form body.

use super::error::{RequestError, RequestErrorKind, nested};
use super::resolved::Resolved;
use super::text::{Scratch, push_enc, push_scalar_enc};
use catalog_core::model::{Location, Operation, Param, Style};
use serde_json::Value;
use std::fmt::Write as _;

/// The URI, once an object spread into top-level query pairs (style `form`, exploded, as
/// OpenAPI defines it) is found to name no other query parameter of the operation: a key that
/// did would set a parameter the tool accounts otherwise (Omitted, Fixed, or another argument).
pub(super) fn refuse_spread_keys<'u>(
    op: &Operation,
    param: &Param,
    value: Resolved<'_>,
    uri: &'u mut String,
) -> Result<&'u mut String, RequestError> {
    let Resolved::Value(Value::Object(map)) = value else {
        return Ok(uri);
    };
    if query_style(param.style) != Style::Form || !param.explode {
        return Ok(uri);
    }
    let taken = op.accounting.iter().map(|r| &r.param).find(|p| {
        p.location == Location::Query && p.name != param.name && map.contains_key(&p.name)
    });
    match taken {
        None => Ok(uri),
        Some(other) => Err(RequestError::new(
            RequestErrorKind::Shape,
            Some(param),
            format!(
                "its key `{}` would be sent as the query parameter of that name, which this \
                 tool accounts separately; an object argument cannot set another parameter",
                other.name.escape_debug()
            ),
        )),
    }
}

/// A query parameter's style; path styles in a query are sent as `form`.
pub(super) fn query_style(style: Style) -> Style {
    match style {
        Style::Simple | Style::Label | Style::Matrix => Style::Form,
        s => s,
    }
}

/// Starts a `key=` pair: after a `&` unless it is the first (right after the URI's `?`, which
/// no encoded value contains).
#[inline]
pub(super) fn push_pair(out: &mut String, key: &str, raw_key: bool) {
    if !out.is_empty() && !out.ends_with('?') {
        out.push('&');
    }
    if raw_key {
        out.push_str(key);
    } else {
        push_enc(out, key);
    }
    out.push('=');
}

/// Starts a `name[i]=` pair (an indexed `deepObject` array element); `name` is not encoded yet.
pub(super) fn push_index_pair(out: &mut String, name: &str, i: usize) {
    if !out.is_empty() && !out.ends_with('?') {
        out.push('&');
    }
    push_enc(out, name);
    let _ = write!(out, "[{i}]=");
}

/// Appends one query parameter (or form-body field) per its style and explode.
pub(super) fn encode_query(
    out: &mut String,
    scratch: &mut Scratch<'_>,
    param: &Param,
    name: &str,
    style: Style,
    explode: bool,
    value: Resolved<'_>,
) -> Result<(), RequestError> {
    let value = match value {
        // A null is text by now (see `null_as_text`).
        Resolved::Absent | Resolved::Null => return Ok(()),
        Resolved::Text(s) => {
            push_pair(out, name, false);
            push_enc(out, s);
            return Ok(());
        }
        Resolved::Items(items) => {
            let delim = delimiter(style);
            if style == Style::DeepObject {
                for (i, item) in items.iter().enumerate() {
                    push_index_pair(out, name, i);
                    push_enc(out, item);
                }
            } else if explode {
                for item in items.iter() {
                    push_pair(out, name, false);
                    push_enc(out, item);
                }
            } else {
                push_pair(out, name, false);
                for (i, item) in items.iter().enumerate() {
                    if i > 0 {
                        out.push_str(delim);
                    }
                    push_enc(out, item);
                }
            }
            return Ok(());
        }
        Resolved::Value(v) => v,
    };
    let delim = delimiter(style);
    match value {
        Value::Array(items) => {
            if style == Style::DeepObject {
                let mut key = String::new();
                push_enc(&mut key, name);
                deep_value(out, scratch, &mut key, value);
            } else if explode {
                for item in items {
                    push_pair(out, name, false);
                    push_scalar_enc(out, scratch, item).ok_or_else(|| nested(param))?;
                }
            } else {
                push_pair(out, name, false);
                for (i, item) in items.iter().enumerate() {
                    if i > 0 {
                        out.push_str(delim);
                    }
                    push_scalar_enc(out, scratch, item).ok_or_else(|| nested(param))?;
                }
            }
        }
        Value::Object(_) if style == Style::DeepObject => {
            let mut key = String::new();
            push_enc(&mut key, name);
            deep_value(out, scratch, &mut key, value);
        }
        Value::Object(map) => {
            if explode {
                for (k, v) in map {
                    push_pair(out, k, false);
                    push_scalar_enc(out, scratch, v).ok_or_else(|| nested(param))?;
                }
            } else {
                push_pair(out, name, false);
                for (i, (k, v)) in map.iter().enumerate() {
                    if i > 0 {
                        out.push_str(delim);
                    }
                    push_enc(out, k);
                    out.push_str(delim);
                    push_scalar_enc(out, scratch, v).ok_or_else(|| nested(param))?;
                }
            }
        }
        v => {
            push_pair(out, name, false);
            push_scalar_enc(out, scratch, v).ok_or_else(|| nested(param))?;
        }
    }
    Ok(())
}

/// What joins array elements in a non-exploded query value of this style.
pub(super) fn delimiter(style: Style) -> &'static str {
    match style {
        Style::SpaceDelimited => "%20",
        Style::PipeDelimited => "|",
        _ => ",",
    }
}

/// `key[k]=v`, nesting for objects and indexing arrays at any depth (`key[k][0][j]=v`), as
/// Stripe's client libraries write `deepObject` values. `key` is already encoded. An empty
/// array or object inside sends nothing, as in those libraries.
pub(super) fn deep_value(
    out: &mut String,
    scratch: &mut Scratch<'_>,
    key: &mut String,
    value: &Value,
) {
    match value {
        Value::Object(map) => {
            for (k, v) in map {
                let len = key.len();
                key.push('[');
                push_enc(key, k);
                key.push(']');
                deep_value(out, scratch, key, v);
                key.truncate(len);
            }
        }
        Value::Array(items) => {
            for (i, v) in items.iter().enumerate() {
                let len = key.len();
                let _ = write!(key, "[{i}]");
                deep_value(out, scratch, key, v);
                key.truncate(len);
            }
        }
        v => {
            push_pair(out, key, true);
            // A scalar: `push_scalar_enc` writes it.
            let _ = push_scalar_enc(out, scratch, v);
        }
    }
}
