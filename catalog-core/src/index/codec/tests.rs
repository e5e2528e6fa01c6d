//! Round trips of the codec: every value, string and shape reads back as written.

use super::*;
use crate::model::{BodyKind, Location, PartEncoding, StatusKey};
use serde_json::json;

/// `op` reads back as written.
fn same(op: &Operation) {
    let mut out = Vec::new();
    write_operation(&mut out, op).unwrap();
    assert_eq!(&read_operation(&out).unwrap(), op);
}

fn s(ty: Type) -> Schema {
    Schema::new(ty)
}

#[test]
fn a_value_reads_back_as_written() {
    let every_ascii: String = (0u8..0x80).map(char::from).collect();
    let value = json!({
        "a": null, "b": true, "c": false, "d": [], "e": {},
        "numbers": [0, -1, u64::MAX, i64::MIN, 2.5, -0.0, 1e300, 0.1],
        every_ascii.clone(): [every_ascii, "caf\u{e9} \u{2028} \u{1f600}"],
        "nested": {"z": [{"y": [[]]}], "a": "last"}
    });
    let mut out = Vec::new();
    write_value(&mut out, &value).unwrap();
    assert_eq!(serde_json::from_slice::<Value>(&out).unwrap(), value);
}

#[test]
fn every_string_reads_back_as_written() {
    let every_ascii: String = (0u8..0x80).map(char::from).collect();
    let mixed = format!("{every_ascii} caf\u{e9} \u{2028} \u{1f600} \\\"");
    for text in ["", "plain", "a\"b\\c\nd\u{7}", &every_ascii, &mixed] {
        let mut out = Vec::new();
        string(&mut out, text).unwrap();
        assert_eq!(serde_json::from_slice::<String>(&out).unwrap(), text);
    }
}

#[test]
fn every_shape_reads_back_as_written() {
    let mut described = s(Type::boolean());
    described.nullable = true;
    described.description = Some("with \"quotes\", a \\ and a\nnewline".into());
    described.default = Some(json!({"a": [1, 2.5, null, "x"]}));
    described
        .extensions
        .insert("x-applies-when".into(), json!({"k": "v"}));
    // The keywords beside the type (`Schema::assertions`), all at once.
    let asserted: Schema = serde_json::from_value(json!({"type": "number",
        "multiple_of": 0.5, "unique_items": true, "min_properties": 1, "max_properties": 4,
        "allowed": [1.5, {"a": [1]}],
        "required_alternatives": [{"sets": [["a"], ["b", "c"]]},
            {"exactly_one": true, "sets": [["d"]]}]}))
    .unwrap();
    assert!(asserted.assertions.is_some());
    // A default of `null` (PeerTube's `deletedAt`) is one, not none.
    let mut null_default = s(Type::boolean());
    null_default.default = Some(Value::Null);
    let schemas = vec![
        asserted,
        null_default,
        s(Type::String {
            format: Some("uuid".into()),
            enumeration: Some(vec!["a".into(), "tab\there".into()]),
            pattern: Some("^[a-z]+$".into()),
            min_length: Some(1),
            max_length: Some(u64::MAX),
        }),
        s(Type::Integer {
            format: Some("int64".into()),
            minimum: Some(-9.223372036854776e18),
            maximum: Some(1.8446744073709552e19),
            enumeration: Some(vec![-1, 0, i64::MAX]),
        }),
        s(Type::Number {
            format: None,
            minimum: Some(0.1),
            maximum: Some(1e300),
            exclusive_minimum: true,
            exclusive_maximum: true,
        }),
        s(Type::Array {
            items: Box::new(s(Type::Any)),
            min_items: Some(0),
            max_items: Some(3),
        }),
        s(Type::File),
        // A boolean's enum (a success discriminator, `ok: enum [true]`) is kept.
        s(Type::Boolean {
            enumeration: Some(vec![true]),
        }),
        s(Type::Boolean {
            enumeration: Some(vec![false, true]),
        }),
        s(Type::Object {
            fields: vec![Field {
                name: "é \u{1}".into(),
                required: true,
                read_only: true,
                schema: s(Type::Object {
                    fields: vec![],
                    open: true,
                    values: Some(Box::new(s(Type::Object {
                        fields: vec![Field {
                            name: "url".into(),
                            required: true,
                            read_only: false,
                            schema: s(Type::boolean()),
                        }],
                        open: true,
                        values: None,
                    }))),
                }),
            }],
            open: false,
            values: None,
        }),
        s(Type::AnyOf {
            arms: vec![s(Type::boolean()), described.clone()],
        }),
        described,
    ];
    let mut params: Vec<Param> = Vec::new();
    for (i, schema) in schemas.into_iter().enumerate() {
        let location = Location::ALL[i % Location::ALL.len()];
        params.push(Param {
            location,
            name: format!("p{i}"),
            required: i % 2 == 0,
            deprecated: i % 3 == 0,
            description: (i % 2 == 1).then(|| "d".into()),
            schema,
            style: if i % 4 == 0 {
                Style::DeepObject
            } else {
                Style::default_for(location)
            },
            explode: i % 3 == 1,
            pointer: format!("#/p/{i}"),
        });
    }
    let op = Operation {
        id: Some("Get\"Thing".into()),
        method: "GET".into(),
        path: "/things/{id}".into(),
        pointer: "#/paths/~1things~1{id}/get".into(),
        summary: Some("s".into()),
        description: Some("d\r".into()),
        deprecated: true,
        params,
        body: Some(Body {
            media_type: "application/json".into(),
            documented_as: Some("*/*".into()),
            kind: BodyKind::Multipart,
            required: true,
            whole: true,
            open: true,
            pointer: "#/b".into(),
            encoding: vec![PartEncoding {
                name: "f".into(),
                content_type: Some("image/png".into()),
                headers: vec!["X-Part".into()],
            }],
            arm_names: vec![vec!["Cat".into(), "cat".into()], vec![]],
            values: Some(s(Type::Integer {
                minimum: Some(0.0),
                maximum: None,
                enumeration: None,
                format: None,
            })),
            required_alternatives: vec![crate::model::RequiredAlternatives::new(
                true,
                vec![vec!["a".into()], vec!["b".into()]],
            )],
        }),
        responses: vec![
            Response {
                status: StatusKey::Code(200),
                description: Some("a \"list\"".into()),
                content: vec![
                    Content {
                        media_type: "application/json".into(),
                        schema: Some(s(Type::Array {
                            items: Box::new(s(Type::Shared { id: 3 })),
                            min_items: None,
                            max_items: None,
                        })),
                    },
                    Content {
                        media_type: "text/plain".into(),
                        schema: None,
                    },
                ],
                headers: vec![ResponseHeader {
                    name: "X-Rate-Limit".into(),
                    required: true,
                    description: Some("calls left".into()),
                    schema: s(Type::boolean()),
                }],
                pointer: "#/r/200".into(),
                unsupported: vec![],
            },
            Response {
                status: StatusKey::Range(4),
                description: None,
                content: vec![],
                headers: vec![],
                pointer: "#/r/4XX".into(),
                unsupported: vec![Unsupported {
                    reason: "dangling".into(),
                    pointer: "#/x".into(),
                }],
            },
            Response {
                status: StatusKey::Default,
                description: None,
                content: vec![],
                headers: vec![],
                pointer: "#/r/default".into(),
                unsupported: vec![],
            },
        ],
        unsupported: vec![Unsupported {
            reason: "r".into(),
            pointer: "#/u".into(),
        }],
        degraded: vec![],
        degraded_output: vec![],
        spec: crate::model::SpecInfo {
            stem: "x".into(),
            ..Default::default()
        },
        accounting: vec![],
        security: vec![vec![crate::spec::security::SchemeUse {
            scheme: "k".into(),
            kind: crate::spec::security::SchemeKind::Bearer,
            scopes: vec!["s".into()],
        }]],
        tags: vec!["Tasks".into(), "a \"tag\"".into()],
        failure: vec![
            crate::model::FailureRule::discriminator("ok", vec![json!(true)]),
            crate::model::FailureRule::declared("status", json!("error"), "a \"reason\""),
        ],
    };
    same(&op);
    same(&Operation {
        id: None,
        summary: None,
        description: None,
        deprecated: false,
        params: vec![],
        body: None,
        responses: vec![],
        unsupported: vec![],
        degraded: vec![],
        degraded_output: vec![],
        spec: Default::default(),
        tags: vec![],
        failure: vec![],
        ..op
    });
}
