//! Snapshot tests of the input JSON Schema, and its validity as JSON Schema 2020-12.

use catalog_core::model::Operation;
use catalog_core::present::schema::DIALECT;
use catalog_core::present::schema::input_schema;
use catalog_core::present::schema::input_schema_string;
use catalog_core::present::schema::input_schema_with_docs;
use catalog_core::present::schema::schema_of;
use serde_json::{Value, json};

/// A parameter in the model's serde form.
fn param(location: &str, name: &str, required: bool, schema: Value) -> Value {
    json!({
        "location": location,
        "name": name,
        "required": required,
        "schema": schema,
        "style": if location == "query" { "form" } else { "simple" },
        "pointer": format!("#/x/{location}/{name}"),
    })
}

fn with(mut v: Value, key: &str, value: Value) -> Value {
    v[key] = value;
    v
}

fn set(p: Value, argument: &str) -> Value {
    json!({
        "param": p,
        "disposition": "set",
        "argument": argument,
        "field": argument.replace('-', "_"),
    })
}

fn operation(accounting: Vec<Value>) -> Operation {
    let op = json!({
        "id": "CreatePost",
        "method": "POST",
        "path": "/api/v4/teams/{team_id}/posts",
        "pointer": "#/paths/~1api~1v4~1teams~1{team_id}~1posts/post",
        "spec": {
            "stem": "mattermost-v4",
            "title": "Mattermost API Reference",
            "version": "4.0.0",
            "openapi": "3.0.0",
            "hash": "0123456789abcdef",
        },
        "accounting": accounting,
    });
    serde_json::from_value(op).expect("fixture is a valid Operation")
}

/// A representative tool: every location, every type, nullable forms, fixed/omitted rows.
fn mixed() -> Operation {
    operation(vec![
        set(
            with(
                param(
                    "path",
                    "team_id",
                    true,
                    json!({"type": "string", "pattern": "^[a-z0-9]{26}$",
                           "min_length": 26, "max_length": 26}),
                ),
                "description",
                json!("Team ID"),
            ),
            "team_id",
        ),
        set(
            param(
                "query",
                "page",
                false,
                json!({"type": "integer", "format": "int32", "minimum": 0.0,
                       "description": "The page to select", "default": 0}),
            ),
            "page",
        ),
        json!({
            "param": param("query", "set_online", false, json!({"type": "boolean"})),
            "disposition": "fixed",
            "value": false,
            "reason": "an agent is not a person at the keyboard; posting must not mark the user online",
        }),
        set(
            param(
                "query",
                "sort",
                false,
                json!({"type": "string", "enum": ["create_at", "update_at"], "nullable": true}),
            ),
            "sort",
        ),
        set(
            param(
                "header",
                "X-Request-Id",
                false,
                json!({"type": "string", "format": "uuid"}),
            ),
            "request_id",
        ),
        json!({
            "param": param("query", "include_deleted", false, json!({"type": "boolean"})),
            "disposition": "undocumented",
            "argument": "include_deleted",
            "field": "include_deleted",
            "read_at": "server/channels/api4/post.go createPost",
            "reason": "the server reads it to echo soft-deleted roots; the spec does not list it",
        }),
        json!({
            "param": param("query", "since__n", false, json!({"type": "integer"})),
            "disposition": "omitted",
            "reason": "negated filters are rarely useful to an agent and double the schema",
            "pattern": "query.*__n",
        }),
        set(
            param("body", "message", true, json!({"type": "string"})),
            "message",
        ),
        json!({
            "param": param("body", "props", false, json!({"type": "object", "open": true})),
            "disposition": "omitted",
            "reason": "props carry integration payloads an agent should not forge",
        }),
        set(
            param(
                "body",
                "root_id",
                true,
                json!({"type": "string", "nullable": true}),
            ),
            "reply_to",
        ),
        set(
            param(
                "body",
                "score",
                false,
                json!({"type": "number", "format": "double", "minimum": 0.0, "maximum": 1.0,
                       "exclusive_minimum": true}),
            ),
            "score",
        ),
        set(
            param(
                "body",
                "ratio",
                false,
                json!({"type": "number", "minimum": -1.5, "maximum": 2.5,
                       "exclusive_maximum": true}),
            ),
            "ratio",
        ),
        set(
            param(
                "body",
                "file_ids",
                false,
                json!({"type": "array", "items": {"type": "string"}, "min_items": 1,
                       "max_items": 10, "nullable": true}),
            ),
            "file_ids",
        ),
        set(
            param(
                "body",
                "metadata",
                false,
                json!({"type": "object", "nullable": true, "fields": [
                    {"name": "priority", "required": true,
                     "schema": {"type": "string", "enum": ["urgent", "important"]}},
                    {"name": "embeds",
                     "schema": {"type": "array", "items": {"type": "any", "nullable": true}}},
                    {"name": "id", "read_only": true, "required": true,
                     "schema": {"type": "string"}},
                ]}),
            ),
            "metadata",
        ),
        set(
            param(
                "body",
                "attachment",
                false,
                json!({"type": "anyOf", "nullable": true, "arms": [
                    {"type": "string", "format": "uri"},
                    {"type": "object", "open": true, "fields": [
                        {"name": "url", "required": true, "schema": {"type": "string"}},
                    ]},
                ]}),
            ),
            "attachment",
        ),
        set(
            param(
                "body",
                "extra",
                false,
                json!({"type": "any", "description": "Free-form data"}),
            ),
            "extra",
        ),
        set(
            param(
                "body",
                "tags",
                false,
                json!({"type": "object", "open": true}),
            ),
            "tags",
        ),
        set(
            param(
                "body",
                "level",
                false,
                json!({"type": "integer", "enum": [1, 2, 3], "nullable": true}),
            ),
            "level",
        ),
        set(
            param(
                "body",
                "big",
                false,
                json!({"type": "integer", "format": "int64",
                       "minimum": i64::MIN as f64, "maximum": u64::MAX as f64}),
            ),
            "big",
        ),
    ])
}

fn expected_mixed() -> Value {
    json!({
        "type": "object",
        "properties": {
            "team_id": {"description": "Team ID", "type": "string",
                        "pattern": "^[a-z0-9]{26}$", "minLength": 26, "maxLength": 26},
            "page": {"description": "The page to select", "type": "integer", "format": "int32",
                     "minimum": 0, "maximum": 2147483647, "default": 0},
            "sort": {"type": ["string", "null"], "enum": ["create_at", "update_at", null]},
            "request_id": {"type": "string", "format": "uuid"},
            "include_deleted": {"type": "boolean"},
            "message": {"type": "string"},
            "reply_to": {"type": ["string", "null"]},
            "score": {"type": "number", "format": "double", "exclusiveMinimum": 0, "maximum": 1},
            "ratio": {"type": "number", "minimum": -1.5, "exclusiveMaximum": 2.5},
            "file_ids": {"type": ["array", "null"], "items": {"type": "string"},
                         "minItems": 1, "maxItems": 10},
            "metadata": {
                "type": ["object", "null"],
                "properties": {
                    "priority": {"type": "string", "enum": ["urgent", "important"]},
                    "embeds": {"type": "array", "items": {}},
                },
                "required": ["priority"],
                "additionalProperties": false,
            },
            "attachment": {"anyOf": [
                {"type": "string", "format": "uri"},
                {"type": "object", "properties": {"url": {"type": "string"}}, "required": ["url"]},
                {"type": "null"},
            ]},
            // Any value but null: the row is not nullable (a typeless spec schema is, but an
            // optional one set by one `Option` is not: it cannot send null).
            "extra": {"description": "Free-form data", "not": {"type": "null"}},
            "tags": {"type": "object"},
            "level": {"type": ["integer", "null"], "enum": [1, 2, 3, null]},
            "big": {"type": "integer", "format": "int64",
                    // The spec's 2^64 is past what an int64 decodes: the format's range.
                    "minimum": -9223372036854775808i64, "maximum": i64::MAX},
        },
        "required": ["team_id", "message", "reply_to"],
        "additionalProperties": false,
    })
}

/// Every emitted schema must be valid JSON Schema 2020-12, with or without `$schema`.
fn assert_meta_valid(schema: &Value) {
    if let Err(e) = jsonschema::draft202012::meta::validate(schema) {
        panic!("not a valid 2020-12 schema: {e}\n{schema:#}");
    }
    let mut declared = schema.clone();
    declared["$schema"] = json!(DIALECT);
    assert!(
        jsonschema::meta::is_valid(&declared),
        "invalid with $schema: {declared:#}"
    );
}

#[test]
fn mixed_operation_snapshot() {
    let schema = input_schema(&mixed());
    // Compared as text: key order (spec order) is part of the contract.
    assert_eq!(
        serde_json::to_string_pretty(&schema).unwrap(),
        serde_json::to_string_pretty(&expected_mixed()).unwrap()
    );
    assert_meta_valid(&schema);
}

#[test]
fn fixed_omitted_and_value_only_rows_are_not_arguments() {
    let schema = input_schema(&mixed());
    let props = schema["properties"].as_object().unwrap();
    for name in ["set_online", "since__n", "props", "root_id", "X-Request-Id"] {
        assert!(!props.contains_key(name), "{name} must not be an argument");
    }
    // Undocumented with an argument is one.
    assert!(props.contains_key("include_deleted"));

    let value_only = operation(vec![json!({
        "param": param("query", "compat", false, json!({"type": "any"})),
        "disposition": "undocumented",
        "value": true,
        "read_at": "server/api.go handler",
        "reason": "older servers need it to return the new shape of the response",
    })]);
    assert_eq!(
        input_schema_string(&value_only),
        r#"{"type":"object","properties":{},"additionalProperties":false}"#
    );
}

#[test]
fn no_arguments_is_an_empty_closed_object() {
    let op = operation(vec![]);
    let schema = input_schema(&op);
    assert_eq!(
        schema,
        json!({"type": "object", "properties": {}, "additionalProperties": false})
    );
    assert_meta_valid(&schema);
}

#[test]
fn whole_body_and_required_undocumented_argument() {
    let op = operation(vec![
        set(
            with(
                param(
                    "body",
                    "",
                    true,
                    json!({"type": "array", "items": {"type": "integer", "format": "int64"},
                           "description": "IDs of the users"}),
                ),
                "description",
                json!("User IDs to look up"),
            ),
            "ids",
        ),
        json!({
            "param": param("header", "X-Trace", true, json!({"type": "string"})),
            "disposition": "undocumented",
            "argument": "trace",
            "read_at": "server/middleware.go trace",
            "reason": "the gateway rejects requests that do not carry a trace header",
        }),
    ]);
    let schema = input_schema(&op);
    assert_eq!(
        schema.to_string(),
        json!({
            "type": "object",
            "properties": {
                "ids": {"description": "User IDs to look up", "type": "array",
                        "items": {"type": "integer", "format": "int64",
                                  "minimum": i64::MIN, "maximum": i64::MAX}},
                "trace": {"type": "string"},
            },
            "required": ["ids", "trace"],
            "additionalProperties": false,
        })
        .to_string()
    );
    assert_meta_valid(&schema);
}

#[test]
fn field_docs_win_over_spec_descriptions() {
    let op = mixed();
    let schema = input_schema_with_docs(&op, |field| match field {
        "team_id" => Some("The team to post in.".to_string()),
        "message" => Some("  ".to_string()), // blank: falls back to the spec
        _ => None,
    });
    assert_eq!(
        schema["properties"]["team_id"]["description"],
        "The team to post in."
    );
    assert_eq!(
        schema["properties"]["page"]["description"],
        "The page to select"
    );
    assert!(schema["properties"]["message"].get("description").is_none());
    assert_meta_valid(&schema);
}

#[test]
fn output_is_deterministic_and_self_contained() {
    let a = input_schema_string(&mixed());
    // Through the index's JSON form and back: still the same bytes.
    let op: Operation = serde_json::from_str(&serde_json::to_string(&mixed()).unwrap()).unwrap();
    let b = input_schema_string(&op);
    assert_eq!(a, b);
    assert_eq!(a, input_schema(&mixed()).to_string());
    assert!(!a.contains("$ref") && !a.contains("$defs") && !a.contains("$schema"));
}

#[test]
fn meta_validation_can_fail() {
    // The check above means something only if a broken schema is rejected.
    for broken in [
        json!({"type": 5}),
        json!({"type": "object", "properties": {"a": {"minLength": -1}}}),
        json!({"anyOf": []}),
        json!({"required": "a"}),
    ] {
        assert!(
            jsonschema::draft202012::meta::validate(&broken).is_err(),
            "accepted {broken}"
        );
    }
}

#[test]
fn emitted_schema_validates_arguments() {
    let schema = input_schema(&mixed());
    let validator = jsonschema::draft202012::new(&schema).expect("schema compiles");
    let good = json!({
        "team_id": "abcdefghijklmnopqrstuvwxyz",
        "message": "hello",
        "reply_to": null,
        "sort": null,
        "level": 2,
        "score": 0.5,
        "file_ids": ["a"],
        "metadata": {"priority": "urgent", "embeds": [1, "x", null]},
        "attachment": {"url": "https://example.com", "name": "x"},
        "extra": [1, 2],
        "tags": {"any": "thing"},
        "include_deleted": true,
    });
    if let Err(e) = validator.validate(&good) {
        panic!("valid arguments rejected: {e}");
    }
    let bad = [
        // unknown property
        with(good.clone(), "set_online", json!(true)),
        // null where the row is not nullable, though any other value is taken
        with(good.clone(), "extra", Value::Null),
        with(good.clone(), "unknown", json!(1)),
        // missing required (nullable required still must be present)
        good.as_object()
            .map(|o| {
                let mut o = o.clone();
                o.remove("reply_to");
                Value::Object(o)
            })
            .unwrap(),
        // enum, bounds, nested closed object, exclusive bound, readOnly field
        with(good.clone(), "sort", json!("title")),
        with(good.clone(), "page", json!(-1)),
        with(good.clone(), "score", json!(0)),
        with(good.clone(), "ratio", json!(2.5)),
        with(
            good.clone(),
            "metadata",
            json!({"priority": "urgent", "x": 1}),
        ),
        with(
            good.clone(),
            "metadata",
            json!({"priority": "urgent", "id": "a"}),
        ),
        with(good.clone(), "file_ids", json!([])),
        with(good.clone(), "team_id", json!("short")),
        with(good.clone(), "attachment", json!(5)),
        with(good.clone(), "level", json!(4)),
    ];
    for b in bad {
        assert!(!validator.is_valid(&b), "accepted invalid arguments {b}");
    }
}

#[test]
fn schema_of_nested_forms() {
    let schema = serde_json::from_value(json!({
        "type": "array",
        "items": {"type": "anyOf", "arms": [{"type": "integer"}, {"type": "boolean"}]},
        "default": [],
    }))
    .unwrap();
    let v = schema_of(&schema);
    assert_eq!(
        v.to_string(),
        r#"{"type":"array","items":{"anyOf":[{"type":"integer","minimum":-9223372036854775808,"maximum":9223372036854775807},{"type":"boolean"}]},"default":[]}"#
    );
    assert_meta_valid(&v);

    // Bounds JSON cannot carry are dropped rather than written as null.
    let inf: catalog_core::model::Schema =
        serde_json::from_value(json!({"type": "number"})).unwrap();
    let mut inf = inf;
    if let catalog_core::model::Type::Number { maximum, .. } = &mut inf.ty {
        *maximum = Some(f64::INFINITY);
    }
    assert_eq!(schema_of(&inf), json!({"type": "number"}));

    // An anyOf whose only arm was null is just null.
    let null_only: catalog_core::model::Schema =
        serde_json::from_value(json!({"type": "anyOf", "arms": [], "nullable": true})).unwrap();
    assert_eq!(schema_of(&null_only), json!({"anyOf": [{"type": "null"}]}));
    let empty: catalog_core::model::Schema =
        serde_json::from_value(json!({"type": "anyOf", "arms": []})).unwrap();
    assert_eq!(schema_of(&empty), json!({}));
}

/// The advertised file schema and the decoder's file check agree on every sample: what the
/// schema takes, the decoder takes, and what the decoder refuses, the schema leaves out.
#[test]
fn the_file_schema_takes_exactly_what_the_file_check_takes() {
    use catalog_core::check::arguments::file_shape::check_shape;
    let file = schema_of(&serde_json::from_value(json!({"type": "file"})).unwrap());
    let validator = jsonschema::draft202012::new(&file).expect("schema compiles");
    let samples = [
        json!({"path": "a.png"}),
        json!({"path": ""}),
        json!({"content_base64": ""}),
        json!({"content_base64": "QQ=="}),
        json!({"content_base64": "QQ"}),
        json!({"content_base64": "QUI="}),
        json!({"content_base64": "QUI"}),
        json!({"content_base64": "QUJD"}),
        json!({"content_base64": "Q"}),
        json!({"content_base64": "QR=="}),
        json!({"content_base64": "QUJ="}),
        json!({"content_base64": "QQ=x"}),
        json!({"content_base64": "a b"}),
        json!({"path": "a", "filename": "x.png"}),
        json!({"path": "a", "filename": "x\n.png"}),
        json!({"path": "a", "filename": "x\u{85}.png"}),
        json!({"path": "a", "media_type": "image/png"}),
        json!({"path": "a", "media_type": "text/plain; charset=utf-8"}),
        json!({"path": "a", "media_type": "image"}),
        json!({"path": "a", "media_type": "image/"}),
        json!({"path": "a", "media_type": "ima ge/png"}),
        json!({"path": "a", "media_type": "text/plain; x=\u{1}"}),
    ];
    for sample in samples {
        let decoder_takes = check_shape(sample.as_object().unwrap()).is_empty();
        assert_eq!(
            validator.is_valid(&sample),
            decoder_takes,
            "{sample}: the decoder {}",
            if decoder_takes {
                "takes it"
            } else {
                "refuses it"
            }
        );
    }
}

/// Without a files directory the path arm of every file schema is taken out, at any depth, and
/// nothing else is.
#[test]
fn without_file_paths_takes_out_the_path_arm_of_file_schemas_only() {
    use catalog_core::present::schema::without_file_paths;
    let file = |nullable: bool| {
        schema_of(&serde_json::from_value(json!({"type": "file", "nullable": nullable})).unwrap())
    };
    // Unions of the spec's own whose arms require a `path` beside other properties, and one
    // described as a file is: none is a file's schema.
    let arm = |props: &[&str]| {
        let properties: serde_json::Map<String, Value> = props
            .iter()
            .map(|p| (p.to_string(), json!({"type": "string"})))
            .collect();
        json!({"type": "object", "properties": properties, "required": ["path"]})
    };
    let union = json!({
        "description": "a file: its bytes in base64, or a path the operator allows",
        "oneOf": [
            arm(&["path"]),
            arm(&["path", "filename", "other"]),
            arm(&["path", "other", "media_type"]),
            arm(&["path", "filename", "media_type", "other"]),
            {"type": "object", "properties": {"url": {"type": "string"}}, "required": ["url"]},
        ],
    });
    let mut schema = json!({
        "type": "object",
        "properties": {
            "avatar": file(false),
            "files": {"type": "array", "items": file(true)},
            "route": union.clone(),
            "either": {"anyOf": [file(false), {"type": "string"}]},
        },
    });
    without_file_paths(&mut schema);
    let avatar = &schema["properties"]["avatar"];
    assert_eq!(avatar["description"], "a file: its bytes in base64");
    let arms = avatar["oneOf"].as_array().unwrap();
    assert_eq!(arms.len(), 1);
    assert_eq!(arms[0]["required"], json!(["content_base64"]));
    // The null arm of a nullable file stays.
    let arms = schema["properties"]["files"]["items"]["oneOf"]
        .as_array()
        .unwrap();
    assert_eq!(arms.len(), 2);
    assert_eq!(arms[1], json!({"type": "null"}));
    // A union of the spec's own that requires a `path` is not a file.
    assert_eq!(schema["properties"]["route"], union);
    // A file inside an array of schemas (`anyOf`) is reached too.
    let inner = schema["properties"]["either"]["anyOf"][0]["oneOf"]
        .as_array()
        .unwrap();
    assert_eq!(inner.len(), 1, "{inner:?}");
}
