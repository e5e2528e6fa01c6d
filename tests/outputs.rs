//! Typed outputs, through the macro: several success bodies each the output (the response's
//! status and media type selecting which), narrowed by status (and media type) or kept as text, `output = T` for a struct, an array, a string enum and an integer, and
//! `Tool::output_value` reading a body as `T`. The compile errors are in `tests/ui/output`.

use catalog::{Tool, Wrap, tool};
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

#[derive(Serialize, Deserialize, catalog::StringEnum, Debug, PartialEq)]
#[serde(rename_all = "lowercase")]
pub enum State {
    Open,
    Done,
}

#[derive(Serialize, Deserialize, catalog::Object, Debug, PartialEq)]
pub struct Task {
    pub id: i64,
    pub title: String,
    pub state: State,
    pub notes: Option<String>,
}

/// Read one task.
#[tool(spec = "outputs", operation = "GetTask", output = Task)]
pub struct GetTask {
    pub id: i64,
}

/// List the tasks.
#[tool(spec = "outputs", operation = "ListTasks", output = Vec<Task>)]
pub struct ListTasks;

/// Count the tasks.
#[tool(spec = "outputs", operation = "CountTasks", output = u64)]
pub struct CountTasks;

/// A task's state.
#[tool(spec = "outputs", operation = "GetTaskState", output = State)]
pub struct GetTaskState {
    pub id: i64,
}

/// Create or replace a task; the created one is the structured result.
#[tool(
    spec = "outputs",
    operation = "PutTask",
    output(
        type = Task,
        status = "201",
        reason = "a 200 replaces a task and returns it like a 201 does; the agent reads it from the text"
    )
)]
pub struct CreateTask {
    pub title: String,
}

/// Create or replace a task, answered in text.
#[tool(
    spec = "outputs",
    operation = "PutTask",
    name = "put_task_text",
    output(
        text,
        reason = "200, 201 and 202 answer the same request; an agent reads which from the text"
    )
)]
pub struct PutTaskText {
    pub title: String,
}

/// A task's report, in its second version.
#[tool(
    spec = "outputs",
    operation = "GetReport",
    output(
        status = "200",
        media_type = "application/vnd.report.v2+json",
        reason = "the v2 report lists every line; the v1 summary is the same text, shortened"
    )
)]
pub struct GetReport {
    pub id: i64,
}

/// Create or replace a task: the 200 and the 201 body are each the structured result.
#[tool(spec = "outputs", operation = "PutTask", name = "put_task")]
pub struct PutTask {
    pub title: String,
}

/// A task's report, in either of its JSON versions.
#[tool(spec = "outputs", operation = "GetReport", name = "get_report_any")]
pub struct GetReportAny {
    pub id: i64,
}

/// The task's JSON: any value at all.
#[tool(spec = "outputs", operation = "GetTask", name = "get_task_value", output = serde_json::Value)]
pub struct GetTaskValue {
    pub id: i64,
}

fn output<T: Tool>() -> catalog::ToolOutput {
    T::OUTPUT.unwrap_or_else(|| panic!("{} has no typed output", T::NAME))
}

fn schema<T: Tool>() -> Value {
    serde_json::from_str(output::<T>().schema).unwrap()
}

#[test]
fn an_explicit_status_is_the_output_and_text_has_none() {
    let created = output::<CreateTask>();
    assert_eq!(
        (created.status, created.media_type, created.wrap),
        ("201", "application/json", Wrap::None)
    );
    assert_eq!(schema::<CreateTask>(), schema::<GetTask>());
    assert_eq!(PutTaskText::OUTPUT, None);
    let report = output::<GetReport>();
    assert_eq!(
        (report.status, report.media_type),
        ("200", "application/vnd.report.v2+json")
    );
    assert_eq!(
        schema::<GetReport>()["required"],
        json!(["task_id", "lines"])
    );
}

fn arms<T: Tool>() -> Vec<(&'static str, &'static str, Value)> {
    output::<T>()
        .arms
        .iter()
        .map(|a| {
            (
                a.status,
                a.media_type,
                serde_json::from_str(a.schema).unwrap(),
            )
        })
        .collect()
}

#[test]
fn several_success_statuses_need_no_choice_and_each_is_an_arm() {
    let put = output::<PutTask>();
    assert_eq!((put.status, put.wrap), ("200", Wrap::None));
    // One schema at both statuses: the union is that schema, and each arm checks it.
    let task = schema::<GetTask>();
    assert_eq!(schema::<PutTask>(), task);
    assert_eq!(
        arms::<PutTask>(),
        [
            ("200", "application/json", task.clone()),
            ("201", "application/json", task)
        ]
    );
    // The 202 has no body: it is no arm, and a 202 answer is a success without structure.
    assert_eq!(PutTask::operation().responses.len(), 4);
}

#[test]
fn json_media_types_of_different_schemas_are_an_object_union() {
    let report = arms::<GetReportAny>();
    let media: Vec<(&str, &str)> = report.iter().map(|(s, m, _)| (*s, *m)).collect();
    assert_eq!(
        media,
        [
            ("200", "application/json"),
            ("200", "application/vnd.report.v2+json")
        ]
    );
    assert_eq!(report[1].2, schema::<GetReport>());
    assert_eq!(report[0].2["required"], json!(["task_id", "summary"]));
    let union = schema::<GetReportAny>();
    assert_eq!(union["type"], "object");
    assert_eq!(union["anyOf"], json!([report[0].2, report[1].2]));
    assert_eq!(output::<GetReportAny>().wrap, Wrap::None);
    // One response: no arms.
    assert!(output::<GetTask>().arms.is_empty());
}

#[test]
fn output_t_keeps_the_spec_schema_of_the_response() {
    let task = schema::<GetTask>();
    assert_eq!(task["required"], json!(["id", "title", "state"]));
    assert_eq!(task["additionalProperties"], json!(false));
    let list = output::<ListTasks>();
    assert_eq!(list.wrap, Wrap::Items);
    assert_eq!(schema::<ListTasks>()["properties"]["items"]["items"], task);
    assert_eq!(output::<CountTasks>().wrap, Wrap::Value);
    assert_eq!(
        schema::<GetTaskState>()["properties"]["value"]["enum"],
        json!(["open", "done"])
    );
    assert_eq!(schema::<GetTaskValue>(), task);
}

#[test]
fn output_value_reads_the_body_as_t_and_writes_it_back() {
    let body = json!({"id": 7, "title": "ship", "state": "open"});
    let value = GetTask::output_value(body.clone()).unwrap();
    // The absent `notes` stays absent: the schema does not allow it null.
    assert_eq!(value, body);
    let validator = jsonschema::draft202012::new(&schema::<GetTask>()).unwrap();
    assert!(validator.is_valid(&value));
    let with_notes = json!({"id": 7, "title": "ship", "state": "done", "notes": "by friday"});
    assert_eq!(
        GetTask::output_value(with_notes.clone()).unwrap(),
        with_notes
    );
    let list = json!([body, with_notes]);
    assert_eq!(ListTasks::output_value(list.clone()).unwrap(), list);
    assert_eq!(CountTasks::output_value(json!(3)).unwrap(), json!(3));
    assert_eq!(
        GetTaskState::output_value(json!("done")).unwrap(),
        json!("done")
    );
}

#[test]
fn output_value_says_which_type_a_body_does_not_fit_and_why() {
    for (result, type_name, message) in [
        (
            GetTask::output_value(json!({"id": 7, "state": "open"})),
            "Task",
            "the response body does not fit `Task`: missing field `title`",
        ),
        (
            ListTasks::output_value(json!({"id": 7})),
            "Vec<Task>",
            "the response body does not fit `Vec<Task>`: invalid type: map, expected a sequence",
        ),
        (
            GetTaskState::output_value(json!("closed")),
            "State",
            "the response body does not fit `State`: unknown variant `closed`, expected `open` \
             or `done`",
        ),
        (
            CountTasks::output_value(json!(-1)),
            "u64",
            "the response body does not fit `u64`: invalid value: integer `-1`, expected u64",
        ),
    ] {
        let e = result.unwrap_err();
        assert!(
            matches!(&e, catalog::OutputError::DoesNotFit { type_name: t, .. } if t == type_name),
            "{e:?}"
        );
        assert_eq!(e.to_string(), message);
    }
}

#[test]
fn a_value_output_and_a_text_output_leave_the_body_unchanged() {
    let body = json!({"anything": [1, null]});
    assert_eq!(GetTaskValue::output_value(body.clone()), Ok(body.clone()));
    assert_eq!(PutTaskText::output_value(body.clone()), Ok(body));
}

#[test]
fn the_embedded_operation_keeps_statuses_and_media_types_not_schemas() {
    let op = GetReport::operation();
    let documented: Vec<(String, Vec<&str>)> = op
        .responses
        .iter()
        .map(|r| {
            (
                r.status.to_string(),
                r.content.iter().map(|c| c.media_type.as_str()).collect(),
            )
        })
        .collect();
    assert_eq!(
        documented,
        [(
            "200".to_string(),
            vec![
                "application/json",
                "application/vnd.report.v2+json",
                "text/csv"
            ]
        )]
    );
    for tool_op in [
        GetReport::operation(),
        GetTask::operation(),
        CreateTask::operation(),
    ] {
        assert!(
            tool_op
                .responses
                .iter()
                .flat_map(|r| &r.content)
                .all(|c| c.schema.is_none()),
            "{}",
            tool_op.key()
        );
    }
}
