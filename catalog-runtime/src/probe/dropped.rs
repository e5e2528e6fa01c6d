//! Probing a catalog for values accepted and then dropped, at every depth: for every tool, every
//! string property its input schema offers (without an enum, format or pattern a marker could
//! not meet) (a top-level argument, a property of a nested
//! object, of an array's items, at any depth) is given a unique marker inside otherwise
//! smallest arguments, and the request is built through the tool's own decoding and encoding,
//! as a call would. The marker must reach the request: a value the decoder accepted and the
//! request does not carry is a silent loss. Every closed object is also given a key it does not
//! declare, and every read-only property the operation declares below the top level is given a
//! value: both must be refused before anything is built.

use crate::probe::smuggling::smallest;
use crate::tools::catalog::{CallError, Catalog, ToolInfo};
use catalog_core::check::arguments::ProblemKind;
use catalog_core::model::{Disposition, Schema, Type};
use serde_json::{Map, Value};
use std::fmt;

/// What [`probe`] found across a catalog.
#[derive(Debug, Default)]
pub struct Report {
    /// Markers that reached the request (`tool $.path`).
    pub carried: Vec<String>,
    /// Markers the decoder accepted that the request does not carry: silent losses.
    pub dropped: Vec<String>,
    /// Values the input schema offers that the tool refused, with why (the schema and the
    /// decoder disagree the other way).
    pub refused: Vec<String>,
    /// Undeclared keys of closed objects and read-only properties, refused as they must be.
    pub refused_as_expected: Vec<String>,
    /// Undeclared keys of closed objects, or read-only properties, that were not refused.
    pub accepted_unexpectedly: Vec<String>,
    /// Tools whose request could not be built from the smallest arguments their schema
    /// accepts, so nothing of theirs was probed.
    pub not_probed: Vec<String>,
}

impl fmt::Display for Report {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "{} carried, {} dropped, {} refused, {} refused as expected, {} accepted \
             unexpectedly, {} tools not probed",
            self.carried.len(),
            self.dropped.len(),
            self.refused.len(),
            self.refused_as_expected.len(),
            self.accepted_unexpectedly.len(),
            self.not_probed.len()
        )?;
        for (what, list) in [
            ("dropped", &self.dropped),
            ("refused", &self.refused),
            ("accepted unexpectedly", &self.accepted_unexpectedly),
            ("not probed", &self.not_probed),
        ] {
            for s in list {
                writeln!(f, "{what}: {s}")?;
            }
        }
        Ok(())
    }
}

/// Probes every tool of `catalog` that builds plain requests (composites are left out: their
/// requests are their bindings'); see the module docs.
pub fn probe(catalog: &Catalog) -> Report {
    let mut report = Report::default();
    for tool in catalog.tools() {
        probe_tool(catalog, tool, &mut report);
    }
    report
}

/// One step from a value to the one inside it.
#[derive(Clone, Debug)]
enum Step {
    Key(String),
    Item,
    /// A value of a map (an object whose other keys are data), under a key of the probe's.
    Value,
}

/// The key a probe gives a map's value.
const MAP_KEY: &str = "cataprobekey";

/// `$.a.b[0].c`, as the decoder writes paths.
fn render(path: &[Step]) -> String {
    let mut out = String::from("$");
    for step in path {
        match step {
            Step::Key(k) => {
                out.push('.');
                out.push_str(k);
            }
            Step::Item => out.push_str("[0]"),
            Step::Value => {
                out.push('.');
                out.push_str(MAP_KEY);
            }
        }
    }
    out
}

fn probe_tool(catalog: &Catalog, tool: ToolInfo, report: &mut Report) {
    let schema = tool.input_schema;
    let base = smallest(schema);
    if let Err(e) = catalog.request(tool.name, base.clone()) {
        report.not_probed.push(format!("{}: {e}", tool.name));
        return;
    }
    let mut leaves = Vec::new();
    let mut closed = Vec::new();
    walk(schema, &mut Vec::new(), &mut leaves, &mut closed, 0);
    for (i, path) in leaves.iter().enumerate() {
        let marker = format!("cataprobe{i}q");
        let args = with_value(schema, &base, path, Value::String(marker.clone()));
        let what = format!("{} {}", tool.name, render(path));
        match catalog.request(tool.name, args) {
            Ok(request) if carries(&request, &marker) => report.carried.push(what),
            Ok(_) => report.dropped.push(what),
            Err(e) => report.refused.push(format!("{what}: {e}")),
        }
    }
    for path in &closed {
        let mut key_path = path.clone();
        key_path.push(Step::Key("cataprobe_undeclared".into()));
        let args = with_value(schema, &base, &key_path, Value::String("cataprobe".into()));
        let what = format!("{} {}", tool.name, render(&key_path));
        expect_refused(
            catalog,
            tool.name,
            args,
            ProblemKind::UnknownField,
            what,
            report,
        );
    }
    for path in read_only_paths(tool.operation) {
        let args = with_value(schema, &base, &path, Value::String("cataprobe".into()));
        let what = format!("{} {}", tool.name, render(&path));
        expect_refused(
            catalog,
            tool.name,
            args,
            ProblemKind::ReadOnly,
            what,
            report,
        );
    }
}

/// Records whether building `args` was refused for the `kind` of problem expected.
fn expect_refused(
    catalog: &Catalog,
    name: &str,
    args: Value,
    kind: ProblemKind,
    what: String,
    report: &mut Report,
) {
    match catalog.request(name, args) {
        Err(CallError::Arguments(e)) if e.problems().iter().any(|p| p.kind() == kind) => {
            report.refused_as_expected.push(what);
        }
        Err(e) => report
            .accepted_unexpectedly
            .push(format!("{what}: refused, but not as {kind:?}: {e}")),
        Ok(_) => report.accepted_unexpectedly.push(what),
    }
}

/// How deep the walk goes: past it, a recursive schema is not followed.
const MAX_DEPTH: usize = 8;

/// Every plain string property the schema offers (no enum, format, pattern or length that a
/// marker could break), and every closed object, by path.
fn walk(
    schema: &Value,
    path: &mut Vec<Step>,
    leaves: &mut Vec<Vec<Step>>,
    closed: &mut Vec<Vec<Step>>,
    depth: usize,
) {
    if depth > MAX_DEPTH {
        return;
    }
    let schema = object_view(schema);
    let ty = schema["type"].as_str();
    if ty == Some("string") {
        // A marker is 10 to 14 characters of ASCII letters and digits.
        let plain = ["enum", "const", "format", "pattern"]
            .iter()
            .all(|k| schema.get(*k).is_none())
            && schema["minLength"].as_u64().is_none_or(|n| n <= 10)
            && schema["maxLength"].as_u64().is_none_or(|n| n >= 14);
        if plain && !path.is_empty() {
            leaves.push(path.clone());
        }
        return;
    }
    if ty == Some("array") {
        path.push(Step::Item);
        walk(&schema["items"], path, leaves, closed, depth + 1);
        path.pop();
        return;
    }
    if let Some(properties) = schema["properties"].as_object() {
        if !path.is_empty() && schema.get("additionalProperties") == Some(&Value::Bool(false)) {
            closed.push(path.clone());
        }
        for (name, property) in properties {
            path.push(Step::Key(name.clone()));
            walk(property, path, leaves, closed, depth + 1);
            path.pop();
        }
    } else if let Some(values) = schema.get("additionalProperties").filter(|v| v.is_object()) {
        path.push(Step::Value);
        walk(values, path, leaves, closed, depth + 1);
        path.pop();
    }
}

/// The object arm of a union (`anyOf [object, ""]`, a nullable object), else the schema.
fn object_view(schema: &Value) -> &Value {
    crate::probe::smuggling::shape_arms(schema)
        .find(|arm| arm["type"] == "object" || arm.get("properties").is_some())
        .unwrap_or(schema)
}

/// The schema one step below `schema`.
fn below<'s>(schema: &'s Value, step: &Step) -> &'s Value {
    let schema = object_view(schema);
    match step {
        Step::Key(k) => &schema["properties"][k],
        Step::Item => &schema["items"],
        Step::Value => &schema["additionalProperties"],
    }
}

/// `base` with `value` at `path`, each object or array on the way the smallest its schema
/// accepts (kept from `base` where it is there).
fn with_value(schema: &Value, base: &Value, path: &[Step], value: Value) -> Value {
    let Some((step, rest)) = path.split_first() else {
        return value;
    };
    let inner = below(schema, step);
    let object = |key: &str| {
        // The object arm's smallest value where `base` is another arm's (`""`).
        let mut map = match base {
            Value::Object(m) => m.clone(),
            _ => match smallest(object_view(schema)) {
                Value::Object(m) => m,
                _ => Map::new(),
            },
        };
        let current = map.get(key).cloned().unwrap_or_else(|| smallest(inner));
        map.insert(
            key.to_string(),
            with_value(inner, &current, rest, value.clone()),
        );
        Value::Object(map)
    };
    match step {
        Step::Key(k) => object(k),
        Step::Value => object(MAP_KEY),
        Step::Item => {
            let current = base
                .as_array()
                .and_then(|a| a.first())
                .cloned()
                .unwrap_or_else(|| smallest(inner));
            Value::Array(vec![with_value(inner, &current, rest, value)])
        }
    }
}

/// The paths of the read-only properties below each argument of the operation, through
/// objects and arrays (a top-level read-only body property is no argument at all).
fn read_only_paths(op: &catalog_core::model::Operation) -> Vec<Vec<Step>> {
    let mut out = Vec::new();
    for row in &op.accounting {
        let argument = match &row.disposition {
            Disposition::Set { argument, .. }
            | Disposition::Undocumented {
                argument: Some(argument),
                ..
            } => argument,
            _ => continue,
        };
        let mut path = vec![Step::Key(argument.clone())];
        read_only_below(&row.param.schema, &mut path, &mut out, 0);
    }
    out
}

fn read_only_below(schema: &Schema, path: &mut Vec<Step>, out: &mut Vec<Vec<Step>>, depth: usize) {
    if depth > MAX_DEPTH {
        return;
    }
    match &schema.ty {
        Type::Array { items, .. } => {
            path.push(Step::Item);
            read_only_below(items, path, out, depth + 1);
            path.pop();
        }
        Type::Object { fields, values, .. } => {
            for f in fields {
                path.push(Step::Key(f.name.clone()));
                if f.read_only {
                    out.push(path.clone());
                } else {
                    read_only_below(&f.schema, path, out, depth + 1);
                }
                path.pop();
            }
            if let (Some(values), true) = (values, fields.is_empty()) {
                path.push(Step::Value);
                read_only_below(values, path, out, depth + 1);
                path.pop();
            }
        }
        // The object arm, as the input schema's walk takes it.
        Type::AnyOf { arms } => {
            if let Some(arm) = arms.iter().find(|a| matches!(a.ty, Type::Object { .. })) {
                read_only_below(arm, path, out, depth + 1);
            }
        }
        _ => {}
    }
}

/// Whether the request carries `marker` anywhere: its target, a header or its body.
fn carries(request: &http::Request<Vec<u8>>, marker: &str) -> bool {
    let in_headers = request
        .headers()
        .values()
        .any(|v| v.to_str().is_ok_and(|v| v.contains(marker)));
    let body = String::from_utf8_lossy(request.body());
    request.uri().to_string().contains(marker) || in_headers || body.contains(marker)
}
