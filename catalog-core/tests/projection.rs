//! Tests of `catalog_core::present::projection`: one per rule of the module docs, guards included.

use std::borrow::Cow;

use catalog_core::present::projection::{Rules, project};
use serde_json::{Value, json};

const EXT: &str = "x-applies-when";

fn rules() -> Rules {
    Rules::new(EXT)
        .list("delivery_types", "media_buy.supported_delivery_types")
        .list("pricing_models", "media_buy.supported_pricing_models")
}

/// The server used by most tests: non-guaranteed delivery, CPM pricing, some reporting flags.
fn caps() -> Value {
    json!({
        "media_buy": {
            "supported_delivery_types": ["non_guaranteed"],
            "supported_pricing_models": ["cpm"],
            "reporting": {"webhooks": true, "offline": false, "custom": null, "zero": 0}
        },
        "signals": {}
    })
}

/// A property that does not apply to [`caps`].
fn gone() -> Value {
    json!({"type": "string", EXT: {"delivery_types": ["guaranteed"]}})
}

/// A property that applies to [`caps`].
fn stays() -> Value {
    json!({"type": "string", EXT: {"delivery_types": ["non_guaranteed"]}})
}

fn annotated(annotation: Value) -> Value {
    json!({"type": "string", EXT: annotation})
}

fn object(properties: Value) -> Value {
    json!({"type": "object", "properties": properties})
}

/// Asserts nothing is removed: the input itself comes back, borrowed.
#[track_caller]
fn assert_kept_with(schema: &Value, capabilities: &Value, rules: &Rules, what: &str) {
    let out = project(schema, capabilities, rules);
    match out {
        Cow::Borrowed(same) => assert!(std::ptr::eq(same, schema), "{what}: not the input"),
        Cow::Owned(changed) => panic!("{what}: expected the input back, got {changed:#}"),
    }
}

#[track_caller]
fn assert_kept(schema: &Value, what: &str) {
    assert_kept_with(schema, &caps(), &rules(), what);
}

/// Asserts the exact projection, that it is owned, and that the input is unchanged.
#[track_caller]
fn assert_projects_with(
    schema: &Value,
    capabilities: &Value,
    rules: &Rules,
    expected: &Value,
    what: &str,
) {
    let before = schema.clone();
    let out = project(schema, capabilities, rules);
    assert!(matches!(out, Cow::Owned(_)), "{what}: expected a removal");
    assert_eq!(*out, *expected, "{what}: wrong projection");
    // Map equality ignores order; the projection also keeps it.
    assert_eq!(
        out.to_string(),
        expected.to_string(),
        "{what}: order changed"
    );
    assert_eq!(*schema, before, "{what}: input mutated");
}

#[track_caller]
fn assert_projects(schema: &Value, expected: &Value, what: &str) {
    assert_projects_with(schema, &caps(), &rules(), expected, what);
}

#[test]
fn removes_a_property_whose_annotation_does_not_match() {
    let schema = object(json!({"name": {"type": "string"}, "pacing": gone(), "bid": stays()}));
    let expected = object(json!({"name": {"type": "string"}, "bid": stays()}));
    assert_projects(&schema, &expected, "basic");
}

#[test]
fn nothing_annotated_comes_back_borrowed() {
    assert_kept(&object(json!({"name": {"type": "string"}})), "plain");
    assert_kept(&json!(true), "boolean schema");
    assert_kept(&json!({}), "empty schema");
    assert_kept(&object(json!({"bid": stays()})), "matching annotation");
}

#[test]
fn list_key_matches_when_any_listed_value_is_offered() {
    let schema = object(
        json!({"p": annotated(json!({"delivery_types": ["guaranteed", "non_guaranteed"]}))}),
    );
    assert_kept(&schema, "one of two values offered");
    let schema = object(json!({"p": annotated(json!({"pricing_models": ["cpc", "vcpm"]}))}));
    assert_projects(&schema, &object(json!({})), "no value offered");
}

#[test]
fn empty_or_undeclared_list_matches() {
    let schema = object(json!({"p": gone()}));
    let cases = [
        (
            "empty list",
            json!({"media_buy": {"supported_delivery_types": []}}),
        ),
        (
            "undeclared list",
            json!({"media_buy": {"supported_pricing_models": ["cpm"]}}),
        ),
        (
            "null list",
            json!({"media_buy": {"supported_delivery_types": null}}),
        ),
        (
            "not a list",
            json!({"media_buy": {"supported_delivery_types": "guaranteed"}}),
        ),
        ("block is not an object", json!({"media_buy": true})),
    ];
    for (what, capabilities) in cases {
        assert_kept_with(&schema, &capabilities, &rules(), what);
    }
}

#[test]
fn unpublished_root_block_matches() {
    let schema = object(json!({
        "p": gone(),
        "q": annotated(json!({"capabilities": ["media_buy.reporting.webhooks"]}))
    }));
    let cases = [
        ("no media_buy block", json!({"signals": {"x": true}})),
        ("null media_buy block", json!({"media_buy": null})),
        ("empty document", json!({})),
        ("document is not an object", json!(null)),
    ];
    for (what, capabilities) in cases {
        assert_kept_with(&schema, &capabilities, &rules(), what);
    }
    // Published, the same block decides.
    let capabilities = json!({"media_buy": {"supported_delivery_types": ["non_guaranteed"]}});
    assert_projects_with(
        &schema,
        &capabilities,
        &rules(),
        &object(json!({})),
        "published block",
    );
}

#[test]
fn capabilities_paths_match_when_present_and_not_null_or_false() {
    let with = |path: &str| object(json!({"p": annotated(json!({"capabilities": [path]}))}));
    for path in [
        "media_buy.reporting.webhooks",
        "media_buy.reporting.zero",
        "media_buy.reporting",
        "signals",
    ] {
        assert_kept(&with(path), path);
    }
    for path in [
        "media_buy.reporting.offline",
        "media_buy.reporting.custom",
        "media_buy.reporting.absent",
        "media_buy.absent.deeper",
        "media_buy.reporting.webhooks.deeper",
        "absent",
    ] {
        assert_projects(&with(path), &object(json!({})), path);
    }
    // A multi-segment path under a root the server does not publish matches.
    assert_kept(&with("creative.formats"), "unpublished root");
}

#[test]
fn any_value_of_any_key_keeps_the_property() {
    let kept = [
        json!({"delivery_types": ["guaranteed"], "pricing_models": ["cpm"]}),
        json!({"delivery_types": ["guaranteed"], "capabilities": ["media_buy.reporting.webhooks"]}),
        json!({"capabilities": ["media_buy.reporting.offline", "media_buy.reporting.webhooks"]}),
    ];
    for annotation in kept {
        assert_kept(
            &object(json!({"p": annotated(annotation.clone())})),
            &annotation.to_string(),
        );
    }
    let removed = json!({
        "delivery_types": ["guaranteed"],
        "pricing_models": ["cpc"],
        "capabilities": ["media_buy.reporting.offline", "media_buy.reporting.absent"]
    });
    assert_projects(
        &object(json!({"p": annotated(removed)})),
        &object(json!({})),
        "none matches",
    );
}

#[test]
fn unknown_key_keeps_the_property() {
    for annotation in [
        json!({"channels": ["display"]}),
        json!({"delivery_types": ["guaranteed"], "channels": ["display"]}),
    ] {
        assert_kept(
            &object(json!({"p": annotated(annotation.clone())})),
            &annotation.to_string(),
        );
    }
}

#[test]
fn malformed_annotation_keeps_the_property() {
    let cases = [
        ("string", json!("guaranteed")),
        ("array", json!(["guaranteed"])),
        ("null", json!(null)),
        ("boolean", json!(false)),
        ("empty object", json!({})),
        (
            "list key with a string",
            json!({"delivery_types": "guaranteed"}),
        ),
        (
            "list key with an object",
            json!({"delivery_types": {"guaranteed": true}}),
        ),
        (
            "list key with an empty array",
            json!({"delivery_types": []}),
        ),
        (
            "capabilities as a string",
            json!({"capabilities": "media_buy.reporting.offline"}),
        ),
        ("capabilities with a number", json!({"capabilities": [1]})),
        ("capabilities empty", json!({"capabilities": []})),
        ("capabilities empty path", json!({"capabilities": [""]})),
        (
            "capabilities empty segment",
            json!({"capabilities": ["media_buy..offline"]}),
        ),
        (
            "one malformed value among non-matching ones",
            json!({"capabilities": ["media_buy.reporting.offline", 7]}),
        ),
    ];
    for (what, annotation) in cases {
        assert_kept(&object(json!({"p": annotated(annotation)})), what);
    }
}

/// Each guard keeps `p`, which is required by it, while `q`, equally annotated, goes.
#[test]
fn a_name_required_anywhere_for_its_object_is_kept() {
    let cases = [
        ("required", json!({"required": ["p"]})),
        (
            "allOf arm",
            json!({"allOf": [{"type": "object"}, {"required": ["p"]}]}),
        ),
        (
            "anyOf arm",
            json!({"anyOf": [{"required": ["p"]}, {"required": ["r"]}]}),
        ),
        (
            "oneOf arm",
            json!({"oneOf": [{"required": ["r"]}, {"required": ["p"]}]}),
        ),
        (
            "nested arms",
            json!({"allOf": [{"anyOf": [{"oneOf": [{"required": ["p"]}]}]}]}),
        ),
        ("if", json!({"if": {"required": ["p"]}, "then": {}})),
        (
            "then",
            json!({"if": {"required": ["r"]}, "then": {"required": ["p"]}}),
        ),
        (
            "else",
            json!({"if": {"required": ["r"]}, "else": {"required": ["p"]}}),
        ),
        (
            "if inside an arm",
            json!({"allOf": [{"if": {}, "then": {"required": ["p"]}}]}),
        ),
        (
            "dependencies listing it",
            json!({"dependencies": {"r": ["p"]}}),
        ),
        (
            "dependencies keyed by it",
            json!({"dependencies": {"p": ["r"]}}),
        ),
        (
            "dependencies schema",
            json!({"dependencies": {"r": {"required": ["p"]}}}),
        ),
        (
            "dependentRequired listing it",
            json!({"dependentRequired": {"r": ["p"]}}),
        ),
        (
            "dependentRequired keyed by it",
            json!({"dependentRequired": {"p": ["r"]}}),
        ),
        (
            "dependentSchemas keyed by it",
            json!({"dependentSchemas": {"p": {}}}),
        ),
        (
            "dependentSchemas requiring it",
            json!({"dependentSchemas": {"r": {"required": ["p"]}}}),
        ),
    ];
    for (what, guard) in cases {
        let mut schema = object(json!({"p": gone(), "q": gone()}));
        let mut expected = object(json!({"p": gone()}));
        for (key, value) in guard.as_object().unwrap() {
            schema[key] = value.clone();
            expected[key] = value.clone();
        }
        assert_projects(&schema, &expected, what);
    }
}

#[test]
fn requirement_from_the_object_guards_properties_declared_in_its_arms() {
    let schema = json!({
        "required": ["p"],
        "allOf": [
            {"properties": {"p": gone(), "q": gone()}},
            {"properties": {"r": gone()}, "required": ["r"]}
        ]
    });
    let expected = json!({
        "required": ["p"],
        "allOf": [
            {"properties": {"p": gone()}},
            {"properties": {"r": gone()}, "required": ["r"]}
        ]
    });
    assert_projects(
        &schema,
        &expected,
        "required at the object and in a sibling arm",
    );
}

#[test]
fn requirement_of_another_object_does_not_guard() {
    // `p` is required by the nested object, not by the one declaring the annotated `p`.
    let schema = json!({
        "type": "object",
        "properties": {
            "p": gone(),
            "inner": {"type": "object", "required": ["p"], "properties": {"p": {"type": "string"}}}
        }
    });
    let expected = json!({
        "type": "object",
        "properties": {
            "inner": {"type": "object", "required": ["p"], "properties": {"p": {"type": "string"}}}
        }
    });
    assert_projects(&schema, &expected, "nested required");
}

#[test]
fn nothing_is_removed_from_a_closed_object() {
    let cases = [
        (
            "additionalProperties: false",
            json!({"additionalProperties": false}),
        ),
        (
            "unevaluatedProperties: false",
            json!({"unevaluatedProperties": false}),
        ),
        (
            "closed by an allOf arm",
            json!({"allOf": [{"unevaluatedProperties": false}]}),
        ),
    ];
    for (what, closing) in cases {
        let mut schema = object(json!({"p": gone(), "q": gone()}));
        for (key, value) in closing.as_object().unwrap() {
            schema[key] = value.clone();
        }
        assert_kept(&schema, what);
    }
    // Open objects, however spelled, are projected.
    for open in [json!(true), json!({"type": "string"})] {
        let mut schema = object(json!({"p": gone()}));
        schema["additionalProperties"] = open.clone();
        let mut expected = object(json!({}));
        expected["additionalProperties"] = open;
        assert_projects(&schema, &expected, "open additionalProperties");
    }
}

/// Would fail if a removal also dropped the name from `required`, `enum`, `$defs`,
/// `patternProperties`, `dependentRequired` or the extension values themselves.
#[test]
fn only_properties_entries_are_removed() {
    let schema = json!({
        "type": "object",
        "properties": {"q": gone(), "r": {"type": "string"}},
        "required": ["r"],
        "enum": [{"q": "guaranteed", "r": "x"}],
        "const": {"q": "guaranteed"},
        "patternProperties": {"^q$": gone()},
        "propertyNames": {"enum": ["q", "r"]},
        "$defs": {
            "q": gone(),
            "Other": {"type": "object", "required": ["q"], "properties": {"q": gone()}}
        },
        "definitions": {"q": gone()}
    });
    let mut expected = schema.clone();
    expected["properties"].as_object_mut().unwrap().remove("q");
    assert_projects(&schema, &expected, "only properties.q");
}

#[test]
fn a_removed_property_takes_its_subtree() {
    let mut deep = object(json!({"leaf": gone(), "other": {"type": "integer"}}));
    deep[EXT] = json!({"delivery_types": ["guaranteed"]});
    let schema = object(json!({"deep": deep, "kept": {"type": "boolean"}}));
    assert_projects(
        &schema,
        &object(json!({"kept": {"type": "boolean"}})),
        "subtree",
    );
}

#[test]
fn removal_deep_inside_rebuilds_only_its_path() {
    let schema = object(json!({
        "a": {"type": "string", "description": "before"},
        "nested": object(json!({"inner": object(json!({"q": gone(), "k": {"type": "string"}}))})),
        "z": {"type": "string", "description": "after"}
    }));
    let expected = object(json!({
        "a": {"type": "string", "description": "before"},
        "nested": object(json!({"inner": object(json!({"k": {"type": "string"}}))})),
        "z": {"type": "string", "description": "after"}
    }));
    assert_projects(&schema, &expected, "deep removal");
}

#[test]
fn refs_are_not_dereferenced() {
    // The annotation on the referenced schema is not the property's: `p` stays, and the
    // `$defs` entry itself is not a `properties` entry.
    let schema = json!({
        "type": "object",
        "properties": {"p": {"$ref": "#/$defs/Gated"}},
        "$defs": {"Gated": gone()}
    });
    assert_kept(&schema, "annotation behind $ref");

    // An annotation beside the `$ref`, where the property is declared, counts.
    let mut beside = gone();
    beside["$ref"] = json!("#/$defs/Plain");
    let schema = json!({
        "type": "object",
        "properties": {"p": beside, "r": {"$ref": "#/$defs/Plain"}},
        "$defs": {"Plain": {"type": "string"}}
    });
    let expected = json!({
        "type": "object",
        "properties": {"r": {"$ref": "#/$defs/Plain"}},
        "$defs": {"Plain": {"type": "string"}}
    });
    assert_projects(&schema, &expected, "annotation beside $ref");

    // A `required` behind a `$ref` is not seen (documented limitation).
    let schema = json!({
        "type": "object",
        "allOf": [{"$ref": "#/$defs/NeedsP"}],
        "properties": {"p": gone()},
        "$defs": {"NeedsP": {"required": ["p"]}}
    });
    let mut expected = schema.clone();
    expected["properties"] = json!({});
    assert_projects(&schema, &expected, "required behind $ref");
}

#[test]
fn instance_data_and_extensions_are_left_alone() {
    let lookalike = object(json!({"q": gone()}));
    for keyword in [
        "default", "const", "examples", "example", "enum", "x-other", EXT,
    ] {
        let value = match keyword {
            "examples" | "enum" => json!([lookalike.clone()]),
            _ => lookalike.clone(),
        };
        let schema =
            json!({"type": "object", "properties": {"k": {"type": "string"}}, keyword: value});
        assert_kept(&schema, keyword);
    }
}

/// One case per traversed keyword: `at` puts a schema where that keyword holds subschemas.
#[test]
fn traversal_covers_each_keyword() {
    let inner = object(json!({"q": gone(), "k": {"type": "string"}}));
    let inner_projected = object(json!({"k": {"type": "string"}}));
    let at = |keyword: &str, schema: &Value| -> Value {
        let placed = match keyword {
            "properties" | "patternProperties" | "dependentSchemas" | "dependencies" | "$defs"
            | "definitions" => json!({"x": schema}),
            "allOf" | "anyOf" | "oneOf" | "prefixItems" | "items (array)" => {
                json!([{"type": "object"}, schema])
            }
            _ => schema.clone(),
        };
        let key = keyword.trim_end_matches(" (array)");
        json!({"type": "object", key: placed})
    };
    for keyword in [
        "properties",
        "items",
        "items (array)",
        "prefixItems",
        "additionalItems",
        "unevaluatedItems",
        "contains",
        "allOf",
        "anyOf",
        "oneOf",
        "if",
        "then",
        "else",
        "not",
        "additionalProperties",
        "unevaluatedProperties",
        "patternProperties",
        "dependentSchemas",
        "dependencies",
        "$defs",
        "definitions",
    ] {
        assert_projects(
            &at(keyword, &inner),
            &at(keyword, &inner_projected),
            keyword,
        );
    }
}

#[test]
fn other_keywords_are_not_traversed() {
    let inner = object(json!({"q": gone()}));
    for keyword in [
        "propertyNames",
        "contentSchema",
        "components",
        "x-schema",
        "$comment",
    ] {
        assert_kept(&json!({"type": "object", keyword: inner.clone()}), keyword);
    }
}

/// Puts a schema somewhere in an OpenAPI document.
type Place = Box<dyn Fn(&Value) -> Value>;

#[path = "projection/annotations.rs"]
mod annotations;
#[path = "projection/documents.rs"]
mod documents;
