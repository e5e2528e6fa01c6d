//! Responses in the index, on the real documents in `CATALOG_SPECS_DIR`: every documented status,
//! media type and header is indexed (counted against an independent walk of the raw JSON), and
//! the shapes real APIs use are read right: GitHub's `$ref` responses and `Link` headers, NetBox's
//! paginated envelopes, Mattermost's arrays, ErsatzTV's OpenAPI 3.1 with three media types per
//! response, Oxide's `default` and `4XX`/`5XX` ranges.

use catalog_core::check::output::{Output, output};
use catalog_core::index::Index;
use catalog_core::model::{Operation, Schema, StatusKey, Type};
use catalog_core::present::output::{Wrap, output_schema, output_wrap};
use serde_json::{Map, Value, json};
use std::collections::BTreeMap;

#[path = "support/real_specs.rs"]
mod real_specs;
use real_specs::{SPECS, specs_dir};

fn resolve<'a>(root: &'a Value, mut v: &'a Value) -> &'a Value {
    while let Some(r) = v.get("$ref").and_then(Value::as_str) {
        match r.strip_prefix('#').and_then(|p| root.pointer(p)) {
            Some(t) => v = t,
            None => return v,
        }
    }
    v
}

// A status key as OpenAPI allows it, written here without the crate's parser: three
// characters, a first digit 1-5, then two digits or `XX`; or `default`.
fn is_status_key(key: &str) -> bool {
    let b = key.as_bytes();
    key == "default"
        || (b.len() == 3
            && (b'1'..=b'5').contains(&b[0])
            && (b[1..].iter().all(u8::is_ascii_digit) || b[1..].eq_ignore_ascii_case(b"xx")))
}

/// Per response of an operation, straight from the JSON: the status key as spelled, then the
/// number of media types, of media types with a schema, and of headers (other than
/// `Content-Type`).
type Walked = Vec<(String, [usize; 3])>;

fn independent_walk(root: &Value) -> BTreeMap<(String, String), Walked> {
    let mut out = BTreeMap::new();
    let methods = [
        "get", "put", "post", "delete", "options", "head", "patch", "trace",
    ];
    let paths = root["paths"].as_object().expect("paths");
    for (path, item) in paths {
        let item = resolve(root, item);
        for method in methods {
            let Some(op) = item.get(method) else { continue };
            let mut responses = Vec::new();
            for (key, r) in op
                .get("responses")
                .and_then(Value::as_object)
                .into_iter()
                .flatten()
            {
                if !is_status_key(key) {
                    continue;
                }
                let r = resolve(root, r);
                let empty = Map::new();
                let content = r
                    .get("content")
                    .and_then(Value::as_object)
                    .unwrap_or(&empty);
                let with_schema = content.values().filter(|m| m.get("schema").is_some());
                let headers = r
                    .get("headers")
                    .and_then(Value::as_object)
                    .unwrap_or(&empty);
                let headers = headers
                    .keys()
                    .filter(|h| !h.eq_ignore_ascii_case("content-type"));
                responses.push((
                    key.to_ascii_uppercase().replace("DEFAULT", "default"),
                    [content.len(), with_schema.count(), headers.count()],
                ));
            }
            out.insert((method.to_ascii_uppercase(), path.clone()), responses);
        }
    }
    out
}

fn indexed(op: &Operation) -> Walked {
    op.responses
        .iter()
        .map(|r| {
            (
                r.status.to_string(),
                [
                    r.content.len(),
                    r.content.iter().filter(|c| c.schema.is_some()).count(),
                    r.headers.len(),
                ],
            )
        })
        .collect()
}

#[test]
#[ignore = "needs the real specs: CATALOG_SPECS_DIR=../shared/specs (.ci/run sets it)"]
fn every_status_media_type_and_header_is_indexed() {
    let dir = specs_dir();
    let mut totals = BTreeMap::new();
    for name in SPECS {
        let path = dir.join(name);
        let raw: Value = serde_json::from_slice(&std::fs::read(&path).unwrap()).unwrap();
        let walked = independent_walk(&raw);
        let index = Index::load(&path).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(index.operations.len(), walked.len(), "{name}");
        let (mut statuses, mut media) = (0, 0);
        for op in &index.operations {
            let expected = &walked[&(op.method.clone(), op.path.clone())];
            assert_eq!(&indexed(op), expected, "{name}: {}", op.key());
            statuses += expected.len();
            media += expected.iter().map(|(_, c)| c[0]).sum::<usize>();
            // The real documents have no broken reference in a response.
            for r in &op.responses {
                assert!(r.unsupported.is_empty(), "{name}: {r:?}");
            }
        }
        totals.insert(name, (statuses, media));
    }
    // Figures from the same walk, so that a spec losing its responses shows.
    assert_eq!(totals["netbox-4.6.8.json"].0, 1199);
    assert_eq!(totals["progenitor-github-api-2021.json"].0, 1861);
    assert_eq!(totals["mattermost-v4.json"].0, 1808);
    assert_eq!(totals["ersatztv-v1.json"], (18, 18));
}

fn load(name: &str) -> Index {
    let dir = specs_dir();
    Index::load(&dir.join(name)).unwrap_or_else(|e| panic!("{name}: {e}"))
}

fn find<'a>(index: &'a Index, id: &str) -> &'a Operation {
    index
        .operations
        .iter()
        .find(|op| op.id.as_deref() == Some(id))
        .unwrap_or_else(|| panic!("no operation {id}"))
}

fn statuses(op: &Operation) -> Vec<String> {
    op.responses.iter().map(|r| r.status.to_string()).collect()
}

fn fields(s: &Schema) -> Vec<&str> {
    match &s.ty {
        Type::Object { fields, .. } => fields.iter().map(|f| f.name.as_str()).collect(),
        other => panic!("not an object: {other:?}"),
    }
}

fn json_schema<'a>(op: &'a Operation, status: &str) -> &'a Schema {
    let r = op
        .responses
        .iter()
        .find(|r| r.status.to_string() == status)
        .unwrap_or_else(|| panic!("{}: no {status}", op.key()));
    r.content_for("application/json")
        .and_then(|c| c.schema.as_ref())
        .unwrap_or_else(|| panic!("{}: {status} has no JSON schema", op.key()))
}

#[test]
#[ignore = "needs the real specs: CATALOG_SPECS_DIR=../shared/specs (.ci/run sets it)"]
fn github_responses_by_ref_and_their_link_header() {
    let index = load("progenitor-github-api-2021.json");
    let op = find(&index, "repos/get");
    assert_eq!(statuses(op), ["200", "403", "404", "301"]);
    let not_found = &op.responses[2];
    assert_eq!(not_found.pointer, "#/components/responses/not_found");
    assert_eq!(not_found.description.as_deref(), Some("Resource not found"));
    assert!(fields(json_schema(op, "404")).contains(&"message"));
    let repo = json_schema(op, "200");
    assert!(fields(repo).contains(&"full_name"), "{repo:?}");
    assert!(matches!(output(op), Output::Typed(ref t) if t.status == StatusKey::Code(200)));
    assert_eq!(output_wrap(op), Some(Wrap::None));

    let list = find(&index, "apps/list-installations");
    let ok = &list.responses[0];
    assert_eq!(ok.headers.len(), 1);
    assert_eq!(ok.headers[0].name, "Link");
    assert!(matches!(ok.headers[0].schema.ty, Type::String { .. }));
    assert_eq!(output_wrap(list), Some(Wrap::Items));
}

#[test]
#[ignore = "needs the real specs: CATALOG_SPECS_DIR=../shared/specs (.ci/run sets it)"]
fn netbox_paginated_envelopes() {
    let index = load("netbox-4.6.8.json");
    let op = find(&index, "dcim_devices_list");
    assert_eq!(statuses(op), ["200"]);
    let page = json_schema(op, "200");
    assert_eq!(fields(page), ["count", "next", "previous", "results"]);
    let Type::Object { fields: f, .. } = &page.ty else {
        unreachable!()
    };
    let required: Vec<&str> = f
        .iter()
        .filter(|f| f.required)
        .map(|f| f.name.as_str())
        .collect();
    assert_eq!(required, ["count", "results"]);
    assert!(f[1].schema.nullable, "next is nullable: {:?}", f[1].schema);
    let Type::Array { items, .. } = &f[3].schema.ty else {
        panic!("results: {:?}", f[3].schema)
    };
    assert!(fields(items).contains(&"serial"), "{items:?}");
    assert!(op.degraded_output.is_empty(), "{:?}", op.degraded_output);
    let schema = output_schema(op).expect("typed");
    assert_eq!(schema["required"], json!(["count", "results"]));
    assert_eq!(
        schema["properties"]["next"]["type"],
        json!(["string", "null"])
    );
    assert_eq!(output_wrap(op), Some(Wrap::None));
}

#[test]
#[ignore = "needs the real specs: CATALOG_SPECS_DIR=../shared/specs (.ci/run sets it)"]
fn mattermost_arrays_are_wrapped_and_errors_come_from_components() {
    let index = load("mattermost-v4.json");
    let op = find(&index, "GetUsers");
    assert_eq!(statuses(op), ["200", "400", "401", "403"]);
    assert_eq!(op.responses[1].pointer, "#/components/responses/BadRequest");
    let Type::Array { items, .. } = &json_schema(op, "200").ty else {
        panic!("GetUsers 200 is an array")
    };
    assert!(fields(items).contains(&"username"));
    assert_eq!(output_wrap(op), Some(Wrap::Items));
    let schema = output_schema(op).expect("typed");
    assert_eq!(schema["required"], json!(["items"]));
    assert_eq!(schema["properties"]["items"]["type"], "array");

    let post = find(&index, "GetPost");
    let header = &post.responses[0].headers[0];
    assert_eq!(header.name, "Has-Inaccessible-Posts");
    assert_eq!(header.schema.ty, Type::boolean());
    assert!(
        header
            .description
            .as_deref()
            .unwrap()
            .contains("plan limit")
    );
}

#[test]
#[ignore = "needs the real specs: CATALOG_SPECS_DIR=../shared/specs (.ci/run sets it)"]
fn ersatztv_3_1_media_types_and_null_types() {
    let index = load("ersatztv-v1.json");
    let op = find(&index, "GetVersion");
    let media: Vec<&str> = op.responses[0]
        .content
        .iter()
        .map(|c| c.media_type.as_str())
        .collect();
    assert_eq!(media, ["text/plain", "application/json", "text/json"]);
    let version = json_schema(op, "200");
    assert_eq!(fields(version), ["apiVersion", "appVersion"]);
    let Type::Object { fields: f, .. } = &version.ty else {
        unreachable!()
    };
    // `type: ["null", "string"]`, OpenAPI 3.1's nullable form.
    assert!(f[1].schema.nullable && matches!(f[1].schema.ty, Type::String { .. }));
    // Two JSON media types of one schema are one output, `application/json`.
    assert!(
        matches!(output(op), Output::Typed(t) if t.media_type == "application/json"),
        "{:?}",
        output(op)
    );
    assert!(output_schema(op).is_some());
    let reset = index
        .operations
        .iter()
        .find(|o| o.key() == "POST /api/channels/{channelNumber}/playout/reset")
        .unwrap();
    assert_eq!(
        output(reset),
        Output::NoContent {
            status: StatusKey::Code(200)
        }
    );
}

#[test]
#[ignore = "needs the real specs: CATALOG_SPECS_DIR=../shared/specs (.ci/run sets it)"]
fn oxide_default_and_status_ranges() {
    let index = load("oxide-nexus.json");
    let auth = find(&index, "device_auth_request");
    assert_eq!(statuses(auth), ["default"]);
    assert_eq!(
        output(auth),
        Output::NotJson {
            status: StatusKey::Default,
            media_types: vec!["*/*".into()],
        }
    );
    let ranged = index
        .operations
        .iter()
        .find(|op| op.responses.iter().any(|r| r.status == StatusKey::Range(4)))
        .expect("an operation with a 4XX response");
    assert!(
        ranged
            .responses
            .iter()
            .any(|r| r.status == StatusKey::Range(5))
    );
    assert!(ranged.response_for(404).unwrap().status == StatusKey::Range(4));
    assert!(fields(json_schema(ranged, "4XX")).contains(&"message"));
}
