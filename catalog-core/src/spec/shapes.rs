//! Which parameter shapes the encoder cannot write, known from the spec alone, so that a tool
//! that would send one fails to compile (and `catalog check` says so) instead of every call
//! being refused at run time.
//!
//! - A form or multipart body field, and a `deepObject` query parameter, take any shape: objects
//!   nest in brackets and arrays are indexed at any depth (see `encode::form`).
//! - Every other query parameter (styles `form`, `spaceDelimited`, `pipeDelimited`), and path,
//!   header and cookie parameters, have an encoding for a scalar, an array of scalars and an
//!   object whose property values are scalars, and none for anything deeper: an array of arrays
//!   or objects, an object with an array or object property.
//! - A whole form body (a schema that is not an object with properties) is a set of named
//!   fields: an object of any kind is sent key by key, anything else has no form encoding.
//!
//! A schema that accepts any value (no `type`, a schema cut by the expansion budget, a
//! recursive reference) says nothing of the shape: such a value is checked when the request is
//! built, which is the only place its shape is known.

use crate::model::{BodyKind, Location, Operation, Param, Schema, SharedSchema, Style, Type};
use serde_json::Value;

/// How deep `$ref`s and unions are followed before a shape is taken as unknown.
const DEPTH: usize = 16;

/// Why the encoder cannot write values of `param` (of `op`), if it cannot: what the parameter
/// is and what has no encoding for it, as a noun phrase (`an array of objects, and a query
/// parameter of style `form` has no encoding for ...`). `shared` is the table [`Type::Shared`]
/// schemas name (empty for an expanded operation).
pub fn unsendable(op: &Operation, param: &Param, shared: &[SharedSchema]) -> Option<String> {
    match param.location {
        Location::Body => {
            let form = op.body.as_ref().is_some_and(|b| b.kind == BodyKind::Form);
            if !(form && param.name.is_empty()) {
                return None;
            }
            let shape = not_an_object(&param.schema, shared, 0)?;
            Some(format!(
                "the whole `application/x-www-form-urlencoded` body, of schema {shape}, and a \
                 form body is a set of named fields: only an object has a form encoding"
            ))
        }
        Location::Query if param.style == Style::DeepObject => None,
        // Its JSON text carries any shape.
        _ if param.style == Style::Json => None,
        location => {
            let shape = deeper_than_flat(&param.schema, shared, 0)?;
            let style = style_name(location, param.style);
            Some(format!(
                "{shape}, and a {location} parameter of style `{style}` has no encoding for an \
                 array or object inside another (only a scalar, an array of scalars, or an \
                 object of scalars)"
            ))
        }
    }
}

/// Why the encoder cannot write `value` (a Fixed value) for `param`, if it cannot: the same
/// rule as [`unsendable`], for one value.
pub fn value_unsendable(op: &Operation, param: &Param, value: &Value) -> Option<String> {
    let is_container = |v: &Value| matches!(v, Value::Array(_) | Value::Object(_));
    let deeper = match value {
        Value::Array(items) => items.iter().any(is_container),
        Value::Object(map) => map.values().any(is_container),
        _ => false,
    };
    match param.location {
        Location::Body if param.name.is_empty() && !value.is_object() && !value.is_null() => {
            let form = op.body.as_ref().is_some_and(|b| b.kind == BodyKind::Form);
            form.then(|| {
                "a form body is a set of named fields: only an object has a form encoding; fix \
                 an object, or omit it with a reason"
                    .to_string()
            })
        }
        Location::Body => None,
        Location::Query if param.style == Style::DeepObject => None,
        _ if param.style == Style::Json => None,
        location => deeper.then(|| {
            format!(
                "it nests an array or object inside another, which a {location} parameter of \
                 style `{}` has no encoding for; fix a scalar, an array of scalars or an object \
                 of scalars, or omit it with a reason",
                style_name(location, param.style)
            )
        }),
    }
}

/// The style a parameter is encoded with, as the spec spells it.
pub fn style_name(location: Location, style: Style) -> &'static str {
    match (location, style) {
        (_, Style::Json) => "json",
        (Location::Header, _) => "simple",
        (Location::Cookie, _) => "form",
        (Location::Query, Style::SpaceDelimited) => "spaceDelimited",
        (Location::Query, Style::PipeDelimited) => "pipeDelimited",
        (Location::Query, _) => "form",
        (_, Style::Label) => "label",
        (_, Style::Matrix) => "matrix",
        _ => "simple",
    }
}

/// A schema with `$ref`s followed through the shared table (a bounded number of hops).
pub(crate) fn resolved<'s>(mut schema: &'s Schema, shared: &'s [SharedSchema]) -> &'s Schema {
    for _ in 0..32 {
        match &schema.ty {
            Type::Shared { id } => match shared.get(*id) {
                Some(s) => schema = &s.schema,
                None => break,
            },
            _ => break,
        }
    }
    schema
}

/// The shape of a value that nests an array or object inside an array or object, if the
/// schema allows one.
fn deeper_than_flat(schema: &Schema, shared: &[SharedSchema], depth: usize) -> Option<String> {
    if depth > DEPTH {
        return None;
    }
    let schema = resolved(schema, shared);
    match &schema.ty {
        Type::Array { items, .. } => {
            let inner = container(items, shared, 0)?;
            Some(format!("an array of {inner}s"))
        }
        Type::Object { fields, .. } => fields.iter().find_map(|f| {
            let inner = container(&f.schema, shared, 0)?;
            Some(format!(
                "an object whose property `{}` is an {inner}",
                f.name
            ))
        }),
        Type::AnyOf { arms } => arms
            .iter()
            .find_map(|a| deeper_than_flat(a, shared, depth + 1)),
        _ => None,
    }
}

/// `array` or `object` when the schema allows one (in any arm of a union).
fn container(schema: &Schema, shared: &[SharedSchema], depth: usize) -> Option<&'static str> {
    if depth > DEPTH {
        return None;
    }
    match &resolved(schema, shared).ty {
        Type::Array { .. } => Some("array"),
        Type::Object { .. } => Some("object"),
        Type::AnyOf { arms } => arms.iter().find_map(|a| container(a, shared, depth + 1)),
        _ => None,
    }
}

/// The schema's shape when it allows no object at all (a union with an object arm, or any
/// value, may be one).
fn not_an_object(schema: &Schema, shared: &[SharedSchema], depth: usize) -> Option<String> {
    if depth > DEPTH {
        return None;
    }
    let schema = resolved(schema, shared);
    match &schema.ty {
        Type::Object { .. } | Type::Any | Type::Shared { .. } => None,
        Type::AnyOf { arms } => {
            if arms
                .iter()
                .all(|a| not_an_object(a, shared, depth + 1).is_some())
            {
                Some(schema.ty.describe())
            } else {
                None
            }
        }
        ty => Some(ty.describe()),
    }
}

#[cfg(test)]
mod tests;
