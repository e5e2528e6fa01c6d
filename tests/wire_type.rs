//! The type override (`#[arg(wire_type = "...", read_at = "...", reason = "...")]`): where the
//! spec's type is wrong, the field's type, the input schema and the decoding follow the type the
//! server reads, and the request keeps the parameter's own wire form.

use catalog::{Tool, model::Overridden, tool};
use serde_json::json;

const READ_AT: &str = "server/tasks/list.rs: ListFilter.assignee (parsed as a user id)";

/// List a board's tasks by assignee and label ids.
#[tool(
    spec = "taskboard",
    operation = "ListTasks",
    omitted(
        "query.status",
        reason = "the agent reads every state and sorts them itself; a state filter only hides tasks"
    ),
    omitted(
        "header.X-Request-Id",
        reason = "request ids only help the server's own operators"
    )
)]
pub struct TasksByAssignee {
    pub board_id: String,
    /// Label ids, sent comma-joined as the spec's `label` is.
    #[arg(
        wire_type = "integer",
        read_at = "server/tasks/list.rs: ListFilter.label (a list of label ids)",
        reason = "the spec types labels as names; the server reads label ids and refuses a name"
    )]
    pub label: Option<Vec<i64>>,
    /// The assignee's user id; `null` selects unassigned tasks.
    #[arg(
        wire_type = "integer",
        read_at = "server/tasks/list.rs: ListFilter.assignee (parsed as a user id)",
        reason = "the spec types the assignee as a string; the server reads a user id only"
    )]
    pub assignee: Option<Option<i64>>,
    pub page: Option<i32>,
    pub per_page: Option<i32>,
}

#[test]
fn the_input_schema_follows_the_override() {
    let schema = TasksByAssignee::input_schema();
    assert_eq!(
        schema["properties"]["assignee"],
        json!({
            "type": ["integer", "null"],
            "minimum": i64::MIN,
            "maximum": i64::MAX,
            "description": "The assignee's user id; `null` selects unassigned tasks."
        })
    );
    assert_eq!(
        schema["properties"]["label"],
        json!({
            "type": "array",
            "items": {"type": "integer", "minimum": i64::MIN, "maximum": i64::MAX},
            "description": "Label ids, sent comma-joined as the spec's `label` is."
        })
    );
}

#[test]
fn decoding_refuses_the_specs_type_and_takes_the_servers() {
    let e = TasksByAssignee::from_arguments(json!({"board_id": "ops", "assignee": "bob"}))
        .map(|_| ())
        .unwrap_err();
    assert_eq!(
        e.to_string(),
        "invalid arguments: $.assignee: expected integer or null, got string \"bob\""
    );
    let e = TasksByAssignee::from_arguments(json!({"board_id": "ops", "label": ["bug"]}))
        .map(|_| ())
        .unwrap_err();
    assert_eq!(
        e.to_string(),
        "invalid arguments: $.label[0]: expected integer, got string \"bug\""
    );
}

#[test]
fn the_wire_form_stays_the_parameters() {
    let t =
        TasksByAssignee::from_arguments(json!({"board_id": "ops", "label": [3, 5], "assignee": 7}))
            .unwrap();
    let r = t.to_request().unwrap();
    // `label` is `style: form, explode: false` in the spec: comma-joined, as before.
    assert_eq!(
        r.uri().to_string(),
        "/boards/ops/tasks?label=3,5&assignee=7"
    );
}

#[test]
fn the_accounting_row_records_what_the_spec_said() {
    let op = TasksByAssignee::operation();
    let row = op
        .accounting
        .iter()
        .find(|r| r.param.name == "assignee")
        .unwrap();
    assert_eq!(row.param.schema.ty.describe(), "integer");
    assert!(row.param.schema.nullable);
    assert_eq!(
        row.overridden,
        Some(Overridden {
            spec_type: "string".into(),
            read_at: READ_AT.into(),
            reason: "the spec types the assignee as a string; the server reads a user id only"
                .into(),
            narrowed: false,
        })
    );
}

/// A page number the server reads as text: a string override of a number keeps its digits.
#[tool(
    spec = "taskboard",
    operation = "ListTasks",
    omitted(
        "query.status",
        reason = "the agent reads every state and sorts them itself; a state filter only hides tasks"
    ),
    omitted(
        "header.X-Request-Id",
        reason = "request ids only help the server's own operators"
    )
)]
pub struct TasksByPageText {
    pub board_id: String,
    pub label: Option<Vec<String>>,
    pub assignee: Option<Option<String>>,
    #[arg(
        wire_type = "string",
        read_at = "server/tasks/list.rs: ListFilter.page (kept as the text sent, echoed in links)",
        reason = "the server echoes the page as sent into its next link; an integer loses leading zeros"
    )]
    pub page: Option<String>,
    pub per_page: Option<i32>,
}

#[test]
fn a_number_overridden_to_text_takes_its_digits_only_and_sends_them_verbatim() {
    assert_eq!(
        TasksByPageText::input_schema()["properties"]["page"],
        json!({"type": "string", "pattern": "^-?[0-9]+$", "description": "Page number, from 1"})
    );
    let e = TasksByPageText::from_arguments(json!({"board_id": "ops", "page": "next"}))
        .map(|_| ())
        .unwrap_err();
    assert_eq!(
        e.to_string(),
        "invalid arguments: $.page: must match the pattern /^-?[0-9]+$/, got string \"next\""
    );
    let t = TasksByPageText::from_arguments(json!({"board_id": "ops", "page": "007"})).unwrap();
    assert_eq!(
        t.to_request().unwrap().uri().to_string(),
        "/boards/ops/tasks?page=007"
    );
}
