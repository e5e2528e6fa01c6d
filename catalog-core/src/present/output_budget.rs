//! An `outputSchema` within a budget of bytes, so that no tool's output schema dominates
//! `tools/list` (on DigitalOcean's spec one response schema is 24.8 KB, most of its tool).
//!
//! Input schemas are bounded by the expansion budget ([`crate::index::inline`]), counted in
//! schema nodes: every argument stays, only the depths of references are cut. An output schema
//! is read by the model only to know the shape of a result, so it is held to
//! [`DEFAULT_OUTPUT_SCHEMA_BYTES`] of JSON, summarized in two steps, each only when the schema is
//! still over:
//!
//! 1. the descriptions below the top level are left out (every field, type and constraint kept);
//! 2. the schemas nested deeper than the deepest level at which it fits are left out: each
//!    keeps its `type` and nothing else.
//!
//! The root's description says which step was taken and at what depth. A summarized schema
//! accepts every value the full one does (a schema left out accepts any value of its type), so a
//! client that checks `structuredContent` against it never refuses a valid result; the server
//! checks results against the full schema.

use serde_json::{Map, Value};

/// The bytes of JSON one tool's `outputSchema` may take in `tools/list` (about 1,000 tokens).
pub const DEFAULT_OUTPUT_SCHEMA_BYTES: usize = 4096;

// Keywords whose value is a schema, a list of schemas, or a map of schemas.
const ONE: &[&str] = &[
    "items",
    "additionalProperties",
    "not",
    "contains",
    "unevaluatedItems",
    "unevaluatedProperties",
    "propertyNames",
    "if",
    "then",
    "else",
];
const LIST: &[&str] = &["anyOf", "oneOf", "allOf", "prefixItems"];
const MAP: &[&str] = &[
    "properties",
    "patternProperties",
    "$defs",
    "dependentSchemas",
];

/// `schema` within `max_bytes` of JSON, summarized as the module says when it is over; the
/// schema as it is when it fits.
pub fn output_schema_within(schema: &Value, max_bytes: usize) -> Value {
    if size(schema) <= max_bytes {
        return schema.clone();
    }
    let full = size(schema);
    let plain = cut(schema, usize::MAX, true);
    let note = |what: String| {
        format!(
            "Summarized to fit the {max_bytes}-byte output schema budget (the full schema is \
             {full} bytes): {what}. Results hold the API's whole body."
        )
    };
    let with_note = |mut s: Value, what: String| {
        if let Value::Object(m) = &mut s {
            let text = match m.get("description").and_then(Value::as_str) {
                Some(d) => format!("{d}\n\n{}", note(what)),
                None => note(what),
            };
            m.insert("description".into(), Value::String(text));
        }
        s
    };
    let described = with_note(
        plain,
        "descriptions below the top level are left out".to_string(),
    );
    if size(&described) <= max_bytes {
        return described;
    }
    for depth in (0..depth_of(schema)).rev() {
        let summary = with_note(
            cut(schema, depth, true),
            format!(
                "descriptions below the top level, and the schemas nested more than {depth} \
                 level{} deep, are left out (each accepts any value of its type)",
                if depth == 1 { "" } else { "s" }
            ),
        );
        if size(&summary) <= max_bytes || depth == 0 {
            return summary;
        }
    }
    described
}

fn size(v: &Value) -> usize {
    serde_json::to_vec(v).map_or(0, |b| b.len())
}

// How many levels of subschemas `schema` has (0: none).
fn depth_of(schema: &Value) -> usize {
    let Value::Object(m) = schema else {
        return 0;
    };
    let mut deepest = 0;
    for (k, v) in m {
        let children: Vec<&Value> = if ONE.contains(&k.as_str()) {
            vec![v]
        } else if LIST.contains(&k.as_str()) {
            v.as_array().map(|a| a.iter().collect()).unwrap_or_default()
        } else if MAP.contains(&k.as_str()) {
            v.as_object()
                .map(|o| o.values().collect())
                .unwrap_or_default()
        } else {
            vec![]
        };
        for c in children {
            deepest = deepest.max(1 + depth_of(c));
        }
    }
    deepest
}

// `schema` with the subschemas deeper than `depth` levels cut to their `type`, and, when
// `drop_descriptions`, the descriptions below the root left out.
fn cut(schema: &Value, depth: usize, drop_descriptions: bool) -> Value {
    walk(schema, depth, drop_descriptions, true)
}

fn walk(schema: &Value, depth: usize, drop_descriptions: bool, root: bool) -> Value {
    let Value::Object(m) = schema else {
        return schema.clone();
    };
    let mut out = Map::new();
    for (k, v) in m {
        let key = k.as_str();
        let deeper = |c: &Value| walk(c, depth - 1, drop_descriptions, false);
        let value = if ONE.contains(&key) || LIST.contains(&key) || MAP.contains(&key) {
            if depth == 0 {
                continue;
            }
            if ONE.contains(&key) {
                deeper(v)
            } else if LIST.contains(&key) {
                match v {
                    Value::Array(a) => Value::Array(a.iter().map(deeper).collect()),
                    other => other.clone(),
                }
            } else {
                match v {
                    Value::Object(o) => Value::Object(
                        o.iter()
                            .map(|(name, c)| (name.clone(), deeper(c)))
                            .collect(),
                    ),
                    other => other.clone(),
                }
            }
        } else if (key == "description" || key == "examples" || key == "title")
            && drop_descriptions
            && !root
        {
            continue;
        } else if depth == 0 && !root && key != "type" {
            // Past the depth only the type stays: constraints of a cut schema would be read
            // without the rest of it.
            continue;
        } else {
            v.clone()
        };
        out.insert(k.clone(), value);
    }
    Value::Object(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn nested() -> Value {
        json!({
            "type": "object",
            "description": "A droplet.",
            "properties": {
                "id": {"type": "integer", "description": "The droplet's id.", "minimum": 1},
                "networks": {
                    "type": "object",
                    "description": "Its networks.",
                    "properties": {
                        "v4": {"type": "array", "items": {
                            "type": "object",
                            "properties": {"ip_address": {"type": "string", "description": "x".repeat(400)}}
                        }}
                    }
                }
            },
            "required": ["id"]
        })
    }

    #[test]
    fn a_schema_within_the_budget_is_unchanged() {
        assert_eq!(output_schema_within(&nested(), 10_000), nested());
    }

    #[test]
    fn descriptions_go_first_and_the_root_says_so() {
        let s = output_schema_within(&nested(), 600);
        assert_eq!(
            s["properties"]["id"],
            json!({"type": "integer", "minimum": 1})
        );
        assert_eq!(
            s["properties"]["networks"]["properties"]["v4"]["items"]["properties"]["ip_address"],
            json!({"type": "string"})
        );
        assert_eq!(
            s["description"],
            format!(
                "A droplet.\n\nSummarized to fit the 600-byte output schema budget (the full \
                 schema is {} bytes): descriptions below the top level are left out. Results \
                 hold the API's whole body.",
                size(&nested())
            )
        );
        assert!(size(&s) <= 600, "{}", size(&s));
    }

    // A schema whose structure, not its descriptions, is over the budget.
    fn wide() -> Value {
        let inner: Map<String, Value> = (0..5)
            .map(|i| {
                (
                    format!("field_{i}"),
                    json!({"type": "string", "maxLength": 64}),
                )
            })
            .collect();
        let nested: Map<String, Value> = (0..30)
            .map(|i| {
                (
                    format!("part_{i}"),
                    json!({"type": "object", "properties": inner.clone()}),
                )
            })
            .collect();
        json!({
            "type": "object",
            "properties": {
                "id": {"type": "integer", "minimum": 1},
                "networks": {"type": "object", "properties": nested}
            },
            "required": ["id"]
        })
    }

    #[test]
    fn depths_go_next_keeping_each_cut_schemas_type() {
        let s = output_schema_within(&wide(), 2000);
        assert!(size(&s) <= 2000, "{}", size(&s));
        assert_eq!(
            s["properties"]["networks"]["properties"]["part_7"],
            json!({"type": "object"})
        );
        assert_eq!(
            s["properties"]["id"],
            json!({"type": "integer", "minimum": 1})
        );
        assert_eq!(s["required"], json!(["id"]));
        assert_eq!(
            s["description"],
            format!(
                "Summarized to fit the 2000-byte output schema budget (the full schema is {} \
                 bytes): descriptions below the top level, and the schemas nested more than 2 \
                 levels deep, are left out (each accepts any value of its type). Results hold \
                 the API's whole body.",
                size(&wide())
            )
        );
    }

    #[test]
    fn a_summary_accepts_what_the_full_schema_accepts() {
        let full = nested();
        let value = json!({"id": 3, "networks": {"v4": [{"ip_address": "10.0.0.1"}]}});
        for budget in [100, 420, 600] {
            let s = output_schema_within(&full, budget);
            assert!(jsonschema::is_valid(&s, &value), "{budget}: {s}");
        }
        let value = json!({"id": 3, "networks": {"part_1": {"field_2": "x"}}});
        for budget in [100, 1000, 2000, 3000] {
            let s = output_schema_within(&wide(), budget);
            assert!(jsonschema::is_valid(&s, &value), "{budget}: {s}");
        }
    }
}
