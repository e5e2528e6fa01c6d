//! Union request bodies (`oneOf`/`anyOf` with an arm of declared properties): a tool picks one
//! arm (`variant = N`), and is then accounted exactly as if the body were that arm.

use crate::model::{Body, Location, Operation, Param, Schema, Style, Type};

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
fn object_fields(s: &Schema) -> Option<&[crate::model::Field]> {
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
    let object = |fields: &[crate::model::Field]| {
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

/// Why a tool over a union body must pick an arm, with a paste-ready line per arm.
pub fn variant_needed(op: &Operation, arms: &[Schema]) -> String {
    let lines: Vec<String> = arms
        .iter()
        .enumerate()
        .map(|(i, a)| format!("    variant = {i},  // {}", describe_arm(a)))
        .collect();
    format!(
        "the request body of `{}` is a union (oneOf/anyOf) of {} arms; pick the arm this tool \
         sends, and its properties are accounted like any body's. Add one of these to #[tool(...)]:\n{}",
        op.display_name(),
        arms.len(),
        lines.join("\n")
    )
}

/// Makes the operation's body the arm at `variant`: an object arm's fields become its body
/// parameters, any other arm the one whole `body` parameter. The error says what is wrong.
pub fn pick_variant(op: &mut Operation, variant: usize) -> Result<(), String> {
    let Some(arms) = union_arms(op) else {
        return Err(format!(
            "`variant` picks an arm of a union (oneOf/anyOf) request body, and `{}` has no such \
             body; remove `variant = {variant}`",
            op.display_name()
        ));
    };
    let Some(arm) = arms.get(variant).cloned() else {
        return Err(format!(
            "`variant = {variant}` is out of range: the request body of `{}` has {} arms, \
             `variant = 0` to `variant = {}`: {}",
            op.display_name(),
            arms.len(),
            arms.len() - 1,
            arms.iter()
                .enumerate()
                .map(|(i, a)| format!("{i}: {}", describe_arm(a)))
                .collect::<Vec<_>>()
                .join(", ")
        ));
    };
    let Some(body) = op.body.as_mut() else {
        return Ok(());
    };
    let at = op
        .params
        .iter()
        .position(|p| p.location == Location::Body && p.name.is_empty())
        .unwrap_or(op.params.len());
    let whole = op.params.remove(at);
    let arm_params = arm_params(body, whole, arm);
    op.params.splice(at..at, arm_params);
    Ok(())
}

/// The body parameters of one arm, each declared at the union's pointer.
fn arm_params(body: &mut Body, whole: Param, arm: Schema) -> Vec<Param> {
    match arm.ty {
        Type::Object { fields, open } if !fields.is_empty() => {
            body.whole = false;
            body.open = open;
            fields
                .into_iter()
                .filter(|f| !f.read_only)
                .map(|f| Param {
                    location: Location::Body,
                    description: f.schema.description.clone(),
                    pointer: whole.pointer.clone(),
                    name: f.name,
                    required: f.required,
                    deprecated: false,
                    schema: f.schema,
                    style: Style::Form,
                    explode: true,
                })
                .collect()
        }
        ty => vec![Param {
            schema: Schema { ty, ..arm },
            ..whole
        }],
    }
}
