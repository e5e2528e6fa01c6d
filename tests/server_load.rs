//! Load held, not refused: a stdio client that pipelines hundreds of `tools/call` at once (agents
//! issue parallel calls) gets every one answered with a result, against an API slow enough that
//! the calls pile up far past the in-flight cap, and the server's memory stays bounded however
//! many are sent.

#[path = "support/example.rs"]
mod example;

#[path = "../catalog-runtime/tests/support/loopback.rs"]
mod loopback;

use serde_json::{Value, json};
use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};
use std::time::Duration;

/// An API that takes 20 ms over every answer: one page of one task.
async fn slow_api() -> loopback::Loopback {
    loopback::start(|_| {
        let mut parts = vec![loopback::Part::Sleep(Duration::from_millis(20))];
        parts.extend(loopback::response(
            "200 OK",
            &[("content-type", "application/json")],
            br#"[{"id":1,"title":"Ship","status":"todo"}]"#,
        ));
        parts
    })
    .await
}

/// The peak resident memory of process `pid`, in KiB (`VmHWM` in `/proc/<pid>/status`).
fn peak_rss_kib(pid: u32) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap();
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        .expect("VmHWM in /proc/<pid>/status")
}

/// Sends `calls` pipelined `list_tasks` calls to the example over stdio, all written before
/// any answer is read, and reads every answer. Returns the answers by id and the server's peak
/// memory once they are all in.
fn pipeline(api: &str, calls: i64) -> (Vec<Value>, u64) {
    let mut child = Command::new(example::taskboard())
        .arg("serve")
        .env("TASKBOARD_BASE_URL", api)
        .env("CATALOG_TIMEOUT_SECS", "120")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let pid = child.id();
    let mut stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || {
        let mut out = String::new();
        for message in [
            json!({"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": {
                "protocolVersion": "2025-06-18", "capabilities": {},
                "clientInfo": {"name": "pipeline", "version": "1"}}}),
            json!({"jsonrpc": "2.0", "method": "notifications/initialized"}),
        ] {
            out.push_str(&format!("{message}\n"));
        }
        for id in 1..=calls {
            let call = json!({"jsonrpc": "2.0", "id": id, "method": "tools/call",
                "params": {"name": "list_tasks", "arguments": {"board_id": "ops", "page": id}}});
            out.push_str(&format!("{call}\n"));
        }
        stdin.write_all(out.as_bytes()).unwrap();
        stdin.flush().unwrap();
        stdin
    });
    let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
    let mut answers = vec![Value::Null; usize::try_from(calls).unwrap() + 1];
    for _ in 0..=calls {
        let line = lines.next().expect("the server ended early").unwrap();
        let message: Value = serde_json::from_str(&line).unwrap();
        let id = usize::try_from(message["id"].as_i64().expect("an answer with an id")).unwrap();
        assert!(answers[id].is_null(), "id {id} answered twice");
        answers[id] = message;
    }
    let peak = peak_rss_kib(pid);
    drop(writer.join().unwrap());
    assert!(child.wait().unwrap().success());
    (answers, peak)
}

/// Every call is answered with the tool's result: no "busy" error, none lost.
fn assert_all_answered(answers: &[Value]) {
    for (id, answer) in answers.iter().enumerate().skip(1) {
        assert_eq!(answer["result"]["isError"], false, "call {id}: {answer}");
        assert_eq!(
            answer["result"]["structuredContent"]["items"][0]["title"], "Ship",
            "call {id}: {answer}"
        );
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn hundreds_of_pipelined_calls_are_all_answered_with_memory_bounded() {
    let api = slow_api().await;
    let url = api.url.clone();
    let (few, few_peak) = tokio::task::spawn_blocking(move || pipeline(&url, 200))
        .await
        .unwrap();
    assert_all_answered(&few);
    let url = api.url.clone();
    let (many, many_peak) = tokio::task::spawn_blocking(move || pipeline(&url, 1000))
        .await
        .unwrap();
    assert_all_answered(&many);
    assert_eq!(
        api.seen().len(),
        1200,
        "each call reached the API exactly once"
    );
    eprintln!("peak RSS: {few_peak} KiB for 200 calls, {many_peak} KiB for 1000");
    // Five times the calls, about the same memory: what is held is bounded by the caps, not by
    // what the client sends.
    assert!(
        many_peak < few_peak + 8 * 1024,
        "peak RSS grew from {few_peak} KiB (200 calls) to {many_peak} KiB (1000 calls)"
    );
    assert!(many_peak < 64 * 1024, "peak RSS {many_peak} KiB");
}
