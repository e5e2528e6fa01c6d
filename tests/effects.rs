//! Declared effects: `semantics = ".."` and `effects(..)` change what a tool declares
//! (`Tool::EFFECTS`), its description's wording, the annotations it is served with, and whether
//! the writes guard counts it as a write.

#[path = "../catalog-runtime/tests/support/loopback.rs"]
mod loopback;

#[path = "support/mcp_client.rs"]
mod mcp_client;

use catalog::effects::{Effects, Semantics};
use catalog::executor::{Executor, ExecutorConfig};
use catalog::mcp::McpServer;
use catalog::{Catalog, Tool, tool};
use mcp_client::Client;
use serde_json::{Value, json};

/// Replace the labels of a task; the API keeps labels it is not sent (it merges).
#[tool(
    spec = "taskboard",
    operation = "PUT /boards/{board_id}/tasks/{task_id}/labels",
    name = "merge_labels",
    semantics = "merge"
)]
pub struct MergeLabels {
    pub board_id: String,
    pub task_id: i64,
    #[arg(param = "body", rename = "labels")]
    pub labels: Vec<String>,
}

/// Create a task, replacing any task of the same title.
#[tool(
    spec = "taskboard",
    operation = "CreateTask",
    name = "upsert_task",
    semantics = "full-replace",
    effects(
        idempotent = true,
        reason = "the API keys tasks by title, so sending the same task twice leaves one task"
    ),
    fixed(
        "query.notify",
        value = false,
        reason = "an agent creating tasks in bulk must not page every watcher"
    )
)]
pub struct UpsertTask {
    pub board_id: String,
    pub title: String,
    pub status: String,
    pub description: Option<Option<String>>,
    pub priority: Option<Option<String>>,
    pub due: Option<String>,
    pub estimate_hours: Option<f64>,
    pub labels: Option<Vec<String>>,
    pub assignee: Option<Option<serde_json::Value>>,
    pub metadata: Option<serde_json::Value>,
}

/// Delete a task (it goes to the bin).
#[tool(
    spec = "taskboard",
    operation = "DeleteTask",
    name = "bin_task",
    effects(
        destructive = false,
        reason = "a deleted task stays in the bin for thirty days and can be restored"
    )
)]
pub struct BinTask {
    pub board_id: String,
    pub task_id: i64,
}

/// Comment on a board, counted as a read for the writes guard.
#[tool(
    spec = "taskboard",
    operation = "AddComment",
    name = "note",
    effects(
        read_only = true,
        reason = "comments on this board are a scratch log nobody else reads"
    ),
    omitted(
        "cookie.session",
        reason = "the web session belongs to a person's browser; an agent authenticates by API key"
    )
)]
pub struct Note {
    pub board_id: String,
    pub text: String,
    pub pinned: Option<bool>,
}

fn catalog() -> Catalog {
    Catalog::new()
        .tool::<MergeLabels>()
        .tool::<UpsertTask>()
        .tool::<BinTask>()
        .tool::<Note>()
}

#[test]
fn the_declaration_is_the_tools_effects_constant() {
    assert_eq!(
        MergeLabels::EFFECTS,
        Effects {
            semantics: Some(Semantics::Merge),
            ..Effects::FROM_METHOD
        }
    );
    assert_eq!(
        BinTask::EFFECTS,
        Effects {
            destructive: Some(false),
            reason: Some("a deleted task stays in the bin for thirty days and can be restored"),
            ..Effects::FROM_METHOD
        }
    );
    assert_eq!(UpsertTask::EFFECTS.semantics, Some(Semantics::FullReplace));
    assert_eq!(UpsertTask::EFFECTS.idempotent, Some(true));
}

#[test]
fn the_description_follows_the_semantics() {
    assert!(
        MergeLabels::DESCRIPTION.ends_with(
            "\n\nThis PUT merges: only the body fields you send change; the others are kept."
        ),
        "{}",
        MergeLabels::DESCRIPTION
    );
    assert!(!MergeLabels::DESCRIPTION.contains("full replace"));
    assert!(
        UpsertTask::DESCRIPTION.contains(
            "\n\nThis is a full replace: every body field you leave out is written as empty."
        ),
        "{}",
        UpsertTask::DESCRIPTION
    );
}

#[tokio::test]
async fn overrides_are_served_as_annotations() {
    let executor = Executor::new(ExecutorConfig::new("http://127.0.0.1:9")).unwrap();
    let mut c = Client::start(McpServer::new(catalog(), executor)).await;
    let reply = c.request("tools/list", json!({})).await;
    // Each tool's hints, the title aside: only what the specification's defaults do not say
    // (readOnlyHint false, destructiveHint true, idempotentHint false, openWorldHint true).
    let hints: Vec<(String, Value)> = reply["result"]["tools"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| {
            let mut a = t["annotations"].clone();
            a.as_object_mut().unwrap().remove("title");
            (t["name"].as_str().unwrap().to_string(), a)
        })
        .collect();
    let expected = [
        // A merging PUT destroys nothing and stays idempotent.
        (
            "merge_labels",
            json!({"destructiveHint": false, "idempotentHint": true}),
        ),
        // A POST declared a full replace is destructive (the default); declared idempotent with
        // a reason.
        ("upsert_task", json!({"idempotentHint": true})),
        (
            "bin_task",
            json!({"destructiveHint": false, "idempotentHint": true}),
        ),
        // Read-only: the other hints mean nothing.
        ("note", json!({"readOnlyHint": true})),
    ];
    let expected: Vec<(String, Value)> = expected
        .into_iter()
        .map(|(n, a)| (n.to_string(), a))
        .collect();
    assert_eq!(hints, expected);
}

#[tokio::test]
async fn a_tool_declared_read_only_passes_the_writes_guard() {
    let api = loopback::start(|_| loopback::response("201 Created", &[], b"")).await;
    let executor = Executor::new(ExecutorConfig::new(&api.url)).unwrap();
    let mut c = Client::start(McpServer::new(catalog(), executor)).await;
    let (is_error, text) = c
        .call_text("note", json!({"board_id": "ops", "text": "tried the fix"}))
        .await;
    assert!(!is_error, "{text}");
    let (is_error, text) = c
        .call_text("bin_task", json!({"board_id": "ops", "task_id": 3}))
        .await;
    assert!(is_error);
    assert!(
        text.starts_with("writes are disabled for `bin_task`: it sends DELETE;"),
        "{text}"
    );
    let seen: Vec<String> = api.seen().into_iter().map(|s| s.request_line).collect();
    assert_eq!(seen, ["POST /boards/ops/comments HTTP/1.1"]);
}
