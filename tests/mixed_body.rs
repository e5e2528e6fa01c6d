//! A body that declares properties and a schema-valued `additionalProperties` beside them
//! (openapi/nested.yaml's `CreateCounters`): the values' schema is kept, and a key beyond the
//! declared ones reaches the API only as an undocumented parameter of the tool, its value
//! checked against that schema and offered with it in the input schema.

#[path = "../catalog-runtime/tests/support/loopback.rs"]
mod loopback;

use catalog::executor::{Executor, ExecutorConfig};
use catalog::mcp::McpServer;
use catalog::{Tool, tool};
use serde_json::{Value, json};

/// Create a set of counters, with its visits counter.
#[derive(Debug)]
#[tool(spec = "nested", operation = "CreateCounters")]
pub struct CreateCounters {
    pub name: String,
    /// How many visits to start from.
    #[arg(
        param = "body.visits",
        undocumented,
        read_at = "server/counters.rs: Counters::from_body",
        reason = "the visits counter is the one the dashboard shows; the spec names no counter"
    )]
    pub visits: Option<u64>,
}

fn server(url: &str) -> McpServer {
    let config = ExecutorConfig::new(url).allow_writes(true);
    McpServer::new(
        catalog::Catalog::new().tool::<CreateCounters>(),
        Executor::new(config).unwrap(),
    )
}

/// What one call answered (its text, whether an error) and the bodies the API received.
async fn call(arguments: Value) -> (String, bool, Vec<Value>) {
    let api = loopback::start(|_| {
        loopback::response(
            "201 Created",
            &[("content-type", "application/json")],
            b"{}",
        )
    })
    .await;
    let result = server(&api.url)
        .call("create_counters", arguments.as_object().cloned())
        .await
        .unwrap();
    let result = serde_json::to_value(result).unwrap();
    let text = result["content"][0]["text"]
        .as_str()
        .unwrap_or("")
        .to_string();
    let bodies = api
        .seen()
        .iter()
        .map(|r| serde_json::from_slice(&r.body).unwrap())
        .collect();
    (text, result["isError"] == true, bodies)
}

#[tokio::test]
async fn an_extra_key_s_wrong_value_is_refused_naming_the_key_and_the_values_schema() {
    let (text, is_error, bodies) = call(json!({"name": "site", "visits": "many"})).await;
    assert!(is_error, "{text}");
    assert_eq!(
        text,
        "invalid arguments: $.visits: expected integer, got string \"many\""
    );
    assert_eq!(bodies, Vec::<Value>::new());
    let (text, is_error, bodies) = call(json!({"name": "site", "visits": -1})).await;
    assert!(is_error, "{text}");
    assert_eq!(
        text,
        "invalid arguments: $.visits: must be at least 0, got -1"
    );
    assert_eq!(bodies, Vec::<Value>::new());
}

#[tokio::test]
async fn an_extra_key_s_good_value_reaches_the_api() {
    let (text, is_error, bodies) = call(json!({"name": "site", "visits": 12})).await;
    assert!(!is_error, "{text}");
    assert_eq!(bodies, [json!({"name": "site", "visits": 12})]);
}

#[tokio::test]
async fn a_key_the_tool_does_not_take_is_refused_never_sent() {
    let (text, is_error, bodies) = call(json!({"name": "site", "errors": 3})).await;
    assert!(is_error, "{text}");
    assert_eq!(
        text,
        "invalid arguments: $.errors: unknown argument `errors`; accepted: `name`, `visits`"
    );
    assert_eq!(bodies, Vec::<Value>::new());
}

#[test]
fn the_values_schema_is_kept_and_offered_for_the_extra_key() {
    let body = CreateCounters::operation().body.as_ref().unwrap();
    assert!(body.open);
    let values = serde_json::to_value(body.values.as_ref().unwrap()).unwrap();
    assert_eq!(values, json!({"type": "integer", "minimum": 0.0}));
    assert_eq!(
        CreateCounters::input_schema()["properties"]["visits"],
        json!({
            "type": "integer",
            "minimum": 0,
            "maximum": i64::MAX,
            "description": "How many visits to start from."
        })
    );
}
