//! A client that does not play by the rules cannot knock the server over: messages before
//! `initialize`, a client that never reads, a reused id, cancellation, and more calls than the
//! server allows at once. Each drives an `McpServer` over an in-memory pipe (or the taskboard
//! example over real pipes) and asserts what comes back and what reached the API.

#[path = "support/example.rs"]
mod example;

#[path = "../examples/taskboard/tools.rs"]
#[allow(dead_code)]
mod tools;

#[path = "../catalog-runtime/tests/support/loopback.rs"]
mod loopback;

#[path = "support/mcp_client.rs"]
mod mcp_client;

use catalog::executor::{Executor, ExecutorConfig};
use catalog::mcp::McpServer;
use loopback::Part;
use mcp_client::{Client, error};
use serde_json::{Value, json};
use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};
use std::time::Duration;
use tokio::io::{AsyncBufReadExt, AsyncWriteExt};

fn server(base: &str) -> McpServer {
    let config = ExecutorConfig::new(base).timeout(Duration::from_secs(600));
    McpServer::new(tools::catalog(), Executor::new(config).unwrap())
}

/// A port nothing listens on.
fn closed_port() -> String {
    let l = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    format!("http://127.0.0.1:{}", l.local_addr().unwrap().port())
}

/// Waits for `cond`, checking every 10 ms, and fails after 30 s.
async fn eventually(what: &str, cond: impl Fn() -> bool) {
    for _ in 0..3000 {
        if cond() {
            return;
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    panic!("{what} did not happen within 30 s");
}

/// An API that answers nothing and holds every request until the client gives up on it.
async fn holding_api() -> loopback::Loopback {
    loopback::start(|_| vec![Part::AwaitClose]).await
}

fn get_task(id: i64) -> Value {
    json!({"jsonrpc": "2.0", "id": id, "method": "tools/call",
           "params": {"name": "get_task", "arguments": {"board_id": "ops", "task_id": id}}})
}

fn cancel(id: i64) -> Value {
    json!({"jsonrpc": "2.0", "method": "notifications/cancelled",
           "params": {"requestId": id, "reason": "the user moved on"}})
}

fn ping(id: i64) -> Value {
    json!({"jsonrpc": "2.0", "id": id, "method": "ping"})
}

fn pong(id: i64) -> Value {
    json!({"jsonrpc": "2.0", "id": id, "result": {}})
}

#[tokio::test]
async fn notifications_and_responses_before_initialize_are_ignored() {
    let mut c = Client::connect(server(&closed_port()));
    for early in [
        json!({"jsonrpc": "2.0", "method": "notifications/initialized"}),
        cancel(1),
        json!({"jsonrpc": "2.0", "id": 5, "result": {}}),
        json!({"jsonrpc": "2.0", "id": 6, "error": {"code": -1, "message": "stray"}}),
    ] {
        c.send(&early).await;
    }
    // The first line the server writes is the answer to `initialize`: nothing above was
    // answered, and the server is still there.
    c.initialize().await;
    let reply = c.request("tools/list", json!({})).await;
    assert_eq!(reply["result"]["tools"].as_array().unwrap().len(), 8);
}

/// The example serving over stdio against an upstream that is never reached, with `envs` set:
/// the child, its stdin, and its stdout read line by line.
fn serve_stdio_example(
    envs: &[(&str, &str)],
) -> (
    std::process::Child,
    std::process::ChildStdin,
    std::io::Lines<BufReader<std::process::ChildStdout>>,
) {
    let mut child = Command::new(example::taskboard())
        .arg("serve")
        .env("TASKBOARD_BASE_URL", "http://127.0.0.1:9")
        .envs(envs.iter().copied())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let stdin = child.stdin.take().unwrap();
    let lines = BufReader::new(child.stdout.take().unwrap()).lines();
    (child, stdin, lines)
}

#[test]
fn the_example_server_survives_a_notification_before_initialize() {
    let (mut child, mut stdin, mut lines) = serve_stdio_example(&[]);
    for message in [
        json!({"jsonrpc": "2.0", "method": "notifications/initialized"}),
        json!({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
            "protocolVersion": "2025-06-18", "capabilities": {},
            "clientInfo": {"name": "early", "version": "1"}}}),
        ping(2),
    ] {
        writeln!(stdin, "{message}").unwrap();
    }
    stdin.flush().unwrap();
    let first: Value = serde_json::from_str(&lines.next().unwrap().unwrap()).unwrap();
    assert_eq!(first["id"], 1);
    assert!(first["result"]["serverInfo"].is_object(), "{first}");
    let second: Value = serde_json::from_str(&lines.next().unwrap().unwrap()).unwrap();
    assert_eq!(second, pong(2));
    drop(stdin);
    assert!(child.wait().unwrap().success());
}

/// With time paused, `sleep` returns only once every other task is blocked: the server has
/// read all it is going to read.
#[tokio::test(start_paused = true)]
async fn a_client_that_never_reads_stops_the_server_reading() {
    const PINGS: i64 = 3000;
    let (ours, theirs) = tokio::io::duplex(4096);
    let (read, write) = tokio::io::split(theirs);
    tokio::spawn(server(&closed_port()).max_pending(8).serve(read, write));
    let (ours_read, mut ours_write) = tokio::io::split(ours);
    let writer = tokio::spawn(async move {
        let mut out = String::new();
        out.push_str(
            &json!({"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": {
                "protocolVersion": "2025-06-18", "capabilities": {},
                "clientInfo": {"name": "deaf", "version": "1"}}})
            .to_string(),
        );
        out.push('\n');
        for id in 1..=PINGS {
            out.push_str(&ping(id).to_string());
            out.push('\n');
        }
        ours_write.write_all(out.as_bytes()).await.unwrap();
        ours_write.flush().await.unwrap();
        ours_write
    });
    tokio::time::sleep(Duration::from_secs(3600)).await;
    assert!(
        !writer.is_finished(),
        "the server read all {PINGS} pings while nobody read its answers"
    );
    // Once the client reads, every request is answered, in order, and the writer gets through.
    let mut lines = tokio::io::BufReader::new(ours_read).lines();
    let init: Value = serde_json::from_str(&lines.next_line().await.unwrap().unwrap()).unwrap();
    assert_eq!(init["id"], 0);
    for id in 1..=PINGS {
        let line = lines.next_line().await.unwrap().unwrap();
        assert_eq!(serde_json::from_str::<Value>(&line).unwrap(), pong(id));
    }
    let _input = writer.await.unwrap();
}

#[tokio::test]
async fn a_reused_id_in_flight_gets_an_error_and_the_first_call_goes_on() {
    let api = holding_api().await;
    let mut c = Client::start(server(&api.url)).await;
    c.send(&get_task(7)).await;
    eventually("the call reaching the API", || api.seen().len() == 1).await;
    c.send(&ping(7)).await;
    assert_eq!(
        c.recv().await,
        error(
            json!(7),
            -32600,
            "Invalid Request: id 7 is already in use by a request in flight; give each request \
             its own id"
        )
    );
    // Serving goes on, and the first call is still waiting on the API.
    c.send(&ping(8)).await;
    assert_eq!(c.recv().await, pong(8));
    assert!(api.closed().is_empty());
    // Once it is cancelled, the id is free again.
    c.send(&cancel(7)).await;
    eventually("the API request being dropped", || api.closed().len() == 1).await;
    c.send(&ping(7)).await;
    assert_eq!(c.recv().await, pong(7));
}

#[tokio::test]
async fn cancelling_a_call_aborts_its_api_request_and_answers_nothing() {
    let api = holding_api().await;
    let mut c = Client::start(server(&api.url)).await;
    c.send(&get_task(9)).await;
    eventually("the call reaching the API", || api.seen().len() == 1).await;
    c.send(&cancel(9)).await;
    eventually("the API request being dropped", || api.closed().len() == 1).await;
    assert_eq!(
        api.closed()[0].request_line,
        "GET /boards/ops/tasks/9 HTTP/1.1"
    );
    // No answer for 9: the next line is the answer to the next request.
    c.send(&ping(10)).await;
    assert_eq!(c.recv().await, pong(10));
}

/// A call past the in-flight cap is held, not refused: it reaches the API once a slot frees.
#[tokio::test]
async fn a_call_past_the_limit_waits_for_a_slot() {
    let api = holding_api().await;
    let mut c = Client::start(server(&api.url).max_in_flight(2)).await;
    c.send(&get_task(1)).await;
    c.send(&get_task(2)).await;
    eventually("both calls reaching the API", || api.seen().len() == 2).await;
    c.send(&get_task(3)).await;
    // Serving goes on while the third call waits, and the third has not been sent.
    c.send(&ping(4)).await;
    assert_eq!(c.recv().await, pong(4));
    tokio::time::sleep(Duration::from_millis(100)).await;
    assert_eq!(api.seen().len(), 2, "a call past the cap reached the API");
    // A finished call makes room for the one waiting.
    c.send(&cancel(1)).await;
    eventually("the first call being dropped", || api.closed().len() == 1).await;
    eventually("the third call reaching the API", || api.seen().len() == 3).await;
    assert_eq!(
        api.seen()[2].request_line,
        "GET /boards/ops/tasks/3 HTTP/1.1"
    );
}

#[tokio::test]
async fn input_closing_ends_serving_cleanly() {
    let mut c = Client::start(server(&closed_port())).await;
    c.send(&ping(1)).await;
    assert_eq!(c.recv().await, pong(1));
    c.close_input().await;
    assert_eq!(c.recv_or_eof().await, None);
}

/// At start the example reads the API's status document and warns, on stderr, when the API runs
/// another version than the spec the tools were built from; it serves either way.
#[tokio::test]
async fn the_example_warns_at_start_when_the_api_runs_another_version() {
    let api = loopback::start(|_| {
        loopback::response(
            "200 OK",
            &[("content-type", "application/json")],
            br#"{"build": {"version": "v2.0.1"}}"#,
        )
    })
    .await;
    let mut child = Command::new(example::taskboard())
        .arg("serve")
        .env("TASKBOARD_BASE_URL", format!("{}/api", api.url))
        .env("TASKBOARD_STATUS_PATH", "/status")
        .env("TASKBOARD_STATUS_VERSION", "build.version")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let stdin = child.stdin.take().unwrap();
    let mut stderr = BufReader::new(child.stderr.take().unwrap()).lines();
    let warning = tokio::task::spawn_blocking(move || stderr.next().unwrap().unwrap())
        .await
        .unwrap();
    assert_eq!(
        warning,
        format!(
            "taskboard: warning: {}",
            catalog::coverage::VersionWarning::Mismatch(catalog::coverage::VersionMismatch {
                title: "Taskboard API".into(),
                built: "1.4.0".into(),
                reported: "v2.0.1".into(),
            })
        )
    );
    let seen = api.seen();
    assert_eq!(seen.len(), 1);
    assert_eq!(seen[0].request_line, "GET /api/status HTTP/1.1");
    // It still serves: closing its input ends it cleanly.
    drop(stdin);
    assert!(child.wait().unwrap().success());
}

/// A client of the 2026-07-28 revision over stdio: no `initialize`, each request carries its
/// own `_meta`; `server/discover` answers with the server's versions, capabilities and name.
#[tokio::test]
async fn a_current_revision_client_discovers_and_lists_without_initialize() {
    let meta = json!({
        "io.modelcontextprotocol/protocolVersion": "2026-07-28",
        "io.modelcontextprotocol/clientCapabilities": {},
    });
    let mut c = Client::connect(server(&closed_port()));
    let discover = c
        .request("server/discover", json!({"_meta": meta.clone()}))
        .await;
    let result = &discover["result"];
    assert!(
        result["supportedVersions"]
            .as_array()
            .unwrap()
            .contains(&json!("2026-07-28")),
        "{discover}"
    );
    assert!(result["capabilities"]["tools"].is_object(), "{discover}");
    assert_eq!(
        result["_meta"]["io.modelcontextprotocol/serverInfo"]["name"],
        "Taskboard API"
    );
    let list = c.request("tools/list", json!({"_meta": meta})).await;
    assert_eq!(
        list["result"]["tools"].as_array().unwrap().len(),
        8,
        "{list}"
    );
}

/// `tools/list` carries the cache hints the 2026-07-28 revision defines (`ttlMs`, `cacheScope`):
/// five minutes and `private` by default, what `McpServer::list_cache` sets otherwise; a client
/// on an earlier revision, which does not define them, gets neither.
#[tokio::test]
async fn the_tool_list_carries_cache_hints_for_a_current_revision_client_only() {
    let meta = json!({
        "io.modelcontextprotocol/protocolVersion": "2026-07-28",
        "io.modelcontextprotocol/clientCapabilities": {},
    });
    let hints = |list: &Value| {
        let result = &list["result"];
        (
            result.get("ttlMs").cloned(),
            result.get("cacheScope").cloned(),
        )
    };
    let mut c = Client::connect(server(&closed_port()));
    let list = c
        .request("tools/list", json!({"_meta": meta.clone()}))
        .await;
    assert_eq!(
        hints(&list),
        (Some(json!(300_000)), Some(json!("private"))),
        "{list}"
    );
    assert_eq!(list["result"]["tools"].as_array().unwrap().len(), 8);

    let shared = server(&closed_port()).list_cache(Duration::from_secs(60), true);
    let mut c = Client::connect(shared);
    let list = c.request("tools/list", json!({"_meta": meta})).await;
    assert_eq!(
        hints(&list),
        (Some(json!(60_000)), Some(json!("public"))),
        "{list}"
    );

    for revision in ["2025-06-18", "2025-11-25"] {
        let mut c = Client::start_as(server(&closed_port()), revision).await;
        let list = c.request("tools/list", json!({})).await;
        assert_eq!(hints(&list), (None, None), "{revision}: {list}");
        assert_eq!(list["result"]["tools"].as_array().unwrap().len(), 8);
    }
}

/// `TASKBOARD_WORKER_THREADS` picks the example's runtime: a count that is not a positive
/// integer stops it at start-up with the variable named; a count above one serves as one
/// thread does.
#[test]
fn the_examples_worker_threads_are_checked_and_honoured() {
    for bad in ["0", "many"] {
        let out = Command::new(example::taskboard())
            .arg("serve")
            .env("TASKBOARD_BASE_URL", "http://127.0.0.1:9")
            .env("TASKBOARD_WORKER_THREADS", bad)
            .stdin(Stdio::null())
            .output()
            .unwrap();
        assert!(!out.status.success(), "{bad}");
        assert_eq!(
            String::from_utf8_lossy(&out.stderr),
            format!("taskboard: TASKBOARD_WORKER_THREADS={bad:?}: expected a positive integer\n")
        );
    }
    let (mut child, mut stdin, mut lines) =
        serve_stdio_example(&[("TASKBOARD_WORKER_THREADS", "2")]);
    writeln!(stdin, "{}", ping(7)).unwrap();
    stdin.flush().unwrap();
    let first: Value = serde_json::from_str(&lines.next().unwrap().unwrap()).unwrap();
    assert_eq!(first, pong(7));
    drop(stdin);
    assert!(child.wait().unwrap().success());
}
