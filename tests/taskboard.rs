//! Tools against the project's own spec: decoding, encoding and emitted data, end to end
//! through the macro.

use catalog::{Tool, tool};
use serde_json::json;

/// List the tasks of a board.
#[tool(
    spec = "taskboard",
    operation = "ListTasks",
    omitted(
        "header.X-Request-Id",
        reason = "request ids are for the server's operators; an agent has no log to correlate"
    )
)]
pub struct ListTasks {
    /// The board's slug.
    pub board_id: String,
    pub status: Option<Vec<String>>,
    pub label: Option<Vec<String>>,
    pub assignee: Option<Option<String>>,
    pub page: Option<i32>,
    pub per_page: Option<u8>,
}

#[test]
fn list_tasks_round_trip() {
    let t = ListTasks::from_arguments(json!({
        "board_id": "ops",
        "status": ["todo", "doing"],
        "label": ["a", "b c"],
        "assignee": null,
        "page": 2
    }))
    .unwrap();
    assert_eq!(t.assignee, Some(None));
    let req = t.to_request().unwrap();
    assert_eq!(req.method(), "GET");
    assert_eq!(
        req.uri().to_string(),
        "/boards/ops/tasks?status=todo&status=doing&label=a,b%20c&assignee=&page=2"
    );
    assert_eq!(ListTasks::NAME, "list_tasks");
}
