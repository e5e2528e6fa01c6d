//! Pass cases: every accepted row of the type table (docs/design.md §2) compiles, and each carries its
//! value through decoding and encoding unchanged.

use catalog::{ProblemKind, Tool, tool};
use serde_json::{Map, Value, json};

/// A string enum the tool names instead of `String`.
#[derive(Debug, PartialEq, serde::Serialize, serde::Deserialize, catalog::StringEnum)]
#[serde(rename_all = "lowercase")]
pub enum Color {
    Red,
    Green,
}

/// A user type for an object schema.
#[derive(Debug, PartialEq, serde::Serialize, serde::Deserialize, catalog::Object)]
pub struct Doc {
    pub k: String,
}

// One struct per row would need 16 operations; `EveryType` has a body field per row, so each
// field here is one row. The narrowest accepted integer types are used where the spec bounds them.
#[tool(
    spec = "edge-cases",
    operation = "EveryType",
    omitted(
        "query.dry_run",
        reason = "every call is real; a dry run would report success for nothing"
    )
)]
pub struct EveryType {
    pub mode: String,                         // string enum -> String
    pub text: Option<String>,                 // string (uuid) -> String
    pub count32: Option<i32>,                 // int32 -> i32
    pub count64: Option<i64>,                 // int64 -> i64
    pub plain: Option<i128>,                  // integer without format -> a wider type holds it
    pub small: Option<u8>,                    // 0..=255 -> u8
    pub ratio: Option<f64>,                   // number -> f64
    pub fraction: Option<f32>,                // number (float) -> f32
    pub flag: Option<bool>,                   // boolean -> bool
    pub ids: Option<Vec<i64>>,                // array of int32 -> Vec of any type that holds int32
    pub doc: Option<Doc>,                     // object -> a user type
    pub either: Option<Value>,                // oneOf -> serde_json::Value
    pub anything: Option<Map<String, Value>>, // any -> serde_json::Map
    pub note: Option<String>,                 // required and nullable -> Option<T>, None sends null
    pub color: Option<Color>,                 // string enum -> a Rust enum
    pub maybe: Option<Option<i64>>,           // nullable and optional -> Option<Option<T>>
    pub tags: Option<Vec<String>>,            // array of string -> Vec<String>
}

#[test]
fn every_row_round_trips() {
    let args = json!({
        "mode": "safe", "text": "123e4567-e89b-12d3-a456-426614174000", "count32": -5, "count64": 1i64 << 40, "plain": 7,
        "small": 255, "ratio": 0.25, "fraction": 0.5, "flag": true, "ids": [1, 2],
        "doc": {"k": "v"}, "either": 3, "anything": {"x": [1]}, "note": null,
        "color": "green", "maybe": null, "tags": ["a"]
    });
    let t = EveryType::from_arguments(args.clone()).unwrap();
    assert_eq!(t.small, Some(255));
    assert_eq!(t.color, Some(Color::Green));
    assert_eq!(t.maybe, Some(None));
    assert_eq!(t.note, None);
    let req = t.to_request().unwrap();
    assert_eq!(req.uri().to_string(), "/types?mode=safe");
    let body: Value = serde_json::from_slice(req.body()).unwrap();
    let mut want = args.as_object().unwrap().clone();
    want.remove("mode");
    assert_eq!(body, Value::Object(want));
}

#[test]
fn absent_and_null_stay_apart() {
    // `maybe` absent is not sent; `note` is required and nullable, so `None` is sent as null.
    let t = EveryType::from_arguments(json!({"mode": "fast", "note": null})).unwrap();
    assert_eq!(t.maybe, None);
    let body: Value = serde_json::from_slice(t.to_request().unwrap().body()).unwrap();
    assert_eq!(body, json!({"note": null}));
}

#[test]
fn values_outside_the_spec_are_refused_before_any_request() {
    for (args, needle) in [
        (json!({"mode": "turbo", "note": null}), "$.mode"),
        (
            json!({"mode": "fast", "note": null, "small": 256}),
            "$.small",
        ),
        (
            json!({"mode": "fast", "note": null, "count32": 1.5}),
            "$.count32",
        ),
        (json!({"mode": "fast"}), "note"),
        (
            json!({"mode": "fast", "note": null, "colour": "red"}),
            "color",
        ),
        (
            json!({"mode": "fast", "note": null, "dry_run": true}),
            "every call is real",
        ),
    ] {
        let e = EveryType::from_arguments(args.clone())
            .map(|_| ())
            .unwrap_err()
            .to_string();
        assert!(e.contains(needle), "{args}: {e}");
    }
}

#[test]
fn every_problem_is_reported_at_once() {
    let e = EveryType::from_arguments(json!({"small": 256, "colour": "red", "count32": "x"}))
        .map(|_| ())
        .unwrap_err();
    let found: Vec<(&str, ProblemKind)> =
        e.problems().iter().map(|p| (p.path(), p.kind())).collect();
    assert_eq!(
        found,
        [
            ("$.small", ProblemKind::Range),
            ("$.colour", ProblemKind::UnknownArgument),
            ("$.count32", ProblemKind::Type),
            ("$.mode", ProblemKind::Missing),
            ("$.note", ProblemKind::Missing),
        ]
    );
}

#[test]
fn arguments_that_are_not_an_object_are_one_problem() {
    for args in [json!([1]), json!("x"), Value::Null] {
        let e = EveryType::from_arguments(args.clone())
            .map(|_| ())
            .unwrap_err();
        let kinds: Vec<ProblemKind> = e.problems().iter().map(|p| p.kind()).collect();
        assert_eq!(kinds, [ProblemKind::NotAnObject], "{args}: {e}");
    }
}

#[test]
fn explicit_null_is_kept_for_double_option() {
    // `maybe` is `Option<Option<i64>>`: null is `Some(None)` and is sent as null.
    let t = EveryType::from_arguments(json!({"mode": "safe", "note": "n", "maybe": null})).unwrap();
    assert_eq!(t.maybe, Some(None));
    assert_eq!(t.note.as_deref(), Some("n"));
    let body: Value = serde_json::from_slice(t.to_request().unwrap().body()).unwrap();
    assert_eq!(body, json!({"note": "n", "maybe": null}));
}

#[test]
fn the_emitted_schema_is_valid_and_closed() {
    let schema = EveryType::input_schema();
    jsonschema::draft202012::meta::validate(schema).unwrap();
    assert_eq!(schema["additionalProperties"], false);
    assert_eq!(schema["required"], json!(["mode", "note"]));
    assert_eq!(
        schema["properties"]["note"]["type"],
        json!(["string", "null"])
    );
    assert_eq!(
        schema["properties"]["maybe"]["type"],
        json!(["integer", "null"])
    );
    assert_eq!(
        schema["properties"]["color"]["enum"],
        json!(["red", "green"])
    );
}

/// A nullable array of nullable integers in every location and style: `None` elements are sent
/// as the spec's null form (`null`, declared when `openapi/null-forms.yaml` is indexed), and
/// `legacy` overrides it with its own.
#[tool(spec = "null-forms", operation = "NullForms")]
pub struct NullForms {
    #[arg(param = "path.ids")]
    pub ids: Vec<Option<i64>>,
    pub tenant_id: Option<Vec<Option<i64>>>,
    pub site_id: Option<Vec<Option<i64>>>,
    pub rack_id: Option<Vec<Option<i64>>>,
    pub owner: Option<Option<i64>>,
    #[arg(null = "none")]
    pub legacy: Option<Option<i64>>,
    #[arg(param = "header.X-Ids")]
    pub x_ids: Option<Vec<Option<i64>>>,
    #[arg(param = "body.ids", rename = "body_ids")]
    pub body_ids: Option<Vec<Option<i64>>>,
}

#[test]
fn null_elements_and_values_are_sent_as_the_declared_null_form_everywhere() {
    let args = json!({
        "ids": [null, 1], "tenant_id": [null, 2], "site_id": [3, null], "rack_id": [null, null],
        "owner": null, "legacy": null, "X-Ids": [null, 4], "body_ids": [null, 5]
    });
    let t = NullForms::from_arguments(args).unwrap();
    assert_eq!(t.ids, vec![None, Some(1)]);
    assert_eq!(t.owner, Some(None));
    let r = t.to_request().unwrap();
    assert_eq!(
        r.uri().to_string(),
        "/things/null,1?tenant_id=null&tenant_id=2&site_id=3,null&rack_id=null|null&owner=null&legacy=none"
    );
    assert_eq!(r.headers()["x-ids"], "null,4");
    assert_eq!(r.body(), br#"{"ids":[null,5]}"#);
}

#[test]
fn typed_and_json_null_elements_encode_to_the_same_bytes() {
    // The same tool built from `Value` arguments by `build_request` agrees byte for byte.
    let t = NullForms {
        ids: vec![None],
        tenant_id: Some(vec![None]),
        site_id: None,
        rack_id: None,
        owner: None,
        legacy: Some(None),
        x_ids: Some(vec![None, None]),
        body_ids: None,
    };
    let typed = t.to_request().unwrap();
    let op = NullForms::operation();
    let arg = |v: Value| catalog_runtime::wire::encode::ArgValue::from(v);
    let by_value = catalog_runtime::wire::encode::build_request(
        op,
        &[
            ("ids", arg(json!([null]))),
            ("tenant_id", arg(json!([null]))),
            ("legacy", arg(Value::Null)),
            ("X-Ids", arg(json!([null, null]))),
        ],
    )
    .unwrap();
    assert_eq!(typed.uri(), by_value.uri());
    assert_eq!(
        typed.uri().to_string(),
        "/things/null?tenant_id=null&legacy=none"
    );
    assert_eq!(typed.headers(), by_value.headers());
    assert_eq!(typed.headers()["x-ids"], "null,null");
}
