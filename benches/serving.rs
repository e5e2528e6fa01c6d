//! Serving throughput: the example server (`taskboard serve`, release build) driven over stdio
//! with N pipelined `tools/call` requests, at most 64 in flight, against a local upstream that
//! answers every request at once with the same small JSON body.
//!
//! Reports calls per second, latency p50 / p99 (client side, request written to answer read),
//! the server's resident memory at the start, peak and end, and the server's own CPU time per
//! call (user + system, from `/proc/<pid>/stat` over the run).
//!
//! ```sh
//! cargo bench --bench serving
//! ```
//!
//! `CATALOG_BENCH_CALLS` sets N (default 50,000); `CATALOG_BENCH_SERVER` runs the given binary
//! instead of building the example (to compare two commits' servers in one sitting);
//! `CATALOG_BENCH_SMOKE=1` runs 500 calls (CI
//! does, so that the bench cannot rot; its figures mean nothing). Linux only (`/proc`).

use serde_json::{Value, json};
use std::collections::HashMap;
use std::path::PathBuf;
use std::process::Stdio;
use std::sync::Arc;
use std::time::Instant;
use tokio::io::{AsyncBufReadExt, AsyncReadExt, AsyncWriteExt, BufReader};
use tokio::net::{TcpListener, TcpStream};
use tokio::process::Command;
use tokio::sync::{Mutex, Semaphore};

/// Requests in flight at once.
const IN_FLIGHT: usize = 64;
/// What the upstream answers to every request: a page of tasks as `list_tasks` documents it, so
/// that every call is answered with structured content (checked against the outputSchema).
const BODY: &str = r#"[{"id":1,"title":"Ship","status":"todo"}]"#;

fn main() {
    let calls: usize = if std::env::var_os("CATALOG_BENCH_SMOKE").is_some() {
        500
    } else {
        std::env::var("CATALOG_BENCH_CALLS")
            .ok()
            .and_then(|n| n.parse().ok())
            .unwrap_or(50_000)
    };
    // `CATALOG_BENCH_SERVER` runs another build of the example (an earlier commit's, to compare).
    let server = match std::env::var_os("CATALOG_BENCH_SERVER") {
        Some(path) => PathBuf::from(path),
        None => build_example(),
    };
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .worker_threads(1)
        .enable_all()
        .build()
    {
        Ok(r) => r,
        Err(e) => panic!("a tokio runtime: {e}"),
    };
    runtime.block_on(run(server, calls));
}

/// Builds the taskboard example in this bench's own profile (release under `cargo bench`, dev
/// under `cargo bench --profile dev`) and returns the binary's path.
fn build_example() -> PathBuf {
    let exe = std::env::current_exe().unwrap_or_default();
    // <target>/<profile dir>/deps/serving-<hash>
    let profile_dir = exe
        .ancestors()
        .nth(2)
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from("target/release"));
    let release = profile_dir.file_name().is_some_and(|n| n == "release");
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let mut build = std::process::Command::new(cargo);
    build
        .args(["build", "--example", "taskboard"])
        .current_dir(env!("CARGO_MANIFEST_DIR"));
    if release {
        build.arg("--release");
    }
    let status = build.status();
    assert!(
        status.is_ok_and(|s| s.success()),
        "the taskboard example builds"
    );
    profile_dir.join("examples/taskboard")
}

async fn run(server: PathBuf, calls: usize) {
    let upstream = upstream().await;
    let mut child = match Command::new(&server)
        .arg("serve")
        .env("TASKBOARD_BASE_URL", format!("http://{upstream}"))
        // The server's cap on calls waiting on the API (default 32) must admit what the bench
        // keeps in flight, or the calls past it are answered "busy" instead of measured.
        .env("CATALOG_MAX_IN_FLIGHT", IN_FLIGHT.to_string())
        .env_remove("CATALOG_RECORD")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .kill_on_drop(true)
        .spawn()
    {
        Ok(c) => c,
        Err(e) => panic!("{} serve does not start: {e}", server.display()),
    };
    let pid = child.id().unwrap_or_default();
    let (Some(mut stdin), Some(stdout)) = (child.stdin.take(), child.stdout.take()) else {
        panic!("the server's pipes");
    };
    let mut lines = BufReader::new(stdout).lines();

    let init = json!({"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": {
        "protocolVersion": "2025-06-18", "capabilities": {},
        "clientInfo": {"name": "bench", "version": "1"}}});
    write_line(&mut stdin, &init).await;
    let answer = lines.next_line().await.ok().flatten().unwrap_or_default();
    assert!(answer.contains("\"result\""), "initialize: {answer}");
    write_line(
        &mut stdin,
        &json!({"jsonrpc": "2.0", "method": "notifications/initialized"}),
    )
    .await;

    let start_rss = rss_kib(pid, "VmRSS");
    let cpu_before = cpu_ticks(pid);
    let sent: Arc<Mutex<HashMap<u64, Instant>>> = Arc::default();
    let slots = Arc::new(Semaphore::new(IN_FLIGHT));
    let started = Instant::now();

    let writer = {
        let sent = sent.clone();
        let slots = slots.clone();
        tokio::spawn(async move {
            for id in 1..=calls as u64 {
                let Ok(permit) = slots.acquire().await else {
                    break;
                };
                permit.forget();
                let call = json!({"jsonrpc": "2.0", "id": id, "method": "tools/call", "params": {
                    "name": "list_tasks", "arguments": {"board_id": "ops", "page": 2}}});
                sent.lock().await.insert(id, Instant::now());
                write_line(&mut stdin, &call).await;
            }
            stdin
        })
    };

    let mut latencies = Vec::with_capacity(calls);
    let mut peak_rss = start_rss;
    let mut errors = 0usize;
    while latencies.len() < calls {
        let Ok(Some(line)) = lines.next_line().await else {
            panic!("the server stopped after {} answers", latencies.len());
        };
        let answer: Value = serde_json::from_str(&line).unwrap_or_default();
        let Some(id) = answer["id"].as_u64() else {
            continue;
        };
        if let Some(t) = sent.lock().await.remove(&id) {
            latencies.push(t.elapsed());
        }
        if answer["result"]["isError"] != json!(false) {
            errors += 1;
        }
        slots.add_permits(1);
        if latencies.len() % 1000 == 0 {
            peak_rss = peak_rss.max(rss_kib(pid, "VmRSS"));
        }
    }
    let elapsed = started.elapsed();
    let cpu_after = cpu_ticks(pid);
    let end_rss = rss_kib(pid, "VmRSS");
    let hwm = rss_kib(pid, "VmHWM");
    drop(writer.await);
    let _ = child.kill().await;

    latencies.sort();
    let pct = |p: f64| latencies[((latencies.len() as f64 * p) as usize).min(latencies.len() - 1)];
    let ticks = clock_ticks_per_second();
    let cpu_us = (cpu_after - cpu_before) as f64 * 1e6 / ticks as f64 / calls as f64;
    println!(
        "serving bench: taskboard serve (stdio), {calls} tools/call list_tasks, \
         {IN_FLIGHT} in flight, upstream answering at once"
    );
    println!("  errors (isError != false)        {errors}");
    println!(
        "  calls per second                 {:.0}",
        calls as f64 / elapsed.as_secs_f64()
    );
    println!(
        "  latency p50 / p99                {:.2} / {:.2} ms",
        pct(0.50).as_secs_f64() * 1e3,
        pct(0.99).as_secs_f64() * 1e3
    );
    println!(
        "  server RSS start / peak / end    {:.1} / {:.1} / {:.1} MiB (VmHWM {:.1})",
        start_rss as f64 / 1024.0,
        peak_rss.max(end_rss) as f64 / 1024.0,
        end_rss as f64 / 1024.0,
        hwm as f64 / 1024.0
    );
    println!("  server CPU per call (user+sys)   {cpu_us:.1} us (target <= 40)");
    assert_eq!(errors, 0, "every call succeeds against the upstream");
}

async fn write_line(w: &mut tokio::process::ChildStdin, v: &Value) {
    let mut line = v.to_string().into_bytes();
    line.push(b'\n');
    if let Err(e) = w.write_all(&line).await {
        panic!("writing to the server: {e}");
    }
}

/// An HTTP/1.1 server on loopback that answers every request on a kept-alive connection with
/// `200` and [`BODY`] as soon as its head (and body, if any) is read.
async fn upstream() -> std::net::SocketAddr {
    let listener = match TcpListener::bind("127.0.0.1:0").await {
        Ok(l) => l,
        Err(e) => panic!("binding loopback: {e}"),
    };
    let addr = match listener.local_addr() {
        Ok(a) => a,
        Err(e) => panic!("{e}"),
    };
    tokio::spawn(async move {
        while let Ok((socket, _)) = listener.accept().await {
            tokio::spawn(answer_all(socket));
        }
    });
    addr
}

async fn answer_all(mut socket: TcpStream) {
    let response = format!(
        "HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: {}\r\n\r\n{BODY}",
        BODY.len()
    );
    let mut buf = Vec::with_capacity(8192);
    let mut chunk = [0u8; 8192];
    loop {
        // Answer every complete request in the buffer.
        while let Some(head_end) = find(&buf, b"\r\n\r\n") {
            let head = String::from_utf8_lossy(&buf[..head_end]).to_ascii_lowercase();
            let body_len = head
                .lines()
                .find_map(|l| l.strip_prefix("content-length:"))
                .and_then(|n| n.trim().parse::<usize>().ok())
                .unwrap_or(0);
            let total = head_end + 4 + body_len;
            if buf.len() < total {
                break;
            }
            buf.drain(..total);
            if socket.write_all(response.as_bytes()).await.is_err() {
                return;
            }
        }
        match socket.read(&mut chunk).await {
            Ok(0) | Err(_) => return,
            Ok(n) => buf.extend_from_slice(&chunk[..n]),
        }
    }
}

fn find(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    haystack.windows(needle.len()).position(|w| w == needle)
}

/// A `/proc/<pid>/status` field in KiB (`VmRSS`, `VmHWM`).
fn rss_kib(pid: u32, field: &str) -> u64 {
    std::fs::read_to_string(format!("/proc/{pid}/status"))
        .unwrap_or_default()
        .lines()
        .find_map(|l| l.strip_prefix(field)?.strip_prefix(':'))
        .and_then(|v| v.split_whitespace().next()?.parse().ok())
        .unwrap_or(0)
}

/// The process's user + system CPU time in clock ticks (`/proc/<pid>/stat` fields 14 and 15).
fn cpu_ticks(pid: u32) -> u64 {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
    // The command name may hold spaces: count fields after its closing parenthesis.
    let after = stat.rsplit_once(')').map(|(_, s)| s).unwrap_or("");
    let fields: Vec<&str> = after.split_whitespace().collect();
    let field = |n: usize| {
        fields
            .get(n)
            .and_then(|f| f.parse::<u64>().ok())
            .unwrap_or(0)
    };
    // After `)`, field 3 (state) is index 0, so utime (14) is index 11 and stime (15) index 12.
    field(11) + field(12)
}

fn clock_ticks_per_second() -> u64 {
    std::process::Command::new("getconf")
        .arg("CLK_TCK")
        .output()
        .ok()
        .and_then(|o| String::from_utf8(o.stdout).ok())
        .and_then(|s| s.trim().parse().ok())
        .unwrap_or(100)
}
