use super::{ClosedArm, Reading};
use crate::spec::normalize::closed_arm::summary;
use crate::spec::normalize::normalize;
use serde_json::{Value, json};

// A document whose one operation sends `body` and whose components are `schemas`.
fn found(body: Value, schemas: Value) -> Vec<ClosedArm> {
    let doc = json!({
        "openapi": "3.0.3",
        "info": {"title": "t", "version": "1"},
        "paths": {"/x": {"post": {
            "requestBody": {"content": {"application/json": {"schema": body}}},
            "responses": {"200": {"description": "ok"}}
        }}},
        "components": {"schemas": schemas}
    });
    normalize(&doc).closed_arms
}

const BODY: &str = "#/paths/~1x/post/requestBody/content/application~1json/schema";

fn strings(names: &[&str]) -> Vec<String> {
    names.iter().map(|n| (*n).to_string()).collect()
}

#[test]
fn a_one_of_arm_that_requires_an_unlisted_property_admits_no_value() {
    let got = found(
        json!({
            "type": "object",
            "additionalProperties": false,
            "oneOf": [
                {"properties": {"url": {"type": "string"}}, "required": ["url"]},
                {"properties": {"path": {"type": "string"}}}
            ]
        }),
        json!({}),
    );
    assert_eq!(
        got,
        vec![
            ClosedArm {
                object: BODY.into(),
                keyword: "oneOf",
                arm: format!("{BODY}/oneOf/0"),
                reference: None,
                required: strings(&["url"]),
                declared: vec![],
                reading: Reading::ArmsAllowed,
            },
            ClosedArm {
                object: BODY.into(),
                keyword: "oneOf",
                arm: format!("{BODY}/oneOf/1"),
                reference: None,
                required: vec![],
                declared: strings(&["path"]),
                reading: Reading::ArmsAllowed,
            },
        ]
    );
    assert!(got[0].is_unsatisfiable());
    assert!(!got[1].is_unsatisfiable());
    assert_eq!(
        summary(&got).as_deref(),
        Some(
            "closed objects beside arms: 2 arms of 1 objects name properties their \
             `additionalProperties: false` refuses [spec]"
        )
    );
    assert_eq!(summary(&[]), None);
    let text = got[0].to_string();
    assert!(
        text.starts_with(&format!(
            "`{BODY}` has `additionalProperties: false` beside `oneOf`, whose arm \
             `{BODY}/oneOf/0` requires `url`, which the object does not list"
        )),
        "{text}"
    );
    assert!(text.contains("no value satisfies this arm"), "{text}");
    assert!(
        text.contains("catalog reads the arm's properties as allowed"),
        "{text}"
    );
    assert!(
        got[1]
            .to_string()
            .contains("declares `path`, which the object does not list"),
        "{}",
        got[1]
    );
    assert!(
        got[1]
            .to_string()
            .contains("these properties are refused wherever the arm is taken"),
        "{}",
        got[1]
    );
}

#[test]
fn an_any_of_arm_beside_the_object_s_own_properties_is_not_read() {
    let got = found(
        json!({
            "type": "object",
            "additionalProperties": false,
            "properties": {"kind": {"type": "string"}},
            "anyOf": [
                {"properties": {"kind": {"type": "string"}, "size": {"type": "integer"}},
                 "required": ["kind", "size"]}
            ]
        }),
        json!({}),
    );
    assert_eq!(got.len(), 1, "{got:?}");
    // `kind` is listed by the object: only `size` is refused.
    assert_eq!(got[0].keyword, "anyOf");
    assert_eq!(got[0].required, strings(&["size"]));
    assert!(got[0].declared.is_empty());
    assert_eq!(got[0].reading, Reading::OwnOnly);
    assert!(
        got[0]
            .to_string()
            .contains("catalog does not read the arm (the object is what its own `properties`"),
        "{}",
        got[0]
    );
}

#[test]
fn an_all_of_arm_that_requires_an_unlisted_property_admits_no_value_for_the_object() {
    let got = found(
        json!({
            "additionalProperties": false,
            "allOf": [
                {"properties": {"retryAfterSec": {"type": "integer"}}, "required": ["retryAfterSec"]},
                {"properties": {"code": {"type": "string"}}}
            ]
        }),
        json!({}),
    );
    assert_eq!(got.len(), 2, "{got:?}");
    assert_eq!(
        (got[0].keyword, got[0].required.clone(), got[0].reading),
        ("allOf", strings(&["retryAfterSec"]), Reading::ArmsAllowed)
    );
    assert_eq!(got[1].declared, strings(&["code"]));
    assert!(
        got[0].to_string().contains("no value satisfies the object"),
        "{}",
        got[0]
    );
}

#[test]
fn a_ref_arm_is_read_through_its_reference_and_its_nested_all_of() {
    let got = found(
        json!({"$ref": "#/components/schemas/Closed"}),
        json!({
            "Closed": {
                "type": "object",
                "additionalProperties": false,
                "anyOf": [{"$ref": "#/components/schemas/Common"}]
            },
            "Common": {
                "allOf": [{"$ref": "#/components/schemas/Base"}],
                "properties": {"lang": {"type": "string"}}
            },
            "Base": {"properties": {"id": {"type": "string"}}, "required": ["id"]}
        }),
    );
    assert_eq!(
        got,
        vec![ClosedArm {
            object: "#/components/schemas/Closed".into(),
            keyword: "anyOf",
            arm: "#/components/schemas/Closed/anyOf/0".into(),
            reference: Some("#/components/schemas/Common".into()),
            required: strings(&["id"]),
            declared: strings(&["lang"]),
            reading: Reading::ArmsAllowed,
        }]
    );
    let text = got[0].to_string();
    assert!(
        text.contains(
            "whose arm `#/components/schemas/Closed/anyOf/0` (`#/components/schemas/Common`) \
             requires `id` and declares `lang`"
        ),
        "{text}"
    );
}

#[test]
fn a_closed_object_at_depth_is_found_at_its_pointer() {
    let got = found(
        json!({
            "type": "object",
            "properties": {"items": {"type": "array", "items": {
                "type": "object",
                "additionalProperties": false,
                "properties": {"name": {"type": "string"}},
                "oneOf": [{"required": ["name", "ref"]}]
            }}}
        }),
        json!({}),
    );
    assert_eq!(got.len(), 1, "{got:?}");
    assert_eq!(got[0].object, format!("{BODY}/properties/items/items"));
    assert_eq!(got[0].arm, format!("{BODY}/properties/items/items/oneOf/0"));
    assert_eq!(got[0].required, strings(&["ref"]));
    // Arms that only add `required` are not read as shapes.
    assert_eq!(got[0].reading, Reading::OwnOnly);
}

#[test]
fn an_object_read_twice_is_reported_once() {
    // A path-level parameter is read for each operation of its path.
    let doc = json!({
        "openapi": "3.0.3",
        "info": {"title": "t", "version": "1"},
        "paths": {"/x": {
            "parameters": [{"name": "q", "in": "query", "schema": {
                "type": "object",
                "additionalProperties": false,
                "oneOf": [{"properties": {"a": {}}, "required": ["a"]}, {"properties": {"b": {}}}]
            }}],
            "get": {"responses": {"200": {"description": "ok"}}},
            "delete": {"responses": {"200": {"description": "ok"}}}
        }}
    });
    let got = normalize(&doc).closed_arms;
    let arms: Vec<&str> = got.iter().map(|c| c.arm.as_str()).collect();
    assert_eq!(
        arms,
        [
            "#/paths/~1x/parameters/0/schema/oneOf/0",
            "#/paths/~1x/parameters/0/schema/oneOf/1"
        ],
        "{got:?}"
    );
}

#[test]
fn objects_that_do_not_contradict_themselves_are_not_flagged() {
    let arm = json!({"properties": {"a": {"type": "string"}}, "required": ["a"]});
    for (why, body) in [
        (
            "the object lists every property its arms name",
            json!({"type": "object", "additionalProperties": false,
                   "properties": {"a": {"type": "string"}}, "oneOf": [arm.clone()]}),
        ),
        (
            "open",
            json!({"type": "object", "oneOf": [arm.clone(), {"properties": {"b": {}}}]}),
        ),
        (
            "additionalProperties: true",
            json!({"type": "object", "additionalProperties": true, "oneOf": [arm.clone()]}),
        ),
        (
            "a schema of additional properties admits them",
            json!({"type": "object", "additionalProperties": {"type": "string"},
                   "allOf": [arm.clone()]}),
        ),
        (
            "unevaluatedProperties sees the arms' properties",
            json!({"type": "object", "unevaluatedProperties": false, "anyOf": [arm.clone()]}),
        ),
        (
            "patternProperties may admit the names",
            json!({"type": "object", "additionalProperties": false,
                   "patternProperties": {"^a$": {}}, "oneOf": [arm.clone()]}),
        ),
        (
            "arms of scalars name no property",
            json!({"additionalProperties": false,
                   "oneOf": [{"type": "string"}, {"type": "integer"}]}),
        ),
        (
            "closed arms without a closed object",
            json!({"allOf": [{"type": "object", "additionalProperties": false,
                              "properties": {"a": {}}}]}),
        ),
    ] {
        assert_eq!(found(body, json!({})), vec![], "{why}");
    }
}

#[test]
fn an_arm_that_only_declares_is_worded_as_declaring() {
    let got = found(
        json!({
            "type": "object",
            "additionalProperties": false,
            "oneOf": [{"properties": {"path": {"type": "string"}}}]
        }),
        json!({}),
    );
    let text = got[0].to_string();
    assert!(
        text.contains("whose arm `") && text.contains(" declares `path`, which the object"),
        "{text}"
    );
    assert!(!text.contains("requires"), "{text}");
    assert!(
        text.contains("these properties are refused wherever the arm is taken"),
        "{text}"
    );
}

// An arm whose property sits under `levels` nested `allOf`s.
fn nested_arm(levels: usize) -> Value {
    let mut arm = json!({"properties": {"deep": {"type": "string"}}, "required": ["deep"]});
    for _ in 0..levels {
        arm = json!({"allOf": [arm]});
    }
    arm
}

#[test]
fn an_arm_s_nested_all_of_is_read_eight_levels_deep_and_no_deeper() {
    let object = |levels| {
        json!({
            "type": "object",
            "additionalProperties": false,
            "oneOf": [nested_arm(levels)]
        })
    };
    for levels in [1, 7, 8] {
        let got = found(object(levels), json!({}));
        assert_eq!(got.len(), 1, "{levels} levels: {got:?}");
        assert_eq!(got[0].required, strings(&["deep"]), "{levels} levels");
    }
    for levels in [9, 12] {
        let got = found(object(levels), json!({}));
        assert_eq!(got, vec![], "{levels} levels are past the bound");
    }
}
