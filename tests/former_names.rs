//! Tool names survive a rename (`#[tool(former_names = [...])]`): a call by a former name
//! reaches the renamed tool and sends the same request, `tools/list` shows the current name
//! once, the selection settings follow a former name exactly, the settings that compare names as
//! written refuse one with the name to write, and two tools cannot answer to one name. The
//! compile errors are in `tests/ui/tool/former-names-*`.

#[path = "../catalog-runtime/tests/support/loopback.rs"]
mod loopback;

#[path = "support/mcp_client.rs"]
mod mcp_client;

use catalog::executor::{Executor, ExecutorConfig};
use catalog::mcp::McpServer;
use catalog::{Catalog, Tool, tool};
use mcp_client::Client;
use serde_json::json;

/// Get one task.
#[tool(
    spec = "taskboard",
    operation = "GetTask",
    name = "read_task",
    former_names = ["get_task", "fetch_task"]
)]
pub struct ReadTask {
    pub board_id: String,
    pub task_id: i64,
}

/// Delete a task.
#[tool(spec = "taskboard", operation = "DeleteTask")]
pub struct DeleteTask {
    pub board_id: String,
    pub task_id: i64,
}

/// The tool `ReadTask` was before its rename, still built somewhere.
#[tool(spec = "taskboard", operation = "GetTask")]
pub struct GetTask {
    pub board_id: String,
    pub task_id: i64,
}

/// A tool that claims a name `ReadTask` answers to.
#[tool(
    spec = "taskboard",
    operation = "DeleteTask",
    name = "remove_task",
    former_names = ["fetch_task"]
)]
pub struct RemoveTask {
    pub board_id: String,
    pub task_id: i64,
}

fn catalog() -> Catalog {
    Catalog::new().tool::<ReadTask>().tool::<DeleteTask>()
}

fn server(base: &str, env: &[(&str, &str)]) -> Result<McpServer, String> {
    let lookup = |name: &str| {
        env.iter()
            .find(|(n, _)| *n == name)
            .map(|(_, v)| v.to_string())
    };
    let executor = Executor::new(ExecutorConfig::new(base).with_env(lookup).unwrap()).unwrap();
    let server = McpServer::new(catalog(), executor)
        .with_env(lookup)
        .map_err(|e| e.to_string())?;
    server.check_settings().map_err(|e| e.to_string())?;
    Ok(server)
}

async fn api() -> loopback::Loopback {
    loopback::start(|_| {
        loopback::response(
            "200 OK",
            &[("content-type", "application/json")],
            br#"{"id":7,"title":"t","status":"todo"}"#,
        )
    })
    .await
}

#[test]
fn the_macro_writes_the_former_names_and_the_catalog_resolves_them() {
    assert_eq!(ReadTask::NAME, "read_task");
    assert_eq!(ReadTask::FORMER_NAMES, ["get_task", "fetch_task"]);
    assert_eq!(DeleteTask::FORMER_NAMES, [] as [&str; 0]);
    let catalog = catalog();
    for name in ["read_task", "get_task", "fetch_task"] {
        assert_eq!(
            catalog.get(name).map(|t| t.name),
            Some("read_task"),
            "{name}"
        );
    }
    let names: Vec<&str> = catalog.tools().map(|t| t.name).collect();
    assert_eq!(names, ["read_task", "delete_task"]);
}

#[tokio::test]
async fn a_call_by_a_former_name_sends_what_the_current_name_sends() {
    let api = api().await;
    let mut c = Client::start(server(&api.url, &[]).unwrap()).await;
    assert_eq!(c.tool_names().await, ["read_task", "delete_task"]);
    let args = json!({"board_id": "ops", "task_id": 7});
    let by_new = c.call("read_task", args.clone()).await;
    let by_old = c.call("get_task", args).await;
    assert_eq!(by_new["result"], by_old["result"]);
    assert_eq!(by_old["result"]["isError"], false, "{by_old}");
    let seen: Vec<String> = api.seen().into_iter().map(|s| s.request_line).collect();
    assert_eq!(
        seen,
        [
            "GET /boards/ops/tasks/7 HTTP/1.1",
            "GET /boards/ops/tasks/7 HTTP/1.1"
        ]
    );
}

#[tokio::test]
async fn the_selection_settings_follow_a_former_name_exactly() {
    let api = api().await;
    let mut c = Client::start(server(&api.url, &[("CATALOG_TOOLS", "get_task")]).unwrap()).await;
    assert_eq!(c.tool_names().await, ["read_task"]);
    let mut c =
        Client::start(server(&api.url, &[("CATALOG_EXCLUDE_TOOLS", "fetch_task")]).unwrap()).await;
    assert_eq!(c.tool_names().await, ["delete_task"]);
    // A pattern is matched against current names only.
    let mut c = Client::start(server(&api.url, &[("CATALOG_TOOLS", "*_task")]).unwrap()).await;
    assert_eq!(c.tool_names().await, ["read_task", "delete_task"]);
    let refused = server(&api.url, &[("CATALOG_TOOLS", "get_*")]).map(|_| ());
    assert_eq!(
        refused.unwrap_err(),
        "the tool selection names what this server does not serve: CATALOG_TOOLS: no tool \
         matches `get_*` (accepted: `read_task`, `delete_task`)"
    );
}

#[tokio::test]
async fn a_setting_that_compares_names_as_written_refuses_a_former_name_with_the_new_one() {
    let api = api().await;
    let refused = server(
        &api.url,
        &[("CATALOG_ALLOW_WRITES", "delete_task,fetch_task")],
    )
    .map(|_| ())
    .unwrap_err();
    assert_eq!(
        refused,
        "CATALOG_ALLOW_WRITES names a tool this server does not serve: `fetch_task` (renamed: \
         the tool is `read_task` now; write that name)"
    );
}

#[test]
fn two_tools_cannot_answer_to_one_name() {
    let panic = std::panic::catch_unwind(|| catalog().tool::<RemoveTask>())
        .expect_err("`fetch_task` answers for two tools");
    let message = panic.downcast_ref::<String>().expect("a formatted message");
    assert_eq!(
        message,
        &format!(
            "catalog: two tools answer to `fetch_task`: `{}` and `{}`; rename one with \
             #[tool(name = \"...\")], or drop the former name",
            std::any::type_name::<ReadTask>(),
            std::any::type_name::<RemoveTask>()
        )
    );
    // A name that is the current name of one and a former name of the other, either way round.
    let taken = Catalog::new()
        .tool::<GetTask>()
        .try_tool::<ReadTask>()
        .map(|_| ());
    assert_eq!(taken, Err("get_task"));
    let taken = Catalog::new()
        .tool::<ReadTask>()
        .try_tool::<GetTask>()
        .map(|_| ());
    assert_eq!(taken, Err("get_task"));
}
