//! A full replace that cannot send a body property states it (`omitted("body.x", clears, ...)`):
//! the tool compiles, its description tells the agent which properties each call clears, and an
//! agent that sends one is refused with the reason.

use catalog::{Tool, tool};
use serde_json::json;

/// Replace a task, keeping nothing the tool cannot send.
#[tool(
    spec = "taskboard",
    operation = "ReplaceTask",
    omitted(
        "body.metadata",
        clears,
        reason = "metadata carries integration payloads an agent should not forge; each replace empties it"
    )
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

/// Upsert a task: this POST replaces the task of the same title.
#[tool(
    spec = "taskboard",
    operation = "CreateTask",
    semantics = "full-replace",
    fixed(
        "query.notify",
        value = false,
        reason = "an agent creating tasks in bulk must not page every watcher"
    ),
    omitted(
        "body.metadata",
        clears,
        reason = "metadata carries integration payloads an agent should not forge; each upsert empties it"
    )
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

#[test]
fn the_description_names_what_each_call_clears() {
    for description in [ReplaceTask::DESCRIPTION, UpsertTask::DESCRIPTION] {
        assert!(
            description.contains(
                "every body field you leave out is written as empty. This tool cannot send \
                 `metadata`, so those are cleared too."
            ),
            "{description}"
        );
    }
}

#[test]
fn a_cleared_property_sent_by_an_agent_is_refused_with_the_reason() {
    let e = ReplaceTask::from_arguments(json!({
        "board_id": "ops", "task_id": 1, "title": "x", "status": "todo", "metadata": {}
    }))
    .map(|_| ())
    .unwrap_err()
    .to_string();
    assert!(
        e.contains("`metadata` is not accepted")
            && e.contains("metadata carries integration payloads an agent should not forge; each replace empties it"),
        "{e}"
    );
}
