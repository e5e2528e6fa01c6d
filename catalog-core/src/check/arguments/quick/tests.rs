//! The quick checks against the full check: a value they pass has no problem, a valid scalar
//! takes them, and a decoder that keeps them accepts, refuses and reports exactly what one
//! without them does.

use super::*;
use crate::check::arguments::{Decoder, check_value};
use crate::model::Field;
use proptest::prelude::*;
use serde_json::json;
use std::sync::OnceLock;

fn schema(ty: Type, nullable: bool) -> Schema {
    let mut s = Schema::new(ty);
    s.nullable = nullable;
    s
}

/// Schemas of every kind the quick checks cover, with and without each constraint, and some
/// they leave to the full check.
fn any_schema() -> impl Strategy<Value = Schema> {
    let bound = prop::option::of(prop_oneof![
        Just(0.0),
        Just(1.0),
        Just(-3.5),
        Just(10.0),
        Just(1e19),
        -100.0..100.0_f64
    ]);
    let length = prop::option::of(0_u64..8);
    let text = (
        length.clone(),
        length,
        prop::option::of(prop::collection::vec("[a-cé]{0,3}", 0..4)),
        prop::option::of(prop_oneof![
            Just("uuid".to_string()),
            Just("byte".to_string())
        ]),
        prop::option::of(Just("^a".to_string())),
    )
        .prop_map(
            |(min_length, max_length, enumeration, format, pattern)| Type::String {
                format,
                enumeration,
                pattern,
                min_length,
                max_length,
            },
        );
    let integer = (
        prop::option::of(prop_oneof![
            Just("int32".to_string()),
            Just("int64".to_string()),
            Just("uint64".to_string()),
            Just("uint8".to_string()),
            Just("custom".to_string())
        ]),
        bound.clone(),
        bound.clone(),
        prop::option::of(prop::collection::vec(-3_i64..4, 0..4)),
    )
        .prop_map(|(format, minimum, maximum, enumeration)| Type::Integer {
            format,
            minimum,
            maximum,
            enumeration,
        });
    let number = (bound.clone(), bound, any::<bool>(), any::<bool>()).prop_map(
        |(minimum, maximum, exclusive_minimum, exclusive_maximum)| Type::Number {
            format: None,
            minimum,
            maximum,
            exclusive_minimum,
            exclusive_maximum,
        },
    );
    let others = prop_oneof![Just(Type::Any), Just(Type::Boolean)];
    let scalar = (prop_oneof![text, integer, number, others], any::<bool>())
        .prop_map(|(ty, nullable)| schema(ty, nullable));
    scalar.prop_recursive(2, 12, 3, |inner| {
        let array = (
            inner.clone(),
            prop::option::of(0_u64..3),
            prop::option::of(0_u64..3),
        )
            .prop_map(|(items, min_items, max_items)| Type::Array {
                items: Box::new(items),
                min_items,
                max_items,
            });
        let field = ("[abc]", any::<bool>(), inner).prop_map(|(name, required, schema)| Field {
            name,
            required,
            read_only: false,
            schema,
        });
        let object =
            (prop::collection::vec(field, 0..3), any::<bool>()).prop_map(|(fields, open)| {
                Type::Object {
                    fields,
                    open,
                    values: None,
                }
            });
        (prop_oneof![array, object], any::<bool>()).prop_map(|(ty, nullable)| schema(ty, nullable))
    })
}

/// Whether an integer past `i64` is anywhere in `value` (the quick checks leave those to the
/// full check).
fn past_i64(value: &Value) -> bool {
    match value {
        Value::Number(n) => n.as_u64().is_some_and(|u| i64::try_from(u).is_err()),
        Value::Array(items) => items.iter().any(past_i64),
        Value::Object(map) => map.values().any(past_i64),
        _ => false,
    }
}

/// Values of every JSON kind, near the bounds the schemas above use.
fn any_value() -> impl Strategy<Value = Value> {
    prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::from),
        (-12_i64..12).prop_map(Value::from),
        any::<i64>().prop_map(Value::from),
        any::<u64>().prop_map(Value::from),
        Just(json!(i64::MIN)),
        Just(json!(u64::MAX)),
        Just(json!(2147483648_i64)),
        Just(json!(255)),
        Just(json!(256)),
        (-12.0..12.0_f64).prop_map(Value::from),
        Just(json!(1.0)),
        Just(json!(10.0)),
        Just(json!(-3.5)),
        "[a-cé日]{0,9}".prop_map(Value::from),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(20_000))]

    #[test]
    fn a_value_the_quick_check_passes_has_no_problem(schema in any_schema(), value in any_value()) {
        let quick = Quick::new(&schema);
        let full = check_value(&schema, &value);
        if quick.passes(&value) {
            prop_assert!(full.is_ok(), "{schema:?} {value} passed quickly: {full:?}");
        } else if full.is_ok() {
            // What the quick checks leave to the full check: the kinds they do not cover, and
            // integers past `i64`.
            let left = matches!(quick.kind, Kind::Full) || past_i64(&value);
            prop_assert!(left, "{schema:?} {value} is valid but not passed quickly");
        }
    }
}

/// An operation with a row of each kind the quick checks cover, and an array and an object.
fn op() -> Operation {
    let row = |name: &str, required: bool, schema: Value| {
        json!({"param": {"location": "query", "name": name, "required": required, "schema": schema, "pointer": "#/p"},
               "disposition": "set", "argument": name, "field": name})
    };
    serde_json::from_value(json!({
        "method": "GET", "path": "/x", "pointer": "#/op",
        "accounting": [
            row("id", true, json!({"type": "string", "minLength": 2, "maxLength": 4})),
            row("n", true, json!({"type": "integer", "format": "int32", "minimum": 1})),
            row("sort", false, json!({"type": "string", "enum": ["asc", "desc"]})),
            row("ratio", false, json!({"type": "number", "minimum": 0, "maximum": 1})),
            row("flag", false, json!({"type": "boolean"})),
            row("note", false, json!({"type": "string", "nullable": true})),
            row("level", false, json!({"type": "integer", "enum": [1, 2]})),
            row("tags", false, json!({"type": "array", "items": {"type": "string"}, "maxItems": 2})),
            row("any", false, json!({"type": "any"})),
            row("filter", false, json!({"type": "object", "fields": [
                {"name": "name", "required": true, "schema": {"type": "string", "minLength": 1}},
                {"name": "level", "schema": {"type": "integer", "maximum": 3}},
                {"name": "channels", "schema": {"type": "array", "items": {"type": "string", "enum": ["a", "b"]}}}]})),
        ]
    }))
    .unwrap()
}

/// What a decoder makes of `args`: each value it decoded, and its problems.
fn decode(
    op: &Operation,
    checks: Option<&OnceLock<Checks>>,
    args: Value,
) -> (Vec<Value>, Vec<String>) {
    let mut d = match checks {
        Some(checks) => Decoder::checked(op, checks, args),
        None => Decoder::new(op, args),
    };
    let mut decoded = vec![];
    while let Some((key, value)) = d.next() {
        match op.accounting.iter().position(|r| r.param.name == key) {
            Some(row) => decoded.push(
                d.value::<Value>(row, &key, value)
                    .unwrap_or(json!("refused")),
            ),
            None => d.unknown(&key),
        }
    }
    let problems = match d.finish() {
        Ok(()) => vec![],
        Err(e) => e.problems().iter().map(ToString::to_string).collect(),
    };
    (decoded, problems)
}

#[test]
fn a_decoder_with_quick_checks_reports_what_one_without_does() {
    let op = op();
    // Every row but the free-form one has a quick test of its own kind.
    let kinds: Vec<String> = Checks::new(&op)
        .rows
        .iter()
        .map(|q| {
            format!("{:?}", q.kind)
                .split([' ', '{'])
                .next()
                .unwrap_or_default()
                .to_string()
        })
        .collect();
    assert_eq!(
        kinds,
        [
            "Text", "Integer", "Text", "Number", "Boolean", "Text", "Integer", "Array", "Any",
            "Object"
        ]
    );
    let checks = OnceLock::new();
    for args in [
        json!({"id": "ab", "n": 3}),
        json!({"id": "abcd", "n": 1, "sort": "desc", "ratio": 0.5, "flag": true, "note": null, "level": 2, "tags": ["x"], "any": {"a": 1}}),
        json!({"id": "a", "n": 0, "sort": "up", "ratio": 1.5, "flag": "yes", "level": 3, "tags": ["x", "y", "z"], "any": null}),
        json!({"id": null, "n": 2147483648_i64, "note": 7, "sort": null}),
        json!({"n": 1.5, "ratio": -0.0, "extra": 1}),
        json!({"id": "日本語é", "n": 5}),
        json!({"id": "日本語éab", "n": 5}),
        json!({"id": "ab", "n": 5, "filter": {"name": "x", "level": 2, "channels": ["a"]}}),
        json!({"id": "ab", "n": 5, "filter": {"name": "", "level": 4, "channels": ["c", 1], "other": 1}}),
        json!({"id": "ab", "n": 5, "filter": {"level": 1}}),
        json!({"id": "ab", "n": 5, "filter": {"name": "x", "channels": null}}),
        json!([1]),
        json!({}),
    ] {
        assert_eq!(
            decode(&op, Some(&checks), args.clone()),
            decode(&op, None, args.clone()),
            "{args}"
        );
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2_000))]

    #[test]
    fn any_arguments_decode_alike_with_and_without_quick_checks(
        values in prop::collection::vec(prop::option::of(any_value()), 10),
        extra in prop::option::of(any_value()),
    ) {
        let op = op();
        let checks = OnceLock::new();
        let mut args = serde_json::Map::new();
        for (row, value) in op.accounting.iter().zip(values) {
            if let Some(value) = value {
                args.insert(row.param.name.clone(), value);
            }
        }
        if let Some(extra) = extra {
            args.insert("idd".into(), extra);
        }
        let args = Value::Object(args);
        prop_assert_eq!(decode(&op, Some(&checks), args.clone()), decode(&op, None, args));
    }
}

#[test]
fn required_rows_are_known_below_64_and_left_to_the_full_look_past_it() {
    let checks = Checks::new(&op());
    assert_eq!(checks.required, Some(0b11));
    assert!(checks.all_required_in(0b111));
    assert!(!checks.all_required_in(0b101));
    let row = |i: usize| {
        json!({"param": {"location": "query", "name": format!("p{i}"), "required": i == 64, "schema": {"type": "any"}, "pointer": "#/p"},
               "disposition": "set", "argument": format!("p{i}"), "field": format!("p{i}")})
    };
    let wide: Operation = serde_json::from_value(json!({
        "method": "GET", "path": "/x", "pointer": "#/op",
        "accounting": (0..65).map(row).collect::<Vec<_>>()
    }))
    .unwrap();
    let checks = Checks::new(&wide);
    assert_eq!(checks.required, None);
    assert!(!checks.all_required_in(u64::MAX));
}
