use catalog::tool;
use std::collections::BTreeMap;

/// `targets{}.wieght`: misspelled in a map's value; an agent's `weight` would be dropped.
#[derive(serde::Serialize, serde::Deserialize, catalog::Object)]
pub struct Target {
    pub url: String,
    pub wieght: Option<i64>,
    pub health: Option<serde_json::Value>,
}

#[tool(spec = "nested", operation = "CreateRoute")]
pub struct CreateRoute {
    pub name: String,
    pub policy: Option<serde_json::Value>,
    pub targets: Option<BTreeMap<String, Target>>,
}

fn main() {}
