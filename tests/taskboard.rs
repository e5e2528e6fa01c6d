//! The example's tools, compiled again here: emitted schemas are pinned as snapshots and valid
//! 2020-12; decoding and encoding run end to end through the macro; `cargo doc` shows the
//! accounting table.

#[path = "../examples/taskboard/tools.rs"]
#[allow(dead_code)]
mod tools;

use catalog::Tool;
use serde_json::{Value, json};
use std::path::Path;
use tools::*;

fn check_snapshot<T: Tool>() {
    pin(&format!("{}.json", T::NAME), T::input_schema());
    jsonschema::draft202012::meta::validate(T::input_schema()).unwrap();
    // The compile-time constant and the parsed schema are the same document.
    assert_eq!(
        serde_json::from_str::<Value>(T::INPUT_SCHEMA).unwrap(),
        *T::input_schema()
    );
    // The typed output: which response, how it is wrapped, and the `outputSchema`, an object at
    // the root and valid 2020-12 (`null` when the tool's output is text only).
    let output = T::OUTPUT.map(|o| {
        let schema: Value = serde_json::from_str(o.schema).unwrap();
        jsonschema::draft202012::meta::validate(&schema).unwrap();
        assert_eq!(schema["type"], "object", "{}: outputSchema root", T::NAME);
        json!({
            "status": o.status,
            "media_type": o.media_type,
            "wrap": format!("{:?}", o.wrap),
            "schema": schema,
        })
    });
    pin(
        &format!("output/{}.json", T::NAME),
        &output.unwrap_or(Value::Null),
    );
}

/// Compares `got` with the snapshot at `tests/snapshots/<name>`.
fn pin(name: &str, got: &Value) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/snapshots")
        .join(name);
    let got = serde_json::to_string_pretty(got).unwrap() + "\n";
    if std::env::var_os("UPDATE_SNAPSHOTS").is_some() {
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, &got).unwrap();
    }
    let want = std::fs::read_to_string(&path).unwrap_or_else(|e| {
        panic!(
            "{}: {e}; run with UPDATE_SNAPSHOTS=1 to write it",
            path.display()
        )
    });
    assert_eq!(
        got, want,
        "{name} changed; review and run with UPDATE_SNAPSHOTS=1"
    );
}

#[test]
fn schema_snapshots() {
    check_snapshot::<ListTasks>();
    check_snapshot::<CreateTask>();
    check_snapshot::<GetTask>();
    check_snapshot::<ReplaceTask>();
    check_snapshot::<DeleteTask>();
    check_snapshot::<SetTaskLabels>();
    check_snapshot::<AddComment>();
    check_snapshot::<Search>();
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

#[test]
fn fixed_values_are_sent_and_omitted_ones_never() {
    let t = CreateTask::from_arguments(json!({
        "board_id": "ops", "title": "Ship it", "status": "todo"
    }))
    .unwrap();
    let req = t.to_request().unwrap();
    assert_eq!(req.uri().to_string(), "/boards/ops/tasks?notify=false");
    assert_eq!(req.headers()["content-type"], "application/json");
    let body: Value = serde_json::from_slice(req.body()).unwrap();
    assert_eq!(body, json!({"title": "Ship it", "status": "todo"}));
    let e = CreateTask::from_arguments(json!({
        "board_id": "ops", "title": "x", "status": "todo", "metadata": {}
    }))
    .map(|_| ())
    .unwrap_err()
    .to_string();
    assert!(e.contains("metadata carries integration payloads"), "{e}");
}

#[test]
fn whole_body_form_body_and_cookie_less_tools() {
    let t = SetTaskLabels::from_arguments(json!({"board_id": "b", "task_id": 4, "labels": ["x"]}))
        .unwrap();
    let req = t.to_request().unwrap();
    assert_eq!(req.method(), "PUT");
    assert_eq!(req.uri().to_string(), "/boards/b/tasks/4/labels");
    assert_eq!(req.body().as_slice(), br#"["x"]"#);

    let t = AddComment::from_arguments(json!({"board_id": "b", "text": "a&b=c", "pinned": true}))
        .unwrap();
    let req = t.to_request().unwrap();
    assert_eq!(
        req.headers()["content-type"],
        "application/x-www-form-urlencoded"
    );
    assert_eq!(req.body().as_slice(), b"text=a%26b%3Dc&pinned=true");
    assert!(req.headers().get("cookie").is_none());
}

#[test]
fn hostile_path_values_are_refused() {
    for id in ["..", ".", "", "a/b?c#d"] {
        // The board slug's pattern (`^[a-z0-9-]+$`) refuses them when decoding...
        let e = GetTask::from_arguments(json!({"board_id": id, "task_id": 1}))
            .map(|_| ())
            .unwrap_err();
        assert_eq!(
            e.problems()[0].kind(),
            catalog::ProblemKind::Pattern,
            "{id:?}: {e}"
        );
    }
    // ...and the path encoder refuses traversal whatever the schema says.
    for id in ["..", ".", ""] {
        let t = GetTask {
            board_id: id.into(),
            task_id: 1,
        };
        assert!(t.to_request().is_err(), "{id:?} reached the wire");
    }
    let t = GetTask {
        board_id: "a/b?c#d".into(),
        task_id: 1,
    };
    assert_eq!(
        t.to_request().unwrap().uri().to_string(),
        "/boards/a%2Fb%3Fc%23d/tasks/1"
    );
}

#[test]
fn header_injection_is_refused() {
    // The input schema keeps control characters out of a header (its pattern), so decoding
    // refuses the smuggled line before any request is built.
    let Err(e) = ReplaceTask::from_arguments(json!({
        "board_id": "b", "task_id": 1, "If-Match": "\"1\"\r\nX-Evil: 1",
        "title": "t", "status": "done"
    })) else {
        panic!("a header with a line break was taken");
    };
    assert_eq!(
        e.to_string(),
        "invalid arguments: $['If-Match']: a header value cannot hold a control character \
         (found U+000D): a header line cannot carry it"
    );
    assert_eq!(e.problems()[0].kind(), catalog::ProblemKind::Pattern);
    assert_eq!(
        ReplaceTask::input_schema()["properties"]["If-Match"]["pattern"],
        r"^[^\u0000-\u001F\u007F-\u009F]*$"
    );
}

/// `cargo doc` on the example renders the accounting table into the struct's page.
#[test]
fn cargo_doc_shows_the_accounting_table() {
    let target = Path::new(env!("CARGO_MANIFEST_DIR")).join("target/doc-check");
    let status = std::process::Command::new(env!("CARGO"))
        .args(["doc", "--no-deps", "--example", "taskboard", "--quiet"])
        .env("CARGO_TARGET_DIR", &target)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .status()
        .unwrap();
    assert!(status.success());
    let page =
        std::fs::read_to_string(target.join("doc/taskboard/tools/struct.CreateTask.html")).unwrap();
    for needle in [
        "POST /boards/{board_id}/tasks",
        "Taskboard API",
        "query",
        "notify",
        "Fixed to",
        "an agent creating tasks in bulk must not page the assignee for each one",
        "Omitted",
        "metadata carries integration payloads that an agent should not forge",
    ] {
        assert!(
            page.contains(needle),
            "the CreateTask page lacks {needle:?}"
        );
    }
}

/// Every `#[tool]` carries its spec's stamp; the catalog compares it with what a server reports.
#[test]
fn the_spec_version_stamp_is_compared_with_the_server() {
    let catalog = tools::catalog();
    let spec = catalog.specs();
    assert_eq!(spec.len(), 1);
    assert_eq!(
        (spec[0].title.as_str(), spec[0].version.as_str()),
        ("Taskboard API", "1.4.0")
    );
    assert_eq!(spec[0].hash.len(), 16);
    let ok = serde_json::json!({"service": {"version": "1.4.0"}});
    assert_eq!(catalog.check_spec_version(&ok, "service.version"), []);
    let newer = serde_json::json!({"service": {"version": "1.5.0"}});
    let warnings = catalog.check_spec_version(&newer, "service.version");
    assert_eq!(
        warnings.iter().map(|w| w.to_string()).collect::<Vec<_>>(),
        [
            "tools were checked against Taskboard API 1.4.0, but the server reports 1.5.0: \
          parameters may have been added or changed; re-index the server's spec and rebuild"
        ]
    );
}

/// A tool whose API returns an array tells the agent where the array sits in the structured
/// result; one whose API returns an object says nothing of wrapping.
#[test]
fn a_wrapped_output_is_named_in_the_description() {
    assert!(
        ListTasks::DESCRIPTION.ends_with(
            "\n\nThe API returns a JSON array; the structured result holds it under `items`."
        ),
        "{}",
        ListTasks::DESCRIPTION
    );
    assert_eq!(
        ListTasks::OUTPUT.map(|o| o.wrap),
        Some(catalog::Wrap::Items)
    );
    assert!(!GetTask::DESCRIPTION.contains("structured result"));
    assert_eq!(GetTask::OUTPUT.map(|o| o.wrap), Some(catalog::Wrap::None));
}

#[test]
fn no_argument_key_sets_an_omitted_or_fixed_parameter() {
    let report = catalog::smuggling::probe(&tools::catalog());
    assert!(report.smuggled.is_empty(), "{report}");
    assert!(report.not_probed.is_empty(), "{report}");
    assert_eq!(
        report.compared,
        [
            "create_task.assignee",
            "replace_task.assignee",
            "replace_task.metadata"
        ],
        "{report}"
    );
    assert!(report.refused.is_empty(), "{report}");
}
