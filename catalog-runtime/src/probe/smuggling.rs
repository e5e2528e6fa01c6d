//! Probing a catalog for parameters smuggled through an argument's keys: for every tool and
//! every argument that accepts an object, a request is built (through the tool's own decoding
//! and encoding, as a call would) with that argument holding a key per parameter the tool
//! Omitted or Fixed, and compared with the request built without it. Everything the request
//! carries outside the argument's own name (query pairs, form fields, JSON keys, multipart
//! parts, headers) must be the same: a key of an argument never sets, adds or repeats another
//! parameter.

use crate::tools::catalog::{CallError, Catalog, ToolInfo};
use catalog_core::model::{Disposition, Location, Operation};
use serde_json::{Map, Value, json};
use std::fmt;

/// What [`probe`] found across a catalog.
#[derive(Debug, Default)]
pub struct Report {
    /// Probes whose request was built and compared.
    pub compared: Vec<String>,
    /// Probes refused before anything was sent (by decoding or by the encoder), with why.
    pub refused: Vec<String>,
    /// Tools whose request could not be built from the smallest arguments their schema
    /// accepts, so none of their arguments was probed.
    pub not_probed: Vec<String>,
    /// Probes whose request carried something outside the argument's own name that the request
    /// without it did not: a smuggled parameter.
    pub smuggled: Vec<String>,
}

impl fmt::Display for Report {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "{} probes compared, {} refused, {} tools not probed, {} smuggled",
            self.compared.len(),
            self.refused.len(),
            self.not_probed.len(),
            self.smuggled.len()
        )?;
        for s in &self.smuggled {
            writeln!(f, "smuggled: {s}")?;
        }
        for s in &self.not_probed {
            writeln!(f, "not probed: {s}")?;
        }
        Ok(())
    }
}

/// Probes every tool of `catalog`; see the module docs.
pub fn probe(catalog: &Catalog) -> Report {
    let mut report = Report::default();
    for tool in catalog.tools() {
        probe_tool(catalog, tool, &mut report);
    }
    report
}

fn probe_tool(catalog: &Catalog, tool: ToolInfo, report: &mut Report) {
    let schema = tool.input_schema;
    let base = smallest(schema);
    let baseline = match catalog.request(tool.name, base.clone()) {
        Ok(r) => r,
        Err(e) => {
            report.not_probed.push(format!("{}: {e}", tool.name));
            return;
        }
    };
    let keys = accounted_elsewhere(tool.operation);
    let properties = schema["properties"]
        .as_object()
        .cloned()
        .unwrap_or_default();
    for (argument, property) in &properties {
        if !accepts_object(property) {
            continue;
        }
        let Some((location, wire)) = wire_name(tool.operation, argument) else {
            continue;
        };
        let mut args = base.clone();
        // The object's own required properties, then a key per parameter accounted elsewhere.
        let mut probe = match smallest(&object_arm(property)) {
            Value::Object(m) => m,
            _ => Map::new(),
        };
        for k in &keys {
            probe.entry(k.clone()).or_insert_with(|| json!("smuggled"));
        }
        args[argument.as_str()] = Value::Object(probe);
        let what = format!("{}.{argument}", tool.name);
        match catalog.request(tool.name, args) {
            Ok(request) => {
                let before = carried(&baseline, location, &wire);
                let after = carried(&request, location, &wire);
                if before == after {
                    report.compared.push(what);
                } else {
                    report.smuggled.push(format!(
                        "{what}: without it {before:?}, with keys {keys:?} {after:?}"
                    ));
                }
            }
            Err(CallError::Arguments(e)) => report.refused.push(format!("{what}: {e}")),
            Err(e) => report.refused.push(format!("{what}: {e}")),
        }
    }
}

/// The wire names of every parameter the tool Omitted or Fixed (or that an Undocumented row
/// fixes), the keys a probe sends.
fn accounted_elsewhere(op: &Operation) -> Vec<String> {
    let mut names: Vec<String> = op
        .accounting
        .iter()
        .filter(|r| {
            matches!(
                r.disposition,
                Disposition::Omitted { .. }
                    | Disposition::Fixed { .. }
                    | Disposition::Credential { .. }
            ) || matches!(
                r.disposition,
                Disposition::Undocumented { argument: None, .. }
            )
        })
        .map(|r| r.param.name.clone())
        .filter(|n| !n.is_empty())
        .collect();
    names.sort();
    names.dedup();
    names
}

/// Where the argument travels and under which name.
fn wire_name(op: &Operation, argument: &str) -> Option<(Location, String)> {
    op.accounting.iter().find_map(|r| match &r.disposition {
        Disposition::Set { argument: a, .. }
        | Disposition::Undocumented {
            argument: Some(a), ..
        } if a == argument => Some((r.param.location, r.param.name.clone())),
        _ => None,
    })
}

/// Whether a union's arms only require properties (`anyOf: [{required: [a]}, {required:
/// [b]}]`: an object's required alternatives, which narrow it and are no union of shapes).
pub(crate) fn required_only(arms: &[Value]) -> bool {
    !arms.is_empty()
        && arms.iter().all(|a| {
            a.as_object()
                .is_some_and(|o| o.keys().all(|k| k == "required"))
        })
}

/// The arms of a schema's `anyOf`/`oneOf` unions of shapes (not its required alternatives).
pub(crate) fn shape_arms(schema: &Value) -> impl Iterator<Item = &Value> {
    ["anyOf", "oneOf"]
        .into_iter()
        .filter_map(|k| schema[k].as_array())
        .filter(|arms| !required_only(arms))
        .flatten()
}

/// The names of the first arm of each of an object schema's required alternatives (beside its
/// properties or under its `allOf`): a `oneOf`'s first arm alone holds with them.
fn first_alternatives(schema: &Value) -> Vec<&str> {
    let members = schema["allOf"].as_array().map_or(&[][..], Vec::as_slice);
    std::iter::once(schema)
        .chain(members)
        .flat_map(|holder| ["anyOf", "oneOf"].map(|k| holder[k].as_array()))
        .flatten()
        .filter(|arms| required_only(arms))
        .filter_map(|arms| arms.first()?["required"].as_array())
        .flatten()
        .filter_map(Value::as_str)
        .collect()
}

/// The arm of a union that accepts an object (or the schema itself).
fn object_arm(schema: &Value) -> Value {
    shape_arms(schema)
        .find(|arm| accepts_object(arm))
        .map_or_else(|| schema.clone(), object_arm)
}

/// Whether a JSON Schema accepts an object with keys it does not declare.
fn accepts_object(schema: &Value) -> bool {
    let arms = shape_arms(schema).any(accepts_object);
    let typed = match &schema["type"] {
        Value::String(t) => t == "object",
        Value::Array(ts) => ts.iter().any(|t| t == "object"),
        Value::Null => shape_arms(schema).next().is_none(),
        _ => false,
    };
    arms || (typed
        && schema.get("additionalProperties") != Some(&Value::Bool(false))
        && schema.get("unevaluatedProperties") != Some(&Value::Bool(false)))
}

/// Everything a request carries outside the argument `wire` at `location`: the query pairs
/// and form fields (by their name before any `[`), JSON body keys, multipart part names and
/// headers (but the body's length and type, which a multipart boundary changes), in order.
fn carried(request: &http::Request<Vec<u8>>, location: Location, wire: &str) -> Vec<String> {
    let own = |l: Location, name: &str| l == location && name == wire;
    let mut out = Vec::new();
    for (name, value) in pairs(request.uri().query().unwrap_or("")) {
        if !own(Location::Query, top(&name)) {
            out.push(format!("query {name}={value}"));
        }
    }
    for (name, value) in request.headers() {
        if name == http::header::CONTENT_LENGTH || name == http::header::CONTENT_TYPE {
            continue;
        }
        if !own(Location::Header, name.as_str()) {
            out.push(format!("header {name}: {}", value.to_str().unwrap_or("?")));
        }
    }
    let content_type = request
        .headers()
        .get(http::header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .unwrap_or("");
    let body = String::from_utf8_lossy(request.body());
    if content_type.starts_with("application/x-www-form-urlencoded") {
        for (name, value) in pairs(&body) {
            if !own(Location::Body, top(&name)) {
                out.push(format!("body {name}={value}"));
            }
        }
    } else if content_type.starts_with("multipart/") {
        for part in body
            .split("Content-Disposition: form-data; name=\"")
            .skip(1)
        {
            let name = part.split('"').next().unwrap_or("");
            if !own(Location::Body, name) {
                out.push(format!("part {name}"));
            }
        }
    } else if let Ok(Value::Object(map)) = serde_json::from_slice::<Value>(request.body()) {
        for (k, v) in map {
            if !own(Location::Body, &k) {
                out.push(format!("json {k}: {v}"));
            }
        }
    }
    out
}

/// A name as a bracket parser reads it: before its first `[`.
fn top(name: &str) -> &str {
    name.split('[').next().unwrap_or(name)
}

/// `a=b&c=d` percent-decoded (`+` is a space, as forms write it).
fn pairs(text: &str) -> Vec<(String, String)> {
    text.split('&')
        .filter(|p| !p.is_empty())
        .map(|p| {
            let (k, v) = p.split_once('=').unwrap_or((p, ""));
            (decode(k), decode(v))
        })
        .collect()
}

fn decode(s: &str) -> String {
    let bytes = s.as_bytes();
    let hex = |b: Option<&u8>| b.and_then(|b| char::from(*b).to_digit(16));
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while let Some(&b) = bytes.get(i) {
        i += 1;
        match b {
            b'%' => match (hex(bytes.get(i)), hex(bytes.get(i + 1))) {
                // Two hex digits make a byte below 256.
                (Some(h), Some(l)) => {
                    out.push(u8::try_from(h * 16 + l).unwrap_or(b'?'));
                    i += 2;
                }
                _ => out.push(b'%'),
            },
            b'+' => out.push(b' '),
            b => out.push(b),
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// The smallest arguments a tool's input schema accepts: its required properties, each the
/// smallest value of its schema.
pub(crate) fn smallest(schema: &Value) -> Value {
    if let Some(c) = schema.get("const") {
        return c.clone();
    }
    if let Some(first) = schema["enum"].as_array().and_then(|e| e.first()) {
        return first.clone();
    }
    for key in ["anyOf", "oneOf"] {
        if let Some(arm) = schema[key]
            .as_array()
            .filter(|a| !required_only(a))
            .and_then(|a| a.iter().find(|s| s["type"] != "null").or_else(|| a.first()))
        {
            return smallest(arm);
        }
    }
    let ty = match &schema["type"] {
        Value::Array(ts) => ts
            .iter()
            .find(|t| *t != "null")
            .and_then(Value::as_str)
            .unwrap_or("null"),
        Value::String(t) => t.as_str(),
        _ => "object",
    };
    match ty {
        "string" => Value::String(smallest_string(schema)),
        "integer" | "number" => {
            let low = schema["minimum"]
                .as_f64()
                .or_else(|| schema["exclusiveMinimum"].as_f64().map(|m| m + 1.0))
                .unwrap_or(1.0);
            let high = schema["maximum"].as_f64().unwrap_or(low);
            json!(low.min(high).ceil() as i64)
        }
        "boolean" => Value::Bool(false),
        "null" => Value::Null,
        "array" => {
            let n = schema["minItems"].as_u64().unwrap_or(1).max(1);
            Value::Array((0..n).map(|_| smallest(&schema["items"])).collect())
        }
        _ => {
            let mut out = Map::new();
            let required = schema["required"].as_array().cloned().unwrap_or_default();
            let names = required.iter().filter_map(Value::as_str);
            // Required alternatives: the first arm of each holds.
            for name in names.chain(first_alternatives(schema)) {
                out.insert(name.to_string(), smallest(&schema["properties"][name]));
            }
            Value::Object(out)
        }
    }
}

fn smallest_string(schema: &Value) -> String {
    let text = match schema["format"].as_str() {
        Some("date-time") => "2024-01-02T03:04:05Z",
        Some("date") => "2024-01-02",
        Some("time") => "03:04:05Z",
        Some("uuid") => "00000000-0000-4000-8000-000000000000",
        Some("email") => "a@example.com",
        Some("uri" | "url") => "https://example.com/",
        Some("ipv4") => "192.0.2.1",
        Some("ipv6") => "2001:db8::1",
        _ => "x",
    };
    let min = usize::try_from(schema["minLength"].as_u64().unwrap_or(0)).unwrap_or(0);
    let mut s = text.to_string();
    while s.chars().count() < min {
        s.push('x');
    }
    s
}

#[cfg(test)]
mod tests {
    use super::{carried, object_arm, smallest};
    use catalog_core::model::Location;
    use serde_json::json;

    fn request(uri: &str, content_type: &str, body: &str) -> http::Request<Vec<u8>> {
        http::Request::builder()
            .uri(uri)
            .header("content-type", content_type)
            .body(body.as_bytes().to_vec())
            .unwrap()
    }

    const FORM: &str = "application/x-www-form-urlencoded";

    #[test]
    fn what_an_argument_carries_under_its_own_name_is_left_out_and_the_rest_is_kept() {
        let with = request(
            "/c?expand=a",
            FORM,
            "confirm=false&metadata[balance]=1&metadata[confirm]=true",
        );
        assert_eq!(
            carried(&with, Location::Body, "metadata"),
            ["query expand=a", "body confirm=false"]
        );
    }

    #[test]
    fn a_spread_key_is_told_from_the_request_without_it() {
        let without = request("/c", FORM, "confirm=false");
        for smuggled in [
            "confirm=false&balance=1",
            "confirm=false&confirm=true",
            "confirm=false&balance%5Bx%5D=1",
        ] {
            let with = request("/c", FORM, smuggled);
            assert_ne!(
                carried(&with, Location::Body, "metadata"),
                carried(&without, Location::Body, "metadata"),
                "{smuggled}"
            );
        }
        let json_with = request(
            "/c",
            "application/json",
            r#"{"metadata":{},"confirm":true}"#,
        );
        let json_without = request("/c", "application/json", r#"{"confirm":false}"#);
        assert_eq!(
            carried(&json_with, Location::Body, "metadata"),
            ["json confirm: true"]
        );
        assert_ne!(
            carried(&json_with, Location::Body, "metadata"),
            carried(&json_without, Location::Body, "metadata")
        );
    }

    #[test]
    fn the_smallest_arguments_fill_required_properties_within_bounds() {
        let schema = json!({"type": "object", "required": ["id", "n", "when", "tags", "kind"],
            "properties": {
                "id": {"type": "string", "minLength": 3},
                "n": {"type": "integer", "minimum": 5, "maximum": 9},
                "when": {"type": ["string", "null"], "format": "date-time"},
                "tags": {"type": "array", "items": {"type": "boolean"}},
                "kind": {"enum": ["b", "a"]},
                "optional": {"type": "string"}}});
        assert_eq!(
            smallest(&schema),
            json!({"id": "xxx", "n": 5, "when": "2024-01-02T03:04:05Z", "tags": [false],
                   "kind": "b"})
        );
    }

    #[test]
    fn the_smallest_arguments_hold_the_first_required_alternative() {
        // DigitalOcean's firewall: `name`, and `inbound_rules` or `outbound_rules`; the
        // alternatives are no union of shapes to pick an arm of.
        let schema = json!({"type": "object", "required": ["name"],
            "properties": {
                "name": {"type": "string"},
                "inbound_rules": {"type": "array", "items": {"type": "string"}},
                "outbound_rules": {"type": "array", "items": {"type": "string"}}},
            "additionalProperties": false,
            "anyOf": [{"required": ["inbound_rules"]}, {"required": ["outbound_rules"]}]});
        assert_eq!(
            smallest(&schema),
            json!({"name": "x", "inbound_rules": ["x"]})
        );
        assert_eq!(object_arm(&schema), schema);
    }
}
