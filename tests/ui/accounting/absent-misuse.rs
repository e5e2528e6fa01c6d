//! `#[arg(absent = "...")]` where it says nothing or cannot hold: what the tool's semantics say
//! already, off the body, on a property every call sends, on a write without semantics, and an
//! unknown value.
use catalog::tool;

/// A PUT clears what a call leaves out already.
#[tool(spec = "playouts", operation = "UpdatePlayout")]
pub struct UpdatePlayout {
    pub id: i64,
    pub name: String,
    pub schedule_file: Option<String>,
    #[arg(absent = "clears")]
    pub daily_rebuild_time: Option<String>,
    pub seed: Option<i64>,
}

/// A PATCH keeps what a call leaves out already.
#[tool(spec = "playouts", operation = "PatchPlayout")]
pub struct PatchPlayout {
    pub id: i64,
    pub name: Option<String>,
    #[arg(absent = "keeps")]
    pub schedule_file: Option<String>,
    pub daily_rebuild_time: Option<String>,
}

/// A path parameter, and a property the spec requires.
#[tool(spec = "playouts", operation = "UpdatePlayout", name = "update_playout_sent")]
pub struct UpdatePlayoutSent {
    #[arg(absent = "keeps")]
    pub id: i64,
    #[arg(absent = "keeps")]
    pub name: String,
    pub schedule_file: Option<String>,
    pub daily_rebuild_time: Option<String>,
    #[arg(absent = "kept")]
    pub seed: Option<i64>,
}

/// A POST says nothing of what a call leaves out.
#[tool(
    spec = "taskboard",
    operation = "CreateTask",
    fixed("query.notify", value = false, reason = "an agent creating tasks in bulk must not page every watcher"),
    omitted("body.metadata", reason = "metadata carries integration payloads an agent should not forge")
)]
pub struct CreateTask {
    pub board_id: String,
    pub title: String,
    pub status: String,
    #[arg(absent = "keeps")]
    pub description: Option<Option<String>>,
    pub priority: Option<Option<String>>,
    pub due: Option<String>,
    pub estimate_hours: Option<f64>,
    pub labels: Option<Vec<String>>,
    pub assignee: Option<Option<serde_json::Value>>,
}

fn main() {}
