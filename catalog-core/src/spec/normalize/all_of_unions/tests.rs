//! Unit tests of the `allOf`-with-a-union rewrite (a file of their own: they pick an arm with
//! `check::union`, a layer above `spec`).

use crate::model::{Operation, Type};
use crate::model::{describe_arms, union_arms};
use crate::spec::normalize::normalize;
use serde_json::{Value, json};

/// The one operation of a document whose body schema is `schema`, beside `components`.
fn operation(schema: Value, components: Value) -> Operation {
    let doc = json!({"openapi": "3.0.3", "info": {"title": "t", "version": "1"}, "paths": {
        "/x": {"post": {"requestBody": {"content": {"application/json": {"schema": schema}}},
            "responses": {"200": {"description": "ok"}}}}},
        "components": {"schemas": components}});
    normalize(&doc).operations.remove(0)
}

fn object(props: &[&str], required: &[&str]) -> Value {
    let properties: serde_json::Map<String, Value> = props
        .iter()
        .map(|p| (p.to_string(), json!({"type": "string"})))
        .collect();
    json!({"type": "object", "properties": properties, "required": required})
}

fn reasons(op: &Operation) -> Vec<String> {
    op.unsupported.iter().map(|u| u.reason.clone()).collect()
}

/// `(name, required)` of each field of each arm.
fn arm_fields(op: &Operation) -> Vec<Vec<(String, bool)>> {
    union_arms(op)
        .expect("a union body")
        .iter()
        .map(|arm| match &arm.ty {
            Type::Object { fields, .. } => fields
                .iter()
                .map(|f| (f.name.clone(), f.required))
                .collect(),
            other => panic!("an object arm, not {other:?}"),
        })
        .collect()
}

#[test]
fn a_union_member_is_distributed_into_merged_arms_named_by_the_union() {
    // `required` beside the `allOf` binds a field only the second arm declares.
    let op = operation(
        json!({"required": ["b", "torrent"], "allOf": [
            {"$ref": "#/components/schemas/Base"},
            {"type": "object", "properties": {"b": {"type": "string"}}},
            {"oneOf": [{"$ref": "#/components/schemas/ByUrl"},
                       {"$ref": "#/components/schemas/ByTorrent"}]}]}),
        json!({"Base": object(&["a"], &["a"]),
               "ByUrl": object(&["url"], &["url"]),
               "ByTorrent": object(&["torrent", "magnet"], &[])}),
    );
    assert_eq!(reasons(&op), Vec::<String>::new());
    let body = op.body.as_ref().expect("a body");
    assert!(
        body.whole,
        "a union body is one argument until a variant is picked"
    );
    let own = |name: &str, required: bool| (name.to_string(), required);
    assert_eq!(
        arm_fields(&op),
        [
            vec![
                own("a", true),
                own("b", true),
                own("url", true),
                own("torrent", true)
            ],
            vec![
                own("a", true),
                own("b", true),
                own("torrent", true),
                own("magnet", false)
            ],
        ]
    );
    assert_eq!(body.arm_names, [vec!["ByUrl"], vec!["ByTorrent"]]);
    // The arm is picked by name, as any union's, and its fields become the body's.
    let mut picked = op.clone();
    crate::check::union::pick_variant(
        &mut picked,
        &crate::check::union::Variant::Name("ByTorrent".into()),
    )
    .unwrap();
    let names: Vec<&str> = picked.params.iter().map(|p| p.name.as_str()).collect();
    assert_eq!(names, ["a", "b", "torrent", "magnet"]);
}

#[test]
fn several_union_members_give_the_cross_product_named_by_both() {
    let op = operation(
        json!({"allOf": [
            {"$ref": "#/components/schemas/Base"},
            {"oneOf": [{"$ref": "#/components/schemas/A"}, {"$ref": "#/components/schemas/B"}]},
            {"anyOf": [{"$ref": "#/components/schemas/C"}, {"$ref": "#/components/schemas/D"},
                       {"type": "null"}]}]}),
        json!({"Base": object(&["base"], &[]), "A": object(&["a"], &[]),
               "B": object(&["b"], &[]), "C": object(&["c"], &[]), "D": object(&["d"], &[])}),
    );
    assert_eq!(
        describe_arms(union_arms(&op).expect("a union body")),
        "object (base, a, c) | object (base, a, d) | object (base, b, c) | object (base, b, d)"
    );
    assert_eq!(
        op.body.as_ref().unwrap().arm_names,
        [vec!["A+C"], vec!["A+D"], vec!["B+C"], vec!["B+D"]]
    );
}

#[test]
fn arms_whose_merge_contradicts_drop_out() {
    // Of a string and an object beside an object, only the object merges: the body is that
    // one object, its fields the body's parameters.
    let op = operation(
        json!({"allOf": [object(&["a"], &["a"]),
            {"oneOf": [{"type": "string"}, object(&["c"], &[])]}]}),
        json!({}),
    );
    assert_eq!(reasons(&op), Vec::<String>::new());
    assert!(!op.body.as_ref().unwrap().whole);
    let names: Vec<(&str, bool)> = op
        .params
        .iter()
        .map(|p| (p.name.as_str(), p.required))
        .collect();
    assert_eq!(names, [("a", true), ("c", false)]);
    // Of three arms, the two that merge are the union, named by theirs.
    let op = operation(
        json!({"allOf": [object(&["a"], &[]), {"oneOf": [
            {"$ref": "#/components/schemas/X"}, {"type": "integer"},
            {"$ref": "#/components/schemas/Y"}]}]}),
        json!({"X": object(&["x"], &[]), "Y": object(&["y"], &[])}),
    );
    assert_eq!(
        describe_arms(union_arms(&op).expect("a union body")),
        "object (a, x) | object (a, y)"
    );
    assert_eq!(op.body.as_ref().unwrap().arm_names, [vec!["X"], vec!["Y"]]);
}

#[test]
fn past_sixteen_arms_the_body_is_refused_saying_how_many() {
    let five = json!({"oneOf": [object(&["a"], &[]), object(&["b"], &[]),
        object(&["c"], &[]), object(&["d"], &[]), object(&["e"], &[])]});
    let op = operation(
        json!({"allOf": [object(&["base"], &[]), five.clone(), five]}),
        json!({}),
    );
    assert_eq!(
        reasons(&op),
        [
            "the request body is an `allOf` whose `oneOf`/`anyOf` members make 25 arms (5 × 5), \
          more than the 16 merged arms a tool picks among by `variant`"
        ]
    );
    assert_eq!(
        crate::spec::reason_class::classify(&reasons(&op)[0]).name,
        "all-of-union-too-many-arms"
    );
    // Sixteen are picked among.
    let four = json!({"oneOf": [object(&["a"], &[]), object(&["b"], &[]),
        object(&["c"], &[]), object(&["d"], &[])]});
    let op = operation(
        json!({"allOf": [object(&["base"], &[]), four.clone(), four]}),
        json!({}),
    );
    assert_eq!(reasons(&op), Vec::<String>::new());
    assert_eq!(union_arms(&op).expect("a union body").len(), 16);
}

#[test]
fn a_lone_union_or_one_beside_annotations_is_left_as_it_is() {
    let op = operation(
        json!({"allOf": [{"description": "d"},
            {"oneOf": [{"$ref": "#/components/schemas/X"}, {"$ref": "#/components/schemas/Y"}]}]}),
        json!({"X": object(&["x"], &[]), "Y": object(&["y"], &[])}),
    );
    assert_eq!(reasons(&op), Vec::<String>::new());
    let body = &op.params[0].schema;
    let Type::AnyOf { arms } = &body.ty else {
        panic!("a union, not {:?}", body.ty);
    };
    // The arms stay references to the shared schemas.
    assert!(
        arms.iter().all(|a| matches!(a.ty, Type::Shared { .. })),
        "{arms:?}"
    );
}

#[test]
fn a_multipart_union_is_refused_as_not_sent_yet() {
    let doc = json!({"openapi": "3.0.3", "info": {"title": "t", "version": "1"}, "paths": {
        "/x": {"post": {"requestBody": {"content": {"multipart/form-data": {"schema": {
            "allOf": [object(&["name"], &["name"]), {"oneOf": [object(&["url"], &["url"]),
                {"properties": {"file": {"type": "string", "format": "binary"}}}]}]}}}},
            "responses": {"200": {"description": "ok"}}}}}});
    let op = normalize(&doc).operations.remove(0);
    assert_eq!(
        reasons(&op),
        [
            "the request body is `multipart/form-data` with a union (oneOf/anyOf) of 2 \
          objects; tools send a multipart body one part per property of one object, and do \
          not pick a union's arm for it yet"
        ]
    );
}

#[test]
fn past_the_copy_budget_an_all_of_is_any_value() {
    // 16 arms of a member of 70,000 properties copy 1.1 M schema nodes, past the budget
    // of 2^20: the `allOf` is any value.
    let wide: Vec<String> = (0..70_000).map(|i| format!("p{i}")).collect();
    let wide: Vec<&str> = wide.iter().map(String::as_str).collect();
    let sixteen: Vec<Value> = (0..16)
        .map(|i| object(&[&format!("arm{i}")], &[]))
        .collect();
    let op = operation(
        json!({"allOf": [object(&wide, &[]), {"oneOf": sixteen}]}),
        json!({}),
    );
    assert!(union_arms(&op).is_none(), "{:?}", op.body);
    assert_eq!(op.params[0].schema.ty, Type::Any);
    // Below it, the same shape is a union of sixteen arms.
    let sixteen: Vec<Value> = (0..16)
        .map(|i| object(&[&format!("arm{i}")], &[]))
        .collect();
    let op = operation(
        json!({"allOf": [object(&wide[..1000], &[]), {"oneOf": sixteen}]}),
        json!({}),
    );
    assert_eq!(union_arms(&op).expect("a union body").len(), 16);
}
