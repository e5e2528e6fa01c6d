//! An [`McpServer`] over Streamable HTTP: rmcp's Streamable HTTP service behind a small HTTP/1.1
//! server, with inbound authorization in front.
//!
//! ```ignore
//! let listener = catalog::mcp::http::bind("127.0.0.1:8080").await?;
//! server.serve_http(listener, HttpConfig::new().with_catalog_env()?).await?;
//! ```
//!
//! - MCP is served at [`MCP_PATH`] (`/mcp`); any other path is 404, but the OAuth Protected
//!   Resource Metadata (RFC 9728) at [`METADATA_PATH`] (and its `/mcp`-suffixed form).
//! - **Stateless** by default: every POST carries a whole exchange, no session is kept, so any
//!   number of replicas behind an ordinary load balancer serve one client. Sessions (the
//!   `Mcp-Session-Id` of protocol revisions before 2026-07-28) are opt-in with
//!   [`HttpConfig::sessions`]; they pin a client to one process.
//! - `Host` must be a loopback name unless [`HttpConfig::allowed_hosts`] lists others (DNS
//!   rebinding), and a request with an `Origin` header gets 403 unless
//!   [`HttpConfig::allowed_origins`] lists it or it is the server's own loopback origin
//!   (`http://127.0.0.1:PORT`, `http://localhost:PORT` or `http://[::1]:PORT` for the port a
//!   loopback listener is on: a page there is served by this port, so not a rebinding). Binding
//!   a non-loopback address without naming the allowed hosts is refused at start-up: every
//!   request would be refused.
//! - A request body is capped like a stdio line (413 past it); tool calls share the server's
//!   [`McpServer::max_in_flight`] limit; and at most [`HttpConfig::max_requests`] HTTP requests
//!   are handled at once (default [`DEFAULT_MAX_REQUESTS`]): past it the answer is 503 with
//!   `Retry-After`, at once, so a flood of slow clients cannot grow the server without bound.
//! - A plain `tools/call` POST is answered by the server itself with the answer rmcp gives,
//!   without rmcp's per-request service (a third of the instructions); anything else goes to
//!   rmcp as it came (`tool_call`).
//! - With a [`TokenVerifier`] (`CATALOG_HTTP_TOKEN` sets a [`StaticToken`]), a request without a
//!   good `Authorization: Bearer` token gets 401 and a `WWW-Authenticate` header pointing at the
//!   metadata (see [`crate::inbound::access::auth`]).
//! - Liveness at [`HEALTHZ_PATH`] and readiness at [`READYZ_PATH`], without a token and outside
//!   the request cap ([`health`]).
//! - Metrics for scraping at [`METRICS_PATH`] (Prometheus text; [`crate::observe::metrics`]),
//!   behind the token when there is one; [`HttpConfig::metrics`] or `CATALOG_HTTP_METRICS=0`
//!   turns them off.
//! - On SIGTERM or SIGINT the server stops gracefully: readiness turns 503, the server serves on
//!   for the [`HttpConfig::shutdown_delay`] (default none) so a load balancer takes it out
//!   before a connection it would reuse is closed, then no new connection is taken, the calls
//!   in flight are answered within the shutdown grace, and [`McpServer::serve_http`] returns
//!   ([`crate::inbound::transport::shutdown`]).
//!
//! [`TokenVerifier`]: crate::inbound::access::auth::TokenVerifier
//! [`StaticToken`]: crate::inbound::access::auth::StaticToken

use crate::inbound::access::auth::bearer;
use crate::inbound::mcp::{McpServer, ServeError};
use bytes::Bytes;
use http::{Request, Response, StatusCode, header};
use http_body_util::{BodyExt, Full};
use rmcp::transport::streamable_http_server::session::local::LocalSessionManager;
use rmcp::transport::streamable_http_server::{StreamableHttpServerConfig, StreamableHttpService};
use std::convert::Infallible;
use std::net::SocketAddr;
use std::sync::Arc;
use tokio::net::TcpListener;

/// Where MCP is served.
pub const MCP_PATH: &str = "/mcp";
/// Where the OAuth Protected Resource Metadata is served (also with `/mcp` appended, the
/// RFC 9728 form for the resource `/mcp`).
pub const METADATA_PATH: &str = "/.well-known/oauth-protected-resource";

mod config;
pub mod health;
pub(crate) mod rate;
mod respond;
mod state;
mod tool_call;

pub use config::{
    DEFAULT_MAX_REQUESTS, ENV_HTTP_ALLOWED_HOSTS, ENV_HTTP_ALLOWED_ORIGINS,
    ENV_HTTP_AUTHORIZATION_SERVERS, ENV_HTTP_CLIENT_SELECTION, ENV_HTTP_MAX_REQUESTS,
    ENV_HTTP_PUBLIC_URL, ENV_HTTP_SESSIONS, ENV_HTTP_SHUTDOWN_DELAY, ENV_READY_SPEC_PATH,
    ENV_READY_STATUS_PATH, ENV_READY_VERSION_FIELD, HttpConfig, MAX_SHUTDOWN_DELAY,
};
use respond::{Body, text};
use state::State;

pub use crate::observe::metrics::{ENV_HTTP_METRICS, METRICS_PATH};
pub use health::{HEALTHZ_PATH, READYZ_PATH};

/// Binds `addr` (`127.0.0.1:8080`; port 0 for any free port).
pub async fn bind(addr: &str) -> Result<TcpListener, ServeError> {
    TcpListener::bind(addr)
        .await
        .map_err(|e| ServeError::new(format!("cannot listen on {addr}: {e}")))
}

impl McpServer {
    /// Serves MCP over Streamable HTTP on `listener` until SIGTERM or SIGINT, then stops
    /// gracefully ([`crate::inbound::transport::shutdown`]) and returns `Ok(())`. Fails at once when
    /// `listener` is on a non-loopback address and `config` names no allowed host (every
    /// request would be refused).
    pub async fn serve_http(
        self,
        listener: TcpListener,
        config: HttpConfig,
    ) -> Result<(), ServeError> {
        self.serve_http_until(listener, config, async {
            let which = crate::inbound::transport::shutdown::signal().await;
            eprintln!("catalog: {which} received");
        })
        .await
    }

    /// [`serve_http`](Self::serve_http), stopping gracefully when `stop` resolves instead of on
    /// a signal.
    pub async fn serve_http_until(
        self,
        listener: TcpListener,
        config: HttpConfig,
        stop: impl std::future::Future<Output = ()>,
    ) -> Result<(), ServeError> {
        let local = listener
            .local_addr()
            .map_err(|e| ServeError::new(e.to_string()))?;
        check_binding(local, &config)?;
        self.check_settings()
            .map_err(|e| ServeError::new(e.to_string()))?;
        // The shared rate-limit store answers, or the server does not start.
        self.rate()
            .start_store(&self.server_name())
            .await
            .map_err(|e| ServeError::new(e.to_string()))?;
        crate::observe::otel::start(&self.server_name())
            .map_err(|e| ServeError::new(e.to_string()))?;
        let audit = self.audit_log();
        if let Some(audit) = &audit {
            audit.start(&self.server_name());
        }
        let grace = self.shutdown_grace_value();
        let state = Arc::new(State {
            name: self.server_name(),
            service: self.http_service(&config, local),
            hosts: allowed_hosts(&config),
            server: self.client_selection(config.client_selection),
            requests: Arc::new(tokio::sync::Semaphore::new(config.max_requests)),
            config,
            health: health::Health::default(),
        });
        // Each connection holds a receiver: `closing` says when to finish, and its receivers
        // all gone says every connection has.
        let (closing, _) = tokio::sync::watch::channel(false);
        accept_until(&listener, &state, &closing, stop).await;
        // Readiness first, then no new connection: a load balancer that probes sees the server
        // leave before it is refused, and with a shutdown delay before any connection closes.
        state.health.stop();
        let delay = state.config.shutdown_delay;
        if !delay.is_zero() {
            eprintln!(
                "catalog: stopping: readiness is 503; serving {} s more before closing connections",
                delay.as_secs_f64()
            );
            accept_until(&listener, &state, &closing, tokio::time::sleep(delay)).await;
        }
        drop(listener);
        let open = closing.receiver_count();
        eprintln!(
            "catalog: stopping: no new connections; finishing {open} open within {} s",
            grace.as_secs_f64()
        );
        let _ = closing.send(true);
        match tokio::time::timeout(grace, closing.closed()).await {
            Ok(()) => eprintln!("catalog: stopped: every call in flight was answered"),
            Err(_) => eprintln!(
                "catalog: stopped at the end of the {} s grace: {} connections cut",
                grace.as_secs_f64(),
                closing.receiver_count()
            ),
        }
        // The spans of the calls answered, and their audit records, are sent before the
        // process exits.
        crate::observe::otel::flush().await;
        if let Some(audit) = audit {
            audit.flush().await;
        }
        Ok(())
    }

    /// rmcp's Streamable HTTP service over clones of this server (they share the catalog, the
    /// executor and the limit on calls in flight), for a listener on `local`.
    fn http_service(
        &self,
        config: &HttpConfig,
        local: SocketAddr,
    ) -> StreamableHttpService<McpServer, LocalSessionManager> {
        let rmcp_config = StreamableHttpServerConfig::default()
            .with_allowed_hosts(allowed_hosts(config))
            .with_allowed_origins(allowed_origins(config, local))
            .enforce_origin_validation()
            .with_legacy_session_mode(config.sessions)
            .with_json_response(true)
            .with_max_request_body_bytes(self.max_line_bytes_value());
        let server = self.clone().client_selection(config.client_selection);
        StreamableHttpService::new(
            move || Ok(server.clone()),
            Arc::new(LocalSessionManager::default()),
            rmcp_config,
        )
    }
}

/// Accepts connections on `listener` and serves each on its own task until `until` resolves.
/// Each connection finishes its request in progress and closes once `closing` turns true.
async fn accept_until(
    listener: &TcpListener,
    state: &Arc<State>,
    closing: &tokio::sync::watch::Sender<bool>,
    until: impl std::future::Future<Output = ()>,
) {
    let mut until = std::pin::pin!(until);
    loop {
        let accepted = tokio::select! {
            biased;
            () = &mut until => return,
            accepted = listener.accept() => accepted,
        };
        let (stream, _) = match accepted {
            Ok(s) => s,
            Err(e) => {
                // Out of file descriptors and the like: wait a little, keep serving.
                eprintln!("catalog: accepting an HTTP connection failed: {e}");
                tokio::time::sleep(std::time::Duration::from_millis(50)).await;
                continue;
            }
        };
        tokio::spawn(serve_connection(stream, state.clone(), closing.subscribe()));
    }
}

/// Serves one connection until it ends, or until `finish` turns true: then the request in
/// progress is answered and the connection closes.
async fn serve_connection(
    stream: tokio::net::TcpStream,
    state: Arc<State>,
    mut finish: tokio::sync::watch::Receiver<bool>,
) {
    // The connection's number: the rate-limit caller of a request without a token or session.
    static CONNECTIONS: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(1);
    let id = rate::ConnectionId(CONNECTIONS.fetch_add(1, std::sync::atomic::Ordering::Relaxed));
    let service = hyper::service::service_fn(move |mut req: Request<hyper::body::Incoming>| {
        let state = state.clone();
        req.extensions_mut().insert(id);
        async move { Ok::<_, Infallible>(admit(&state, req).await) }
    });
    let connection = hyper::server::conn::http1::Builder::new()
        .serve_connection(hyper_util::rt::TokioIo::new(stream), service);
    let mut connection = std::pin::pin!(connection);
    tokio::select! {
        _ = connection.as_mut() => return,
        _ = finish.wait_for(|closing| *closing) => {}
    }
    connection.as_mut().graceful_shutdown();
    let _ = connection.await;
    drop(finish);
}

/// Loopback names, then the configured ones.
fn allowed_hosts(config: &HttpConfig) -> Vec<String> {
    let mut hosts: Vec<String> = ["localhost", "127.0.0.1", "::1"]
        .into_iter()
        .map(String::from)
        .collect();
    hosts.extend(config.allowed_hosts.iter().cloned());
    hosts
}

/// The configured origins, then the server's own loopback origins when it listens on a
/// loopback address: a page at `http://127.0.0.1:PORT` (or `localhost`, `[::1]`) on the
/// machine the server runs on was served by this very port, so its request is same-origin, not
/// a rebinding (the conformance suite's `dns-rebinding-protection` sends one and expects it
/// served). A server on another address does not add them: a remote browser's
/// `127.0.0.1:PORT` is some other program on that browser's machine.
fn allowed_origins(config: &HttpConfig, local: SocketAddr) -> Vec<String> {
    let mut origins = config.allowed_origins.clone();
    if local.ip().is_loopback() {
        let port = local.port();
        for host in ["127.0.0.1", "localhost", "[::1]"] {
            origins.push(format!("http://{host}:{port}"));
        }
    }
    origins
}

fn check_binding(local: SocketAddr, config: &HttpConfig) -> Result<(), ServeError> {
    if local.ip().is_loopback() || !config.allowed_hosts.is_empty() {
        return Ok(());
    }
    Err(ServeError::new(format!(
        "listening on {local} serves other machines, and their requests name this server in \
         `Host`: list the names clients use with {ENV_HTTP_ALLOWED_HOSTS} (HttpConfig::allowed_hosts \
         in code), or listen on 127.0.0.1"
    )))
}

/// Answers a health check; else handles `req` if fewer than the configured number of requests
/// are being handled, else answers 503 at once. Once a stop has begun, the answer closes its
/// connection.
async fn admit(state: &State, req: Request<hyper::body::Incoming>) -> Response<Body> {
    if let Some(answer) = health::answer(
        &state.health,
        &health::Api {
            executor: state.server.executor(),
            catalog: state.server.catalog(),
            version: state.config.ready_version.as_ref(),
            spec: state.config.ready_spec.as_deref(),
        },
        req.method(),
        req.uri().path(),
    )
    .await
    {
        return answer;
    }
    // A request that arrives on an open connection as a stop begins is answered within the
    // grace, like the calls already in flight, and its connection then closes. Refusing it
    // (503) lost calls in the fleet run: HAProxy with kept-alive connections to the replicas
    // passed that 503 to the client instead of retrying the POST elsewhere.
    let closing = state.health.stopping();
    let Ok(_permit) = state.requests.clone().try_acquire_owned() else {
        let mut busy = text(
            StatusCode::SERVICE_UNAVAILABLE,
            &format!(
                "Service Unavailable: this server handles {} at once and all are in progress; \
                 retry shortly (the operator raises the limit with {ENV_HTTP_MAX_REQUESTS})",
                match state.config.max_requests {
                    1 => "1 request".to_string(),
                    n => format!("{n} requests"),
                }
            ),
        );
        busy.headers_mut()
            .insert(header::RETRY_AFTER, header::HeaderValue::from_static("1"));
        return busy;
    };
    let mut answer = handle(state, req).await;
    if closing {
        answer.headers_mut().insert(
            header::CONNECTION,
            header::HeaderValue::from_static("close"),
        );
    }
    answer
}

async fn handle(state: &State, req: Request<hyper::body::Incoming>) -> Response<Body> {
    let path = req.uri().path();
    if path == METADATA_PATH || path == format!("{METADATA_PATH}{MCP_PATH}") {
        return metadata(state, &req);
    }
    let scrape = path == METRICS_PATH && state.config.metrics;
    if path != MCP_PATH && !scrape {
        return text(
            StatusCode::NOT_FOUND,
            &format!("Not Found: MCP is served at {MCP_PATH}"),
        );
    }
    let mut req = req;
    let mut key = None;
    if let Some(verifier) = &state.config.verifier {
        let caller = {
            let token = req
                .headers()
                .get(header::AUTHORIZATION)
                .and_then(|v| v.to_str().ok())
                .and_then(bearer);
            let verdict = match token {
                None => Err(None),
                Some(token) => verifier.identify(token).await.map_err(Some),
            };
            match verdict {
                Err(why) => return unauthorized(state, &req, why.map(|r| r.0)),
                Ok(subject) => {
                    if let Some(token) = token {
                        key = Some(rate::caller_key(
                            &state.server,
                            Some((subject.as_deref(), token)),
                            req.headers(),
                            None,
                        ));
                    }
                    subject
                        .zip(token)
                        .map(|(s, t)| crate::outbound::credentials::Caller::new(s, t))
                }
            }
        };
        // The call's caller, for per-user credentials ([`crate::outbound::credentials`]).
        if let Some(caller) = caller {
            req.extensions_mut().insert(caller);
        }
    }
    if scrape {
        return metrics(state, &req);
    }
    // Who the caller is, for the rate limits ([`rate`]) and the audit trail.
    if state.server.rate().is_on() || state.server.auditing() {
        let connection = req.extensions().get::<rate::ConnectionId>().copied();
        let key =
            key.unwrap_or_else(|| rate::caller_key(&state.server, None, req.headers(), connection));
        req.extensions_mut().insert(key);
    }
    tool_call::answer(state, &state.server, req).await
}

/// `GET /metrics`: the Prometheus text of [`McpServer::metrics`].
fn metrics(state: &State, req: &Request<hyper::body::Incoming>) -> Response<Body> {
    if req.method() != http::Method::GET {
        let mut refused = text(
            StatusCode::METHOD_NOT_ALLOWED,
            "Method Not Allowed: the metrics are read with GET",
        );
        refused
            .headers_mut()
            .insert(header::ALLOW, header::HeaderValue::from_static("GET"));
        return refused;
    }
    let mut answer = Response::new(Full::new(Bytes::from(state.server.metrics())).boxed());
    answer.headers_mut().insert(
        header::CONTENT_TYPE,
        header::HeaderValue::from_static("text/plain; version=0.0.4; charset=utf-8"),
    );
    answer
}

/// `http://<Host>` or the configured public URL, without a trailing slash.
fn base_url<B>(state: &State, req: &Request<B>) -> String {
    if let Some(url) = &state.config.public_url {
        return url.clone();
    }
    let host = req
        .headers()
        .get(header::HOST)
        .and_then(|v| v.to_str().ok())
        .unwrap_or("localhost");
    format!("http://{host}")
}

fn metadata<B>(state: &State, req: &Request<B>) -> Response<Body> {
    let base = base_url(state, req);
    let mut doc = serde_json::json!({
        "resource": format!("{base}{MCP_PATH}"),
        "bearer_methods_supported": ["header"],
        "resource_name": state.name,
    });
    if !state.config.authorization_servers.is_empty() {
        doc["authorization_servers"] = serde_json::json!(state.config.authorization_servers);
    }
    Response::builder()
        .status(StatusCode::OK)
        .header(header::CONTENT_TYPE, "application/json")
        .body(Full::new(Bytes::from(doc.to_string())).boxed())
        .unwrap_or_else(|_| text(StatusCode::INTERNAL_SERVER_ERROR, "metadata"))
}

/// 401 with `WWW-Authenticate: Bearer resource_metadata="..."` (RFC 9728 §5.1), and
/// `error="invalid_token"` when a token was given and refused (RFC 6750 §3).
fn unauthorized<B>(state: &State, req: &Request<B>, refused: Option<String>) -> Response<Body> {
    let metadata_url = format!("{}{METADATA_PATH}{MCP_PATH}", base_url(state, req));
    let mut challenge = format!("Bearer resource_metadata=\"{metadata_url}\"");
    let message = match &refused {
        None => "Unauthorized: send `Authorization: Bearer <token>`".to_string(),
        Some(why) => {
            let why = why.replace(['"', '\\'], "'");
            challenge.push_str(&format!(
                ", error=\"invalid_token\", error_description=\"{why}\""
            ));
            format!("Unauthorized: {why}")
        }
    };
    Response::builder()
        .status(StatusCode::UNAUTHORIZED)
        .header(header::WWW_AUTHENTICATE, challenge)
        .header(header::CONTENT_TYPE, "text/plain; charset=utf-8")
        .body(Full::new(Bytes::from(message)).boxed())
        .unwrap_or_else(|_| text(StatusCode::UNAUTHORIZED, "Unauthorized"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_public_address_needs_its_host_names() {
        let addr: SocketAddr = "0.0.0.0:8080".parse().unwrap();
        let err = check_binding(addr, &HttpConfig::new()).unwrap_err();
        assert_eq!(
            err.to_string(),
            "MCP server: listening on 0.0.0.0:8080 serves other machines, and their requests \
             name this server in `Host`: list the names clients use with \
             CATALOG_HTTP_ALLOWED_HOSTS (HttpConfig::allowed_hosts in code), or listen on \
             127.0.0.1"
        );
        let named = HttpConfig::new().allowed_hosts(["mcp.example.com"]);
        assert!(check_binding(addr, &named).is_ok());
        assert!(check_binding("127.0.0.1:0".parse().unwrap(), &HttpConfig::new()).is_ok());
    }

    #[test]
    fn a_loopback_server_allows_its_own_origin_and_no_other_port() {
        let local: SocketAddr = "127.0.0.1:8123".parse().unwrap();
        let configured = HttpConfig::new().allowed_origins(["https://app.example:443"]);
        assert_eq!(
            allowed_origins(&configured, local),
            [
                "https://app.example:443",
                "http://127.0.0.1:8123",
                "http://localhost:8123",
                "http://[::1]:8123",
            ]
        );
        // On a public address a loopback origin is another machine's program: none is added.
        let public: SocketAddr = "0.0.0.0:8123".parse().unwrap();
        assert_eq!(
            allowed_origins(&configured, public),
            ["https://app.example:443"]
        );
    }

    #[test]
    fn the_environment_configures_the_server() {
        let env = |name: &str| match name {
            "CATALOG_HTTP_TOKEN" => Some("t0ken-t0ken".to_string()),
            "CATALOG_HTTP_ALLOWED_HOSTS" => Some("a.example, b.example:8080".to_string()),
            "CATALOG_HTTP_ALLOWED_ORIGINS" => Some("https://app.example:443".to_string()),
            "CATALOG_HTTP_SESSIONS" => Some("1".to_string()),
            "CATALOG_HTTP_PUBLIC_URL" => Some("https://mcp.example/".to_string()),
            "CATALOG_HTTP_AUTHORIZATION_SERVERS" => Some("https://login.example".to_string()),
            "CATALOG_HTTP_MAX_REQUESTS" => Some(" 8 ".to_string()),
            _ => None,
        };
        let c = HttpConfig::new().with_env(env).unwrap();
        assert!(c.requires_token());
        assert_eq!(c.allowed_hosts, ["a.example", "b.example:8080"]);
        assert_eq!(c.allowed_origins, ["https://app.example:443"]);
        assert!(c.sessions);
        assert_eq!(c.public_url.as_deref(), Some("https://mcp.example"));
        assert_eq!(c.authorization_servers, ["https://login.example"]);
        assert_eq!(c.max_requests, 8);
        assert_eq!(HttpConfig::new().max_requests, DEFAULT_MAX_REQUESTS);
        assert_eq!(HttpConfig::new().max_requests(0).max_requests, 1);
        for bad in ["0", "-1", "many"] {
            let err = HttpConfig::new()
                .with_env(|n| (n == "CATALOG_HTTP_MAX_REQUESTS").then(|| bad.to_string()))
                .unwrap_err();
            assert_eq!(err.kind(), "invalid");
            assert_eq!(
                err.to_string(),
                format!(
                    "CATALOG_HTTP_MAX_REQUESTS={bad:?}: expected a whole number of requests, at least 1"
                )
            );
        }
        // The token never shows.
        assert!(!format!("{c:?}").contains("t0ken"));
        let err = HttpConfig::new()
            .with_env(|n| (n == "CATALOG_HTTP_SESSIONS").then(|| "maybe".to_string()))
            .unwrap_err();
        assert_eq!(err.kind(), "invalid");
        assert_eq!(
            err.to_string(),
            "CATALOG_HTTP_SESSIONS=\"maybe\": expected 1 or 0"
        );
    }

    #[test]
    fn the_shutdown_delay_is_seconds_up_to_five_minutes() {
        use std::time::Duration;
        let delay = |v: &str| {
            HttpConfig::new()
                .with_env(|n| (n == "CATALOG_HTTP_SHUTDOWN_DELAY").then(|| v.to_string()))
                .map(|c| c.shutdown_delay)
        };
        assert_eq!(HttpConfig::new().shutdown_delay, Duration::ZERO);
        assert_eq!(delay(" 1.5 "), Ok(Duration::from_millis(1500)));
        assert_eq!(delay("0"), Ok(Duration::ZERO));
        assert_eq!(delay("300"), Ok(Duration::from_secs(300)));
        for bad in ["-1", "300.5", "soon", "NaN", "inf", ""] {
            let err = delay(bad).unwrap_err();
            assert_eq!(err.kind(), "invalid");
            assert_eq!(
                err.to_string(),
                format!(
                    "CATALOG_HTTP_SHUTDOWN_DELAY={bad:?}: expected a number of seconds from 0 to \
                     300, longer than the load balancer takes to see readiness fail (0, the \
                     default, closes the connections at once)"
                )
            );
        }
        assert_eq!(
            HttpConfig::new()
                .shutdown_delay(Duration::from_secs(900))
                .shutdown_delay,
            MAX_SHUTDOWN_DELAY
        );
    }
}
