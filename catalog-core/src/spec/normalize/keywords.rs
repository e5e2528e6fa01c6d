//! The keywords of one parameter or schema object, read in one pass over its entries.

use crate::model::Schema;
use serde_json::{Map, Value};

// The schema's own `x-*` keywords win over those of a `$ref` target it refines.
pub(super) fn extend(s: &mut Schema, kw: &Keywords<'_>) {
    for (k, v) in &kw.extensions {
        s.extensions.insert((*k).clone(), (*v).clone());
    }
}

// Reads a bound in either version's form: 3.0 `minimum` + boolean `exclusiveMinimum`, or
// 3.1 numeric `exclusiveMinimum` (which also appears in 3.0-labelled real specs).
pub(super) fn bound(inclusive: Option<&Value>, exclusive: Option<&Value>) -> (Option<f64>, bool) {
    match exclusive {
        Some(Value::Number(n)) => (n.as_f64(), true),
        Some(Value::Bool(true)) => (inclusive.and_then(Value::as_f64), true),
        _ => (inclusive.and_then(Value::as_f64), false),
    }
}

/// The keywords of one parameter object.
#[derive(Default)]
pub(super) struct ParamKeywords<'a> {
    pub(super) name: Option<&'a str>,
    pub(super) location: Option<&'a str>,
    pub(super) style: Option<&'a str>,
    pub(super) explode: Option<bool>,
    pub(super) schema: Option<&'a Value>,
    pub(super) content: Option<&'a Map<String, Value>>,
    pub(super) description: Option<&'a str>,
    pub(super) required: bool,
    pub(super) deprecated: bool,
}

/// The keywords of one schema object, read in a single pass over its entries: real specs have
/// hundreds of thousands of schema objects, and one pass with a `match` on the key costs far
/// less than a hashed lookup per keyword.
#[derive(Default)]
pub(super) struct Keywords<'a> {
    pub(super) reference: Option<&'a Value>,
    pub(super) ty: Option<&'a Value>,
    pub(super) nullable: bool,
    pub(super) description: Option<&'a str>,
    pub(super) default: Option<&'a Value>,
    pub(super) all_of: Option<&'a [Value]>,
    pub(super) one_of: Option<(&'static str, &'a [Value])>,
    pub(super) any_of: Option<(&'static str, &'a [Value])>,
    pub(super) enumeration: Option<&'a [Value]>,
    pub(super) constant: Option<&'a Value>,
    pub(super) properties: Option<&'a Map<String, Value>>,
    pub(super) additional: Option<&'a Value>,
    pub(super) items: Option<&'a Value>,
    pub(super) required: Option<&'a [Value]>,
    pub(super) format: Option<&'a Value>,
    pub(super) pattern: Option<&'a Value>,
    pub(super) min_length: Option<&'a Value>,
    pub(super) max_length: Option<&'a Value>,
    pub(super) minimum: Option<&'a Value>,
    pub(super) maximum: Option<&'a Value>,
    pub(super) exclusive_minimum: Option<&'a Value>,
    pub(super) exclusive_maximum: Option<&'a Value>,
    pub(super) min_items: Option<&'a Value>,
    pub(super) max_items: Option<&'a Value>,
    pub(super) extensions: Vec<(&'a String, &'a Value)>,
}

impl<'a> Keywords<'a> {
    pub(super) fn read(obj: &'a Map<String, Value>) -> Keywords<'a> {
        let mut kw = Keywords::default();
        for (k, v) in obj {
            match k.as_str() {
                "$ref" => kw.reference = Some(v),
                "type" => kw.ty = Some(v),
                "nullable" | "x-nullable" => kw.nullable |= *v == Value::Bool(true),
                "description" => kw.description = v.as_str(),
                "default" => kw.default = Some(v),
                "allOf" => kw.all_of = v.as_array().map(Vec::as_slice),
                "oneOf" => kw.one_of = v.as_array().map(|a| ("oneOf", a.as_slice())),
                "anyOf" => kw.any_of = v.as_array().map(|a| ("anyOf", a.as_slice())),
                "enum" => kw.enumeration = v.as_array().map(Vec::as_slice),
                "const" => kw.constant = Some(v),
                "properties" => kw.properties = v.as_object(),
                "additionalProperties" => kw.additional = Some(v),
                "items" => kw.items = Some(v),
                "required" => kw.required = v.as_array().map(Vec::as_slice),
                "format" => kw.format = Some(v),
                "pattern" => kw.pattern = Some(v),
                "minLength" => kw.min_length = Some(v),
                "maxLength" => kw.max_length = Some(v),
                "minimum" => kw.minimum = Some(v),
                "maximum" => kw.maximum = Some(v),
                "exclusiveMinimum" => kw.exclusive_minimum = Some(v),
                "exclusiveMaximum" => kw.exclusive_maximum = Some(v),
                "minItems" => kw.min_items = Some(v),
                "maxItems" => kw.max_items = Some(v),
                x if x.starts_with("x-") => kw.extensions.push((k, v)),
                _ => {}
            }
        }
        kw
    }

    pub(super) fn required(&self) -> Vec<&'a str> {
        self.required
            .map(|a| a.iter().filter_map(Value::as_str).collect())
            .unwrap_or_default()
    }

    // `oneOf`/`anyOf` beside `properties` or a `type` whose arms only add constraints
    // (`required: [...]`, a `format`) narrow the sibling schema rather than replace it.
    pub(super) fn arms_are_shapes(&self, arms: &[Value]) -> bool {
        if self.properties.is_some() {
            return false;
        }
        arms.iter().any(|a| {
            a.get("$ref").is_some()
                || a.get("properties").is_some()
                || a.get("items").is_some()
                || ["oneOf", "anyOf", "allOf", "enum", "const"]
                    .iter()
                    .any(|k| a.get(*k).is_some())
                || a.get("type").is_some_and(|t| Some(t) != self.ty)
        })
    }
}
