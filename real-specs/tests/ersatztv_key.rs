//! ErsatzTV's API key, which its spec does not declare: `ersatztv-mcp` sends `ERSATZTV_API_KEY`
//! as `X-Api-Key` on every request, says at start-up when it is not set, and refuses to start
//! when it is set but empty. Run against the binary over stdio, with a listener standing for
//! ErsatzTV that keeps the request it receives.
#![cfg_attr(not(real_specs), allow(unused))]

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpListener;
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::time::Duration;

#[cfg(not(real_specs))]
#[test]
#[ignore = "not run: CATALOG_SPECS_DIR is not set, so ersatztv-mcp is not built with its tools (.ci/run sets it to ../shared/specs)"]
fn ersatztv_api_key() {
    panic!("CATALOG_SPECS_DIR is not set, so ersatztv-mcp is not built with its tools");
}

/// A listener that answers one request with `200 {}` and hands over its head (request line and
/// headers, as received).
fn one_request() -> (String, mpsc::Receiver<String>) {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let url = format!("http://{}", listener.local_addr().unwrap());
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        let (mut stream, _) = listener.accept().unwrap();
        let mut head = Vec::new();
        let mut byte = [0u8; 1];
        while !head.ends_with(b"\r\n\r\n") && stream.read(&mut byte).unwrap() == 1 {
            head.push(byte[0]);
        }
        let body = b"{}";
        let reply = format!(
            "HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: {}\r\nconnection: close\r\n\r\n",
            body.len()
        );
        stream.write_all(reply.as_bytes()).unwrap();
        stream.write_all(body).unwrap();
        tx.send(String::from_utf8_lossy(&head).into_owned())
            .unwrap();
    });
    (url, rx)
}

/// Runs `ersatztv-mcp serve` with `key` as `ERSATZTV_API_KEY` (unset when `None`), calls
/// `get_version`, and returns the request the API received (if any) and the server's stderr.
fn call_get_version(key: Option<&str>) -> (Option<String>, String, Option<i32>) {
    let (url, received) = one_request();
    let mut command = Command::new(env!("CARGO_BIN_EXE_ersatztv-mcp"));
    command
        .arg("serve")
        .env("ERSATZTV_BASE_URL", &url)
        .env_remove("ERSATZTV_API_KEY")
        .env_remove("CATALOG_RECORD")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    if let Some(key) = key {
        command.env("ERSATZTV_API_KEY", key);
    }
    let mut server = command.spawn().unwrap();
    let mut stdin = server.stdin.take().unwrap();
    let lines = [
        r#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}"#,
        r#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#,
        r#"{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"get_version","arguments":{}}}"#,
    ];
    // A server that stopped at start-up has closed its stdin: writing then fails, which is fine.
    for line in lines {
        if writeln!(stdin, "{line}").is_err() {
            break;
        }
    }
    let mut stdout = BufReader::new(server.stdout.take().unwrap());
    let mut answered = false;
    let mut line = String::new();
    while stdout.read_line(&mut line).unwrap_or(0) > 0 {
        if line.contains(r#""id":2"#) {
            answered = true;
            break;
        }
        line.clear();
    }
    drop(stdin);
    let request = answered
        .then(|| received.recv_timeout(Duration::from_secs(10)).ok())
        .flatten();
    let _ = server.kill();
    let output = server.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
    (request, stderr, output.status.code())
}

fn header<'r>(request: &'r str, name: &str) -> Option<&'r str> {
    request.lines().find_map(|l| {
        let (n, v) = l.split_once(':')?;
        n.eq_ignore_ascii_case(name).then(|| v.trim())
    })
}

#[cfg(real_specs)]
#[test]
fn the_key_is_sent_as_x_api_key_on_every_request() {
    let (request, stderr, _) = call_get_version(Some("etv-secret-1"));
    let request = request.unwrap_or_else(|| panic!("no request reached the API: {stderr}"));
    assert!(request.starts_with("GET /api/version "), "{request}");
    assert_eq!(
        header(&request, "x-api-key"),
        Some("etv-secret-1"),
        "{request}"
    );
    assert!(
        !stderr.contains("etv-secret-1"),
        "the key is never printed: {stderr}"
    );
}

#[cfg(real_specs)]
#[test]
fn unset_the_requests_carry_none_and_the_start_says_so() {
    let (request, stderr, _) = call_get_version(None);
    let request = request.unwrap_or_else(|| panic!("no request reached the API: {stderr}"));
    assert_eq!(header(&request, "x-api-key"), None, "{request}");
    assert!(
        stderr.contains(
            "ersatztv-mcp: ERSATZTV_API_KEY is not set, so requests carry no `X-Api-Key`"
        ),
        "{stderr}"
    );
}

#[cfg(real_specs)]
#[test]
fn set_but_empty_the_server_does_not_start() {
    let (request, stderr, code) = call_get_version(Some("  "));
    assert_eq!(request, None);
    assert!(
        stderr.contains(
            "ERSATZTV_API_KEY is set but empty: set it to the API key (ErsatzTV checks it"
        ),
        "{stderr}"
    );
    assert_ne!(code, Some(0));
}
