//! Normalizing responses: the same schema rules as requests (3.0 and 3.1 nullable forms, `$ref`
//! as shared schemas, cycles), `$ref` responses and headers, problems kept on the response, and
//! response schemas expanded under their own budget.

use catalog_core::index::inline::BUDGET;
use catalog_core::index::{Index, IndexReader, Lookup};
use catalog_core::model::{DegradeReason, Operation, Schema, StatusKey, Type};
use catalog_core::spec::load::{Format, parse};
use catalog_core::spec::normalize::normalize;
use serde_json::{Map, Value, json};

fn document(version: &str, responses: Value, components: Value) -> Vec<u8> {
    serde_json::to_vec(&json!({
        "openapi": version,
        "info": {"title": "R", "version": "1"},
        "paths": {"/x": {"get": {"operationId": "Get", "responses": responses}}},
        "components": components,
    }))
    .unwrap()
}

fn index(version: &str, responses: Value, components: Value) -> Operation {
    let bytes = document(version, responses, components);
    let doc = parse(&bytes, Format::Json, "r").unwrap();
    Index::from_document(&doc).operations.remove(0)
}

fn ok_schema(op: &Operation) -> &Schema {
    op.responses[0].content[0].schema.as_ref().unwrap()
}

fn field<'a>(s: &'a Schema, name: &str) -> &'a Schema {
    match &s.ty {
        Type::Object { fields, .. } => &fields.iter().find(|f| f.name == name).unwrap().schema,
        other => panic!("not an object: {other:?}"),
    }
}

#[test]
fn nullable_forms_of_3_0_and_3_1_are_read_as_in_requests() {
    let props = |version: &str| {
        if version.starts_with("3.1") {
            json!({"a": {"type": ["string", "null"]}, "b": {"enum": ["x", null]}})
        } else {
            json!({"a": {"type": "string", "nullable": true},
                   "b": {"type": "string", "x-nullable": true}})
        }
    };
    for version in ["3.0.3", "3.1.0"] {
        let op = index(
            version,
            json!({"200": {"description": "ok", "content": {"application/json": {"schema": {
                "type": "object", "properties": props(version)}}}}}),
            json!({}),
        );
        let s = ok_schema(&op);
        assert!(field(s, "a").nullable, "{version}");
        assert!(field(s, "b").nullable, "{version}");
    }
}

#[test]
fn ref_responses_headers_and_schemas_are_followed_and_content_type_is_left_out() {
    let op = index(
        "3.0.3",
        json!({
            "200": {"$ref": "#/components/responses/Pets"},
            "x-extension": {"not": "a response"},
            "default": {"description": "error"}
        }),
        json!({
            "responses": {"Pets": {"description": "pets", "headers": {
                "X-Next": {"$ref": "#/components/headers/Next"},
                "Content-Type": {"schema": {"type": "string"}},
                "X-Count": {"content": {"text/plain": {"schema": {"type": "integer"}}}}
            }, "content": {"application/json": {"schema": {
                "type": "array", "items": {"$ref": "#/components/schemas/Pet"}}}}}},
            "headers": {"Next": {"description": "the next page", "required": true,
                                 "schema": {"type": "string", "format": "uri"}}},
            "schemas": {"Pet": {"type": "object", "properties": {"name": {"type": "string"}}}}
        }),
    );
    let statuses: Vec<StatusKey> = op.responses.iter().map(|r| r.status).collect();
    assert_eq!(statuses, [StatusKey::Code(200), StatusKey::Default]);
    let ok = &op.responses[0];
    assert_eq!(ok.pointer, "#/components/responses/Pets");
    assert_eq!(ok.description.as_deref(), Some("pets"));
    let names: Vec<&str> = ok.headers.iter().map(|h| h.name.as_str()).collect();
    assert_eq!(names, ["X-Next", "X-Count"]);
    assert!(ok.headers[0].required);
    assert_eq!(ok.headers[0].description.as_deref(), Some("the next page"));
    assert!(matches!(ok.headers[1].schema.ty, Type::Integer { .. }));
    // Expanded: the `$ref` item is written out.
    let Type::Array { items, .. } = &ok_schema(&op).ty else {
        panic!()
    };
    assert!(matches!(field(items, "name").ty, Type::String { .. }));
    assert!(op.responses[1].content.is_empty());
}

#[test]
fn a_schema_shared_by_request_and_responses_is_stored_once() {
    let bytes = serde_json::to_vec(&json!({
        "openapi": "3.0.3",
        "info": {"title": "R", "version": "1"},
        "paths": {"/x": {"post": {
            "requestBody": {"content": {"application/json": {"schema": {
                "$ref": "#/components/schemas/Pet"}}}},
            "responses": {
                "200": {"description": "ok", "content": {"application/json": {"schema": {
                    "$ref": "#/components/schemas/Pet"}}}},
                "201": {"description": "ok", "content": {"application/json": {"schema": {
                    "type": "array", "items": {"$ref": "#/components/schemas/Pet"}}}}}
            }}}},
        "components": {"schemas": {"Pet": {"type": "object", "properties": {
            "name": {"type": "string"}}}}}
    }))
    .unwrap();
    let doc = parse(&bytes, Format::Json, "r").unwrap();
    let n = normalize(&doc.value);
    assert_eq!(n.shared.len(), 1);
    let stored = &n.operations[0];
    assert_eq!(
        stored.responses[0].content[0].schema.as_ref().unwrap().ty,
        Type::Shared { id: 0 }
    );
}

#[test]
fn a_cycle_in_a_response_schema_is_cut_once_and_recorded() {
    let op = index(
        "3.0.3",
        json!({"200": {"description": "ok", "content": {"application/json": {"schema": {
            "$ref": "#/components/schemas/Node"}}}}}),
        json!({"schemas": {"Node": {"type": "object", "properties": {
            "name": {"type": "string"},
            "children": {"type": "array", "items": {"$ref": "#/components/schemas/Node"}}}}}}),
    );
    assert!(op.degraded.is_empty(), "the request side is untouched");
    assert_eq!(op.degraded_output.len(), 1);
    let d = &op.degraded_output[0];
    assert_eq!(d.at, "response.200.application/json.children[]");
    assert_eq!(d.pointer, "#/components/schemas/Node");
    assert_eq!(d.reason, DegradeReason::Recursive);
    let Type::Array { items, .. } = &field(ok_schema(&op), "children").ty else {
        panic!()
    };
    assert_eq!(items.ty, Type::Any);
}

#[test]
fn a_broken_response_is_recorded_on_the_response_not_the_operation() {
    let op = index(
        "3.0.3",
        json!({
            "200": {"description": "ok", "content": {"application/json": {"schema": {
                "$ref": "#/components/schemas/Gone"}}}},
            "404": {"$ref": "#/components/responses/Missing"},
            "500": {"description": "x", "content": {"application/json": {"schema": {
                "$ref": "#/components/schemas/Broken"}}}}
        }),
        json!({"schemas": {"Broken": {"type": "object", "properties": {
            "inner": {"$ref": "#/components/schemas/Nowhere"}}}}}),
    );
    assert!(op.is_supported(), "{:?}", op.unsupported);
    let reasons: Vec<Vec<&str>> = op
        .responses
        .iter()
        .map(|r| r.unsupported.iter().map(|u| u.reason.as_str()).collect())
        .collect();
    assert_eq!(
        reasons,
        [
            vec!["dangling `$ref` `#/components/schemas/Gone`: nothing is declared there"],
            vec!["dangling `$ref` `#/components/responses/Missing`: nothing is declared there"],
            vec!["dangling `$ref` `#/components/schemas/Nowhere`: nothing is declared there"],
        ]
    );
    assert_eq!(
        op.responses[1].unsupported[0].pointer,
        "#/paths/~1x/get/responses/404"
    );
}

/// `S0 .. S{n-1}`, each an object whose `a` and `b` are both the next one.
fn dense(n: usize) -> Value {
    let mut schemas = Map::new();
    for i in 0..n {
        let next = json!({"$ref": format!("#/components/schemas/S{}", i + 1)});
        schemas.insert(
            format!("S{i}"),
            json!({"type": "object", "properties": {"a": next, "b": next}}),
        );
    }
    schemas.insert(format!("S{n}"), json!({"type": "string"}));
    json!({"schemas": schemas})
}

#[test]
fn a_dense_response_is_cut_by_its_own_budget_and_the_per_operation_read_agrees() {
    let bytes = serde_json::to_vec(&json!({
        "openapi": "3.0.3",
        "info": {"title": "R", "version": "1"},
        "paths": {"/x": {"post": {"operationId": "Post",
            "requestBody": {"content": {"application/json": {"schema": {
                "type": "object", "properties": {"root": {"$ref": "#/components/schemas/S8"}}}}}},
            "responses": {"200": {"description": "ok", "content": {"application/json": {
                "schema": {"$ref": "#/components/schemas/S0"}}}}}}}},
        "components": dense(24),
    }))
    .unwrap();
    let doc = parse(&bytes, Format::Json, "dense-responses").unwrap();
    let op = Index::from_document(&doc).operations.remove(0);
    // The request (`S8`, 2^16 leaves written out) and the response (`S0`, 2^24) are both cut,
    // each within its own budget.
    assert!(!op.degraded_output.is_empty());
    for d in &op.degraded_output {
        assert!(d.at.starts_with("response.200.application/json"), "{d:?}");
        assert_eq!(d.reason, DegradeReason::Budget(BUDGET));
        assert!(d.to_string().ends_with("schema nodes per operation"), "{d}");
    }
    assert!(!op.degraded.is_empty());
    for d in &op.degraded {
        assert!(d.at.starts_with("body.root"), "{d:?}");
    }
    let nodes = count(ok_schema(&op));
    assert!(nodes <= BUDGET, "{nodes}");
    let cut = find_cut(ok_schema(&op)).expect("a cut part");
    assert!(
        cut.contains("the output schema reached its budget"),
        "{cut}"
    );
    // The index files give the same operation.
    let dir = std::env::temp_dir().join(format!("catalog-nr-{}", std::process::id()));
    let n = normalize(&doc.value);
    let dir_file = n.write(&doc.info, &dir).unwrap();
    let reader = IndexReader::open(&dir_file).unwrap();
    let Lookup::Found(found) = reader.find("Post").unwrap() else {
        panic!("Post not found")
    };
    assert_eq!(found.responses, op.responses);
    assert_eq!(found.degraded_output, op.degraded_output);
    let _ = std::fs::remove_dir_all(&dir);
}

fn count(s: &Schema) -> usize {
    1 + match &s.ty {
        Type::Array { items, .. } => count(items),
        Type::Object { fields, .. } => fields.iter().map(|f| count(&f.schema)).sum(),
        Type::AnyOf { arms } => arms.iter().map(count).sum(),
        _ => 0,
    }
}

fn find_cut(s: &Schema) -> Option<String> {
    if s.ty == Type::Any {
        return s.description.clone();
    }
    match &s.ty {
        Type::Array { items, .. } => find_cut(items),
        Type::Object { fields, .. } => fields.iter().find_map(|f| find_cut(&f.schema)),
        _ => None,
    }
}
