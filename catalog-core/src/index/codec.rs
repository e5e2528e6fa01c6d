//! The codec of a stored operation: one writer ([`write_operation`], [`write_shared`]) and one
//! reader ([`read_operation`], [`read_shared`]: the model's `Deserialize`), for the index's
//! operation and schema files and the form a `#[tool]` embeds ([`super::embedded`]).
//!
//! The writer is a fast path beside `serde_json::to_writer`, paid for by a measured win: build
//! scripts and the macro run at opt-level 0, where `serde_json`'s string escaping costs a few
//! hundred instructions a byte. Writing Mattermost's 420 stored operations unoptimized took
//! 71.6 M instructions here against 331.1 M through `serde_json::to_writer` (callgrind, dev
//! profile, at the commit that wrote this). Strings are escaped by a loop of its own; anything
//! rare (floats, free-form values, enums spelled by serde) goes through `serde_json` itself. What
//! holds it right is a round trip: every operation of the real specs and a corpus sample reads
//! back as written (`catalog-core/tests/codec_round_trip.rs`, and the shapes below).

use crate::model::{
    Body, Content, Field, Operation, Param, Response, ResponseHeader, Schema, SharedSchema, Style,
    Type, Unsupported,
};
use serde::Serialize;
use serde_json::Value;
use std::io;

/// Appends `op`'s JSON to `out`.
pub(crate) fn write_operation(out: &mut Vec<u8>, op: &Operation) -> io::Result<()> {
    let mut o = Obj::new(out);
    if let Some(id) = &op.id {
        o.key("id");
        string(o.out, id)?;
    }
    o.key("method");
    string(o.out, &op.method)?;
    o.key("path");
    string(o.out, &op.path)?;
    o.key("pointer");
    string(o.out, &op.pointer)?;
    if let Some(s) = &op.summary {
        o.key("summary");
        string(o.out, s)?;
    }
    if let Some(d) = &op.description {
        o.key("description");
        string(o.out, d)?;
    }
    if op.deprecated {
        o.key("deprecated");
        o.out.extend_from_slice(b"true");
    }
    if !op.params.is_empty() {
        o.key("params");
        list(o.out, &op.params, param)?;
    }
    if let Some(b) = &op.body {
        o.key("body");
        body(o.out, b)?;
    }
    if !op.responses.is_empty() {
        o.key("responses");
        list(o.out, &op.responses, response)?;
    }
    if !op.unsupported.is_empty() {
        o.key("unsupported");
        list(o.out, &op.unsupported, unsupported)?;
    }
    // Empty in the index's stored form; an expanded operation goes through serde.
    if !op.degraded.is_empty() {
        o.key("degraded");
        serde(o.out, &op.degraded)?;
    }
    if !op.degraded_output.is_empty() {
        o.key("degraded_output");
        serde(o.out, &op.degraded_output)?;
    }
    // Empty in the index; a tool's operation goes through serde.
    if op.spec != Default::default() {
        o.key("spec");
        serde(o.out, &op.spec)?;
    }
    if !op.accounting.is_empty() {
        o.key("accounting");
        serde(o.out, &op.accounting)?;
    }
    if !op.security.is_empty() {
        o.key("security");
        serde(o.out, &op.security)?;
    }
    if !op.tags.is_empty() {
        o.key("tags");
        serde(o.out, &op.tags)?;
    }
    // Empty in the index; a tool's operation goes through serde.
    if !op.failure.is_empty() {
        o.key("failure");
        serde(o.out, &op.failure)?;
    }
    o.end();
    Ok(())
}

/// Appends a JSON value to `out` (numbers through `serde_json` itself).
pub(crate) fn write_value(out: &mut Vec<u8>, value: &Value) -> io::Result<()> {
    match value {
        Value::Null => out.extend_from_slice(b"null"),
        Value::Bool(true) => out.extend_from_slice(b"true"),
        Value::Bool(false) => out.extend_from_slice(b"false"),
        Value::Number(n) => serde(out, n)?,
        Value::String(s) => string(out, s)?,
        Value::Array(items) => list(out, items, write_value)?,
        Value::Object(map) => {
            out.push(b'{');
            for (i, (key, item)) in map.iter().enumerate() {
                if i > 0 {
                    out.push(b',');
                }
                string(out, key)?;
                out.push(b':');
                write_value(out, item)?;
            }
            out.push(b'}');
        }
    }
    Ok(())
}

/// Reads an operation [`write_operation`] wrote.
pub(crate) fn read_operation(bytes: &[u8]) -> Result<Operation, serde_json::Error> {
    serde_json::from_slice(bytes)
}

/// Reads a shared schema [`write_shared`] wrote.
pub(crate) fn read_shared(bytes: &[u8]) -> Result<SharedSchema, serde_json::Error> {
    serde_json::from_slice(bytes)
}

/// Appends a shared schema's JSON to `out`.
pub(crate) fn write_shared(out: &mut Vec<u8>, shared: &SharedSchema) -> io::Result<()> {
    let mut o = Obj::new(out);
    o.key("pointer");
    string(o.out, &shared.pointer)?;
    o.key("schema");
    schema(o.out, &shared.schema)?;
    o.end();
    Ok(())
}

// A JSON object being written: a comma before every key but the first.
struct Obj<'a> {
    out: &'a mut Vec<u8>,
    first: bool,
}

impl<'a> Obj<'a> {
    fn new(out: &'a mut Vec<u8>) -> Obj<'a> {
        out.push(b'{');
        Obj { out, first: true }
    }

    // Keys are this file's literals: none needs escaping.
    fn key(&mut self, key: &str) {
        if !self.first {
            self.out.push(b',');
        }
        self.first = false;
        self.out.push(b'"');
        self.out.extend_from_slice(key.as_bytes());
        self.out.extend_from_slice(b"\":");
    }

    fn end(self) {
        self.out.push(b'}');
    }
}

fn list<T>(
    out: &mut Vec<u8>,
    items: &[T],
    write: fn(&mut Vec<u8>, &T) -> io::Result<()>,
) -> io::Result<()> {
    out.push(b'[');
    for (i, item) in items.iter().enumerate() {
        if i > 0 {
            out.push(b',');
        }
        write(out, item)?;
    }
    out.push(b']');
    Ok(())
}

fn serde<T: Serialize + ?Sized>(out: &mut Vec<u8>, value: &T) -> io::Result<()> {
    serde_json::to_writer(out, value).map_err(io::Error::other)
}

// A JSON string as `serde_json` writes it: `"` and `\\` escaped, control characters as their
// short escape or `\u00xx`, everything else as it is. Runs without escapes are copied whole.
fn string(out: &mut Vec<u8>, s: &str) -> io::Result<()> {
    const HEX: &[u8; 16] = b"0123456789abcdef";
    let bytes = s.as_bytes();
    out.push(b'"');
    let mut run = 0;
    // An index loop: the fewest instructions per byte unoptimized.
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        if b < 0x20 || b == b'"' || b == b'\\' {
            out.extend_from_slice(&bytes[run..i]);
            match b {
                b'"' => out.extend_from_slice(b"\\\""),
                b'\\' => out.extend_from_slice(b"\\\\"),
                b'\n' => out.extend_from_slice(b"\\n"),
                b'\r' => out.extend_from_slice(b"\\r"),
                b'\t' => out.extend_from_slice(b"\\t"),
                0x08 => out.extend_from_slice(b"\\b"),
                0x0c => out.extend_from_slice(b"\\f"),
                _ => out.extend_from_slice(&[
                    b'\\',
                    b'u',
                    b'0',
                    b'0',
                    HEX[usize::from(b >> 4)],
                    HEX[usize::from(b & 0xf)],
                ]),
            }
            run = i + 1;
        }
        i += 1;
    }
    out.extend_from_slice(&bytes[run..]);
    out.push(b'"');
    Ok(())
}

fn number(out: &mut Vec<u8>, n: u64) {
    out.extend_from_slice(n.to_string().as_bytes());
}

fn param(out: &mut Vec<u8>, p: &Param) -> io::Result<()> {
    let mut o = Obj::new(out);
    o.key("location");
    string(o.out, p.location.as_str())?;
    o.key("name");
    string(o.out, &p.name)?;
    if p.required {
        o.key("required");
        o.out.extend_from_slice(b"true");
    }
    if p.deprecated {
        o.key("deprecated");
        o.out.extend_from_slice(b"true");
    }
    if let Some(d) = &p.description {
        o.key("description");
        string(o.out, d)?;
    }
    o.key("schema");
    schema(o.out, &p.schema)?;
    // As `Param`'s `Serialize` decides.
    if !p.style_and_explode_implied() {
        o.key("style");
        serde::<Style>(o.out, &p.style)?;
        if p.explode {
            o.key("explode");
            o.out.extend_from_slice(b"true");
        }
    }
    o.key("pointer");
    string(o.out, &p.pointer)?;
    o.end();
    Ok(())
}

fn body(out: &mut Vec<u8>, b: &Body) -> io::Result<()> {
    let mut o = Obj::new(out);
    o.key("media_type");
    string(o.out, &b.media_type)?;
    if let Some(documented) = &b.documented_as {
        o.key("documented_as");
        string(o.out, documented)?;
    }
    o.key("kind");
    serde(o.out, &b.kind)?;
    for (key, set) in [
        ("required", b.required),
        ("whole", b.whole),
        ("open", b.open),
    ] {
        if set {
            o.key(key);
            o.out.extend_from_slice(b"true");
        }
    }
    o.key("pointer");
    string(o.out, &b.pointer)?;
    if !b.encoding.is_empty() {
        o.key("encoding");
        serde(o.out, &b.encoding)?;
    }
    if !b.arm_names.is_empty() {
        o.key("arm_names");
        serde(o.out, &b.arm_names)?;
    }
    if let Some(values) = &b.values {
        o.key("values");
        schema(o.out, values)?;
    }
    if !b.required_alternatives.is_empty() {
        o.key("required_alternatives");
        serde(o.out, &b.required_alternatives)?;
    }
    o.end();
    Ok(())
}

fn response(out: &mut Vec<u8>, r: &Response) -> io::Result<()> {
    let mut o = Obj::new(out);
    o.key("status");
    serde(o.out, &r.status)?;
    if let Some(d) = &r.description {
        o.key("description");
        string(o.out, d)?;
    }
    if !r.content.is_empty() {
        o.key("content");
        list(o.out, &r.content, content)?;
    }
    if !r.headers.is_empty() {
        o.key("headers");
        list(o.out, &r.headers, header)?;
    }
    o.key("pointer");
    string(o.out, &r.pointer)?;
    if !r.unsupported.is_empty() {
        o.key("unsupported");
        list(o.out, &r.unsupported, unsupported)?;
    }
    o.end();
    Ok(())
}

fn content(out: &mut Vec<u8>, c: &Content) -> io::Result<()> {
    let mut o = Obj::new(out);
    o.key("media_type");
    string(o.out, &c.media_type)?;
    if let Some(s) = &c.schema {
        o.key("schema");
        schema(o.out, s)?;
    }
    o.end();
    Ok(())
}

fn header(out: &mut Vec<u8>, h: &ResponseHeader) -> io::Result<()> {
    let mut o = Obj::new(out);
    o.key("name");
    string(o.out, &h.name)?;
    if h.required {
        o.key("required");
        o.out.extend_from_slice(b"true");
    }
    if let Some(d) = &h.description {
        o.key("description");
        string(o.out, d)?;
    }
    o.key("schema");
    schema(o.out, &h.schema)?;
    o.end();
    Ok(())
}

fn unsupported(out: &mut Vec<u8>, u: &Unsupported) -> io::Result<()> {
    let mut o = Obj::new(out);
    o.key("reason");
    string(o.out, &u.reason)?;
    o.key("pointer");
    string(o.out, &u.pointer)?;
    o.end();
    Ok(())
}

fn field(out: &mut Vec<u8>, f: &Field) -> io::Result<()> {
    let mut o = Obj::new(out);
    o.key("name");
    string(o.out, &f.name)?;
    if f.required {
        o.key("required");
        o.out.extend_from_slice(b"true");
    }
    if f.read_only {
        o.key("read_only");
        o.out.extend_from_slice(b"true");
    }
    o.key("schema");
    schema(o.out, &f.schema)?;
    o.end();
    Ok(())
}

fn schema(out: &mut Vec<u8>, s: &Schema) -> io::Result<()> {
    let mut o = Obj::new(out);
    o.key("type");
    let optional_string = |o: &mut Obj<'_>, key: &str, v: &Option<String>| match v {
        Some(v) => {
            o.key(key);
            string(o.out, v)
        }
        None => Ok(()),
    };
    let optional_count = |o: &mut Obj<'_>, key: &str, v: Option<u64>| {
        if let Some(n) = v {
            o.key(key);
            number(o.out, n);
        }
    };
    let optional_float = |o: &mut Obj<'_>, key: &str, v: Option<f64>| match v {
        Some(n) => {
            o.key(key);
            serde(o.out, &n)
        }
        None => Ok(()),
    };
    let flag = |o: &mut Obj<'_>, key: &str, v: bool| {
        if v {
            o.key(key);
            o.out.extend_from_slice(b"true");
        }
    };
    match &s.ty {
        Type::String {
            format,
            enumeration,
            pattern,
            min_length,
            max_length,
        } => {
            string(o.out, "string")?;
            optional_string(&mut o, "format", format)?;
            if let Some(values) = enumeration {
                o.key("enum");
                list(o.out, values, |out, v| string(out, v))?;
            }
            optional_string(&mut o, "pattern", pattern)?;
            optional_count(&mut o, "min_length", *min_length);
            optional_count(&mut o, "max_length", *max_length);
        }
        Type::Integer {
            format,
            minimum,
            maximum,
            enumeration,
        } => {
            string(o.out, "integer")?;
            optional_string(&mut o, "format", format)?;
            optional_float(&mut o, "minimum", *minimum)?;
            optional_float(&mut o, "maximum", *maximum)?;
            if let Some(values) = enumeration {
                o.key("enum");
                serde(o.out, values)?;
            }
        }
        Type::Number {
            format,
            minimum,
            maximum,
            exclusive_minimum,
            exclusive_maximum,
        } => {
            string(o.out, "number")?;
            optional_string(&mut o, "format", format)?;
            optional_float(&mut o, "minimum", *minimum)?;
            optional_float(&mut o, "maximum", *maximum)?;
            flag(&mut o, "exclusive_minimum", *exclusive_minimum);
            flag(&mut o, "exclusive_maximum", *exclusive_maximum);
        }
        Type::Boolean { enumeration } => {
            string(o.out, "boolean")?;
            if let Some(values) = enumeration {
                o.key("enum");
                serde(o.out, values)?;
            }
        }
        Type::Array {
            items,
            min_items,
            max_items,
        } => {
            string(o.out, "array")?;
            o.key("items");
            schema(o.out, items)?;
            optional_count(&mut o, "min_items", *min_items);
            optional_count(&mut o, "max_items", *max_items);
        }
        Type::Object {
            fields,
            open,
            values,
        } => {
            string(o.out, "object")?;
            if !fields.is_empty() {
                o.key("fields");
                list(o.out, fields, field)?;
            }
            flag(&mut o, "open", *open);
            if let Some(values) = values {
                o.key("values");
                schema(o.out, values)?;
            }
        }
        Type::AnyOf { arms } => {
            string(o.out, "anyOf")?;
            o.key("arms");
            list(o.out, arms, schema)?;
        }
        Type::Any => string(o.out, "any")?,
        Type::File => string(o.out, "file")?,
        Type::Shared { id } => {
            string(o.out, "shared")?;
            o.key("id");
            number(o.out, *id as u64);
        }
    }
    flag(&mut o, "nullable", s.nullable);
    optional_string(&mut o, "description", &s.description)?;
    if let Some(d) = &s.default {
        o.key("default");
        serde(o.out, d)?;
    }
    if !s.extensions.is_empty() {
        o.key("extensions");
        serde(o.out, &s.extensions)?;
    }
    if let Some(a) = &s.assertions {
        optional_float(&mut o, "multiple_of", a.multiple_of)?;
        flag(&mut o, "unique_items", a.unique_items);
        optional_count(&mut o, "min_properties", a.min_properties);
        optional_count(&mut o, "max_properties", a.max_properties);
        if let Some(values) = &a.allowed {
            o.key("allowed");
            serde(o.out, values)?;
        }
        if !a.required_alternatives.is_empty() {
            o.key("required_alternatives");
            serde(o.out, &a.required_alternatives)?;
        }
    }
    o.end();
    Ok(())
}

#[cfg(test)]
mod tests;
