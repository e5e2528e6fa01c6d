//! The alias table (`#[tool(..., aliases(former = "current"))]`): a former argument name is
//! still refused, and the refusal names the argument that replaced it.

use catalog::{Tool, tool};
use serde_json::json;

/// List a board's tasks.
#[tool(
    spec = "taskboard",
    operation = "ListTasks",
    aliases(labels = "label", owner = "assignee"),
    omitted(
        "header.X-Request-Id",
        reason = "request ids only help the server's own operators"
    )
)]
pub struct ListTasks {
    pub board_id: String,
    pub status: Option<Vec<String>>,
    pub label: Option<Vec<String>>,
    pub assignee: Option<Option<String>>,
    pub page: Option<i32>,
    pub per_page: Option<i32>,
}

#[test]
fn a_former_name_is_refused_with_the_current_one() {
    let e =
        ListTasks::from_arguments(json!({"board_id": "ops", "labels": ["bug"], "owner": "ann"}))
            .map(|_| ())
            .unwrap_err();
    assert_eq!(
        e.to_string(),
        "invalid arguments: $.labels: unknown argument `labels`; did you mean `label`? (`labels` \
         is its former name); $.owner: unknown argument `owner`; did you mean `assignee`? \
         (`owner` is its former name)"
    );
}

#[test]
fn the_alias_is_never_an_accepted_key_nor_in_the_schema() {
    let schema = ListTasks::input_schema();
    assert!(schema["properties"].get("labels").is_none());
    let t = ListTasks::from_arguments(json!({"board_id": "ops", "label": ["bug"]})).unwrap();
    assert_eq!(
        t.to_request().unwrap().uri().to_string(),
        "/boards/ops/tasks?label=bug"
    );
}
