use catalog::tool;

/// `metadata` is a free-form object (`additionalProperties: true`, no property declared): a
/// struct would close it, and the tool would accept no key in it.
#[derive(serde::Serialize, serde::Deserialize, catalog::Object)]
pub struct Metadata {
    pub source: Option<String>,
}

#[tool(
    spec = "taskboard",
    operation = "CreateTask",
    fixed("query.notify", value = false, reason = "an agent creating tasks in bulk must not page the assignee")
)]
pub struct CreateTask {
    pub board_id: String,
    pub title: String,
    pub status: String,
    pub description: Option<Option<String>>,
    pub priority: Option<Option<String>>,
    pub due: Option<String>,
    pub estimate_hours: Option<f64>,
    pub labels: Option<Vec<String>>,
    pub assignee: Option<Option<serde_json::Value>>,
    pub metadata: Option<Metadata>,
}

fn main() {}
