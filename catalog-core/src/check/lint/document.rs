//! The lint over a whole document, for `catalog check --lint`: every summary, description and
//! string enum value under `paths` and the reusable parts (`components`, and Swagger 2's
//! `definitions`, `parameters`, `responses`), each at its JSON pointer. Examples, `x-`
//! extensions and `externalDocs` are not read: no tool shows them to a model. `info` and `tags`
//! are not either: a tool's description never comes from them.

use super::{Finding, escape_token, lint};
use serde_json::Value;

/// What a document's lint read and found.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Linted {
    /// How many texts were read (summaries, descriptions and string enum values).
    pub texts: usize,
    /// Every finding, in document order.
    pub findings: Vec<Finding>,
}

/// The top-level keys whose texts can reach a tool.
const READ: &[&str] = &[
    "paths",
    "components",
    "definitions",
    "parameters",
    "responses",
];

/// Keys whose object value maps names to things (a property named `description` is a schema,
/// not a text).
const NAME_MAPS: &[&str] = &[
    "paths",
    "properties",
    "patternProperties",
    "schemas",
    "definitions",
    "parameters",
    "responses",
    "requestBodies",
    "headers",
    "securitySchemes",
    "content",
    "callbacks",
    "links",
    "encoding",
    "mapping",
    "variables",
    "pathItems",
    "scopes",
];

/// Keys whose value no tool shows a model.
const SKIPPED: &[&str] = &["example", "examples", "externalDocs", "default", "const"];

/// Every finding of the document's texts.
pub fn lint_document(document: &Value) -> Linted {
    let mut linted = Linted::default();
    if let Some(top) = document.as_object() {
        for (key, value) in top.iter().filter(|(k, _)| READ.contains(&k.as_str())) {
            let pointer = format!("/{}", escape_token(key));
            walk(value, &pointer, value.is_object(), &mut linted);
        }
    }
    linted
}

/// Reads `value` at `pointer`: an object as a map of names when `names`, else as keywords.
fn walk(value: &Value, pointer: &str, names: bool, linted: &mut Linted) {
    match value {
        Value::Array(items) => {
            for (i, item) in items.iter().enumerate() {
                walk(item, &format!("{pointer}/{i}"), false, linted);
            }
        }
        Value::Object(map) => {
            for (key, child) in map {
                let at = format!("{pointer}/{}", escape_token(key));
                if names {
                    walk(child, &at, false, linted);
                } else {
                    keyword(key, child, &at, linted);
                }
            }
        }
        _ => {}
    }
}

/// One keyword of an object read as keywords.
fn keyword(key: &str, value: &Value, at: &str, linted: &mut Linted) {
    match (key, value) {
        ("description" | "summary", Value::String(text)) => read(text, at, linted),
        ("enum", Value::Array(values)) => {
            for (i, v) in values.iter().enumerate() {
                if let Value::String(text) = v {
                    read(text, &format!("{at}/{i}"), linted);
                }
            }
        }
        (k, _) if k.starts_with("x-") || SKIPPED.contains(&k) => {}
        (k, _) => walk(
            value,
            at,
            NAME_MAPS.contains(&k) && value.is_object(),
            linted,
        ),
    }
}

fn read(text: &str, pointer: &str, linted: &mut Linted) {
    linted.texts += 1;
    linted.findings.extend(lint(text, pointer));
}
