//! Rate limits per caller over both transports: one caller over its rate is refused with when
//! to retry (HTTP 429 with `Retry-After` on either HTTP path, a tool error over stdio), nothing
//! is sent for it, another caller is unaffected, and the refusals are counted.

#[path = "../examples/taskboard/tools.rs"]
#[allow(dead_code)]
mod tools;

#[path = "../catalog-runtime/tests/support/loopback.rs"]
mod loopback;

#[path = "support/mcp_client.rs"]
mod mcp_client;

use catalog::executor::{Executor, ExecutorConfig};
use catalog::mcp::McpServer;
use catalog::mcp::auth::{Identity, TokenVerifier, Verdict};
use catalog::mcp::http::{HttpConfig, bind};
use mcp_client::Client;
use serde_json::{Value, json};
use tokio::io::{AsyncReadExt, AsyncWriteExt};

const OK: &[u8] = br#"{"id":1,"title":"t","status":"todo"}"#;

/// A verifier that takes `user:NAME` tokens and names `NAME` as the subject.
struct Users;

impl TokenVerifier for Users {
    fn verify<'a>(&'a self, token: &'a str) -> Verdict<'a> {
        let good = token.starts_with("user:");
        Box::pin(async move {
            good.then_some(())
                .ok_or_else(|| catalog::mcp::auth::Refused("not a user".into()))
        })
    }

    fn identify<'a>(&'a self, token: &'a str) -> Identity<'a> {
        let subject = token.strip_prefix("user:").map(String::from);
        Box::pin(async move { Ok(subject) })
    }
}

fn server(base: &str, env: &[(&str, &str)]) -> McpServer {
    let env: Vec<(String, String)> = env
        .iter()
        .map(|(n, v)| (n.to_string(), v.to_string()))
        .collect();
    let executor = Executor::new(ExecutorConfig::new(base)).unwrap();
    McpServer::new(tools::catalog(), executor)
        .with_env(|name| env.iter().find(|(n, _)| n == name).map(|(_, v)| v.clone()))
        .unwrap()
}

async fn api() -> loopback::Loopback {
    loopback::start(|_| loopback::response("200 OK", &[("content-type", "application/json")], OK))
        .await
}

fn get_task(id: i64) -> Value {
    json!({"jsonrpc": "2.0", "id": id, "method": "tools/call",
           "params": {"name": "get_task", "arguments": {"board_id": "ops", "task_id": 1}}})
}

/// One POST to `/mcp` on its own connection: the status, `Retry-After` and the body.
async fn post(
    addr: &str,
    token: &str,
    accept: &str,
    body: &Value,
) -> (u16, Option<String>, String) {
    let body = body.to_string();
    let head = format!(
        "POST /mcp HTTP/1.1\r\nhost: {addr}\r\nconnection: close\r\ncontent-length: {}\r\n\
         content-type: application/json\r\naccept: {accept}\r\nauthorization: Bearer {token}\r\n\r\n",
        body.len()
    );
    let mut stream = tokio::net::TcpStream::connect(addr).await.unwrap();
    stream.write_all(head.as_bytes()).await.unwrap();
    stream.write_all(body.as_bytes()).await.unwrap();
    let mut raw = String::new();
    stream.read_to_string(&mut raw).await.unwrap();
    let (head, body) = raw.split_once("\r\n\r\n").unwrap();
    let status = head.split(' ').nth(1).unwrap().parse().unwrap();
    let retry = head
        .split("\r\n")
        .filter_map(|l| l.split_once(':'))
        .find(|(n, _)| n.eq_ignore_ascii_case("retry-after"))
        .map(|(_, v)| v.trim().to_string());
    (status, retry, body.to_string())
}

const PLAIN: &str = "application/json, text/event-stream";
// rmcp accepts an entry with a parameter; the short path leaves it to rmcp.
const GENERAL: &str = "application/json;q=1, text/event-stream";

#[tokio::test]
async fn over_http_a_caller_over_its_rate_gets_429_on_either_path_and_another_does_not() {
    let api = api().await;
    let server = server(&api.url, &[("CATALOG_RATE_LIMIT", "60/min,burst=2")]);
    let listener = bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap().to_string();
    tokio::spawn(server.serve_http(listener, HttpConfig::new().verifier(Users)));
    // Alice's two calls are answered, one by each path; her third is refused on either path.
    for (n, accept) in [(1, PLAIN), (2, GENERAL)] {
        let (status, _, body) = post(&addr, "user:alice", accept, &get_task(n)).await;
        assert_eq!(status, 200, "{body}");
        assert!(body.contains("\"isError\":false"), "{body}");
    }
    for accept in [PLAIN, GENERAL] {
        let (status, retry, body) = post(&addr, "user:alice", accept, &get_task(3)).await;
        assert_eq!(status, 429, "{body}");
        assert_eq!(retry.as_deref(), Some("1"));
        assert_eq!(
            body,
            "Too Many Requests: rate limited: this caller may call this server's tools 60 calls \
             per minute (burst 2) (CATALOG_RATE_LIMIT); nothing was sent; retry in 1 s"
        );
    }
    // Bob has his own bucket.
    let (status, _, body) = post(&addr, "user:bob", PLAIN, &get_task(4)).await;
    assert_eq!(status, 200, "{body}");
    // A list is not a call: it takes nothing.
    let list = json!({"jsonrpc": "2.0", "id": 5, "method": "tools/list", "params": {}});
    let (status, _, _) = post(&addr, "user:alice", PLAIN, &list).await;
    assert_eq!(status, 200);
    assert_eq!(api.seen().len(), 3, "the refused calls were not sent");
    let head = format!(
        "GET /metrics HTTP/1.1\r\nhost: {addr}\r\nconnection: close\r\nauthorization: \
         Bearer user:ops\r\n\r\n"
    );
    let mut stream = tokio::net::TcpStream::connect(&addr).await.unwrap();
    stream.write_all(head.as_bytes()).await.unwrap();
    let mut metrics = String::new();
    stream.read_to_string(&mut metrics).await.unwrap();
    assert!(
        metrics.contains("catalog_refusals_total{cause=\"rate_limited\"} 2"),
        "{metrics}"
    );
    assert!(
        metrics.contains("catalog_tool_calls_total{tool=\"get_task\",outcome=\"refused\"} 2"),
        "{metrics}"
    );
}

#[tokio::test]
async fn over_stdio_a_connection_over_its_rate_gets_a_tool_error_and_another_does_not() {
    let api = api().await;
    let server = server(
        &api.url,
        &[
            ("CATALOG_RATE_LIMIT", "100/s"),
            ("CATALOG_RATE_LIMIT_TOOLS", "get_task=1/h"),
        ],
    );
    let mut first = Client::start(server.clone()).await;
    let mut second = Client::start(server.clone()).await;
    let args = json!({"board_id": "ops", "task_id": 1});
    let (is_error, _) = first.call_text("get_task", args.clone()).await;
    assert!(!is_error);
    let (is_error, text) = first.call_text("get_task", args.clone()).await;
    assert!(is_error);
    assert_eq!(
        text,
        "rate limited: this caller may call `get_task` 1 call per hour (burst 1) \
         (CATALOG_RATE_LIMIT_TOOLS); nothing was sent; retry in 3600 s"
    );
    // Another tool is under the server's rate only.
    let (is_error, _) = first
        .call_text("list_tasks", json!({"board_id": "ops"}))
        .await;
    assert!(!is_error);
    // Another connection has its own buckets.
    let (is_error, _) = second.call_text("get_task", args).await;
    assert!(!is_error);
    assert_eq!(api.seen().len(), 3, "the refused call was not sent");
    assert!(
        server
            .metrics()
            .contains("catalog_refusals_total{cause=\"rate_limited\"} 1"),
        "{}",
        server.metrics()
    );
}

#[test]
fn a_wrong_rate_stops_the_server_at_start_up() {
    let build = |name: &str, value: &str| {
        let executor = Executor::new(ExecutorConfig::new("http://127.0.0.1:9")).unwrap();
        McpServer::new(tools::catalog(), executor)
            .with_env(|n| (n == name).then(|| value.to_string()))
    };
    let e = build("CATALOG_RATE_LIMIT", "60 per minute").unwrap_err();
    assert_eq!(
        e.to_string(),
        "CATALOG_RATE_LIMIT=\"60 per minute\": expected calls per unit of time, with an optional \
         burst: `60/min`, `5/s,burst=10` (units: s, min, h; whole numbers, at least 1)"
    );
    let server = build("CATALOG_RATE_LIMIT_TOOLS", "get_tsk=1/min").unwrap();
    let e = server.check_settings().unwrap_err();
    assert_eq!(
        e.to_string(),
        "CATALOG_RATE_LIMIT_TOOLS names a tool this server does not serve: `get_tsk` (did you \
         mean `get_task`?)"
    );
}
