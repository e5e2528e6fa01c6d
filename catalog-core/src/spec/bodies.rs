//! Request-body shapes tools cannot wrap (yet), each made an [`Unsupported`] reason of its
//! operation so that `catalog check` does not call it ok and a tool that wraps it fails to
//! compile naming the shape, instead of compiling into a request that fails at every call or an
//! opaque `body` that hides the properties the proof is about.

use crate::model::{Body, BodyKind, Operation, Param, Schema, SharedSchema, Type, Unsupported};

/// Adds the body-shape reason to each operation whose body tools cannot send; `shared` is the
/// table [`Type::Shared`] schemas name.
pub(crate) fn mark_unsupported(operations: &mut [Operation], shared: &[SharedSchema]) {
    for op in operations {
        if let Some(body) = &op.body
            && let Some(why) = unsupported(body, &op.params, shared)
        {
            op.unsupported.push(why);
        }
    }
}

/// A schema with `$ref`s followed through the shared table (a bounded number of hops).
fn resolved<'s>(mut schema: &'s Schema, shared: &'s [SharedSchema]) -> &'s Schema {
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

/// Why a tool cannot send this body, if it cannot.
fn unsupported(body: &Body, params: &[Param], shared: &[SharedSchema]) -> Option<Unsupported> {
    let reason = match body.kind {
        BodyKind::Multipart => format!(
            "the request body is `{}` (file-upload parts), which tools cannot send yet",
            body.media_type
        ),
        BodyKind::Binary => format!(
            "the request body is `{}` (raw bytes), which tools cannot send yet",
            body.media_type
        ),
        BodyKind::Json | BodyKind::Form | BodyKind::Text => union_reason(body, params, shared)?,
    };
    Some(Unsupported {
        reason,
        pointer: body.pointer.clone(),
    })
}

/// A whole body that is a union (`oneOf`/`anyOf`) with an arm of declared properties: taken as
/// one opaque value, those properties would go unaccounted.
fn union_reason(body: &Body, params: &[Param], shared: &[SharedSchema]) -> Option<String> {
    if !body.whole {
        return None;
    }
    let whole = params.iter().find(|p| p.name.is_empty())?;
    let Type::AnyOf { arms } = &resolved(&whole.schema, shared).ty else {
        return None;
    };
    let is_object = |s: &Schema| matches!(&resolved(s, shared).ty, Type::Object { fields, .. } if !fields.is_empty());
    let has_properties = |s: &Schema| match &resolved(s, shared).ty {
        Type::Array { items, .. } => is_object(items),
        _ => is_object(s),
    };
    if !arms.iter().any(has_properties) {
        return None;
    }
    let shapes: Vec<String> = arms
        .iter()
        .map(|a| match &resolved(a, shared).ty {
            Type::Array { items, .. } => {
                format!("array of {}", resolved(items, shared).ty.describe())
            }
            ty => ty.describe(),
        })
        .collect();
    Some(format!(
        "the request body is a union (oneOf/anyOf) of {}; tools cannot account a union's \
         properties arm by arm yet, and one opaque `body` would leave them unaccounted",
        shapes.join(" | ")
    ))
}

#[cfg(test)]
mod tests {
    use crate::spec::normalize::normalize;
    use serde_json::{Value, json};

    /// The unsupported reasons of a one-operation document whose body has `content`.
    fn reasons(content: Value) -> Vec<String> {
        let doc = json!({"openapi": "3.0.3", "info": {"title": "t", "version": "1"}, "paths": {
            "/x": {"post": {"requestBody": {"content": content}, "responses": {"200": {"description": "ok"}}}}}});
        normalize(&doc).operations[0]
            .unsupported
            .iter()
            .map(ToString::to_string)
            .collect()
    }

    fn object() -> Value {
        json!({"type": "object", "properties": {"name": {"type": "string"}, "slug": {"type": "string"}}})
    }

    #[test]
    fn multipart_and_binary_bodies_are_unsupported_naming_the_media_type() {
        assert_eq!(
            reasons(json!({"multipart/form-data": {"schema": {"type": "object",
                "properties": {"file": {"type": "string", "format": "binary"}}}}})),
            [
                "unsupported: the request body is `multipart/form-data` (file-upload parts), which tools cannot send yet at #/paths/~1x/post/requestBody/content/multipart~1form-data/schema"
            ]
        );
        assert_eq!(
            reasons(
                json!({"application/octet-stream": {"schema": {"type": "string", "format": "binary"}}})
            ),
            [
                "unsupported: the request body is `application/octet-stream` (raw bytes), which tools cannot send yet at #/paths/~1x/post/requestBody/content/application~1octet-stream/schema"
            ]
        );
        // A JSON alternative is chosen first, and is supported.
        assert_eq!(
            reasons(
                json!({"multipart/form-data": {"schema": object()}, "application/json": {"schema": object()}})
            ),
            Vec::<String>::new()
        );
    }

    #[test]
    fn a_union_body_with_properties_is_unsupported_as_a_union() {
        assert_eq!(
            reasons(
                json!({"application/json": {"schema": {"oneOf": [object(), {"type": "array", "items": object()}]}}})
            ),
            [
                "unsupported: the request body is a union (oneOf/anyOf) of object (2 fields) | array of object (2 fields); tools cannot account a union's properties arm by arm yet, and one opaque `body` would leave them unaccounted at #/paths/~1x/post/requestBody/content/application~1json/schema"
            ]
        );
        // A union of scalars has no properties to lose: it stays one `body` argument.
        assert_eq!(
            reasons(
                json!({"application/json": {"schema": {"anyOf": [{"type": "string"}, {"type": "integer"}]}}})
            ),
            Vec::<String>::new()
        );
    }
}
