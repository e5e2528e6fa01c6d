//! Reads the `params` of a stored operation faster than serde does unoptimized.
//!
//! The macro reads one operation per tool from the index, in a proc macro that cargo builds
//! unoptimized, and most of that time went to serde's generic code walking the parameters: a
//! list operation of NetBox has a hundred or more, each a small object. The index writes them
//! itself (`ops_json`), in a known shape, so most are read here by a byte cursor: the keys
//! `ops_json` writes, strings without escapes, and schemas of a few keywords. Anything else (an
//! escape, a `style`, a keyword not read here) sends that one parameter to serde, so what is
//! read is always what serde reads; a test holds the two equal on every parameter of the real
//! specs.

use crate::model::{Location, Param, ParamRepr, Schema, SchemaParts};
use serde_json::Value;

/// A stored operation with its `params` taken out: the parameters, and the operation's bytes
/// without them (for serde to read the rest).
pub(crate) struct Split {
    pub(crate) params: Vec<Param>,
    pub(crate) rest: Vec<u8>,
}

/// Splits the `params` out of an operation's stored bytes; `None` when it has none, or when
/// the bytes are not an object of the shape the index writes (serde then reads them whole and
/// says what is wrong).
pub(crate) fn split(bytes: &[u8]) -> Option<Split> {
    let mut c = Cursor::new(std::str::from_utf8(bytes).ok()?);
    c.eat(b'{')?;
    loop {
        let key_start = c.at;
        let key = c.plain_string()?;
        c.eat(b':')?;
        if key == "params" {
            let params = c.params()?;
            // The key, its value, and the comma that joined it to a neighbour go.
            let (cut_start, cut_end) = if bytes.get(c.at) == Some(&b',') {
                (key_start, c.at + 1)
            } else if bytes.get(key_start - 1) == Some(&b',') {
                (key_start - 1, c.at)
            } else {
                (key_start, c.at)
            };
            let mut rest = Vec::with_capacity(bytes.len() - (cut_end - cut_start));
            rest.extend_from_slice(&bytes[..cut_start]);
            rest.extend_from_slice(&bytes[cut_end..]);
            return Some(Split { params, rest });
        }
        c.skip_value()?;
        if c.peek()? == b'}' {
            return None;
        }
        c.eat(b',')?;
    }
}

struct Cursor<'a> {
    bytes: &'a [u8],
    /// The same bytes as text.
    text: &'a str,
    at: usize,
}

impl<'a> Cursor<'a> {
    fn new(text: &'a str) -> Cursor<'a> {
        Cursor {
            bytes: text.as_bytes(),
            text,
            at: 0,
        }
    }
}

impl<'a> Cursor<'a> {
    fn peek(&self) -> Option<u8> {
        self.bytes.get(self.at).copied()
    }

    fn eat(&mut self, b: u8) -> Option<()> {
        (self.peek()? == b).then(|| self.at += 1)
    }

    fn literal(&mut self, word: &[u8]) -> Option<()> {
        let end = self.at + word.len();
        (self.bytes.get(self.at..end)? == word).then(|| self.at = end)
    }

    fn boolean(&mut self) -> Option<bool> {
        match self.peek()? {
            b't' => self.literal(b"true").map(|()| true),
            b'f' => self.literal(b"false").map(|()| false),
            _ => None,
        }
    }

    /// A string without escapes (`None` at a backslash: serde reads that one). The strings
    /// here are short (names, pointers, types): an index loop beats a search's setup.
    fn plain_string(&mut self) -> Option<&'a str> {
        self.eat(b'"')?;
        let start = self.at;
        let mut i = start;
        while i < self.bytes.len() {
            match self.bytes[i] {
                b'"' => {
                    self.at = i + 1;
                    // Both ends are ASCII quotes: character boundaries of the text.
                    return self.text.get(start..i);
                }
                b'\\' => return None,
                _ => i += 1,
            }
        }
        None
    }

    /// A count as `ops_json` writes it: digits only.
    fn count(&mut self) -> Option<u64> {
        let start = self.at;
        let mut n: u64 = 0;
        while let Some(d @ b'0'..=b'9') = self.peek() {
            n = n.checked_mul(10)?.checked_add(u64::from(d - b'0'))?;
            self.at += 1;
        }
        (self.at > start).then_some(n)
    }

    /// Steps over any JSON value, strings' escapes included.
    fn skip_value(&mut self) -> Option<()> {
        let mut depth = 0usize;
        loop {
            match self.peek()? {
                b'"' => self.skip_string()?,
                b'{' | b'[' => {
                    depth += 1;
                    self.at += 1;
                }
                b'}' | b']' => {
                    depth = depth.checked_sub(1)?;
                    self.at += 1;
                }
                _ => self.at += 1,
            }
            if depth == 0 && matches!(self.peek(), Some(b',' | b'}' | b']') | None) {
                return Some(());
            }
        }
    }

    fn skip_string(&mut self) -> Option<()> {
        self.eat(b'"')?;
        loop {
            match self.peek()? {
                b'"' => {
                    self.at += 1;
                    return Some(());
                }
                b'\\' => self.at += 2,
                _ => self.at += 1,
            }
        }
    }

    /// The array of parameters, each read here or by serde.
    fn params(&mut self) -> Option<Vec<Param>> {
        self.eat(b'[')?;
        let mut params = Vec::new();
        if self.eat(b']').is_some() {
            return Some(params);
        }
        loop {
            let start = self.at;
            let param = match self.param() {
                Some(p) => p,
                None => {
                    self.at = start;
                    self.skip_value()?;
                    serde_json::from_slice(&self.bytes[start..self.at]).ok()?
                }
            };
            params.push(param);
            match self.peek()? {
                b',' => self.at += 1,
                b']' => {
                    self.at += 1;
                    return Some(params);
                }
                _ => return None,
            }
        }
    }

    /// A parameter of the keys `ops_json` writes but `style` (its implied style is the one
    /// `ParamRepr` gives).
    fn param(&mut self) -> Option<Param> {
        self.eat(b'{')?;
        let (mut location, mut name, mut schema, mut pointer) = (None, None, None, None);
        let (mut required, mut deprecated, mut description) = (false, false, None);
        loop {
            let key = self.plain_string()?;
            self.eat(b':')?;
            match key {
                "location" => location = Some(Location::parse(self.plain_string()?)?),
                "name" => name = Some(self.plain_string()?.to_string()),
                "required" => required = self.boolean()?,
                "deprecated" => deprecated = self.boolean()?,
                "description" => description = Some(self.plain_string()?.to_string()),
                "schema" => schema = Some(self.schema()?),
                "pointer" => pointer = Some(self.plain_string()?.to_string()),
                _ => return None,
            }
            if self.eat(b'}').is_some() {
                break;
            }
            self.eat(b',')?;
        }
        Some(Param::from(ParamRepr {
            location: location?,
            name: name?,
            required,
            deprecated,
            description,
            schema: schema?,
            style: None,
            explode: None,
            pointer: pointer?,
        }))
    }

    /// A schema of the keywords most parameters' schemas have; built as serde builds it.
    fn schema(&mut self) -> Option<Schema> {
        self.eat(b'{')?;
        let mut parts = SchemaParts::default();
        loop {
            let key = self.plain_string()?;
            self.eat(b':')?;
            match key {
                "type" => parts.tag = Some(self.plain_string()?.to_string()),
                "items" => parts.items = Some(Box::new(self.schema()?)),
                "format" => parts.format = Some(self.plain_string()?.to_string()),
                "nullable" => parts.schema.nullable = self.boolean()?,
                "description" => parts.schema.description = Some(self.plain_string()?.to_string()),
                "min_length" => parts.min_length = Some(self.count()?),
                "max_length" => parts.max_length = Some(self.count()?),
                "enum" => parts.enumeration = Some(self.strings()?),
                _ => return None,
            }
            if self.eat(b'}').is_some() {
                break;
            }
            self.eat(b',')?;
        }
        parts.build().ok()
    }

    /// An array of strings without escapes, as a JSON value.
    fn strings(&mut self) -> Option<Value> {
        self.eat(b'[')?;
        let mut values = Vec::new();
        if self.eat(b']').is_none() {
            loop {
                values.push(Value::String(self.plain_string()?.to_string()));
                if self.eat(b']').is_some() {
                    break;
                }
                self.eat(b',')?;
            }
        }
        Some(Value::Array(values))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Operation;
    use serde_json::json;

    fn both(op: &serde_json::Value) -> (Operation, Option<Operation>) {
        let bytes = serde_json::to_vec(op).unwrap();
        let by_serde: Operation = serde_json::from_slice(&bytes).unwrap();
        let split = split(&bytes).map(|Split { params, rest }| {
            let mut op: Operation = serde_json::from_slice(&rest).unwrap();
            op.params = params;
            op
        });
        (by_serde, split)
    }

    #[test]
    fn what_is_read_here_is_what_serde_reads_and_the_rest_goes_to_serde() {
        let op = json!({"id": "x", "method": "GET", "path": "/a", "pointer": "#/p",
            "summary": "has \"params\":[ in it", "params": [
            {"location": "query", "name": "q", "required": true, "description": "plain",
             "schema": {"type": "array", "items": {"type": "string", "format": "date-time",
                "enum": ["a", "b"], "min_length": 1, "max_length": 20}, "nullable": true},
             "pointer": "#/p/parameters/0"},
            {"location": "header", "name": "X-Esc", "description": "an \"escape\"",
             "schema": {"type": "integer", "minimum": 1.5}, "pointer": "#/p/parameters/1"},
            {"location": "query", "name": "s", "schema": {"type": "string"}, "style": "deepObject",
             "explode": true, "pointer": "#/p/parameters/2"},
            {"location": "path", "name": "id", "required": true, "deprecated": true,
             "schema": {"type": "boolean", "description": "d"}, "pointer": "#/p/parameters/3"}
            ], "responses": [{"status": "200", "pointer": "#/r"}]});
        let (by_serde, split) = both(&op);
        assert_eq!(split, Some(by_serde));
        // The first and last are read here; the escape and the style send theirs to serde.
        let read_here: Vec<bool> = (0..4)
            .map(|i| {
                let bytes = serde_json::to_vec(&op["params"][i]).unwrap();
                Cursor::new(std::str::from_utf8(&bytes).unwrap())
                    .param()
                    .is_some()
            })
            .collect();
        assert_eq!(read_here, [true, false, false, true]);
    }

    /// The key, its array and one comma go, whatever the key's place.
    #[test]
    fn the_rest_is_the_operation_without_its_params() {
        let rest = |text: &str| {
            let split = split(text.as_bytes()).expect("params");
            (String::from_utf8(split.rest).unwrap(), split.params.len())
        };
        let p = r##"{"location":"query","name":"q","schema":{"type":"string"},"pointer":"#/q"}"##;
        assert_eq!(
            rest(&format!(r#"{{"method":"GET","params":[{p}],"path":"/"}}"#)),
            (r#"{"method":"GET","path":"/"}"#.to_string(), 1)
        );
        assert_eq!(
            rest(&format!(r#"{{"method":"GET","params":[{p},{p}]}}"#)),
            (r#"{"method":"GET"}"#.to_string(), 2)
        );
        assert_eq!(
            rest(&format!(r#"{{"params":[{p}],"method":"GET"}}"#)),
            (r#"{"method":"GET"}"#.to_string(), 1)
        );
        assert_eq!(rest(r#"{"params":[]}"#), ("{}".to_string(), 0));
    }

    #[test]
    fn the_cursor_reads_plain_strings_and_booleans_and_declines_the_rest() {
        let string = |text: &str| Cursor::new(text).plain_string().map(str::to_string);
        assert_eq!(string(r#""query""#).as_deref(), Some("query"));
        assert_eq!(string(r#""café""#).as_deref(), Some("café"));
        assert_eq!(string(r#""an \"escape\"""#), None);
        assert_eq!(string(r#""unterminated"#), None);
        let boolean = |text: &str| Cursor::new(text).boolean();
        assert_eq!(boolean("true"), Some(true));
        assert_eq!(boolean("false"), Some(false));
        assert_eq!(boolean("null"), None);
        assert_eq!(Cursor::new("120,").count(), Some(120));
        assert_eq!(Cursor::new("99999999999999999999").count(), None);
        assert_eq!(Cursor::new(",").count(), None);
    }

    #[test]
    fn an_operation_without_params_or_not_in_the_index_shape_is_left_to_serde() {
        assert!(split(br#"{"method":"GET","path":"/","pointer":""}"#).is_none());
        assert!(split(br#"{"method":"GET","params":[{"location":"nowhere"}]"#).is_none());
        assert!(split(b"[1]").is_none());
        let (by_serde, split) = both(&json!({"method": "GET", "path": "/", "pointer": "",
            "params": [], "responses": []}));
        assert_eq!(split, Some(by_serde));
    }
}
