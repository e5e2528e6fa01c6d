use catalog::tool;
use std::collections::BTreeMap;

#[derive(serde::Serialize, serde::Deserialize, catalog::Object)]
#[object(omitted("weight", reason = "weights are balanced by the operations team, never by an agent"))]
pub struct Target {
    pub url: String,
    pub health: Option<Health>,
}

/// Two levels down, under a map's value: `interval_seconds` is declared and optional, and not
/// accounted for; `path` is required and may be absent.
#[derive(serde::Serialize, serde::Deserialize, catalog::Object)]
pub struct Health {
    pub path: Option<String>,
}

#[tool(spec = "nested", operation = "CreateRoute")]
pub struct CreateRoute {
    pub name: String,
    pub policy: Option<serde_json::Value>,
    pub targets: Option<BTreeMap<String, Target>>,
}

fn main() {}
