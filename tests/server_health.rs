//! Health and graceful stop, on real loopback sockets: liveness and readiness endpoints that
//! follow the API (and need no token), and SIGTERM answering every call in flight before the
//! process exits 0, over HTTP and over stdio, over HTTP after serving on for a shutdown delay; and the metrics a scraper reads after a known
//! sequence of calls.

#[path = "support/example.rs"]
mod example;

#[path = "../examples/taskboard/tools.rs"]
#[allow(dead_code)]
mod tools;

#[path = "../catalog-runtime/tests/support/loopback.rs"]
mod loopback;

use catalog::executor::{Executor, ExecutorConfig};
use catalog::mcp::McpServer;
use catalog::mcp::auth::StaticToken;
use catalog::mcp::http::{HttpConfig, PROBE_TTL, bind};
use serde_json::{Value, json};
use std::process::Stdio;
use std::time::{Duration, Instant};
use tokio::io::{AsyncBufReadExt, AsyncReadExt, AsyncWriteExt, BufReader};

/// A response: status and body.
#[derive(Debug)]
struct Reply {
    status: u16,
    head: String,
    body: String,
}

/// One request on its own connection, the answer read to the end.
async fn http(addr: &str, method: &str, path: &str, headers: &[(&str, &str)], body: &str) -> Reply {
    let mut stream = tokio::net::TcpStream::connect(addr).await.unwrap();
    let mut head = format!(
        "{method} {path} HTTP/1.1\r\nhost: {addr}\r\nconnection: close\r\ncontent-length: {}\r\n",
        body.len()
    );
    for (n, v) in headers {
        head.push_str(&format!("{n}: {v}\r\n"));
    }
    head.push_str("\r\n");
    stream.write_all(head.as_bytes()).await.unwrap();
    stream.write_all(body.as_bytes()).await.unwrap();
    let mut raw = Vec::new();
    stream.read_to_end(&mut raw).await.unwrap();
    let text = String::from_utf8(raw).unwrap();
    let (head, body) = text.split_once("\r\n\r\n").unwrap();
    let status = head.split(' ').nth(1).unwrap().parse().unwrap();
    Reply {
        status,
        head: head.to_ascii_lowercase(),
        body: body.to_string(),
    }
}

/// A `tools/call` POST to `/mcp`.
async fn call(addr: &str, id: i64, name: &str, arguments: Value) -> Reply {
    let message = json!({"jsonrpc": "2.0", "id": id, "method": "tools/call",
                         "params": {"name": name, "arguments": arguments}});
    http(
        addr,
        "POST",
        "/mcp",
        &[
            ("content-type", "application/json"),
            ("accept", "application/json, text/event-stream"),
        ],
        &message.to_string(),
    )
    .await
}

/// A loopback address nothing listens on (yet).
fn free_addr() -> String {
    let l = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    l.local_addr().unwrap().to_string()
}

/// An API on `addr` that answers every request 404 until the task is aborted.
async fn api_on(addr: &str) -> tokio::task::JoinHandle<()> {
    let listener = tokio::net::TcpListener::bind(addr).await.unwrap();
    tokio::spawn(async move {
        while let Ok((mut stream, _)) = listener.accept().await {
            tokio::spawn(async move {
                let mut buf = [0u8; 4096];
                let _ = stream.read(&mut buf).await;
                let _ = stream
                    .write_all(
                        b"HTTP/1.1 404 Not Found\r\ncontent-length: 0\r\nconnection: close\r\n\r\n",
                    )
                    .await;
                let _ = stream.shutdown().await;
            });
        }
    })
}

#[tokio::test]
async fn readiness_follows_the_api_and_liveness_the_process() {
    let api_addr = free_addr();
    let config = ExecutorConfig::new(format!("http://{api_addr}/v1"));
    let server = McpServer::new(tools::catalog(), Executor::new(config).unwrap());
    let listener = bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap().to_string();
    // A token is required for MCP, never for the probes.
    let http_config = HttpConfig::new().verifier(StaticToken::new("s3cret-t0ken").unwrap());
    tokio::spawn(server.serve_http_until(listener, http_config, std::future::pending()));

    let live = http(&addr, "GET", "/healthz", &[], "").await;
    assert_eq!((live.status, live.body.as_str()), (200, "ok"));
    assert_eq!(http(&addr, "POST", "/mcp", &[], "{}").await.status, 401);

    // The API is down: 503, with the reason and nothing about where the API is.
    let down = http(&addr, "GET", "/readyz", &[], "").await;
    assert_eq!(down.status, 503, "{down:?}");
    assert!(
        down.body
            .starts_with("not ready: the API did not answer: client error (Connect)"),
        "{down:?}"
    );
    assert!(down.body.contains("Connection refused"), "{down:?}");
    assert!(!down.body.contains(&api_addr), "{down:?}");
    assert!(down.head.contains("cache-control: no-store"), "{down:?}");

    // Up: any answer of the API, a 404 included, is ready (once the last probe has aged).
    let api = api_on(&api_addr).await;
    tokio::time::sleep(PROBE_TTL + Duration::from_millis(100)).await;
    let up = http(&addr, "GET", "/readyz", &[], "").await;
    assert_eq!((up.status, up.body.as_str()), (200, "ready"), "{up:?}");
    let head = http(&addr, "HEAD", "/readyz", &[], "").await;
    assert_eq!((head.status, head.body.as_str()), (200, ""));

    // Down again.
    api.abort();
    let _ = api.await;
    tokio::time::sleep(PROBE_TTL + Duration::from_millis(100)).await;
    assert_eq!(http(&addr, "GET", "/readyz", &[], "").await.status, 503);
    assert_eq!(http(&addr, "GET", "/healthz", &[], "").await.status, 200);

    let post = http(&addr, "POST", "/healthz", &[], "").await;
    assert_eq!(post.status, 405);
    assert!(post.head.contains("allow: get, head"), "{post:?}");
}

#[tokio::test]
async fn readiness_probes_are_shared_within_a_second() {
    let api = loopback::start(|_| loopback::response("200 OK", &[], b"")).await;
    let server = McpServer::new(
        tools::catalog(),
        Executor::new(ExecutorConfig::new(&api.url).auth_header("X-Api-Key", "k")).unwrap(),
    );
    let listener = bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap().to_string();
    tokio::spawn(server.serve_http_until(listener, HttpConfig::new(), std::future::pending()));
    for _ in 0..5 {
        assert_eq!(http(&addr, "GET", "/readyz", &[], "").await.status, 200);
    }
    let seen = api.seen();
    assert_eq!(seen.len(), 1, "{seen:?}");
    assert_eq!(seen[0].request_line, "HEAD / HTTP/1.1");
    // No credential goes with the probe.
    assert_eq!(seen[0].header("x-api-key"), None);
}

/// An API that answers every request after `delay`, with an empty list.
async fn slow_api(delay: Duration) -> loopback::Loopback {
    loopback::start(move |_| {
        let mut parts = vec![loopback::Part::Sleep(delay)];
        parts.extend(loopback::response(
            "200 OK",
            &[("content-type", "application/json")],
            b"[]",
        ));
        parts
    })
    .await
}

/// Waits until the API has seen `n` requests.
async fn until_seen(api: &loopback::Loopback, n: usize) {
    let started = Instant::now();
    while api.seen().len() < n {
        assert!(
            started.elapsed() < Duration::from_secs(10),
            "{:?}",
            api.seen()
        );
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
}

/// Waits (at most 10 s) for `child` to exit, and asserts it exited 0.
async fn exits_0(child: &mut tokio::process::Child) {
    let status = tokio::time::timeout(Duration::from_secs(10), child.wait())
        .await
        .unwrap()
        .unwrap();
    assert_eq!(status.code(), Some(0));
}

fn sigterm(child: &tokio::process::Child) {
    let pid = child.id().unwrap().to_string();
    let status = std::process::Command::new("kill")
        .args(["-TERM", &pid])
        .status()
        .unwrap();
    assert!(status.success());
}

#[tokio::test]
async fn sigterm_answers_every_http_call_in_flight_then_exits_0() {
    const CALLS: i64 = 4;
    let delay = Duration::from_secs(2);
    let api = slow_api(delay).await;
    let (mut child, addr, mut stderr) =
        serve_http(&api.url, &[("CATALOG_SHUTDOWN_GRACE", "10")]).await;

    let calls: Vec<_> = (1..=CALLS)
        .map(|id| {
            let addr = addr.clone();
            tokio::spawn(
                async move { call(&addr, id, "list_tasks", json!({"board_id": "ops"})).await },
            )
        })
        .collect();
    until_seen(&api, CALLS as usize).await;
    let signalled = Instant::now();
    sigterm(&child);

    // New connections are refused while the calls are still waiting on the API.
    loop {
        if tokio::net::TcpStream::connect(&addr).await.is_err() {
            break;
        }
        assert!(
            signalled.elapsed() < Duration::from_secs(1),
            "still accepting"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    assert!(signalled.elapsed() < delay, "refused only after the calls");

    for (i, reply) in calls.into_iter().enumerate() {
        let reply = reply.await.unwrap();
        assert_eq!(reply.status, 200, "{reply:?}");
        let message: Value = serde_json::from_str(&reply.body).unwrap();
        assert_eq!(message["id"], i as i64 + 1);
        assert_eq!(message["result"]["isError"], false, "{message}");
        assert_eq!(
            message["result"]["content"][0]["text"],
            "HTTP 200 OK\ncontent-type: application/json\n\n[]"
        );
    }
    exits_0(&mut child).await;
    let mut rest = Vec::new();
    while let Some(line) = stderr.next_line().await.unwrap() {
        rest.push(line);
    }
    assert!(
        rest.iter()
            .any(|l| l == "catalog: stopped: every call in flight was answered"),
        "{rest:?}"
    );
    assert_eq!(api.seen().len(), CALLS as usize);
}

#[tokio::test]
async fn sigterm_answers_every_stdio_call_read_then_exits_0() {
    const CALLS: i64 = 3;
    let api = slow_api(Duration::from_secs(1)).await;
    let mut child = tokio::process::Command::new(example::taskboard())
        .arg("serve")
        .env("TASKBOARD_BASE_URL", &api.url)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .kill_on_drop(true)
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let mut stdout = BufReader::new(child.stdout.take().unwrap()).lines();
    let mut lines = vec![
        json!({"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": {
            "protocolVersion": "2025-06-18", "capabilities": {},
            "clientInfo": {"name": "test", "version": "1"}}}),
        json!({"jsonrpc": "2.0", "method": "notifications/initialized"}),
    ];
    lines.extend((1..=CALLS).map(|id| {
        json!({"jsonrpc": "2.0", "id": id, "method": "tools/call",
               "params": {"name": "list_tasks", "arguments": {"board_id": "ops"}}})
    }));
    for line in &lines {
        stdin
            .write_all(format!("{line}\n").as_bytes())
            .await
            .unwrap();
    }
    stdin.flush().await.unwrap();
    let init: Value = serde_json::from_str(&stdout.next_line().await.unwrap().unwrap()).unwrap();
    assert_eq!(init["id"], 0);
    until_seen(&api, CALLS as usize).await;
    sigterm(&child);
    let mut answered = Vec::new();
    while let Some(line) = stdout.next_line().await.unwrap() {
        let message: Value = serde_json::from_str(&line).unwrap();
        assert_eq!(message["result"]["isError"], false, "{message}");
        answered.push(message["id"].as_i64().unwrap());
    }
    answered.sort();
    assert_eq!(answered, (1..=CALLS).collect::<Vec<_>>());
    exits_0(&mut child).await;
}

#[tokio::test]
async fn metrics_count_a_known_sequence_of_calls() {
    // Task 1 exists; any other task is 404.
    let api = loopback::start(|seen| {
        if seen.request_line.starts_with("GET /boards/ops/tasks/1 ") {
            loopback::response(
                "200 OK",
                &[("content-type", "application/json")],
                br#"{"id": 1, "title": "t", "status": "todo"}"#,
            )
        } else {
            loopback::response("404 Not Found", &[], b"")
        }
    })
    .await;
    let server = McpServer::new(
        tools::catalog(),
        Executor::new(ExecutorConfig::new(&api.url)).unwrap(),
    );
    let listener = bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap().to_string();
    tokio::spawn(server.serve_http_until(listener, HttpConfig::new(), std::future::pending()));

    let task = |id: Value| json!({"board_id": "ops", "task_id": id});
    for (id, name, arguments) in [
        (1, "get_task", task(json!(1))),
        (2, "get_task", task(json!(1))),
        (3, "get_task", task(json!(2))),
        (4, "get_task", task(json!("one"))),
        (5, "get_tasks", task(json!(1))),
        (6, "delete_task", task(json!(1))),
    ] {
        assert_eq!(call(&addr, id, name, arguments).await.status, 200);
    }
    assert_eq!(api.seen().len(), 3, "only the valid calls reached the API");

    let scraped = http(&addr, "GET", "/metrics", &[], "").await;
    assert_eq!(scraped.status, 200, "{scraped:?}");
    assert!(
        scraped
            .head
            .contains("content-type: text/plain; version=0.0.4"),
        "{scraped:?}"
    );
    let series: Vec<&str> = scraped
        .body
        .lines()
        .filter(|l| !l.starts_with('#') && !l.contains("_duration_seconds"))
        .collect();
    assert_eq!(
        series,
        [
            "catalog_tool_calls_total{tool=\"delete_task\",outcome=\"refused\"} 1",
            "catalog_tool_calls_total{tool=\"get_task\",outcome=\"api_error\"} 1",
            "catalog_tool_calls_total{tool=\"get_task\",outcome=\"ok\"} 2",
            "catalog_tool_calls_total{tool=\"get_task\",outcome=\"refused\"} 1",
            "catalog_upstream_responses_total{tool=\"get_task\",class=\"2xx\"} 2",
            "catalog_upstream_responses_total{tool=\"get_task\",class=\"4xx\"} 1",
            "catalog_refusals_total{cause=\"arguments\"} 1",
            "catalog_refusals_total{cause=\"unknown_tool\"} 1",
            "catalog_refusals_total{cause=\"writes_disabled\"} 1",
            "catalog_calls_in_flight 0",
            "catalog_calls_in_flight_limit 32",
        ],
        "{}",
        scraped.body
    );
    assert!(
        scraped
            .body
            .contains("catalog_tool_call_duration_seconds_count{tool=\"get_task\"} 4"),
        "{}",
        scraped.body
    );
    let post = http(&addr, "POST", "/metrics", &[], "").await;
    assert_eq!((post.status, post.head.contains("allow: get")), (405, true));
}

#[tokio::test]
async fn metrics_need_the_token_and_can_be_turned_off() {
    let executor = || Executor::new(ExecutorConfig::new("http://127.0.0.1:9/v1")).unwrap();
    let listener = bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap().to_string();
    let guarded = HttpConfig::new().verifier(StaticToken::new("s3cret-t0ken").unwrap());
    let server = McpServer::new(tools::catalog(), executor());
    tokio::spawn(server.serve_http_until(listener, guarded, std::future::pending()));
    assert_eq!(http(&addr, "GET", "/metrics", &[], "").await.status, 401);
    let with_token = [("authorization", "Bearer s3cret-t0ken")];
    assert_eq!(
        http(&addr, "GET", "/metrics", &with_token, "").await.status,
        200
    );

    let listener = bind("127.0.0.1:0").await.unwrap();
    let off_addr = listener.local_addr().unwrap().to_string();
    let off = HttpConfig::new()
        .with_env(|name| (name == "CATALOG_HTTP_METRICS").then(|| "0".to_string()))
        .unwrap();
    let server = McpServer::new(tools::catalog(), executor());
    tokio::spawn(server.serve_http_until(listener, off, std::future::pending()));
    assert_eq!(
        http(&off_addr, "GET", "/metrics", &[], "").await.status,
        404
    );

    let wrong = HttpConfig::new()
        .with_env(|name| (name == "CATALOG_HTTP_METRICS").then(|| "on".to_string()))
        .unwrap_err();
    assert!(
        matches!(&wrong, catalog::mcp::VariableError::Invalid { variable, value, .. }
            if variable == "CATALOG_HTTP_METRICS" && value == "on"),
        "{wrong:?}"
    );
    assert_eq!(
        wrong.to_string(),
        "CATALOG_HTTP_METRICS=\"on\": expected 1 or 0"
    );
}

/// A `tools/call` of `get_task` with `_meta` and extra HTTP headers.
async fn traced_call(addr: &str, meta: Value, headers: &[(&str, &str)]) -> Reply {
    let message = json!({"jsonrpc": "2.0", "id": 1, "method": "tools/call",
                         "params": {"name": "get_task", "_meta": meta,
                                    "arguments": {"board_id": "ops", "task_id": 1}}});
    let mut all = vec![
        ("content-type", "application/json"),
        ("accept", "application/json, text/event-stream"),
    ];
    all.extend_from_slice(headers);
    http(addr, "POST", "/mcp", &all, &message.to_string()).await
}

#[tokio::test]
async fn the_caller_s_trace_continues_into_the_api_request() {
    // The first request for task 1 is answered 503 (retried: GET is idempotent), the rest 200.
    let answered = std::sync::Arc::new(std::sync::atomic::AtomicUsize::new(0));
    let count = answered.clone();
    let api = loopback::start(move |_| {
        if count.fetch_add(1, std::sync::atomic::Ordering::SeqCst) == 0 {
            loopback::response("503 Service Unavailable", &[("retry-after", "0")], b"")
        } else {
            loopback::response(
                "200 OK",
                &[("content-type", "application/json")],
                br#"{"id": 1, "title": "t", "status": "todo"}"#,
            )
        }
    })
    .await;
    let server = McpServer::new(
        tools::catalog(),
        Executor::new(ExecutorConfig::new(&api.url)).unwrap(),
    );
    let listener = bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap().to_string();
    tokio::spawn(server.serve_http_until(listener, HttpConfig::new(), std::future::pending()));

    let meta_trace = "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01";
    let header_trace = "00-11111111111111111111111111111111-2222222222222222-00";
    // `_meta` (with tracestate), and the HTTP header too: `_meta` wins.
    let meta = json!({"traceparent": meta_trace, "tracestate": "rojo=00f067aa0ba902b7"});
    assert_eq!(
        traced_call(&addr, meta, &[("traceparent", header_trace)])
            .await
            .status,
        200
    );
    // The HTTP header alone.
    assert_eq!(
        traced_call(&addr, json!({}), &[("traceparent", header_trace)])
            .await
            .status,
        200
    );
    // An invalid one, and none: no trace is sent.
    let bad = json!({"traceparent": "00-zz-b7ad6b7169203331-01"});
    assert_eq!(traced_call(&addr, bad, &[]).await.status, 200);
    assert_eq!(traced_call(&addr, json!({}), &[]).await.status, 200);

    let seen = api.seen();
    let sent: Vec<(Option<&str>, Option<&str>)> = seen
        .iter()
        .map(|s| (s.header("traceparent"), s.header("tracestate")))
        .collect();
    assert_eq!(
        sent.len(),
        5,
        "one retry, then one request a call: {sent:?}"
    );
    // The first call: two attempts, one trace, each naming the call's own span as parent, not
    // the caller's.
    let traced = |i: usize| sent[i].0.unwrap_or_else(|| panic!("request {i}: {sent:?}"));
    let (first, second) = (traced(0), traced(1));
    for (header, state) in &sent[..2] {
        let header = header.unwrap();
        assert!(
            header.starts_with("00-0af7651916cd43dd8448eb211c80319c-"),
            "{header}"
        );
        assert!(
            header.ends_with("-01") && header.len() == meta_trace.len(),
            "{header}"
        );
        assert!(!header.contains("b7ad6b7169203331"), "{header}");
        assert_eq!(*state, Some("rojo=00f067aa0ba902b7"));
    }
    assert_eq!(first, second, "a retry is the same call: the same span");
    let from_header = traced(2);
    assert!(
        from_header.starts_with("00-11111111111111111111111111111111-"),
        "{from_header}"
    );
    assert!(!from_header.contains("2222222222222222") && from_header.ends_with("-00"));
    assert_eq!(sent[2].1, None);
    assert_eq!(&sent[3..], &[(None, None), (None, None)]);
}

/// A kept-alive connection to `addr` on which one `GET /healthz` has been answered.
async fn kept_alive(addr: &str) -> tokio::net::TcpStream {
    let mut stream = tokio::net::TcpStream::connect(addr).await.unwrap();
    let request = format!("GET /healthz HTTP/1.1\r\nhost: {addr}\r\n\r\n");
    stream.write_all(request.as_bytes()).await.unwrap();
    let mut raw = Vec::new();
    let mut buf = [0u8; 1024];
    let length = loop {
        let n = stream.read(&mut buf).await.unwrap();
        assert!(
            n > 0,
            "closed before the answer: {:?}",
            String::from_utf8_lossy(&raw)
        );
        raw.extend_from_slice(&buf[..n]);
        let text = String::from_utf8_lossy(&raw).to_ascii_lowercase();
        if let Some((head, _)) = text.split_once("\r\n\r\n") {
            assert!(head.starts_with("http/1.1 200"), "{head}");
            assert!(!head.contains("connection: close"), "{head}");
            let length: usize = head
                .lines()
                .find_map(|l| l.strip_prefix("content-length: "))
                .unwrap_or_else(|| panic!("no content-length: {head}"))
                .trim()
                .parse()
                .unwrap();
            break head.len() + 4 + length;
        }
    };
    while raw.len() < length {
        let n = stream.read(&mut buf).await.unwrap();
        assert!(n > 0);
        raw.extend_from_slice(&buf[..n]);
    }
    stream
}

/// The taskboard example serving HTTP on loopback against `api_url`, with `env`; its address
/// and the rest of its stderr.
async fn serve_http(
    api_url: &str,
    env: &[(&str, &str)],
) -> (
    tokio::process::Child,
    String,
    tokio::io::Lines<BufReader<tokio::process::ChildStderr>>,
) {
    let mut command = tokio::process::Command::new(example::taskboard());
    command
        .args(["serve", "--http", "127.0.0.1:0"])
        .env("TASKBOARD_BASE_URL", api_url)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .kill_on_drop(true);
    for (name, value) in env {
        command.env(name, value);
    }
    let mut child = command.spawn().unwrap();
    let mut stderr = BufReader::new(child.stderr.take().unwrap()).lines();
    let first = stderr.next_line().await.unwrap().unwrap();
    let addr = first
        .strip_prefix("taskboard: serving MCP at http://")
        .and_then(|rest| rest.strip_suffix("/mcp"))
        .unwrap_or_else(|| panic!("{first}"))
        .to_string();
    (child, addr, stderr)
}

#[tokio::test]
async fn without_a_shutdown_delay_sigterm_closes_an_idle_kept_alive_connection() {
    let api = slow_api(Duration::ZERO).await;
    let (mut child, addr, _stderr) = serve_http(&api.url, &[]).await;
    let mut idle = kept_alive(&addr).await;
    sigterm(&child);
    let mut rest = Vec::new();
    let read = tokio::time::timeout(Duration::from_secs(5), idle.read_to_end(&mut rest)).await;
    assert!(matches!(read, Ok(Ok(0))), "{read:?} {rest:?}");
    exits_0(&mut child).await;
}

#[tokio::test]
async fn a_shutdown_delay_serves_on_with_readiness_503_then_exits_0() {
    // Long enough for the calls below on a loaded machine.
    let delay = Duration::from_secs(3);
    let api = slow_api(Duration::ZERO).await;
    let (mut child, addr, mut stderr) =
        serve_http(&api.url, &[("CATALOG_HTTP_SHUTDOWN_DELAY", "3")]).await;
    let mut idle = kept_alive(&addr).await;
    let signalled = Instant::now();
    sigterm(&child);

    // Readiness turns 503 while the server still takes new connections.
    loop {
        let ready = http(&addr, "GET", "/readyz", &[], "").await;
        if ready.status == 503 {
            break;
        }
        assert_eq!(ready.status, 200, "{ready:?}");
        assert!(signalled.elapsed() < delay, "readiness still 200");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    // A call on a new connection is answered, and its connection closed.
    let fresh = call(&addr, 1, "list_tasks", json!({"board_id": "ops"})).await;
    assert_eq!(fresh.status, 200, "{fresh:?}");
    assert!(fresh.head.contains("connection: close"), "{}", fresh.head);
    let message: Value = serde_json::from_str(&fresh.body).unwrap();
    assert_eq!(message["result"]["isError"], false, "{message}");

    // The connection kept alive from before the signal is still open: a call sent on it is
    // answered, with `Connection: close`, then the connection closes.
    let body = json!({"jsonrpc": "2.0", "id": 2, "method": "tools/call",
                      "params": {"name": "list_tasks", "arguments": {"board_id": "ops"}}})
    .to_string();
    let request = format!(
        "POST /mcp HTTP/1.1\r\nhost: {addr}\r\ncontent-type: application/json\r\n\
         accept: application/json, text/event-stream\r\ncontent-length: {}\r\n\r\n{body}",
        body.len()
    );
    idle.write_all(request.as_bytes()).await.unwrap();
    let mut raw = Vec::new();
    tokio::time::timeout(Duration::from_secs(10), idle.read_to_end(&mut raw))
        .await
        .unwrap()
        .unwrap();
    let text = String::from_utf8(raw).unwrap();
    let (head, answer) = text
        .split_once("\r\n\r\n")
        .unwrap_or_else(|| panic!("{text:?}"));
    let head = head.to_ascii_lowercase();
    assert!(head.starts_with("http/1.1 200"), "{head}");
    assert!(head.contains("connection: close"), "{head}");
    let message: Value = serde_json::from_str(answer).unwrap_or_else(|e| panic!("{e}: {answer}"));
    assert_eq!(message["id"], 2);
    assert_eq!(
        message["result"]["content"][0]["text"],
        "HTTP 200 OK\ncontent-type: application/json\n\n[]"
    );
    assert!(
        signalled.elapsed() < delay,
        "the calls took the whole delay"
    );

    // After the delay no new connection is taken, and the process exits 0.
    exits_0(&mut child).await;
    assert!(
        signalled.elapsed() >= delay,
        "exited before the delay ended"
    );
    assert!(tokio::net::TcpStream::connect(&addr).await.is_err());
    let mut rest = Vec::new();
    while let Some(line) = stderr.next_line().await.unwrap() {
        rest.push(line);
    }
    assert_eq!(
        rest,
        [
            "catalog: SIGTERM received",
            "catalog: stopping: readiness is 503; serving 3 s more before closing connections",
            "catalog: stopping: no new connections; finishing 0 open within 25 s",
            "catalog: stopped: every call in flight was answered",
        ]
    );
    // The two calls reached the API (a readiness probe before the signal was seen may too).
    let calls = api
        .seen()
        .iter()
        .filter(|r| r.request_line.starts_with("GET /boards/ops/tasks"))
        .count();
    assert_eq!(calls, 2, "{:?}", api.seen());
}
