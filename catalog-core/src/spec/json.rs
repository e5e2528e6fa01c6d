//! JSON documents parsed into a compact tree that borrows from the document's bytes: the index's
//! path, where a `serde_json::Value` costs more time and memory than all the rest of indexing.
//!
//! A string without escapes is a slice of the document; an array or an object is a slice of an
//! arena ([`Arena`], one allocation per chunk rather than one per container, freed at once); a
//! number is its text, read by `serde_json` when normalization asks for it. One loop over the
//! bytes with a table per byte, no recursion, so that it is fast unoptimized (build scripts) as
//! well as optimized.
//!
//! [`parse`] accepts only what `serde_json` accepts, and reads it the same way: where it is
//! unsure (an escape, a number with an exponent) it asks `serde_json`; what it refuses (a syntax
//! error, nesting past [`MAX_DEPTH`]) the caller hands to `serde_json`, which gives the error
//! message, or the document when it was only too deep for this parser. Duplicate keys keep the
//! first key's place and the last value, as `serde_json`'s `Value` does.

use super::tree::{Object, Tree};
use serde_json::{Map, Number, Value};
use std::collections::HashSet;

/// Where a tree's arrays, objects and unescaped strings live: dropped at once, with no walk
/// over the tree.
pub type Arena = bumpalo::Bump;

/// Nesting deeper than this is left to `serde_json` (whose own limit is 128).
pub const MAX_DEPTH: usize = 120;

/// One value of a JSON document, borrowing from the document's text and the arena.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Node<'a> {
    /// `null`.
    Null,
    /// `true` or `false`.
    Bool(bool),
    /// A number, as written.
    Number(&'a str),
    /// A string: a slice of the document, or of the arena when it had escapes.
    String(&'a str),
    /// An array.
    Array(&'a [Node<'a>]),
    /// An object's entries, in document order, each key once.
    Object(Entries<'a>),
}

/// An object's entries, in document order, each key once.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Entries<'a>(&'a [(&'a str, Node<'a>)]);

/// Parses a JSON document into `arena`, or `None` when it is not one this parser accepts (then
/// `serde_json::from_slice` says why, or reads it).
pub fn parse<'a>(bytes: &'a [u8], arena: &'a Arena) -> Option<Node<'a>> {
    let text = std::str::from_utf8(bytes).ok()?;
    Parser {
        text,
        bytes,
        arena,
        at: 0,
        items: Vec::new(),
        entries: Vec::new(),
        frames: Vec::new(),
    }
    .document()
}

// Byte classes: what ends a run of plain string bytes, and whitespace.
const STOP: u8 = 1;
const SPACE: u8 = 2;
static CLASS: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut b = 0;
    while b < 0x20 {
        t[b] = STOP;
        b += 1;
    }
    t[b'"' as usize] = STOP;
    t[b'\\' as usize] = STOP;
    t[b' ' as usize] = SPACE;
    t[b'\n' as usize] = SPACE | STOP;
    t[b'\r' as usize] = SPACE | STOP;
    t[b'\t' as usize] = SPACE | STOP;
    t
};

// An open array or object: where its elements start in the scratch stack, and for an object
// the key of the value being read.
struct Frame<'a> {
    object: bool,
    start: usize,
    key: &'a str,
}

struct Parser<'a> {
    text: &'a str,
    bytes: &'a [u8],
    arena: &'a Arena,
    at: usize,
    // Elements of the open arrays and entries of the open objects, innermost last.
    items: Vec<Node<'a>>,
    entries: Vec<(&'a str, Node<'a>)>,
    frames: Vec<Frame<'a>>,
}

impl<'a> Parser<'a> {
    fn document(mut self) -> Option<Node<'a>> {
        loop {
            self.skip_space();
            let mut node = match self.open_or_scalar()? {
                Some(node) => node,
                // A container was opened: read its first value.
                None => continue,
            };
            // A value is complete: put it in its container, and close every container that
            // ends here.
            loop {
                let Some(frame) = self.frames.last_mut() else {
                    self.skip_space();
                    return (self.at == self.bytes.len()).then_some(node);
                };
                let object = frame.object;
                if object {
                    self.entries.push((frame.key, node));
                } else {
                    self.items.push(node);
                }
                self.skip_space();
                match (self.bytes.get(self.at)?, object) {
                    (b',', true) => {
                        self.at += 1;
                        let key = self.key()?;
                        if let Some(frame) = self.frames.last_mut() {
                            frame.key = key;
                        }
                        break;
                    }
                    (b',', false) => {
                        self.at += 1;
                        break;
                    }
                    (b'}', true) => {
                        self.at += 1;
                        let start = self.frames.pop()?.start;
                        node = Node::Object(self.close_object(start));
                    }
                    (b']', false) => {
                        self.at += 1;
                        let start = self.frames.pop()?.start;
                        node = Node::Array(self.arena.alloc_slice_copy(&self.items[start..]));
                        self.items.truncate(start);
                    }
                    _ => return None,
                }
            }
        }
    }

    // A scalar, an empty container, or `None` when a container was opened (its frame pushed
    // and, for an object, its first key read).
    fn open_or_scalar(&mut self) -> Option<Option<Node<'a>>> {
        let node = match *self.bytes.get(self.at)? {
            b'{' => {
                self.at += 1;
                self.skip_space();
                if self.bytes.get(self.at) == Some(&b'}') {
                    self.at += 1;
                    Node::Object(Entries(&[]))
                } else {
                    self.open(true)?;
                    let key = self.key()?;
                    if let Some(frame) = self.frames.last_mut() {
                        frame.key = key;
                    }
                    return Some(None);
                }
            }
            b'[' => {
                self.at += 1;
                self.skip_space();
                if self.bytes.get(self.at) == Some(&b']') {
                    self.at += 1;
                    Node::Array(&[])
                } else {
                    self.open(false)?;
                    return Some(None);
                }
            }
            b'"' => Node::String(self.string()?),
            b't' => self.literal("true", Node::Bool(true))?,
            b'f' => self.literal("false", Node::Bool(false))?,
            b'n' => self.literal("null", Node::Null)?,
            _ => Node::Number(self.number()?),
        };
        Some(Some(node))
    }

    fn open(&mut self, object: bool) -> Option<()> {
        if self.frames.len() >= MAX_DEPTH {
            return None;
        }
        let start = if object {
            self.entries.len()
        } else {
            self.items.len()
        };
        self.frames.push(Frame {
            object,
            start,
            key: "",
        });
        Some(())
    }

    // Indentation is most of a pretty-printed document's space: eight spaces are skipped at
    // once.
    fn skip_space(&mut self) {
        let (bytes, mut at) = (self.bytes, self.at);
        let n = bytes.len();
        while at < n {
            let b = bytes[at];
            if b == b' ' && at + 8 <= n && bytes[at..at + 8] == *b"        " {
                at += 8;
                continue;
            }
            if CLASS[b as usize] & SPACE == 0 {
                break;
            }
            at += 1;
        }
        self.at = at;
    }

    // `"key":`, with the space around it.
    fn key(&mut self) -> Option<&'a str> {
        self.skip_space();
        if self.bytes.get(self.at) != Some(&b'"') {
            return None;
        }
        let key = self.string()?;
        self.skip_space();
        if self.bytes.get(self.at) != Some(&b':') {
            return None;
        }
        self.at += 1;
        Some(key)
    }

    // A string, `at` on its opening quote.
    fn string(&mut self) -> Option<&'a str> {
        let open = self.at;
        let mut at = open + 1;
        let mut escaped = false;
        let (bytes, n) = (self.bytes, self.bytes.len());
        loop {
            while at < n && CLASS[bytes[at] as usize] & STOP == 0 {
                at += 1;
            }
            match *bytes.get(at)? {
                b'"' => break,
                // The escape's character is checked by `serde_json` below.
                b'\\' => {
                    escaped = true;
                    at += 2;
                }
                // A control character must be escaped.
                _ => return None,
            }
        }
        self.at = at + 1;
        if escaped {
            let quoted = self.text.get(open..=at)?;
            let text = serde_json::from_str::<String>(quoted).ok()?;
            Some(self.arena.alloc_str(&text))
        } else {
            self.text.get(open + 1..at)
        }
    }

    fn literal(&mut self, word: &str, node: Node<'a>) -> Option<Node<'a>> {
        let end = self.at + word.len();
        if self.bytes.get(self.at..end)? != word.as_bytes() {
            return None;
        }
        self.at = end;
        Some(node)
    }

    // `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`
    fn number(&mut self) -> Option<&'a str> {
        let start = self.at;
        self.eat(b'-');
        match *self.bytes.get(self.at)? {
            b'0' => self.at += 1,
            b'1'..=b'9' => self.digits(),
            _ => return None,
        }
        if self.eat(b'.') {
            self.some_digits()?;
        }
        let exponent = self.eat(b'e') || self.eat(b'E');
        if exponent {
            let _ = self.eat(b'+') || self.eat(b'-');
            self.some_digits()?;
        }
        let text = self.text.get(start..self.at)?;
        // Without an exponent a number needs more digits than this to leave f64's range;
        // `serde_json` refuses one that does.
        if (exponent || text.len() > 300) && serde_json::from_str::<Number>(text).is_err() {
            return None;
        }
        Some(text)
    }

    fn eat(&mut self, b: u8) -> bool {
        let hit = self.bytes.get(self.at) == Some(&b);
        if hit {
            self.at += 1;
        }
        hit
    }

    fn digits(&mut self) {
        while self.at < self.bytes.len() && self.bytes[self.at].is_ascii_digit() {
            self.at += 1;
        }
    }

    fn some_digits(&mut self) -> Option<()> {
        let start = self.at;
        self.digits();
        (self.at > start).then_some(())
    }
}

impl<'a> Parser<'a> {
    // The entries from `start` on as one object, a repeated key keeping its first place and
    // its last value.
    fn close_object(&mut self, start: usize) -> Entries<'a> {
        let own = &self.entries[start..];
        let entries = if has_repeated_key(own) {
            let mut kept: Vec<(&'a str, Node<'a>)> = Vec::with_capacity(own.len());
            for (k, v) in own {
                match kept.iter_mut().find(|(j, _)| j == k) {
                    Some(slot) => slot.1 = *v,
                    None => kept.push((k, *v)),
                }
            }
            self.arena.alloc_slice_copy(&kept)
        } else {
            self.arena.alloc_slice_copy(own)
        };
        self.entries.truncate(start);
        Entries(entries)
    }
}

fn has_repeated_key(entries: &[(&str, Node<'_>)]) -> bool {
    if entries.len() <= 16 {
        for i in 1..entries.len() {
            for j in 0..i {
                if entries[i].0 == entries[j].0 {
                    return true;
                }
            }
        }
        return false;
    }
    let mut seen = HashSet::with_capacity(entries.len());
    !entries.iter().all(|(k, _)| seen.insert(*k))
}

impl<'a> Tree for Node<'a> {
    type Object = Entries<'a>;

    fn as_object(&self) -> Option<&Entries<'a>> {
        match self {
            Node::Object(o) => Some(o),
            _ => None,
        }
    }
    fn as_array(&self) -> Option<&[Node<'a>]> {
        match self {
            Node::Array(a) => Some(a),
            _ => None,
        }
    }
    fn as_str(&self) -> Option<&str> {
        match self {
            Node::String(s) => Some(s),
            _ => None,
        }
    }
    fn as_bool(&self) -> Option<bool> {
        match self {
            Node::Bool(b) => Some(*b),
            _ => None,
        }
    }
    fn as_number(&self) -> Option<Number> {
        match self {
            Node::Number(text) => serde_json::from_str(text).ok(),
            _ => None,
        }
    }
    fn is_null(&self) -> bool {
        matches!(self, Node::Null)
    }
    fn to_value(&self) -> Value {
        match self {
            Node::Null => Value::Null,
            Node::Bool(b) => Value::Bool(*b),
            Node::Number(_) => self.as_number().map_or(Value::Null, Value::Number),
            Node::String(s) => Value::String((*s).to_string()),
            Node::Array(a) => Value::Array(a.iter().map(Tree::to_value).collect()),
            Node::Object(o) => Value::Object(
                o.0.iter()
                    .map(|(k, v)| (k.to_string(), v.to_value()))
                    .collect::<Map<String, Value>>(),
            ),
        }
    }
}

impl<'a> Object<Node<'a>> for Entries<'a> {
    fn get(&self, key: &str) -> Option<&Node<'a>> {
        self.0.iter().find(|(k, _)| *k == key).map(|(_, v)| v)
    }
    fn entries<'s>(&'s self) -> impl Iterator<Item = (&'s str, &'s Node<'a>)>
    where
        Node<'a>: 's,
    {
        self.0.iter().map(|(k, v)| (*k, v))
    }
    fn len(&self) -> usize {
        self.0.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    // The document as this parser reads it, as a `Value`.
    fn read(text: &str) -> Option<Value> {
        parse(text.as_bytes(), &Arena::new()).map(|n| n.to_value())
    }

    #[test]
    fn reads_what_serde_json_reads() {
        for text in [
            r#"{"a": [1, -2, 3.5, 1e3, -0, 0.25E-2, true, false, null], "b": {"c": "d"}}"#,
            r#"  {"s": "tab\there \"q\" \u00e9 \ud83d\ude00 \/ \\", "e": {}, "f": []}  "#,
            r#"[[[]], {"x": [{"y": {}}]}, "", 18446744073709551615, 18446744073709551616]"#,
            "\"caf\u{e9}\"",
            "12",
        ] {
            let expected: Value = serde_json::from_str(text).unwrap();
            assert_eq!(read(text), Some(expected), "{text}");
        }
    }

    #[test]
    fn refuses_what_serde_json_refuses() {
        for text in [
            "",
            "{",
            r#"{"a": 1,}"#,
            "[1,]",
            r#"{"a" 1}"#,
            r#"{a: 1}"#,
            "01",
            "1.",
            "-",
            "1e",
            ".5",
            "+1",
            "1e400",
            "tru",
            "nul",
            "[1] x",
            "\"a\nb\"",
            "\"\u{1}\"",
            r#""\x""#,
            r#""\ud800""#,
            "\u{feff}{}",
            "\"unterminated",
        ] {
            assert!(serde_json::from_str::<Value>(text).is_err(), "{text}");
            assert_eq!(read(text), None, "{text}");
        }
        assert_eq!(parse(b"\"\xff\"", &Arena::new()), None);
    }

    #[test]
    fn a_repeated_key_keeps_its_first_place_and_last_value() {
        let text = r#"{"a": 1, "b": 2, "a": 3}"#;
        let expected: Value = serde_json::from_str(text).unwrap();
        assert_eq!(read(text), Some(expected.clone()));
        let keys: Vec<&String> = expected.as_object().unwrap().keys().collect();
        assert_eq!(keys, ["a", "b"]);
        let many: String = (0..40)
            .map(|i| format!("\"k{}\": {i}", i % 30))
            .collect::<Vec<_>>()
            .join(",");
        let text = format!("{{{many}}}");
        let expected: Value = serde_json::from_str(&text).unwrap();
        assert_eq!(read(&text), Some(expected));
    }

    #[test]
    fn nesting_past_the_limit_is_left_to_serde_json() {
        let deep = "[".repeat(MAX_DEPTH + 1) + "0" + &"]".repeat(MAX_DEPTH + 1);
        assert!(serde_json::from_str::<Value>(&deep).is_ok());
        assert_eq!(read(&deep), None);
        let ok = "[".repeat(MAX_DEPTH) + "0" + &"]".repeat(MAX_DEPTH);
        assert_eq!(read(&ok), serde_json::from_str(&ok).ok());
    }

    #[test]
    fn unescaped_strings_borrow_from_the_document() {
        let text = r#"{"key": "plain", "esc": "a\nb"}"#;
        let arena = Arena::new();
        let node = parse(text.as_bytes(), &arena).unwrap();
        let Some(Node::String(plain)) = node.get("key") else {
            panic!("{node:?}")
        };
        assert_eq!(*plain, "plain");
        assert_eq!(plain.as_ptr(), text[9..].as_ptr());
        assert_eq!(node.get("esc"), Some(&Node::String("a\nb")));
    }

    #[test]
    fn pointers_read_as_serde_json_reads_them() {
        let text = r#"{"a/b": {"m~n": [10, {"x": 1}]}, "": 2}"#;
        let arena = Arena::new();
        let node = parse(text.as_bytes(), &arena).unwrap();
        let value: Value = serde_json::from_str(text).unwrap();
        for p in [
            "",
            "/a~1b",
            "/a~1b/m~0n/1/x",
            "/a~1b/m~0n/01",
            "/a~1b/m~0n/+1",
            "/",
            "x",
            "/a~1b/m~0n/9",
        ] {
            assert_eq!(
                Tree::pointer(&node, p).map(Tree::to_value),
                value.pointer(p).cloned(),
                "{p}"
            );
        }
    }
}
