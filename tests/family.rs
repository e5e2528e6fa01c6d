//! The pattern family (`#[arg(family = "query.x_*", read_at = "...", reason = "...")]`):
//! parameters an instance defines take their names from a map field's keys, each key checked
//! against the pattern when decoded, each value sent in the query's form style.

use catalog::recorder::Recorder;
use catalog::{Tool, model::Disposition, tool};
use serde_json::json;
use std::collections::BTreeMap;

/// List a board's tasks by the board's own fields.
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
    ),
    omitted(
        "query.assignee",
        reason = "this tool filters by the board's own fields, never by person"
    ),
    omitted(
        "query.label",
        reason = "this tool filters by the board's own fields, never by label"
    )
)]
pub struct TasksByField {
    pub board_id: String,
    /// Filters on the board's own fields: `field_<name>` to the values to match.
    #[arg(
        family = "query.field_*",
        read_at = "server/tasks/list.rs: ListFilter::board_fields",
        reason = "each board defines its own fields; the spec cannot name their filters"
    )]
    pub fields: BTreeMap<String, Vec<String>>,
    pub page: Option<i32>,
    pub per_page: Option<i32>,
}

/// The same family, one value per parameter, the map optional.
#[tool(
    spec = "taskboard",
    operation = "ListTasks",
    omitted(
        "query.*",
        reason = "this tool filters by the board's own fields only; its first page holds every \
                  task such a filter matches, and a narrower filter reaches the rest"
    ),
    omitted(
        "header.X-Request-Id",
        reason = "request ids only help the server's own operators"
    )
)]
pub struct TasksByOneField {
    pub board_id: String,
    #[arg(
        family = "query.field_*",
        rename = "board_fields",
        read_at = "server/tasks/list.rs: ListFilter::board_fields",
        reason = "each board defines its own fields; the spec cannot name their filters"
    )]
    pub fields: Option<BTreeMap<String, u32>>,
}

#[test]
fn the_input_schema_advertises_the_family() {
    assert_eq!(
        TasksByField::input_schema()["properties"]["fields"],
        json!({
            "description": "Filters on the board's own fields: `field_<name>` to the values to match.",
            "type": "object",
            "propertyNames": {"pattern": "^field_.*$"},
            "additionalProperties": {"type": "array", "items": {"type": "string"}}
        })
    );
    let schema = TasksByOneField::input_schema();
    assert_eq!(
        schema["properties"]["board_fields"],
        json!({
            "type": "object",
            "propertyNames": {"pattern": "^field_.*$"},
            "additionalProperties": {
                "type": "integer",
                "minimum": 0,
                "maximum": 4294967295_u32
            }
        })
    );
    assert_eq!(schema["required"], json!(["board_id"]));
}

#[test]
fn each_entry_is_sent_in_the_querys_form_style() {
    let t = TasksByField::from_arguments(json!({
        "board_id": "ops",
        "fields": {"field_env": ["prod", "dev"], "field_team": ["core"]},
        "page": 2
    }))
    .unwrap();
    assert_eq!(
        t.to_request().unwrap().uri().to_string(),
        "/boards/ops/tasks?page=2&field_env=prod&field_env=dev&field_team=core"
    );
    let t = TasksByOneField::from_arguments(json!({
        "board_id": "ops",
        "board_fields": {"field_size": 3}
    }))
    .unwrap();
    assert_eq!(
        t.to_request().unwrap().uri().to_string(),
        "/boards/ops/tasks?field_size=3"
    );
}

#[test]
fn an_absent_family_sends_nothing() {
    let t = TasksByField::from_arguments(json!({"board_id": "ops"})).unwrap();
    assert!(t.fields.is_empty());
    assert_eq!(
        t.to_request().unwrap().uri().to_string(),
        "/boards/ops/tasks"
    );
}

#[test]
fn a_key_that_breaks_the_pattern_is_refused_when_decoded() {
    let e = TasksByField::from_arguments(json!({
        "board_id": "ops",
        "fields": {"env": ["prod"], "page": ["9"], "field_ok": ["x"]}
    }))
    .map(|_| ())
    .unwrap_err();
    assert_eq!(
        e.to_string(),
        "invalid arguments: $.fields.env: key `env` does not match `field_*`: each key is the \
         name of a query parameter of that family; did you mean `field_env`?; $.fields.page: key \
         `page` does not match `field_*`: each key is the name of a query parameter of that \
         family; did you mean `field_page`?"
    );
}

#[test]
fn each_value_is_checked_against_the_maps_value_type() {
    let e = TasksByOneField::from_arguments(json!({
        "board_id": "ops",
        "board_fields": {"field_size": "big"}
    }))
    .map(|_| ())
    .unwrap_err();
    assert_eq!(
        e.to_string(),
        "invalid arguments: $.board_fields.field_size: expected integer, got string \"big\""
    );
    let e = TasksByOneField::from_arguments(json!({"board_id": "ops", "board_fields": ["x"]}))
        .map(|_| ())
        .unwrap_err();
    assert_eq!(
        e.to_string(),
        "invalid arguments: $.board_fields: expected an object of query parameters named \
         `field_*` (each key a parameter name, each value integer), got an array of 1 item"
    );
}

#[test]
fn the_accounting_row_is_an_undocumented_family() {
    let op = TasksByField::operation();
    let row = op.accounting.last().unwrap();
    assert_eq!(row.family(), Some("field_*"));
    assert_eq!(row.param.address(), "query.field_*");
    assert_eq!(
        row.disposition,
        Disposition::Undocumented {
            argument: Some("fields".into()),
            field: Some("fields".into()),
            value: None,
            read_at: "server/tasks/list.rs: ListFilter::board_fields".into(),
            reason: "each board defines its own fields; the spec cannot name their filters".into(),
        }
    );
}

#[test]
fn the_recorder_counts_a_family_by_any_name_it_matches() {
    let spec = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("openapi/taskboard.yaml");
    let index = catalog::index::Index::load(&spec).unwrap();
    let recorder = Recorder::new(&index, [("TasksByField", TasksByField::operation())], "");
    let t = TasksByField::from_arguments(json!({
        "board_id": "ops",
        "fields": {"field_env": ["prod"]}
    }))
    .unwrap();
    recorder
        .record_request("TasksByField", &t.to_request().unwrap())
        .unwrap();
    assert_eq!(
        recorder.undocumented_sent()["TasksByField"]["query.field_*"],
        1
    );
}
