//! A client that sends a 256 MiB line with no newline in it must not make the server hold it:
//! the server (the taskboard example, `serve`) answers the line with a JSON-RPC error, keeps
//! serving, and its peak resident memory (VmHWM) stays far below the line's size.

use serde_json::{Value, json};
use std::io::{BufRead, BufReader, Write};
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::time::Duration;

const LINE_BYTES: usize = 256 * 1024 * 1024;
/// Far below the line: the server's whole footprint must fit in a quarter of it.
const PEAK_LIMIT_KB: u64 = 64 * 1024;

/// `cargo test` builds the examples next to the test binaries' `deps/` folder.
fn example_binary() -> PathBuf {
    let exe = std::env::current_exe().unwrap();
    let dir = exe.parent().and_then(|deps| deps.parent()).unwrap();
    let bin = dir.join("examples").join("taskboard");
    assert!(
        bin.exists(),
        "{} is missing; `cargo test` builds it (or run `cargo build --example taskboard`)",
        bin.display()
    );
    bin
}

fn send(stdin: &mut impl Write, message: Value) {
    stdin.write_all(format!("{message}\n").as_bytes()).unwrap();
    stdin.flush().unwrap();
}

fn peak_kb(pid: u32) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap();
    let line = status
        .lines()
        .find(|l| l.starts_with("VmHWM:"))
        .expect("VmHWM in /proc/<pid>/status");
    line.split_whitespace().nth(1).unwrap().parse().unwrap()
}

#[test]
fn a_256_mib_line_is_refused_without_being_held() {
    if !cfg!(target_os = "linux") {
        eprintln!("skipped: VmHWM is read from Linux's /proc");
        return;
    }
    let mut child = Command::new(example_binary())
        .arg("serve")
        .env("TASKBOARD_BASE_URL", "http://127.0.0.1:9")
        .env_remove("CATALOG_MAX_LINE_BYTES")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .unwrap();
    let pid = child.id();
    let mut stdin = child.stdin.take().unwrap();
    let stdout = child.stdout.take().unwrap();
    // Read replies on their own thread, so a reply sent while we are still writing the line
    // never blocks the server.
    let (tx, rx) = mpsc::channel::<Value>();
    let reader = std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines() {
            let Ok(line) = line else { return };
            if tx.send(serde_json::from_str(&line).unwrap()).is_err() {
                return;
            }
        }
    });
    let next = || rx.recv_timeout(Duration::from_secs(120)).expect("a reply");

    send(
        &mut stdin,
        json!({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
        "protocolVersion": "2025-06-18", "capabilities": {},
        "clientInfo": {"name": "giant-line", "version": "1"}}}),
    );
    assert_eq!(next()["id"], 1);
    send(
        &mut stdin,
        json!({"jsonrpc": "2.0", "method": "notifications/initialized"}),
    );

    let chunk = vec![b'x'; 1024 * 1024];
    for _ in 0..LINE_BYTES / chunk.len() {
        stdin.write_all(&chunk).unwrap();
    }
    stdin.write_all(b"\n").unwrap();
    send(
        &mut stdin,
        json!({"jsonrpc": "2.0", "id": 2, "method": "tools/list"}),
    );

    assert_eq!(
        next(),
        json!({"jsonrpc": "2.0", "id": null, "error": {"code": -32600, "message":
            "Invalid Request: the message exceeds the 4194304-byte line limit and was discarded"}})
    );
    let list = next();
    assert_eq!(list["id"], 2);
    let names: Vec<&str> = list["result"]["tools"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["name"].as_str().unwrap())
        .collect();
    assert_eq!(
        names,
        [
            "list_tasks",
            "create_task",
            "get_task",
            "replace_task",
            "delete_task",
            "set_task_labels",
            "add_comment",
            "search"
        ]
    );

    let peak = peak_kb(pid);
    println!(
        "server peak memory (VmHWM) after a {} MiB line: {peak} kB",
        LINE_BYTES >> 20
    );
    assert!(
        peak < PEAK_LIMIT_KB,
        "peak {peak} kB is not far below the {} kB line",
        LINE_BYTES >> 10
    );

    drop(stdin);
    let status = child.wait().unwrap();
    assert!(status.success(), "{status}");
    reader.join().unwrap();
}
