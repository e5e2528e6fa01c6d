//! Serving throughput: the example server (`taskboard serve`, release build) driven with N
//! `tools/call` requests, at most 64 in flight, against a local upstream that answers every
//! request at once with the same small JSON body; over stdio (pipelined lines) and over
//! Streamable HTTP (`taskboard serve --http`, one POST per call on 64 kept-alive connections).
//!
//! Reports, per transport, calls per second, latency p50 / p99 (client side, request written to
//! answer read), the server's resident memory at the start, peak and end, and the server's own
//! CPU time per call (user + system, from `/proc/<pid>/stat` over the run).
//!
//! ```sh
//! cargo bench --bench serving
//! ```
//!
//! `CATALOG_BENCH_CALLS` sets N (default 50,000); `CATALOG_BENCH_TRANSPORT` = `stdio` or `http`
//! runs one transport (both by default); `CATALOG_BENCH_SERVER` runs the given binary instead of
//! building the example (to compare two commits' servers in one sitting);
//! `CATALOG_BENCH_SMOKE=1` runs 500 calls (CI does, so that the bench cannot rot; its figures
//! mean nothing). Linux only (`/proc`).

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

/// How the bench reaches the server.
#[derive(Clone, Copy, PartialEq)]
enum Transport {
    /// `taskboard serve`: newline-delimited JSON-RPC on the server's stdin and stdout.
    Stdio,
    /// `taskboard serve --http 127.0.0.1:0`: one POST to `/mcp` per call, on [`IN_FLIGHT`]
    /// kept-alive connections.
    Http,
}

impl Transport {
    fn name(self) -> &'static str {
        match self {
            Transport::Stdio => "stdio",
            Transport::Http => "Streamable HTTP",
        }
    }
}

/// `CATALOG_BENCH_TRANSPORT` = `stdio` or `http` runs one; unset runs both, stdio first.
fn transports() -> Vec<Transport> {
    match std::env::var("CATALOG_BENCH_TRANSPORT").as_deref() {
        Ok("stdio") => vec![Transport::Stdio],
        Ok("http") => vec![Transport::Http],
        Err(_) => vec![Transport::Stdio, Transport::Http],
        Ok(other) => panic!("CATALOG_BENCH_TRANSPORT={other:?}: expected stdio or http"),
    }
}

/// The call every request makes: a page of `list_tasks`.
fn call(id: u64) -> Value {
    json!({"jsonrpc": "2.0", "id": id, "method": "tools/call", "params": {
        "name": "list_tasks", "arguments": {"board_id": "ops", "page": 2}}})
}

/// What one run measured.
struct Figures {
    calls: usize,
    errors: usize,
    elapsed: std::time::Duration,
    latencies: Vec<std::time::Duration>,
    start_rss: u64,
    peak_rss: u64,
    end_rss: u64,
    hwm: u64,
    cpu: Cpu,
}

async fn run(server: PathBuf, calls: usize) {
    let upstream = upstream().await;
    for transport in transports() {
        let mut child = start(&server, upstream, transport);
        let pid = child.id().unwrap_or_default();
        let figures = match transport {
            Transport::Stdio => over_stdio(&mut child, pid, calls).await,
            Transport::Http => {
                let addr = http_address(&mut child).await;
                over_http(addr, pid, calls).await
            }
        };
        let _ = child.kill().await;
        report(transport, &figures);
        assert_eq!(
            figures.errors, 0,
            "every call succeeds against the upstream"
        );
    }
}

/// Starts the server for `transport`, its API at `upstream`.
fn start(
    server: &PathBuf,
    upstream: std::net::SocketAddr,
    transport: Transport,
) -> tokio::process::Child {
    let mut command = Command::new(server);
    command.arg("serve");
    if transport == Transport::Http {
        command.args(["--http", "127.0.0.1:0"]);
    }
    let spawned = command
        .env("TASKBOARD_BASE_URL", format!("http://{upstream}"))
        // The server's cap on calls waiting on the API (default 32) must admit what the bench
        // keeps in flight, or the calls past it are answered "busy" instead of measured.
        .env("CATALOG_MAX_IN_FLIGHT", IN_FLIGHT.to_string())
        .env_remove("CATALOG_RECORD")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(match transport {
            Transport::Stdio => Stdio::inherit(),
            // Its first line says where it listens.
            Transport::Http => Stdio::piped(),
        })
        .kill_on_drop(true)
        .spawn();
    match spawned {
        Ok(c) => c,
        Err(e) => panic!("{} serve does not start: {e}", server.display()),
    }
}

async fn over_stdio(child: &mut tokio::process::Child, pid: u32, calls: usize) -> Figures {
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
                sent.lock().await.insert(id, Instant::now());
                write_line(&mut stdin, &call(id)).await;
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
    let cpu = cpu_ticks(pid).since(cpu_before);
    let figures = Figures {
        calls,
        errors,
        elapsed,
        latencies,
        start_rss,
        peak_rss,
        end_rss: rss_kib(pid, "VmRSS"),
        hwm: rss_kib(pid, "VmHWM"),
        cpu,
    };
    drop(writer.await);
    figures
}

/// Reads the server's first stderr line, `taskboard: serving MCP at http://ADDR/mcp`.
async fn http_address(child: &mut tokio::process::Child) -> String {
    let Some(stderr) = child.stderr.take() else {
        panic!("the server's stderr");
    };
    let mut lines = BufReader::new(stderr).lines();
    let first = lines.next_line().await.ok().flatten().unwrap_or_default();
    let Some(addr) = first
        .split("http://")
        .nth(1)
        .and_then(|rest| rest.strip_suffix("/mcp"))
    else {
        panic!("the HTTP server did not say where it listens: {first:?}");
    };
    // Keep draining stderr so that the server never blocks on it.
    tokio::spawn(async move { while let Ok(Some(_)) = lines.next_line().await {} });
    addr.to_string()
}

async fn over_http(addr: String, pid: u32, calls: usize) -> Figures {
    // One exchange first, so that start-up is not measured.
    let mut warm = connect(&addr).await;
    assert!(post(&mut warm, &addr, 0).await, "the first call succeeds");
    drop(warm);

    let start_rss = rss_kib(pid, "VmRSS");
    let cpu_before = cpu_ticks(pid);
    let next = Arc::new(std::sync::atomic::AtomicU64::new(1));
    let peak = Arc::new(std::sync::atomic::AtomicU64::new(start_rss));
    let started = Instant::now();
    let mut connections = Vec::with_capacity(IN_FLIGHT);
    for _ in 0..IN_FLIGHT {
        let (addr, next, peak) = (addr.clone(), next.clone(), peak.clone());
        connections.push(tokio::spawn(async move {
            let mut stream = connect(&addr).await;
            let mut latencies = Vec::new();
            let mut errors = 0usize;
            loop {
                let id = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                if id > calls as u64 {
                    break;
                }
                let t = Instant::now();
                if !post(&mut stream, &addr, id).await {
                    errors += 1;
                }
                latencies.push(t.elapsed());
                if id % 1000 == 0 {
                    peak.fetch_max(rss_kib(pid, "VmRSS"), std::sync::atomic::Ordering::Relaxed);
                }
            }
            (latencies, errors)
        }));
    }
    let mut latencies = Vec::with_capacity(calls);
    let mut errors = 0usize;
    for connection in connections {
        match connection.await {
            Ok((l, e)) => {
                latencies.extend(l);
                errors += e;
            }
            Err(e) => panic!("a connection's task: {e}"),
        }
    }
    let elapsed = started.elapsed();
    Figures {
        calls,
        errors,
        elapsed,
        latencies,
        start_rss,
        peak_rss: peak.load(std::sync::atomic::Ordering::Relaxed),
        end_rss: rss_kib(pid, "VmRSS"),
        hwm: rss_kib(pid, "VmHWM"),
        cpu: cpu_ticks(pid).since(cpu_before),
    }
}

async fn connect(addr: &str) -> BufReader<TcpStream> {
    match TcpStream::connect(addr).await {
        Ok(s) => {
            let _ = s.set_nodelay(true);
            BufReader::new(s)
        }
        Err(e) => panic!("connecting to the server at {addr}: {e}"),
    }
}

/// One `tools/call` POSTed to `/mcp` on a kept-alive connection; whether its result says
/// `"isError": false`.
async fn post(stream: &mut BufReader<TcpStream>, addr: &str, id: u64) -> bool {
    let body = call(id).to_string();
    let request = format!(
        "POST /mcp HTTP/1.1\r\nhost: {addr}\r\ncontent-type: application/json\r\n\
         accept: application/json, text/event-stream\r\ncontent-length: {}\r\n\r\n{body}",
        body.len()
    );
    if let Err(e) = stream.get_mut().write_all(request.as_bytes()).await {
        panic!("writing to the server: {e}");
    }
    let mut status = String::new();
    let mut length = 0usize;
    let mut line = String::new();
    loop {
        line.clear();
        match stream.read_line(&mut line).await {
            Ok(0) | Err(_) => panic!("the server closed the connection"),
            Ok(_) => {}
        }
        let header = line.trim_end();
        if header.is_empty() {
            break;
        }
        if status.is_empty() {
            status = header.to_string();
        } else if let Some((name, value)) = header.split_once(':')
            && name.eq_ignore_ascii_case("content-length")
        {
            length = value.trim().parse().unwrap_or(0);
        }
    }
    let mut answer = vec![0u8; length];
    if let Err(e) = stream.read_exact(&mut answer).await {
        panic!("reading an answer: {e}");
    }
    let answer: Value = serde_json::from_slice(&answer).unwrap_or_default();
    status.starts_with("HTTP/1.1 200")
        && answer["id"] == json!(id)
        && answer["result"]["isError"] == json!(false)
}

fn report(transport: Transport, f: &Figures) {
    let mut latencies = f.latencies.clone();
    latencies.sort();
    let pct = |p: f64| latencies[((latencies.len() as f64 * p) as usize).min(latencies.len() - 1)];
    let per_call = |ticks: u64| ticks as f64 * 1e6 / f.cpu.per_second as f64 / f.calls as f64;
    println!(
        "serving bench: taskboard serve ({}), {} tools/call list_tasks, \
         {IN_FLIGHT} in flight, upstream answering at once",
        transport.name(),
        f.calls
    );
    println!("  errors (isError != false)        {}", f.errors);
    println!(
        "  calls per second                 {:.0}",
        f.calls as f64 / f.elapsed.as_secs_f64()
    );
    println!(
        "  latency p50 / p99                {:.2} / {:.2} ms",
        pct(0.50).as_secs_f64() * 1e3,
        pct(0.99).as_secs_f64() * 1e3
    );
    println!(
        "  server RSS start / peak / end    {:.1} / {:.1} / {:.1} MiB (VmHWM {:.1})",
        f.start_rss as f64 / 1024.0,
        f.peak_rss.max(f.end_rss) as f64 / 1024.0,
        f.end_rss as f64 / 1024.0,
        f.hwm as f64 / 1024.0
    );
    println!(
        "  server CPU per call (user+sys)   {:.1} us (user {:.1}, sys {:.1}; target <= 40)",
        per_call(f.cpu.user + f.cpu.system),
        per_call(f.cpu.user),
        per_call(f.cpu.system)
    );
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

/// A process's CPU time in clock ticks.
struct Cpu {
    user: u64,
    system: u64,
    per_second: u64,
}

impl Cpu {
    /// The time spent since `before`.
    fn since(self, before: Cpu) -> Cpu {
        Cpu {
            user: self.user.saturating_sub(before.user),
            system: self.system.saturating_sub(before.system),
            per_second: self.per_second,
        }
    }
}

/// The process's user and system CPU time (`/proc/<pid>/stat` fields 14 and 15).
fn cpu_ticks(pid: u32) -> Cpu {
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
    Cpu {
        user: field(11),
        system: field(12),
        per_second: clock_ticks_per_second(),
    }
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
