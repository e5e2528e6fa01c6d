//! The fixture API behind the conformance tools: a small HTTP/1.1 server on a loopback port,
//! started in-process, one request per connection. Each path answers what the MCP conformance
//! suite's scenario for its tool checks for; catalog turns the answer into the tool's result
//! like any other API's.

use catalog::mcp::McpServer;
use catalog::mcp::selection::Selection;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};

/// The largest request head read; a request over it is answered 431.
const MAX_HEAD: usize = 16 * 1024;

/// One red pixel, a PNG.
const RED_PIXEL_PNG: [u8; 69] = [
    0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52,
    0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x01, 0x08, 0x02, 0x00, 0x00, 0x00, 0x90, 0x77, 0x53,
    0xde, 0x00, 0x00, 0x00, 0x0c, 0x49, 0x44, 0x41, 0x54, 0x78, 0x9c, 0x63, 0xf8, 0xcf, 0xc0, 0x00,
    0x00, 0x03, 0x01, 0x01, 0x00, 0xc9, 0xfe, 0x92, 0xef, 0x00, 0x00, 0x00, 0x00, 0x49, 0x45, 0x4e,
    0x44, 0xae, 0x42, 0x60, 0x82,
];

/// A tenth of a second of silence: 8 kHz, 8-bit, mono PCM in a RIFF/WAVE file.
fn silence_wav() -> Vec<u8> {
    const RATE: u32 = 8000;
    let samples = RATE / 10;
    let mut wav = Vec::with_capacity(44 + samples as usize);
    wav.extend_from_slice(b"RIFF");
    wav.extend_from_slice(&(36 + samples).to_le_bytes());
    wav.extend_from_slice(b"WAVEfmt ");
    wav.extend_from_slice(&16u32.to_le_bytes()); // the fmt chunk's size
    wav.extend_from_slice(&1u16.to_le_bytes()); // PCM
    wav.extend_from_slice(&1u16.to_le_bytes()); // one channel
    wav.extend_from_slice(&RATE.to_le_bytes());
    wav.extend_from_slice(&RATE.to_le_bytes()); // bytes per second
    wav.extend_from_slice(&1u16.to_le_bytes()); // bytes per frame
    wav.extend_from_slice(&8u16.to_le_bytes()); // bits per sample
    wav.extend_from_slice(b"data");
    wav.extend_from_slice(&samples.to_le_bytes());
    wav.resize(44 + samples as usize, 0x80); // 8-bit PCM's silence is the middle value
    wav
}

/// An answer: status, media type, extra headers, body.
struct Answer {
    status: u16,
    media: &'static str,
    headers: Vec<(&'static str, String)>,
    body: Vec<u8>,
}

impl Answer {
    fn new(status: u16, media: &'static str, body: impl Into<Vec<u8>>) -> Answer {
        Answer {
            status,
            media,
            headers: Vec::new(),
            body: body.into(),
        }
    }

    fn text(body: impl Into<String>) -> Answer {
        Answer::new(200, "text/plain; charset=utf-8", body.into())
    }
}

/// The API's state: the MCP server whose tools `POST /tool-change` changes, and whether
/// [`crate::tools::TOGGLED`] is offered now.
pub struct Api {
    server: McpServer,
    toggled_offered: AtomicBool,
}

impl Api {
    pub fn new(server: McpServer) -> Arc<Api> {
        Arc::new(Api {
            server,
            toggled_offered: AtomicBool::new(true),
        })
    }

    /// Serves `listener` until the process ends.
    pub async fn serve(self: Arc<Api>, listener: TcpListener) {
        loop {
            let Ok((stream, _)) = listener.accept().await else {
                continue;
            };
            let api = self.clone();
            tokio::spawn(async move {
                if let Err(e) = api.connection(stream).await {
                    eprintln!("conformance: fixture API: {e}");
                }
            });
        }
    }

    async fn connection(&self, mut stream: TcpStream) -> std::io::Result<()> {
        let mut head = Vec::new();
        let mut buf = [0u8; 4096];
        let end = loop {
            if let Some(at) = head.windows(4).position(|w| w == b"\r\n\r\n") {
                break Some(at);
            }
            if head.len() > MAX_HEAD {
                break None;
            }
            let n = stream.read(&mut buf).await?;
            if n == 0 {
                return Ok(());
            }
            head.extend_from_slice(&buf[..n]);
        };
        let answer = match end {
            None => Answer::new(431, "text/plain", "request head too large"),
            Some(at) => {
                let head = String::from_utf8_lossy(&head[..at]).into_owned();
                let mut words = head.lines().next().unwrap_or_default().split(' ');
                let method = words.next().unwrap_or_default().to_string();
                let target = words.next().unwrap_or_default().to_string();
                self.answer(&method, &target).await
            }
        };
        let mut out = format!(
            "HTTP/1.1 {} {}\r\ncontent-type: {}\r\ncontent-length: {}\r\nconnection: close\r\n",
            answer.status,
            reason(answer.status),
            answer.media,
            answer.body.len()
        );
        for (name, value) in &answer.headers {
            out.push_str(&format!("{name}: {value}\r\n"));
        }
        out.push_str("\r\n");
        stream.write_all(out.as_bytes()).await?;
        stream.write_all(&answer.body).await?;
        stream.shutdown().await
    }

    async fn answer(&self, method: &str, target: &str) -> Answer {
        let (path, query) = target.split_once('?').unwrap_or((target, ""));
        match (method, path) {
            ("GET", "/simple-text") => Answer::text("This is a simple text response for testing."),
            ("GET", "/image") => Answer::new(200, "image/png", RED_PIXEL_PNG),
            ("GET", "/audio") => Answer::new(200, "audio/wav", silence_wav()),
            ("GET", "/embedded-resource") => {
                let mut a = Answer::new(
                    200,
                    "application/octet-stream",
                    "This is an embedded resource content.",
                );
                a.headers.push((
                    "content-disposition",
                    "attachment; filename=\"embedded-resource.txt\"".into(),
                ));
                a
            }
            ("GET", "/error") => Answer::new(
                500,
                "text/plain; charset=utf-8",
                "This tool intentionally returns an error for testing",
            ),
            ("GET", "/elicitation") => {
                let message = query_value(query, "message").unwrap_or_default();
                Answer::text(format!("User response: accepted ({message})"))
            }
            ("GET", "/input-required") => Answer::text("Hello! The user confirmed the call."),
            ("GET", "/streaming-elicitation") => Answer::text("The user confirmed the call."),
            ("GET", "/logging") => Answer::text("Done; nothing was logged."),
            ("GET", "/progress") => Answer::text("Done; each step was reported."),
            ("GET", "/toggled") => Answer::text("test_toggled_tool is offered."),
            ("POST", "/tool-change") => self.toggle().await,
            _ => Answer::new(404, "text/plain", format!("no route for {method} {path}")),
        }
    }

    /// Offers [`crate::tools::TOGGLED`] if it is withdrawn, else withdraws it: the MCP server's
    /// clients that listen for changes are told.
    async fn toggle(&self) -> Answer {
        let offer = !self.toggled_offered.load(Ordering::SeqCst);
        let selection = if offer {
            Selection::all()
        } else {
            Selection::all().exclude([crate::tools::TOGGLED])
        };
        match self.server.set_selection(selection).await {
            Ok(()) => {
                self.toggled_offered.store(offer, Ordering::SeqCst);
                let now = if offer { "offered" } else { "withdrawn" };
                Answer::text(format!("{} is {now}.", crate::tools::TOGGLED))
            }
            Err(e) => Answer::new(500, "text/plain", format!("the tools did not change: {e}")),
        }
    }
}

/// The value of `name` in a URL query, percent-decoded.
fn query_value(query: &str, name: &str) -> Option<String> {
    query.split('&').find_map(|pair| {
        let (key, value) = pair.split_once('=')?;
        (key == name).then(|| {
            percent_encoding::percent_decode_str(&value.replace('+', " "))
                .decode_utf8_lossy()
                .into_owned()
        })
    })
}

fn reason(status: u16) -> &'static str {
    match status {
        200 => "OK",
        404 => "Not Found",
        431 => "Request Header Fields Too Large",
        _ => "Internal Server Error",
    }
}
