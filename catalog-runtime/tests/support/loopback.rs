//! A tiny HTTP/1.1 server on 127.0.0.1 for tests: it records every request it receives and
//! answers each with what the test's handler returns (bytes, and pauses between them). One
//! request per connection; no external network.
#![allow(dead_code)]

use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpListener;

/// A request as the server saw it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Seen {
    /// `GET /v1/boards/x/tasks HTTP/1.1`
    pub request_line: String,
    /// Header names lowercased, values as sent, in order.
    pub headers: Vec<(String, String)>,
    /// The body bytes (by `content-length`).
    pub body: Vec<u8>,
}

impl Seen {
    /// The first value of a header, by lowercase name.
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }
}

/// One step of an answer.
pub enum Part {
    /// Bytes written as they are.
    Bytes(Vec<u8>),
    /// A pause before the next step.
    Sleep(Duration),
    /// Answer nothing and wait for the client to close the connection; then it is counted in
    /// [`Loopback::closed`].
    AwaitClose,
}

/// A complete response with a `content-length` and `connection: close`.
pub fn response(status: &str, headers: &[(&str, &str)], body: &[u8]) -> Vec<Part> {
    let mut head = format!("HTTP/1.1 {status}\r\ncontent-length: {}\r\n", body.len());
    for (n, v) in headers {
        head.push_str(&format!("{n}: {v}\r\n"));
    }
    head.push_str("connection: close\r\n\r\n");
    let mut bytes = head.into_bytes();
    bytes.extend_from_slice(body);
    vec![Part::Bytes(bytes)]
}

/// The server: its base URL and what it has seen.
pub struct Loopback {
    /// `http://127.0.0.1:PORT`
    pub url: String,
    seen: Arc<Mutex<Vec<Seen>>>,
    closed: Arc<Mutex<Vec<Seen>>>,
}

impl Loopback {
    /// Every request seen so far, in order.
    pub fn seen(&self) -> Vec<Seen> {
        self.seen.lock().map(|s| s.clone()).unwrap_or_default()
    }

    /// The requests answered with [`Part::AwaitClose`] whose client closed the connection.
    pub fn closed(&self) -> Vec<Seen> {
        self.closed.lock().map(|s| s.clone()).unwrap_or_default()
    }
}

/// Starts a server that answers each request with `handler(&request)`.
pub async fn start<F>(handler: F) -> Loopback
where
    F: Fn(&Seen) -> Vec<Part> + Send + Sync + 'static,
{
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("http://{}", listener.local_addr().unwrap());
    let seen = Arc::new(Mutex::new(Vec::new()));
    let closed = Arc::new(Mutex::new(Vec::new()));
    let handler = Arc::new(handler);
    let log = seen.clone();
    let closed_log = closed.clone();
    tokio::spawn(async move {
        loop {
            let Ok((mut stream, _)) = listener.accept().await else {
                return;
            };
            let handler = handler.clone();
            let log = log.clone();
            let closed_log = closed_log.clone();
            tokio::spawn(async move {
                let Some(request) = read_request(&mut stream).await else {
                    return;
                };
                log.lock().unwrap().push(request.clone());
                for part in handler(&request) {
                    match part {
                        Part::Bytes(b) => {
                            if stream.write_all(&b).await.is_err() {
                                return;
                            }
                            let _ = stream.flush().await;
                        }
                        Part::Sleep(d) => tokio::time::sleep(d).await,
                        Part::AwaitClose => {
                            let mut sink = [0u8; 1024];
                            while let Ok(n) = stream.read(&mut sink).await {
                                if n == 0 {
                                    break;
                                }
                            }
                            closed_log.lock().unwrap().push(request.clone());
                            return;
                        }
                    }
                }
                let _ = stream.shutdown().await;
            });
        }
    });
    Loopback { url, seen, closed }
}

async fn read_request(stream: &mut tokio::net::TcpStream) -> Option<Seen> {
    let mut buf = Vec::new();
    let mut chunk = [0u8; 4096];
    let head_end = loop {
        if let Some(i) = buf.windows(4).position(|w| w == b"\r\n\r\n") {
            break i;
        }
        let n = stream.read(&mut chunk).await.ok()?;
        if n == 0 {
            return None;
        }
        buf.extend_from_slice(&chunk[..n]);
    };
    let head = String::from_utf8_lossy(&buf[..head_end]).into_owned();
    let mut lines = head.split("\r\n");
    let request_line = lines.next()?.to_string();
    let headers: Vec<(String, String)> = lines
        .filter_map(|l| l.split_once(':'))
        .map(|(n, v)| (n.trim().to_ascii_lowercase(), v.trim().to_string()))
        .collect();
    let len: usize = headers
        .iter()
        .find(|(n, _)| n == "content-length")
        .and_then(|(_, v)| v.parse().ok())
        .unwrap_or(0);
    let mut body = buf[head_end + 4..].to_vec();
    while body.len() < len {
        let n = stream.read(&mut chunk).await.ok()?;
        if n == 0 {
            break;
        }
        body.extend_from_slice(&chunk[..n]);
    }
    Some(Seen {
        request_line,
        headers,
        body,
    })
}
