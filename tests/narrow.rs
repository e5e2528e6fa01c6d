//! The narrowing override (`#[arg(values = [...] | pattern = "...", read_at, reason)]`): where
//! the server accepts fewer values than the spec says, the input schema advertises the enum or
//! the pattern, the strict decoding refuses any other value with the allowed ones named, and
//! the request keeps the parameter's own wire form.

use catalog::{Tool, model::Overridden, tool};
use serde_json::json;

/// The states the server lists open tasks in (`done` is archived there).
#[derive(Debug, PartialEq, serde::Serialize, serde::Deserialize, catalog::StringEnum)]
#[serde(rename_all = "lowercase")]
pub enum OpenState {
    Todo,
    Doing,
}

const LABELS_AT: &str = "server/tasks/list.rs: ListFilter.label (parsed as a Label)";

/// List a board's open tasks by label and assignee.
#[tool(
    spec = "taskboard",
    operation = "ListTasks",
    omitted(
        "header.X-Request-Id",
        reason = "request ids only help the server's own operators"
    )
)]
pub struct OpenTasks {
    pub board_id: String,
    /// Open states only; the field's enum holds exactly the narrowed values.
    #[arg(
        values = ["todo", "doing"],
        read_at = "server/tasks/list.rs: ListFilter.status (archived states are not listed)",
        reason = "the spec allows `done`; the server lists archived tasks elsewhere and refuses it"
    )]
    pub status: Option<Vec<OpenState>>,
    /// Labels, sent comma-joined as the spec's `label` is.
    #[arg(
        values = ["bug", "feature", "chore"],
        read_at = "server/tasks/list.rs: ListFilter.label (parsed as a Label)",
        reason = "the spec allows any text; the server reads its three built-in labels only"
    )]
    pub label: Option<Vec<String>>,
    /// The assignee's user name; `null` selects unassigned tasks.
    #[arg(
        pattern = "^[a-z][a-z0-9_]{2,31}$",
        read_at = "server/users.rs: UserName::parse",
        reason = "the spec allows any text; the server refuses a user name it cannot parse"
    )]
    pub assignee: Option<Option<String>>,
    pub page: Option<i32>,
    pub per_page: Option<i32>,
}

#[test]
fn the_input_schema_advertises_the_narrowed_values_and_pattern() {
    let schema = OpenTasks::input_schema();
    assert_eq!(
        schema["properties"]["label"],
        json!({
            "type": "array",
            // The narrowed enum, beside the rule a query item cannot be empty.
            "items": {"type": "string", "enum": ["bug", "feature", "chore"], "minLength": 1},
            "description": "Labels, sent comma-joined as the spec's `label` is."
        })
    );
    assert_eq!(
        schema["properties"]["status"]["items"]["enum"],
        json!(["todo", "doing"])
    );
    assert_eq!(
        schema["properties"]["assignee"],
        json!({
            "type": ["string", "null"],
            "pattern": "^[a-z][a-z0-9_]{2,31}$",
            "minLength": 1,
            "description": "The assignee's user name; `null` selects unassigned tasks."
        })
    );
}

#[test]
fn decoding_refuses_what_the_server_refuses_and_names_what_it_reads() {
    let refused = |args| {
        OpenTasks::from_arguments(args)
            .map(|_| ())
            .unwrap_err()
            .to_string()
    };
    assert_eq!(
        refused(json!({"board_id": "ops", "status": ["done"]})),
        "invalid arguments: $.status[0]: expected one of \"todo\", \"doing\", got string \"done\""
    );
    assert_eq!(
        refused(json!({"board_id": "ops", "label": ["bug", "urgent"]})),
        "invalid arguments: $.label[1]: expected one of \"bug\", \"feature\", \"chore\", got \
         string \"urgent\""
    );
    assert_eq!(
        refused(json!({"board_id": "ops", "assignee": "Bob Smith"})),
        "invalid arguments: $.assignee: must match the pattern /^[a-z][a-z0-9_]{2,31}$/, got \
         string \"Bob Smith\""
    );
}

#[test]
fn the_wire_form_stays_the_parameters() {
    let t = OpenTasks::from_arguments(json!({
        "board_id": "ops",
        "status": ["todo", "doing"],
        "label": ["bug", "chore"],
        "assignee": "ada_l"
    }))
    .unwrap();
    assert_eq!(t.status, Some(vec![OpenState::Todo, OpenState::Doing]));
    let r = t.to_request().unwrap();
    // `status` is exploded, `label` is `style: form, explode: false`: as the spec says.
    assert_eq!(
        r.uri().to_string(),
        "/boards/ops/tasks?status=todo&status=doing&label=bug,chore&assignee=ada_l"
    );
}

#[test]
fn the_accounting_row_records_what_the_spec_said() {
    let op = OpenTasks::operation();
    let row = op
        .accounting
        .iter()
        .find(|r| r.param.name == "label")
        .unwrap();
    assert_eq!(
        row.param.schema.ty.describe(),
        "array of string enum [bug, feature, chore]"
    );
    assert_eq!(
        row.overridden,
        Some(Overridden {
            spec_type: "array of string".into(),
            read_at: LABELS_AT.into(),
            reason: "the spec allows any text; the server reads its three built-in labels only"
                .into(),
            narrowed: true,
        })
    );
}
