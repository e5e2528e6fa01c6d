use catalog::tool;
use std::collections::HashMap;

/// A map's value without the optional `weight`, neither a field nor omitted.
#[derive(serde::Serialize, serde::Deserialize, catalog::Object)]
pub struct Target {
    pub url: String,
    pub health: Option<serde_json::Value>,
}

#[tool(spec = "nested", operation = "CreateRoute")]
pub struct CreateRoute {
    pub name: String,
    pub policy: Option<serde_json::Value>,
    pub targets: Option<HashMap<String, Target>>,
}

fn main() {}
