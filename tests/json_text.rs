//! JSON text in a parameter: a value the server parses as JSON inside a query, header or form
//! field. Declared by the spec (`content: application/json` in place of `schema`), it is checked
//! against its schema at every depth and sent as its JSON text, whatever its shape (a nested
//! object a `form` query could not encode). Declared by the tool over a text parameter
//! (`#[arg(wire_type = "json")]`, Slack's `blocks`), the agent writes the value as JSON, never
//! JSON inside a string, so the text the server parses is always well formed.

use catalog::model::{Overridden, Style};
use catalog::{ProblemKind, Tool, tool};
use serde_json::{Value, json};

/// Reports by a filter the server reads as JSON.
#[derive(Debug)]
#[tool(spec = "bodies", operation = "QueryReports")]
pub struct QueryReports {
    pub filter: Value,
    #[arg(param = "header.X-Trace")]
    pub trace: Option<Vec<String>>,
}

/// Posts a message with blocks, JSON text in a form field.
#[derive(Debug)]
#[tool(spec = "bodies", operation = "PostMessage")]
pub struct PostMessage {
    pub text: String,
    #[arg(
        wire_type = "json",
        read_at = "server/messages.rs: serde_json::from_str(&form.blocks)",
        reason = "the spec types the blocks as text; the server parses that text as a JSON array"
    )]
    pub blocks: Option<Value>,
    #[arg(
        wire_type = "json",
        read_at = "server/messages.rs: serde_json::from_str(&query.meta)",
        reason = "the spec types the metadata as text; the server parses it as a JSON object"
    )]
    pub meta: Option<Value>,
    pub count: Option<i64>,
}

/// `a=1&b=%7B%7D` as its decoded pairs, in order.
fn decoded(pairs: &str) -> Vec<(String, String)> {
    let text = |s: &str| {
        percent_encoding::percent_decode_str(&s.replace('+', " "))
            .decode_utf8()
            .unwrap()
            .into_owned()
    };
    pairs
        .split('&')
        .map(|pair| {
            let (k, v) = pair.split_once('=').unwrap();
            (text(k), text(v))
        })
        .collect()
}

#[test]
fn a_json_content_parameter_is_sent_as_its_json_text_whatever_its_shape() {
    let filter = json!({"name": "q3", "created": {"gt": 1700000000}});
    let tool =
        QueryReports::from_arguments(json!({"filter": filter, "X-Trace": ["a", "b,c"]})).unwrap();
    let req = tool.to_request().unwrap();
    let uri = req.uri().to_string();
    let (path, query) = uri.split_once('?').unwrap();
    assert_eq!(path, "/reports/query");
    let pairs = decoded(query);
    assert_eq!(pairs.len(), 1, "{uri}");
    assert_eq!(pairs[0].0, "filter");
    assert_eq!(serde_json::from_str::<Value>(&pairs[0].1).unwrap(), filter);
    assert_eq!(req.headers()["x-trace"], r#"["a","b,c"]"#);
}

#[test]
fn a_json_content_parameter_is_checked_against_its_schema_at_every_depth() {
    let e = QueryReports::from_arguments(json!({"filter": {"name": "q", "created": {"gt": "x"}}}))
        .unwrap_err();
    assert_eq!(
        e.to_string(),
        "invalid arguments: $.filter.created.gt: expected integer, got string \"x\""
    );
    assert_eq!(e.problems()[0].kind(), ProblemKind::Type);
    let e = QueryReports::from_arguments(json!({"filter": {"created": {}}})).unwrap_err();
    assert_eq!(
        e.to_string(),
        "invalid arguments: $.filter.name: missing required field `name` (string)"
    );
    // The input schema is the content's schema.
    let filter = &QueryReports::input_schema()["properties"]["filter"];
    assert_eq!(filter["type"], "object", "{filter}");
    assert_eq!(filter["required"], json!(["name"]), "{filter}");
}

#[test]
fn a_text_parameter_declared_json_takes_the_value_and_sends_its_json_text() {
    let blocks = json!([{"type": "section", "text": {"type": "mrkdwn", "text": "*hi* & \"bye\""}}]);
    let meta = json!({"event_type": "deploy", "event_payload": {"id": 7}});
    let tool = PostMessage::from_arguments(
        json!({"text": "hi", "blocks": blocks, "meta": meta, "count": 2}),
    )
    .unwrap();
    let req = tool.to_request().unwrap();
    let uri = req.uri().to_string();
    let (_, query) = uri.split_once('?').unwrap();
    let query = decoded(query);
    assert_eq!(query[0].0, "meta");
    assert_eq!(serde_json::from_str::<Value>(&query[0].1).unwrap(), meta);
    let body = decoded(std::str::from_utf8(req.body()).unwrap());
    let names: Vec<&str> = body.iter().map(|(k, _)| k.as_str()).collect();
    assert_eq!(names, ["text", "blocks", "count"]);
    assert_eq!(body[0].1, "hi");
    assert_eq!(serde_json::from_str::<Value>(&body[1].1).unwrap(), blocks);
    // Other fields keep their form encoding: an integer is its digits, not JSON text of them
    // by accident of the rule.
    assert_eq!(body[2].1, "2");
}

#[test]
fn a_declared_json_parameter_offers_any_value_but_null_and_says_what_it_is() {
    let schema = PostMessage::input_schema();
    let blocks = &schema["properties"]["blocks"];
    assert_eq!(
        blocks,
        &json!({
            "description": "A JSON-based array of structured blocks, presented as a URL-encoded string.",
            "not": {"type": "null"}
        })
    );
    let e = PostMessage::from_arguments(json!({"text": "hi", "blocks": null})).unwrap_err();
    assert_eq!(
        e.to_string(),
        "invalid arguments: $.blocks: cannot be null; expected any JSON value"
    );
    assert_eq!(e.problems()[0].kind(), ProblemKind::Null);
    // Left out, nothing is sent for it.
    let tool = PostMessage::from_arguments(json!({"text": "hi"})).unwrap();
    let req = tool.to_request().unwrap();
    assert_eq!(req.uri().to_string(), "/messages");
    assert_eq!(std::str::from_utf8(req.body()).unwrap(), "text=hi");
}

#[test]
fn the_accounting_row_records_the_style_and_what_the_spec_said() {
    let op = PostMessage::operation();
    let row = |name: &str| {
        op.accounting
            .iter()
            .find(|r| r.param.name == name)
            .unwrap()
            .clone()
    };
    let blocks = row("blocks");
    assert_eq!(blocks.param.style, Style::Json);
    assert_eq!(blocks.param.schema.ty.describe(), "any JSON value");
    assert_eq!(
        blocks.overridden,
        Some(Overridden {
            spec_type: "string".into(),
            read_at: "server/messages.rs: serde_json::from_str(&form.blocks)".into(),
            reason:
                "the spec types the blocks as text; the server parses that text as a JSON array"
                    .into(),
            narrowed: false,
        })
    );
    // The spec's own declaration: the style, no override.
    let op = QueryReports::operation();
    let filter = op
        .accounting
        .iter()
        .find(|r| r.param.name == "filter")
        .unwrap();
    assert_eq!(filter.param.style, Style::Json);
    assert_eq!(filter.overridden, None);
}
