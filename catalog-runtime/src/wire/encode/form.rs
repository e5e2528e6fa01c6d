//! `application/x-www-form-urlencoded` bodies, written as Stripe's own client libraries write
//! them (stripe-ruby's `flatten_params`, stripe-node's `qs.stringify(.., {arrayFormat:
//! 'indices'})`), which is what Rack, PHP and `qs` read back:
//!
//! - A scalar property is `name=value` (style `form`).
//! - An object is always sent under its own name in brackets, at any depth:
//!   `address[line1]=1%20Main&metadata[crm_id]=42`. OpenAPI's `form` style, exploded, would
//!   spread an object's keys into top-level fields (`line1=..&crm_id=42`); that loses the
//!   prefix and lets any key of an argument set a field the tool accounts otherwise (an Omitted
//!   `balance`, a Fixed `confirm` sent twice). No key of an argument ever becomes a top-level
//!   field: keys are percent-encoded, so a key holding `]`, `&` or `=` stays one key.
//! - An array inside brackets, or of a property whose `encoding` style is `deepObject` (as
//!   Stripe's spec declares for `expand`, `items`, ...), is indexed: `expand[0]=a&expand[1]=b`,
//!   `items[0][price]=p`. An array of scalars of another style is written as that style says
//!   (`form` exploded repeats the name, not exploded joins with `,`; `spaceDelimited`,
//!   `pipeDelimited`); an array of objects or arrays is indexed whatever the style, as that is
//!   the only form the bracket readers have for it.
//! - Absent is absent: a null inside an object or array is sent (as the parameter's null text)
//!   only where the schema there allows null; elsewhere it is what an unset `Option` field of a
//!   struct serializes to, and nothing is sent. A top-level explicit null is sent as the null
//!   text, as in a query.
//! - An empty array or object, where the schema there is a union with an empty-string arm
//!   (Stripe's `anyOf [object, ""]`, `anyOf [array, ""]`), is sent as the empty string
//!   (`metadata=`), which such an API reads as "clear"; Stripe's own libraries send nothing for
//!   `{}` or `[]` (the value is kept), and the empty string where told to unset. Elsewhere an
//!   empty array or object has no form encoding (nothing would be sent, and the API would keep
//!   its value): it is refused, saying so.

use super::absent::{allows_null, items_of, property};
use super::args::{BodyField, Typed};
use super::error::{RequestError, RequestErrorKind};
use super::query::{delimiter, push_pair};
use super::resolved::Resolved;
use super::text::{Scratch, null_as_text, push_enc, push_scalar_enc};
use catalog_core::model::{Param, Schema, Style, Type};
use serde_json::Value;

/// The body of a form operation: its fields in accounting order.
pub(super) fn form_body<'a>(
    fields: &[BodyField<'a>],
    scratch: &mut Scratch<'a>,
) -> Result<Vec<u8>, RequestError> {
    let mut out = String::new();
    let mut typed = Typed::default();
    for (param, value, null) in fields {
        scratch.null = *null;
        let value = null_as_text(typed.lower(*value, param)?, *null, param)?;
        write_field(&mut out, scratch, param, value)?;
    }
    Ok(out.into_bytes())
}

/// A whole form body (its schema is not an object with properties): an object is sent key by
/// key, each key a field written as a property is (`key=v`, `key[k]=v`, `key[0]=v`); an empty
/// object is an empty body. Anything else has no form encoding: a schema that says so makes a
/// tool that sets it fail to compile (`catalog_core::spec::shapes`), so only a value of a schema that
/// accepts any value reaches the refusal here.
pub(super) fn whole_body<'a>(
    field: &BodyField<'a>,
    scratch: &mut Scratch<'a>,
) -> Result<Vec<u8>, RequestError> {
    let (param, value, null) = field;
    scratch.null = *null;
    let mut typed = Typed::default();
    let map = match typed.lower(*value, param)? {
        Resolved::Value(Value::Object(map)) => map,
        Resolved::Absent => return Ok(Vec::new()),
        other => {
            let what = match other {
                Resolved::Null => "null",
                Resolved::Items(_) | Resolved::Value(Value::Array(_)) => "an array",
                _ => "a scalar",
            };
            return Err(RequestError::new(
                RequestErrorKind::Shape,
                Some(param),
                format!("a form body is a set of named fields: it must be an object, not {what}"),
            ));
        }
    };
    let mut out = String::new();
    for (k, v) in map {
        let mut key = String::new();
        push_enc(&mut key, k);
        let schema = property(&param.schema, k);
        match v {
            Value::Array(items) if items.iter().all(is_scalar) && !items.is_empty() => {
                for item in items {
                    push_pair(&mut out, &key, true);
                    push_scalar_enc(&mut out, scratch, item);
                }
            }
            v => write_nested(&mut out, scratch, param, &mut key, v, schema)?,
        }
    }
    Ok(out.into_bytes())
}

/// One top-level property.
fn write_field(
    out: &mut String,
    scratch: &mut Scratch<'_>,
    param: &Param,
    value: Resolved<'_>,
) -> Result<(), RequestError> {
    match value {
        // A null is text by now (see `null_as_text`).
        Resolved::Absent | Resolved::Null => Ok(()),
        Resolved::Text(s) => {
            push_pair(out, &param.name, false);
            push_enc(out, s);
            Ok(())
        }
        Resolved::Items(items) => {
            if items.is_empty() {
                return write_empty_array(out, param);
            }
            write_scalars(out, param, items.iter());
            Ok(())
        }
        Resolved::Value(Value::Array(items)) if items.is_empty() => write_empty_array(out, param),
        Resolved::Value(v) => {
            let mut key = String::new();
            push_enc(&mut key, &param.name);
            match v {
                Value::Array(items)
                    if param.style != Style::DeepObject
                        && !items.is_empty()
                        && items.iter().all(is_scalar) =>
                {
                    let mut texts = Vec::with_capacity(items.len());
                    for item in items {
                        let mut text = String::new();
                        push_scalar_enc(&mut text, scratch, item);
                        texts.push(text);
                    }
                    write_encoded_scalars(out, param, &key, texts.iter().map(String::as_str));
                    Ok(())
                }
                v => write_nested(out, scratch, param, &mut key, v, Some(&param.schema)),
            }
        }
    }
}

/// An empty top-level array: `name=` where the style joins elements (not exploded), else
/// refused, as nothing would be sent.
fn write_empty_array(out: &mut String, param: &Param) -> Result<(), RequestError> {
    if param.style == Style::DeepObject || param.explode {
        let mut key = String::new();
        push_enc(&mut key, &param.name);
        return write_empty(out, param, &key, Some(&param.schema), "array");
    }
    push_pair(out, &param.name, false);
    Ok(())
}

/// An empty array or object at `key` (already encoded): where the schema there also allows
/// the empty string (Stripe's `anyOf [array, ""]`, `anyOf [object, ""]`), it is sent as that,
/// `key=`, which is how such an API is told to clear the list or map; elsewhere it has no form
/// encoding and is refused, saying so.
fn write_empty(
    out: &mut String,
    param: &Param,
    key: &str,
    schema: Option<&Schema>,
    what: &str,
) -> Result<(), RequestError> {
    if !schema.is_some_and(clears_with_empty_string) {
        return Err(empty(param, what));
    }
    push_pair(out, key, true);
    Ok(())
}

/// Whether a schema is a union with an empty-string arm: the API reads `""` as "clear".
fn clears_with_empty_string(schema: &Schema) -> bool {
    match &schema.ty {
        Type::AnyOf { arms } => arms
            .iter()
            .any(catalog_core::check::nested::is_empty_string),
        _ => false,
    }
}

/// A top-level array of scalars (raw texts), as its style says.
fn write_scalars<'t>(out: &mut String, param: &Param, items: impl Iterator<Item = &'t str>) {
    let mut key = String::new();
    push_enc(&mut key, &param.name);
    let encoded: Vec<String> = items
        .map(|item| {
            let mut text = String::new();
            push_enc(&mut text, item);
            text
        })
        .collect();
    write_encoded_scalars(out, param, &key, encoded.iter().map(String::as_str));
}

/// A top-level array of scalars, each already percent-encoded: indexed for `deepObject`,
/// repeated when exploded, else joined by the style's delimiter.
fn write_encoded_scalars<'t>(
    out: &mut String,
    param: &Param,
    key: &str,
    items: impl Iterator<Item = &'t str>,
) {
    if param.style == Style::DeepObject {
        for (i, item) in items.enumerate() {
            push_pair(out, &format!("{key}[{i}]"), true);
            out.push_str(item);
        }
    } else if param.explode {
        for item in items {
            push_pair(out, key, true);
            out.push_str(item);
        }
    } else {
        push_pair(out, key, true);
        for (i, item) in items.enumerate() {
            if i > 0 {
                out.push_str(delimiter(param.style));
            }
            out.push_str(item);
        }
    }
}

/// `key[k]...=v` for every scalar under `value`; `key` is already encoded. `schema` is the
/// schema at this point, when known.
fn write_nested(
    out: &mut String,
    scratch: &mut Scratch<'_>,
    param: &Param,
    key: &mut String,
    value: &Value,
    schema: Option<&Schema>,
) -> Result<(), RequestError> {
    match value {
        Value::Object(map) => {
            if map.is_empty() {
                return write_empty(out, param, key, schema, "object");
            }
            for (k, v) in map {
                let len = key.len();
                key.push('[');
                push_enc(key, k);
                key.push(']');
                write_nested(
                    out,
                    scratch,
                    param,
                    key,
                    v,
                    schema.and_then(|s| property(s, k)),
                )?;
                key.truncate(len);
            }
        }
        Value::Array(items) => {
            if items.is_empty() {
                return write_empty(out, param, key, schema, "array");
            }
            let element = schema.and_then(items_of);
            for (i, v) in items.iter().enumerate() {
                let len = key.len();
                // Writing to a `String` cannot fail.
                let _ = std::fmt::Write::write_fmt(key, format_args!("[{i}]"));
                write_nested(out, scratch, param, key, v, element)?;
                key.truncate(len);
            }
        }
        Value::Null if !allows_null(schema) => {}
        v => {
            push_pair(out, key, true);
            push_scalar_enc(out, scratch, v);
        }
    }
    Ok(())
}

fn is_scalar(v: &Value) -> bool {
    !matches!(v, Value::Array(_) | Value::Object(_))
}

fn empty(param: &Param, what: &str) -> RequestError {
    RequestError::new(
        RequestErrorKind::Shape,
        Some(param),
        format!(
            "an empty {what} has no form encoding: nothing would be sent and the API would keep \
             its value; leave the argument out, or send \"\" where the schema allows it to clear \
             the value"
        ),
    )
}

#[cfg(test)]
mod tests;
