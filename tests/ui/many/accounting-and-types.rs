use catalog::tool;

/// `emial` is not a property of the assignee object.
#[derive(serde::Serialize, serde::Deserialize, catalog::Object)]
pub struct Assignee {
    pub username: String,
    pub emial: Option<String>,
}

/// The spec's states are todo, doing and done: `Done` is missing.
#[derive(serde::Serialize, serde::Deserialize, catalog::StringEnum)]
#[serde(rename_all = "lowercase")]
pub enum TaskStatus {
    Todo,
    Doing,
}

/// `body.metadata` is left unaccounted and the fixed value has a vacuous reason: the type errors
/// of `assignee` and `status` are still reported in the same build.
#[tool(
    spec = "taskboard",
    operation = "CreateTask",
    fixed("query.notify", value = false, reason = "not needed")
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
    pub assignee: Option<Option<Assignee>>,
}

fn main() {}
