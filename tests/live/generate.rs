//! Arguments generated from a tool's input schema for the live tests, with a fixed seed.

use serde_json::{Value, json};
use std::collections::BTreeMap;

/// Arguments generated from an input schema with a fixed seed (a small linear congruential
/// generator: the same runs every time, no dependency). A string, integer or array item is one of
/// the values the fixed data gives its parameter half the time, else a few awkward texts or the
/// schema's bounds and small values; a string with a `pattern` is a sample text that matches it;
/// arrays have 0 to 2 items; an optional property is present a quarter of the time.
pub struct Generator {
    state: u64,
}

impl Generator {
    /// A generator from `seed`.
    pub fn new(seed: u64) -> Generator {
        Generator { state: seed }
    }

    fn next(&mut self, below: usize) -> usize {
        self.state = self
            .state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((self.state >> 33) as usize) % below.max(1)
    }

    fn pick<'a, T>(&mut self, from: &'a [T]) -> &'a T {
        &from[self.next(from.len())]
    }

    /// Arguments for the input `schema`, drawing values from `known` (the values the fixed data
    /// gives each argument) half the time.
    pub fn arguments(
        &mut self,
        schema: &Value,
        known: &BTreeMap<&'static str, Vec<Value>>,
    ) -> Value {
        let required: Vec<&str> = schema["required"]
            .as_array()
            .map(|r| r.iter().filter_map(Value::as_str).collect())
            .unwrap_or_default();
        let mut args = serde_json::Map::new();
        for (name, property) in schema["properties"].as_object().into_iter().flatten() {
            if required.contains(&name.as_str()) || self.next(4) == 0 {
                let known = known.get(name.as_str()).cloned().unwrap_or_default();
                args.insert(name.clone(), self.value(property, &known));
            }
        }
        Value::Object(args)
    }

    /// A value for `schema`; a string, integer or array item is one of `known` half the time.
    fn value(&mut self, schema: &Value, known: &[Value]) -> Value {
        if let Some(values) = schema["enum"].as_array() {
            return self.pick(values).clone();
        }
        for union in ["anyOf", "oneOf"] {
            if let Some(arms) = schema[union].as_array() {
                let arm = self.pick(arms).clone();
                return self.value(&arm, known);
            }
        }
        let types: Vec<&str> = match &schema["type"] {
            Value::String(t) => vec![t.as_str()],
            Value::Array(ts) => ts.iter().filter_map(Value::as_str).collect(),
            _ => vec!["string"],
        };
        let non_null: Vec<&str> = types.iter().copied().filter(|t| *t != "null").collect();
        if non_null.is_empty() || (types.contains(&"null") && self.next(5) == 0) {
            return Value::Null;
        }
        let kind = *self.pick(&non_null);
        if kind == "string"
            && let Some(pattern) = schema["pattern"].as_str()
        {
            return self.matching(pattern, known);
        }
        if kind != "array"
            && !known.is_empty()
            && self.next(2) == 0
            && let Some(v) = fit(self.pick(known), kind)
        {
            return v;
        }
        match kind {
            "integer" => {
                let mut pool = vec![0, 1, 2, 7, 100];
                pool.extend(schema["minimum"].as_i64());
                pool.extend(schema["maximum"].as_i64().filter(|m| *m < 1 << 31));
                let lo = schema["minimum"].as_i64().unwrap_or(i64::MIN);
                let hi = schema["maximum"].as_i64().unwrap_or(i64::MAX);
                pool.retain(|v| (lo..=hi).contains(v));
                json!(*self.pick(&pool))
            }
            "number" => json!(*self.pick(&[0.0, 1.5, 52.52])),
            "boolean" => json!(self.next(2) == 0),
            "array" => {
                let items = schema["items"].clone();
                Value::Array(
                    (0..self.next(3))
                        .map(|_| self.value(&items, known))
                        .collect(),
                )
            }
            "object" => json!({}),
            _ => json!(*self.pick(TEXTS)),
        }
    }

    /// A text that matches `pattern` (unanchored, as JSON Schema's): one of `known`, [`TEXTS`]
    /// or [`FORMATTED`] that does.
    fn matching(&mut self, pattern: &str, known: &[Value]) -> Value {
        let regex = regress::Regex::with_flags(pattern, "u")
            .or_else(|_| regress::Regex::new(pattern))
            .unwrap_or_else(|e| panic!("the pattern /{pattern}/ does not compile: {e}"));
        let pool: Vec<&str> = known
            .iter()
            .filter_map(Value::as_str)
            .chain(TEXTS.iter().copied())
            .chain(FORMATTED.iter().copied())
            .filter(|t| regex.find(t).is_some())
            .collect();
        assert!(
            !pool.is_empty(),
            "no sample text matches the pattern /{pattern}/: add texts in its format to \
             FORMATTED (tests/live/generate.rs)"
        );
        json!(*self.pick(&pool))
    }
}

/// The texts a string without a pattern is drawn from: the fixed data's names, and awkward ones.
const TEXTS: &[&str] = &[
    "live-site-a",
    "live-leaf-a1",
    "LIVE-SN-A1",
    "active",
    "live-spine",
    "x",
    "a b&c=d",
    "ü",
    "10.77.1.1",
];

/// Texts in the formats patterns ask for, drawn from when a string has a `pattern`: a MAC
/// address in each of netaddr's EUI-48 formats, in both cases.
const FORMATTED: &[&str] = &[
    "00:1a:2b:3c:4d:5e",
    "0:1A:2b:3C:4d:5E",
    "00-1A-2B-3C-4D-5E",
    "001a.2b3c.4d5e",
    "001A:2B3C:4D5E",
    "001a-2b3c-4d5e",
    "001a2b-3c4d5e",
    "001A2B:3C4D5E",
    "001a2b3c4d5e",
];

/// A known value in the schema's type: ids are integers or their text, as the schema says.
fn fit(value: &Value, kind: &str) -> Option<Value> {
    match (kind, value) {
        ("integer" | "number", Value::Number(_)) => Some(value.clone()),
        ("integer", Value::String(s)) => s.parse::<i64>().ok().map(|i| json!(i)),
        ("string", Value::String(_)) => Some(value.clone()),
        ("string", Value::Number(n)) => Some(json!(n.to_string())),
        _ => None,
    }
}
