//! Strict JSON: what serde_json would read as something other than what was written is refused,
//! before anything reads the message ([`refusal`], on both transports).
//!
//! - **A key named twice in one object.** serde_json keeps the last value, so an agent's
//!   `{"title": "a", "title": "b"}` would send `b` and drop `a` without a word. RFC 8259 says
//!   the names in an object SHOULD be unique and leaves duplicates to each parser; catalog reads
//!   none, and names the key's path ([`duplicate_key`]).
//! - **An integer past 64 bits.** serde_json reads `123456789012345678901234` as the float
//!   `1.2345678901234569e+23`, so a free-form argument would be sent changed and a typed one
//!   refused as a float the agent never wrote; catalog refuses it as written ([`wide_integer`]).
//!
//! The plain tool-call path reads its arguments with [`StrictObject`] and looks for a wide
//! integer, and gives way to the general path, which answers with the refusal.

use serde::Deserialize;
use serde::de::{self, DeserializeSeed, Deserializer, MapAccess, SeqAccess, Visitor};
use serde_json::{Map, Value};
use std::collections::HashSet;
use std::fmt;

/// The path of the first key an object in `json` names twice (`params.arguments.title`,
/// `params.arguments.items[2].id`), or `None` when no object does before the text ends or stops
/// being JSON (the caller's own parse says why it stopped).
pub(crate) fn duplicate_key(json: &[u8]) -> Option<String> {
    let mut path = Vec::new();
    let mut found = None;
    let mut de = serde_json::Deserializer::from_slice(json);
    let _ = Walk {
        path: &mut path,
        found: &mut found,
    }
    .deserialize(&mut de);
    found
}

/// Why a message is refused: whether what is refused is in its `params` (JSON-RPC's "Invalid
/// params", else "Invalid Request": [`Refusal::code`] in `inbound/transport/stdio.rs`), the message, and
/// whether its id may be echoed (not when the id is what is named twice).
#[derive(Debug, PartialEq, Eq)]
pub(crate) struct Refusal {
    pub(crate) in_params: bool,
    pub(crate) message: String,
    pub(crate) echo_id: bool,
}

/// The refusal of a message that strict JSON does not read as written, if it is one.
pub(crate) fn refusal(json: &[u8]) -> Option<Refusal> {
    if let Some(path) = duplicate_key(json) {
        let params = path.starts_with("params");
        return Some(Refusal {
            in_params: params,
            message: format!(
                "{}: `{path}` is named twice in one object; its first value would be dropped \
                 without a word: send each key once",
                if params {
                    "Invalid params"
                } else {
                    "Invalid Request"
                }
            ),
            echo_id: path != "id",
        });
    }
    let integer = wide_integer(json)?;
    // What serde_json reads it as, written as it would be sent.
    let read_as = serde_json::from_str::<Value>(integer).map_or(String::new(), |f| format!(" {f}"));
    Some(Refusal {
        in_params: true,
        message: format!(
            "Invalid params: `{integer}` is an integer past 64 bits; it would be read as the \
             float{read_as} and sent changed: send it as a string where the parameter is one, \
             or a value that fits"
        ),
        echo_id: true,
    })
}

/// The first integer in `json` (outside strings: no fraction, no exponent) that fits neither
/// an `i64` nor a `u64`, as written.
pub(crate) fn wide_integer(json: &[u8]) -> Option<&str> {
    let (mut in_string, mut escaped) = (false, false);
    let mut i = 0;
    while i < json.len() {
        let b = json[i];
        if in_string {
            if escaped {
                escaped = false;
            } else if b == b'\\' {
                escaped = true;
            } else if b == b'"' {
                in_string = false;
            }
            i += 1;
            continue;
        }
        if b == b'"' {
            in_string = true;
            i += 1;
            continue;
        }
        if b == b'-' || b.is_ascii_digit() {
            let start = i;
            while i < json.len()
                && matches!(json[i], b'-' | b'+' | b'.' | b'e' | b'E' | b'0'..=b'9')
            {
                i += 1;
            }
            let token = std::str::from_utf8(&json[start..i]).ok()?;
            let integer = !token.contains(['.', 'e', 'E']);
            let fits = token.parse::<i64>().is_ok() || token.parse::<u64>().is_ok();
            if integer && !fits && token.len() > 1 {
                return Some(token);
            }
            continue;
        }
        i += 1;
    }
    None
}

enum Step {
    Key(String),
    Index(usize),
}

fn render(path: &[Step]) -> String {
    let mut out = String::new();
    for step in path {
        match step {
            Step::Key(key) => {
                if !out.is_empty() {
                    out.push('.');
                }
                out.push_str(key);
            }
            Step::Index(i) => out.push_str(&format!("[{i}]")),
        }
    }
    out
}

/// Walks a JSON value, keeping its path, until an object names a key twice.
struct Walk<'a> {
    path: &'a mut Vec<Step>,
    found: &'a mut Option<String>,
}

impl<'de> DeserializeSeed<'de> for Walk<'_> {
    type Value = ();

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<(), D::Error> {
        deserializer.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for Walk<'_> {
    type Value = ();

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("any JSON value")
    }

    fn visit_bool<E>(self, _: bool) -> Result<(), E> {
        Ok(())
    }

    fn visit_i64<E>(self, _: i64) -> Result<(), E> {
        Ok(())
    }

    fn visit_u64<E>(self, _: u64) -> Result<(), E> {
        Ok(())
    }

    fn visit_f64<E>(self, _: f64) -> Result<(), E> {
        Ok(())
    }

    fn visit_str<E>(self, _: &str) -> Result<(), E> {
        Ok(())
    }

    fn visit_unit<E>(self) -> Result<(), E> {
        Ok(())
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<(), A::Error> {
        let mut index = 0;
        loop {
            self.path.push(Step::Index(index));
            let item = seq.next_element_seed(Walk {
                path: &mut *self.path,
                found: &mut *self.found,
            })?;
            self.path.pop();
            if item.is_none() {
                return Ok(());
            }
            index += 1;
        }
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<(), A::Error> {
        let mut seen = HashSet::new();
        while let Some(key) = map.next_key::<String>()? {
            let again = !seen.insert(key.clone());
            self.path.push(Step::Key(key));
            if again {
                *self.found = Some(render(self.path));
                return Err(de::Error::custom("a key named twice"));
            }
            map.next_value_seed(Walk {
                path: &mut *self.path,
                found: &mut *self.found,
            })?;
            self.path.pop();
        }
        Ok(())
    }
}

/// A JSON object read as serde_json reads one, except that a key named twice in it, or in any
/// object inside it, fails the read instead of keeping the last value.
pub(crate) struct StrictObject(pub(crate) Map<String, Value>);

impl<'de> Deserialize<'de> for StrictObject {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<StrictObject, D::Error> {
        match StrictValue::deserialize(deserializer)?.0 {
            Value::Object(map) => Ok(StrictObject(map)),
            other => Err(de::Error::invalid_type(
                unexpected(&other),
                &"a JSON object",
            )),
        }
    }
}

fn unexpected(value: &Value) -> de::Unexpected<'_> {
    match value {
        Value::Null => de::Unexpected::Unit,
        Value::Bool(b) => de::Unexpected::Bool(*b),
        Value::Number(_) => de::Unexpected::Other("a number"),
        Value::String(s) => de::Unexpected::Str(s),
        Value::Array(_) => de::Unexpected::Seq,
        Value::Object(_) => de::Unexpected::Map,
    }
}

struct StrictValue(Value);

impl<'de> Deserialize<'de> for StrictValue {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<StrictValue, D::Error> {
        deserializer.deserialize_any(StrictVisitor)
    }
}

struct StrictVisitor;

impl<'de> Visitor<'de> for StrictVisitor {
    type Value = StrictValue;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("any JSON value")
    }

    fn visit_bool<E>(self, b: bool) -> Result<StrictValue, E> {
        Ok(StrictValue(Value::Bool(b)))
    }

    fn visit_i64<E>(self, n: i64) -> Result<StrictValue, E> {
        Ok(StrictValue(Value::from(n)))
    }

    fn visit_u64<E>(self, n: u64) -> Result<StrictValue, E> {
        Ok(StrictValue(Value::from(n)))
    }

    fn visit_f64<E>(self, n: f64) -> Result<StrictValue, E> {
        Ok(StrictValue(Value::from(n)))
    }

    fn visit_str<E>(self, s: &str) -> Result<StrictValue, E> {
        Ok(StrictValue(Value::String(s.to_string())))
    }

    fn visit_string<E>(self, s: String) -> Result<StrictValue, E> {
        Ok(StrictValue(Value::String(s)))
    }

    fn visit_unit<E>(self) -> Result<StrictValue, E> {
        Ok(StrictValue(Value::Null))
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<StrictValue, A::Error> {
        let mut items = Vec::with_capacity(seq.size_hint().unwrap_or(0));
        while let Some(StrictValue(item)) = seq.next_element()? {
            items.push(item);
        }
        Ok(StrictValue(Value::Array(items)))
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<StrictValue, A::Error> {
        let mut object = Map::new();
        while let Some(key) = map.next_key::<String>()? {
            let StrictValue(value) = map.next_value()?;
            if object.insert(key, value).is_some() {
                return Err(de::Error::custom("a key named twice"));
            }
        }
        Ok(StrictValue(Value::Object(object)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn the_first_key_named_twice_is_found_with_its_path() {
        let cases = [
            (r#"{"a": 1, "a": 2}"#, Some("a")),
            (
                r#"{"params": {"arguments": {"title": "x", "title": "y"}}}"#,
                Some("params.arguments.title"),
            ),
            (
                r#"{"params": {"arguments": {"items": [{}, {"id": 1}, {"id": 2, "n": [], "id": 3}]}}}"#,
                Some("params.arguments.items[2].id"),
            ),
            (r#"[[], [{"k": 1, "k": 1}]]"#, Some("[1][0].k")),
            // Escapes are read: `\u0061` is `a`.
            (r#"{"a": 1, "\u0061": 2}"#, Some("a")),
            // The same key in two objects is no duplicate.
            (r#"{"a": {"b": 1}, "c": {"b": 2}, "b": 3}"#, None),
            (r#"[1, "a", null, true, 2.5, -3]"#, None),
            // Not JSON past some point: what comes before it counts.
            (r#"{"a": 1, "b""#, None),
            (r#"{"a": 1, "a""#, Some("a")),
        ];
        for (json, path) in cases {
            assert_eq!(duplicate_key(json.as_bytes()).as_deref(), path, "{json}");
        }
    }

    #[test]
    fn the_refusal_names_the_path_or_the_integer_and_the_fix() {
        assert_eq!(
            refusal(br#"{"params": {"arguments": {"title": 1, "title": 2}}}"#),
            Some(Refusal {
                in_params: true,
                message: "Invalid params: `params.arguments.title` is named twice in one \
                          object; its first value would be dropped without a word: send each \
                          key once"
                    .into(),
                echo_id: true,
            })
        );
        let id = refusal(br#"{"id": 1, "id": 2}"#).unwrap();
        assert!(!id.in_params);
        assert!(!id.echo_id);
        assert!(
            id.message
                .starts_with("Invalid Request: `id` is named twice")
        );
        assert_eq!(
            refusal(br#"{"params": {"arguments": {"id": 123456789012345678901234}}}"#),
            Some(Refusal {
                in_params: true,
                message: "Invalid params: `123456789012345678901234` is an integer past 64 \
                          bits; it would be read as the float 1.2345678901234569e+23 and sent \
                          changed: send it as a string where the parameter is one, or a value \
                          that fits"
                    .into(),
                echo_id: true,
            })
        );
        assert_eq!(refusal(br#"{"a": [1, 2.5, "x"]}"#), None);
    }

    #[test]
    fn an_integer_past_64_bits_is_found_as_written() {
        let cases = [
            ("[18446744073709551615, -9223372036854775808]", None),
            ("[18446744073709551616]", Some("18446744073709551616")),
            ("[-9223372036854775809]", Some("-9223372036854775809")),
            // Floats, exponents and strings are not integers.
            (
                r#"[1.8446744073709551616e19, 1e400, 123456789012345678901234.5]"#,
                None,
            ),
            (
                r#"{"s": "123456789012345678901234", "t": "\"99999999999999999999"}"#,
                None,
            ),
            (
                r#"{"k": 0, "n": -0, "big": 99999999999999999999}"#,
                Some("99999999999999999999"),
            ),
        ];
        for (json, found) in cases {
            assert_eq!(wide_integer(json.as_bytes()), found, "{json}");
        }
    }

    #[test]
    fn a_strict_object_reads_as_serde_json_does_and_refuses_a_key_named_twice() {
        let text = r#"{"a": [1, -2, 2.5, "s", null, true, {"b": {}}], "c": {"d": "e"}}"#;
        let StrictObject(strict) = serde_json::from_str(text).unwrap();
        let plain: Map<String, Value> = serde_json::from_str(text).unwrap();
        assert_eq!(strict, plain);
        for twice in [r#"{"a": 1, "a": 1}"#, r#"{"a": [{"b": 1, "b": 2}]}"#] {
            let err = serde_json::from_str::<StrictObject>(twice).err().unwrap();
            assert!(err.to_string().starts_with("a key named twice"), "{err}");
        }
        let err = serde_json::from_value::<StrictObject>(json!([1]))
            .err()
            .unwrap();
        assert_eq!(
            err.to_string(),
            "invalid type: sequence, expected a JSON object"
        );
    }
}
