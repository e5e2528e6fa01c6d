//! A tool for every operation of `openapi/taskboard.yaml`. Each struct is checked against the spec
//! at compile time: change a field's type, drop one, or edit the spec, and this stops compiling.

use catalog::tool;

/// List the tasks of a board, a page at a time.
#[tool(
    spec = "taskboard",
    operation = "ListTasks",
    omitted(
        "header.X-Request-Id",
        reason = "request ids correlate the server's own logs; an agent has none to correlate with"
    )
)]
pub struct ListTasks {
    /// The board, by its slug.
    pub board_id: String,
    pub status: Option<Vec<TaskStatus>>,
    pub label: Option<Vec<String>>,
    /// Only tasks assigned to this user; `null` for unassigned tasks.
    pub assignee: Option<Option<String>>,
    pub page: Option<u32>,
    pub per_page: Option<u8>,
}

/// A task's state, as the spec enumerates it.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize, catalog::StringEnum,
)]
#[serde(rename_all = "lowercase")]
pub enum TaskStatus {
    Todo,
    Doing,
    Done,
}

/// Create a task on a board.
#[tool(
    spec = "taskboard",
    operation = "CreateTask",
    fixed(
        "query.notify",
        value = false,
        reason = "an agent creating tasks in bulk must not page the assignee for each one"
    ),
    omitted(
        "body.metadata",
        reason = "metadata carries integration payloads that an agent should not forge"
    )
)]
pub struct CreateTask {
    pub board_id: String,
    pub title: String,
    pub status: TaskStatus,
    pub description: Option<Option<String>>,
    pub priority: Option<Option<String>>,
    pub due: Option<String>,
    pub estimate_hours: Option<f64>,
    pub labels: Option<Vec<String>>,
    pub assignee: Option<Option<serde_json::Value>>,
}

/// Get one task.
#[tool(spec = "taskboard", operation = "GetTask")]
pub struct GetTask {
    pub board_id: String,
    pub task_id: i64,
}

/// Replace a task: every field is written, so send the ones you want kept.
#[tool(spec = "taskboard", operation = "ReplaceTask")]
pub struct ReplaceTask {
    pub board_id: String,
    pub task_id: i64,
    /// The ETag from `get_task`; the server answers 412 when the task changed since.
    #[arg(param = "header.If-Match")]
    pub if_match: Option<String>,
    pub title: String,
    pub status: TaskStatus,
    pub description: Option<Option<String>>,
    pub priority: Option<Option<String>>,
    pub due: Option<String>,
    pub estimate_hours: Option<f64>,
    pub labels: Option<Vec<String>>,
    pub assignee: Option<Option<serde_json::Value>>,
    pub metadata: Option<serde_json::Value>,
}

/// Delete a task.
#[tool(spec = "taskboard", operation = "DeleteTask")]
pub struct DeleteTask {
    pub board_id: String,
    pub task_id: i64,
}

// An operation without an operationId, named by method and path.
/// Replace the labels of a task.
#[tool(
    spec = "taskboard",
    operation = "PUT /boards/{board_id}/tasks/{task_id}/labels",
    name = "set_task_labels"
)]
pub struct SetTaskLabels {
    pub board_id: String,
    pub task_id: i64,
    /// The labels, replacing the current ones.
    #[arg(param = "body", rename = "labels")]
    pub labels: Vec<String>,
}

/// Comment on a board.
#[tool(
    spec = "taskboard",
    operation = "AddComment",
    omitted(
        "cookie.session",
        reason = "the web session belongs to a person's browser; an agent authenticates by API key"
    )
)]
pub struct AddComment {
    pub board_id: String,
    pub text: String,
    pub pinned: Option<bool>,
}

/// Search tasks across boards.
#[tool(
    spec = "taskboard",
    operation = "Search",
    omitted(
        "query.include_archived",
        reason = "archived boards are closed history; results from them mislead an agent planning work"
    )
)]
pub struct Search {
    pub q: String,
    pub score_min: Option<f32>,
}

/// Every tool above, as one catalog.
pub fn catalog() -> catalog::Catalog {
    catalog::Catalog::new()
        .tool::<ListTasks>()
        .tool::<CreateTask>()
        .tool::<GetTask>()
        .tool::<ReplaceTask>()
        .tool::<DeleteTask>()
        .tool::<SetTaskLabels>()
        .tool::<AddComment>()
        .tool::<Search>()
}
