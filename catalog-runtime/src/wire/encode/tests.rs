use super::*;
use serde_json::{Value, json};

pub(super) fn param(location: &str, name: &str, extra: Value) -> Value {
    let style = match location {
        "query" | "cookie" => "form",
        _ => "simple",
    };
    let mut p = json!({"location": location, "name": name, "schema": {"type": "any"},
        "style": style, "pointer": "#/p"});
    // A body field's style is implied (`form`, exploded) unless its `encoding` says otherwise.
    if location == "body"
        && let Some(m) = p.as_object_mut()
    {
        m.remove("style");
    }
    if let (Some(m), Some(e)) = (p.as_object_mut(), extra.as_object()) {
        for (k, v) in e {
            m.insert(k.clone(), v.clone());
        }
    }
    p
}

/// A Set row whose argument is the wire name.
pub(super) fn set(location: &str, name: &str, extra: Value) -> Value {
    json!({"param": param(location, name, extra), "disposition": "set", "argument": name, "field": name})
}

pub(super) fn op(method: &str, path: &str, rows: Vec<Value>, body: Option<Value>) -> Operation {
    let mut o = json!({"method": method, "path": path, "pointer": "#/op", "accounting": rows});
    if let Some(b) = body {
        o["body"] = b;
    }
    serde_json::from_value(o).unwrap()
}

pub(super) fn json_body() -> Option<Value> {
    Some(json!({"media_type": "application/json", "kind": "json", "pointer": "#/b"}))
}

fn v(x: Value) -> ArgValue {
    ArgValue::from(x)
}

fn uri(o: &Operation, args: &[(&str, ArgValue)]) -> String {
    build_request(o, args).unwrap().uri().to_string()
}

fn err(o: &Operation, args: &[(&str, ArgValue)]) -> String {
    build_request(o, args).unwrap_err().to_string()
}

fn path_op(style: &str, explode: bool) -> Operation {
    op(
        "GET",
        "/items/{id}/x",
        vec![set(
            "path",
            "id",
            json!({"required": true, "style": style, "explode": explode}),
        )],
        None,
    )
}

#[test]
fn method_uri_and_fixed_values() {
    let o = op(
        "POST",
        "/api/v4/channels/{channel_id}/posts",
        vec![
            set("path", "channel_id", json!({"required": true})),
            set("query", "page", json!({})),
            json!({"param": param("query", "set_online", json!({})), "disposition": "fixed",
                   "value": false, "reason": "r"}),
            json!({"param": param("query", "secret", json!({})), "disposition": "omitted", "reason": "r"}),
            json!({"param": param("query", "include_deleted", json!({})), "disposition": "undocumented",
                   "value": true, "read_at": "x.go", "reason": "r"}),
            json!({"param": param("query", "since", json!({})), "disposition": "undocumented",
                   "argument": "since", "read_at": "x.go", "reason": "r"}),
        ],
        None,
    );
    let r = build_request(
        &o,
        &[
            ("channel_id", v(json!("abc"))),
            ("page", v(json!(2))),
            ("since", v(json!(5))),
        ],
    )
    .unwrap();
    assert_eq!(r.method(), http::Method::POST);
    assert_eq!(
        r.uri().to_string(),
        "/api/v4/channels/abc/posts?page=2&set_online=false&include_deleted=true&since=5"
    );
    assert!(r.body().is_empty());
    assert!(r.headers().is_empty());
    // Absent arguments are not sent; Fixed still are.
    assert_eq!(
        uri(
            &o,
            &[("channel_id", v(json!("abc"))), ("page", ArgValue::Absent)]
        ),
        "/api/v4/channels/abc/posts?set_online=false&include_deleted=true"
    );
}

#[test]
fn path_values_are_one_encoded_segment() {
    let o = path_op("simple", false);
    let one = |x: Value| uri(&o, &[("id", v(x))]);
    assert_eq!(one(json!("a/b?c#d%e f")), "/items/a%2Fb%3Fc%23d%25e%20f/x");
    assert_eq!(one(json!("../etc")), "/items/..%2Fetc/x");
    assert_eq!(one(json!("%2e%2e")), "/items/%252e%252e/x");
    assert_eq!(one(json!("é😀")), "/items/%C3%A9%F0%9F%98%80/x");
    assert_eq!(one(json!("a\u{0}b\r\n")), "/items/a%00b%0D%0A/x");
    assert_eq!(one(json!("...")), "/items/.../x");
    assert_eq!(one(json!(42)), "/items/42/x");
    assert_eq!(one(json!(true)), "/items/true/x");
    assert_eq!(one(json!(["a", "b/c"])), "/items/a,b%2Fc/x");
    assert_eq!(one(json!({"k": "v", "j": 1})), "/items/k,v,j,1/x");
    let long = "x".repeat(10_000);
    assert_eq!(one(json!(long)), format!("/items/{long}/x"));
    // The `http` crate caps a URI at 64 KiB: a clear error, not a panic.
    assert_eq!(
        err(&o, &[("id", v(json!("x".repeat(100_000))))]),
        "cannot build the request: the request URI is not valid: uri too long"
    );
}

#[test]
fn dot_segments_empty_and_null_path_values_are_refused() {
    let o = path_op("simple", false);
    let e = |x: ArgValue| err(&o, &[("id", x)]);
    assert_eq!(
        e(v(json!(".."))),
        "cannot build the request: path.id: a path value cannot be `..`: it would change which resource the path names"
    );
    assert_eq!(
        e(v(json!("."))),
        "cannot build the request: path.id: a path value cannot be `.`: it would change which resource the path names"
    );
    assert_eq!(
        e(v(json!(""))),
        "cannot build the request: path.id: a path value cannot be empty: it would change which resource the path names"
    );
    assert_eq!(
        e(v(json!(["a", ".."]))),
        "cannot build the request: path.id: a path value cannot be `..`: it would change which resource the path names"
    );
    assert_eq!(
        e(v(json!([]))),
        "cannot build the request: path.id: a path value cannot be an empty array"
    );
    assert_eq!(
        e(ArgValue::Null),
        "cannot build the request: path.id: a path value cannot be null: a path has no null form unless one is declared (`#[arg(null = \"...\")]`, or for the spec when it is indexed)"
    );
    assert_eq!(
        e(ArgValue::Absent),
        "cannot build the request: path.id: required, but no value was given"
    );
    assert_eq!(
        e(v(json!([["a"]]))),
        "cannot build the request: path.id: an array or object inside another has no encoding in a path parameter of style `simple`: send a scalar, an array of scalars, or an object of scalars"
    );
    let r = build_request(&o, &[("id", v(json!("..")))]).unwrap_err();
    assert_eq!(r.kind(), RequestErrorKind::PathValue);
    assert_eq!(r.address(), Some("path.id"));
}

#[test]
fn dot_segments_of_the_template_itself_are_refused_and_other_dots_are_not() {
    let at = |path: &str| {
        let o = op(
            "GET",
            path,
            vec![set("path", "id", json!({"required": true}))],
            None,
        );
        build_request(&o, &[("id", v(json!("x.y")))]).map(|r| r.uri().to_string())
    };
    let e = at("/a/./{id}").unwrap_err();
    assert_eq!(e.kind(), RequestErrorKind::PathTemplate);
    assert_eq!(
        e.to_string(),
        "cannot build the request: the path `/a/./x.y` has a `.` or `..` segment"
    );
    assert_eq!(
        at("/a/{id}/..").map_err(|e| e.kind()),
        Err(RequestErrorKind::PathTemplate)
    );
    assert_eq!(at("/v1.2/{id}/.x/..y").as_deref(), Ok("/v1.2/x.y/.x/..y"));
}

#[test]
fn label_and_matrix_path_styles() {
    let u = |style, explode, x: Value| uri(&path_op(style, explode), &[("id", v(x))]);
    assert_eq!(u("label", false, json!("a")), "/items/.a/x");
    assert_eq!(u("label", false, json!(["a", "b"])), "/items/.a,b/x");
    assert_eq!(u("label", true, json!(["a", "b"])), "/items/.a.b/x");
    assert_eq!(
        u("label", true, json!({"k": "v", "j": "w"})),
        "/items/.k=v.j=w/x"
    );
    assert_eq!(u("matrix", false, json!("a")), "/items/;id=a/x");
    assert_eq!(u("matrix", false, json!(["a", "b"])), "/items/;id=a,b/x");
    assert_eq!(u("matrix", true, json!(["a", "b"])), "/items/;id=a;id=b/x");
    assert_eq!(
        u("matrix", false, json!({"k": "v", "j": "w"})),
        "/items/;id=k,v,j,w/x"
    );
    assert_eq!(
        u("matrix", true, json!({"k": "v", "j": "w"})),
        "/items/;k=v;j=w/x"
    );
    assert_eq!(
        u("simple", true, json!({"k": "v", "j": "w"})),
        "/items/k=v,j=w/x"
    );
    // A label value of `.` would make the segment `..`.
    assert_eq!(
        err(&path_op("label", false), &[("id", v(json!(".")))]),
        "cannot build the request: path.id: a path value cannot be `.`: it would change which resource the path names"
    );
}

#[test]
fn path_template_must_be_filled() {
    let o = op(
        "GET",
        "/a/{x}/{y}",
        vec![set("path", "x", json!({"required": true}))],
        None,
    );
    assert_eq!(
        err(&o, &[("x", v(json!("1")))]),
        "cannot build the request: path template `/a/{x}/{y}` names `{y}`, which this tool does not send"
    );
    let o = op(
        "GET",
        "/a/{x",
        vec![set("path", "x", json!({"required": true}))],
        None,
    );
    assert_eq!(
        err(&o, &[("x", v(json!("1")))]),
        "cannot build the request: path template `/a/{x` has an unclosed `{`"
    );
}

fn query_op(style: &str, explode: bool) -> Operation {
    op(
        "GET",
        "/q",
        vec![set(
            "query",
            "a",
            json!({"style": style, "explode": explode}),
        )],
        None,
    )
}

#[test]
fn query_styles() {
    let q = |style, explode, x: Value| uri(&query_op(style, explode), &[("a", v(x))]);
    assert_eq!(q("form", true, json!([1, 2])), "/q?a=1&a=2");
    assert_eq!(q("form", false, json!([1, 2])), "/q?a=1,2");
    assert_eq!(q("form", false, json!(["x,y", "z"])), "/q?a=x%2Cy,z");
    assert_eq!(q("spaceDelimited", false, json!([1, 2])), "/q?a=1%202");
    assert_eq!(q("pipeDelimited", false, json!([1, 2])), "/q?a=1|2");
    assert_eq!(q("pipeDelimited", true, json!([1, 2])), "/q?a=1&a=2");
    assert_eq!(q("form", true, json!([])), "/q");
    assert_eq!(q("form", false, json!([])), "/q?a=");
    assert_eq!(q("form", true, json!({"k": "v", "j": 2})), "/q?k=v&j=2");
    assert_eq!(q("form", false, json!({"k": "v", "j": 2})), "/q?a=k,v,j,2");
    assert_eq!(
        q(
            "deepObject",
            true,
            json!({"k": "v", "n": {"m": true}, "l": [1, 2]})
        ),
        "/q?a[k]=v&a[n][m]=true&a[l][0]=1&a[l][1]=2"
    );
    // Arrays of objects and arrays nest and index at any depth, as Stripe's clients write
    // them; an empty array or object inside sends nothing.
    assert_eq!(
        q(
            "deepObject",
            true,
            json!({"r": [{"gt": 1, "in": [2, 3]}, [4]], "e": {}, "l": []})
        ),
        "/q?a[r][0][gt]=1&a[r][0][in][0]=2&a[r][0][in][1]=3&a[r][1][0]=4"
    );
    assert_eq!(
        q("deepObject", true, json!([{"k": "v"}, ["x"]])),
        "/q?a[0][k]=v&a[1][0]=x"
    );
    // A top-level array of style deepObject is indexed, as Stripe's clients send `expand`.
    assert_eq!(
        q("deepObject", true, json!(["customer", "a b"])),
        "/q?a[0]=customer&a[1]=a%20b"
    );
    assert_eq!(q("form", true, json!(true)), "/q?a=true");
    assert_eq!(q("form", true, json!(false)), "/q?a=false");
    assert_eq!(q("form", true, json!(1.5)), "/q?a=1.5");
    assert_eq!(
        q("form", true, json!("a b&c=d+e/é#?")),
        "/q?a=a%20b%26c%3Dd%2Be%2F%C3%A9%23%3F"
    );
    assert_eq!(q("form", true, json!("\r\n\u{0}")), "/q?a=%0D%0A%00");
    assert_eq!(
        err(&query_op("form", true), &[("a", v(json!([[1]])))]),
        "cannot build the request: query.a: an array or object inside another has no encoding in a query parameter of style `form`: send a scalar, an array of scalars, or an object of scalars"
    );
}

#[test]
fn query_keys_are_encoded() {
    let o = op("GET", "/q", vec![set("query", "a b[]", json!({}))], None);
    assert_eq!(uri(&o, &[("a b[]", v(json!(1)))]), "/q?a%20b%5B%5D=1");
}

#[test]
fn null_is_sent_never_dropped() {
    let o = op(
        "PATCH",
        "/n",
        vec![
            set(
                "query",
                "q",
                json!({"schema": {"type": "string", "nullable": true}}),
            ),
            set("header", "X-N", json!({})),
            set("cookie", "c", json!({})),
            set("body", "b", json!({})),
        ],
        json_body(),
    );
    let r = build_request(
        &o,
        &[
            ("q", ArgValue::Null),
            ("X-N", ArgValue::Null),
            ("c", ArgValue::Null),
            ("b", v(Value::Null)),
        ],
    )
    .unwrap();
    assert_eq!(r.uri().to_string(), "/n?q=");
    assert_eq!(r.headers()["x-n"], "");
    assert_eq!(r.headers()["cookie"], "c=");
    assert_eq!(r.body(), br#"{"b":null}"#);
}

#[test]
fn headers_are_validated() {
    let o = op(
        "GET",
        "/h",
        vec![set("header", "X-Request-Id", json!({}))],
        None,
    );
    let r = build_request(&o, &[("X-Request-Id", v(json!("abc-1")))]).unwrap();
    assert_eq!(r.headers()["x-request-id"], "abc-1");
    let r = build_request(&o, &[("X-Request-Id", v(json!(["a", 2, true])))]).unwrap();
    assert_eq!(r.headers()["x-request-id"], "a,2,true");
    let r = build_request(&o, &[("X-Request-Id", v(json!("é")))]).unwrap();
    assert_eq!(r.headers()["x-request-id"].as_bytes(), "é".as_bytes());
    for bad in [
        "a\r\nSet-Cookie: x=1",
        "a\nb",
        "a\rb",
        "a\u{0}b",
        "a\tb",
        "a\u{7f}b",
        "a\u{85}b",
    ] {
        let e = build_request(&o, &[("X-Request-Id", v(json!(bad)))]).unwrap_err();
        assert_eq!(e.kind(), RequestErrorKind::HeaderValue, "{bad:?}");
    }
    assert_eq!(
        err(&o, &[("X-Request-Id", v(json!("a\r\nb")))]),
        "cannot build the request: header.X-Request-Id: a header value cannot contain control characters (found U+000D)"
    );
    let o = op(
        "GET",
        "/h",
        vec![set("header", "Bad Name", json!({}))],
        None,
    );
    assert_eq!(
        err(&o, &[("Bad Name", v(json!("x")))]),
        "cannot build the request: header.Bad Name: not a valid header name"
    );
    let o = op(
        "GET",
        "/h",
        vec![set("header", "X-O", json!({"explode": true}))],
        None,
    );
    let r = build_request(&o, &[("X-O", v(json!({"k": "v", "j": 1})))]).unwrap();
    assert_eq!(r.headers()["x-o"], "k=v,j=1");
}

#[test]
fn cookies_are_one_header() {
    let o = op(
        "GET",
        "/c",
        vec![
            set("cookie", "a", json!({})),
            set("cookie", "b", json!({})),
            set("cookie", "l", json!({"explode": false})),
        ],
        None,
    );
    let r = build_request(
        &o,
        &[
            ("a", v(json!(1))),
            ("b", v(json!("x; y=z,\"é"))),
            ("l", v(json!([1, 2]))),
        ],
    )
    .unwrap();
    assert_eq!(
        r.headers()["cookie"],
        "a=1; b=x%3B%20y%3Dz%2C%22%C3%A9; l=1,2"
    );
    let o = op("GET", "/c", vec![set("cookie", "a;b", json!({}))], None);
    assert_eq!(
        err(&o, &[("a;b", v(json!(1)))]),
        "cannot build the request: cookie.a;b: not a valid cookie name"
    );
}

#[test]
fn json_body_holds_exactly_set_and_fixed_fields() {
    let o = op(
        "POST",
        "/p",
        vec![
            set("body", "message", json!({"required": true})),
            set("body", "root_id", json!({})),
            set("body", "filter", json!({})),
            json!({"param": param("body", "kind", json!({})), "disposition": "fixed", "value": "text", "reason": "r"}),
            json!({"param": param("body", "props", json!({})), "disposition": "omitted", "reason": "r"}),
        ],
        Some(
            json!({"media_type": "application/json; charset=utf-8", "kind": "json", "pointer": "#/b"}),
        ),
    );
    let r = build_request(
        &o,
        &[
            ("message", v(json!("hi"))),
            ("filter", v(json!({"a": [1, {"b": null}]}))),
        ],
    )
    .unwrap();
    assert_eq!(
        r.body(),
        br#"{"message":"hi","filter":{"a":[1,{"b":null}]},"kind":"text"}"#
    );
    assert_eq!(
        r.headers()["content-type"],
        "application/json; charset=utf-8"
    );
    assert_eq!(
        err(&o, &[]),
        "cannot build the request: body.message: required, but no value was given"
    );
}

#[test]
fn optional_empty_body_is_not_sent_and_required_one_is() {
    let rows = vec![set("body", "a", json!({}))];
    let o = op("POST", "/p", rows.clone(), json_body());
    let r = build_request(&o, &[]).unwrap();
    assert!(r.body().is_empty());
    assert!(r.headers().get("content-type").is_none());
    let o = op(
        "POST",
        "/p",
        rows,
        Some(
            json!({"media_type": "application/json", "kind": "json", "required": true, "pointer": "#/b"}),
        ),
    );
    assert_eq!(build_request(&o, &[]).unwrap().body(), b"{}");
}

#[test]
fn whole_bodies() {
    let rows = vec![
        json!({"param": param("body", "", json!({})), "disposition": "set", "argument": "ids", "field": "ids"}),
    ];
    let o = op(
        "POST",
        "/w",
        rows.clone(),
        Some(
            json!({"media_type": "application/json", "kind": "json", "whole": true, "required": true, "pointer": "#/b"}),
        ),
    );
    assert_eq!(
        build_request(&o, &[("ids", v(json!(["a", "b"])))])
            .unwrap()
            .body(),
        br#"["a","b"]"#
    );
    assert_eq!(
        build_request(&o, &[("ids", ArgValue::Null)])
            .unwrap()
            .body(),
        b"null"
    );
    assert_eq!(
        err(&o, &[]),
        "cannot build the request: body: required, but no value was given"
    );
    let o = op(
        "POST",
        "/w",
        rows.clone(),
        Some(json!({"media_type": "text/plain", "kind": "text", "whole": true, "pointer": "#/b"})),
    );
    let r = build_request(&o, &[("ids", v(json!("hello\nworld")))]).unwrap();
    assert_eq!(r.body(), b"hello\nworld");
    assert_eq!(r.headers()["content-type"], "text/plain");
    assert_eq!(
        err(&o, &[("ids", v(json!([1])))]),
        "cannot build the request: body: a text body must be a string, number or boolean"
    );
}

#[test]
fn form_bodies() {
    let o = op(
        "POST",
        "/f",
        vec![
            set("body", "name", json!({})),
            set("body", "tags", json!({})),
            set("body", "gone", json!({})),
        ],
        Some(
            json!({"media_type": "application/x-www-form-urlencoded", "kind": "form", "pointer": "#/b"}),
        ),
    );
    let r = build_request(
        &o,
        &[
            ("name", v(json!("a b&c"))),
            ("tags", v(json!([1, 2]))),
            ("gone", ArgValue::Null),
        ],
    )
    .unwrap();
    assert_eq!(r.body(), b"name=a%20b%26c&tags=1&tags=2&gone=");
    assert_eq!(
        r.headers()["content-type"],
        "application/x-www-form-urlencoded"
    );
}

#[test]
fn a_binary_body_that_is_not_a_file_is_refused() {
    let o = op(
        "POST",
        "/u",
        vec![set("body", "", json!({"schema": {"type": "integer"}}))],
        Some(
            json!({"media_type": "application/octet-stream", "kind": "binary", "whole": true,
            "pointer": "#/b"}),
        ),
    );
    let e = build_request(&o, &[("", v(json!(1)))]).unwrap_err();
    assert_eq!(e.kind(), RequestErrorKind::Unsupported);
    assert_eq!(
        e.to_string(),
        "cannot build the request: body: a `application/octet-stream` body of integer is not \
         supported; only a file (a `format: binary` string, or no schema) can be sent as a binary body"
    );
}

#[test]
fn unknown_arguments_and_bad_methods_are_refused() {
    let o = op("GET", "/x", vec![set("query", "a", json!({}))], None);
    assert_eq!(
        err(&o, &[("b", v(json!(1)))]),
        "cannot build the request: `b` is not an argument of this tool"
    );
    let o = op("GE T", "/x", vec![], None);
    assert_eq!(
        err(&o, &[]),
        "cannot build the request: `GE T` is not an HTTP method"
    );
}

#[test]
fn repeated_argument_uses_the_first() {
    let o = op("GET", "/x", vec![set("query", "a", json!({}))], None);
    assert_eq!(uri(&o, &[("a", v(json!(1))), ("a", v(json!(2)))]), "/x?a=1");
}

#[test]
fn arg_value_conversions() {
    assert_eq!(ArgValue::from_option(None), ArgValue::Absent);
    assert_eq!(ArgValue::from_option(Some(Value::Null)), ArgValue::Null);
    assert_eq!(
        ArgValue::from_option(Some(json!(1))),
        ArgValue::Value(json!(1))
    );
    assert_eq!(ArgValue::default(), ArgValue::Absent);
}

mod json_text;
mod properties;

#[test]
fn an_exploded_query_object_cannot_set_another_query_parameter() {
    let o = op(
        "GET",
        "/q",
        vec![
            set("query", "filter", json!({"style": "form", "explode": true})),
            json!({"param": param("query", "include_deleted", json!({})), "disposition": "fixed",
                   "value": false, "reason": "deleted items stay hidden from an agent"}),
            json!({"param": param("query", "secret", json!({})), "disposition": "omitted",
                   "reason": "only an administrator reads it"}),
            set("query", "page", json!({})),
        ],
        None,
    );
    for key in ["include_deleted", "secret", "page"] {
        let e =
            build_request(&o, &[("filter", v(json!({"state": "open", key: "true"})))]).unwrap_err();
        assert_eq!(e.kind(), RequestErrorKind::Shape);
        assert_eq!(
            e.to_string(),
            format!(
                "cannot build the request: query.filter: its key `{key}` would be sent as the \
                 query parameter of that name, which this tool accounts separately; an object \
                 argument cannot set another parameter"
            )
        );
    }
    // Other keys are spread as OpenAPI's `form` style says.
    assert_eq!(
        uri(&o, &[("filter", v(json!({"state": "open"})))]),
        "/q?state=open&include_deleted=false"
    );
}
