//! Which shapes the encoder cannot write, read from small documents as the index reads them
//! (through `$ref`s and unions), and the operations a required one makes unsupported.

use super::{unsendable, value_unsendable};
use crate::model::Operation;
use crate::spec::normalize::{Normalized, normalize};
use serde_json::{Value, json};

/// A document of one `POST /x` operation with `parameters` and, when given, a body `content`.
fn document(parameters: Value, content: Option<Value>) -> Normalized {
    let mut op = json!({"parameters": parameters, "responses": {"200": {"description": "ok"}}});
    if let Some(c) = content {
        op["requestBody"] = json!({"content": c});
    }
    let doc = json!({"openapi": "3.0.3", "info": {"title": "t", "version": "1"},
        "components": {"schemas": {
            "Range": {"type": "object", "properties": {"gt": {"type": "integer"}}},
            "Tag": {"type": "object", "properties": {"name": {"type": "string"}}}}},
        "paths": {"/x": {"post": op}}});
    normalize(&doc)
}

/// What [`unsendable`] says of each parameter of the document's operation, by address.
fn verdicts(parameters: Value, content: Option<Value>) -> Vec<(String, Option<String>)> {
    let n = document(parameters, content);
    let op = &n.operations[0];
    op.params
        .iter()
        .map(|p| (p.address(), unsendable(op, p, &n.shared)))
        .collect()
}

fn query(name: &str, schema: Value) -> Value {
    json!({"in": "query", "name": name, "schema": schema})
}

const FLAT: &str = "has no encoding for an array or object inside another (only a scalar, an \
                    array of scalars, or an object of scalars)";

#[test]
fn nested_shapes_outside_brackets_have_no_encoding_naming_the_shape_and_style() {
    let found = verdicts(
        json!([
            query("tags", json!({"type": "array", "items": {"$ref": "#/components/schemas/Tag"}})),
            query("grid", json!({"type": "array", "items": {"type": "array", "items": {"type": "integer"}}})),
            query("filter", json!({"type": "object", "properties": {
                "name": {"type": "string"}, "created": {"$ref": "#/components/schemas/Range"}}})),
            query("either", json!({"anyOf": [{"type": "string"},
                {"type": "array", "items": {"anyOf": [{"type": "integer"}, {"type": "object"}]}}]})),
            {"in": "query", "name": "ids", "style": "pipeDelimited",
             "schema": {"type": "array", "items": {"type": "array", "items": {"type": "string"}}}},
            {"in": "header", "name": "X-Pairs", "schema": {"type": "array", "items": {"type": "object"}}},
            {"in": "cookie", "name": "prefs", "schema": {"type": "object", "properties": {
                "list": {"type": "array", "items": {"type": "string"}}}}},
            {"in": "path", "name": "id", "required": true, "style": "matrix",
             "schema": {"type": "array", "items": {"type": "array", "items": {"type": "string"}}}},
        ]),
        None,
    );
    let expect = |address: &str, why: &str| (address.to_string(), Some(why.to_string()));
    assert_eq!(
        found,
        [
            expect(
                "query.tags",
                &format!("an array of objects, and a query parameter of style `form` {FLAT}")
            ),
            expect(
                "query.grid",
                &format!("an array of arrays, and a query parameter of style `form` {FLAT}")
            ),
            expect(
                "query.filter",
                &format!(
                    "an object whose property `created` is an object, and a query parameter of \
                     style `form` {FLAT}"
                )
            ),
            expect(
                "query.either",
                &format!("an array of objects, and a query parameter of style `form` {FLAT}")
            ),
            expect(
                "query.ids",
                &format!(
                    "an array of arrays, and a query parameter of style `pipeDelimited` {FLAT}"
                )
            ),
            expect(
                "header.X-Pairs",
                &format!("an array of objects, and a header parameter of style `simple` {FLAT}")
            ),
            expect(
                "cookie.prefs",
                &format!(
                    "an object whose property `list` is an array, and a cookie parameter of \
                     style `form` {FLAT}"
                )
            ),
            expect(
                "path.id",
                &format!("an array of arrays, and a path parameter of style `matrix` {FLAT}")
            ),
        ]
    );
}

#[test]
fn flat_shapes_deep_objects_body_fields_and_any_value_are_sendable() {
    let form = json!({"application/x-www-form-urlencoded": {"schema": {"type": "object",
        "properties": {
            "items": {"type": "array", "items": {"type": "array", "items": {"type": "object"}}},
            "address": {"anyOf": [{"$ref": "#/components/schemas/Tag"}, {"type": "string", "enum": [""]}]}}}}});
    let found = verdicts(
        json!([
            query("ids", json!({"type": "array", "items": {"type": "integer"}})),
            query("point", json!({"type": "object", "properties": {"x": {"type": "number"}}})),
            query("anything", json!({})),
            query("list_of_any", json!({"type": "array", "items": {}})),
            {"in": "query", "name": "created", "style": "deepObject", "explode": true,
             "schema": {"type": "array", "items": {"$ref": "#/components/schemas/Range"}}},
            {"in": "header", "name": "X-Ids", "schema": {"type": "array", "items": {"type": "string"}}},
        ]),
        Some(form),
    );
    let sendable: Vec<(String, Option<String>)> = [
        "query.ids",
        "query.point",
        "query.anything",
        "query.list_of_any",
        "query.created",
        "header.X-Ids",
        "body.items",
        "body.address",
    ]
    .iter()
    .map(|a| (a.to_string(), None))
    .collect();
    assert_eq!(found, sendable);
}

#[test]
fn a_whole_form_body_is_sendable_only_when_it_may_be_an_object() {
    let whole = |schema: Value| {
        verdicts(
            json!([]),
            Some(json!({"application/x-www-form-urlencoded": {"schema": schema}})),
        )
    };
    assert_eq!(
        whole(json!({"type": "array", "items": {"type": "string"}})),
        [(
            "body".to_string(),
            Some(
                "the whole `application/x-www-form-urlencoded` body, of schema array of string, \
                 and a form body is a set of named fields: only an object has a form encoding"
                    .to_string()
            )
        )]
    );
    for schema in [
        json!({"type": "object"}),
        json!({"type": "object", "properties": {}, "additionalProperties": false}),
        json!({}),
        json!({"anyOf": [{"type": "object"}, {"type": "string"}]}),
    ] {
        assert_eq!(
            whole(schema.clone()),
            [("body".to_string(), None)],
            "{schema}"
        );
    }
}

#[test]
fn a_required_parameter_that_cannot_be_sent_makes_its_operation_unsupported() {
    let n = document(
        json!([
            {"in": "query", "name": "tags", "required": true,
             "schema": {"type": "array", "items": {"$ref": "#/components/schemas/Tag"}}},
            query("optional_tags", json!({"type": "array", "items": {"$ref": "#/components/schemas/Tag"}})),
        ]),
        None,
    );
    let reasons: Vec<String> = n.operations[0]
        .unsupported
        .iter()
        .map(ToString::to_string)
        .collect();
    assert_eq!(
        reasons,
        [format!(
            "unsupported: `query.tags` is required and cannot be sent: it is an array of objects, \
             and a query parameter of style `form` {FLAT} at #/paths/~1x/post/parameters/0"
        )]
    );
}

#[test]
fn a_fixed_value_is_judged_by_its_own_shape() {
    let n = document(
        json!([query("any", json!({})), {"in": "query", "name": "deep", "style": "deepObject",
            "schema": {}}]),
        Some(json!({"application/x-www-form-urlencoded": {"schema": {}}})),
    );
    let op: &Operation = &n.operations[0];
    let param = |address: &str| op.params.iter().find(|p| p.address() == address).unwrap();
    let nested = "it nests an array or object inside another, which a query parameter of style \
                  `form` has no encoding for; fix a scalar, an array of scalars or an object of \
                  scalars, or omit it with a reason";
    assert_eq!(
        value_unsendable(op, param("query.any"), &json!([[1]])).as_deref(),
        Some(nested)
    );
    assert_eq!(
        value_unsendable(op, param("query.any"), &json!({"a": {"b": 1}})).as_deref(),
        Some(nested)
    );
    assert_eq!(
        value_unsendable(op, param("query.any"), &json!([1, 2])),
        None
    );
    assert_eq!(
        value_unsendable(op, param("query.any"), &json!({"a": 1})),
        None
    );
    assert_eq!(
        value_unsendable(op, param("query.deep"), &json!([{"a": [1]}])),
        None
    );
    assert_eq!(
        value_unsendable(op, param("body"), &json!(["a"])).as_deref(),
        Some(
            "a form body is a set of named fields: only an object has a form encoding; fix an \
             object, or omit it with a reason"
        )
    );
    assert_eq!(
        value_unsendable(op, param("body"), &json!({"a": [1]})),
        None
    );
}

#[test]
fn every_location_and_style_is_named_as_the_encoder_writes_it() {
    use super::style_name;
    use crate::model::{Location, Style};
    let named = [
        (Location::Query, Style::Json, "json"),
        (Location::Header, Style::Json, "json"),
        (Location::Header, Style::Form, "simple"),
        (Location::Header, Style::Label, "simple"),
        (Location::Cookie, Style::Simple, "form"),
        (Location::Query, Style::SpaceDelimited, "spaceDelimited"),
        (Location::Query, Style::PipeDelimited, "pipeDelimited"),
        (Location::Query, Style::DeepObject, "form"),
        (Location::Path, Style::Label, "label"),
        (Location::Path, Style::Matrix, "matrix"),
        (Location::Path, Style::Simple, "simple"),
        (Location::Path, Style::SpaceDelimited, "simple"),
    ];
    for (location, style, name) in named {
        assert_eq!(style_name(location, style), name, "{location} {style:?}");
    }
}

#[test]
fn a_json_content_parameter_is_sendable_whatever_its_shape() {
    let nested =
        json!({"type": "object", "properties": {"range": {"$ref": "#/components/schemas/Range"}}});
    let verdicts = verdicts(
        json!([
            {"name": "f", "in": "query", "content": {"application/json": {"schema": nested}}},
            {"name": "g", "in": "query", "schema": nested},
        ]),
        None,
    );
    assert_eq!(verdicts[0], ("query.f".to_string(), None));
    assert!(verdicts[1].1.is_some(), "{verdicts:?}");
}
