use catalog::tool;

/// A PUT replaces the task: leaving `metadata` out clears it on every call, unstated here.
#[tool(
    spec = "taskboard",
    operation = "ReplaceTask",
    omitted("body.metadata", reason = "metadata carries integration payloads an agent should not forge")
)]
pub struct ReplaceTask {
    pub board_id: String,
    pub task_id: i64,
    #[arg(param = "header.If-Match")]
    pub if_match: Option<String>,
    pub title: String,
    pub status: String,
    pub description: Option<Option<String>>,
    pub priority: Option<Option<String>>,
    pub due: Option<String>,
    pub estimate_hours: Option<f64>,
    pub labels: Option<Vec<String>>,
    pub assignee: Option<Option<serde_json::Value>>,
}

/// A glob over the body of a full replace would clear whatever a later release adds.
#[tool(
    spec = "taskboard",
    operation = "ReplaceTask",
    omitted("body.*", clears, reason = "an agent retitles tasks; a person keeps the rest up to date"),
    omitted("header.If-Match", clears, reason = "the agent replaces whatever version is current")
)]
pub struct RetitleTask {
    pub board_id: String,
    pub task_id: i64,
    pub title: String,
    pub status: String,
}

/// `clears` on a POST, which replaces nothing.
#[tool(
    spec = "taskboard",
    operation = "CreateTask",
    fixed("query.notify", value = false, reason = "an agent creating tasks in bulk must not page every watcher"),
    omitted("body.metadata", clears, reason = "metadata carries integration payloads an agent should not forge")
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
}

/// Declared a full replace: the POST clears what it does not send.
#[tool(
    spec = "taskboard",
    operation = "CreateTask",
    name = "upsert_task",
    semantics = "full-replace",
    fixed("query.notify", value = false, reason = "an agent creating tasks in bulk must not page every watcher"),
    omitted("body.metadata", reason = "metadata carries integration payloads an agent should not forge")
)]
pub struct UpsertTask {
    pub board_id: String,
    pub title: String,
    pub status: String,
    pub description: Option<Option<String>>,
    pub priority: Option<Option<String>>,
    pub due: Option<String>,
    pub estimate_hours: Option<f64>,
    pub labels: Option<Vec<String>>,
    pub assignee: Option<Option<serde_json::Value>>,
}

fn main() {}
