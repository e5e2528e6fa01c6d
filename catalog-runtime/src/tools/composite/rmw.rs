//! Read-modify-write: the arguments of a full replace that keeps every field the agent does not
//! change ([`Api::read_modify_write`](super::Api::read_modify_write)).

use serde_json::{Map, Value};

/// The arguments of the write: for each argument the write's `input_schema` has, the record's
/// value (a `null` in the record is left out: absent is what a full replace writes for it
/// anyway, and the argument may not accept `null`); then every entry of `keys`; then every
/// entry of `changes`, the agent's fields, which win. An argument named `If-Match` (in any
/// case) gets `etag` when there is one, so that the write is refused with 412 if the record
/// changed after it was read. `keys` and `changes` that are not objects add nothing.
pub fn replacement(
    input_schema: &Value,
    record: &Value,
    keys: Value,
    changes: Value,
    etag: Option<&str>,
) -> Value {
    let properties = input_schema
        .get("properties")
        .and_then(Value::as_object)
        .cloned()
        .unwrap_or_default();
    let mut args = Map::new();
    for name in properties.keys() {
        if let Some(v) = record.get(name).filter(|v| !v.is_null()) {
            args.insert(name.clone(), v.clone());
        }
    }
    for extra in [keys, changes] {
        if let Value::Object(map) = extra {
            args.extend(map);
        }
    }
    if let Some(tag) = etag
        && let Some(name) = properties
            .keys()
            .find(|k| k.eq_ignore_ascii_case("if-match"))
    {
        args.insert(name.clone(), Value::String(tag.to_string()));
    }
    Value::Object(args)
}
