//! The keywords a schema keeps beside its type (`multipleOf`, `uniqueItems`,
//! `minProperties`/`maxProperties`, `enum`/`const` of any type), from the spec's JSON through
//! normalization to the checker's message and the advertised schema. Here, above both the
//! checker and the schema writer, so that one test follows a keyword through each.

use crate::check::arguments::{Problem, ProblemKind, check_value};
use crate::index::Index;
use crate::model::Schema;
use crate::present::schema::{output_schema_of, schema_of};
use crate::spec::load::{Format, parse};
use serde_json::Value;
use serde_json::json;

/// The normalized schema of the body field `f` whose spec schema is `schema`.
fn normalized(schema: Value) -> Schema {
    let d = json!({
        "openapi": "3.1.0",
        "info": {"title": "T", "version": "1"},
        "paths": {"/x": {"post": {"requestBody": {"content": {"application/json": {"schema": {
            "type": "object", "properties": {"f": schema}
        }}}}}}},
    });
    let bytes = serde_json::to_vec(&d).expect("a document");
    let ops = Index::from_document(&parse(&bytes, Format::Json, "t").expect("parsed")).operations;
    ops[0].param("body.f").expect("body.f").schema.clone()
}

/// The messages of `value`'s problems against `schema`, each as `path: message`.
fn problems(schema: &Schema, value: Value) -> Vec<String> {
    match check_value(schema, &value) {
        Ok(()) => vec![],
        Err(e) => e.problems().iter().map(ToString::to_string).collect(),
    }
}

fn kinds(schema: &Schema, value: Value) -> Vec<ProblemKind> {
    match check_value(schema, &value) {
        Ok(()) => vec![],
        Err(e) => e.problems().iter().map(Problem::kind).collect(),
    }
}

#[test]
fn multiple_of_is_kept_checked_and_advertised() {
    let s = normalized(json!({"type": "integer", "multipleOf": 5}));
    assert_eq!(problems(&s, json!(15)), Vec::<String>::new());
    assert_eq!(
        problems(&s, json!(12)),
        ["$: expected a multiple of 5, got 12"]
    );
    assert_eq!(kinds(&s, json!(-3)), [ProblemKind::MultipleOf]);
    assert_eq!(schema_of(&s)["multipleOf"], json!(5));
    assert_eq!(output_schema_of(&s)["multipleOf"], json!(5));

    let f = normalized(json!({"type": "number", "multipleOf": 0.01}));
    assert!(problems(&f, json!(19.99)).is_empty());
    assert_eq!(
        problems(&f, json!(0.005)),
        ["$: expected a multiple of 0.01, got 0.005"]
    );
}

#[test]
fn unique_items_refuses_a_repeated_item_naming_both() {
    let s = normalized(json!({"type": "array", "items": {}, "uniqueItems": true}));
    assert!(problems(&s, json!([1, "1", [1], {"a": 1}])).is_empty());
    assert_eq!(
        problems(&s, json!([{"a": 1, "b": 2}, 3, {"b": 2, "a": 1.0}])),
        ["$[2]: items must be unique: item 2 equals item 0"]
    );
    assert_eq!(kinds(&s, json!(["x", "x"])), [ProblemKind::Duplicate]);
    assert_eq!(schema_of(&s)["uniqueItems"], json!(true));
    // `uniqueItems: false` says nothing.
    let free = normalized(json!({"type": "array", "items": {}, "uniqueItems": false}));
    assert!(free.assertions.is_none());
}

#[test]
fn property_counts_are_kept_checked_and_advertised() {
    let s = normalized(json!({
        "type": "object", "additionalProperties": {"type": "string"},
        "minProperties": 1, "maxProperties": 2,
    }));
    assert_eq!(
        problems(&s, json!({})),
        ["$: must have at least 1 property, got 0"]
    );
    assert!(problems(&s, json!({"a": "x", "b": "y"})).is_empty());
    assert_eq!(
        problems(&s, json!({"a": "x", "b": "y", "c": "z"})),
        ["$: must have at most 2 properties, got 3"]
    );
    assert_eq!(kinds(&s, json!({})), [ProblemKind::Properties]);
    let advertised = schema_of(&s);
    assert_eq!(
        (&advertised["minProperties"], &advertised["maxProperties"]),
        (&json!(1), &json!(2))
    );
}

#[test]
fn a_number_enum_and_a_const_of_every_type_are_kept() {
    let n = normalized(json!({"type": "number", "enum": [0.5, 1, 2.5]}));
    assert!(problems(&n, json!(1.0)).is_empty());
    assert_eq!(
        problems(&n, json!(2)),
        ["$: expected one of 0.5, 1, 2.5, got 2"]
    );
    assert_eq!(schema_of(&n)["enum"], json!([0.5, 1, 2.5]));

    let o = normalized(json!({"type": "object", "const": {"kind": "fixed"}}));
    assert!(problems(&o, json!({"kind": "fixed"})).is_empty());
    assert_eq!(
        problems(&o, json!({"kind": "other"})),
        [r#"$: expected {"kind":"fixed"} (the only value allowed), got {"kind":"other"}"#]
    );
    let a = normalized(json!({"type": "array", "items": {"type": "integer"}, "const": [1, 2]}));
    assert_eq!(kinds(&a, json!([2, 1])), [ProblemKind::Enum]);

    // A string `const` stays the string's own enum; a mixed `enum` with no type is kept whole.
    let c = normalized(json!({"const": "v1"}));
    assert_eq!(problems(&c, json!("v1")), Vec::<String>::new());
    assert_eq!(kinds(&c, json!("v2")), [ProblemKind::Enum]);
    let mixed = normalized(json!({"enum": [1, "one", true]}));
    assert!(problems(&mixed, json!("one")).is_empty());
    assert_eq!(kinds(&mixed, json!("1")), [ProblemKind::Enum]);
    // A string typed enum with a number in it: the number is not a string.
    let typed = normalized(json!({"type": "string", "enum": ["a", 1]}));
    assert!(!problems(&typed, json!("1")).is_empty());
}

#[test]
fn null_is_the_nullability_s_not_the_assertions() {
    let s = normalized(json!({"type": ["number", "null"], "enum": [1.5, null], "multipleOf": 0.5}));
    assert!(problems(&s, json!(null)).is_empty());
    assert!(problems(&s, json!(1.5)).is_empty());
    assert_eq!(schema_of(&s)["enum"], json!([1.5, null]));
}

#[test]
fn all_of_members_assertions_meet() {
    let s = normalized(json!({"allOf": [
        {"type": "integer", "multipleOf": 2, "enum": [2, 3, 4, 6]},
        {"type": "integer", "multipleOf": 4},
    ]}));
    assert!(problems(&s, json!(4)).is_empty());
    assert_eq!(kinds(&s, json!(2)), [ProblemKind::MultipleOf]);
    let o = normalized(json!({"allOf": [
        {"type": "object", "minProperties": 1},
        {"type": "object", "properties": {"a": {}}, "maxProperties": 1},
    ]}));
    assert_eq!(kinds(&o, json!({})), [ProblemKind::Properties]);
    assert_eq!(
        kinds(&o, json!({"a": 1, "b": 2})),
        [ProblemKind::Properties]
    );
}

#[test]
fn a_keyword_not_enforced_is_said_in_the_description() {
    // HERE's positioning API: a LAC is 1..=65535 but not 65534.
    let s = normalized(json!({
        "type": "integer", "minimum": 1, "maximum": 65535, "description": "Location Area Code.",
        "not": {"minimum": 65534, "maximum": 65534},
    }));
    assert_eq!(
        s.description.as_deref(),
        Some(
            "Location Area Code.\n\nNot checked before sending (the server validates it): the \
             spec's `not`."
        )
    );
    assert!(problems(&s, json!(65534)).is_empty());
    let map = normalized(json!({
        "type": "object", "additionalProperties": {"type": "string"},
        "propertyNames": {"pattern": "^[a-z]+$"}, "unevaluatedProperties": false,
    }));
    assert_eq!(
        schema_of(&map)["description"],
        json!(
            "Not checked before sending (the server validates it): the spec's `propertyNames`, \
             `unevaluatedProperties`."
        )
    );
}
