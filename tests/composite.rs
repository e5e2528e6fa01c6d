//! Composite tools over the taskboard: a read-modify-write that keeps every field it does not
//! change, against a loopback API that does not change the record in between (the write carries
//! the read's fields and `If-Match`) and one that does (412: a tool error saying so, nothing
//! written); the composite's arguments decoded strictly; its effects the strongest of its
//! bindings'; its bindings unlisted but recorded; the writes guard before anything is sent.

#[path = "../examples/taskboard/tools.rs"]
#[allow(dead_code)]
mod tools;

#[path = "../catalog-core/tests/support/loopback.rs"]
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
#[catalog::composite(uses(GetTask, ReplaceTask))]
pub struct RetitleTask {
    /// The board.
    pub board_id: String,
    pub task_id: i64,
    /// The new title.
    pub title: String,
}

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
#[catalog::composite(uses(ListTasks), name = "count_tasks")]
pub struct CountTasks {
    pub board_id: String,
}

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
            response("200 OK", &[("content-type", "application/json")], &req.body)
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
    // The composite's value is the write's answer (here, what it wrote), as structured content.
    assert_eq!(result["structuredContent"], sent);
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
                "task_id": {"type": "integer", "format": "int64"},
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
