//! Each key inside `fixed(...)` and `undocumented(...)` given twice (`reason` in `omitted` is
//! in `attr/duplicate-key.rs`): every one is an error over both.
use catalog::tool;

#[tool(
    spec = "taskboard",
    operation = "CreateTask",
    fixed("query.notify", value = false, value = true, reason = "an agent creating tasks in bulk must not page every watcher")
)]
pub struct FixedValueTwice {
    pub board_id: String,
    pub title: String,
    pub status: String,
    pub description: Option<Option<String>>,
    pub priority: Option<Option<String>>,
    pub due: Option<String>,
    pub estimate_hours: Option<f64>,
    pub labels: Option<Vec<String>>,
    pub assignee: Option<Option<serde_json::Value>>,
    pub metadata: Option<serde_json::Value>,
}

#[tool(
    spec = "taskboard",
    operation = "CreateTask",
    fixed("query.notify", value = false, reason = "an agent creating tasks in bulk must not page every watcher", reason = "quiet")
)]
pub struct FixedReasonTwice {
    pub board_id: String,
    pub title: String,
    pub status: String,
    pub description: Option<Option<String>>,
    pub priority: Option<Option<String>>,
    pub due: Option<String>,
    pub estimate_hours: Option<f64>,
    pub labels: Option<Vec<String>>,
    pub assignee: Option<Option<serde_json::Value>>,
    pub metadata: Option<serde_json::Value>,
}

#[tool(
    spec = "taskboard",
    operation = "ListTasks",
    undocumented(
        "header.X-Client",
        value = "catalog-agent",
        value = "catalog",
        read_at = "server/middleware/client.rs client_name",
        read_at = "server/middleware/client.rs",
        reason = "the server rate-limits unnamed clients; naming the agent keeps its quota separate",
        reason = "quota"
    ),
    omitted("query.*", reason = "filters and paging beyond the first page are for the web client"),
    omitted("header.X-Request-Id", reason = "request ids only help the server's own operators")
)]
pub struct UndocumentedKeysTwice {
    pub board_id: String,
}

fn main() {}
