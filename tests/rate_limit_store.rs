//! Rate limits shared by replicas through a real Redis (`CATALOG_RATE_LIMIT_STORE`): two HTTP
//! servers on one store hold a caller to one budget (by subject, and by a token the verifier
//! names no subject for, per tool too), another caller is unaffected, the refusal is the 429
//! with `Retry-After` of one server; when the store goes away each server limits by its own
//! buckets (fail-open), counts and shows it, and shares again once the store is back. A store
//! that does not answer at start-up stops the server, naming the fix.
//!
//! The tests that need Redis start `redis-server` themselves on a free loopback port (no
//! persistence) and are marked `#[ignore]`: `.ci/run` installs Debian's `redis-server` as root
//! and runs them with `--include-ignored`; without `redis-server` they fail saying NOT RUN and
//! why, never passing unseen.

#[path = "../examples/taskboard/tools.rs"]
#[allow(dead_code)]
mod tools;

#[path = "../catalog-runtime/tests/support/loopback.rs"]
mod loopback;

use catalog::executor::{Executor, ExecutorConfig};
use catalog::mcp::McpServer;
use catalog::mcp::auth::{Identity, TokenVerifier, Verdict};
use catalog::mcp::http::{HttpConfig, bind};
use serde_json::{Value, json};
use std::time::Duration;
use tokio::io::{AsyncReadExt, AsyncWriteExt};

const OK: &[u8] = br#"{"id":1,"title":"t","status":"todo"}"#;
const ACCEPT: &str = "application/json, text/event-stream";
const NEEDS: &str =
    "needs redis-server (apt-get install redis-server; .ci/run installs it as root)";

/// `user:NAME` tokens name the subject `NAME`; `key:...` tokens are accepted without one.
struct Users;

impl TokenVerifier for Users {
    fn verify<'a>(&'a self, token: &'a str) -> Verdict<'a> {
        let good = token.starts_with("user:") || token.starts_with("key:");
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

/// A `redis-server` of this test's own, stopped when dropped.
struct Redis {
    port: u16,
    child: tokio::process::Child,
}

impl Redis {
    async fn start() -> Redis {
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .unwrap()
            .local_addr()
            .unwrap()
            .port();
        Redis::on(port).await
    }

    async fn on(port: u16) -> Redis {
        let binary = std::env::var("CATALOG_REDIS_SERVER").unwrap_or("redis-server".into());
        let child = tokio::process::Command::new(&binary)
            .args(["--port", &port.to_string(), "--bind", "127.0.0.1"])
            .args(["--save", "", "--appendonly", "no"])
            .stdout(std::process::Stdio::null())
            .kill_on_drop(true)
            .spawn()
            .unwrap_or_else(|e| panic!("NOT RUN: {binary} cannot be started ({e}); {NEEDS}"));
        for _ in 0..100 {
            if tokio::net::TcpStream::connect(("127.0.0.1", port))
                .await
                .is_ok()
            {
                return Redis { port, child };
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        panic!("redis-server did not listen on 127.0.0.1:{port} within 5 s");
    }

    fn url(&self) -> String {
        format!("redis://127.0.0.1:{}/0", self.port)
    }

    async fn stop(mut self) -> u16 {
        self.child.kill().await.unwrap();
        self.port
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

/// Two servers serving over HTTP with `env`, as two replicas: their addresses.
async fn replicas(base: &str, env: &[(&str, &str)]) -> [String; 2] {
    let mut addrs = Vec::new();
    for _ in 0..2 {
        let listener = bind("127.0.0.1:0").await.unwrap();
        addrs.push(listener.local_addr().unwrap().to_string());
        tokio::spawn(server(base, env).serve_http(listener, HttpConfig::new().verifier(Users)));
    }
    // Serving starts once the store answered: wait for both to answer.
    for addr in &addrs {
        for _ in 0..100 {
            if get(addr, "/metrics").await.is_some() {
                break;
            }
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }
    [addrs[0].clone(), addrs[1].clone()]
}

fn call(tool: &str, id: i64) -> Value {
    json!({"jsonrpc": "2.0", "id": id, "method": "tools/call",
           "params": {"name": tool, "arguments": {"board_id": "ops", "task_id": 1}}})
}

/// One POST to `/mcp` on its own connection: the status, `Retry-After` and the body.
async fn post(addr: &str, token: &str, body: &Value) -> (u16, Option<String>, String) {
    let body = body.to_string();
    let head = format!(
        "POST /mcp HTTP/1.1\r\nhost: {addr}\r\nconnection: close\r\ncontent-length: {}\r\n\
         content-type: application/json\r\naccept: {ACCEPT}\r\nauthorization: Bearer {token}\r\n\r\n",
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

/// The body of a GET, `None` when nothing listens yet.
async fn get(addr: &str, path: &str) -> Option<String> {
    let head = format!(
        "GET {path} HTTP/1.1\r\nhost: {addr}\r\nconnection: close\r\nauthorization: \
         Bearer user:ops\r\n\r\n"
    );
    let mut stream = tokio::net::TcpStream::connect(addr).await.ok()?;
    stream.write_all(head.as_bytes()).await.ok()?;
    let mut raw = String::new();
    stream.read_to_string(&mut raw).await.ok()?;
    Some(raw)
}

async fn status(addr: &str, token: &str, tool: &str) -> u16 {
    post(addr, token, &call(tool, 1)).await.0
}

#[tokio::test]
#[ignore = "needs redis-server (apt-get install redis-server; .ci/run installs it as root)"]
async fn two_replicas_on_one_store_hold_a_caller_to_one_budget_and_fail_open_without_it() {
    let redis = Redis::start().await;
    let api = loopback::start(|_| {
        loopback::response("200 OK", &[("content-type", "application/json")], OK)
    })
    .await;
    let url = redis.url();
    let [a, b] = replicas(
        &api.url,
        &[
            ("CATALOG_RATE_LIMIT", "1/min,burst=3"),
            ("CATALOG_RATE_LIMIT_STORE", &url),
        ],
    )
    .await;
    // Alice's three calls, spread over both replicas, are her whole burst: the fourth is
    // refused on either, as one server refuses it.
    for addr in [&a, &b, &a] {
        assert_eq!(status(addr, "user:alice", "get_task").await, 200);
    }
    for addr in [&b, &a] {
        let (status, retry, body) = post(addr, "user:alice", &call("get_task", 4)).await;
        assert_eq!(status, 429, "{body}");
        assert_eq!(retry.as_deref(), Some("60"));
        assert_eq!(
            body,
            "Too Many Requests: rate limited: this caller may call this server's tools 1 call \
             per minute (burst 3) (CATALOG_RATE_LIMIT); nothing was sent; retry in 60 s"
        );
    }
    // Bob has his own budget, on either replica.
    for addr in [&b, &a, &b] {
        assert_eq!(status(addr, "user:bob", "get_task").await, 200);
    }
    assert_eq!(status(&a, "user:bob", "get_task").await, 429);
    assert_eq!(api.seen().len(), 6, "the refused calls were not sent");
    let metrics = get(&a, "/metrics").await.unwrap();
    assert!(
        metrics.contains("catalog_rate_limit_store_errors_total 0\n")
            && metrics.contains("catalog_rate_limit_store_up 1\n"),
        "{metrics}"
    );

    // The store goes away: each replica limits by its own buckets (fail-open to its share),
    // so Alice, over her shared budget, is let through on each again, up to its burst.
    let port = redis.stop().await;
    for _ in 0..3 {
        assert_eq!(status(&a, "user:alice", "get_task").await, 200);
    }
    let (status_a, retry, _) = post(&a, "user:alice", &call("get_task", 9)).await;
    assert_eq!((status_a, retry.as_deref()), (429, Some("60")));
    let metrics = get(&a, "/metrics").await.unwrap();
    assert!(
        metrics.contains("catalog_rate_limit_store_errors_total 1\n")
            && metrics.contains("catalog_rate_limit_store_up 0\n"),
        "one failure, then the store rests for a second: {metrics}"
    );
    assert_eq!(status(&b, "user:alice", "get_task").await, 200);

    // Back (empty: no persistence), and tried again after its rest: shared again.
    let redis = Redis::on(port).await;
    tokio::time::sleep(Duration::from_millis(1100)).await;
    for addr in [&a, &b, &a] {
        assert_eq!(status(addr, "user:carol", "get_task").await, 200);
    }
    assert_eq!(status(&b, "user:carol", "get_task").await, 429);
    let metrics = get(&a, "/metrics").await.unwrap();
    assert!(
        metrics.contains("catalog_rate_limit_store_up 1\n"),
        "{metrics}"
    );
    drop(redis);
}

#[tokio::test]
#[ignore = "needs redis-server (apt-get install redis-server; .ci/run installs it as root)"]
async fn a_token_without_a_subject_and_a_tools_rate_are_shared_too() {
    let redis = Redis::start().await;
    let api = loopback::start(|_| {
        loopback::response("200 OK", &[("content-type", "application/json")], OK)
    })
    .await;
    let url = redis.url();
    let [a, b] = replicas(
        &api.url,
        &[
            ("CATALOG_RATE_LIMIT", "100/s"),
            ("CATALOG_RATE_LIMIT_TOOLS", "get_task=1/h,burst=2"),
            ("CATALOG_RATE_LIMIT_STORE", &url),
        ],
    )
    .await;
    // The two replicas hash the token each with a key of their own for the audit log, yet
    // name it alike in the store.
    assert_eq!(status(&a, "key:one", "get_task").await, 200);
    assert_eq!(status(&b, "key:one", "get_task").await, 200);
    let (status_a, retry, body) = post(&a, "key:one", &call("get_task", 3)).await;
    assert_eq!((status_a, retry.as_deref()), (429, Some("3600")), "{body}");
    assert_eq!(
        body,
        "Too Many Requests: rate limited: this caller may call `get_task` 1 call per hour \
         (burst 2) (CATALOG_RATE_LIMIT_TOOLS); nothing was sent; retry in 3600 s"
    );
    // Another tool is under the server's rate only; another token has its own buckets.
    assert_eq!(status(&b, "key:one", "list_tasks").await, 200);
    assert_eq!(status(&b, "key:two", "get_task").await, 200);
    // The store keeps digests, not tokens: two callers, each a bucket for the server and one
    // for `get_task`.
    let keys = redis_command(redis.port, &["KEYS", "*"]).await;
    let mut keys: Vec<&str> = keys
        .lines()
        .filter(|l| l.starts_with("catalog:rate:"))
        .collect();
    keys.sort();
    assert_eq!(keys.len(), 4, "{keys:?}");
    assert!(
        !keys.iter().any(|k| k.contains("one") || k.contains("two")),
        "{keys:?}"
    );
    let tool = keys
        .iter()
        .find(|k| k.ends_with(":tool:get_task"))
        .unwrap_or_else(|| panic!("no get_task bucket: {keys:?}"));
    assert!(
        tool.starts_with("catalog:rate:{") && tool.len() > 60,
        "{tool}"
    );
    // Its keys expire once the bucket would be full again: 2 calls at 1 an hour, plus 1 s.
    let ttl = redis_command(redis.port, &["PTTL", tool]).await;
    let ttl: u64 = ttl.trim().trim_start_matches(':').parse().unwrap();
    assert!((7_190_000..=7_201_000).contains(&ttl), "{ttl}");
    drop(redis);
}

/// One command to the store, its raw reply.
async fn redis_command(port: u16, args: &[&str]) -> String {
    let mut command = format!("*{}\r\n", args.len());
    for arg in args {
        command.push_str(&format!("${}\r\n{arg}\r\n", arg.len()));
    }
    command.push_str("*1\r\n$4\r\nQUIT\r\n");
    let mut stream = tokio::net::TcpStream::connect(("127.0.0.1", port))
        .await
        .unwrap();
    stream.write_all(command.as_bytes()).await.unwrap();
    let mut reply = String::new();
    stream.read_to_string(&mut reply).await.unwrap();
    reply.trim_end_matches("+OK\r\n").to_string()
}

#[tokio::test]
#[ignore = "needs redis-server (apt-get install redis-server; .ci/run installs it as root)"]
async fn shared_buckets_refill_and_a_call_takes_from_both_or_neither() {
    let redis = Redis::start().await;
    let api = loopback::start(|_| {
        loopback::response("200 OK", &[("content-type", "application/json")], OK)
    })
    .await;
    let url = redis.url();
    let [a, b] = replicas(
        &api.url,
        &[
            ("CATALOG_RATE_LIMIT", "2/h,burst=2"),
            ("CATALOG_RATE_LIMIT_TOOLS", "get_task=2/s,burst=1"),
            ("CATALOG_RATE_LIMIT_STORE", &url),
        ],
    )
    .await;
    // The tool's bucket (one call, refilled in 500 ms) empties first; the refused call takes
    // nothing from the server's.
    assert_eq!(status(&a, "user:dan", "get_task").await, 200);
    let (refused, retry, body) = post(&b, "user:dan", &call("get_task", 2)).await;
    assert_eq!((refused, retry.as_deref()), (429, Some("1")), "{body}");
    assert!(
        body.contains("`get_task` 2 calls per second (burst 1)"),
        "{body}"
    );
    // Refilled by the store's clock, on the other replica.
    tokio::time::sleep(Duration::from_millis(600)).await;
    // The server's second and last call, then its bucket is empty for half an hour.
    assert_eq!(status(&b, "user:dan", "get_task").await, 200);
    let (refused, retry, body) = post(&a, "user:dan", &call("list_tasks", 3)).await;
    assert_eq!((refused, retry.as_deref()), (429, Some("1800")), "{body}");
    assert!(
        body.contains("this server's tools 2 calls per hour (burst 2) (CATALOG_RATE_LIMIT)"),
        "{body}"
    );
    assert_eq!(api.seen().len(), 2, "the refused calls were not sent");
    drop(redis);
}

#[tokio::test]
async fn a_store_that_does_not_answer_stops_the_server_at_start_up_naming_the_fix() {
    // A port nothing listens on.
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let url = format!("redis://127.0.0.1:{port}/0");
    assert_eq!(
        refused_at_start_up(&url).await,
        format!(
            "MCP server: CATALOG_RATE_LIMIT_STORE: the store at redis://127.0.0.1:{port}/0 does not \
             answer \
             (Connection refused (os error 111)): start it or correct the URL (or unset \
             CATALOG_RATE_LIMIT_STORE: each server then keeps its own buckets)"
        )
    );
}

/// Serving with `CATALOG_RATE_LIMIT_STORE=url`: the error that stopped it.
async fn refused_at_start_up(url: &str) -> String {
    let server = server(
        "http://127.0.0.1:9",
        &[
            ("CATALOG_RATE_LIMIT", "1/s"),
            ("CATALOG_RATE_LIMIT_STORE", url),
        ],
    );
    let listener = bind("127.0.0.1:0").await.unwrap();
    server
        .serve_http_until(listener, HttpConfig::new(), std::future::pending())
        .await
        .unwrap_err()
        .to_string()
}

#[tokio::test]
async fn a_store_url_naming_something_else_stops_the_server_at_start_up_naming_the_fix() {
    // An HTTP server where Redis was meant.
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let port = listener.local_addr().unwrap().port();
    tokio::spawn(async move {
        while let Ok((mut stream, _)) = listener.accept().await {
            let _ = stream
                .write_all(b"HTTP/1.1 400 Bad Request\r\ncontent-length: 0\r\n\r\n")
                .await;
        }
    });
    assert_eq!(
        refused_at_start_up(&format!("redis://127.0.0.1:{port}")).await,
        format!(
            "MCP server: CATALOG_RATE_LIMIT_STORE: the store at redis://127.0.0.1:{port}/0 does \
             not answer as Redis does (not a Redis reply: type byte 'H'): check that the URL \
             names a Redis (5 or later)"
        )
    );
}

#[tokio::test]
#[ignore = "needs redis-server (apt-get install redis-server; .ci/run installs it as root)"]
async fn a_store_that_wants_a_password_stops_the_server_at_start_up_naming_the_fix() {
    let redis = Redis::start().await;
    // A database it does not have.
    assert_eq!(
        refused_at_start_up(&format!("redis://127.0.0.1:{}/99", redis.port)).await,
        format!(
            "MCP server: CATALOG_RATE_LIMIT_STORE: the store at redis://127.0.0.1:{}/99 refused \
             database 99 (ERR DB index is out of range): name one it has (`/0`)",
            redis.port
        )
    );
    let mut cli = tokio::net::TcpStream::connect(("127.0.0.1", redis.port))
        .await
        .unwrap();
    cli.write_all(b"CONFIG SET requirepass sesame\r\n")
        .await
        .unwrap();
    let mut ok = [0; 5];
    cli.read_exact(&mut ok).await.unwrap();
    assert_eq!(&ok, b"+OK\r\n");
    for (login, what) in [
        ("", "refused the login (NOAUTH Authentication required.)"),
        (
            ":wrong@",
            "refused the login (WRONGPASS invalid username-password pair or user is disabled.)",
        ),
    ] {
        let url = format!("redis://{login}127.0.0.1:{}/0", redis.port);
        let shown = if login.is_empty() { "" } else { "***@" };
        assert_eq!(
            refused_at_start_up(&url).await,
            format!(
                "MCP server: CATALOG_RATE_LIMIT_STORE: the store at redis://{shown}127.0.0.1:{}/0 \
                 {what}: \
                 give its password in the URL: `redis://:PASSWORD@HOST`, or \
                 `redis://USER:PASSWORD@HOST` for an ACL user",
                redis.port
            )
        );
    }
    // With it, the server starts.
    let url = format!("redis://:sesame@127.0.0.1:{}/0", redis.port);
    let listener = bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap().to_string();
    tokio::spawn(
        server(
            "http://127.0.0.1:9",
            &[
                ("CATALOG_RATE_LIMIT", "1/s"),
                ("CATALOG_RATE_LIMIT_STORE", &url),
            ],
        )
        .serve_http(listener, HttpConfig::new().verifier(Users)),
    );
    let mut up = None;
    for _ in 0..100 {
        up = get(&addr, "/metrics").await;
        if up.is_some() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    assert!(
        up.is_some_and(|m| m.contains("catalog_rate_limit_store_up 1\n")),
        "the server did not start with the password"
    );
}
