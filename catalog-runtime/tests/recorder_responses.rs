//! The recorder checks live responses against the spec: a body that lies about its schema (or a
//! status or media type the spec does not document) is reported per operation; a matching one is
//! not.
#![cfg(feature = "runtime")]

use catalog_core::index::Index;
use catalog_core::spec::load::{self as spec, Format};
use catalog_runtime::audit::recorder::{Recorder, Report};
use serde_json::json;

fn index() -> Index {
    let d = json!({
        "openapi": "3.0.3",
        "info": {"title": "Pets", "version": "1.0"},
        "paths": {
            "/pets": {"get": {"operationId": "ListPets", "responses": {
                "200": {"description": "the pets", "content": {"application/json": {
                    "schema": {"type": "array", "items": {"$ref": "#/components/schemas/Pet"}}}}},
                "default": {"$ref": "#/components/responses/Error"}
            }}},
            "/pets/{id}": {"delete": {"operationId": "DeletePet",
                "parameters": [{"name": "id", "in": "path", "required": true,
                                "schema": {"type": "string"}}],
                "responses": {"204": {"description": "gone"}}}}
        },
        "components": {
            "schemas": {
                "Pet": {"type": "object", "required": ["id", "name"], "properties": {
                    "id": {"type": "integer", "readOnly": true},
                    "name": {"type": "string"},
                    "tag": {"type": "string", "nullable": true},
                    "parent": {"$ref": "#/components/schemas/Pet"}
                }},
                "Error": {"type": "object", "required": ["message"],
                          "properties": {"message": {"type": "string"}}}
            },
            "responses": {"Error": {"description": "an error", "content": {
                "application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}}}
        }
    });
    let doc = spec::parse(d.to_string().as_bytes(), Format::Json, "pets").unwrap();
    Index::from_document(&doc)
}

fn recorder(index: &Index) -> Recorder {
    let tools = [
        ("list_pets", &index.operations[0]),
        ("delete_pet", &index.operations[1]),
    ];
    Recorder::new(index, tools, "")
}

const JSON: Option<&str> = Some("application/json");

#[test]
fn a_matching_response_is_not_reported() {
    let index = index();
    let r = recorder(&index);
    let body = json!([{"id": 1, "name": "Rex", "tag": null, "parent": {"id": 0, "name": "Ma"}}]);
    r.record_response("list_pets", 200, JSON, body.to_string().as_bytes())
        .unwrap();
    r.record_response("list_pets", 500, JSON, br#"{"message": "down"}"#)
        .unwrap();
    r.record_response("delete_pet", 204, None, b"").unwrap();
    // A tool the recorder was not given is not checked.
    r.record_response("other", 200, JSON, b"not json").unwrap();
    assert!(r.response_mismatches().is_empty());
    r.assert_no_response_mismatch();
    assert!(r.summary().response_mismatches.is_empty());
}

#[test]
fn a_body_that_lies_about_its_schema_is_reported_per_operation() {
    let index = index();
    let r = recorder(&index);
    // `id` is readOnly and required: a response must carry it.
    let lie = json!([{"name": "Rex", "tag": 3}]);
    let e = r
        .record_response("list_pets", 200, JSON, lie.to_string().as_bytes())
        .unwrap_err();
    assert_eq!(e.tool, "list_pets");
    assert_eq!(e.operation, "GET /pets");
    assert_eq!(e.status, 200);
    assert!(
        e.problem
            .starts_with("the body does not match the `200` `application/json` schema: "),
        "{}",
        e.problem
    );
    assert!(
        e.problem.contains("\"id\" is a required property"),
        "{}",
        e.problem
    );
    assert!(e.problem.contains("at `$[0].tag`"), "{}", e.problem);
    assert!(
        e.to_string().starts_with(
            "tool `list_pets` got a response from `GET /pets` that does not match the spec: \
             HTTP 200: the body does not match"
        ),
        "{e}"
    );
    // The error body falls under `default`, whose schema requires `message`.
    let e = r
        .record_response("list_pets", 503, JSON, br#"{"error": "down"}"#)
        .unwrap_err();
    assert!(e.problem.contains("`default`"), "{}", e.problem);
    // A body where the spec documents none.
    r.record_response("delete_pet", 204, JSON, b"{}")
        .unwrap_err();

    let report = r.summary();
    assert_eq!(
        report.response_mismatches.keys().collect::<Vec<_>>(),
        ["DELETE /pets/{id}", "GET /pets"]
    );
    assert_eq!(report.response_mismatches["GET /pets"].len(), 2);
    assert!(report.response_mismatches["GET /pets"][0].starts_with("list_pets: HTTP 200: "));
    assert_eq!(
        report.response_mismatches["DELETE /pets/{id}"],
        [
            "delete_pet: HTTP 204: a 2-byte `application/json` body, where the `204` response \
          documents none"
        ]
    );
    assert!(!report.is_clean());
    let text = report.to_string();
    assert!(
        text.contains("responses that do not match the spec:\n  DELETE /pets/{id}\n    delete_pet"),
        "{text}"
    );
    let panic = std::panic::catch_unwind(|| r.assert_no_response_mismatch()).unwrap_err();
    let message = panic.downcast_ref::<String>().unwrap();
    assert!(
        message.starts_with("3 response(s) do not match the spec:\n  tool `list_pets`"),
        "{message}"
    );
}

#[test]
fn response_mismatches_survive_the_report_file_and_add_up() {
    let index = index();
    let r = recorder(&index);
    r.record_response("list_pets", 200, Some("text/html"), b"<p>")
        .unwrap_err();
    let dir = std::env::temp_dir().join(format!("catalog-rr-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("record.json");
    let _ = std::fs::remove_file(&file);
    r.merge_into_file(&file).unwrap();
    let merged = r.merge_into_file(&file).unwrap();
    assert_eq!(merged.response_mismatches["GET /pets"].len(), 2);
    assert_eq!(
        merged.response_mismatches["GET /pets"][0],
        "list_pets: HTTP 200: media type `text/html` is not documented for `200` (documented: \
         application/json)"
    );
    let read: Report = serde_json::from_slice(&std::fs::read(&file).unwrap()).unwrap();
    assert_eq!(read, merged);
    // A report written before responses were checked still reads, with none.
    let old: Report = serde_json::from_value(json!({
        "calls": {}, "undeclared": [], "never_called": []
    }))
    .unwrap();
    assert!(old.response_mismatches.is_empty() && old.is_clean());
    let _ = std::fs::remove_dir_all(&dir);
}
