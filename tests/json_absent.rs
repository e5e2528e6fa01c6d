//! Absent is absent in JSON bodies, as an API on loopback receives them: an unset `Option`
//! field of a `#[derive(catalog::Object)]` struct (no `skip_serializing_if` written) is not
//! sent as `null` where its property's schema allows no null (openapi/nested.yaml's
//! `CreateMonitor`, whose properties are not nullable). A nullable property's explicit null is
//! sent: see `wire::encode::absent`'s tests.

#[path = "../catalog-runtime/tests/support/loopback.rs"]
mod loopback;

use catalog::executor::{Executor, ExecutorConfig};
use catalog::mcp::McpServer;
use catalog::tool;
use serde_json::{Value, json};

#[derive(Debug, serde::Serialize, serde::Deserialize, catalog::Object)]
pub struct Alerts {
    pub email: Option<String>,
    pub slack: Option<Vec<Slack>>,
    pub escalation: Option<Escalation>,
}

#[derive(Debug, serde::Serialize, serde::Deserialize, catalog::Object)]
#[object(omitted(
    "secret",
    reason = "webhook secrets are set by a person in the dashboard, never by an agent"
))]
pub struct Slack {
    pub channel: String,
    pub mention: Option<String>,
}

#[derive(Debug, serde::Serialize, serde::Deserialize, catalog::Object)]
pub struct Escalation {
    pub after_minutes: Option<i64>,
    pub contact: Option<Contact>,
}

#[derive(Debug, serde::Serialize, serde::Deserialize, catalog::Object)]
#[object(omitted(
    "phone",
    reason = "phone numbers are personal data an agent must not collect"
))]
pub struct Contact {
    pub name: String,
}

/// Create a monitor and where it alerts.
#[derive(Debug)]
#[tool(spec = "nested", operation = "CreateMonitor")]
pub struct CreateMonitor {
    pub name: String,
    pub alerts: Option<Alerts>,
}

/// The JSON body the API received for one `create_monitor` call with `arguments`.
async fn received(arguments: Value) -> Value {
    let api = loopback::start(|_| {
        loopback::response(
            "201 Created",
            &[("content-type", "application/json")],
            b"{}",
        )
    })
    .await;
    let config = ExecutorConfig::new(&api.url).allow_writes(true);
    let server = McpServer::new(
        catalog::Catalog::new().tool::<CreateMonitor>(),
        Executor::new(config).unwrap(),
    );
    let result = server
        .call("create_monitor", arguments.as_object().cloned())
        .await
        .unwrap();
    let result = serde_json::to_value(result).unwrap();
    assert_eq!(result["isError"], false, "{result}");
    let seen = api.seen();
    assert_eq!(seen.len(), 1);
    assert_eq!(seen[0].header("content-type"), Some("application/json"));
    serde_json::from_slice(&seen[0].body).unwrap()
}

#[tokio::test]
async fn unset_nested_option_fields_are_not_sent_as_null() {
    let body = received(json!({"name": "api", "alerts": {
        "slack": [{"channel": "#ops"}],
        "escalation": {"contact": {"name": "Ann"}}
    }}))
    .await;
    // Not `"email": null`, `"mention": null` or `"after_minutes": null`.
    assert_eq!(
        body,
        json!({"name": "api", "alerts": {
            "slack": [{"channel": "#ops"}],
            "escalation": {"contact": {"name": "Ann"}}
        }})
    );
}

#[tokio::test]
async fn set_fields_are_sent_as_given() {
    let body = received(json!({"name": "api", "alerts": {
        "email": "ops@example.com",
        "slack": [{"channel": "#ops", "mention": "@here"}, {"channel": "#null"}],
        "escalation": {"after_minutes": 5}
    }}))
    .await;
    assert_eq!(
        body,
        json!({"name": "api", "alerts": {
            "email": "ops@example.com",
            "slack": [{"channel": "#ops", "mention": "@here"}, {"channel": "#null"}],
            "escalation": {"after_minutes": 5}
        }})
    );
}
