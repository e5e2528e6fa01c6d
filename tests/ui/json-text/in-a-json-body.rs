use catalog::tool;

// A JSON body holds a JSON value as itself: JSON text inside it would be a string.
#[tool(spec = "taskboard", operation = "CreateTask", omitted("query.notify", reason = "an agent creating tasks in bulk must not page every watcher"))]
pub struct CreateTask {
    pub board_id: String,
    #[arg(
        wire_type = "json",
        read_at = "server/tasks/create.rs: NewTask.title",
        reason = "the server parses the title as JSON"
    )]
    pub title: serde_json::Value,
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
