//! `Style::Json`: a value sent as its JSON text, one scalar in each location.

use super::super::*;
use super::{op, set};
use serde_json::{Value, json};

fn json_style() -> Value {
    json!({"style": "json", "explode": false})
}

#[test]
fn a_json_value_is_one_text_in_the_path_query_header_cookie_and_form_field() {
    let o = op(
        "POST",
        "/r/{p}",
        vec![
            set("path", "p", json_style()),
            set("query", "q", json_style()),
            set("header", "X-H", json_style()),
            set("cookie", "c", json_style()),
            set("body", "f", json_style()),
            set("body", "plain", json!({})),
        ],
        Some(
            json!({"media_type": "application/x-www-form-urlencoded", "kind": "form", "pointer": "#/b"}),
        ),
    );
    let value = json!({"a": [1, "x y"], "b": {"c": null}});
    let args = [
        ("p", ArgValue::from(json!(["s/t"]))),
        ("q", ArgValue::from(value.clone())),
        ("X-H", ArgValue::from(json!([true, 2]))),
        ("c", ArgValue::from(json!("v"))),
        ("f", ArgValue::from(json!([{"k": 1}]))),
        ("plain", ArgValue::from(json!([1, 2]))),
    ];
    let r = build_request(&o, &args).unwrap();
    assert_eq!(
        r.uri().to_string(),
        "/r/%5B%22s%2Ft%22%5D?q=%7B%22a%22%3A%5B1%2C%22x%20y%22%5D%2C%22b%22%3A%7B%22c%22%3Anull%7D%7D"
    );
    assert_eq!(r.headers()["x-h"], "[true,2]");
    assert_eq!(r.headers()["cookie"], "c=%22v%22");
    // The JSON field is one text; the field beside it keeps the form's own encoding.
    assert_eq!(
        std::str::from_utf8(r.body()).unwrap(),
        "f=%5B%7B%22k%22%3A1%7D%5D&plain=1&plain=2"
    );
}

#[test]
fn null_is_the_text_null_and_absent_is_nothing() {
    let o = op(
        "GET",
        "/r",
        vec![
            set("query", "q", json_style()),
            set("query", "r", json_style()),
        ],
        None,
    );
    let r = build_request(&o, &[("q", ArgValue::Null)]).unwrap();
    assert_eq!(r.uri().to_string(), "/r?q=null");
    let r = build_request(&o, &[]).unwrap();
    assert_eq!(r.uri().to_string(), "/r");
    // A string is the text of a JSON string, quotes and all: the agent's value, never a
    // text taken as JSON.
    let r = build_request(&o, &[("q", ArgValue::from(json!("[1]")))]).unwrap();
    assert_eq!(r.uri().to_string(), "/r?q=%22%5B1%5D%22");
}
