//! The tool's input JSON Schema: the MCP `inputSchema` a client shows the agent and validates
//! arguments against.
//!
//! The schema is built from a tool's accounting table, never from the raw spec, so it lists
//! exactly the arguments the tool takes. It is:
//!
//! - **a plain object at the root**: `{"type": "object", "properties": {...}, "required": [...],
//!   "additionalProperties": false}`. `properties` is always present (strict clients expect it,
//!   even when a tool takes no arguments); `required` is left out when it would be empty (an empty
//!   `required` array is rejected by draft-04-era validators some clients still embed, and
//!   leaving it out means the same thing).
//! - **without `$schema`**: the MCP specification makes JSON Schema 2020-12 the default dialect
//!   of `inputSchema`, so the keyword adds nothing, while some clients that forward schemas to
//!   model APIs with a restricted keyword set reject it. [`DIALECT`] names the dialect for a
//!   caller that wants to add it. Every keyword emitted here means the same in 2020-12 as in
//!   draft 7 (numeric `exclusiveMinimum`/`exclusiveMaximum`, `items` as a single schema).
//! - **self-contained**: no `$ref` or `$defs`; nested objects are written out in place.
//! - **deterministic**: properties follow accounting (spec) order and every map is built in a
//!   fixed order, so the same [`Operation`] always gives byte-identical output.

use crate::model::{
    Accounted, Assertions, Disposition, Field, Operation, RequiredAlternatives, Schema, Type,
};
use serde_json::{Map, Number, Value, json};

/// The JSON Schema dialect the emitted schemas conform to (JSON Schema 2020-12). It is not
/// written into the schema: MCP makes it the default `inputSchema` dialect.
pub const DIALECT: &str = "https://json-schema.org/draft/2020-12/schema";

/// The MCP input schema of a tool: one property per argument, in accounting order.
///
/// Properties come from every [`Disposition::Set`] row and every [`Disposition::Undocumented`]
/// row that an argument sets; Fixed, Omitted and value-only Undocumented rows are not the
/// agent's to choose and do not appear. An argument's description is its parameter's
/// description, else its schema's. `required` lists the arguments whose parameter is required,
/// including required nullable ones (the agent must say `null` explicitly; docs/design.md §2 sends the
/// key always). Each argument name is expected once (accounting guarantees it); a repeated
/// name keeps its first position and the last row's schema.
pub fn input_schema(op: &Operation) -> Value {
    input_schema_with_docs(op, |_| None)
}

/// [`input_schema`] with descriptions taken from the tool's own field docs first.
///
/// `field_doc` is called with the Rust field name of each argument (the `field` of its
/// disposition); when it returns `Some`, that text is the property's description instead of the
/// spec's (docs/design.md §4: "field doc, else the spec's"). An empty doc counts as none.
pub fn input_schema_with_docs<F>(op: &Operation, field_doc: F) -> Value
where
    F: Fn(&str) -> Option<String>,
{
    let mut properties = Map::new();
    let mut required: Vec<Value> = Vec::new();
    for row in &op.accounting {
        let Some((argument, field)) = argument_of(row) else {
            continue;
        };
        let doc = field
            .and_then(&field_doc)
            .filter(|d| !d.trim().is_empty())
            .or_else(|| row.param.description.clone());
        let property = match row.family() {
            Some(pattern) => family_schema(pattern, &row.param.schema, doc.as_deref()),
            None => schema_with_description(&row.param.schema, doc.as_deref()),
        };
        properties.insert(argument.to_string(), property);
        let name = Value::String(argument.to_string());
        if row.param.required && !required.contains(&name) {
            required.push(name);
        }
    }
    let mut root = Map::new();
    root.insert("type".into(), json!("object"));
    root.insert("properties".into(), Value::Object(properties));
    if !required.is_empty() {
        root.insert("required".into(), Value::Array(required));
    }
    root.insert("additionalProperties".into(), Value::Bool(false));
    if let Some(body) = &op.body {
        for alternatives in &body.required_alternatives {
            if let Some(written) = body_alternatives(op, alternatives) {
                insert_alternatives(&mut root, written);
            }
        }
    }
    Value::Object(root)
}

/// The body's [`RequiredAlternatives`] over the arguments, as the decoder checks them
/// ([`crate::check::arguments`]): an arm naming a property the tool never sends never holds and
/// is left out; a property the tool always sends holds without its argument and is left out of
/// its arm. `None` when nothing is left to say: an `anyOf` one of whose arms always holds, or no
/// arm that can hold (the decoder refuses every call then, which a schema has no keyword for
/// that clients take well).
fn body_alternatives(op: &Operation, alternatives: &RequiredAlternatives) -> Option<Value> {
    use crate::check::arguments::{BodyProperty, body_property};
    let mut arms: Vec<Vec<&str>> = Vec::with_capacity(alternatives.sets.len());
    'sets: for set in &alternatives.sets {
        let mut names = Vec::with_capacity(set.len());
        for name in set {
            match body_property(op, name) {
                BodyProperty::Argument(_, argument) => names.push(argument),
                BodyProperty::Always => {}
                BodyProperty::Never => continue 'sets,
            }
        }
        arms.push(names);
    }
    if arms.is_empty() || (!alternatives.exactly_one && arms.iter().any(Vec::is_empty)) {
        return None;
    }
    Some(alternatives_value(alternatives.exactly_one, &arms))
}

/// `{"anyOf": [{"required": [...]}, ...]}` (`oneOf` for exactly one); an arm requiring nothing
/// is `{}` (an empty `required` is refused by draft-04-era validators).
fn alternatives_value<S: AsRef<str>>(exactly_one: bool, arms: &[Vec<S>]) -> Value {
    let arms: Vec<Value> = arms
        .iter()
        .map(|names| match names.as_slice() {
            [] => json!({}),
            names => {
                let names: Vec<Value> = names
                    .iter()
                    .map(|n| Value::String(n.as_ref().to_string()))
                    .collect();
                json!({ "required": names })
            }
        })
        .collect();
    let key = if exactly_one { "oneOf" } else { "anyOf" };
    json!({ key: arms })
}

/// Adds `{"anyOf": [...]}` (or `oneOf`) to a schema: as its own keyword when the schema has
/// none of that name, else as one more member of its `allOf`.
fn insert_alternatives(out: &mut Map<String, Value>, written: Value) {
    let Value::Object(mut written) = written else {
        return;
    };
    let Some((key, arms)) = written.iter().next().map(|(k, v)| (k.clone(), v.clone())) else {
        return;
    };
    if !out.contains_key(&key) && !out.contains_key("allOf") {
        out.insert(key, arms);
        return;
    }
    written.clear();
    written.insert(key, arms);
    match out.get_mut("allOf") {
        Some(Value::Array(members)) => members.push(Value::Object(written)),
        _ => {
            out.insert("allOf".into(), Value::Array(vec![Value::Object(written)]));
        }
    }
}

/// A pattern family's argument ([`Accounted::family`]): an object whose keys are parameter
/// names matching the pattern (`propertyNames`) and whose values each fit the schema
/// (`additionalProperties`).
fn family_schema(pattern: &str, values: &Schema, description: Option<&str>) -> Value {
    let mut out = Map::new();
    if let Some(d) = description {
        out.insert("description".into(), Value::String(d.to_string()));
    }
    out.insert("type".into(), json!("object"));
    out.insert(
        "propertyNames".into(),
        json!({ "pattern": crate::check::family::pattern_regex(pattern) }),
    );
    out.insert("additionalProperties".into(), schema_of(values));
    Value::Object(out)
}

/// [`input_schema`] as compact JSON text, e.g. for a compile-time `&'static str` constant.
/// Byte-identical for the same [`Operation`].
pub fn input_schema_string(op: &Operation) -> String {
    json_text(&input_schema(op))
}

/// A schema (any JSON value) as compact JSON text: the bytes of `Value::to_string`, written by
/// the index's own writer, several times faster in the macro, which runs unoptimized.
pub fn json_text(value: &Value) -> String {
    let mut out = Vec::new();
    // Writing to a `Vec` cannot fail, and the writer writes UTF-8 only.
    match crate::index::write_value(&mut out, value).map(|()| String::from_utf8(out)) {
        Ok(Ok(text)) => text,
        _ => value.to_string(),
    }
}

/// The argument name (and Rust field, when known) a row exposes to the agent, if any.
fn argument_of(row: &Accounted) -> Option<(&str, Option<&str>)> {
    match &row.disposition {
        Disposition::Set { argument, field } => Some((argument, Some(field))),
        Disposition::Undocumented {
            argument: Some(argument),
            field,
            ..
        } => Some((argument, field.as_deref())),
        _ => None,
    }
}

/// The JSON Schema of a normalized [`Schema`], with its own description.
///
/// Never a `$ref`; nullability becomes a `null` type, enum member or `anyOf` arm.
pub fn schema_of(schema: &Schema) -> Value {
    schema_with_description(schema, None)
}

/// [`schema_of`] with `description` (when given) in place of the schema's own.
fn schema_with_description(schema: &Schema, description: Option<&str>) -> Value {
    write(schema, description, Side::Input)
}

/// The JSON Schema of a response's [`Schema`]: as [`schema_of`], except that `readOnly`
/// properties are kept (a response carries them, and their `required` applies).
pub fn output_schema_of(schema: &Schema) -> Value {
    write(schema, None, Side::Output)
}

// Which way the value travels: only a request leaves `readOnly` properties out.
#[derive(Clone, Copy, PartialEq)]
enum Side {
    Input,
    Output,
}

fn write(schema: &Schema, description: Option<&str>, side: Side) -> Value {
    let mut out = Map::new();
    // `description` first: it reads best at the top and it is the same for every type.
    if let Some(d) = description.or(schema.description.as_deref()) {
        out.insert("description".into(), Value::String(d.to_string()));
    }
    let nullable = schema.nullable;
    match &schema.ty {
        Type::String {
            format,
            enumeration,
            pattern,
            min_length,
            max_length,
        } => {
            out.insert("type".into(), type_name("string", nullable));
            if let Some(values) = enumeration {
                let values = values.iter().map(|v| Value::String(v.clone()));
                out.insert("enum".into(), enum_values(values, nullable));
            }
            insert_str(&mut out, "format", format);
            insert_str(&mut out, "pattern", pattern);
            insert_u64(&mut out, "minLength", *min_length);
            insert_u64(&mut out, "maxLength", *max_length);
        }
        Type::Integer {
            format,
            minimum,
            maximum,
            enumeration,
        } => {
            out.insert("type".into(), type_name("integer", nullable));
            if let Some(values) = enumeration {
                let values = values.iter().map(|v| Value::from(*v));
                out.insert("enum".into(), enum_values(values, nullable));
            }
            insert_str(&mut out, "format", format);
            // An enum lists every value already: the 64-bit range would add nothing.
            let range_side = if enumeration.is_some() {
                Side::Output
            } else {
                side
            };
            let (minimum, maximum) =
                integer_bounds(format.as_deref(), *minimum, *maximum, range_side);
            insert_integer(&mut out, "minimum", minimum);
            insert_integer(&mut out, "maximum", maximum);
        }
        Type::Number {
            format,
            minimum,
            maximum,
            exclusive_minimum,
            exclusive_maximum,
        } => {
            out.insert("type".into(), type_name("number", nullable));
            insert_str(&mut out, "format", format);
            // 2020-12 spells an exclusive bound as a number in its own keyword.
            let (lo, hi) = match (exclusive_minimum, exclusive_maximum) {
                (true, true) => ("exclusiveMinimum", "exclusiveMaximum"),
                (true, false) => ("exclusiveMinimum", "maximum"),
                (false, true) => ("minimum", "exclusiveMaximum"),
                (false, false) => ("minimum", "maximum"),
            };
            insert_bound(&mut out, lo, *minimum);
            insert_bound(&mut out, hi, *maximum);
        }
        Type::Boolean { enumeration } => {
            out.insert("type".into(), type_name("boolean", nullable));
            if let Some(values) = enumeration {
                let values = values.iter().map(|v| Value::Bool(*v));
                out.insert("enum".into(), enum_values(values, nullable));
            }
        }
        Type::Array {
            items,
            min_items,
            max_items,
        } => {
            out.insert("type".into(), type_name("array", nullable));
            out.insert("items".into(), write(items, None, side));
            insert_u64(&mut out, "minItems", *min_items);
            insert_u64(&mut out, "maxItems", *max_items);
        }
        Type::Object {
            fields,
            open,
            values,
        } => {
            out.insert("type".into(), type_name("object", nullable));
            object_body(&mut out, fields, *open, side);
            // A map's values are offered to the agent, who must send them right; an output
            // schema leaves them free as before (what a response's maps hold is the API's).
            if let Some(values) = values.as_ref().filter(|_| side == Side::Input) {
                out.insert("additionalProperties".into(), write(values, None, side));
            }
        }
        Type::AnyOf { arms } if arms.is_empty() && !nullable => {
            // No arm at all cannot be written as `anyOf` (it needs one); the normalizer never
            // makes this, and accepting anything is the choice that never blocks an agent.
        }
        Type::AnyOf { arms } => {
            let mut arms: Vec<Value> = arms.iter().map(|a| write(a, None, side)).collect();
            if nullable {
                arms.push(json!({"type": "null"}));
            }
            out.insert("anyOf".into(), Value::Array(arms));
        }
        // `{}` accepts every JSON value, null included. An input that is not nullable (an
        // optional parameter set by one `Option`, which cannot send null; a query value) says
        // so, since the decoder refuses null there: what the schema offers is what decoding
        // takes. A response's is left `{}`. A shared reference never reaches here (operations
        // are expanded before use); were one to, it is written as what expansion makes of a cut
        // one.
        Type::Any | Type::Shared { .. } => {
            if !nullable && side == Side::Input {
                out.insert("not".into(), json!({"type": "null"}));
            }
        }
        Type::File => file_schema(&mut out, nullable),
    }
    if let Some(a) = &schema.assertions {
        assertions(&mut out, a, nullable);
        // An object's alternatives are the decoder's on input; a response is the API's.
        if side == Side::Input {
            for alternatives in &a.required_alternatives {
                let written = alternatives_value(alternatives.exactly_one, &alternatives.sets);
                insert_alternatives(&mut out, written);
            }
        }
    }
    if let Some(default) = &schema.default {
        out.insert("default".into(), default.clone());
    }
    // Extension keywords last: JSON Schema ignores unknown keywords, and annotations such as
    // applies-when must reach the catalog's projection.
    for (k, v) in &schema.extensions {
        out.insert(k.clone(), v.clone());
    }
    Value::Object(out)
}

/// The keywords a schema keeps beside its type, as JSON Schema spells them. Allowed values
/// replace a typed `enum`: they are that enum's values as the spec wrote them.
fn assertions(out: &mut Map<String, Value>, a: &Assertions, nullable: bool) {
    if let Some(m) = a.multiple_of {
        insert_bound(out, "multipleOf", Some(m));
    }
    if a.unique_items {
        out.insert("uniqueItems".into(), Value::Bool(true));
    }
    insert_u64(out, "minProperties", a.min_properties);
    insert_u64(out, "maxProperties", a.max_properties);
    if let Some(values) = &a.allowed {
        out.insert("enum".into(), enum_values(values.iter().cloned(), nullable));
    }
}

/// A file argument ([`crate::wire::file`]): its bytes in base64, or a path under the operator's
/// files directory, each with an optional file name and media type.
/// The description a file schema gets when its parameter has none.
const FILE_DESCRIPTION: &str = "a file: its bytes in base64, or a path the operator allows";

/// `schema` (an input schema) with the `path` arm of every file schema taken out, for a server
/// whose operator allows no file paths (`CATALOG_FILES_DIR` unset): the request builder refuses
/// a path there, so the schema does not offer one (what it offers is what the call takes).
/// A file described by default is described without the path.
pub fn without_file_paths(schema: &mut Value) {
    use crate::check::arguments::file_shape::{FILENAME, MEDIA_TYPE, PATH};
    // The path arm `file_schema` writes, and no other object that happens to require a `path`.
    let path_arm = |arm: &Value| {
        arm["required"] == json!([PATH])
            && arm["properties"].as_object().is_some_and(|p| {
                p.len() == 3 && p.contains_key(FILENAME) && p.contains_key(MEDIA_TYPE)
            })
    };
    match schema {
        Value::Object(map) => {
            if let Some(Value::Array(arms)) = map.get_mut("oneOf") {
                let before = arms.len();
                arms.retain(|arm| !path_arm(arm));
                if arms.len() != before
                    && map.get("description").and_then(Value::as_str) == Some(FILE_DESCRIPTION)
                {
                    map.insert(
                        "description".into(),
                        Value::String("a file: its bytes in base64".into()),
                    );
                }
            }
            map.values_mut().for_each(without_file_paths);
        }
        Value::Array(items) => items.iter_mut().for_each(without_file_paths),
        _ => {}
    }
}

/// Standard base64, padded or not, whose last group has no stray bits (what
/// `STANDARD_PAD_INDIFFERENT` decodes).
const BASE64_PATTERN: &str =
    "^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/][AQgw](?:==)?|[A-Za-z0-9+/]{2}[AEIMQUYcgkosw048]=?)?$";

/// A text without Unicode's control characters.
const NO_CONTROL_PATTERN: &str = "^[^\\u0000-\\u001F\\u007F-\\u009F]*$";

/// `type/subtype` of token characters, parameters without control characters.
const MEDIA_TYPE_PATTERN: &str =
    "^[A-Za-z0-9!#$&^_.+-]+/[A-Za-z0-9!#$&^_.+-]+(?:;[^\\u0000-\\u001F\\u007F-\\u009F]*)?$";

fn file_schema(out: &mut Map<String, Value>, nullable: bool) {
    use crate::check::arguments::file_shape::{CONTENT_BASE64, FILENAME, MEDIA_TYPE, PATH};
    // What the decoder (`file_shape::check_shape`) refuses, the schema leaves out: a path is not
    // empty, a name holds no control character, a media type is `type/subtype`, and the bytes
    // are standard base64 (padded or not, no stray trailing bits).
    let form = |key: &str, about: &str, extra: (&str, &str)| {
        let mut content = json!({"type": "string", "description": about});
        match extra {
            ("minLength", _) => content["minLength"] = json!(1),
            (k, v) => content[k] = json!(v),
        }
        if key == CONTENT_BASE64 {
            content["pattern"] = json!(BASE64_PATTERN);
        }
        json!({
            "type": "object",
            "properties": {
                key: content,
                FILENAME: {
                    "type": "string",
                    "description": "the file name sent with it",
                    "pattern": NO_CONTROL_PATTERN,
                },
                MEDIA_TYPE: {
                    "type": "string",
                    "description": "its media type, such as image/png",
                    "pattern": MEDIA_TYPE_PATTERN,
                },
            },
            "required": [key],
            "additionalProperties": false,
        })
    };
    let mut arms = vec![
        form(
            CONTENT_BASE64,
            "the file's bytes, base64-encoded",
            ("contentEncoding", "base64"),
        ),
        form(
            PATH,
            "a file path relative to the directory the operator allows files from",
            ("minLength", ""),
        ),
    ];
    if nullable {
        arms.push(json!({"type": "null"}));
    }
    out.entry("description")
        .or_insert_with(|| Value::String(FILE_DESCRIPTION.into()));
    out.insert("oneOf".into(), Value::Array(arms));
}

/// `properties`, `required` and `additionalProperties` of a nested object schema.
///
/// In a request, `readOnly` fields are left out: a request never carries them, and OpenAPI says
/// their `required` applies to responses only.
fn object_body(out: &mut Map<String, Value>, fields: &[Field], open: bool, side: Side) {
    let mut properties = Map::new();
    let mut required = Vec::new();
    for field in fields
        .iter()
        .filter(|f| side == Side::Output || !f.read_only)
    {
        properties.insert(field.name.clone(), write(&field.schema, None, side));
        let name = Value::String(field.name.clone());
        if field.required && !required.contains(&name) {
            required.push(name);
        }
    }
    if !properties.is_empty() {
        out.insert("properties".into(), Value::Object(properties));
    }
    if !required.is_empty() {
        out.insert("required".into(), Value::Array(required));
    }
    if !open {
        out.insert("additionalProperties".into(), Value::Bool(false));
    }
}

/// `"t"`, or `["t", "null"]` when nullable.
fn type_name(name: &str, nullable: bool) -> Value {
    if nullable {
        json!([name, "null"])
    } else {
        json!(name)
    }
}

/// An `enum` array; a nullable enum must list `null` too, or `type` would admit it in vain.
fn enum_values(values: impl Iterator<Item = Value>, nullable: bool) -> Value {
    let mut values: Vec<Value> = values.collect();
    if nullable && !values.contains(&Value::Null) {
        values.push(Value::Null);
    }
    Value::Array(values)
}

fn insert_str(out: &mut Map<String, Value>, key: &str, value: &Option<String>) {
    if let Some(v) = value {
        out.insert(key.into(), Value::String(v.clone()));
    }
}

fn insert_u64(out: &mut Map<String, Value>, key: &str, value: Option<u64>) {
    if let Some(v) = value {
        out.insert(key.into(), Value::from(v));
    }
}

/// An integer's advertised bounds, as integers: the spec's, rounded inward (a bound of `2.5`
/// allows `3`), narrowed to the range its decoding enforces. On inputs that range is the
/// format's (`int32`, `uint16`, ...) and otherwise a 64-bit integer's (no format, `int64` or a
/// format of the API's own): the strict reading of arguments refuses anything wider, so the
/// schema says so rather than offer values no call can carry. Outputs narrow by formats
/// narrower than 64 bits only. A spec's `9223372036854775807`, which a float reads as 2^63,
/// is `i64::MAX` again (and 2^64 `u64::MAX`), never a bound one past the type.
fn integer_bounds(
    format: Option<&str>,
    minimum: Option<f64>,
    maximum: Option<f64>,
    side: Side,
) -> (Option<i128>, Option<i128>) {
    let minimum = minimum.filter(|m| m.is_finite()).map(|m| m.ceil() as i128);
    let maximum = maximum.filter(|m| m.is_finite()).map(exact_maximum);
    let range = match side {
        Side::Input => Some(crate::check::arguments::decoded_range(format)),
        Side::Output => format
            .filter(|f| *f != "int64")
            .and_then(crate::check::arguments::integer_range),
    };
    let Some((lo, hi)) = range else {
        return (minimum, maximum);
    };
    (
        Some(minimum.map_or(lo, |m| m.max(lo))),
        Some(maximum.map_or(hi, |m| m.min(hi))),
    )
}

/// An integral maximum read through a float: 2^63 and 2^64 are where `i64::MAX` and `u64::MAX`
/// land, and are read back as those.
fn exact_maximum(v: f64) -> i128 {
    const I64_END: f64 = 9_223_372_036_854_775_808.0;
    const U64_END: f64 = 18_446_744_073_709_551_616.0;
    if v == I64_END {
        i64::MAX.into()
    } else if v == U64_END {
        u64::MAX.into()
    } else {
        v.floor() as i128
    }
}

fn insert_integer(out: &mut Map<String, Value>, key: &str, value: Option<i128>) {
    let number = value.and_then(|v| match i64::try_from(v) {
        Ok(v) => Some(Number::from(v)),
        Err(_) => u64::try_from(v).ok().map(Number::from),
    });
    if let Some(n) = number {
        out.insert(key.into(), Value::Number(n));
    }
}

/// A numeric bound, skipped when it is not finite (JSON has no infinity or NaN).
fn insert_bound(out: &mut Map<String, Value>, key: &str, value: Option<f64>) {
    if let Some(n) = value.and_then(bound_number) {
        out.insert(key.into(), Value::Number(n));
    }
}

/// A bound as a JSON number: integral values print as integers (`1`, not `1.0`), which reads
/// better and is what integer-typed schemas are expected to carry.
fn bound_number(v: f64) -> Option<Number> {
    // 2^63 and 2^64, exactly representable as f64.
    const I64_END: f64 = 9_223_372_036_854_775_808.0;
    const U64_END: f64 = 18_446_744_073_709_551_616.0;
    if v.is_finite() && v.fract() == 0.0 {
        if (-I64_END..I64_END).contains(&v) {
            // In range and integral, so the cast is exact.
            return Some(Number::from(v as i64));
        }
        if (0.0..U64_END).contains(&v) {
            return Some(Number::from(v as u64));
        }
    }
    Number::from_f64(v)
}

#[cfg(test)]
mod tests {
    use super::Side::{Input, Output};
    use super::{integer_bounds, output_schema_of, schema_of};
    use crate::model::{Schema, Type};
    use serde_json::json;

    #[test]
    fn any_value_offers_null_on_an_input_only_where_it_is_nullable() {
        let mut s = Schema::new(Type::Any);
        assert_eq!(schema_of(&s), json!({"not": {"type": "null"}}));
        // A response's any value is left `{}`: it is read, not decoded.
        assert_eq!(output_schema_of(&s), json!({}));
        s.nullable = true;
        assert_eq!(schema_of(&s), json!({}));
        assert_eq!(output_schema_of(&s), json!({}));
    }

    #[test]
    fn a_host_name_format_is_said_as_the_spec_writes_it() {
        // The decoder checks `hostname` (RFC 1123); the input schema says it.
        let s = Schema::new(Type::String {
            format: Some("hostname".into()),
            enumeration: None,
            pattern: None,
            min_length: None,
            max_length: None,
        });
        assert_eq!(
            schema_of(&s),
            json!({"type": "string", "format": "hostname"})
        );
    }

    #[test]
    fn a_boolean_enum_is_written_on_inputs_and_outputs() {
        let mut s = Schema::new(Type::Boolean {
            enumeration: Some(vec![true]),
        });
        let want = json!({"type": "boolean", "enum": [true]});
        assert_eq!(schema_of(&s), want);
        assert_eq!(output_schema_of(&s), want);
        s.nullable = true;
        assert_eq!(
            output_schema_of(&s),
            json!({"type": ["boolean", "null"], "enum": [true, null]})
        );
    }

    #[test]
    fn an_integer_is_advertised_with_the_bounds_its_decoding_enforces() {
        let i32_range = (Some(i32::MIN.into()), Some(i32::MAX.into()));
        let i64_range = (Some(i64::MIN.into()), Some(i64::MAX.into()));
        assert_eq!(integer_bounds(Some("int32"), None, None, Input), i32_range);
        // The spec's own bounds win where they are narrower, and only there.
        assert_eq!(
            integer_bounds(Some("int32"), Some(0.0), Some(1e12), Input),
            (Some(0), Some(i32::MAX.into()))
        );
        assert_eq!(
            integer_bounds(Some("uint16"), Some(-5.0), Some(10.0), Input),
            (Some(0), Some(10))
        );
        // No format, int64 and a format of the API's own are 64-bit integers.
        for format in [Some("int64"), Some("snowflake"), None] {
            assert_eq!(
                integer_bounds(format, None, None, Input),
                i64_range,
                "{format:?}"
            );
            assert_eq!(
                integer_bounds(format, Some(1.0), None, Input),
                (Some(1), Some(i64::MAX.into())),
                "{format:?}"
            );
        }
        assert_eq!(
            integer_bounds(Some("uint64"), None, None, Input),
            (Some(0), Some(u64::MAX.into()))
        );
        // Fractional bounds are rounded inward.
        assert_eq!(
            integer_bounds(None, Some(0.5), Some(9.5), Input),
            (Some(1), Some(9))
        );
    }

    #[test]
    fn a_maximum_of_i64_max_read_through_a_float_stays_i64_max() {
        // NetBox writes `maximum: 9223372036854775807`; as a float that is 2^63.
        let max = 9_223_372_036_854_775_807_i64 as f64;
        for side in [Input, Output] {
            assert_eq!(
                integer_bounds(Some("int64"), None, Some(max), side).1,
                Some(i64::MAX.into())
            );
        }
        let s = Schema::new(Type::Integer {
            format: None,
            minimum: Some(-(max)),
            maximum: Some(max),
            enumeration: None,
        });
        let want = json!({
            "type": "integer",
            "minimum": i64::MIN,
            "maximum": i64::MAX,
        });
        assert_eq!(schema_of(&s), want);
        assert_eq!(output_schema_of(&s), want);
        assert_eq!(
            integer_bounds(Some("uint64"), None, Some(u64::MAX as f64), Output).1,
            Some(u64::MAX.into())
        );
    }

    #[test]
    fn outputs_are_narrowed_by_narrow_formats_only() {
        for format in [Some("int64"), Some("uint64"), Some("snowflake"), None] {
            assert_eq!(
                integer_bounds(format, Some(1.0), None, Output),
                (Some(1), None),
                "{format:?}"
            );
        }
        assert_eq!(
            integer_bounds(Some("int8"), None, None, Output),
            (Some(-128), Some(127))
        );
    }
}
