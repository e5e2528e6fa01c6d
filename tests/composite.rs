//! Composite tools over the taskboard: a read-modify-write that keeps every field it does not
//! change, against a loopback API that does not change the record in between (the write carries
//! the read's fields and `If-Match`) and one that does (412: a tool error saying so, nothing
//! written); the composite's arguments decoded strictly; its effects the strongest of its
//! bindings'; its bindings unlisted but recorded; the writes guard before anything is sent; its
//! declared output advertised as `outputSchema` and its value sized and shaped as a tool's
//! result is (the body once by revision, the result cap); its progress, request by request.

#[path = "../examples/taskboard/tools.rs"]
#[allow(dead_code)]
mod tools;

#[path = "../catalog-runtime/tests/support/loopback.rs"]
mod loopback;

#[path = "support/mcp_client.rs"]
mod mcp_client;

use catalog::executor::{Executor, ExecutorConfig};
use catalog::mcp::McpServer;
use catalog::recorder::Recorder;
use catalog::{Api, Catalog, Composite, ToolError};
use loopback::{Part, response};
use mcp_client::Client;
use serde_json::{Value, json};
use std::sync::Arc;
use std::sync::atomic::{AtomicU32, Ordering};
use tools::{GetTask, ListTasks, ReplaceTask};

/// Retitle a task, keeping every other field as it is.
#[catalog::composite(uses(GetTask, ReplaceTask), output = ReplaceTask)]
pub struct RetitleTask {
    /// The board.
    pub board_id: String,
    pub task_id: i64,
    /// The new title.
    pub title: String,
}

#[catalog::composite]
impl RetitleTask {
    async fn run(self, api: Api<'_, Self>) -> Result<Value, ToolError> {
        let keys = json!({"board_id": self.board_id, "task_id": self.task_id});
        api.read_modify_write::<_, ReplaceTask>(
            GetTask {
                board_id: self.board_id.clone(),
                task_id: self.task_id,
            },
            keys,
            json!({"title": self.title}),
        )
        .await
    }
}

/// Count a board's tasks (reads only).
#[catalog::composite(
    uses(ListTasks(
        omitted(
            "status",
            reason = "every task is counted, whatever its status; `list_tasks` filters by one"
        ),
        omitted(
            "label",
            reason = "every task is counted, whatever its labels; `list_tasks` filters by one"
        ),
        omitted(
            "assignee",
            reason = "every task is counted, whatever its assignee; `list_tasks` filters by one"
        ),
        omitted(
            "page",
            reason = "the first page is counted; `list_tasks` reaches the rest of the list"
        ),
        omitted(
            "per_page",
            reason = "the server's default page size is counted; `list_tasks` sets another"
        )
    )),
    name = "count_tasks"
)]
pub struct CountTasks {
    pub board_id: String,
}

#[catalog::composite]
impl CountTasks {
    async fn run(self, api: Api<'_, Self>) -> Result<Value, ToolError> {
        let tasks = api
            .call(ListTasks {
                board_id: self.board_id,
                status: None,
                label: None,
                assignee: None,
                page: None,
                per_page: None,
            })
            .await?;
        Ok(json!({"count": tasks.as_array().map_or(0, Vec::len)}))
    }
}

const RECORD: &str = r#"{"id":1,"title":"Old","status":"doing","description":"keep me","priority":"high","labels":["a","b"],"estimate_hours":2.5,"created_at":"2026-01-01T00:00:00Z"}"#;

/// A task API: GET answers the record with ETag `"<version>"`; PUT with the current tag writes
/// and bumps it, else 412. With `change_between`, every GET is followed by another writer's
/// change, so the read's tag is stale by the time the PUT comes.
fn task_api(change_between: bool) -> impl Fn(&loopback::Seen) -> Vec<Part> + Send + Sync + 'static {
    let version = Arc::new(AtomicU32::new(3));
    move |req| {
        let current = version.load(Ordering::SeqCst);
        let tag = format!("\"{current}\"");
        if req.request_line.starts_with("GET ") {
            if change_between {
                version.fetch_add(1, Ordering::SeqCst);
            }
            return response(
                "200 OK",
                &[("content-type", "application/json"), ("etag", &tag)],
                RECORD.as_bytes(),
            );
        }
        if req.header("if-match") == Some(tag.as_str()) {
            version.fetch_add(1, Ordering::SeqCst);
            // The record as written, with its id.
            let mut written: Value = serde_json::from_slice(&req.body).unwrap();
            written["id"] = json!(1);
            let written = serde_json::to_vec(&written).unwrap();
            response("200 OK", &[("content-type", "application/json")], &written)
        } else {
            response(
                "412 Precondition Failed",
                &[("content-type", "application/problem+json")],
                br#"{"title":"stale"}"#,
            )
        }
    }
}

fn catalog() -> Catalog {
    Catalog::new()
        .tool::<GetTask>()
        .composite::<RetitleTask>()
        .composite::<CountTasks>()
}

fn server(base: &str, writes: bool) -> McpServer {
    let executor = Executor::new(ExecutorConfig::new(base).allow_writes(writes)).unwrap();
    McpServer::new(catalog(), executor)
}

fn body_of(seen: &loopback::Seen) -> Value {
    serde_json::from_slice(&seen.body).unwrap()
}

#[tokio::test]
async fn read_modify_write_keeps_every_field_and_sends_the_etag() {
    let api = loopback::start(task_api(false)).await;
    let mut c = Client::start(server(&api.url, true)).await;
    let reply = c
        .call(
            "retitle_task",
            json!({"board_id": "ops", "task_id": 1, "title": "New"}),
        )
        .await;
    let result = &reply["result"];
    assert_eq!(result["isError"], false, "{reply}");
    let seen = api.seen();
    assert_eq!(seen.len(), 2);
    assert_eq!(seen[0].request_line, "GET /boards/ops/tasks/1 HTTP/1.1");
    assert_eq!(seen[1].request_line, "PUT /boards/ops/tasks/1 HTTP/1.1");
    assert_eq!(seen[1].header("if-match"), Some("\"3\""));
    // Every field the write has is the record's, but the title; what it does not have
    // (`id`, `created_at`) is not sent.
    let sent = json!({
        "title": "New", "status": "doing", "description": "keep me", "priority": "high",
        "estimate_hours": 2.5, "labels": ["a", "b"]
    });
    assert_eq!(body_of(&seen[1]), sent);
    // The composite's value is the write's answer (what it wrote, with its id), as structured
    // content (it declares `output = ReplaceTask`), sent once: the text says where it is.
    let mut answered = sent.clone();
    answered["id"] = json!(1);
    assert_eq!(result["structuredContent"], answered);
    assert_eq!(
        result["content"],
        json!([{"type": "text", "text": "[the body is in structuredContent]"}])
    );
}

/// A composite asked for progress is told the steps of each request it sends, counted without
/// a total (how many it sends depends on the answers), then that its result is ready.
#[tokio::test]
async fn a_composite_reports_the_steps_of_each_request_it_sends() {
    let api = loopback::start(task_api(false)).await;
    let mut c = Client::start(server(&api.url, true)).await;
    c.send(
        &json!({"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": {
        "name": "retitle_task", "arguments": {"board_id": "ops", "task_id": 1, "title": "New"},
        "_meta": {"progressToken": "retitle"}}}),
    )
    .await;
    let mut steps = Vec::new();
    let answer = loop {
        let message = c.recv().await;
        if message["id"] == 1 {
            break message;
        }
        let p = &message["params"];
        assert_eq!(message["method"], "notifications/progress", "{message}");
        assert_eq!(p["progressToken"], "retitle");
        assert_eq!(p.get("total"), None, "{message}");
        steps.push((p["progress"].as_f64().unwrap(), p["message"].clone()));
    };
    assert_eq!(answer["result"]["isError"], false, "{answer}");
    assert_eq!(
        steps,
        [
            (1.0, json!("sending GET /boards/ops/tasks/1")),
            (2.0, json!("the API answered 200")),
            (3.0, json!("sending PUT /boards/ops/tasks/1")),
            (4.0, json!("the API answered 200")),
            (5.0, json!("the result is ready")),
        ]
    );
}

#[tokio::test]
async fn a_record_changed_in_between_is_a_412_that_says_to_call_again() {
    let api = loopback::start(task_api(true)).await;
    let mut c = Client::start(server(&api.url, true)).await;
    let reply = c
        .call(
            "retitle_task",
            json!({"board_id": "ops", "task_id": 1, "title": "New"}),
        )
        .await;
    let result = &reply["result"];
    assert_eq!(result["isError"], true, "{reply}");
    assert_eq!(
        result["content"][0]["text"],
        "the record changed after `get_task` read it: `replace_task` was refused with HTTP 412 \
         Precondition Failed and nothing was written; call this tool again to apply the change \
         to the current record"
    );
    assert_eq!(
        result["_meta"]["catalog/composite"],
        json!({"binding": "replace_task", "status": 412})
    );
    let seen = api.seen();
    assert_eq!(seen.len(), 2);
    assert_eq!(seen[1].header("if-match"), Some("\"3\""));
    assert_eq!(body_of(&seen[1])["title"], "New");
}

#[tokio::test]
async fn writes_disabled_refuse_the_composite_before_any_request() {
    let api = loopback::start(task_api(false)).await;
    let mut c = Client::start(server(&api.url, false)).await;
    let reply = c
        .call(
            "retitle_task",
            json!({"board_id": "ops", "task_id": 1, "title": "New"}),
        )
        .await;
    assert_eq!(reply["result"]["isError"], true);
    assert_eq!(
        reply["result"]["content"][0]["text"],
        "writes are disabled for `retitle_task`: it sends PUT; enable it with \
         CATALOG_ALLOW_WRITES=retitle_task in the server's environment (a comma-separated list \
         of tools; CATALOG_ALLOW_WRITES=1 enables every tool; ExecutorConfig::writes in code)"
    );
    assert!(api.seen().is_empty(), "{:?}", api.seen().len());
    // A composite that only reads is served.
    let reply = c.call("count_tasks", json!({"board_id": "ops"})).await;
    assert_eq!(reply["result"]["isError"], false, "{reply}");
}

#[tokio::test]
async fn arguments_are_decoded_strictly_and_nothing_is_sent() {
    let api = loopback::start(task_api(false)).await;
    let mut c = Client::start(server(&api.url, true)).await;
    let reply = c
        .call(
            "retitle_task",
            json!({"board_id": "ops", "task_id": "one", "titel": "New"}),
        )
        .await;
    assert_eq!(reply["result"]["isError"], true);
    assert_eq!(
        reply["result"]["content"][0]["text"],
        "invalid arguments: $.task_id: expected integer (int64), got string \"one\"; \
         $.titel: unknown argument `titel`; did you mean `title`?; $.title: missing required \
         argument `title` (string)"
    );
    assert!(api.seen().is_empty());
}

#[test]
fn the_listing_has_the_composite_with_the_strongest_effects_and_no_unlisted_binding() {
    let catalog = catalog();
    let names: Vec<&str> = catalog.tools().map(|t| t.name).collect();
    assert_eq!(names, ["get_task", "retitle_task", "count_tasks"]);
    let unlisted: Vec<&str> = catalog.unlisted_bindings().map(|t| t.name).collect();
    assert_eq!(unlisted, ["replace_task", "list_tasks"]);
    let retitle = catalog.get("retitle_task").unwrap();
    let hints = retitle.hints();
    assert!(!hints.read_only && hints.destructive && hints.idempotent);
    assert!(catalog.get("count_tasks").unwrap().read_only());
    assert_eq!(
        RetitleTask::input_schema(),
        &json!({
            "type": "object",
            "properties": {
                "board_id": {"type": "string", "description": "The board."},
                "task_id": {
                    "type": "integer",
                    "format": "int64",
                    "minimum": i64::MIN,
                    "maximum": i64::MAX
                },
                "title": {"type": "string", "description": "The new title."}
            },
            "required": ["board_id", "task_id", "title"],
            "additionalProperties": false
        })
    );
    // The binding a composite uses is not called on its own.
    assert!(catalog.get("replace_task").is_none());
    // Added as a tool after the composite, a binding is listed, and no longer unlisted.
    let catalog = Catalog::new()
        .composite::<RetitleTask>()
        .tool::<ReplaceTask>();
    let names: Vec<&str> = catalog.tools().map(|t| t.name).collect();
    assert_eq!(names, ["retitle_task", "replace_task"]);
    let unlisted: Vec<&str> = catalog.unlisted_bindings().map(|t| t.name).collect();
    assert_eq!(unlisted, ["get_task"]);
}

#[tokio::test]
async fn the_recorder_counts_each_binding_a_composite_uses() {
    let spec = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("openapi/taskboard.yaml");
    let index = catalog::index::Index::load(&spec).unwrap();
    let recorder: Arc<Recorder> = Arc::new(catalog().recorder(&index));
    let api = loopback::start(task_api(false)).await;
    let executor = Executor::new(ExecutorConfig::new(&api.url).allow_writes(true))
        .unwrap()
        .with_recorder(recorder.clone());
    let catalog = catalog();
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
    catalog
        .run_until(
            &executor,
            "retitle_task",
            json!({"board_id": "ops", "task_id": 1, "title": "New"}),
            deadline,
        )
        .await
        .unwrap();
    let calls: Vec<(String, usize)> = recorder
        .summary()
        .calls
        .into_iter()
        .map(|(tool, c)| (tool, c.calls))
        .collect();
    assert_eq!(
        calls,
        [
            ("get_task".to_string(), 1),
            ("list_tasks".to_string(), 0),
            ("replace_task".to_string(), 1)
        ]
    );
    assert_eq!(
        recorder.never_called(),
        ["list_tasks: GET /boards/{board_id}/tasks"]
    );
    assert!(recorder.undeclared().is_empty());
}

/// Every task of a board, as `list_tasks` answers them.
#[catalog::composite(uses(ListTasks(
        omitted("status", reason = "every task is listed, whatever its status; `list_tasks` filters by one"),
        omitted("label", reason = "every task is listed, whatever its labels; `list_tasks` filters by one"),
        omitted("assignee", reason = "every task is listed, whatever its assignee; `list_tasks` filters by one"),
        omitted("page", reason = "the first page is listed; `list_tasks` reaches the rest of the list"),
        omitted("per_page", reason = "the server's default page size is listed; `list_tasks` sets another")
    )), name = "board_tasks", output = ListTasks)]
pub struct BoardTasks {
    pub board_id: String,
}

#[catalog::composite]
impl BoardTasks {
    async fn run(self, api: Api<'_, Self>) -> Result<Value, ToolError> {
        api.call(ListTasks {
            board_id: self.board_id,
            status: None,
            label: None,
            assignee: None,
            page: None,
            per_page: None,
        })
        .await
    }
}

// A board API answering every GET with `n` tasks.
async fn tasks_api(n: usize) -> loopback::Loopback {
    let body = serde_json::to_vec(&tasks(n)).unwrap();
    loopback::start(move |_| response("200 OK", &[("content-type", "application/json")], &body))
        .await
}

fn listing_server(base: &str) -> McpServer {
    let executor = Executor::new(ExecutorConfig::new(base)).unwrap();
    McpServer::new(
        Catalog::new()
            .tool::<ListTasks>()
            .composite::<BoardTasks>()
            .composite::<CountTasks>(),
        executor,
    )
    // Output schemas are listed only when the operator asks (CATALOG_OUTPUT_SCHEMAS=summary).
    .advertise_output_schemas(true)
}

fn listed(reply: &Value, name: &str) -> Value {
    reply["result"]["tools"]
        .as_array()
        .unwrap()
        .iter()
        .find(|t| t["name"] == name)
        .unwrap_or_else(|| panic!("{name} is not listed: {reply}"))
        .clone()
}

#[tokio::test]
async fn a_declared_output_is_the_outputschema_and_the_value_validates_against_it() {
    let api = tasks_api(2).await;
    let mut c = Client::start(listing_server(&api.url)).await;
    let list = c.request("tools/list", json!({})).await;
    // `output = ListTasks`: the binding's schema (its array wrapped as `items`), as `list_tasks`
    // advertises it.
    let schema = listed(&list, "board_tasks")["outputSchema"].clone();
    assert_eq!(schema, listed(&list, "list_tasks")["outputSchema"]);
    assert_eq!(schema["required"], json!(["items"]));
    assert_eq!(schema["properties"]["items"]["type"], "array");
    // No `output`: no outputSchema, and the value is text alone.
    assert!(listed(&list, "count_tasks").get("outputSchema").is_none());

    let reply = c.call("board_tasks", json!({"board_id": "ops"})).await;
    let result = &reply["result"];
    assert_eq!(result["isError"], false, "{reply}");
    let structured = &result["structuredContent"];
    assert_eq!(structured["items"].as_array().map(Vec::len), Some(2));
    let validator = jsonschema::draft202012::new(&schema).unwrap();
    let errors: Vec<String> = validator
        .iter_errors(structured)
        .map(|e| e.to_string())
        .collect();
    assert!(errors.is_empty(), "{errors:?}");

    let reply = c.call("count_tasks", json!({"board_id": "ops"})).await;
    assert_eq!(
        reply["result"]["content"],
        json!([{"type": "text", "text": "{\"count\":2}"}])
    );
    assert!(
        reply["result"].get("structuredContent").is_none(),
        "{reply}"
    );
}

#[tokio::test]
async fn a_client_before_structured_content_gets_the_value_in_the_text_once() {
    let api = tasks_api(1).await;
    let mut c = Client::start_as(listing_server(&api.url), "2025-03-26").await;
    let reply = c.call("board_tasks", json!({"board_id": "ops"})).await;
    let result = &reply["result"];
    assert!(result.get("structuredContent").is_none(), "{reply}");
    let text = result["content"][0]["text"].as_str().unwrap();
    // The binding's answer as the API gave it (not wrapped: the wrapping is structuredContent's).
    assert_eq!(serde_json::from_str::<Value>(text).unwrap(), tasks(1));
    assert_eq!(result["content"].as_array().map(Vec::len), Some(1));
}

#[tokio::test]
async fn a_value_over_the_result_cap_is_cut_with_the_tools_message() {
    let api = tasks_api(60).await;
    let server = listing_server(&api.url)
        .with_env(|name| (name == "CATALOG_MAX_RESULT_TOKENS").then(|| "1000".to_string()))
        .unwrap();
    let mut c = Client::start(server).await;
    let reply = c.call("board_tasks", json!({"board_id": "ops"})).await;
    let result = &reply["result"];
    assert_eq!(result["isError"], false, "{reply}");
    let bytes = serde_json::to_vec(result).unwrap().len();
    assert!(bytes <= 4000, "{bytes} bytes: {result}");
    // Over the cap in structuredContent, the value is put in the text, whose end is cut with
    // the line every tool's cut result ends with.
    assert!(result.get("structuredContent").is_none(), "{reply}");
    let text = result["content"][0]["text"].as_str().unwrap();
    assert!(text.starts_with("[{\"id\":1,"), "{text}");
    // What the result was before the cut: the value's JSON in the text (counted as the server
    // builds it, with rmcp's `resultType`).
    let whole = serde_json::to_vec(&json!({
        "resultType": "complete",
        "content": [{"type": "text", "text": tasks(60).to_string()}],
        "isError": false
    }))
    .unwrap()
    .len();
    assert!(
        text.ends_with(&format!(
            "\n[result cut to the 1000-token cap (4000 bytes; it was {whole} bytes)]"
        )),
        "{}",
        &text[text.len().saturating_sub(200)..]
    );
}

// The tasks `tasks_api(n)` answers.
fn tasks(n: usize) -> Value {
    Value::Array(
        (1..=n)
            .map(|id| {
                let mut t: Value = serde_json::from_str(RECORD).unwrap();
                t["id"] = json!(id);
                t
            })
            .collect(),
    )
}

#[tokio::test]
async fn an_api_error_over_the_result_cap_is_cut_with_the_tools_message() {
    let body = serde_json::to_vec(&json!({"message": "x".repeat(6000)})).unwrap();
    let api = loopback::start(move |_| {
        response(
            "500 Internal Server Error",
            &[("content-type", "application/json")],
            &body,
        )
    })
    .await;
    let server = listing_server(&api.url)
        .with_env(|name| (name == "CATALOG_MAX_RESULT_TOKENS").then(|| "1000".to_string()))
        .unwrap();
    let mut c = Client::start(server).await;
    let reply = c.call("count_tasks", json!({"board_id": "ops"})).await;
    let result = &reply["result"];
    assert_eq!(result["isError"], true, "{reply}");
    let bytes = serde_json::to_vec(result).unwrap().len();
    assert!(bytes <= 4000, "{bytes} bytes: {result}");
    // The body's copy in `_meta` goes first (the text has it), then the text's end.
    let meta = &result["_meta"]["catalog/composite"];
    assert_eq!(meta["binding"], "list_tasks");
    assert_eq!(meta["status"], 500);
    assert_eq!(meta["body_left_out"], 6014);
    let text = result["content"][0]["text"].as_str().unwrap();
    assert!(
        text.starts_with("`list_tasks`: the API answered HTTP 500: {\"message\":\"xxx"),
        "{text}"
    );
    let tail = "; _meta error body left out (6014 bytes; the body is in this text)]";
    assert!(
        text.contains("\n[result cut to the 1000-token cap (4000 bytes; it was ")
            && text.ends_with(tail),
        "{}",
        &text[text.len().saturating_sub(300)..]
    );
}
