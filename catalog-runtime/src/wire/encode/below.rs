//! Values a tool sends itself inside a body property's value (`fixed("body.data.type", ...)`,
//! `undocumented("body.data.visits", value = ..., ...)`): written into the value the field
//! serialized, at the address, before the body is written.

use catalog_core::model::{Below, BelowStep, Disposition, Param};
use serde_json::Value;

/// Whether any entry of `below` is a value the tool sends (an omitted one changes nothing
/// sent: the field's struct has no field for it, and the agent's is refused before decoding).
pub(super) fn fixes(below: &[Below]) -> bool {
    below.iter().any(|b| sent_value(b).is_some())
}

/// The value the tool sends at `b`'s address, if it sends one: a Fixed value, or an
/// undocumented property's.
fn sent_value(b: &Below) -> Option<&Value> {
    match &b.disposition {
        Disposition::Fixed { value, .. }
        | Disposition::Undocumented {
            value: Some(value), ..
        } => Some(value),
        _ => None,
    }
}

/// Writes each fixed value of `below` into `value` (the value of `param`) at its address: into
/// every element of an array and every value of a map on the way, and only into an object that
/// is there (an absent or null object stays as the agent left it).
pub(super) fn write_fixed(value: &mut Value, param: &Param, below: &[Below]) {
    for b in below {
        let Some(fixed) = sent_value(b) else {
            continue;
        };
        let steps = b.steps();
        // A named parameter's address starts with its own name; a whole body's does not.
        let from = usize::from(!param.name.is_empty());
        put(value, steps.get(from..).unwrap_or_default(), fixed);
    }
}

fn put(node: &mut Value, steps: &[BelowStep<'_>], fixed: &Value) {
    match steps {
        [] => {}
        [BelowStep::Property(name)] => {
            if let Value::Object(object) = node {
                object.insert((*name).to_string(), fixed.clone());
            }
        }
        [BelowStep::Property(name), rest @ ..] => {
            if let Some(child) = node.get_mut(*name) {
                put(child, rest, fixed);
            }
        }
        [BelowStep::Items, rest @ ..] => {
            if let Value::Array(items) = node {
                for item in items {
                    put(item, rest, fixed);
                }
            }
        }
        [BelowStep::Values, rest @ ..] => {
            if let Value::Object(values) = node {
                for v in values.values_mut() {
                    put(v, rest, fixed);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn param(name: &str) -> Param {
        serde_json::from_value(super::super::tests::param("body", name, json!({})))
            .expect("a body parameter")
    }

    fn fixed(address: &str, value: Value) -> Below {
        Below {
            address: address.into(),
            disposition: Disposition::Fixed {
                value,
                reason: "r".into(),
            },
            overridden: None,
        }
    }

    #[test]
    fn a_fixed_value_is_written_at_its_address_in_every_element_and_value() {
        let below = [
            fixed("data.type", json!("task")),
            fixed("data.items[].kind", json!(1)),
            fixed("data.targets{}.on", json!(true)),
            Below {
                address: "data.secret".into(),
                disposition: Disposition::Omitted {
                    reason: "r".into(),
                    pattern: None,
                },
                overridden: None,
            },
        ];
        let mut value = json!({
            "title": "t",
            "items": [{"n": 1}, {"n": 2}],
            "targets": {"eu": {}, "us": {"on": false}}
        });
        write_fixed(&mut value, &param("data"), &below);
        assert_eq!(
            value,
            json!({
                "title": "t",
                "type": "task",
                "items": [{"n": 1, "kind": 1}, {"n": 2, "kind": 1}],
                "targets": {"eu": {"on": true}, "us": {"on": true}}
            })
        );
    }

    #[test]
    fn an_object_that_is_not_there_stays_absent_or_null() {
        let below = [fixed("data.assignee.kind", json!("user"))];
        let mut absent = json!({"title": "t"});
        write_fixed(&mut absent, &param("data"), &below);
        assert_eq!(absent, json!({"title": "t"}));
        let mut null = json!({"assignee": null});
        write_fixed(&mut null, &param("data"), &below);
        assert_eq!(null, json!({"assignee": null}));
    }

    #[test]
    fn a_whole_body_is_addressed_from_its_first_property() {
        let mut value = json!({"data": {"title": "t"}});
        write_fixed(&mut value, &param(""), &[fixed("data.type", json!("task"))]);
        assert_eq!(value, json!({"data": {"title": "t", "type": "task"}}));
        assert!(fixes(&[fixed("data.type", json!("task"))]));
        assert!(!fixes(&[]));
    }

    #[test]
    fn an_undocumented_value_is_written_like_a_fixed_one_and_a_recorded_one_is_not() {
        let undocumented = |address: &str, value: Option<Value>| Below {
            address: address.into(),
            disposition: Disposition::Undocumented {
                argument: None,
                field: None,
                value,
                read_at: "api.py".into(),
                reason: "r".into(),
            },
            overridden: None,
        };
        let sent = [undocumented("data.items[].visits", Some(json!(3)))];
        let recorded = [undocumented("data.hint", None)];
        assert!(fixes(&sent));
        assert!(!fixes(&recorded));
        let mut value = json!({"items": [{"n": 1}, {"n": 2}]});
        write_fixed(&mut value, &param("data"), &sent);
        write_fixed(&mut value, &param("data"), &recorded);
        assert_eq!(
            value,
            json!({"items": [{"n": 1, "visits": 3}, {"n": 2, "visits": 3}]})
        );
    }
}
