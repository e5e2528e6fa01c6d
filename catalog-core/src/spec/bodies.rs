//! Request-body shapes tools cannot wrap (yet), each made an [`Unsupported`] reason of its
//! operation so that `catalog check` does not call it ok and a tool that wraps it fails to
//! compile naming the shape, instead of compiling into a request that fails at every call or an
//! opaque `body` that hides the properties the proof is about. A required parameter whose shape
//! the encoder cannot write ([`crate::spec::shapes`]) makes its operation unsupported too: a
//! tool can neither send nor omit it.

use crate::model::{
    Body, BodyKind, Location, Operation, Param, Schema, SharedSchema, Type, Unsupported,
};
use crate::spec::shapes::resolved;

/// Adds the body-shape reason to each operation whose body tools cannot send; `shared` is the
/// table [`Type::Shared`] schemas name.
pub(crate) fn mark_unsupported(operations: &mut [Operation], shared: &[SharedSchema]) {
    for op in operations {
        if let Some(body) = &op.body
            && let Some(why) = unsupported(body, &op.params, shared)
        {
            op.unsupported.push(why);
        }
        let unsendable: Vec<Unsupported> = op
            .params
            .iter()
            .filter(|p| p.required)
            .filter_map(|p| {
                let why = crate::spec::shapes::unsendable(op, p, shared)?;
                Some(Unsupported {
                    reason: format!(
                        "`{}` is required and cannot be sent: it is {why}",
                        p.address()
                    ),
                    pointer: p.pointer.clone(),
                })
            })
            .collect();
        op.unsupported.extend(unsendable);
    }
}

/// Why a tool cannot send this body, if it cannot.
fn unsupported(body: &Body, params: &[Param], shared: &[SharedSchema]) -> Option<Unsupported> {
    let reason = match body.kind {
        BodyKind::Multipart => multipart_reason(body, params, shared)?,
        BodyKind::Binary => binary_reason(body, params, shared)?,
        // A union body (`oneOf`/`anyOf`) is supported: a tool picks the arm it sends
        // (`crate::check::union`).
        BodyKind::Json | BodyKind::Form | BodyKind::Text => return None,
    };
    Some(Unsupported {
        reason,
        pointer: body.pointer.clone(),
    })
}

/// A multipart body is sent part by part, one per property: it must be an object with
/// properties, its files parts or arrays of parts, and its `encoding` without part headers.
fn multipart_reason(body: &Body, params: &[Param], shared: &[SharedSchema]) -> Option<String> {
    if body.whole {
        let whole = params
            .iter()
            .find(|p| p.location == Location::Body && p.name.is_empty());
        // A union of objects (PeerTube's video import: by URL, by magnet or by torrent file)
        // could be sent arm by arm as a JSON body is; not yet.
        if let Some(p) = whole
            && let Type::AnyOf { arms } = &resolved(&p.schema, shared).ty
            && arms
                .iter()
                .all(|a| matches!(resolved(a, shared).ty, Type::Object { .. }))
        {
            return Some(format!(
                "the request body is `{}` with a union (oneOf/anyOf) of {} objects; tools send a \
                 multipart body one part per property of one object, and do not pick a union's \
                 arm for it yet",
                body.media_type,
                arms.len()
            ));
        }
        let shape = whole.map_or_else(
            || "no schema".to_string(),
            |p| format!("a schema of {}", resolved(&p.schema, shared).ty.describe()),
        );
        return Some(format!(
            "the request body is `{}` with {shape}, not an object with properties; tools send a \
             multipart body one part per property",
            body.media_type
        ));
    }
    for p in params.iter().filter(|p| p.location == Location::Body) {
        if let Some(at) = nested_binary(&p.schema, shared, &p.name, 0) {
            return Some(format!(
                "the `{}` part holds a file (a `format: binary` string) at `{at}`; tools send a \
                 file only as a whole part or as each element of an array part",
                p.name
            ));
        }
    }
    let with_headers: Vec<String> = body
        .encoding
        .iter()
        .filter(|e| !e.headers.is_empty())
        .map(|e| format!("`{}` ({})", e.name, e.headers.join(", ")))
        .collect();
    (!with_headers.is_empty()).then(|| {
        format!(
            "the `encoding` of the `{}` body declares part headers for {}, which tools cannot \
             send yet",
            body.media_type,
            with_headers.join(", ")
        )
    })
}

/// Where a `format: binary` string sits inside a part other than as the part or an array
/// part's elements (which are [`Type::File`]), as an argument path (`doc.pages[]`).
fn nested_binary(
    schema: &Schema,
    shared: &[SharedSchema],
    at: &str,
    depth: usize,
) -> Option<String> {
    if depth > 16 {
        return None;
    }
    let schema = resolved(schema, shared);
    match &schema.ty {
        Type::String { .. } if crate::spec::normalize::files::is_binary_string(schema) => {
            Some(at.to_string())
        }
        Type::Array { items, .. } => nested_binary(items, shared, &format!("{at}[]"), depth + 1),
        Type::Object { fields, .. } => fields
            .iter()
            .find_map(|f| nested_binary(&f.schema, shared, &format!("{at}.{}", f.name), depth + 1)),
        Type::AnyOf { arms } => arms
            .iter()
            .find_map(|a| nested_binary(a, shared, at, depth + 1)),
        _ => None,
    }
}

/// A binary body is sent as the bytes of one file: its schema must be a file.
fn binary_reason(body: &Body, params: &[Param], shared: &[SharedSchema]) -> Option<String> {
    let whole = params
        .iter()
        .find(|p| p.location == Location::Body && p.name.is_empty());
    let shape = match whole {
        Some(p) if p.schema.ty == Type::File => return None,
        Some(p) => resolved(&p.schema, shared).ty.describe(),
        None => "an object with properties".to_string(),
    };
    Some(format!(
        "the request body is `{}` with a schema of {shape}; tools send a binary body only as one \
         file (a `format: binary` string, a string without `format`, or no schema)",
        body.media_type
    ))
}

#[cfg(test)]
mod tests {
    use crate::model::{BodyKind, PartEncoding, Type};
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

    /// The one operation of a document whose body has `content`.
    fn operation(content: Value) -> crate::model::Operation {
        let doc = json!({"openapi": "3.0.3", "info": {"title": "t", "version": "1"}, "paths": {
            "/x": {"post": {"requestBody": {"content": content}, "responses": {"200": {"description": "ok"}}}}}});
        normalize(&doc).operations.remove(0)
    }

    #[test]
    fn a_form_body_property_takes_its_style_and_explode_from_the_encoding() {
        let op = operation(json!({"application/x-www-form-urlencoded": {
            "schema": {"type": "object", "properties": {
                "expand": {"type": "array", "items": {"type": "string"}},
                "ids": {"type": "array", "items": {"type": "string"}},
                "tags": {"type": "array", "items": {"type": "string"}},
                "name": {"type": "string"}}},
            "encoding": {"expand": {"style": "deepObject", "explode": true},
                         "ids": {"style": "pipeDelimited"},
                         "tags": {"explode": false}}}}));
        let styles: Vec<(String, crate::model::Style, bool)> = op
            .params
            .iter()
            .map(|p| (p.address(), p.style, p.explode))
            .collect();
        use crate::model::Style::{DeepObject, Form, PipeDelimited};
        assert_eq!(
            styles,
            [
                ("body.expand".to_string(), DeepObject, true),
                ("body.ids".to_string(), PipeDelimited, false),
                ("body.tags".to_string(), Form, false),
                ("body.name".to_string(), Form, true),
            ]
        );
    }

    #[test]
    fn a_multipart_object_body_is_parts_with_files_and_its_encoding() {
        let op = operation(json!({"multipart/form-data": {
            "schema": {"type": "object", "required": ["file"], "properties": {
                "file": {"type": "string", "format": "binary", "description": "the upload"},
                "more": {"type": "array", "items": {"type": "string", "format": "binary"}},
                "note": {"type": "string"}}},
            "encoding": {"file": {"contentType": "image/png, image/jpeg"}}}}));
        assert!(op.unsupported.is_empty(), "{:?}", op.unsupported);
        let types: Vec<(String, String, bool)> = op
            .params
            .iter()
            .map(|p| (p.address(), p.schema.ty.describe(), p.required))
            .collect();
        assert_eq!(
            types,
            [
                ("body.file".to_string(), "file (binary)".to_string(), true),
                (
                    "body.more".to_string(),
                    "array of file (binary)".to_string(),
                    false
                ),
                ("body.note".to_string(), "string".to_string(), false),
            ]
        );
        assert_eq!(op.params[0].description.as_deref(), Some("the upload"));
        let body = op.body.unwrap();
        assert_eq!(
            body.encoding,
            [PartEncoding {
                name: "file".into(),
                content_type: Some("image/png, image/jpeg".into()),
                headers: vec![],
            }]
        );
    }

    #[test]
    fn a_binary_body_of_a_binary_string_or_no_schema_is_one_file() {
        for content in [
            json!({"application/octet-stream": {"schema": {"type": "string", "format": "binary"}}}),
            json!({"application/octet-stream": {}}),
            json!({"image/png": {"schema": {}}}),
            // A string that says nothing of its content is the bytes (GitHub's release assets
            // as `*/*`, Docker's archives as `application/octet-stream`).
            json!({"application/octet-stream": {"schema": {"type": "string"}}}),
            json!({"*/*": {"schema": {"type": "string", "description": "The raw file"}}}),
            json!({"application/x-yaml": {"schema": {"type": "string"}}}),
        ] {
            let op = operation(content.clone());
            assert!(op.unsupported.is_empty(), "{content}: {:?}", op.unsupported);
            assert_eq!(op.params.len(), 1);
            assert_eq!(
                (op.params[0].address(), &op.params[0].schema.ty),
                ("body".to_string(), &Type::File)
            );
        }
        // A JSON alternative is chosen first.
        let op = operation(
            json!({"application/octet-stream": {}, "application/json": {"schema": object()}}),
        );
        assert_eq!(op.body.unwrap().kind, BodyKind::Json);
    }

    #[test]
    fn multipart_and_binary_shapes_tools_cannot_send_are_unsupported_naming_the_shape() {
        assert_eq!(
            reasons(
                json!({"multipart/form-data": {"schema": {"type": "array", "items": {"type": "string"}}}})
            ),
            [
                "unsupported: the request body is `multipart/form-data` with a schema of array of string, not an object with properties; tools send a multipart body one part per property at #/paths/~1x/post/requestBody/content/multipart~1form-data/schema"
            ]
        );
        assert_eq!(
            reasons(json!({"multipart/form-data": {}})),
            [
                "unsupported: the request body is `multipart/form-data` with a schema of any JSON value, not an object with properties; tools send a multipart body one part per property at #/paths/~1x/post/requestBody/content/multipart~1form-data/schema"
            ]
        );
        assert_eq!(
            reasons(
                json!({"multipart/form-data": {"schema": {"type": "object", "properties": {
                "doc": {"type": "object", "properties": {"pages": {"type": "array", "items": {"type": "string", "format": "binary"}}}}}}}})
            ),
            [
                "unsupported: the `doc` part holds a file (a `format: binary` string) at `doc.pages[]`; tools send a file only as a whole part or as each element of an array part at #/paths/~1x/post/requestBody/content/multipart~1form-data/schema"
            ]
        );
        assert_eq!(
            reasons(json!({"multipart/form-data": {
                "schema": {"type": "object", "properties": {"file": {"type": "string", "format": "binary"}}},
                "encoding": {"file": {"headers": {"X-Rate": {"schema": {"type": "integer"}}}}}}})),
            [
                "unsupported: the `encoding` of the `multipart/form-data` body declares part headers for `file` (X-Rate), which tools cannot send yet at #/paths/~1x/post/requestBody/content/multipart~1form-data/schema"
            ]
        );
        // A `Content-Type` part header is ignored, as OpenAPI says; the others are named.
        assert_eq!(
            reasons(json!({"multipart/form-data": {
                "schema": {"type": "object", "properties": {"file": {"type": "string", "format": "binary"}}},
                "encoding": {"file": {"headers": {
                    "Content-Type": {"schema": {"type": "string"}},
                    "X-Rate": {"schema": {"type": "integer"}},
                    "X-Id": {"schema": {"type": "string"}}}}}}})),
            [
                "unsupported: the `encoding` of the `multipart/form-data` body declares part headers for `file` (X-Rate, X-Id), which tools cannot send yet at #/paths/~1x/post/requestBody/content/multipart~1form-data/schema"
            ]
        );
        assert!(
            reasons(json!({"multipart/form-data": {
                "schema": {"type": "object", "properties": {"file": {"type": "string", "format": "binary"}}},
                "encoding": {"file": {"headers": {"content-type": {"schema": {"type": "string"}}}}}}}))
            .is_empty()
        );
        assert_eq!(
            reasons(json!({"application/octet-stream": {"schema": {"type": "integer"}}})),
            [
                "unsupported: the request body is `application/octet-stream` with a schema of integer; tools send a binary body only as one file (a `format: binary` string, a string without `format`, or no schema) at #/paths/~1x/post/requestBody/content/application~1octet-stream/schema"
            ]
        );
        // `format: byte` is base64 text, which the binary type contradicts; an enum is words.
        assert_eq!(
            reasons(
                json!({"application/octet-stream": {"schema": {"type": "string", "format": "byte"}}})
            ),
            [
                "unsupported: the request body is `application/octet-stream` with a schema of string (byte); tools send a binary body only as one file (a `format: binary` string, a string without `format`, or no schema) at #/paths/~1x/post/requestBody/content/application~1octet-stream/schema"
            ]
        );
        assert_eq!(
            reasons(
                json!({"application/octet-stream": {"schema": {"type": "string", "enum": ["a", "b"]}}})
            ),
            [
                "unsupported: the request body is `application/octet-stream` with a schema of string enum [a, b]; tools send a binary body only as one file (a `format: binary` string, a string without `format`, or no schema) at #/paths/~1x/post/requestBody/content/application~1octet-stream/schema"
            ]
        );
        assert_eq!(
            reasons(json!({"application/octet-stream": {"schema": object()}})),
            [
                "unsupported: the request body is `application/octet-stream` with a schema of an object with properties; tools send a binary body only as one file (a `format: binary` string, a string without `format`, or no schema) at #/paths/~1x/post/requestBody/content/application~1octet-stream/schema"
            ]
        );
    }

    #[test]
    fn openapi_3_1_content_keywords_mark_files_as_format_binary_does() {
        let op = operation(json!({"multipart/form-data": {
            "schema": {"type": "object", "properties": {
                "file": {"type": "string", "contentMediaType": "image/png"},
                "pages": {"type": "array", "items": {"type": "string", "contentMediaType": "application/pdf"}},
                "thumb": {"type": "string", "contentMediaType": "image/png", "contentEncoding": "base64"},
                "note": {"type": "string"}}}}}));
        let types: Vec<(String, String)> = op
            .params
            .iter()
            .map(|p| (p.address(), p.schema.ty.describe()))
            .collect();
        assert_eq!(
            types,
            [
                ("body.file".to_string(), "file (binary)".to_string()),
                (
                    "body.pages".to_string(),
                    "array of file (binary)".to_string()
                ),
                ("body.thumb".to_string(), "string (byte)".to_string()),
                ("body.note".to_string(), "string".to_string()),
            ]
        );
        let op = operation(json!({"application/octet-stream": {
            "schema": {"type": "string", "contentMediaType": "application/octet-stream"}}}));
        assert!(op.unsupported.is_empty(), "{:?}", op.unsupported);
        assert_eq!(op.params[0].schema.ty, Type::File);
        // In a JSON body, base64 content is base64 text, checked as `format: byte` is.
        let op = operation(
            json!({"application/json": {"schema": {"type": "object", "properties": {
            "logo": {"type": "string", "contentEncoding": "base64"}}}}}),
        );
        assert_eq!(op.params[0].schema.ty.describe(), "string (byte)");
    }

    #[test]
    fn an_allof_body_of_mixed_kinds_is_unsupported_naming_its_arms() {
        let doc = json!({"openapi": "3.0.3", "info": {"title": "t", "version": "1"}, "paths": {
            "/x": {"post": {"requestBody": {"content": {"application/json": {"schema": {"allOf": [
                {"$ref": "#/components/schemas/Base"},
                {"type": "array", "items": {"type": "string"}}]}}}},
                "responses": {"200": {"description": "ok"}}}}},
            "components": {"schemas": {"Base": {"properties": {"a": {"type": "string"}}}}}});
        let reasons: Vec<String> = normalize(&doc).operations[0]
            .unsupported
            .iter()
            .map(ToString::to_string)
            .collect();
        assert_eq!(
            reasons,
            [
                "unsupported: the request body is an `allOf` of object (`Base`), array, which is neither all objects (merged into one object's properties) nor all one scalar kind (merged into one scalar), so tools cannot account it at #/paths/~1x/post/requestBody/content/application~1json/schema"
            ]
        );
        // Objects beside a `oneOf` none of whose arms is an object: no value satisfies it.
        let doc = json!({"openapi": "3.0.3", "info": {"title": "t", "version": "1"}, "paths": {
            "/x": {"post": {"requestBody": {"content": {"application/json": {"schema": {"allOf": [
                {"$ref": "#/components/schemas/Base"},
                {"oneOf": [{"type": "string"}, {"type": "integer"}]}]}}}},
                "responses": {"200": {"description": "ok"}}}}},
            "components": {"schemas": {"Base": {"properties": {"a": {"type": "string"}}}}}});
        let reasons: Vec<String> = normalize(&doc).operations[0]
            .unsupported
            .iter()
            .map(ToString::to_string)
            .collect();
        assert_eq!(
            reasons,
            [
                "unsupported: the request body is an `allOf` of object (`Base`) and a `oneOf` none of whose arms merges with the other members (objects with a scalar, or scalars of different kinds), so no value satisfies it at #/paths/~1x/post/requestBody/content/application~1json/schema"
            ]
        );
        // One typed arm beside annotations is that arm; scalars of one kind merge.
        for schema in [
            json!({"allOf": [{"type": "array", "items": {"type": "string"}}, {"description": "d"}]}),
            json!({"allOf": [{"type": "string", "format": "date"}, {"type": "string", "maxLength": 10}]}),
        ] {
            let op = operation(json!({"application/json": {"schema": schema}}));
            assert!(op.unsupported.is_empty(), "{schema}: {:?}", op.unsupported);
            assert_ne!(op.params[0].schema.ty, Type::Any, "{schema}");
        }
    }

    #[test]
    fn a_union_body_is_supported_with_its_arms_kept() {
        let op = operation(
            json!({"application/json": {"schema": {"oneOf": [object(), {"type": "array", "items": object()}]}}}),
        );
        assert!(op.unsupported.is_empty(), "{:?}", op.unsupported);
        let arms = crate::model::union_arms(&op).expect("a union body");
        assert_eq!(
            crate::model::describe_arms(arms),
            "object (name, slug) | array of object (name, slug)"
        );
    }
}
