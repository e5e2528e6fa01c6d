//! Null on the wire: every location and style, with the default form and a declared one, pinned
//! to the exact bytes.

use super::*;
use serde_json::{Value, json};

/// A Set row for a nullable array of nullable integers (NetBox's `tenant_id`), or a nullable
/// scalar, at `location` with the given style.
fn row(location: &str, name: &str, style: &str, explode: bool, null: Option<&str>) -> Value {
    let mut r = json!({
        "param": {"location": location, "name": name, "style": style, "explode": explode,
                  "schema": {"type": "array", "nullable": true,
                             "items": {"type": "integer", "nullable": true}},
                  "pointer": "#/p"},
        "disposition": "set", "argument": name, "field": name,
    });
    if let Some(n) = null {
        r["null"] = json!(n);
    }
    r
}

fn op(path: &str, rows: Vec<Value>, spec_null: Option<&str>, body: Option<&str>) -> Operation {
    let mut o = json!({"method": "POST", "path": path, "pointer": "#/op", "accounting": rows});
    if let Some(n) = spec_null {
        o["spec"] =
            json!({"stem": "s", "title": "", "version": "", "openapi": "", "hash": "", "null": n});
    }
    if let Some(kind) = body {
        let media = if kind == "json" {
            "application/json"
        } else {
            "application/x-www-form-urlencoded"
        };
        o["body"] = json!({"media_type": media, "kind": kind, "pointer": "#/b"});
    }
    serde_json::from_value(o).unwrap()
}

/// The request for one argument `a`, as `METHOD uri`, then headers, then the body.
fn wire(o: &Operation, a: Value) -> String {
    match build_request(o, &[("a", ArgValue::from(a))]) {
        Ok(r) => {
            let mut out = r.uri().to_string();
            for (k, v) in r.headers() {
                out.push_str(&format!(" | {k}: {}", v.to_str().unwrap_or("?")));
            }
            if !r.body().is_empty() {
                out.push_str(&format!(" | {}", String::from_utf8_lossy(r.body())));
            }
            out
        }
        Err(e) => format!("error: {e}"),
    }
}

/// One operation per location and style, each with the argument `a`.
fn cases(null: Option<&str>, spec_null: Option<&str>) -> Vec<(&'static str, Operation)> {
    let q = |style, explode| {
        op(
            "/x",
            vec![row("query", "a", style, explode, null)],
            spec_null,
            None,
        )
    };
    let p = |style, explode| {
        op(
            "/x/{a}",
            vec![row("path", "a", style, explode, null)],
            spec_null,
            None,
        )
    };
    vec![
        ("query form exploded", q("form", true)),
        ("query form", q("form", false)),
        ("query pipeDelimited", q("pipeDelimited", false)),
        ("query spaceDelimited", q("spaceDelimited", false)),
        ("path simple", p("simple", false)),
        ("path label", p("label", false)),
        ("path matrix exploded", p("matrix", true)),
        (
            "header",
            op(
                "/x",
                vec![row("header", "a", "simple", false, null)],
                spec_null,
                None,
            ),
        ),
        (
            "cookie",
            op(
                "/x",
                vec![row("cookie", "a", "form", false, null)],
                spec_null,
                None,
            ),
        ),
        (
            "form body",
            op(
                "/x",
                vec![row("body", "a", "form", true, null)],
                spec_null,
                Some("form"),
            ),
        ),
        (
            "json body",
            op(
                "/x",
                vec![row("body", "a", "simple", false, null)],
                spec_null,
                Some("json"),
            ),
        ),
    ]
}

/// Each case's request for a null value and for `[null, 3]`.
fn table(null: Option<&str>, spec_null: Option<&str>) -> Vec<String> {
    cases(null, spec_null)
        .iter()
        .map(|(name, o)| {
            format!(
                "{name}: {} || {}",
                wire(o, Value::Null),
                wire(o, json!([null, 3]))
            )
        })
        .collect()
}

#[test]
fn default_null_is_empty_and_refused_in_a_path() {
    let no_path_null = "error: cannot build the request: path.a: a path value cannot be null: a path has no null form unless one is declared (`#[arg(null = \"...\")]`, or for the spec when it is indexed)";
    let empty_segment = "error: cannot build the request: path.a: a path value cannot be empty: it would change which resource the path names";
    assert_eq!(
        table(None, None),
        [
            "query form exploded: /x?a= || /x?a=&a=3".to_string(),
            "query form: /x?a= || /x?a=,3".into(),
            "query pipeDelimited: /x?a= || /x?a=|3".into(),
            "query spaceDelimited: /x?a= || /x?a=%203".into(),
            format!("path simple: {no_path_null} || {empty_segment}"),
            format!("path label: {no_path_null} || {empty_segment}"),
            format!("path matrix exploded: {no_path_null} || {empty_segment}"),
            "header: /x | a:  || /x | a: ,3".into(),
            "cookie: /x | cookie: a= || /x | cookie: a=,3".into(),
            "form body: /x | content-type: application/x-www-form-urlencoded | a= || /x | content-type: application/x-www-form-urlencoded | a=&a=3".into(),
            "json body: /x | content-type: application/json | {\"a\":null} || /x | content-type: application/json | {\"a\":[null,3]}".into(),
        ]
    );
}

#[test]
fn declared_null_is_sent_in_every_location_and_style() {
    let want = [
        "query form exploded: /x?a=null || /x?a=null&a=3",
        "query form: /x?a=null || /x?a=null,3",
        "query pipeDelimited: /x?a=null || /x?a=null|3",
        "query spaceDelimited: /x?a=null || /x?a=null%203",
        "path simple: /x/null || /x/null,3",
        "path label: /x/.null || /x/.null,3",
        "path matrix exploded: /x/;a=null || /x/;a=null;a=3",
        "header: /x | a: null || /x | a: null,3",
        "cookie: /x | cookie: a=null || /x | cookie: a=null,3",
        "form body: /x | content-type: application/x-www-form-urlencoded | a=null || /x | content-type: application/x-www-form-urlencoded | a=null&a=3",
        "json body: /x | content-type: application/json | {\"a\":null} || /x | content-type: application/json | {\"a\":[null,3]}",
    ];
    // Declared for the spec, or for the parameter: the same bytes.
    assert_eq!(table(None, Some("null")), want);
    assert_eq!(table(Some("null"), None), want);
}

#[test]
fn a_parameters_null_form_overrides_the_specs() {
    let o = op(
        "/x",
        vec![
            row("query", "a", "form", true, Some("~")),
            row("query", "b", "form", true, None),
        ],
        Some("null"),
        None,
    );
    let r = build_request(&o, &[("a", ArgValue::Null), ("b", ArgValue::Null)]).unwrap();
    assert_eq!(r.uri().to_string(), "/x?a=~&b=null");
}

#[test]
fn a_declared_null_form_is_percent_encoded_like_any_value() {
    let o = op(
        "/x/{a}",
        vec![row("path", "a", "simple", false, Some("a/b"))],
        None,
        None,
    );
    assert_eq!(wire(&o, Value::Null), "/x/a%2Fb");
    let o = op(
        "/x/{a}",
        vec![row("path", "a", "simple", false, Some(".."))],
        None,
        None,
    );
    assert_eq!(
        wire(&o, Value::Null),
        "error: cannot build the request: path.a: a path value cannot be `..`: it would change which resource the path names"
    );
    let o = op(
        "/x",
        vec![row("header", "a", "simple", false, Some("a\nb"))],
        None,
        None,
    );
    assert_eq!(
        wire(&o, Value::Null),
        "error: cannot build the request: header.a: a header value cannot contain control characters (found U+000A)"
    );
}
