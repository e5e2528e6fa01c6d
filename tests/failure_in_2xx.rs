//! A 2xx is not always success (issue #48): a chat API in Slack's style answers every failure
//! with HTTP 200 and `{"ok": false, "error": "channel_not_found"}`. Served against a local stub
//! of that API: where the spec declares the discriminator (`ok: enum [true]`) or the tool
//! declares the rule (`failure(...)`), such a body is a tool error carrying the API's error,
//! never retried; `{"ok": true, ...}` is a success. A boolean the spec allows one value of is
//! refused on the input side. The compile errors are in `tests/ui/failure`.

#[path = "../catalog-runtime/tests/support/loopback.rs"]
mod loopback;

use catalog::executor::{Executor, ExecutorConfig};
use catalog::mcp::McpServer;
use catalog::{Api, Tool, ToolError, tool};
use loopback::response;
use serde_json::{Value, json};

/// Send a message.
#[tool(spec = "ok-envelope", operation = "PostMessage")]
pub struct PostMessage {
    pub channel: String,
    pub text: String,
}

/// Read a channel.
#[tool(
    spec = "ok-envelope",
    operation = "ConversationInfo",
    failure(
        field = "ok",
        equals = false,
        reason = "the API answers every failure with HTTP 200 and `ok: false`, naming it in `error`"
    )
)]
pub struct ConversationInfo {
    pub channel: String,
}

/// Archive a channel.
#[tool(spec = "ok-envelope", operation = "ArchiveConversation")]
pub struct ArchiveConversation {
    pub channel: String,
    pub confirm: bool,
}

/// Send a message to a channel, by name.
#[catalog::composite(uses(PostMessage), name = "announce")]
pub struct Announce {
    pub channel: String,
}

#[catalog::composite]
impl Announce {
    async fn run(self, api: Api<'_, Self>) -> Result<Value, ToolError> {
        api.call(PostMessage {
            channel: self.channel,
            text: "release 1.0 is out".into(),
        })
        .await
    }
}

fn server(url: &str) -> McpServer {
    let catalog = catalog::Catalog::new()
        .tool::<PostMessage>()
        .tool::<ConversationInfo>()
        .tool::<ArchiveConversation>()
        .composite::<Announce>();
    // Retries on: a failure inside a 200 is still never retried.
    let config = ExecutorConfig::new(url).allow_writes(true).retries(3);
    McpServer::new(catalog, Executor::new(config).unwrap())
}

async fn stub(body: &'static str) -> loopback::Loopback {
    loopback::start(move |_| {
        response(
            "200 OK",
            &[("content-type", "application/json")],
            body.as_bytes(),
        )
    })
    .await
}

async fn call(server: &McpServer, name: &str, arguments: Value) -> Value {
    let result = server
        .call(name, arguments.as_object().cloned())
        .await
        .unwrap_or_else(|e| panic!("{name}: {e:?}"));
    serde_json::to_value(result).unwrap()
}

fn text(result: &Value) -> &str {
    result["content"][0]["text"].as_str().unwrap()
}

const NOT_FOUND: &str = r#"{"ok":false,"error":"channel_not_found"}"#;

#[tokio::test]
async fn a_failure_body_the_spec_declares_is_an_error_with_the_apis_error_never_retried() {
    let api = stub(NOT_FOUND).await;
    let s = server(&api.url);
    let r = call(
        &s,
        "post_message",
        json!({"channel": "C1", "text": "hello"}),
    )
    .await;
    assert_eq!(r["isError"], true, "{r}");
    assert!(r.get("structuredContent").is_none(), "{r}");
    assert!(
        text(&r).ends_with(
            "\n[the API refused the call: channel_not_found; a 2xx answer whose `ok` is not \
             true is an error, with the API's error text (the spec declares `ok` true in a \
             success body)]"
        ),
        "{}",
        text(&r)
    );
    assert_eq!(
        r["_meta"]["catalog/response"]["error"]["body"],
        json!({"ok": false, "error": "channel_not_found"})
    );
    assert_eq!(r["_meta"]["catalog/attempts"], 1);
    assert_eq!(api.seen().len(), 1);
}

#[tokio::test]
async fn a_success_body_is_a_success() {
    let api = stub(r#"{"ok":true,"channel":"C1","ts":"1700000000.000100"}"#).await;
    let s = server(&api.url);
    let r = call(
        &s,
        "post_message",
        json!({"channel": "C1", "text": "hello"}),
    )
    .await;
    assert_eq!(
        r.get("isError").and_then(Value::as_bool),
        Some(false),
        "{r}"
    );
    assert!(!text(&r).contains("refused"), "{}", text(&r));
}

#[tokio::test]
async fn a_declared_rule_makes_the_failure_body_an_error_and_the_description_says_it() {
    let api = stub(NOT_FOUND).await;
    let s = server(&api.url);
    let r = call(&s, "conversation_info", json!({"channel": "C404"})).await;
    assert_eq!(r["isError"], true, "{r}");
    // A read is retried on a 429 or 503; an answer that says the call failed is not one.
    assert_eq!(r["_meta"]["catalog/attempts"], 1);
    assert!(
        text(&r).contains(
            "[the API refused the call: channel_not_found; a 2xx answer whose `ok` is false"
        ),
        "{}",
        text(&r)
    );
    assert!(
        ConversationInfo::DESCRIPTION.ends_with(
            "\n\nNot every 2xx is a success: a 2xx answer whose `ok` is false is an error, with \
             the API's error text (the API answers every failure with HTTP 200 and `ok: false`, \
             naming it in `error`)."
        ),
        "{}",
        ConversationInfo::DESCRIPTION
    );
    let ok = stub(r#"{"ok":true,"channel":{"id":"C1","name":"general"}}"#).await;
    let r = call(
        &server(&ok.url),
        "conversation_info",
        json!({"channel": "C1"}),
    )
    .await;
    assert_eq!(
        r.get("isError").and_then(Value::as_bool),
        Some(false),
        "{r}"
    );
}

#[tokio::test]
async fn a_boolean_the_spec_allows_one_value_of_refuses_the_other_and_the_body_fails_by_const() {
    let api = stub(r#"{"ok":false,"error":"not_authed"}"#).await;
    let s = server(&api.url);
    let r = call(
        &s,
        "archive_conversation",
        json!({"channel": "C1", "confirm": false}),
    )
    .await;
    assert_eq!(r["isError"], true, "{r}");
    assert!(
        text(&r).contains("expected true (the only value allowed), got false"),
        "{}",
        text(&r)
    );
    assert_eq!(api.seen().len(), 0, "nothing is sent");
    // `true` is sent; the answer's `ok: false` fails the spec's `const: true`.
    let r = call(
        &s,
        "archive_conversation",
        json!({"channel": "C1", "confirm": true}),
    )
    .await;
    assert_eq!(r["isError"], true, "{r}");
    assert!(
        text(&r).contains("refused the call: not_authed;"),
        "{}",
        text(&r)
    );
    assert!(
        api.seen()[0].request_line.contains("confirm=true"),
        "{:?}",
        api.seen()
    );
    // The input schema says so.
    assert_eq!(
        ArchiveConversation::input_schema()["properties"]["confirm"]["enum"],
        json!([true])
    );
}

#[tokio::test]
async fn a_composite_binding_answered_with_a_failure_body_is_the_composites_error() {
    let api = stub(NOT_FOUND).await;
    let r = call(&server(&api.url), "announce", json!({"channel": "C404"})).await;
    assert_eq!(r["isError"], true, "{r}");
    assert!(
        text(&r).contains("`post_message`: the API refused the call: channel_not_found;"),
        "{}",
        text(&r)
    );
    let ok = stub(r#"{"ok":true,"channel":"C1","ts":"1"}"#).await;
    let r = call(&server(&ok.url), "announce", json!({"channel": "C1"})).await;
    assert_eq!(
        r.get("isError").and_then(Value::as_bool),
        Some(false),
        "{r}"
    );
}
