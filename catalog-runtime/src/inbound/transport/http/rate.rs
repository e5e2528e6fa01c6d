//! The rate limits over Streamable HTTP ([`crate::inbound::access::rate_limit`]): who the caller of a
//! request is, and a POST whose tool calls are over its caller's rate answered 429 with
//! `Retry-After` before rmcp or the short path sees it. Both paths are covered this way: rmcp
//! may answer a call on a stream whose status is sent before the call runs, so the refusal
//! cannot wait for the call path.

use super::respond::{Body, text};
use crate::inbound::access::rate_limit::CallerKey;
use crate::inbound::mcp::McpServer;
use http::{HeaderMap, Response, StatusCode, header};
use serde_json::Value;

/// The TCP connection a request came on, numbered by the server.
#[derive(Clone, Copy, Debug)]
pub(super) struct ConnectionId(pub(super) u64);

/// Marks a request whose tool calls were checked against the rate limits, so the call path
/// does not take from the buckets again.
#[derive(Clone, Copy, Debug)]
pub(crate) struct RateChecked;

/// The caller of a request: with a verifier, the subject it named, else the token it accepted;
/// without one, the session, else the connection.
pub(super) fn caller_key(
    server: &McpServer,
    verified: Option<(Option<&str>, &str)>,
    headers: &HeaderMap,
    connection: Option<ConnectionId>,
) -> CallerKey {
    match verified {
        Some((Some(subject), _)) => CallerKey::Subject(subject.to_string()),
        Some((None, token)) => server.rate().token_key(token),
        None => match headers.get("mcp-session-id").and_then(|v| v.to_str().ok()) {
            Some(session) => CallerKey::Session(session.to_string()),
            None => CallerKey::Connection(connection.map_or(0, |c| c.0)),
        },
    }
}

/// `429 Too Many Requests` with `Retry-After` when a tool call in `body` (a JSON-RPC message or
/// a batch) is over the rate of `caller`; `None` to go on. A body that is not JSON is left to
/// rmcp, which answers it.
pub(super) async fn refuse(
    server: &McpServer,
    caller: Option<&CallerKey>,
    headers: &HeaderMap,
    body: &[u8],
) -> Option<Response<Body>> {
    let caller = caller?;
    let message: Value = serde_json::from_slice(body).ok()?;
    let messages = match &message {
        Value::Array(batch) => batch.iter().collect(),
        one => vec![one],
    };
    let now = std::time::Instant::now();
    for m in messages {
        if m.get("method").and_then(Value::as_str) != Some("tools/call") {
            continue;
        }
        let name = m.pointer("/params/name").and_then(Value::as_str);
        if let Err(limited) = server.rate().take_shared(caller, name, now).await {
            server.record_refused(name, "rate_limited");
            server.audit_rate_limited(caller, m, headers);
            let mut refused = text(
                StatusCode::TOO_MANY_REQUESTS,
                &format!("Too Many Requests: {limited}"),
            );
            refused.headers_mut().insert(
                header::RETRY_AFTER,
                header::HeaderValue::from(limited.retry_after_secs()),
            );
            return Some(refused);
        }
    }
    None
}
