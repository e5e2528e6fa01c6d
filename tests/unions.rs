//! Tools over union request bodies (openapi/unions.yaml): each picks one arm with
//! `variant = N` or `variant = "<arm name>"`, is accounted as if the body were that arm, and
//! sends that arm's JSON; or takes the whole union as one `body` with
//! `variant(whole, reason = "...")`, validated against every arm.

mod support;

use catalog::{Tool, tool};
use catalog_core::check::union::{Variant, pick_variant};
use catalog_core::model::Location;
use serde_json::{Value, json};

/// Register a cat (the first arm of `CreatePet`'s oneOf, a `$ref` to `Cat`).
#[derive(Debug)]
#[tool(spec = "unions", operation = "CreatePet", variant = 0)]
pub struct CreateCat {
    pub name: String,
    pub lives: Option<i64>,
}

/// Register a dog (the second arm, an inline object).
#[derive(Debug)]
#[tool(spec = "unions", operation = "CreatePet", variant = 1)]
pub struct CreateDog {
    pub name: String,
    pub barks: bool,
}

/// Create one site (the object arm of `CreateSites`' anyOf).
#[derive(Debug)]
#[tool(
    spec = "unions",
    operation = "CreateSites",
    variant = 0,
    omitted("body.tenant", reason = "sites are created in the caller's own tenant")
)]
pub struct CreateSite {
    pub name: String,
    pub slug: String,
    pub description: Option<String>,
}

/// Create sites in bulk (the array arm).
#[derive(Debug)]
#[tool(spec = "unions", operation = "CreateSites", variant = 1)]
pub struct CreateManySites {
    #[arg(param = "body", rename = "sites")]
    pub sites: Vec<Value>,
}

/// The request's JSON body.
fn body<T: Tool>(tool: &T) -> Value {
    let request = tool.to_request().unwrap();
    assert_eq!(
        request.headers()[http::header::CONTENT_TYPE],
        "application/json"
    );
    serde_json::from_slice(request.body()).unwrap()
}

#[test]
fn each_variant_of_a_oneof_sends_its_own_arms_properties() {
    let cat = CreateCat::from_arguments(json!({"name": "Tom", "lives": 9})).unwrap();
    assert_eq!(body(&cat), json!({"name": "Tom", "lives": 9}));
    let dog = CreateDog::from_arguments(json!({"name": "Rex", "barks": true})).unwrap();
    assert_eq!(body(&dog), json!({"name": "Rex", "barks": true}));
    let request = dog.to_request().unwrap();
    assert_eq!(
        (request.method().as_str(), request.uri().to_string()),
        ("POST", "/pets".to_string())
    );
}

#[test]
fn an_arms_own_schema_checks_the_arguments() {
    // `lives` is bounded by the `Cat` arm's `maximum: 9`.
    let e = CreateCat::from_arguments(json!({"name": "Tom", "lives": 10})).unwrap_err();
    assert_eq!(
        e.to_string(),
        "invalid arguments: $.lives: must be at most 9, got 10"
    );
    // `barks` is required by the second arm.
    let e = CreateDog::from_arguments(json!({"name": "Rex"})).unwrap_err();
    assert_eq!(
        e.to_string(),
        "invalid arguments: $.barks: missing required argument `barks` (boolean)"
    );
}

#[test]
fn the_object_arm_of_an_anyof_is_its_fields_and_the_array_arm_one_body() {
    let one = CreateSite::from_arguments(json!({"name": "Oslo", "slug": "osl"})).unwrap();
    assert_eq!(body(&one), json!({"name": "Oslo", "slug": "osl"}));
    let many = CreateManySites::from_arguments(json!({"sites": [
        {"name": "Oslo", "slug": "osl"}, {"name": "Bergen", "slug": "bgo"}
    ]}))
    .unwrap();
    assert_eq!(
        body(&many),
        json!([{"name": "Oslo", "slug": "osl"}, {"name": "Bergen", "slug": "bgo"}])
    );
}

/// Start a task from scratch (the `NewTask` arm, named by its component).
#[derive(Debug)]
#[tool(spec = "unions", operation = "CreateTask", variant = "NewTask")]
pub struct NewTask {
    pub kind: String,
    pub title: String,
}

/// Copy a task (the `TaskCopy` arm, named by its discriminator mapping key).
#[derive(Debug)]
#[tool(spec = "unions", operation = "CreateTask", variant = "copy")]
pub struct CopyTask {
    pub kind: String,
    pub from: i64,
}

/// Create sites, one or many, in whatever shape the agent has them.
#[derive(Debug)]
#[tool(
    spec = "unions",
    operation = "CreateSites",
    variant(
        whole,
        reason = "the agent sends one site or a list in one argument; the server validates \
                  the fields, which the input schema lists per arm"
    )
)]
pub struct CreateSitesAnyShape {
    pub body: Value,
}

#[test]
fn an_arm_named_by_its_component_or_mapping_key_sends_that_arms_properties() {
    let new = NewTask::from_arguments(json!({"kind": "new", "title": "Ship it"})).unwrap();
    assert_eq!(
        new.to_request().unwrap().body().as_slice(),
        br#"{"kind":"new","title":"Ship it"}"#
    );
    let copy = CopyTask::from_arguments(json!({"kind": "copy", "from": 7})).unwrap();
    assert_eq!(
        copy.to_request().unwrap().body().as_slice(),
        br#"{"kind":"copy","from":7}"#
    );
    // The named arm's own schema checks the arguments.
    let e = NewTask::from_arguments(json!({"kind": "copy", "title": "x"})).unwrap_err();
    assert_eq!(
        e.to_string(),
        "invalid arguments: $.kind: expected one of \"new\", got string \"copy\""
    );
}

#[test]
fn the_whole_union_is_one_body_argument_sent_as_given_in_either_arms_shape() {
    let one = CreateSitesAnyShape::from_arguments(json!({"body": {"name": "Oslo", "slug": "osl"}}))
        .unwrap();
    let request = one.to_request().unwrap();
    assert_eq!(
        request.headers()[http::header::CONTENT_TYPE],
        "application/json"
    );
    assert_eq!(
        request.body().as_slice(),
        br#"{"name":"Oslo","slug":"osl"}"#
    );
    let many = CreateSitesAnyShape::from_arguments(
        json!({"body": [{"name": "Oslo", "slug": "osl"}, {"name": "Bergen", "slug": "bgo"}]}),
    )
    .unwrap();
    assert_eq!(
        many.to_request().unwrap().body().as_slice(),
        br#"[{"name":"Oslo","slug":"osl"},{"name":"Bergen","slug":"bgo"}]"#
    );
}

#[test]
fn the_whole_union_is_validated_against_its_arms() {
    let e = CreateSitesAnyShape::from_arguments(json!({"body": {"name": "Oslo"}})).unwrap_err();
    assert_eq!(
        e.to_string(),
        "invalid arguments: $.body.slug: missing required field `slug` (string)"
    );
    let e = CreateSitesAnyShape::from_arguments(json!({"body": "Oslo"})).unwrap_err();
    assert_eq!(
        e.to_string(),
        "invalid arguments: $.body: expected object (5 fields) or array of object (5 fields), \
         got string \"Oslo\""
    );
}

#[test]
fn the_whole_unions_input_schema_carries_every_arm() {
    let schema: Value = serde_json::from_str(CreateSitesAnyShape::INPUT_SCHEMA).unwrap();
    let arms = schema["properties"]["body"]["anyOf"].as_array().unwrap();
    assert_eq!(arms.len(), 2);
    assert_eq!(arms[0]["type"], "object");
    assert_eq!(arms[0]["required"], json!(["name", "slug"]));
    assert_eq!(arms[1]["type"], "array");
    assert_eq!(arms[1]["items"]["required"], json!(["name", "slug"]));
    assert_eq!(schema["required"], json!(["body"]));
}

#[test]
#[ignore = "needs the real specs: CATALOG_SPECS_DIR=../shared/specs (.ci/run sets it)"]
fn a_real_specs_union_arm_is_named_by_its_component_and_picked_by_that_name() {
    let dir = support::specs_dir();
    let spec = support::real_spec(&dir, "netbox-4.6.8.json");
    let (_, normalized) = catalog_core::spec::load::load_normalized(&spec).unwrap();
    let stored = normalized
        .operations
        .iter()
        .find(|o| o.id.as_deref() == Some("dcim_sites_create"))
        .unwrap();
    let mut op = normalized.inlined(stored);
    // NetBox's bulk create: one site (a `$ref`) or an array of them (unnamed).
    assert_eq!(
        op.body.as_ref().unwrap().arm_names,
        [vec!["WritableSiteRequest".to_string()], vec![]]
    );
    pick_variant(&mut op, &Variant::Name("WritableSiteRequest".into())).unwrap();
    let body: Vec<&str> = op
        .params
        .iter()
        .filter(|p| p.location == Location::Body)
        .map(|p| p.name.as_str())
        .take(3)
        .collect();
    assert_eq!(body, ["name", "slug", "status"]);
}
