//! Progress notifications for the taskboard tools against a loopback API: a `tools/call`
//! carrying `_meta.progressToken` is told each step of its REST exchange (the request sent, each
//! retry, the API's answer, the result ready) before its answer, over stdio and over Streamable
//! HTTP (the POST's answer then an SSE stream); a call without a token, or refused before
//! anything is sent, is told nothing.

#[path = "../examples/taskboard/tools.rs"]
#[allow(dead_code)]
mod tools;

#[path = "../catalog-runtime/tests/support/loopback.rs"]
mod loopback;

#[path = "support/mcp_client.rs"]
mod mcp_client;

use catalog::executor::{Executor, ExecutorConfig};
use catalog::mcp::McpServer;
use catalog::mcp::http::{HttpConfig, bind};
use loopback::{Part, response};
use mcp_client::Client;
use serde_json::{Value, json};
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use tokio::io::{AsyncReadExt, AsyncWriteExt};

/// An API that answers its n-th request (from 0) with `answer(n)`.
async fn api(answer: impl Fn(usize) -> Vec<Part> + Send + Sync + 'static) -> loopback::Loopback {
    let count = Arc::new(AtomicUsize::new(0));
    loopback::start(move |_| answer(count.fetch_add(1, Ordering::SeqCst))).await
}

fn ok() -> Vec<Part> {
    response("200 OK", &[("content-type", "application/json")], b"[]")
}

/// The taskboard tools against `url`, every write enabled, three attempts for an idempotent
/// call (the default).
fn server(url: &str) -> McpServer {
    let config = ExecutorConfig::new(url).allow_writes(true);
    McpServer::new(tools::catalog(), Executor::new(config).unwrap())
}

/// A `tools/call` request, with `meta` as its `_meta` when there is one.
fn call(id: i64, name: &str, arguments: Value, meta: Option<Value>) -> Value {
    let mut params = json!({"name": name, "arguments": arguments});
    if let Some(meta) = meta {
        params["_meta"] = meta;
    }
    json!({"jsonrpc": "2.0", "id": id, "method": "tools/call", "params": params})
}

/// Sends `request` over stdio; the messages the server writes up to its answer, the answer last.
async fn exchange(c: &mut Client, request: &Value) -> Vec<Value> {
    c.send(request).await;
    let mut messages = Vec::new();
    loop {
        let message = c.recv().await;
        let answered = message.get("id") == request.get("id");
        messages.push(message);
        if answered {
            return messages;
        }
    }
}

/// The `(progress, total, message)` of each progress notification in `messages`, checking each
/// carries `token`.
fn progress(messages: &[Value], token: &Value) -> Vec<(f64, Option<f64>, String)> {
    messages
        .iter()
        .filter(|m| m["method"] == "notifications/progress")
        .map(|m| {
            let p = &m["params"];
            assert_eq!(&p["progressToken"], token, "{m}");
            (
                p["progress"].as_f64().unwrap(),
                p["total"].as_f64(),
                p["message"].as_str().unwrap().to_string(),
            )
        })
        .collect()
}

fn step(progress: f64, total: f64, message: &str) -> (f64, Option<f64>, String) {
    (progress, Some(total), message.to_string())
}

#[tokio::test]
async fn a_call_with_a_token_is_told_each_step_before_its_answer() {
    let api = api(|_| ok()).await;
    let mut c = Client::start(server(&api.url)).await;
    let token = json!("list-1");
    let request = call(
        1,
        "list_tasks",
        json!({"board_id": "ops"}),
        Some(json!({"progressToken": token})),
    );
    let messages = exchange(&mut c, &request).await;
    // Three notifications, then the answer: the two retries the call might have needed are
    // counted in the total and skipped.
    assert_eq!(messages.len(), 4, "{messages:?}");
    assert_eq!(
        progress(&messages, &token),
        [
            step(1.0, 5.0, "sending GET /boards/ops/tasks"),
            step(4.0, 5.0, "the API answered 200"),
            step(5.0, 5.0, "the result is ready"),
        ]
    );
    assert_eq!(messages[3]["result"]["isError"], false, "{messages:?}");
    // A POST is sent once: its total has no retries in it; an error answer is a result too.
    let api = api_error().await;
    let mut c = Client::start(server(&api.url)).await;
    let token = json!(7);
    let request = call(
        2,
        "create_task",
        json!({"board_id": "ops", "title": "t", "status": "todo"}),
        Some(json!({"progressToken": token})),
    );
    let messages = exchange(&mut c, &request).await;
    assert_eq!(
        progress(&messages, &token),
        [
            step(1.0, 3.0, "sending POST /boards/ops/tasks"),
            step(2.0, 3.0, "the API answered 500"),
            step(3.0, 3.0, "the result is ready"),
        ]
    );
    assert_eq!(messages.last().unwrap()["result"]["isError"], true);
}

async fn api_error() -> loopback::Loopback {
    api(|_| response("500 Internal Server Error", &[], b"broken")).await
}

#[tokio::test]
async fn a_retried_call_is_told_each_attempt_and_what_the_one_before_got() {
    let api = api(|n| match n {
        0 => response("503 Service Unavailable", &[("retry-after", "0")], b"busy"),
        1 => response("429 Too Many Requests", &[("retry-after", "0")], b"slow"),
        _ => ok(),
    })
    .await;
    let mut c = Client::start(server(&api.url)).await;
    let token = json!("retried");
    let request = call(
        1,
        "list_tasks",
        json!({"board_id": "ops"}),
        Some(json!({"progressToken": token})),
    );
    let messages = exchange(&mut c, &request).await;
    assert_eq!(
        progress(&messages, &token),
        [
            step(1.0, 5.0, "sending GET /boards/ops/tasks"),
            step(2.0, 5.0, "attempt 2 after 503"),
            step(3.0, 5.0, "attempt 3 after 429"),
            step(4.0, 5.0, "the API answered 200"),
            step(5.0, 5.0, "the result is ready"),
        ]
    );
    assert_eq!(
        messages.last().unwrap()["result"]["_meta"]["catalog/attempts"],
        3
    );
    assert_eq!(api.seen().len(), 3);
}

#[tokio::test]
async fn a_failed_connection_is_named_by_the_next_attempt_and_a_timeout_ends_the_steps() {
    // The first connection is closed without an answer.
    let flaky = api(|n| if n == 0 { Vec::new() } else { ok() }).await;
    let mut c = Client::start(server(&flaky.url)).await;
    let token = json!("reconnected");
    let request = call(
        1,
        "list_tasks",
        json!({"board_id": "ops"}),
        Some(json!({"progressToken": token})),
    );
    let messages = exchange(&mut c, &request).await;
    assert_eq!(
        progress(&messages, &token),
        [
            step(1.0, 5.0, "sending GET /boards/ops/tasks"),
            step(2.0, 5.0, "attempt 2 after a failed connection"),
            step(4.0, 5.0, "the API answered 200"),
            step(5.0, 5.0, "the result is ready"),
        ]
    );
    // An API that never answers: the call's one step, then its JSON-RPC error (no result).
    let silent = api(|_| vec![Part::AwaitClose]).await;
    let config = ExecutorConfig::new(&silent.url).timeout(std::time::Duration::from_millis(300));
    let server = McpServer::new(tools::catalog(), Executor::new(config).unwrap());
    let mut c = Client::start(server).await;
    let token = json!("silent");
    let request = call(
        2,
        "list_tasks",
        json!({"board_id": "ops"}),
        Some(json!({"progressToken": token})),
    );
    let messages = exchange(&mut c, &request).await;
    assert_eq!(
        progress(&messages, &token),
        [step(1.0, 5.0, "sending GET /boards/ops/tasks")]
    );
    assert_eq!(messages.len(), 2, "{messages:?}");
    assert_eq!(messages[1]["error"]["code"], -32603, "{messages:?}");
}

#[tokio::test]
async fn a_call_without_a_token_or_refused_before_sending_is_told_nothing() {
    let api = api(|_| ok()).await;
    let mut c = Client::start(server(&api.url)).await;
    // No `_meta` (the fast path), and `_meta` without a token (the general path).
    for (id, meta) in [(1, None), (2, Some(json!({"note": "no token"})))] {
        let request = call(id, "list_tasks", json!({"board_id": "ops"}), meta);
        let messages = exchange(&mut c, &request).await;
        assert_eq!(messages.len(), 1, "{messages:?}");
        assert_eq!(messages[0]["result"]["isError"], false);
    }
    // Arguments refused: nothing is sent, so there is no step to report.
    let request = call(
        3,
        "list_tasks",
        json!({"board": "ops"}),
        Some(json!({"progressToken": "refused"})),
    );
    let messages = exchange(&mut c, &request).await;
    assert_eq!(messages.len(), 1, "{messages:?}");
    assert_eq!(messages[0]["result"]["isError"], true);
    assert_eq!(api.seen().len(), 2);
}

/// One POST to `/mcp` on its own connection: the content type and the JSON-RPC messages of
/// the body (a JSON answer, or each `data:` of an SSE stream).
async fn post(addr: &str, headers: &[(&str, &str)], body: &Value) -> (String, Vec<Value>) {
    let body = body.to_string();
    let mut stream = tokio::net::TcpStream::connect(addr).await.unwrap();
    let mut head = format!(
        "POST /mcp HTTP/1.1\r\nhost: {addr}\r\nconnection: close\r\ncontent-length: {}\r\n\
         content-type: application/json\r\naccept: application/json, text/event-stream\r\n",
        body.len()
    );
    for (n, v) in headers {
        head.push_str(&format!("{n}: {v}\r\n"));
    }
    head.push_str("\r\n");
    stream.write_all(head.as_bytes()).await.unwrap();
    stream.write_all(body.as_bytes()).await.unwrap();
    let mut raw = Vec::new();
    let read = stream.read_to_end(&mut raw);
    tokio::time::timeout(std::time::Duration::from_secs(30), read)
        .await
        .expect("the server did not answer")
        .unwrap();
    let text = String::from_utf8(raw).unwrap();
    let (head, body) = text.split_once("\r\n\r\n").unwrap();
    let content_type = head
        .split("\r\n")
        .filter_map(|l| l.split_once(':'))
        .find(|(n, _)| n.eq_ignore_ascii_case("content-type"))
        .map(|(_, v)| v.trim().to_string())
        .unwrap_or_default();
    let messages = if content_type.starts_with("text/event-stream") {
        // Chunk-size lines and SSE fields other than `data` are skipped.
        body.lines()
            .filter_map(|l| l.strip_prefix("data:"))
            .filter_map(|d| serde_json::from_str(d.trim()).ok())
            .collect()
    } else {
        vec![serde_json::from_str(body).unwrap()]
    };
    (content_type, messages)
}

#[tokio::test]
async fn over_stateless_http_the_steps_come_on_the_posts_stream_before_its_answer() {
    let api = api(|_| ok()).await;
    let listener = bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap().to_string();
    tokio::spawn(server(&api.url).serve_http(listener, HttpConfig::new()));
    let expected = [
        step(1.0, 5.0, "sending GET /boards/ops/tasks"),
        step(4.0, 5.0, "the API answered 200"),
        step(5.0, 5.0, "the result is ready"),
    ];
    // A 2025-06-18 client (the revision in the header).
    let token = json!("over-http");
    let request = call(
        1,
        "list_tasks",
        json!({"board_id": "ops"}),
        Some(json!({"progressToken": token})),
    );
    let (content_type, messages) =
        post(&addr, &[("mcp-protocol-version", "2025-06-18")], &request).await;
    assert_eq!(content_type, "text/event-stream", "{messages:?}");
    assert_eq!(progress(&messages, &token), expected);
    assert_eq!(messages.len(), 4, "{messages:?}");
    assert_eq!(messages[3]["id"], 1);
    assert_eq!(messages[3]["result"]["isError"], false);
    // A 2026-07-28 client: the revision in the request's own `_meta`, beside the token.
    let token = json!("current");
    let meta = json!({
        "progressToken": token,
        "io.modelcontextprotocol/protocolVersion": "2026-07-28",
        "io.modelcontextprotocol/clientCapabilities": {},
        "io.modelcontextprotocol/clientInfo": {"name": "raw-http", "version": "1"},
    });
    let request = call(2, "list_tasks", json!({"board_id": "ops"}), Some(meta));
    let headers = [
        ("mcp-protocol-version", "2026-07-28"),
        ("mcp-method", "tools/call"),
        ("mcp-name", "list_tasks"),
    ];
    let (content_type, messages) = post(&addr, &headers, &request).await;
    assert_eq!(content_type, "text/event-stream", "{messages:?}");
    assert_eq!(progress(&messages, &token), expected);
    assert_eq!(messages.last().unwrap()["id"], 2, "{messages:?}");
    // Without a token, the answer is plain JSON, as before.
    let request = call(3, "list_tasks", json!({"board_id": "ops"}), None);
    let (content_type, messages) =
        post(&addr, &[("mcp-protocol-version", "2025-06-18")], &request).await;
    assert_eq!(content_type, "application/json");
    assert_eq!(messages.len(), 1);
    assert_eq!(api.seen().len(), 3);
}
