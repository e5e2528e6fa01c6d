//! Tests of `catalog_core::present::projection`: one per rule of the module docs, guards included.

use std::borrow::Cow;

use catalog_core::present::projection::{AnnotationError, Rules, project};
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

/// One case per place an OpenAPI document holds schemas.
#[test]
fn openapi_documents_are_projected_where_they_hold_schemas() {
    let inner = object(json!({"q": gone(), "k": {"type": "string"}}));
    let inner_projected = object(json!({"k": {"type": "string"}}));
    let media = |schema: &Value| json!({"application/json": {"schema": schema}});
    let places: Vec<(&str, Place)> = vec![
        (
            "components.schemas",
            Box::new(|s| json!({"components": {"schemas": {"S": s}}})),
        ),
        (
            "definitions",
            Box::new(|s| json!({"swagger": "2.0", "definitions": {"S": s}})),
        ),
        (
            "components.parameters schema",
            Box::new(
                |s| json!({"components": {"parameters": {"P": {"name": "p", "in": "query", "schema": s}}}}),
            ),
        ),
        (
            "components.parameters content",
            Box::new(
                move |s| json!({"components": {"parameters": {"P": {"name": "p", "in": "query", "content": media(s)}}}}),
            ),
        ),
        (
            "components.headers",
            Box::new(|s| json!({"components": {"headers": {"H": {"schema": s}}}})),
        ),
        (
            "components.requestBodies",
            Box::new(
                move |s| json!({"components": {"requestBodies": {"B": {"content": media(s)}}}}),
            ),
        ),
        (
            "components.responses content",
            Box::new(move |s| json!({"components": {"responses": {"R": {"content": media(s)}}}})),
        ),
        (
            "components.responses headers",
            Box::new(
                |s| json!({"components": {"responses": {"R": {"headers": {"H": {"schema": s}}}}}}),
            ),
        ),
        (
            "swagger parameters",
            Box::new(
                |s| json!({"swagger": "2.0", "parameters": {"P": {"in": "body", "schema": s}}}),
            ),
        ),
        (
            "swagger responses",
            Box::new(|s| json!({"swagger": "2.0", "responses": {"R": {"schema": s}}})),
        ),
        (
            "path item parameters",
            Box::new(
                |s| json!({"paths": {"/x": {"parameters": [{"name": "p", "in": "query", "schema": s}]}}}),
            ),
        ),
        (
            "path item parameters content",
            Box::new(
                move |s| json!({"paths": {"/x": {"parameters": [{"name": "p", "in": "query", "content": media(s)}]}}}),
            ),
        ),
        (
            "operation parameters",
            Box::new(
                |s| json!({"paths": {"/x": {"get": {"parameters": [{"name": "h", "in": "header"}, {"name": "p", "in": "query", "schema": s}]}}}}),
            ),
        ),
        (
            "operation parameters content",
            Box::new(
                move |s| json!({"paths": {"/x": {"get": {"parameters": [{"name": "p", "in": "query", "content": media(s)}]}}}}),
            ),
        ),
        (
            "operation requestBody",
            Box::new(
                move |s| json!({"paths": {"/x": {"post": {"requestBody": {"content": media(s)}}}}}),
            ),
        ),
        (
            "operation responses content",
            Box::new(
                move |s| json!({"paths": {"/x": {"get": {"responses": {"200": {"content": media(s)}}}}}}),
            ),
        ),
        (
            "operation responses headers",
            Box::new(
                |s| json!({"paths": {"/x": {"get": {"responses": {"200": {"headers": {"H": {"schema": s}}}}}}}}),
            ),
        ),
        (
            "swagger operation responses",
            Box::new(
                |s| json!({"swagger": "2.0", "paths": {"/x": {"get": {"responses": {"200": {"schema": s}}}}}}),
            ),
        ),
        (
            "webhooks requestBody",
            Box::new(
                move |s| json!({"webhooks": {"w": {"post": {"requestBody": {"content": media(s)}}}}}),
            ),
        ),
        (
            "webhooks responses",
            Box::new(
                move |s| json!({"webhooks": {"w": {"post": {"responses": {"200": {"content": media(s)}}}}}}),
            ),
        ),
        (
            "webhooks parameters",
            Box::new(
                |s| json!({"webhooks": {"w": {"post": {"parameters": [{"name": "p", "in": "query", "schema": s}]}}}}),
            ),
        ),
    ];
    let document = |mut doc: Value| {
        if doc.get("swagger").is_none() {
            doc["openapi"] = json!("3.1.0");
        }
        doc["info"] = json!({"title": "t", "version": "1"});
        doc
    };
    for (what, place) in &places {
        assert_projects(
            &document(place(&inner)),
            &document(place(&inner_projected)),
            what,
        );
    }
    // Elsewhere in a document, an annotated schema-looking object is left alone.
    let elsewhere = document(json!({
        "paths": {"/x": {"get": {"x-internal": inner, "callbacks": {"c": {"/cb": {"post": {"requestBody": {"content": media(&inner)}}}}}}}},
        "components": {"examples": {"E": {"value": inner}}, "links": {"L": {"parameters": inner}}}
    }));
    assert_kept(&elsewhere, "outside schema positions");
}

#[test]
fn rules_builder() {
    let rules = Rules::new(EXT)
        .list("delivery_types", "old.path")
        .list("delivery_types", "media_buy.supported_delivery_types")
        .list("pricing_models", "media_buy.supported_pricing_models");
    assert_eq!(rules.extension(), EXT);
    assert_eq!(
        rules.lists().collect::<Vec<_>>(),
        vec![
            (
                "delivery_types",
                "media_buy.supported_delivery_types".to_owned()
            ),
            (
                "pricing_models",
                "media_buy.supported_pricing_models".to_owned()
            )
        ]
    );
    assert!(!rules.applies(&json!({"delivery_types": ["guaranteed"]}), &caps()));
    assert!(rules.applies(&json!({"delivery_types": ["non_guaranteed"]}), &caps()));

    // A list named `capabilities` replaces the built-in dotted-path meaning.
    let listed = Rules::new(EXT).list("capabilities", "features");
    let capabilities = json!({"features": ["audio"]});
    assert!(listed.applies(&json!({"capabilities": ["audio"]}), &capabilities));
    assert!(!listed.applies(&json!({"capabilities": ["video"]}), &capabilities));

    // Another extension key is not read.
    let schema = object(json!({"p": gone()}));
    assert_kept_with(
        &schema,
        &caps(),
        &Rules::new("x-other"),
        "other extension key",
    );
}

/// Real specs carry no annotation: each comes back borrowed; with one injected, exactly that
/// property goes.
#[test]
#[ignore = "needs the real specs: CATALOG_SPECS_DIR=../shared/specs (.ci/run sets it)"]
fn real_specs() {
    let dir = std::env::var_os("CATALOG_SPECS_DIR").expect(
        "CATALOG_SPECS_DIR is not set: point it at the real specs (.ci/run sets it to ../shared/specs)",
    );
    // A relative value is relative to the workspace root, where `.ci/run` runs; this test runs
    // in `catalog-core/`.
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("..")
        .join(dir);
    let mut entries: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|e| e == "json"))
        .collect();
    entries.sort();
    assert!(!entries.is_empty(), "no specs in {dir:?}");
    for path in entries {
        let what = path.display().to_string();
        let spec: Value = serde_json::from_slice(&std::fs::read(&path).unwrap()).unwrap();
        assert_kept(&spec, &what);

        // Inject into the first optional property of the first open schema that has one.
        let mut annotated_spec = spec.clone();
        let mut expected = spec.clone();
        let Some(schemas) = spec
            .pointer("/components/schemas")
            .and_then(Value::as_object)
        else {
            continue;
        };
        let target = schemas.iter().find_map(|(name, schema)| {
            let required: Vec<&str> = schema["required"]
                .as_array()
                .map(|r| r.iter().filter_map(Value::as_str).collect())
                .unwrap_or_default();
            let closed = schema["additionalProperties"] == json!(false);
            let property = schema["properties"]
                .as_object()?
                .keys()
                .find(|p| !required.contains(&p.as_str()))?;
            (!closed && schema.get("allOf").is_none()).then(|| (name.clone(), property.clone()))
        });
        let Some((name, property)) = target else {
            continue;
        };
        annotated_spec["components"]["schemas"][&name]["properties"][&property][EXT] =
            json!({"delivery_types": ["guaranteed"]});
        expected["components"]["schemas"][&name]["properties"]
            .as_object_mut()
            .unwrap()
            .shift_remove(&property);
        assert_projects(
            &annotated_spec,
            &expected,
            &format!("{what}: {name}.{property}"),
        );
    }
}

/// Once an object is being copied, what follows is copied as it is read: removals there must
/// still happen and everything else must come out identical, in order.
#[test]
fn entries_after_a_change_are_projected_and_copied_exactly() {
    let inner = object(json!({"q": gone(), "k": {"type": "string", "enum": ["a", "b"]}}));
    let inner_projected = object(json!({"k": {"type": "string", "enum": ["a", "b"]}}));
    let plain = json!({"type": "array", "items": {"type": "string"}, "x-note": {"q": gone()}});
    let document = |schema: &Value| {
        json!({
            "openapi": "3.1.0",
            "info": {"title": "t", "version": "1"},
            "paths": {
                "/a": {"get": {"parameters": [
                    {"name": "p", "in": "query", "schema": plain},
                    {"name": "f", "in": "query", "schema": schema}
                ], "responses": {"200": {"description": "ok", "content": {"application/json": {"schema": plain}}}}}},
                "/b": {"summary": "b", "post": {"requestBody": {"content": {"application/json": {"schema": schema}}}}}
            },
            "components": {"schemas": {"First": schema, "Plain": plain, "Last": schema}},
            "x-trailer": [schema]
        })
    };
    let mut expected = document(&inner_projected);
    // Extensions are never projected.
    expected["x-trailer"] = json!([inner]);
    assert_projects(&document(&inner), &expected, "document");

    let schema = json!({
        "type": "object",
        "properties": {"q": gone(), "n": inner, "b": true},
        "items": [inner, plain],
        "allOf": [plain, inner],
        "default": {"q": "kept"}
    });
    let expected = json!({
        "type": "object",
        "properties": {"n": inner_projected, "b": true},
        "items": [inner_projected, plain],
        "allOf": [plain, inner_projected],
        "default": {"q": "kept"}
    });
    assert_projects(&schema, &expected, "schema");
}

#[test]
fn check_accepts_what_the_rules_know_and_names_what_they_do_not() {
    let r = rules();
    let well_formed = json!({
        "delivery_types": ["guaranteed"],
        "capabilities": ["media_buy.reporting.webhooks", "signals"]
    });
    assert_eq!(r.check(&well_formed), Ok(()));
    // Every annotation it refuses is one the projection reads leniently: it keeps the property.
    for refused in [
        json!("x"),
        json!({}),
        json!({"capabilities": [""]}),
        json!({"k": ["v"]}),
    ] {
        assert!(r.check(&refused).is_err(), "{refused}");
        assert!(r.applies(&refused, &caps()), "{refused}");
    }
}

fn known(keys: &[&str]) -> Vec<String> {
    keys.iter().map(|k| k.to_string()).collect()
}

#[test]
fn check_refuses_an_annotation_that_is_no_object_listing_the_keys() {
    for annotation in [json!("guaranteed"), json!({})] {
        let e = rules().check(&annotation).unwrap_err();
        assert_eq!(
            e,
            AnnotationError::NotAnObject {
                annotation: annotation.clone(),
                known: known(&["delivery_types", "pricing_models", "capabilities"]),
            }
        );
        assert_eq!(
            e.to_string(),
            format!(
                "an annotation is a non-empty object of keys (`delivery_types`, \
                 `pricing_models`, `capabilities`), not {annotation}"
            )
        );
    }
}

#[test]
fn check_refuses_a_list_key_without_values() {
    for value in [json!("guaranteed"), json!([])] {
        let e = rules()
            .check(&json!({"delivery_types": value}))
            .unwrap_err();
        assert_eq!(
            e,
            AnnotationError::NotAList {
                key: "delivery_types".into(),
                value: value.clone(),
            }
        );
        assert_eq!(
            e.to_string(),
            format!("`delivery_types` takes a non-empty array of values, not {value}")
        );
    }
}

#[test]
fn check_refuses_capabilities_that_are_not_dotted_paths() {
    for (value, written) in [
        (json!("signals"), "\"signals\""),
        (json!([".signals"]), "[\".signals\"]"),
        (json!(["a..b"]), "[\"a..b\"]"),
        (json!([1]), "[1]"),
        (json!([]), "[]"),
    ] {
        let e = rules().check(&json!({"capabilities": value})).unwrap_err();
        assert_eq!(e, AnnotationError::NotPaths(value.clone()));
        assert_eq!(
            e.to_string(),
            format!(
                "`capabilities` takes a non-empty array of dotted paths into the capabilities \
                 document, such as \"media_buy.reporting.webhooks\", not {written}"
            )
        );
    }
}

#[test]
fn check_refuses_a_key_the_rules_do_not_know() {
    let e = rules().check(&json!({"k": ["v"]})).unwrap_err();
    assert_eq!(
        e,
        AnnotationError::UnknownKey {
            key: "k".into(),
            known: known(&["delivery_types", "pricing_models", "capabilities"]),
        }
    );
    assert_eq!(
        e.to_string(),
        "`k` is not a key of these rules, which know `delivery_types`, `pricing_models`, \
         `capabilities`"
    );
    // A list rule named `capabilities` replaces the built-in key, for the check too.
    let own = Rules::new(EXT).list("capabilities", "caps.list");
    assert_eq!(own.check(&json!({"capabilities": [1, "a..b"]})), Ok(()));
    let e = own.check(&json!({"delivery_types": ["x"]})).unwrap_err();
    assert_eq!(
        e,
        AnnotationError::UnknownKey {
            key: "delivery_types".into(),
            known: known(&["capabilities"]),
        }
    );
    assert_eq!(
        e.to_string(),
        "`delivery_types` is not a key of these rules, which know `capabilities`"
    );
}
