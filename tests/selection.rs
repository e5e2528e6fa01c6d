//! Tool selection over stdio: groups, names and patterns, read-only mode, start-up errors, and
//! `notifications/tools/list_changed` when the selection changes at run time; with what reached
//! the API (a loopback server) for each call.

#[path = "../examples/taskboard/tools.rs"]
#[allow(dead_code)]
mod tools;

#[path = "../catalog-runtime/tests/support/loopback.rs"]
mod loopback;

#[path = "support/mcp_client.rs"]
mod mcp_client;

use catalog::Catalog;
use catalog::executor::{Executor, ExecutorConfig};
use catalog::mcp::McpServer;
use catalog::mcp::selection::Selection;
use mcp_client::{Client, error};
use serde_json::json;

/// The taskboard tools in three groups: `tasks`, `comments` and `search`.
fn grouped() -> Catalog {
    tools::catalog()
        .in_groups::<tools::ListTasks>(["tasks"])
        .in_groups::<tools::CreateTask>(["tasks"])
        .in_groups::<tools::GetTask>(["tasks"])
        .in_groups::<tools::ReplaceTask>(["tasks"])
        .in_groups::<tools::DeleteTask>(["tasks"])
        .in_groups::<tools::SetTaskLabels>(["tasks"])
        .in_groups::<tools::AddComment>(["comments"])
        .in_groups::<tools::Search>(["search", "tasks"])
}

fn server(base: &str, env: &[(&str, &str)]) -> McpServer {
    let lookup = |name: &str| {
        env.iter()
            .find(|(n, _)| *n == name)
            .map(|(_, v)| v.to_string())
    };
    let executor = Executor::new(ExecutorConfig::new(base).with_env(lookup).unwrap()).unwrap();
    McpServer::new(grouped(), executor)
        .with_env(lookup)
        .unwrap()
}

async fn api() -> loopback::Loopback {
    loopback::start(|_| {
        loopback::response(
            "200 OK",
            &[("content-type", "application/json")],
            br#"{"id":1,"title":"t","status":"todo"}"#,
        )
    })
    .await
}

#[tokio::test]
async fn groups_select_the_tools_listed_and_called() {
    let api = api().await;
    let mut c = Client::start(server(
        &api.url,
        &[("CATALOG_TOOLSETS", "comments, Search")],
    ))
    .await;
    assert_eq!(c.tool_names().await, ["add_comment", "search"]);
    // A tool outside the selection is unknown, and the nearest offered tool is named.
    let reply = c
        .call("get_task", json!({"board_id": "ops", "task_id": 1}))
        .await;
    assert_eq!(
        reply,
        error(
            reply["id"].clone(),
            -32602,
            "unknown tool `get_task`: accepted: `add_comment`, `search`"
        )
    );
    c.call("search", json!({"q": "ab"})).await;
    let seen: Vec<String> = api.seen().into_iter().map(|s| s.request_line).collect();
    assert_eq!(seen, ["GET /search?q=ab HTTP/1.1"]);
}

#[tokio::test]
async fn patterns_add_and_exclude_tools() {
    let api = api().await;
    let mut c = Client::start(server(
        &api.url,
        &[
            ("CATALOG_TOOLSETS", "comments"),
            ("CATALOG_TOOLS", "*_task"),
            ("CATALOG_EXCLUDE_TOOLS", "delete_*, create_tas?"),
        ],
    ))
    .await;
    assert_eq!(
        c.tool_names().await,
        ["get_task", "replace_task", "add_comment"]
    );
    // Only names, no groups: exactly the tools named.
    let mut c = Client::start(server(&api.url, &[("CATALOG_TOOLS", "search,list_*")])).await;
    assert_eq!(c.tool_names().await, ["list_tasks", "search"]);
    // `all` selects every group.
    let mut c = Client::start(server(&api.url, &[("CATALOG_TOOLSETS", "all")])).await;
    assert_eq!(c.tool_names().await.len(), 8);
}

#[tokio::test]
async fn read_only_mode_lists_no_write_tool_and_refuses_calls_to_them_as_unknown() {
    let api = api().await;
    let mut c = Client::start(server(&api.url, &[("CATALOG_READ_ONLY", "1")])).await;
    assert_eq!(c.tool_names().await, ["list_tasks", "get_task", "search"]);
    let reply = c
        .call("delete_task", json!({"board_id": "ops", "task_id": 1}))
        .await;
    assert_eq!(
        reply,
        error(
            reply["id"].clone(),
            -32602,
            "unknown tool `delete_task`: accepted: `list_tasks`, `get_task`, `search`"
        )
    );
    assert_eq!(api.seen(), []);
}

#[tokio::test]
async fn the_server_advertises_list_changes_and_sends_them_when_the_selection_changes() {
    let api = api().await;
    let server = server(&api.url, &[("CATALOG_TOOLSETS", "comments")]);
    let handle = server.clone();
    let mut c = Client::connect(server);
    let init = c
        .request(
            "initialize",
            json!({"protocolVersion": "2025-06-18", "capabilities": {},
                   "clientInfo": {"name": "test", "version": "1"}}),
        )
        .await;
    assert_eq!(
        init["result"]["capabilities"]["tools"],
        json!({"listChanged": true})
    );
    c.send(&json!({"jsonrpc": "2.0", "method": "notifications/initialized"}))
        .await;
    assert_eq!(c.tool_names().await, ["add_comment"]);
    handle
        .set_selection(Selection::all().toolsets(["search"]))
        .await
        .unwrap();
    assert_eq!(
        c.recv().await,
        json!({"jsonrpc": "2.0", "method": "notifications/tools/list_changed"})
    );
    assert_eq!(c.tool_names().await, ["search"]);
    // A selection naming what the server does not serve is refused, the one in place kept.
    let err = handle
        .set_selection(Selection::all().toolsets(["serch"]))
        .await
        .unwrap_err();
    assert_eq!(
        err.to_string(),
        "the tool selection names what this server does not serve: CATALOG_TOOLSETS: no group \
         `serch` (did you mean `search`?)"
    );
    assert_eq!(handle.selection(), Selection::all().toolsets(["search"]));
    // The same tools again: no notification (the next line is the list's answer).
    handle
        .set_selection(Selection::all().tools(["search"]))
        .await
        .unwrap();
    assert_eq!(c.tool_names().await, ["search"]);
}

fn start_up_error(env: &[(&str, &str)]) -> String {
    let lookup = |name: &str| {
        env.iter()
            .find(|(n, _)| *n == name)
            .map(|(_, v)| v.to_string())
    };
    let built = ExecutorConfig::new("http://127.0.0.1:9")
        .with_env(lookup)
        .map_err(|e| e.to_string())
        .and_then(|config| Executor::new(config).map_err(|e| e.to_string()))
        .and_then(|executor| {
            McpServer::new(grouped(), executor)
                .with_env(lookup)
                .map_err(|e| e.to_string())
        });
    match built {
        Err(e) => e,
        Ok(server) => server.check_settings().unwrap_err().to_string(),
    }
}

#[test]
fn a_selection_naming_what_the_server_does_not_serve_stops_it_at_start_up() {
    assert_eq!(
        start_up_error(&[("CATALOG_TOOLSETS", "task,comments")]),
        "the tool selection names what this server does not serve: CATALOG_TOOLSETS: no group \
         `task` (did you mean `tasks`?)"
    );
    assert_eq!(
        start_up_error(&[
            ("CATALOG_TOOLS", "get_tsk"),
            ("CATALOG_EXCLUDE_TOOLS", "x*")
        ]),
        "the tool selection names what this server does not serve: CATALOG_TOOLS: no tool \
         `get_tsk` (did you mean `get_task`?); CATALOG_EXCLUDE_TOOLS: no tool matches `x*` \
         (accepted: `list_tasks`, `create_task`, `get_task`, `replace_task`, \
         `delete_task`, `set_task_labels`, `add_comment`, `search`)"
    );
    assert_eq!(
        start_up_error(&[("CATALOG_TOOLS", "get task!")]),
        "CATALOG_TOOLS=\"get task!\": expected a comma-separated list of tool name or patterns; \
         \"get task!\" is not one"
    );
    for bad in ["2", "on", "maybe"] {
        assert_eq!(
            start_up_error(&[("CATALOG_READ_ONLY", bad)]),
            format!("CATALOG_READ_ONLY={bad:?}: expected 1 (on) or 0 (off)")
        );
    }
    assert_eq!(
        start_up_error(&[
            ("CATALOG_READ_ONLY", "1"),
            ("CATALOG_ALLOW_WRITES", "delete_task")
        ]),
        "CATALOG_READ_ONLY=1 offers no tool that writes, and CATALOG_ALLOW_WRITES enables \
         writes: unset one of the two"
    );
    // The writes allowlist is checked the same way.
    assert_eq!(
        start_up_error(&[("CATALOG_ALLOW_WRITES", "delete_tsk")]),
        "CATALOG_ALLOW_WRITES names a tool this server does not serve: `delete_tsk` (did you \
         mean `delete_task`?)"
    );
}

#[test]
fn groups_come_from_the_spec_tags_unless_the_catalog_names_them() {
    let plain = tools::catalog();
    // The taskboard spec tags no operation.
    assert_eq!(plain.groups("get_task"), Vec::<String>::new());
    let grouped = grouped();
    assert_eq!(grouped.groups("search"), ["search", "tasks"]);
    assert_eq!(
        catalog::mcp::selection::groups(&grouped),
        ["tasks", "comments", "search"]
    );
    assert_eq!(
        start_up_error_for(plain, &[("CATALOG_TOOLSETS", "tasks")]),
        "the tool selection names what this server does not serve: CATALOG_TOOLSETS: no group \
         `tasks` (this server's tools are in no group: select them by name)"
    );
}

fn start_up_error_for(catalog: Catalog, env: &[(&str, &str)]) -> String {
    let lookup = |name: &str| {
        env.iter()
            .find(|(n, _)| *n == name)
            .map(|(_, v)| v.to_string())
    };
    let executor = Executor::new(ExecutorConfig::new("http://127.0.0.1:9")).unwrap();
    let server = McpServer::new(catalog, executor).with_env(lookup).unwrap();
    server.check_settings().unwrap_err().to_string()
}
