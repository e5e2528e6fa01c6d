//! Absent is absent: a struct's unset `Option` field serializes to null, and where the schema
//! does not allow null that null can only mean "not set", so it is not sent, in a form body
//! (see `form`) as in a JSON body. Where the schema allows null (or says nothing), the null is
//! taken as the agent's and sent.

use catalog_core::model::{Schema, Type};
use serde_json::Value;

/// Removes, at every depth, each object property whose value is null where its schema does not
/// allow null: what an unset `Option` field of a struct serializes to. Array elements are kept
/// (a null element is a value of the list, and removing it would shift the others).
pub(super) fn drop_unset(value: &mut Value, schema: Option<&Schema>) {
    match value {
        Value::Object(map) => {
            map.retain(|k, v| !v.is_null() || allows_null(schema.and_then(|s| property(s, k))));
            for (k, v) in map.iter_mut() {
                drop_unset(v, schema.and_then(|s| property(s, k)));
            }
        }
        Value::Array(items) => {
            let element = schema.and_then(items_of);
            for v in items {
                drop_unset(v, element);
            }
        }
        _ => {}
    }
}

/// Whether JSON text may hold a null inside an object: the text `null` somewhere after its
/// first byte (a string holding those letters is a false alarm, which only costs a second pass).
pub(super) fn may_hold_null(json: &[u8]) -> bool {
    json.len() > 4 && json[1..].windows(4).any(|w| w == b"null")
}

/// Whether a null may be sent here: the schema allows null, or it is not known (an open
/// object's extra property, a schema cut by the expansion budget), so the value is the agent's.
pub(super) fn allows_null(schema: Option<&Schema>) -> bool {
    match schema {
        None => true,
        Some(s) => match &s.ty {
            Type::Any | Type::Shared { .. } => true,
            Type::AnyOf { arms } => s.nullable || arms.iter().any(|a| allows_null(Some(a))),
            _ => s.nullable,
        },
    }
}

/// The schema of property `name` of an object schema (or of the object arm of a union).
pub(super) fn property<'s>(schema: &'s Schema, name: &str) -> Option<&'s Schema> {
    match &schema.ty {
        Type::Object { fields, .. } => fields.iter().find(|f| f.name == name).map(|f| &f.schema),
        Type::AnyOf { arms } => arms.iter().find_map(|a| property(a, name)),
        _ => None,
    }
}

/// The element schema of an array schema (or of the array arm of a union).
pub(super) fn items_of(schema: &Schema) -> Option<&Schema> {
    match &schema.ty {
        Type::Array { items, .. } => Some(items),
        Type::AnyOf { arms } => arms.iter().find_map(items_of),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::{json_body, op, set};
    use crate::wire::encode::{ArgValue, build_request};
    use serde_json::json;

    /// A JSON body's `address`: `line1` and `country` not nullable, `state` nullable.
    fn update() -> catalog_core::model::Operation {
        op(
            "PATCH",
            "/customers/1",
            vec![set(
                "body",
                "address",
                json!({"schema": {"type": "object", "fields": [
                    {"name": "line1", "schema": {"type": "string"}},
                    {"name": "country", "schema": {"type": "string"}},
                    {"name": "state", "schema": {"type": "string", "nullable": true}},
                    {"name": "lines", "schema": {"type": "array", "items": {"type": "object", "fields": [
                        {"name": "note", "schema": {"type": "string"}}]}}}]}}),
            )],
            json_body(),
        )
    }

    fn sent(value: serde_json::Value) -> String {
        let request = build_request(&update(), &[("address", ArgValue::from(value))]).unwrap();
        String::from_utf8(request.into_body()).unwrap()
    }

    #[test]
    fn a_null_where_the_schema_allows_none_is_not_sent_in_a_json_body() {
        // What a struct with `Option` fields serializes to when only `line1` is set.
        assert_eq!(
            sent(json!({"line1": "1 Main St", "country": null, "state": null,
                "lines": [{"note": null}, null]})),
            r#"{"address":{"line1":"1 Main St","state":null,"lines":[{},null]}}"#
        );
        // A string holding the letters `null` is sent as it is.
        assert_eq!(
            sent(json!({"line1": "null island"})),
            r#"{"address":{"line1":"null island"}}"#
        );
    }
}
