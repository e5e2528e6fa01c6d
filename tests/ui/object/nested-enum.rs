use catalog::tool;

/// `policy.level` allows `low` and `high`: `Urgent` is no value of the spec's, and `high` has
/// no variant. Checked like the enum of a top-level field.
#[derive(serde::Serialize, serde::Deserialize, catalog::StringEnum)]
#[serde(rename_all = "lowercase")]
pub enum Level {
    Low,
    Urgent,
}

#[derive(serde::Serialize, serde::Deserialize, catalog::Object)]
pub struct Policy {
    pub level: Option<Level>,
    pub retries: Option<i64>,
}

#[tool(spec = "nested", operation = "CreateRoute")]
pub struct CreateRoute {
    pub name: String,
    pub policy: Option<Policy>,
    pub targets: Option<serde_json::Value>,
}

fn main() {}
