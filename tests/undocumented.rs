//! Undocumented parameters through the macro, both forms: a field that sets one, and a value
//! the tool always sends; and the recorder's proof that each was actually sent.

use catalog::recorder::Recorder;
use catalog::{Tool, model::Disposition, tool};
use serde_json::json;

/// List a board's tasks changed since a moment the agent names.
#[tool(
    spec = "taskboard",
    operation = "ListTasks",
    undocumented(
        "header.X-Client",
        value = "catalog-agent",
        read_at = "server/middleware/client.rs client_name",
        reason = "the server rate-limits unnamed clients; naming the agent keeps its quota separate"
    ),
    omitted(
        "query.*",
        reason = "filters and paging beyond the first page are for the web client"
    ),
    omitted(
        "header.X-Request-Id",
        reason = "request ids only help the server's own operators"
    )
)]
pub struct TasksSince {
    pub board_id: String,
    /// Only tasks changed after this moment.
    #[arg(
        param = "query.since",
        undocumented,
        read_at = "server/tasks/list.rs parse_since",
        reason = "the web client filters by change time through it; without it an agent re-reads every task"
    )]
    pub since: Option<String>,
}

#[test]
fn both_forms_compile_and_are_sent() {
    let op = TasksSince::operation();
    let rows: Vec<(String, &Disposition)> = op
        .accounting
        .iter()
        .filter(|r| matches!(r.disposition, Disposition::Undocumented { .. }))
        .map(|r| (r.param.address(), &r.disposition))
        .collect();
    assert_eq!(rows.len(), 2);
    assert!(matches!(
        rows[0],
        (ref a, Disposition::Undocumented { argument: Some(arg), field: Some(f), value: None, read_at, .. })
            if a == "query.since" && arg == "since" && f == "since" && read_at == "server/tasks/list.rs parse_since"
    ));
    assert!(matches!(
        rows[1],
        (ref a, Disposition::Undocumented { argument: None, value: Some(v), .. })
            if a == "header.X-Client" && *v == json!("catalog-agent")
    ));
    let t = TasksSince::from_arguments(json!({"board_id": "ops", "since": "2024-05-01T00:00:00Z"}))
        .unwrap();
    let r = t.to_request().unwrap();
    assert_eq!(
        r.uri().to_string(),
        "/boards/ops/tasks?since=2024-05-01T00%3A00%3A00Z"
    );
    assert_eq!(r.headers()["x-client"], "catalog-agent");
    // The Undocumented value is the tool's own: an agent cannot set it.
    let e = TasksSince::from_arguments(json!({"board_id": "ops", "X-Client": "me"}))
        .map(|_| ())
        .unwrap_err();
    assert_eq!(
        e.to_string(),
        "invalid arguments: $['X-Client']: `X-Client` is not accepted: this tool always sends header.X-Client = \"catalog-agent\": the server rate-limits unnamed clients; naming the agent keeps its quota separate"
    );
}

fn recorder() -> Recorder {
    let spec = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("openapi/taskboard.yaml");
    let index = catalog::index::Index::load(&spec).unwrap();
    Recorder::new(&index, [("tasks_since", TasksSince::operation())], "")
}

#[test]
fn the_recorder_lists_each_undocumented_parameter_sent() {
    let rec = recorder();
    let without = TasksSince::from_arguments(json!({"board_id": "ops"})).unwrap();
    rec.record_request("tasks_since", &without.to_request().unwrap())
        .unwrap();
    // The header is always sent; `since` was not given yet.
    assert_eq!(rec.never_sent(), ["tasks_since: query.since"]);
    let panic = std::panic::catch_unwind(|| rec.assert_all_undocumented_sent())
        .expect_err("`since` was never sent");
    assert_eq!(
        panic.downcast_ref::<String>().map(String::as_str),
        Some("1 undocumented parameter(s) never sent:\n  tasks_since: query.since")
    );
    let with =
        TasksSince::from_arguments(json!({"board_id": "ops", "since": "2024-05-01T00:00:00Z"}))
            .unwrap();
    rec.record_request("tasks_since", &with.to_request().unwrap())
        .unwrap();
    let sent = rec.undocumented_sent();
    assert_eq!(
        sent["tasks_since"].iter().collect::<Vec<_>>(),
        [
            (&"header.X-Client".to_string(), &2),
            (&"query.since".to_string(), &1)
        ]
    );
    assert!(rec.never_sent().is_empty());
    rec.assert_all_undocumented_sent();
    // The report carries it, and merging adds the counts.
    let mut report = rec.summary();
    report.merge(&rec.summary());
    assert_eq!(report.undocumented["tasks_since"]["query.since"], 2);
    assert!(report.never_sent.is_empty());
    assert!(
        report
            .to_string()
            .contains("    2  tasks_since: undocumented query.since sent")
    );
}
