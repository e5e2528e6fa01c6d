//! Nested objects (openapi/nested.yaml) at run time: a property a nested struct omits is not
//! offered in the input schema and is refused with the struct's reason when an agent sends it
//! anyway (never dropped on the way into the struct); the empty-string arm of
//! `anyOf [object, ""]` is accepted and sent as itself; a nested string enum with the spec's
//! values, and an output whose nested struct reads part of the response, compile and run; a map
//! of derived structs (`targets{}`) is checked, offered and refused value by value.

use catalog::{OrEmpty, Tool, tool};
use serde_json::{Value, json};
use std::collections::BTreeMap;

#[derive(Debug, serde::Serialize, serde::Deserialize, catalog::Object)]
pub struct Alerts {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub email: Option<String>,
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

#[derive(Debug, PartialEq, serde::Serialize, serde::Deserialize, catalog::Object)]
pub struct Address {
    pub line1: String,
    pub city: Option<String>,
    pub postal_code: Option<String>,
}

/// Change a customer's email or address (`""` removes the address).
#[derive(Debug)]
#[tool(spec = "nested", operation = "UpdateCustomer")]
pub struct UpdateCustomer {
    pub customer: String,
    pub email: Option<String>,
    pub address: Option<OrEmpty<Address>>,
}

#[derive(Debug, serde::Serialize, serde::Deserialize, catalog::Object)]
pub struct Shipping {
    pub name: String,
    pub phone: Option<String>,
    pub address: Address,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub return_to: Option<OrEmpty<Address>>,
}

/// Create a shipment, shipped or not.
#[derive(Debug)]
#[tool(spec = "nested", operation = "CreateShipment")]
pub struct CreateShipment {
    pub reference: String,
    pub shipping: Option<OrEmpty<Shipping>>,
}

/// `policy.level`: a string enum in a nested struct, with exactly the spec's values.
#[derive(Debug, PartialEq, serde::Serialize, serde::Deserialize, catalog::StringEnum)]
#[serde(rename_all = "lowercase")]
pub enum Level {
    Low,
    High,
}

#[derive(Debug, serde::Serialize, serde::Deserialize, catalog::Object)]
pub struct Policy {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub level: Option<Level>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub retries: Option<i64>,
}

/// The created route as the response describes it; its policy leaves out `retries`, which an
/// output may (it only reads what it needs).
#[derive(Debug, serde::Serialize, serde::Deserialize, catalog::Object)]
pub struct Route {
    pub id: String,
    pub policy: Option<RoutePolicy>,
}

#[derive(Debug, serde::Serialize, serde::Deserialize, catalog::Object)]
pub struct RoutePolicy {
    pub level: Option<Level>,
}

/// A map's value (`targets{}`): checked against `Target` like any nested object.
#[derive(Debug, PartialEq, serde::Serialize, serde::Deserialize, catalog::Object)]
#[object(omitted(
    "weight",
    reason = "weights are balanced by the operations team, never by an agent"
))]
pub struct Target {
    pub url: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub health: Option<Health>,
}

#[derive(Debug, PartialEq, serde::Serialize, serde::Deserialize, catalog::Object)]
pub struct Health {
    pub path: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub interval_seconds: Option<i64>,
}

/// Create a route and its policy.
#[derive(Debug)]
#[tool(spec = "nested", operation = "CreateRoute", output = Route)]
pub struct CreateRoute {
    pub name: String,
    pub policy: Option<Policy>,
    pub targets: Option<BTreeMap<String, Target>>,
}

#[test]
fn a_nested_enum_with_the_spec_s_values_is_decoded_and_sent_as_its_value() {
    let args = json!({"name": "edge", "policy": {"level": "high", "retries": 2}});
    let tool = CreateRoute::from_arguments(args).unwrap();
    assert_eq!(
        tool.policy.as_ref().and_then(|p| p.level.as_ref()),
        Some(&Level::High)
    );
    let body: Value = serde_json::from_slice(tool.to_request().unwrap().body()).unwrap();
    assert_eq!(
        body,
        json!({"name": "edge", "policy": {"level": "high", "retries": 2}})
    );
}

#[test]
fn an_omitted_nested_property_sent_by_an_agent_is_refused_with_the_reason() {
    let args = json!({
        "name": "api",
        "alerts": {"slack": [{"channel": "#ops"}, {"channel": "#dev", "secret": "s3cr3t"}]}
    });
    let e = CreateMonitor::from_arguments(args).unwrap_err();
    assert_eq!(
        e.to_string(),
        "invalid arguments: $.alerts.slack[1].secret: this tool does not send \
         `alerts.slack[].secret` (omitted: webhook secrets are set by a person in the dashboard, \
         never by an agent); leave it out"
    );
    let deeper = json!({
        "name": "api",
        "alerts": {"escalation": {"contact": {"name": "Ann", "phone": "+331"}}}
    });
    let e = CreateMonitor::from_arguments(deeper).unwrap_err();
    assert_eq!(
        e.to_string(),
        "invalid arguments: $.alerts.escalation.contact.phone: this tool does not send \
         `alerts.escalation.contact.phone` (omitted: phone numbers are personal data an agent \
         must not collect); leave it out"
    );
}

#[test]
fn the_same_call_without_the_omitted_property_is_decoded_and_sent_whole() {
    let args = json!({
        "name": "api",
        "alerts": {"slack": [{"channel": "#ops", "mention": "@here"}]}
    });
    let tool = CreateMonitor::from_arguments(args).unwrap();
    let request = tool.to_request().unwrap();
    let body: Value = serde_json::from_slice(request.body()).unwrap();
    assert_eq!(
        body,
        json!({"name": "api", "alerts": {"slack": [{"channel": "#ops", "mention": "@here"}]}})
    );
}

#[test]
fn the_input_schema_does_not_offer_omitted_nested_properties() {
    let schema = CreateMonitor::input_schema();
    let alerts = &schema["properties"]["alerts"];
    let slack = &alerts["properties"]["slack"]["items"]["properties"];
    let slack_names: Vec<&str> = slack
        .as_object()
        .unwrap()
        .keys()
        .map(String::as_str)
        .collect();
    assert_eq!(slack_names, ["channel", "mention"]);
    let contact = &alerts["properties"]["escalation"]["properties"]["contact"]["properties"];
    let contact_names: Vec<&str> = contact
        .as_object()
        .unwrap()
        .keys()
        .map(String::as_str)
        .collect();
    assert_eq!(contact_names, ["name"]);
    // The text served in `tools/list` is the same schema.
    let served: Value = serde_json::from_str(CreateMonitor::input_schema_json()).unwrap();
    assert_eq!(&served, schema);
    assert!(!CreateMonitor::input_schema_json().contains("secret"));
    assert!(CreateMonitor::INPUT_SCHEMA.contains("secret"));
}

/// The agent is told what it cannot send inside the objects, at each property's address with
/// the struct's reason, in the description `tools/list` serves.
#[test]
fn the_served_description_lists_the_omitted_nested_properties_with_their_reasons() {
    assert_eq!(
        CreateMonitor::description(),
        "Create a monitor and where it alerts.\n\n\
         Not available inside the objects this tool sends:\n\
         - `alerts.slack[].secret`: webhook secrets are set by a person in the dashboard, never \
         by an agent\n\
         - `alerts.escalation.contact.phone`: phone numbers are personal data an agent must not \
         collect"
    );
    assert_eq!(
        CreateMonitor::DESCRIPTION,
        "Create a monitor and where it alerts."
    );
    let catalog = catalog::Catalog::new().tool::<CreateMonitor>();
    let listed = catalog.get("create_monitor").unwrap();
    assert_eq!(listed.description, CreateMonitor::description());
}

#[test]
fn the_empty_string_arm_is_accepted_and_sent_as_itself_in_a_form_body() {
    let tool = UpdateCustomer::from_arguments(json!({"customer": "cus_1", "address": ""})).unwrap();
    assert_eq!(tool.address, Some(OrEmpty::Empty));
    let request = tool.to_request().unwrap();
    assert_eq!(
        request.headers()[http::header::CONTENT_TYPE],
        "application/x-www-form-urlencoded"
    );
    assert_eq!(std::str::from_utf8(request.body()).unwrap(), "address=");
    let schema = UpdateCustomer::input_schema();
    assert_eq!(
        schema["properties"]["address"]["anyOf"][1],
        json!({"type": "string", "enum": [""]})
    );
}

#[test]
fn the_empty_string_arm_is_sent_as_itself_in_a_json_body() {
    let tool = CreateShipment::from_arguments(json!({"reference": "r-1", "shipping": ""})).unwrap();
    let request = tool.to_request().unwrap();
    assert_eq!(
        std::str::from_utf8(request.body()).unwrap(),
        r#"{"reference":"r-1","shipping":""}"#
    );
    let shipped = CreateShipment::from_arguments(json!({
        "reference": "r-2",
        "shipping": {"name": "Ann", "phone": "+331", "return_to": "", "address":
            {"line1": "1 Main St", "city": "Lyon", "postal_code": "69001"}}
    }))
    .unwrap();
    let body: Value = serde_json::from_slice(shipped.to_request().unwrap().body()).unwrap();
    assert_eq!(
        body,
        json!({"reference": "r-2", "shipping": {"name": "Ann", "phone": "+331", "return_to": "",
            "address": {"line1": "1 Main St", "city": "Lyon", "postal_code": "69001"}}})
    );
}

#[test]
fn a_map_of_derived_structs_is_decoded_and_sent_value_by_value() {
    let args = json!({"name": "edge", "targets": {
        "eu": {"url": "https://eu.example", "health": {"path": "/up", "interval_seconds": 10}},
        "us": {"url": "https://us.example"}
    }});
    let tool = CreateRoute::from_arguments(args).unwrap();
    let targets = tool.targets.as_ref().unwrap();
    assert_eq!(
        targets["eu"].health,
        Some(Health {
            path: "/up".into(),
            interval_seconds: Some(10)
        })
    );
    let body: Value = serde_json::from_slice(tool.to_request().unwrap().body()).unwrap();
    assert_eq!(
        body,
        json!({"name": "edge", "targets": {
            "eu": {"url": "https://eu.example", "health": {"path": "/up", "interval_seconds": 10}},
            "us": {"url": "https://us.example"}
        }})
    );
}

#[test]
fn a_map_value_is_checked_against_the_values_schema_at_every_depth() {
    // A value without its required `url`, a nested `health` without its required `path`, a
    // value of the wrong type: each refused with its path, before decoding.
    let args = json!({"name": "edge", "targets": {
        "eu": {"health": {"interval_seconds": 10}},
        "us": "https://us.example"
    }});
    let e = CreateRoute::from_arguments(args).unwrap_err();
    assert_eq!(
        e.to_string(),
        "invalid arguments: $.targets.eu.health.path: missing required field `path` (string); \
         $.targets.eu.url: missing required field `url` (string); \
         $.targets.us: expected object (2 fields), got string \"https://us.example\""
    );
}

#[test]
fn an_omitted_property_of_a_map_value_sent_by_an_agent_is_refused_with_the_reason() {
    let args = json!({"name": "edge", "targets": {
        "eu": {"url": "https://eu.example"},
        "us": {"url": "https://us.example", "weight": 3}
    }});
    let e = CreateRoute::from_arguments(args).unwrap_err();
    assert_eq!(
        e.to_string(),
        "invalid arguments: $.targets.us.weight: this tool does not send `targets{}.weight` \
         (omitted: weights are balanced by the operations team, never by an agent); leave it out"
    );
}

#[test]
fn the_input_schema_offers_a_map_s_values_without_their_omitted_properties() {
    let schema = CreateRoute::input_schema();
    let values = &schema["properties"]["targets"]["additionalProperties"];
    assert_eq!(
        values,
        &json!({
            "type": "object",
            "properties": {
                "url": {"type": "string"},
                "health": {
                    "type": "object",
                    "properties": {
                        "path": {"type": "string"},
                        "interval_seconds": {
                            "type": "integer",
                            "minimum": i64::MIN,
                            "maximum": i64::MAX
                        }
                    },
                    "required": ["path"],
                    "additionalProperties": false
                }
            },
            "required": ["url"],
            "additionalProperties": false
        })
    );
    assert!(CreateRoute::INPUT_SCHEMA.contains("weight"));
    assert!(!CreateRoute::input_schema_json().contains("weight"));
}

/// `CreateTask`'s envelope (`{"data": {...}}`): `gid` and `created_at` are read-only in `data`,
/// and `gid` in each follower; the struct has no field for them (one would not compile).
#[derive(Debug, serde::Serialize, serde::Deserialize, catalog::Object)]
pub struct TaskData {
    pub name: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub completed: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub followers: Option<Vec<Follower>>,
}

#[derive(Debug, serde::Serialize, serde::Deserialize, catalog::Object)]
pub struct Follower {
    pub name: String,
}

/// Create a task.
#[derive(Debug)]
#[tool(spec = "nested", operation = "CreateTask")]
pub struct CreateTask {
    pub data: TaskData,
}

#[test]
fn a_read_only_property_below_the_top_level_is_refused_naming_its_path_never_dropped() {
    // Before, `data.created_at` was accepted by the decoder, dropped by serde, and the call
    // reported success: the agent believed it had set a creation date.
    let e = CreateTask::from_arguments(json!({
        "data": {"name": "Ship it", "created_at": "2026-12-01T00:00:00Z",
                 "followers": [{"name": "Ann"}, {"name": "Bo", "gid": "123"}]}
    }))
    .unwrap_err();
    assert_eq!(
        e.to_string(),
        "invalid arguments: $.data.created_at: `created_at` is read-only: the server sets it and \
         ignores a value sent, so this tool does not send it; leave it out; \
         $.data.followers[1].gid: `gid` is read-only: the server sets it and ignores a value \
         sent, so this tool does not send it; leave it out"
    );
    let kinds: Vec<catalog::ProblemKind> = e.problems().iter().map(|p| p.kind()).collect();
    assert_eq!(
        kinds,
        [
            catalog::ProblemKind::ReadOnly,
            catalog::ProblemKind::ReadOnly
        ]
    );
}

#[test]
fn an_envelope_call_without_read_only_properties_is_sent_exactly() {
    // `gid` is required of the object and read-only: a request never carries it.
    let args = json!({"data": {"name": "Ship it", "completed": false,
                               "followers": [{"name": "Ann"}]}});
    let tool = CreateTask::from_arguments(args.clone()).unwrap();
    let body: Value = serde_json::from_slice(tool.to_request().unwrap().body()).unwrap();
    assert_eq!(body, args);
    // The input schema offers neither read-only property, at either depth, and requires
    // neither.
    let data = &CreateTask::input_schema()["properties"]["data"];
    let keys = |v: &Value| -> Vec<String> {
        v["properties"]
            .as_object()
            .unwrap()
            .keys()
            .cloned()
            .collect()
    };
    assert_eq!(keys(data), ["name", "completed", "followers"]);
    assert_eq!(data["required"], json!(["name"]));
    assert_eq!(keys(&data["properties"]["followers"]["items"]), ["name"]);
}

/// Every tool of this file, probed at every depth (`catalog::dropped`): each string property the
/// input schema offers reaches the request, each closed object refuses a key it does not
/// declare, each nested read-only property is refused.
#[test]
fn nothing_an_input_schema_offers_is_dropped_at_any_depth() {
    let catalog = catalog::Catalog::new()
        .tool::<CreateMonitor>()
        .tool::<UpdateCustomer>()
        .tool::<CreateShipment>()
        .tool::<CreateRoute>()
        .tool::<CreateTask>();
    let report = catalog::dropped::probe(&catalog);
    assert!(report.dropped.is_empty(), "{report}");
    assert!(report.accepted_unexpectedly.is_empty(), "{report}");
    assert!(report.refused.is_empty(), "{report}");
    assert!(report.not_probed.is_empty(), "{report}");
    // Through arrays, maps' values and the object arm of `anyOf [object, ""]`.
    assert_eq!(
        report.carried,
        [
            "create_monitor $.name",
            "create_monitor $.alerts.email",
            "create_monitor $.alerts.slack[0].channel",
            "create_monitor $.alerts.slack[0].mention",
            "create_monitor $.alerts.escalation.contact.name",
            "update_customer $.customer",
            "update_customer $.email",
            "update_customer $.address.line1",
            "update_customer $.address.city",
            "update_customer $.address.postal_code",
            "create_shipment $.reference",
            "create_shipment $.shipping.name",
            "create_shipment $.shipping.phone",
            "create_shipment $.shipping.address.line1",
            "create_shipment $.shipping.address.city",
            "create_shipment $.shipping.address.postal_code",
            "create_shipment $.shipping.return_to.line1",
            "create_shipment $.shipping.return_to.city",
            "create_shipment $.shipping.return_to.postal_code",
            "create_route $.name",
            "create_route $.targets.cataprobekey.url",
            "create_route $.targets.cataprobekey.health.path",
            "create_task $.data.name",
            "create_task $.data.followers[0].name",
        ],
        "{report}"
    );
    assert_eq!(
        report.refused_as_expected,
        [
            "create_monitor $.alerts.cataprobe_undeclared",
            "create_monitor $.alerts.slack[0].cataprobe_undeclared",
            "create_monitor $.alerts.escalation.cataprobe_undeclared",
            "create_monitor $.alerts.escalation.contact.cataprobe_undeclared",
            "update_customer $.address.cataprobe_undeclared",
            "create_shipment $.shipping.cataprobe_undeclared",
            "create_shipment $.shipping.address.cataprobe_undeclared",
            "create_shipment $.shipping.return_to.cataprobe_undeclared",
            "create_route $.policy.cataprobe_undeclared",
            "create_route $.targets.cataprobekey.cataprobe_undeclared",
            "create_route $.targets.cataprobekey.health.cataprobe_undeclared",
            "create_task $.data.cataprobe_undeclared",
            "create_task $.data.followers[0].cataprobe_undeclared",
            "create_task $.data.gid",
            "create_task $.data.created_at",
            "create_task $.data.followers[0].gid",
        ],
        "{report}"
    );
}

/// A struct that drops a value on the way out: decoded, never sent (`skip_serializing` itself is
/// refused by the derive; a predicate that is always true is not seen).
#[derive(Debug, serde::Serialize, serde::Deserialize, catalog::Object)]
pub struct LossyTaskData {
    pub name: String,
    pub completed: Option<bool>,
    #[serde(skip_serializing_if = "always")]
    pub followers: Option<Vec<Follower>>,
}

fn always<T>(_: &T) -> bool {
    true
}

/// Create a task, losing its followers.
#[derive(Debug)]
#[tool(spec = "nested", operation = "CreateTask")]
pub struct LossyCreateTask {
    pub data: LossyTaskData,
}

/// The probe is shown to catch what it looks for: a value the decoder accepts and the request
/// does not carry.
#[test]
fn the_probe_reports_a_value_accepted_and_then_dropped() {
    let report = catalog::dropped::probe(&catalog::Catalog::new().tool::<LossyCreateTask>());
    assert_eq!(
        report.dropped,
        ["create_task $.data.followers[0].name"],
        "{report}"
    );
    assert_eq!(report.carried, ["create_task $.data.name"], "{report}");
}
