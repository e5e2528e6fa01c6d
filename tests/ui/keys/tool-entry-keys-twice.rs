//! `check` given twice, and `clears` twice in one `omitted(...)`: each is an error over both.
use catalog::tool;

#[tool(
    spec = "taskboard",
    operation = "Search",
    check = Self::floor_needs_text,
    check = Self::text_is_short,
    omitted("query.include_archived", reason = "archived boards are out of the agent's scope")
)]
pub struct CheckTwice {
    pub q: String,
    pub score_min: Option<f64>,
}

#[tool(
    spec = "taskboard",
    operation = "ReplaceTask",
    omitted("body.metadata", clears, clears, reason = "metadata carries integration payloads an agent should not forge")
)]
pub struct ClearsTwice {
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

fn main() {}
