//! Tools over union request bodies (openapi/unions.yaml): each picks one arm with
//! `variant = N`, is accounted as if the body were that arm, and sends that arm's JSON.

use catalog::{Tool, tool};
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
