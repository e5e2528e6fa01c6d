//! Read-modify-write's arguments and a composite's effects.

use super::rmw::replacement;
use crate::tools::effects::{Effects, Semantics, hints, strongest};
use serde_json::json;

#[test]
fn the_write_gets_the_records_fields_then_keys_then_changes_and_the_etag() {
    let schema =
        json!({"properties": {"id": {}, "title": {}, "note": {}, "If-Match": {}, "labels": {}}});
    let record = json!({"id": 1, "title": "Old", "note": null, "labels": ["a"], "created": "x"});
    let args = replacement(
        &schema,
        &record,
        json!({"id": 7}),
        json!({"title": "New"}),
        Some("\"3\""),
    );
    // `note` is null in the record and left out; `created` is no argument of the write.
    assert_eq!(
        args,
        json!({"id": 7, "title": "New", "labels": ["a"], "If-Match": "\"3\""})
    );
    // Without an ETag no If-Match is sent; changes that are not an object add nothing.
    let args = replacement(&schema, &record, json!(null), json!([1]), None);
    assert_eq!(args, json!({"id": 1, "title": "Old", "labels": ["a"]}));
}

#[test]
fn a_composites_hints_are_the_strongest_of_its_bindings() {
    let get = hints("GET", &Effects::FROM_METHOD);
    let put = hints("PUT", &Effects::FROM_METHOD);
    let post = hints("POST", &Effects::FROM_METHOD);
    let h = strongest([get, put]);
    assert!(!h.read_only && h.destructive && h.idempotent);
    // A PUT's full replace is not the composite's: a read-modify-write keeps what it does
    // not send.
    assert_eq!(put.semantics, Some(Semantics::FullReplace));
    assert_eq!(h.semantics, None);
    let h = strongest([get, post]);
    assert!(!h.read_only && !h.destructive && !h.idempotent);
    let h = strongest([get, get]);
    assert!(h.read_only && !h.destructive && h.idempotent);
}
