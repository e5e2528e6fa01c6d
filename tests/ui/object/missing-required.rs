use catalog::tool;

/// The spec requires `username`; the rename sends `user` instead.
#[derive(serde::Serialize, serde::Deserialize, catalog::Object)]
pub struct Assignee {
    #[serde(rename = "user")]
    pub username: String,
}

#[tool(
    spec = "taskboard",
    operation = "CreateTask",
    fixed("query.notify", value = false, reason = "an agent creating tasks in bulk must not page the assignee"),
    omitted("body.metadata", reason = "metadata carries integration payloads an agent should not forge")
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
    pub assignee: Option<Option<Assignee>>,
}

fn main() {}
