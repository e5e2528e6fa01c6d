//! The operation a `#[tool]` carries, in the compact JSON the macro embeds and the tool reads
//! back at run time.
//!
//! A tool's [`Operation`] holds each parameter twice, in `params` and in its accounting row,
//! and a glob gives its disposition (reason and pattern) to every row it omits: NetBox's device
//! list is 342 parameters, 198 KB of JSON written out. The macro writes, escapes and hands
//! that literal to the compiler unoptimized for every tool, so the embedded form refers instead:
//! a row whose parameter is `params[i]` says `at: i`, a row whose disposition is the
//! previous row's says nothing, and the start the parameters' pointers share is written once. [`decode`] gives back exactly the operation [`encode`] was
//! given, less its response schemas (the output's is `Tool::OUTPUT`; the recorder reads the
//! others from the index).

use super::codec::write_operation;
use crate::model::skip_if::is_false;
use crate::model::{Absent, Accounted, Below, Disposition, Operation, Overridden, Param};
use serde::{Deserialize, Serialize};
use std::io::Write as _;

// The embedded form is `{"op": <the operation without its accounting>, "rows": [<Row>...],
// "base": <the start of every parameter pointer, taken off each>}`.

/// One accounting row: its parameter given or referred to by index, its disposition given or
/// the previous row's.
#[derive(Serialize)]
struct Row<'a> {
    #[serde(skip_serializing_if = "Option::is_none")]
    at: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    param: Option<&'a Param>,
    #[serde(skip_serializing_if = "Option::is_none")]
    disposition: Option<&'a Disposition>,
    #[serde(skip_serializing_if = "Option::is_none")]
    null: Option<&'a String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    overridden: Option<&'a Overridden>,
    #[serde(skip_serializing_if = "Option::is_none")]
    absent: Option<Absent>,
    #[serde(skip_serializing_if = "is_false")]
    appends: bool,
    #[serde(skip_serializing_if = "<[Below]>::is_empty")]
    below: &'a [Below],
}

#[derive(Deserialize)]
struct CompactOwned {
    op: Operation,
    rows: Vec<RowOwned>,
    /// The start every parameter pointer had, taken off each.
    #[serde(default)]
    base: String,
}

#[derive(Deserialize)]
struct RowOwned {
    #[serde(default)]
    at: Option<usize>,
    #[serde(default)]
    param: Option<Param>,
    #[serde(default)]
    disposition: Option<Disposition>,
    #[serde(default)]
    null: Option<String>,
    #[serde(default)]
    overridden: Option<Overridden>,
    #[serde(default)]
    absent: Option<Absent>,
    #[serde(default)]
    appends: bool,
    #[serde(default)]
    below: Vec<Below>,
}

/// `op` as the tool embeds it: compact, without its response schemas. Takes the operation, so
/// that its rows and schemas are moved out rather than copied (the macro's last use of it).
pub fn encode(mut op: Operation) -> String {
    let accounting = std::mem::take(&mut op.accounting);
    for content in op.responses.iter_mut().flat_map(|r| r.content.iter_mut()) {
        content.schema = None;
    }
    let mut previous: Option<&Disposition> = None;
    let rows: Vec<Row> = accounting
        .iter()
        .enumerate()
        .map(|(i, row)| {
            // Rows follow the parameters' order, so the row's own index is the first place to
            // look; a row the spec does not document (synthesized) is written out.
            let at = [i]
                .into_iter()
                .chain(0..op.params.len())
                .find(|&p| op.params.get(p) == Some(&row.param));
            let same = previous == Some(&row.disposition);
            previous = Some(&row.disposition);
            Row {
                at,
                param: at.is_none().then_some(&row.param),
                disposition: (!same).then_some(&row.disposition),
                null: row.null.as_ref(),
                overridden: row.overridden.as_ref(),
                absent: row.absent,
                appends: row.appends,
                below: &row.below,
            }
        })
        .collect();
    let base = strip_common_pointer(&mut op.params);
    // The operation through the index's codec (`crate::index::codec`); the rows are small and
    // go through serde.
    let mut out = Vec::with_capacity(4096);
    out.extend_from_slice(b"{\"op\":");
    let written = write_operation(&mut out, &op).and_then(|()| {
        out.extend_from_slice(b",\"rows\":[");
        for (i, row) in rows.iter().enumerate() {
            if i > 0 {
                out.push(b',');
            }
            write_row(&mut out, row)?;
        }
        out.push(b']');
        if !base.is_empty() {
            out.extend_from_slice(b",\"base\":");
            serde_json::to_writer(&mut out, &base).map_err(std::io::Error::other)?;
        }
        Ok(())
    });
    out.push(b'}');
    match (written, String::from_utf8(out)) {
        (Ok(()), Ok(json)) => json,
        _ => String::new(),
    }
}

/// Takes the start the parameters' pointers share off each and gives it back (empty when they
/// share none): an operation's parameters are `<operation>/parameters/<i>` in the spec, and the
/// pointers were a third of the embedded form.
fn strip_common_pointer(params: &mut [Param]) -> String {
    let Some((first, rest)) = params.split_first() else {
        return String::new();
    };
    let mut len = first.pointer.len();
    for p in rest {
        // Most share the whole start found so far: one comparison of the standard library's.
        if !p
            .pointer
            .as_bytes()
            .starts_with(&first.pointer.as_bytes()[..len])
        {
            len = common_prefix_len(&first.pointer[..len], &p.pointer);
        }
    }
    let base = first.pointer[..len].to_string();
    for p in params.iter_mut() {
        p.pointer.drain(..len);
    }
    base
}

/// The length of the longest common prefix of `a` and `b`, at a character boundary of both.
fn common_prefix_len(a: &str, b: &str) -> usize {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    let mut len = 0;
    while len < a.len() && len < b.len() && a[len] == b[len] {
        len += 1;
    }
    // Equal bytes up to `len` in both: a boundary in one is a boundary in the other.
    while len > 0 && len < a.len() && (a[len] & 0xC0) == 0x80 {
        len -= 1;
    }
    len
}

/// A row; most rows of a glob are only `{"at":i}`, written directly. Measured (callgrind,
/// unoptimized as the macro runs, `encode` of NetBox's device list with its 342 parameters
/// accounted for as five fields and a glob): 6.66 M instructions, against 7.81 M with every row
/// through `serde_json::to_writer`.
fn write_row(out: &mut Vec<u8>, row: &Row) -> std::io::Result<()> {
    match row {
        Row {
            at: Some(at),
            param: None,
            disposition: None,
            null: None,
            overridden: None,
            absent: None,
            appends: false,
            below: [],
        } => {
            out.extend_from_slice(b"{\"at\":");
            write!(out, "{at}")?;
            out.push(b'}');
            Ok(())
        }
        _ => serde_json::to_writer(out, row).map_err(std::io::Error::other),
    }
}

/// Why an embedded operation could not be read back.
#[derive(Debug)]
pub struct DecodeError(String);

impl std::fmt::Display for DecodeError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

/// The operation [`encode`] wrote.
pub fn decode(json: &str) -> Result<Operation, DecodeError> {
    let CompactOwned { mut op, rows, base } =
        serde_json::from_str(json).map_err(|e| DecodeError(e.to_string()))?;
    if !base.is_empty() {
        for p in &mut op.params {
            p.pointer.insert_str(0, &base);
        }
    }
    let mut accounting: Vec<Accounted> = Vec::with_capacity(rows.len());
    for (i, row) in rows.into_iter().enumerate() {
        let param = match (row.param, row.at) {
            (Some(param), _) => param,
            (None, Some(at)) => op
                .params
                .get(at)
                .cloned()
                .ok_or_else(|| DecodeError(format!("row {i} refers to parameter {at}")))?,
            (None, None) => return Err(DecodeError(format!("row {i} has no parameter"))),
        };
        let disposition = match (row.disposition, accounting.last()) {
            (Some(d), _) => d,
            (None, Some(previous)) => previous.disposition.clone(),
            (None, None) => return Err(DecodeError("the first row has no disposition".into())),
        };
        accounting.push(Accounted {
            param,
            disposition,
            null: row.null,
            overridden: row.overridden,
            absent: row.absent,
            appends: row.appends,
            below: row.below,
        });
    }
    op.accounting = accounting;
    Ok(op)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    const GLOB_REASON: &str =
        "the filters above are the ones an agent needs; the others narrow the list";

    /// A list operation accounted as a curated tool: a Set field, three filters omitted by one
    /// glob, a Fixed one, an Undocumented argument (its parameter synthesized), a `null` form,
    /// and a response with a schema.
    fn tool_operation() -> Operation {
        let param = |name: &str| {
            json!({"location": "query", "name": name, "schema": {"type": "string"},
                   "pointer": format!("#/paths/~1items/get/parameters/{name}")})
        };
        let omitted =
            json!({"disposition": "omitted", "reason": GLOB_REASON, "pattern": "query.*"});
        let names = ["q", "a", "b", "c", "limit"];
        let params: Vec<_> = names.iter().map(|n| param(n)).collect();
        let mut rows: Vec<_> = params.iter().map(|p| json!({"param": p.clone()})).collect();
        for (row, extra) in rows.iter_mut().zip([
            json!({"disposition": "set", "argument": "q", "field": "q", "null": "none"}),
            omitted.clone(),
            omitted.clone(),
            omitted,
            json!({"disposition": "fixed", "value": 50, "reason": "one page of fifty is what an agent reads"}),
        ]) {
            for (k, v) in extra.as_object().unwrap() {
                row[k] = v.clone();
            }
        }
        rows.push(json!({
            "param": param("trace"),
            "disposition": "undocumented", "argument": "trace", "field": "trace",
            "read_at": "server/filters.py: list()", "reason": "the server reads it to trace a request"
        }));
        serde_json::from_value(json!({
            "id": "items_list", "method": "GET", "path": "/items", "pointer": "#/paths/~1items/get",
            "params": params,
            "responses": [{"status": "200", "pointer": "#/paths/~1items/get/responses/200",
                "content": [{"media_type": "application/json", "schema": {"type": "array", "items": {"type": "string"}}}]}],
            "accounting": rows,
        }))
        .unwrap()
    }

    fn without_response_schemas(mut op: Operation) -> Operation {
        for content in op.responses.iter_mut().flat_map(|r| r.content.iter_mut()) {
            content.schema = None;
        }
        op
    }

    #[test]
    fn decode_gives_back_the_operation_less_its_response_schemas() {
        let op = tool_operation();
        assert!(op.responses[0].content[0].schema.is_some());
        assert_eq!(op.accounting.len(), 6);
        let back = decode(&encode(op.clone())).unwrap();
        assert_eq!(back, without_response_schemas(op));
    }

    #[test]
    fn a_glob_reason_and_a_declared_parameter_are_written_once() {
        let op = tool_operation();
        let json = encode(op.clone());
        assert_eq!(json.matches(GLOB_REASON).count(), 1, "{json}");
        // Each declared parameter in `params` only, its pointer less the start they share,
        // which is written once; the synthesized one whole in its row.
        assert_eq!(json.matches("\"pointer\":\"a\"").count(), 1, "{json}");
        assert!(
            json.ends_with(",\"base\":\"#/paths/~1items/get/parameters/\"}"),
            "{json}"
        );
        assert_eq!(json.matches("parameters/trace\"").count(), 1, "{json}");
        assert!(
            json.len() < serde_json::to_string(&op).unwrap().len(),
            "{json}"
        );
    }

    #[test]
    fn row_indices_of_every_width_read_back() {
        // A parameter list as long as NetBox's widest, every row referring to its own.
        let mut op = tool_operation();
        let template = op.accounting[1].clone();
        op.accounting.truncate(1);
        for i in 1..1200 {
            let mut p = op.params[1].clone();
            p.name = format!("q{i}");
            op.params.push(p.clone());
            op.accounting.push(Accounted {
                param: p,
                ..template.clone()
            });
        }
        // `q1199` is the parameter after `q`, `a`, `b`, `c`, `limit` and 1,198 others.
        let json = encode(op.clone());
        assert!(json.contains("{\"at\":1203}]"), "{json}");
        assert_eq!(decode(&json).unwrap(), without_response_schemas(op));
    }

    #[test]
    fn pointers_share_a_start_only_whole_characters_long() {
        assert_eq!(common_prefix_len("#/a/b", "#/a/c"), 4);
        assert_eq!(common_prefix_len("#/a", "#/a/c"), 3);
        assert_eq!(common_prefix_len("", "#/a"), 0);
        // `é` and `è` share their first byte, not their first character.
        assert_eq!(common_prefix_len("#/é", "#/è"), 2);
        let mut op = tool_operation();
        op.params[1].pointer = "#/components/parameters/a".into();
        op.params[2].pointer = "#/paths/~1é".into();
        op.params[3].pointer = "#/paths/~1è".into();
        let json = encode(op.clone());
        assert!(json.ends_with(",\"base\":\"#/\"}"), "{json}");
        assert_eq!(decode(&json).unwrap(), without_response_schemas(op));
    }

    #[test]
    fn a_damaged_embedding_is_an_error_that_says_what() {
        let e =
            decode(r#"{"op": {"method": "GET", "path": "/", "pointer": ""}, "rows": [{"at": 3}]}"#)
                .unwrap_err();
        assert_eq!(e.to_string(), "row 0 refers to parameter 3");
        let e = decode(r#"{"op": {"method": "GET", "path": "/", "pointer": "", "params": [{"location": "query", "name": "a", "schema": {"type": "string"}, "pointer": ""}]}, "rows": [{"at": 0}]}"#)
            .unwrap_err();
        assert_eq!(e.to_string(), "the first row has no disposition");
    }
}
