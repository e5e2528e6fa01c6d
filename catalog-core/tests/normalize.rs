//! One test per normalization rule, each on the smallest document that shows it.

use catalog_core::index::{Index, IndexReader, Lookup};
use catalog_core::model::BodyKind;
use catalog_core::model::Location;
use catalog_core::model::Operation;
use catalog_core::model::Schema;
use catalog_core::model::Style;
use catalog_core::model::Type;
use catalog_core::spec::load::{self as spec, Format};
use serde_json::{Value, json};

fn doc(version: &str, paths: Value, components: Value) -> Vec<Operation> {
    let d = json!({
        "openapi": version,
        "info": {"title": "T", "version": "1"},
        "paths": paths,
        "components": components,
    });
    let bytes = serde_json::to_vec(&d).unwrap();
    Index::from_document(&spec::parse(&bytes, Format::Json, "t").unwrap()).operations
}

/// The schema of the one body field or parameter named `name` of a one-operation document.
fn field(version: &str, schema: Value, components: Value) -> Schema {
    let ops = doc(
        version,
        json!({"/x": {"post": {"requestBody": {"content": {"application/json": {"schema": {
            "type": "object", "properties": {"f": schema}
        }}}}}}}),
        components,
    );
    assert_eq!(ops.len(), 1);
    assert!(ops[0].is_supported(), "{:?}", ops[0].unsupported);
    ops[0].param("body.f").expect("body.f").schema.clone()
}

fn string() -> Type {
    Type::String {
        format: None,
        enumeration: None,
        pattern: None,
        min_length: None,
        max_length: None,
    }
}

#[test]
fn nullable_true() {
    let s = field(
        "3.0.3",
        json!({"type": "string", "nullable": true}),
        json!({}),
    );
    assert_eq!((s.ty, s.nullable), (string(), true));
}

#[test]
fn x_nullable() {
    let s = field(
        "3.0.3",
        json!({"type": "string", "x-nullable": true}),
        json!({}),
    );
    assert_eq!((s.ty, s.nullable), (string(), true));
}

#[test]
fn type_array_with_null_3_1() {
    let s = field("3.1.0", json!({"type": ["string", "null"]}), json!({}));
    assert_eq!((s.ty, s.nullable), (string(), true));
}

#[test]
fn type_array_of_two_types_is_any_of() {
    let s = field("3.1.0", json!({"type": ["string", "integer"]}), json!({}));
    let Type::AnyOf { arms } = s.ty else {
        panic!("{s:?}")
    };
    assert_eq!(arms.len(), 2);
    assert_eq!(arms[0].ty, string());
    assert!(matches!(arms[1].ty, Type::Integer { .. }));
    assert!(!s.nullable);
}

#[test]
fn all_of_ref_plus_nullable() {
    let s = field(
        "3.0.3",
        json!({"allOf": [{"$ref": "#/components/schemas/S"}], "nullable": true}),
        json!({"schemas": {"S": {"type": "string", "enum": ["a", "b"]}}}),
    );
    assert!(s.nullable);
    assert!(
        matches!(&s.ty, Type::String { enumeration: Some(e), .. } if e == &["a", "b"]),
        "{s:?}"
    );
}

#[test]
fn enum_containing_null_without_nullable() {
    let s = field(
        "3.0.3",
        json!({"type": "string", "enum": ["a", "b", null]}),
        json!({}),
    );
    assert!(s.nullable);
    assert!(matches!(&s.ty, Type::String { enumeration: Some(e), .. } if e == &["a", "b"]));
}

#[test]
fn nullable_beside_ref() {
    let s = field(
        "3.0.3",
        json!({"$ref": "#/components/schemas/S", "nullable": true, "description": "here"}),
        json!({"schemas": {"S": {"type": "integer", "format": "int64"}}}),
    );
    assert!(s.nullable);
    assert_eq!(s.description.as_deref(), Some("here"));
    assert!(matches!(&s.ty, Type::Integer { format: Some(f), .. } if f == "int64"));
}

#[test]
fn a_boolean_keeps_its_enum_and_const() {
    let only_true = Type::Boolean {
        enumeration: Some(vec![true]),
    };
    // A success discriminator (`ok: enum [true]`) in either spelling, and an enum of booleans
    // without a `type`.
    for schema in [
        json!({"type": "boolean", "enum": [true]}),
        json!({"type": "boolean", "const": true}),
        json!({"enum": [true]}),
    ] {
        assert_eq!(
            field("3.1.0", schema.clone(), json!({})).ty,
            only_true,
            "{schema}"
        );
    }
    let s = field(
        "3.0.3",
        json!({"type": "boolean", "enum": [false, null]}),
        json!({}),
    );
    assert_eq!(
        (s.ty, s.nullable),
        (
            Type::Boolean {
                enumeration: Some(vec![false])
            },
            true
        )
    );
    assert_eq!(
        field("3.0.3", json!({"type": "boolean"}), json!({})).ty,
        Type::boolean()
    );
}

#[test]
fn one_of_arm_of_type_null() {
    let s = field(
        "3.1.0",
        json!({"oneOf": [{"type": "null"}, {"type": "boolean"}]}),
        json!({}),
    );
    assert_eq!((s.ty, s.nullable), (Type::boolean(), true));
}

#[test]
fn one_of_and_any_of_keep_their_arms() {
    for key in ["oneOf", "anyOf"] {
        let s = field(
            "3.0.3",
            json!({key: [{"type": "integer"}, {"$ref": "#/components/schemas/O"}]}),
            json!({"schemas": {"O": {"type": "object", "properties": {"a": {"type": "string"}}}}}),
        );
        let Type::AnyOf { arms } = &s.ty else {
            panic!("{key}: {s:?}")
        };
        assert!(matches!(arms[0].ty, Type::Integer { .. }), "{key}");
        assert!(
            matches!(&arms[1].ty, Type::Object { fields, .. } if fields[0].name == "a"),
            "{key}"
        );
    }
}

#[test]
fn all_of_objects_are_merged() {
    let ops = doc(
        "3.0.3",
        json!({"/x": {"post": {"requestBody": {"content": {"application/json": {"schema": {
            "allOf": [
                {"$ref": "#/components/schemas/Base"},
                {"type": "object", "required": ["b"], "properties": {"b": {"type": "integer"}}}
            ]
        }}}}}}}),
        json!({"schemas": {"Base": {"type": "object", "required": ["a"],
            "properties": {"a": {"type": "string"}, "c": {"type": "boolean"}}}}}),
    );
    let names: Vec<(String, bool)> = ops[0]
        .params
        .iter()
        .map(|p| (p.address(), p.required))
        .collect();
    assert_eq!(
        names,
        [
            ("body.a".to_string(), true),
            ("body.c".to_string(), false),
            ("body.b".to_string(), true)
        ]
    );
}

#[test]
fn path_level_parameters_merge_with_operation_overrides() {
    let ops = doc(
        "3.0.3",
        json!({"/items/{id}": {
            "parameters": [
                {"name": "id", "in": "path", "required": true, "schema": {"type": "string"}},
                {"name": "verbose", "in": "query", "schema": {"type": "boolean"}}
            ],
            "get": {"parameters": [
                {"name": "verbose", "in": "query", "required": true, "description": "override",
                 "schema": {"type": "integer"}},
                {"name": "verbose", "in": "header", "schema": {"type": "string"}}
            ]}
        }}),
        json!({}),
    );
    let p = &ops[0].params;
    let got: Vec<String> = p.iter().map(|p| p.address()).collect();
    assert_eq!(got, ["path.id", "query.verbose", "header.verbose"]);
    assert!(p[1].required);
    assert_eq!(p[1].description.as_deref(), Some("override"));
    assert!(matches!(p[1].schema.ty, Type::Integer { .. }));
    assert_eq!(p[1].pointer, "#/paths/~1items~1{id}/get/parameters/0");
}

#[test]
fn parameter_refs_are_resolved() {
    let ops = doc(
        "3.0.3",
        json!({"/x": {"get": {"parameters": [{"$ref": "#/components/parameters/Page"}]}}}),
        json!({"parameters": {"Page": {"name": "page", "in": "query",
            "schema": {"type": "integer", "minimum": 1}}}}),
    );
    let p = &ops[0].params[0];
    assert_eq!(p.address(), "query.page");
    assert_eq!(p.pointer, "#/components/parameters/Page");
    assert_eq!(p.style, Style::Form);
    assert!(p.explode);
    assert!(matches!(
        p.schema.ty,
        Type::Integer {
            minimum: Some(1.0),
            ..
        }
    ));
}

#[test]
fn array_body_is_one_whole_parameter() {
    let ops = doc(
        "3.0.3",
        json!({"/x": {"post": {"requestBody": {"required": true, "content": {"application/json": {
            "schema": {"type": "array", "items": {"type": "string"}}}}}}}}),
        json!({}),
    );
    let op = &ops[0];
    assert!(op.body.as_ref().unwrap().whole);
    assert_eq!(op.params.len(), 1);
    assert_eq!(op.params[0].address(), "body");
    assert!(op.params[0].required);
    assert!(matches!(&op.params[0].schema.ty, Type::Array { items, .. } if items.ty == string()));
}

#[test]
fn form_body_fields() {
    let ops = doc(
        "3.0.3",
        json!({"/x": {"post": {"requestBody": {"content": {
            "application/x-www-form-urlencoded": {"schema": {"type": "object",
                "required": ["name"],
                "properties": {"name": {"type": "string"}, "n": {"type": "integer"}}}}}}}}}),
        json!({}),
    );
    let body = ops[0].body.as_ref().unwrap();
    assert_eq!(body.kind, BodyKind::Form);
    let got: Vec<(String, bool)> = ops[0]
        .params
        .iter()
        .map(|p| (p.address(), p.required))
        .collect();
    assert_eq!(got, [("body.name".into(), true), ("body.n".into(), false)]);
}

#[test]
fn media_type_preference() {
    // JSON with parameters beats a +json type listed first; +json beats form; multipart, text and
    // binary are recorded as such.
    let cases = [
        (
            json!({"application/json-patch+json": {}, "application/json; charset=utf-8": {}}),
            "application/json; charset=utf-8",
            BodyKind::Json,
        ),
        (
            json!({"application/x-www-form-urlencoded": {}, "application/merge-patch+json": {}}),
            "application/merge-patch+json",
            BodyKind::Json,
        ),
        (
            json!({"multipart/form-data": {}}),
            "multipart/form-data",
            BodyKind::Multipart,
        ),
        (json!({"text/plain": {}}), "text/plain", BodyKind::Text),
        (
            json!({"application/octet-stream": {}}),
            "application/octet-stream",
            BodyKind::Binary,
        ),
    ];
    for (content, media, kind) in cases {
        let ops = doc(
            "3.0.3",
            json!({"/x": {"post": {"requestBody": {"content": content}}}}),
            json!({}),
        );
        let body = ops[0].body.as_ref().unwrap();
        assert_eq!((body.media_type.as_str(), body.kind), (media, kind));
    }
}

#[test]
fn recursive_schemas_terminate() {
    let s = field(
        "3.0.3",
        json!({"$ref": "#/components/schemas/Node"}),
        json!({"schemas": {"Node": {"type": "object", "properties": {
            "name": {"type": "string"},
            "children": {"type": "array", "items": {"$ref": "#/components/schemas/Node"}}
        }}}}),
    );
    let Type::Object { fields, .. } = &s.ty else {
        panic!("{s:?}")
    };
    let Type::Array { items, .. } = &fields[1].schema.ty else {
        panic!()
    };
    assert_eq!(items.ty, Type::Any);
    assert_eq!(
        items.description.as_deref(),
        Some("recursive reference to `#/components/schemas/Node`")
    );
}

#[test]
fn mutually_recursive_schemas_terminate() {
    let s = field(
        "3.0.3",
        json!({"$ref": "#/components/schemas/A"}),
        json!({"schemas": {
            "A": {"type": "object", "properties": {"b": {"$ref": "#/components/schemas/B"}}},
            "B": {"type": "object", "properties": {"a": {"$ref": "#/components/schemas/A"}}}
        }}),
    );
    let Type::Object { fields, .. } = &s.ty else {
        panic!()
    };
    let Type::Object { fields: inner, .. } = &fields[0].schema.ty else {
        panic!()
    };
    assert_eq!(inner[0].schema.ty, Type::Any);
}

#[test]
fn dangling_ref_makes_the_operation_unsupported_with_a_pointer() {
    let ops = doc(
        "3.0.3",
        json!({"/x": {"post": {"requestBody": {"content": {"application/json": {"schema": {
            "type": "object", "properties": {"f": {"$ref": "#/components/schemas/Missing"}}
        }}}}}}}),
        json!({}),
    );
    assert_eq!(ops[0].unsupported.len(), 1);
    assert_eq!(
        ops[0].unsupported[0].to_string(),
        "unsupported: dangling `$ref` `#/components/schemas/Missing`: nothing is declared there \
         at #/paths/~1x/post/requestBody/content/application~1json/schema/properties/f"
    );
}

#[test]
fn dangling_parameter_ref_is_reported() {
    let ops = doc(
        "3.0.3",
        json!({"/x": {"get": {"parameters": [{"$ref": "#/components/parameters/Nope"}]}}}),
        json!({}),
    );
    assert_eq!(
        ops[0].unsupported[0].to_string(),
        "unsupported: dangling `$ref` `#/components/parameters/Nope`: nothing is declared there \
         at #/paths/~1x/get/parameters/0"
    );
}

#[test]
fn path_template_without_parameter_is_reported() {
    let ops = doc("3.0.3", json!({"/x/{id}": {"get": {}}}), json!({}));
    assert_eq!(
        ops[0].unsupported[0].reason,
        "the path template names `{id}` but no path parameter declares it"
    );
}

#[test]
fn an_unbalanced_path_template_is_reported_with_the_operation_unsupported() {
    let ops = doc(
        "3.0.3",
        json!({"/x/{id": {"get": {"parameters": [
            {"name": "id", "in": "path", "required": true, "schema": {"type": "string"}}
        ]}}}),
        json!({}),
    );
    assert_eq!(
        ops[0].unsupported[0].to_string(),
        "unsupported: path template `/x/{id` has an unclosed `{` at #/paths/~1x~1{id/get"
    );
}

#[test]
fn duplicate_operation_ids_stay_reachable_by_method_and_path() {
    let ops = doc(
        "3.0.3",
        json!({
            "/a": {"get": {"operationId": "Dup"}},
            "/b": {"delete": {"operationId": "Dup"}}
        }),
        json!({}),
    );
    let index = Index {
        spec: catalog_core::model::SpecInfo {
            stem: "dup".into(),
            ..Default::default()
        },
        operations: ops,
    };
    let dir = std::env::temp_dir().join(format!("catalog-dup-{}", std::process::id()));
    let file = index.write(&dir).unwrap();
    let reader = IndexReader::open(&file).unwrap();
    assert_eq!(
        reader.find("Dup").unwrap(),
        Lookup::Ambiguous(vec!["GET /a".into(), "DELETE /b".into()])
    );
    let Lookup::Found(op) = reader.find("delete /b").unwrap() else {
        panic!()
    };
    assert_eq!(op.key(), "DELETE /b");
    assert_eq!(reader.find("Nope").unwrap(), Lookup::NotFound);
}

#[test]
fn ignored_header_parameters() {
    let ops = doc(
        "3.0.3",
        json!({"/x": {"get": {"parameters": [
            {"name": "Accept", "in": "header", "schema": {"type": "string"}},
            {"name": "content-type", "in": "header", "schema": {"type": "string"}},
            {"name": "Authorization", "in": "header", "schema": {"type": "string"}},
            {"name": "X-Trace", "in": "header", "schema": {"type": "string"}}
        ]}}}),
        json!({}),
    );
    let got: Vec<String> = ops[0].params.iter().map(|p| p.address()).collect();
    assert_eq!(got, ["header.X-Trace"]);
}

#[test]
fn bounds_in_both_versions() {
    // 3.0: boolean exclusive flags; 3.1: numeric exclusive bounds. Integer bounds fold to inclusive.
    let s = field(
        "3.0.3",
        json!({"type": "integer", "minimum": 0, "exclusiveMinimum": true, "maximum": 10}),
        json!({}),
    );
    assert!(matches!(
        s.ty,
        Type::Integer {
            minimum: Some(1.0),
            maximum: Some(10.0),
            ..
        }
    ));
    let s = field(
        "3.1.0",
        json!({"type": "integer", "exclusiveMinimum": 0, "exclusiveMaximum": 10}),
        json!({}),
    );
    assert!(matches!(
        s.ty,
        Type::Integer {
            minimum: Some(1.0),
            maximum: Some(9.0),
            ..
        }
    ));
    let s = field(
        "3.1.0",
        json!({"type": "number", "exclusiveMinimum": 0.5}),
        json!({}),
    );
    assert!(matches!(
        s.ty,
        Type::Number {
            minimum: Some(0.5),
            exclusive_minimum: true,
            ..
        }
    ));
}

#[test]
fn const_is_a_one_value_enum() {
    let s = field("3.1.0", json!({"const": "fixed"}), json!({}));
    assert!(matches!(&s.ty, Type::String { enumeration: Some(e), .. } if e == &["fixed"]));
}

#[test]
fn read_only_body_fields_are_not_parameters() {
    let ops = doc(
        "3.0.3",
        json!({"/x": {"post": {"requestBody": {"content": {"application/json": {"schema": {
        "type": "object", "properties": {
            "id": {"type": "integer", "readOnly": true},
            "name": {"type": "string"}
        }}}}}}}}),
        json!({}),
    );
    let got: Vec<String> = ops[0].params.iter().map(|p| p.address()).collect();
    assert_eq!(got, ["body.name"]);
}

#[test]
fn yaml_input_indexes_like_json() {
    let yaml = "openapi: 3.0.3
info: {title: Y, version: '1'}
paths:
  /pets/{petId}:
    get:
      operationId: getPet
      parameters:
        - {name: petId, in: path, required: true, schema: {type: integer, format: int64}}
        - {name: tags, in: query, style: form, explode: false, schema: {type: array, items: {type: string}}}
";
    let d = spec::parse(yaml.as_bytes(), Format::Yaml, "y").unwrap();
    let ops = Index::from_document(&d).operations;
    assert_eq!(ops[0].id.as_deref(), Some("getPet"));
    assert_eq!(ops[0].params[0].location, Location::Path);
    assert!(ops[0].params[0].required);
    assert!(!ops[0].params[1].explode);
}

#[test]
fn external_refs_are_unsupported_not_dropped() {
    let ops = doc(
        "3.0.3",
        json!({"/x": {"get": {"parameters": [{"$ref": "other.yaml#/components/parameters/P"}]}}}),
        json!({}),
    );
    assert_eq!(
        ops[0].unsupported[0].reason,
        "external `$ref` `other.yaml#/components/parameters/P` is not supported; bundle the \
         document into one file first"
    );
}

#[test]
fn any_of_of_required_only_arms_keeps_the_properties() {
    // GitHub's `PATCH /gists/{gist_id}`: properties plus `anyOf: [{required: [a]}, {required: [b]}]`.
    let ops = doc(
        "3.0.3",
        json!({"/x": {"patch": {"requestBody": {"content": {"application/json": {"schema": {
            "type": "object",
            "properties": {"a": {"type": "string"}, "b": {"type": "integer"}},
            "anyOf": [{"required": ["a"]}, {"required": ["b"]}]
        }}}}}}}),
        json!({}),
    );
    let got: Vec<(String, bool)> = ops[0]
        .params
        .iter()
        .map(|p| (p.address(), p.required))
        .collect();
    assert_eq!(got, [("body.a".into(), false), ("body.b".into(), false)]);
}

#[test]
fn an_operations_tags_are_its_groups() {
    let ops = doc(
        "3.0.3",
        json!({"/x": {
            "get": {"tags": ["Tasks", "read"], "responses": {"200": {"description": "ok"}}},
            "post": {"tags": ["Tasks", 7], "responses": {"200": {"description": "ok"}}},
            "put": {"responses": {"200": {"description": "ok"}}},
        }}),
        json!({}),
    );
    let tags: Vec<Vec<String>> = ops.iter().map(|o| o.tags.clone()).collect();
    // In method order (get, put, post); a tag that is not a string is not a group.
    assert_eq!(
        tags,
        [
            vec!["Tasks".to_string(), "read".to_string()],
            vec![],
            vec!["Tasks".to_string()]
        ]
    );
}

/// The `min_length` and `min_items` of each parameter of a one-operation document.
fn lengths(params: Value) -> Vec<(String, Option<u64>, Option<u64>)> {
    let ops = doc(
        "3.0.3",
        json!({"/x/{id}/{ids}": {"get": {"parameters": params}}}),
        json!({}),
    );
    ops[0]
        .params
        .iter()
        .map(|p| {
            let min_length = |t: &Type| match t {
                Type::String { min_length, .. } => *min_length,
                _ => None,
            };
            let (len, items) = match &p.schema.ty {
                Type::Array {
                    items, min_items, ..
                } => (min_length(&items.ty), *min_items),
                t => (min_length(t), None),
            };
            (p.name.clone(), len, items)
        })
        .collect()
}

#[test]
fn path_and_query_values_that_cannot_be_empty_say_so_in_their_schema() {
    let got = lengths(json!([
        {"in": "path", "name": "id", "required": true, "schema": {"type": "string"}},
        {"in": "path", "name": "ids", "required": true,
         "schema": {"type": "array", "items": {"type": "string"}}},
        {"in": "query", "name": "name", "schema": {"type": "string"}},
        {"in": "query", "name": "longer", "schema": {"type": "string", "minLength": 3}},
        {"in": "query", "name": "tag", "schema": {"type": "array", "items": {"type": "string"}}},
        {"in": "query", "name": "q", "allowEmptyValue": true, "schema": {"type": "string"}},
        {"in": "query", "name": "state", "schema": {"type": "string", "enum": ["", "open"]}},
        {"in": "header", "name": "X-Note", "schema": {"type": "string"}},
        {"in": "query", "name": "n", "schema": {"type": "integer"}},
    ]));
    let row = |name: &str, len: Option<u64>, items: Option<u64>| (name.to_string(), len, items);
    assert_eq!(
        got,
        [
            row("id", Some(1), None),
            // A path list names at least one item, each not empty.
            row("ids", Some(1), Some(1)),
            row("name", Some(1), None),
            row("longer", Some(3), None),
            // A query list may be empty (nothing is sent); an item may not.
            row("tag", Some(1), None),
            // Where the spec allows an empty value, or an enum lists the texts, it is as written.
            row("q", None, None),
            row("state", None, None),
            row("X-Note", None, None),
            row("n", None, None),
        ]
    );
}

#[test]
fn a_typeless_schema_takes_null_unless_its_enum_leaves_null_out() {
    // No type: any JSON value, null included (3.0 and 3.1 alike).
    for version in ["3.0.3", "3.1.0"] {
        for schema in [json!({}), json!({"description": "free-form"})] {
            let s = field(version, schema.clone(), json!({}));
            assert_eq!((s.ty, s.nullable), (Type::Any, true), "{version} {schema}");
        }
    }
    // An enum of mixed kinds beside no type is what it lists.
    for (schema, nullable) in [
        (json!({"enum": ["a", 1]}), false),
        (json!({"enum": ["a", 1, null]}), true),
    ] {
        let s = field("3.1.0", schema.clone(), json!({}));
        assert_eq!((s.ty, s.nullable), (Type::Any, nullable), "{schema}");
    }
    // A typed schema is not widened.
    let s = field("3.0.3", json!({"type": "string"}), json!({}));
    assert_eq!((s.ty, s.nullable), (string(), false));
}

#[test]
fn a_header_text_cannot_hold_control_characters_unless_its_own_pattern_or_enum_says() {
    let ops = doc(
        "3.0.3",
        json!({"/x": {"get": {"parameters": [
            {"name": "If-Match", "in": "header", "schema": {"type": "string"}},
            {"name": "X-Ids", "in": "header", "schema": {"type": "array", "items": {"type": "string"}}},
            {"name": "X-Own", "in": "header", "schema": {"type": "string", "pattern": "^[a-z]+$"}},
            {"name": "X-Mode", "in": "header", "schema": {"type": "string", "enum": ["a", "b"]}},
            {"name": "q", "in": "query", "schema": {"type": "string"}},
        ]}}}),
        json!({}),
    );
    let pattern = |name: &str| {
        let p = ops[0].params.iter().find(|p| p.name == name).unwrap();
        let s = match &p.schema.ty {
            Type::Array { items, .. } => items.as_ref().clone(),
            _ => p.schema.clone(),
        };
        match s.ty {
            Type::String { pattern, .. } => pattern,
            other => panic!("{other:?}"),
        }
    };
    let control = Some(r"^[^\u0000-\u001F\u007F-\u009F]*$".to_string());
    assert_eq!(pattern("If-Match"), control);
    assert_eq!(pattern("X-Ids"), control);
    assert_eq!(pattern("X-Own").as_deref(), Some("^[a-z]+$"));
    assert_eq!(pattern("X-Mode"), None);
    assert_eq!(pattern("q"), None);
}
