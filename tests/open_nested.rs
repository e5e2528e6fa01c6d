//! An undeclared key inside an open nested object (openapi/nested.yaml: `alerts` and the objects
//! under it declare no `additionalProperties`) where a derived struct stands: refused by name,
//! with the nearest declared property, never accepted and then dropped by serde. The input
//! schema closes the object there. A map's own keys, and an object typed `serde_json::Value`,
//! stay open: nothing is dropped there.

#[path = "../catalog-runtime/tests/support/loopback.rs"]
mod loopback;

use catalog::executor::{Executor, ExecutorConfig};
use catalog::mcp::McpServer;
use catalog::{Tool, tool};
use serde_json::{Value, json};
use std::collections::BTreeMap;

#[derive(Debug, serde::Serialize, serde::Deserialize, catalog::Object)]
pub struct Alerts {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub email: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub slack: Option<Vec<Slack>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub escalation: Option<Escalation>,
}

#[derive(Debug, serde::Serialize, serde::Deserialize, catalog::Object)]
#[object(omitted(
    "secret",
    reason = "webhook secrets are set by a person in the dashboard, never by an agent"
))]
pub struct Slack {
    pub channel: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub mention: Option<String>,
}

#[derive(Debug, serde::Serialize, serde::Deserialize, catalog::Object)]
pub struct Escalation {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub after_minutes: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
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

/// `escalation` typed `serde_json::Value`: the struct keeps every key of it, so it stays open.
#[derive(Debug, serde::Serialize, serde::Deserialize, catalog::Object)]
pub struct LooseAlerts {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub email: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub slack: Option<Vec<Slack>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub escalation: Option<Value>,
}

/// Create a monitor, its escalation as free JSON.
#[derive(Debug)]
#[tool(
    spec = "nested",
    operation = "CreateMonitor",
    name = "create_loose_monitor"
)]
pub struct CreateLooseMonitor {
    pub name: String,
    pub alerts: Option<LooseAlerts>,
}

#[derive(Debug, serde::Serialize, serde::Deserialize, catalog::Object)]
#[object(omitted(
    "weight",
    reason = "weights are balanced by the operations team, never by an agent"
))]
pub struct Target {
    pub url: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub health: Option<Health>,
}

#[derive(Debug, serde::Serialize, serde::Deserialize, catalog::Object)]
pub struct Health {
    pub path: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub interval_seconds: Option<i64>,
}

/// Create a route: its targets by name (a map of structs), its policy as free JSON.
#[derive(Debug)]
#[tool(spec = "nested", operation = "CreateRoute")]
pub struct CreateRoute {
    pub name: String,
    pub policy: Option<Value>,
    pub targets: Option<BTreeMap<String, Target>>,
}

fn server(url: &str) -> McpServer {
    let config = ExecutorConfig::new(url).allow_writes(true);
    McpServer::new(
        catalog::Catalog::new()
            .tool::<CreateMonitor>()
            .tool::<CreateLooseMonitor>()
            .tool::<CreateRoute>(),
        Executor::new(config).unwrap(),
    )
}

/// What one call answered (its text, whether an error) and the bodies the API received.
async fn call(tool: &str, arguments: Value) -> (String, bool, Vec<Value>) {
    let api = loopback::start(|_| {
        loopback::response(
            "201 Created",
            &[("content-type", "application/json")],
            b"{}",
        )
    })
    .await;
    let result = server(&api.url)
        .call(tool, arguments.as_object().cloned())
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

/// Refused with `message`, and nothing reached the API.
async fn refused(tool: &str, arguments: Value, message: &str) {
    let (text, is_error, bodies) = call(tool, arguments).await;
    assert!(is_error, "{text}");
    assert_eq!(text, message);
    assert_eq!(bodies, Vec::<Value>::new());
}

#[tokio::test]
async fn an_undeclared_key_one_level_down_is_refused_by_name_and_nothing_is_sent() {
    refused(
        "create_monitor",
        json!({"name": "api", "alerts": {"emails": "ops@example.com"}}),
        "invalid arguments: $.alerts.emails: unknown field `emails`; did you mean `email`?",
    )
    .await;
}

#[tokio::test]
async fn an_undeclared_key_two_levels_down_is_refused_by_name_and_nothing_is_sent() {
    refused(
        "create_monitor",
        json!({"name": "api", "alerts": {"escalation": {"after_minutes": 5, "pager": "p-1"}}}),
        "invalid arguments: $.alerts.escalation.pager: unknown field `pager`; \
         accepted: `after_minutes`, `contact`",
    )
    .await;
    refused(
        "create_monitor",
        json!({"name": "api", "alerts": {"escalation": {"contact": {"name": "Ann", "nmae": "A"}}}}),
        "invalid arguments: $.alerts.escalation.contact.nmae: unknown field `nmae`; \
         did you mean `name`?",
    )
    .await;
}

#[tokio::test]
async fn an_undeclared_key_inside_an_array_is_refused_by_name_and_nothing_is_sent() {
    refused(
        "create_monitor",
        json!({"name": "api", "alerts": {"slack": [
            {"channel": "#ops"},
            {"channel": "#dev", "mentions": "@here"}
        ]}}),
        "invalid arguments: $.alerts.slack[1].mentions: unknown field `mentions`; \
         did you mean `mention`?",
    )
    .await;
    // The names offered are those the struct keeps: `secret` (omitted) is not one.
    refused(
        "create_monitor",
        json!({"name": "api", "alerts": {"slack": [{"channel": "#dev", "colour": "red"}]}}),
        "invalid arguments: $.alerts.slack[0].colour: unknown field `colour`; \
         accepted: `channel`, `mention`",
    )
    .await;
}

#[tokio::test]
async fn an_undeclared_key_of_a_map_value_is_refused_by_name_and_nothing_is_sent() {
    refused(
        "create_route",
        json!({"name": "edge", "targets": {"eu": {"url": "https://eu.example", "uri": "x"}}}),
        "invalid arguments: $.targets.eu.uri: unknown field `uri`; did you mean `url`?",
    )
    .await;
}

#[tokio::test]
async fn a_map_s_own_keys_stay_open_and_reach_the_api() {
    let (text, is_error, bodies) = call(
        "create_route",
        json!({"name": "edge", "targets": {"any-name": {"url": "https://eu.example"}}}),
    )
    .await;
    assert!(!is_error, "{text}");
    assert_eq!(
        bodies,
        [json!({"name": "edge", "targets": {"any-name": {"url": "https://eu.example"}}})]
    );
}

#[tokio::test]
async fn an_object_typed_serde_json_value_still_accepts_any_key_and_sends_it() {
    let (text, is_error, bodies) = call(
        "create_loose_monitor",
        json!({"name": "api", "alerts": {"escalation": {"after_minutes": 5, "pager": "p-1"}}}),
    )
    .await;
    assert!(!is_error, "{text}");
    assert_eq!(
        bodies,
        [json!({"name": "api", "alerts": {"escalation": {"after_minutes": 5, "pager": "p-1"}}})]
    );
    let (text, is_error, bodies) = call(
        "create_route",
        json!({"name": "edge", "policy": {"level": "low", "burst": 3}}),
    )
    .await;
    assert!(!is_error, "{text}");
    assert_eq!(
        bodies,
        [json!({"name": "edge", "policy": {"level": "low", "burst": 3}})]
    );
}

#[test]
fn the_input_schema_closes_each_object_a_struct_stands_for() {
    let schema = CreateMonitor::input_schema();
    assert_eq!(
        schema["properties"]["alerts"],
        json!({
            "type": "object",
            "properties": {
                "email": {"type": "string"},
                "slack": {"type": "array", "items": {
                    "type": "object",
                    "properties": {"channel": {"type": "string"}, "mention": {"type": "string"}},
                    "required": ["channel"],
                    "additionalProperties": false
                }},
                "escalation": {
                    "type": "object",
                    "properties": {
                        "after_minutes": {"type": "integer", "minimum": 1, "maximum": i64::MAX},
                        "contact": {
                            "type": "object",
                            "properties": {"name": {"type": "string"}},
                            "required": ["name"],
                            "additionalProperties": false
                        }
                    },
                    "additionalProperties": false
                }
            },
            "additionalProperties": false
        })
    );
    // The text served in `tools/list` is the same schema.
    let served: Value = serde_json::from_str(CreateMonitor::input_schema_json()).unwrap();
    assert_eq!(&served, schema);
}

#[test]
fn the_input_schema_leaves_a_map_s_keys_and_a_json_value_open() {
    let schema = CreateRoute::input_schema();
    let targets = &schema["properties"]["targets"];
    assert_eq!(targets["type"], "object");
    assert_eq!(targets.get("properties"), None);
    assert_eq!(
        targets["additionalProperties"]["additionalProperties"],
        json!(false)
    );
    assert_eq!(
        targets["additionalProperties"]["properties"]["health"]["additionalProperties"],
        json!(false)
    );
    assert_eq!(
        schema["properties"]["policy"].get("additionalProperties"),
        None
    );
    let loose = CreateLooseMonitor::input_schema();
    let alerts = &loose["properties"]["alerts"];
    assert_eq!(alerts["additionalProperties"], json!(false));
    assert_eq!(
        alerts["properties"]["escalation"].get("additionalProperties"),
        None
    );
}
