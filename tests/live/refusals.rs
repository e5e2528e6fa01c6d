//! The reverse direction, sampled: arguments a read tool refuses (an unknown key, a text where
//! the schema says integer, a text where it says boolean, a value outside an enum, a text
//! outside a pattern), each sent to
//! the server as the raw HTTP request it would have made, and the server's answer sorted: it
//! refuses (4xx), ignores (the same answer as without the parameter) or acts on it (another
//! answer). Acting on what the tool refused is an exception, listed with why in
//! [`KNOWN_EXCEPTIONS`] and docs/live-netbox.md.

use crate::world::{Http, World};
use catalog::Catalog;
use catalog::model::{Disposition, Location};
use serde_json::{Value, json};
use std::collections::BTreeMap;

/// What the server did with a request the tool refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Outcome {
    Refused,
    Ignored,
    Acted,
}

/// One sample: the tool, the kind of wrong argument, the wire parameter and the outcome.
#[derive(Debug)]
pub struct Sample {
    pub tool: &'static str,
    pub kind: &'static str,
    pub param: String,
    pub outcome: Outcome,
}

/// Wrong arguments the server acts on, by kind and wire parameter, and why it is right that
/// the tool refuses them.
pub const KNOWN_EXCEPTIONS: &[(&str, &str, &str)] = &[(
    "a text for a boolean",
    "brief",
    "NetBox turns brief mode on for any non-empty `brief` (netbox/api/viewsets/__init__.py: \
     `request.GET.get('brief')`), `yes` and `false` alike; the tool takes a boolean, and its \
     doc says to leave `brief` out for whole objects",
)];

/// A fixture object's id for each tool whose path has an `{id}`.
fn path_id(world: &World, tool: &str) -> Option<i64> {
    let (kind, key) = match tool {
        "get_site" => ("sites", "live-site-a"),
        "get_rack" => ("racks", "live-rack-a1"),
        "get_device" => ("devices", "live-leaf-a1"),
        "get_interface" | "trace_interface" => ("interfaces", "live-leaf-a1/eth1"),
        "get_cable" => ("cables", "live-cable-1"),
        "get_prefix" | "list_available_ips" => ("prefixes", "10.77.2.0/24"),
        "get_ip_address" => ("ip_addresses", "10.77.1.1/24"),
        "get_vlan" => ("vlans", "live-servers"),
        "get_vrf" => ("vrfs", "live-vrf"),
        "get_tenant" => ("tenants", "live-acme"),
        "get_virtual_machine" => ("virtual_machines", "live-vm-1"),
        "get_cluster" => ("clusters", "live-cluster"),
        _ => return None,
    };
    Some(world.id(kind, key))
}

/// The schema's type of a property, or of its items for an array (`null` left out).
fn scalar_type(property: &Value) -> Option<&str> {
    let schema = if property["type"] == "array"
        || property["type"]
            .as_array()
            .is_some_and(|t| t.contains(&json!("array")))
    {
        &property["items"]
    } else {
        property
    };
    match &schema["type"] {
        Value::String(t) => Some(t.as_str()),
        Value::Array(ts) => ts.iter().filter_map(Value::as_str).find(|t| *t != "null"),
        _ => None,
    }
}

fn has_enum(property: &Value) -> bool {
    property["enum"].is_array() || property["items"]["enum"].is_array()
}

fn has_pattern(property: &Value) -> bool {
    property["pattern"].is_string() || property["items"]["pattern"].is_string()
}

/// The answer's part that a parameter can change: a page's count and objects (its `next` link
/// repeats the query), or the whole body.
fn answer(body: &Value) -> Value {
    match body.get("results") {
        Some(results) => json!({"count": body["count"], "results": results}),
        None => body.clone(),
    }
}

/// Samples each read tool with up to four wrong arguments and sends each as raw HTTP.
pub async fn sample(catalog: &Catalog, http: &Http, world: &World) -> Vec<Sample> {
    let mut out = Vec::new();
    for tool in catalog.tools().filter(|t| t.read_only()) {
        let op = tool.operation;
        let id = path_id(world, tool.name);
        let path = match id {
            Some(id) => op.path.replace("{id}", &id.to_string()),
            None => op.path.clone(),
        };
        let path = path.trim_start_matches("/api/").to_string();
        let base_args = match id {
            Some(id) => json!({"id": id}),
            None => json!({}),
        };
        // The wire name of each argument the tool sets in the query.
        let wire: BTreeMap<&str, &str> = op
            .accounting
            .iter()
            .filter(|r| r.param.location == Location::Query)
            .filter_map(|r| match &r.disposition {
                Disposition::Set { argument, .. } => {
                    Some((argument.as_str(), r.param.name.as_str()))
                }
                _ => None,
            })
            .collect();
        let properties = tool.input_schema["properties"]
            .as_object()
            .cloned()
            .unwrap_or_default();
        let mut wrong: Vec<(&'static str, String, Value, String)> = vec![(
            "unknown key",
            "live_unknown".into(),
            json!("x"),
            "live_unknown".into(),
        )];
        let first = |pick: &dyn Fn(&Value) -> bool| {
            properties
                .iter()
                .filter(|(name, _)| wire.contains_key(name.as_str()))
                .find(|(_, p)| pick(p))
                .map(|(name, _)| name.clone())
        };
        if let Some(name) = first(&|p| scalar_type(p) == Some("integer") && !has_enum(p)) {
            wrong.push((
                "a text for an integer",
                name.clone(),
                json!("live-text"),
                wire[name.as_str()].into(),
            ));
        }
        // A boolean filter rather than `brief` where the tool has one.
        let boolean = properties
            .iter()
            .filter(|(name, p)| {
                wire.contains_key(name.as_str()) && scalar_type(p) == Some("boolean")
            })
            .map(|(name, _)| name.clone())
            .min_by_key(|name| name == "brief");
        if let Some(name) = boolean.as_ref() {
            wrong.push((
                "a text for a boolean",
                name.clone(),
                json!("yes"),
                wire[name.as_str()].into(),
            ));
        }
        if let Some(name) = first(&has_enum) {
            wrong.push((
                "a value outside the enum",
                name.clone(),
                json!("live-none"),
                wire[name.as_str()].into(),
            ));
        }
        if let Some(name) = first(&has_pattern) {
            wrong.push((
                "a text outside the pattern",
                name.clone(),
                json!("live-text"),
                wire[name.as_str()].into(),
            ));
        }
        let (status, without) = http.send("GET", &path, None).await;
        assert_eq!(status, 200, "GET /api/{path}: {without}");
        for (kind, argument, value, param) in wrong {
            let mut args = base_args.clone();
            args[&argument] = if properties
                .get(&argument)
                .is_some_and(|p| p["type"] == "array")
            {
                json!([value])
            } else {
                value.clone()
            };
            if let Ok(request) = catalog.request(tool.name, args.clone()) {
                panic!(
                    "{} accepted {args} ({kind}) and would send {}",
                    tool.name,
                    request.uri()
                );
            }
            let text = value.as_str().expect("a text");
            let (status, with) = http
                .send("GET", &format!("{path}?{param}={text}"), None)
                .await;
            let outcome = if (400..500).contains(&status) {
                Outcome::Refused
            } else if status == 200 && answer(&with) == answer(&without) {
                Outcome::Ignored
            } else if status == 200 {
                Outcome::Acted
            } else {
                panic!("GET /api/{path}?{param}={text}: {status} {with}")
            };
            out.push(Sample {
                tool: tool.name,
                kind,
                param,
                outcome,
            });
        }
    }
    out
}
