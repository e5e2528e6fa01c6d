use catalog::tool;

// A JSON body sends a list as its own array: `delimited` would send one text the server does not
// split.
#[tool(spec = "taskboard", operation = "CreateTask", omitted("query.notify", reason = "an agent creating tasks in bulk must not page every watcher"))]
pub struct CreateTask {
    pub board_id: String,
    #[arg(
        delimited = ",",
        read_at = "server/tasks/create.rs: NewTask.title",
        reason = "the server splits titles on commas into one task each"
    )]
    pub title: Vec<String>,
    pub status: String,
    pub description: Option<Option<String>>,
    pub priority: Option<Option<String>>,
    pub due: Option<String>,
    pub estimate_hours: Option<f64>,
    pub labels: Option<Vec<String>>,
    pub assignee: Option<Option<serde_json::Value>>,
    pub metadata: Option<serde_json::Value>,
}

fn main() {}
