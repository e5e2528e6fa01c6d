//! A nullable optional parameter set by an `Option<T>` field: `None` leaves it out, so the field
//! cannot send the agent's null. The tool does not offer null there (input schema) and refuses
//! it (decoder), where it used to offer it, accept it and drop it (a schema-driven fuzz found 11
//! such arguments on NetBox's `create_device` and `create_ip_address`). `Option<Option<T>>`
//! offers and sends it.

use catalog::{ProblemKind, Tool, tool};
use serde_json::json;

/// List tasks by assignee, never the unassigned ones.
#[derive(Debug)]
#[tool(
    spec = "taskboard",
    operation = "ListTasks",
    omitted(
        "header.X-Request-Id",
        reason = "request ids correlate the server's own logs; an agent has none to correlate with"
    )
)]
pub struct AssignedTasks {
    pub board_id: String,
    pub status: Option<Vec<String>>,
    pub label: Option<Vec<String>>,
    pub assignee: Option<String>,
    pub page: Option<u32>,
    pub per_page: Option<u8>,
}

/// List tasks by assignee, `null` for the unassigned ones.
#[derive(Debug)]
#[tool(
    spec = "taskboard",
    operation = "ListTasks",
    omitted(
        "header.X-Request-Id",
        reason = "request ids correlate the server's own logs; an agent has none to correlate with"
    )
)]
pub struct AnyTasks {
    pub board_id: String,
    pub status: Option<Vec<String>>,
    pub label: Option<Vec<String>>,
    pub assignee: Option<Option<String>>,
    pub page: Option<u32>,
    pub per_page: Option<u8>,
}

#[test]
fn an_option_field_s_parameter_is_not_offered_null_and_refuses_it() {
    let assignee = &AssignedTasks::input_schema()["properties"]["assignee"];
    assert_eq!(assignee["type"], json!("string"), "{assignee}");
    let e = AssignedTasks::from_arguments(json!({"board_id": "b", "assignee": null})).unwrap_err();
    assert_eq!(
        e.to_string(),
        "invalid arguments: $.assignee: cannot be null; expected string"
    );
    assert_eq!(e.problems()[0].kind(), ProblemKind::Null);
    // A value is sent as before.
    let tool = AssignedTasks::from_arguments(json!({"board_id": "b", "assignee": "ann"})).unwrap();
    let uri = tool.to_request().unwrap().uri().to_string();
    assert!(uri.ends_with("/boards/b/tasks?assignee=ann"), "{uri}");
}

#[test]
fn an_option_option_field_s_parameter_offers_null_and_sends_it() {
    let assignee = &AnyTasks::input_schema()["properties"]["assignee"];
    assert_eq!(assignee["type"], json!(["string", "null"]), "{assignee}");
    let tool = AnyTasks::from_arguments(json!({"board_id": "b", "assignee": null})).unwrap();
    assert_eq!(tool.assignee, Some(None));
    let uri = tool.to_request().unwrap().uri().to_string();
    assert!(
        uri.contains("assignee"),
        "null is sent in the spec's null form: {uri}"
    );
}
