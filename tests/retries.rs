//! Retries against a misbehaving API on loopback: an idempotent call is sent again after a 503,
//! a 429 or a failed connection, waiting as `Retry-After` says, never past the call's one
//! timeout; a POST is sent once; the result says how many attempts were made.

#[path = "../examples/taskboard/tools.rs"]
#[allow(dead_code)]
mod tools;

#[path = "../catalog-runtime/tests/support/loopback.rs"]
mod loopback;

use catalog::executor::{Executor, ExecutorConfig};
use catalog::mcp::McpServer;
use loopback::{Part, response};
use serde_json::{Value, json};
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

/// An API that answers its n-th request (from 0) with `answer(n)`.
async fn api(answer: impl Fn(usize) -> Vec<Part> + Send + Sync + 'static) -> loopback::Loopback {
    let count = Arc::new(AtomicUsize::new(0));
    loopback::start(move |_| answer(count.fetch_add(1, Ordering::SeqCst))).await
}

fn ok() -> Vec<Part> {
    response("200 OK", &[("content-type", "application/json")], b"[]")
}

fn unavailable() -> Vec<Part> {
    response("503 Service Unavailable", &[], b"down for a moment")
}

/// The taskboard tools against `url`, every write enabled, settings from `env`.
fn server(url: &str, timeout: Duration, env: &[(&str, &str)]) -> McpServer {
    let env: Vec<(String, String)> = env
        .iter()
        .map(|(n, v)| (n.to_string(), v.to_string()))
        .collect();
    let config = ExecutorConfig::new(url)
        .timeout(timeout)
        .allow_writes(true)
        .with_env(|name| env.iter().find(|(n, _)| n == name).map(|(_, v)| v.clone()))
        .unwrap();
    McpServer::new(tools::catalog(), Executor::new(config).unwrap())
}

/// A tool call's result as JSON, and how long it took.
async fn call(server: &McpServer, name: &str, arguments: Value) -> (Value, Duration) {
    let started = Instant::now();
    let result = server
        .call(name, arguments.as_object().cloned())
        .await
        .unwrap_or_else(|e| panic!("{name}: {e:?}"));
    (serde_json::to_value(result).unwrap(), started.elapsed())
}

fn text(result: &Value) -> &str {
    result["content"][0]["text"].as_str().unwrap()
}

fn attempts(result: &Value) -> &Value {
    &result["_meta"]["catalog/attempts"]
}

#[tokio::test]
async fn a_503_then_a_200_is_answered_on_the_second_attempt() {
    let api = api(|n| if n == 0 { unavailable() } else { ok() }).await;
    let server = server(&api.url, Duration::from_secs(10), &[]);
    let (result, _) = call(&server, "list_tasks", json!({"board_id": "ops"})).await;
    assert_eq!(result["isError"], false, "{result}");
    assert_eq!(
        text(&result),
        "HTTP 200 OK\n\n[the body is in structuredContent]\n\
         [attempts: 2; the others got: HTTP 503 Service Unavailable]"
    );
    assert_eq!(attempts(&result), 2);
    assert_eq!(result["_meta"]["catalog/response"]["status"], 200);
    let seen = api.seen();
    assert_eq!(seen.len(), 2);
    assert_eq!(seen[0].request_line, seen[1].request_line);
}

#[tokio::test]
async fn a_429_is_sent_again_after_its_retry_after() {
    let api = api(|n| {
        if n == 0 {
            response(
                "429 Too Many Requests",
                &[("retry-after", "1")],
                b"slow down",
            )
        } else {
            ok()
        }
    })
    .await;
    let server = server(&api.url, Duration::from_secs(10), &[]);
    let (result, took) = call(&server, "list_tasks", json!({"board_id": "ops"})).await;
    assert_eq!(attempts(&result), 2, "{result}");
    assert_eq!(result["_meta"]["catalog/response"]["status"], 200);
    assert!(
        text(&result).ends_with("[attempts: 2; the others got: HTTP 429 Too Many Requests]"),
        "{result}"
    );
    // The second request waited for the second the API asked for.
    assert!(took >= Duration::from_secs(1), "answered after {took:?}");
    assert_eq!(api.seen().len(), 2);
}

#[tokio::test]
async fn a_post_is_never_sent_twice() {
    let api = api(|_| unavailable()).await;
    let server = server(&api.url, Duration::from_secs(10), &[]);
    let (result, _) = call(
        &server,
        "create_task",
        json!({"board_id": "ops", "title": "t", "status": "todo"}),
    )
    .await;
    assert_eq!(result["isError"], true);
    assert_eq!(result["_meta"]["catalog/response"]["status"], 503);
    assert_eq!(attempts(&result), 1);
    assert!(!text(&result).contains("[attempts"), "{result}");
    assert_eq!(api.seen().len(), 1);
}

#[tokio::test]
async fn a_put_is_idempotent_and_retried() {
    let api = api(|n| if n == 0 { unavailable() } else { ok() }).await;
    let server = server(&api.url, Duration::from_secs(10), &[]);
    let (result, _) = call(
        &server,
        "set_task_labels",
        json!({"board_id": "ops", "task_id": 1, "labels": ["a"]}),
    )
    .await;
    assert_eq!(attempts(&result), 2, "{result}");
    let seen = api.seen();
    assert_eq!(seen.len(), 2);
    assert!(seen[1].request_line.starts_with("PUT "), "{seen:?}");
    assert_eq!(seen[0].body, seen[1].body);
}

#[tokio::test]
async fn a_retry_after_past_the_timeout_returns_the_answer_at_once() {
    let api = api(|_| {
        response(
            "429 Too Many Requests",
            &[("retry-after", "30")],
            b"come back later",
        )
    })
    .await;
    let server = server(&api.url, Duration::from_secs(2), &[]);
    let (result, took) = call(&server, "list_tasks", json!({"board_id": "ops"})).await;
    assert_eq!(result["_meta"]["catalog/response"]["status"], 429);
    assert_eq!(
        result["_meta"]["catalog/response"]["headers"]["retry-after"],
        "30"
    );
    assert_eq!(attempts(&result), 1);
    assert!(took < Duration::from_secs(1), "answered after {took:?}");
    assert_eq!(api.seen().len(), 1);
}

#[tokio::test]
async fn a_failed_connection_is_tried_again() {
    // The first connection is closed without an answer.
    let api = api(|n| if n == 0 { Vec::new() } else { ok() }).await;
    let server = server(&api.url, Duration::from_secs(10), &[]);
    let (result, _) = call(&server, "list_tasks", json!({"board_id": "ops"})).await;
    assert_eq!(
        result["_meta"]["catalog/response"]["status"], 200,
        "{result}"
    );
    assert_eq!(attempts(&result), 2);
    assert!(
        text(&result).ends_with("[attempts: 2; the others got: connection failed]"),
        "{result}"
    );
}

#[tokio::test]
async fn every_attempt_failing_returns_the_last_answer_with_the_count() {
    let api = api(|_| unavailable()).await;
    let server = server(
        &api.url,
        Duration::from_secs(10),
        &[("CATALOG_RETRIES", "3")],
    );
    let (result, _) = call(&server, "list_tasks", json!({"board_id": "ops"})).await;
    assert_eq!(result["isError"], true);
    assert_eq!(attempts(&result), 3);
    assert!(
        text(&result).ends_with(
            "down for a moment\n[attempts: 3; the others got: HTTP 503 Service Unavailable, \
             HTTP 503 Service Unavailable]"
        ),
        "{result}"
    );
    assert_eq!(api.seen().len(), 3);
}

#[tokio::test]
async fn retries_are_off_with_one_attempt_or_for_a_tool_named() {
    for env in [
        [("CATALOG_RETRIES", "1"), ("CATALOG_NO_RETRY", "")],
        [("CATALOG_RETRIES", "0"), ("CATALOG_NO_RETRY", "")],
        [
            ("CATALOG_RETRIES", "5"),
            ("CATALOG_NO_RETRY", "get_task,list_tasks"),
        ],
    ] {
        let api = api(|_| unavailable()).await;
        let server = server(&api.url, Duration::from_secs(10), &env);
        server.check_settings().unwrap();
        let (result, _) = call(&server, "list_tasks", json!({"board_id": "ops"})).await;
        assert_eq!(attempts(&result), 1, "{env:?}");
        assert_eq!(api.seen().len(), 1, "{env:?}");
    }
}

#[tokio::test]
async fn a_no_retry_list_naming_a_tool_not_served_is_refused() {
    let server = server(
        "http://127.0.0.1:9",
        Duration::from_secs(1),
        &[("CATALOG_NO_RETRY", "list_task")],
    );
    assert_eq!(
        server.check_settings().unwrap_err().to_string(),
        "CATALOG_NO_RETRY names a tool this server does not serve: `list_task` (did you mean \
         `list_tasks`?)"
    );
}

#[tokio::test]
async fn an_api_never_reached_is_an_error_naming_the_attempts() {
    let closed = {
        let l = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        format!("http://127.0.0.1:{}", l.local_addr().unwrap().port())
    };
    let server = server(&closed, Duration::from_secs(10), &[]);
    let error = server
        .call(
            "list_tasks",
            json!({"board_id": "ops"}).as_object().cloned(),
        )
        .await
        .unwrap_err();
    assert!(
        error
            .message
            .starts_with("the API could not be reached: error sending request for url"),
        "{error:?}"
    );
    assert!(error.message.ends_with(" (3 attempts)"), "{error:?}");
}

#[tokio::test]
async fn a_retry_that_runs_out_of_time_returns_the_answer_before_it() {
    let api = api(|n| {
        if n == 0 {
            response("503 Service Unavailable", &[("retry-after", "0")], b"busy")
        } else {
            vec![Part::Sleep(Duration::from_secs(3600))]
        }
    })
    .await;
    let timeout = Duration::from_millis(1500);
    let server = server(&api.url, timeout, &[]);
    let (result, took) = call(&server, "list_tasks", json!({"board_id": "ops"})).await;
    assert_eq!(
        result["_meta"]["catalog/response"]["status"], 503,
        "{result}"
    );
    assert_eq!(attempts(&result), 2);
    assert!(
        text(&result).ends_with("busy\n[attempts: 2; the others got: no answer in time]"),
        "{result}"
    );
    assert!(took >= timeout, "answered after {took:?}");
    assert!(
        took < timeout + Duration::from_millis(500),
        "answered after {took:?}"
    );
    assert_eq!(api.seen().len(), 2);
}
