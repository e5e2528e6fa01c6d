//! The hot path of the HTTP server: a plain `tools/call` POST answered without rmcp's
//! per-request service.
//!
//! In stateless mode rmcp answers each POST by building a service for it (a task spawned, the
//! message read through `#[serde(flatten)]` buffers, a one-shot transport), which costs more than
//! the call itself. A POST whose headers are plainly acceptable (see [`plain_headers`]: every
//! check rmcp makes passes for them) and whose body is a plain tool call (the same reader as
//! stdio, `inbound/transport/stdio/tool_call.rs`) is answered here with the answer rmcp gives: `200`,
//! `application/json`, the JSON-RPC response of [`McpServer::call`]. Anything else, and any
//! request this path is unsure of, goes to rmcp unchanged (`tests/server_http.rs` compares the
//! two answers call by call).
//!
//! Every POST's body is read here first: a message that strict JSON does not read as written (a
//! key named twice, an integer past 64 bits) is refused ([`crate::inbound::transport::stdio::strict_json`])
//! before either path reads it, and with rate limits
//! set its tool calls are checked against the caller's rate ([`super::rate`]), whichever path
//! then answers it.

use super::respond::{Body, text};
use super::state::State;
use crate::inbound::mcp::McpServer;
use crate::inbound::transport::stdio::strict_json::{Refusal, refusal};
use crate::observe::trace::Context;
use bytes::Bytes;
use http::{HeaderMap, Request, Response, StatusCode, header};
use http_body_util::{BodyExt, Full, Limited};
use rmcp::model::{
    CallToolResponse, ClientRequest, ErrorData, JsonRpcMessage, ProtocolVersion, RequestId,
    ServerJsonRpcMessage, ServerResult,
};

/// Answers `req` here when it is a plain tool call, else hands it to rmcp.
pub(super) async fn answer(
    state: &State,
    server: &McpServer,
    req: Request<hyper::body::Incoming>,
) -> Response<Body> {
    let cap = server.max_line_bytes_value();
    let declared = req
        .headers()
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse::<usize>().ok());
    let admitted = req.method() == http::Method::POST
        && !state.config.sessions
        && declared.is_some_and(|n| n <= cap)
        && plain_headers(req.headers(), &state.hosts);
    // Every POST's body is read here, checked for a key named twice and, with rate limits, for
    // the caller's rate, before either path answers it.
    let limited = server.rate().is_on();
    if req.method() != http::Method::POST {
        return state.service.handle(req).await;
    }
    let (mut parts, body) = req.into_parts();
    let bytes = match Limited::new(body, cap).collect().await {
        Ok(collected) => collected.to_bytes(),
        Err(e) if e.is::<http_body_util::LengthLimitError>() => {
            return text(
                StatusCode::PAYLOAD_TOO_LARGE,
                &format!("Payload Too Large: the body is over the {cap}-byte cap"),
            );
        }
        // The client broke off or sent more than it declared: there is no message to answer.
        Err(_) => {
            return text(
                StatusCode::BAD_REQUEST,
                "Bad Request: the body could not be read",
            );
        }
    };
    // A plain tool call is read strictly on the short path (a key named twice or an integer past
    // 64 bits fails the read); only what it does not read is checked here for them, so a served
    // call is parsed once.
    let plain = if admitted {
        crate::inbound::transport::stdio::tool_call::read(&bytes)
    } else {
        None
    };
    if plain.is_none()
        && let Some(refused) = refusal(&bytes)
    {
        return refuse_strict(&bytes, refused);
    }
    if limited {
        let caller = parts
            .extensions
            .get::<crate::inbound::access::rate_limit::CallerKey>();
        if let Some(refused) = super::rate::refuse(server, caller, &parts.headers, &bytes).await {
            return refused;
        }
        parts.extensions.insert(super::rate::RateChecked);
    }
    if !admitted {
        return pass(state, parts, bytes).await;
    }
    match plain {
        Some(JsonRpcMessage::Request(request)) => match request.request {
            ClientRequest::CallToolRequest(call) => {
                // The call's own `_meta` trace, else the POST's headers ([`crate::observe::trace`]).
                let header = |name: &str| parts.headers.get(name).and_then(|v| v.to_str().ok());
                let from_headers =
                    Context::from_values(header("traceparent"), header("tracestate"));
                let trace = call
                    .params
                    .meta
                    .as_ref()
                    .map_or_else(Context::default, |m| {
                        Context::from_values(m.get_traceparent(), m.get_tracestate())
                    });
                // No connection to ask the user through: a stateless POST cannot carry the
                // client's answer back ([`crate::inbound::access::confirm`]). The revision the client
                // negotiated decides the result's form; without the header, the one the
                // specification says to assume.
                let revision = header("mcp-protocol-version");
                let result = match server.caller(Some(&parts.headers), None) {
                    Ok(mut caller) => {
                        caller.revision = Some(
                            revision
                                .unwrap_or(crate::inbound::results::result_size::ASSUMED_REVISION),
                        );
                        caller.rate_checked = limited;
                        caller.key = parts
                            .extensions
                            .get::<crate::inbound::access::rate_limit::CallerKey>()
                            .cloned();
                        // The verified caller, for per-user credentials.
                        let verified = parts
                            .extensions
                            .get::<crate::outbound::credentials::Caller>()
                            .cloned();
                        crate::outbound::credentials::per_user::scope(
                            verified,
                            server.call_traced(
                                &call.params.name,
                                call.params.arguments,
                                trace.or(from_headers),
                                caller,
                            ),
                        )
                        .await
                    }
                    Err(refused) => {
                        server.audit_refused(
                            parts
                                .extensions
                                .get::<crate::inbound::access::rate_limit::CallerKey>(),
                            &call.params.name,
                            call.params.arguments.as_ref(),
                            &trace.or(from_headers),
                            "selection_headers",
                        );
                        Err(refused)
                    }
                };
                json(reply(request.id, result))
            }
            _ => pass(state, parts, bytes).await,
        },
        _ => pass(state, parts, bytes).await,
    }
}

/// The answer to a message strict JSON refuses: its JSON-RPC error, `200` for a request (with
/// its id), `400` for anything else, as Streamable HTTP answers a message it does not accept.
fn refuse_strict(bytes: &[u8], refused: Refusal) -> Response<Body> {
    let id = serde_json::from_slice::<serde_json::Value>(bytes)
        .ok()
        .and_then(|message| message.get("id").cloned())
        .filter(|id| refused.echo_id && (id.is_string() || id.is_i64() || id.is_u64()));
    let status = if id.is_some() {
        StatusCode::OK
    } else {
        StatusCode::BAD_REQUEST
    };
    let body = crate::inbound::transport::stdio::error_reply(
        &id.unwrap_or_default(),
        refused.code(),
        &refused.message,
    );
    let mut response = Response::new(Full::new(Bytes::from(body)).boxed());
    *response.status_mut() = status;
    response.headers_mut().insert(
        header::CONTENT_TYPE,
        http::HeaderValue::from_static("application/json"),
    );
    response
}

/// The request, its body read already, handed to rmcp as it came.
async fn pass(state: &State, parts: http::request::Parts, bytes: Bytes) -> Response<Body> {
    state
        .service
        .handle(Request::from_parts(parts, Full::new(bytes)))
        .await
}

/// The JSON-RPC message rmcp sends for a tool call's outcome.
fn reply(
    id: RequestId,
    result: Result<rmcp::model::CallToolResult, ErrorData>,
) -> ServerJsonRpcMessage {
    match result {
        Ok(result) => {
            let mut result = ServerResult::from(CallToolResponse::from(result));
            // The clients this path admits predate 2026-07-28: rmcp answers them in the
            // legacy shape (no `resultType`, object tool output only).
            result.strip_result_type_for_legacy_peer();
            result.strip_non_object_output_for_legacy_peer();
            JsonRpcMessage::response(result, id)
        }
        Err(error) => JsonRpcMessage::error(error, Some(id)),
    }
}

/// `200`, `application/json`, the message: rmcp's answer to a stateless request.
fn json(message: ServerJsonRpcMessage) -> Response<Body> {
    match serde_json::to_vec(&message) {
        Ok(body) => {
            let mut response = Response::new(Full::new(Bytes::from(body)).boxed());
            response.headers_mut().insert(
                header::CONTENT_TYPE,
                http::HeaderValue::from_static("application/json"),
            );
            response
        }
        Err(e) => text(
            StatusCode::INTERNAL_SERVER_ERROR,
            &format!("Internal Server Error: the answer could not be written: {e}"),
        ),
    }
}

/// Whether every check rmcp makes of a stateless POST's headers passes for `headers`, decided
/// conservatively (`false` sends the request to rmcp, which decides):
///
/// - `Host` names one of `hosts` exactly (an entry without a port admits any port);
/// - no `Origin` (a browser's request goes to rmcp's origin check);
/// - `Accept` lists `application/json` and `text/event-stream`, no entry with parameters;
/// - `Content-Type` is `application/json`;
/// - `MCP-Protocol-Version` is absent or a known revision that predates the standard headers
///   (`Mcp-Method`, `Mcp-Name`) and per-request metadata.
pub(super) fn plain_headers(headers: &HeaderMap, hosts: &[String]) -> bool {
    host_allowed(headers, hosts)
        && !headers.contains_key(header::ORIGIN)
        && accepts_json_and_sse(headers)
        && content_type_is_json(headers)
        && protocol_version_plain(headers)
}

fn host_allowed(headers: &HeaderMap, hosts: &[String]) -> bool {
    let Some(host) = headers.get(header::HOST).and_then(|v| v.to_str().ok()) else {
        return false;
    };
    let Ok(authority) = http::uri::Authority::try_from(host) else {
        return false;
    };
    hosts
        .iter()
        .any(|allowed| !allowed.contains(':') && allowed == authority.host())
}

fn accepts_json_and_sse(headers: &HeaderMap) -> bool {
    let (mut json, mut sse) = (false, false);
    for value in headers.get_all(header::ACCEPT) {
        let Ok(value) = value.to_str() else {
            return false;
        };
        for entry in value.split(',').map(str::trim) {
            if entry.contains(';') || entry.contains('"') {
                return false;
            }
            json |= entry.eq_ignore_ascii_case("application/json");
            sse |= entry.eq_ignore_ascii_case("text/event-stream");
        }
    }
    json && sse
}

fn content_type_is_json(headers: &HeaderMap) -> bool {
    headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| {
            let essence = v.split_once(';').map_or(v, |(essence, _)| essence);
            essence.trim().eq_ignore_ascii_case("application/json")
        })
}

fn protocol_version_plain(headers: &HeaderMap) -> bool {
    let mut values = headers.get_all("mcp-protocol-version").iter();
    let Some(first) = values.next() else {
        return true;
    };
    let Ok(version) = first.to_str() else {
        return false;
    };
    values.next().is_none()
        && ProtocolVersion::KNOWN_VERSIONS.iter().any(|known| {
            known.as_str() == version && known.as_str() < ProtocolVersion::STANDARD_HEADERS.as_str()
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn headers(pairs: &[(&str, &str)]) -> HeaderMap {
        let mut map = HeaderMap::new();
        for (name, value) in pairs {
            map.append(
                http::HeaderName::from_bytes(name.as_bytes()).unwrap(),
                http::HeaderValue::from_str(value).unwrap(),
            );
        }
        map
    }

    fn hosts() -> Vec<String> {
        ["localhost", "127.0.0.1", "::1", "api.example:8443"]
            .map(String::from)
            .to_vec()
    }

    const PLAIN: [(&str, &str); 3] = [
        ("host", "127.0.0.1:8080"),
        ("accept", "application/json, text/event-stream"),
        ("content-type", "application/json"),
    ];

    /// `PLAIN` with `name` replaced by `value` (or removed, for `None`).
    fn with(name: &str, value: Option<&str>) -> HeaderMap {
        let mut pairs: Vec<(&str, &str)> =
            PLAIN.iter().copied().filter(|(n, _)| *n != name).collect();
        if let Some(value) = value {
            pairs.push((name, value));
        }
        headers(&pairs)
    }

    #[test]
    fn a_plain_clients_headers_are_admitted() {
        assert!(plain_headers(&headers(&PLAIN), &hosts()));
        for admitted in [
            with("host", Some("localhost")),
            with("accept", Some("text/event-stream,APPLICATION/JSON")),
            with("content-type", Some("application/json; charset=utf-8")),
        ] {
            assert!(plain_headers(&admitted, &hosts()), "{admitted:?}");
        }
        for version in ["2024-11-05", "2025-03-26", "2025-06-18", "2025-11-25"] {
            let mut h = headers(&PLAIN);
            h.insert("mcp-protocol-version", version.parse().unwrap());
            assert!(plain_headers(&h, &hosts()), "{version}");
        }
    }

    #[test]
    fn anything_rmcp_might_decide_otherwise_goes_to_rmcp() {
        for declined in [
            with("host", None),
            with("host", Some("evil.example")),
            // Allowed with a port only: rmcp matches ports, this path does not.
            with("host", Some("api.example:8443")),
            with("host", Some("[::1]:8080")),
            with("accept", None),
            with("accept", Some("application/json")),
            with("accept", Some("application/json;q=1, text/event-stream")),
            with("accept", Some("*/*")),
            // rmcp reads what follows an open quote as one entry: JSON is not listed for it.
            with("accept", Some("text/event-stream, x\"y, application/json")),
            with(
                "accept",
                Some("application/json, text/event-stream, */*;q=0.1"),
            ),
            with("content-type", None),
            with("content-type", Some("text/plain")),
        ] {
            assert!(!plain_headers(&declined, &hosts()), "{declined:?}");
        }
        let mut origin = headers(&PLAIN);
        origin.insert("origin", "http://localhost:3000".parse().unwrap());
        assert!(!plain_headers(&origin, &hosts()));
        // The standard-headers revision and later, unknown revisions, and two values.
        for version in ["2026-07-28", "2099-01-01", "latest"] {
            let mut h = headers(&PLAIN);
            h.insert("mcp-protocol-version", version.parse().unwrap());
            assert!(!plain_headers(&h, &hosts()), "{version}");
        }
        let mut twice = headers(&PLAIN);
        twice.append("mcp-protocol-version", "2025-06-18".parse().unwrap());
        twice.append("mcp-protocol-version", "2025-06-18".parse().unwrap());
        assert!(!plain_headers(&twice, &hosts()));
    }
}
