//! A union request body's arms (`oneOf`/`anyOf` with an arm of declared properties), and how a
//! message names one. Picking an arm is a rule of the tool's check ([`crate::check::union`]).

use super::location::Location;
use super::operation::Operation;
use super::schema::{Field, Schema, Type};

/// The arms of the operation's body when it is a union with an arm of declared properties
/// (an object with fields, or an array of such objects); `None` for any other body. Reads an
/// expanded operation (no [`Type::Shared`] left).
pub fn union_arms(op: &Operation) -> Option<&[Schema]> {
    let body = op.body.as_ref()?;
    if !body.whole {
        return None;
    }
    let whole = op
        .params
        .iter()
        .find(|p| p.location == Location::Body && p.name.is_empty())?;
    let Type::AnyOf { arms } = &whole.schema.ty else {
        return None;
    };
    arms.iter().any(has_properties).then_some(arms.as_slice())
}

/// The fields of an object arm, when it has any.
fn object_fields(s: &Schema) -> Option<&[Field]> {
    match &s.ty {
        Type::Object { fields, .. } if !fields.is_empty() => Some(fields),
        _ => None,
    }
}

fn has_properties(s: &Schema) -> bool {
    match &s.ty {
        Type::Array { items, .. } => object_fields(items).is_some(),
        _ => object_fields(s).is_some(),
    }
}

/// One arm for a message: `object (name, slug, ...)`, `array of object (name, slug)`, `string`.
pub fn describe_arm(s: &Schema) -> String {
    const SHOWN: usize = 4;
    let object = |fields: &[Field]| {
        let sent: Vec<&str> = fields
            .iter()
            .filter(|f| !f.read_only)
            .map(|f| f.name.as_str())
            .collect();
        let mut names: Vec<&str> = sent.iter().take(SHOWN).copied().collect();
        if sent.len() > SHOWN {
            names.push("...");
        }
        format!("object ({})", names.join(", "))
    };
    match &s.ty {
        Type::Array { items, .. } => match object_fields(items) {
            Some(fields) => format!("array of {}", object(fields)),
            None => s.ty.describe(),
        },
        _ => object_fields(s).map_or_else(|| s.ty.describe(), object),
    }
}

/// The arms as one line: `object (name, slug) | array of object (name, slug)`.
pub fn describe_arms(arms: &[Schema]) -> String {
    arms.iter()
        .map(describe_arm)
        .collect::<Vec<_>>()
        .join(" | ")
}
