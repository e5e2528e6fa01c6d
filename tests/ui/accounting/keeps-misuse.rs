//! `omitted(.., keeps, ..)` where it cannot hold: beside `clears`, off the body, on a merge (which
//! keeps already), and on a POST that says nothing of what a call leaves out; and `clears` on
//! that POST.
use catalog::tool;

/// `keeps` and `clears` at once.
#[tool(
    spec = "playouts",
    operation = "UpdatePlayout",
    omitted("body.scheduleFile", keeps, clears, reason = "the schedule file is chosen by the operator who set up the channel"),
    omitted("body.seed", clears, reason = "each update draws a new shuffle")
)]
pub struct RenamePlayout {
    pub id: i64,
    pub name: String,
    pub daily_rebuild_time: Option<String>,
}

/// `keeps` on a header, which no write clears.
#[tool(
    spec = "taskboard",
    operation = "ReplaceTask",
    omitted("header.If-Match", keeps, reason = "the agent replaces whatever version is current"),
    omitted("body.metadata", clears, reason = "metadata carries integration payloads an agent should not forge")
)]
pub struct ReplaceTask {
    pub board_id: String,
    pub task_id: i64,
    pub title: String,
    pub status: String,
    pub description: Option<Option<String>>,
    pub priority: Option<Option<String>>,
    pub due: Option<String>,
    pub estimate_hours: Option<f64>,
    pub labels: Option<Vec<String>>,
    pub assignee: Option<Option<serde_json::Value>>,
}

/// A PATCH keeps what a call leaves out already.
#[tool(
    spec = "playouts",
    operation = "PatchPlayout",
    omitted("body.scheduleFile", keeps, reason = "the schedule file is chosen by the operator who set up the channel")
)]
pub struct PatchPlayout {
    pub id: i64,
    pub name: Option<String>,
    pub daily_rebuild_time: Option<String>,
}

/// A POST says nothing of what a call leaves out: neither `keeps` nor `clears` differs from it.
#[tool(
    spec = "taskboard",
    operation = "CreateTask",
    fixed("query.notify", value = false, reason = "an agent creating tasks in bulk must not page every watcher"),
    omitted("body.metadata", keeps, reason = "metadata carries integration payloads an agent should not forge"),
    omitted("body.assignee", clears, reason = "tasks are assigned by their board's lead")
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
}

fn main() {}
