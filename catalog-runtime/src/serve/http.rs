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
//!   [`HttpConfig::allowed_origins`] lists it. Binding a non-loopback address without naming the
//!   allowed hosts is refused at start-up: every request would be refused.
//! - A request body is capped like a stdio line (413 past it); tool calls share the server's
//!   [`McpServer::max_in_flight`] limit; and at most [`HttpConfig::max_requests`] HTTP requests
//!   are handled at once (default [`DEFAULT_MAX_REQUESTS`]): past it the answer is 503 with
//!   `Retry-After`, at once, so a flood of slow clients cannot grow the server without bound.
//! - A plain `tools/call` POST is answered by the server itself with the answer rmcp gives,
//!   without rmcp's per-request service (a third of the instructions); anything else goes to
//!   rmcp as it came (`tool_call`).
//! - With a [`TokenVerifier`] (`CATALOG_HTTP_TOKEN` sets a [`StaticToken`]), a request without a
//!   good `Authorization: Bearer` token gets 401 and a `WWW-Authenticate` header pointing at the
//!   metadata (see [`crate::serve::auth`]).
//! - Liveness at [`HEALTHZ_PATH`] and readiness at [`READYZ_PATH`], without a token and outside
//!   the request cap ([`health`]).
//! - Metrics for scraping at [`METRICS_PATH`] (Prometheus text; [`crate::serve::metrics`]),
//!   behind the token when there is one; [`HttpConfig::metrics`] or `CATALOG_HTTP_METRICS=0`
//!   turns them off.
//! - On SIGTERM or SIGINT the server stops gracefully: readiness turns 503, no new connection is
//!   taken, the calls in flight are answered within the shutdown grace, then
//!   [`McpServer::serve_http`] returns ([`crate::serve::shutdown`]).

use crate::serve::auth::{ENV_HTTP_TOKEN, StaticToken, TokenVerifier, bearer};
use crate::serve::mcp::{McpServer, ServeError};
use crate::serve::settings::VariableError;
use bytes::Bytes;
use http::{Request, Response, StatusCode, header};
use http_body_util::combinators::BoxBody;
use http_body_util::{BodyExt, Full};
use rmcp::transport::streamable_http_server::session::local::LocalSessionManager;
use rmcp::transport::streamable_http_server::{StreamableHttpServerConfig, StreamableHttpService};
use std::convert::Infallible;
use std::fmt;
use std::net::SocketAddr;
use std::sync::Arc;
use tokio::net::TcpListener;

/// Where MCP is served.
pub const MCP_PATH: &str = "/mcp";
/// Where the OAuth Protected Resource Metadata is served (also with `/mcp` appended, the
/// RFC 9728 form for the resource `/mcp`).
pub const METADATA_PATH: &str = "/.well-known/oauth-protected-resource";

/// `CATALOG_HTTP_MAX_REQUESTS`: how many HTTP requests are handled at once (503 past it).
pub const ENV_HTTP_MAX_REQUESTS: &str = "CATALOG_HTTP_MAX_REQUESTS";
/// HTTP requests handled at once unless [`HttpConfig::max_requests`] says otherwise.
pub const DEFAULT_MAX_REQUESTS: usize = 256;

/// `CATALOG_HTTP_ALLOWED_HOSTS`: comma-separated `Host` names (or `host:port`) accepted besides
/// loopback ones; set it when serving on a non-loopback address.
pub const ENV_HTTP_ALLOWED_HOSTS: &str = "CATALOG_HTTP_ALLOWED_HOSTS";
/// `CATALOG_HTTP_ALLOWED_ORIGINS`: comma-separated browser origins (`https://app.example:443`,
/// `http://localhost:*`) allowed to call; any other `Origin` gets 403.
pub const ENV_HTTP_ALLOWED_ORIGINS: &str = "CATALOG_HTTP_ALLOWED_ORIGINS";
/// `CATALOG_HTTP_CLIENT_SELECTION=1` lets each client narrow the tool selection with headers
/// ([`HttpConfig::client_selection`]).
pub const ENV_HTTP_CLIENT_SELECTION: &str = "CATALOG_HTTP_CLIENT_SELECTION";
/// `CATALOG_HTTP_SESSIONS=1` keeps sessions for clients of revisions before 2026-07-28.
pub const ENV_HTTP_SESSIONS: &str = "CATALOG_HTTP_SESSIONS";
/// `CATALOG_HTTP_PUBLIC_URL`: the URL clients reach the server at (behind a proxy or load
/// balancer), for the metadata's `resource`; otherwise `http://<Host header>`.
pub const ENV_HTTP_PUBLIC_URL: &str = "CATALOG_HTTP_PUBLIC_URL";
/// `CATALOG_HTTP_AUTHORIZATION_SERVERS`: comma-separated OAuth authorization server issuer
/// URLs, listed in the metadata.
pub const ENV_HTTP_AUTHORIZATION_SERVERS: &str = "CATALOG_HTTP_AUTHORIZATION_SERVERS";

type Body = BoxBody<Bytes, Infallible>;

pub mod health;
mod tool_call;

pub use crate::serve::metrics::{ENV_HTTP_METRICS, METRICS_PATH};
/// `CATALOG_HTTP_READY_STATUS_PATH`: the API's status document, read by readiness for the
/// version it reports ([`HttpConfig::ready_spec_version`]).
pub const ENV_READY_STATUS_PATH: &str = "CATALOG_HTTP_READY_STATUS_PATH";
/// `CATALOG_HTTP_READY_VERSION_FIELD`: the dotted field of that document holding the version
/// (default `version`).
pub const ENV_READY_VERSION_FIELD: &str = "CATALOG_HTTP_READY_VERSION_FIELD";
pub use health::{HEALTHZ_PATH, READYZ_PATH};

/// How the HTTP server admits requests. [`HttpConfig::new`] is loopback-only, stateless, no
/// browser origin, no authorization.
#[derive(Clone)]
pub struct HttpConfig {
    allowed_hosts: Vec<String>,
    allowed_origins: Vec<String>,
    sessions: bool,
    verifier: Option<Arc<dyn TokenVerifier>>,
    authorization_servers: Vec<String>,
    public_url: Option<String>,
    max_requests: usize,
    metrics: bool,
    client_selection: bool,
    /// Where readiness reads the API's version: the status document's path and the dotted
    /// field ([`health`]).
    ready_version: Option<(String, String)>,
}

impl Default for HttpConfig {
    fn default() -> HttpConfig {
        HttpConfig {
            allowed_hosts: Vec::new(),
            allowed_origins: Vec::new(),
            sessions: false,
            verifier: None,
            authorization_servers: Vec::new(),
            public_url: None,
            max_requests: DEFAULT_MAX_REQUESTS,
            metrics: true,
            client_selection: false,
            ready_version: None,
        }
    }
}

impl fmt::Debug for HttpConfig {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("HttpConfig")
            .field("allowed_hosts", &self.allowed_hosts)
            .field("allowed_origins", &self.allowed_origins)
            .field("sessions", &self.sessions)
            .field("verifier", &self.verifier.as_ref().map(|_| "<verifier>"))
            .field("authorization_servers", &self.authorization_servers)
            .field("public_url", &self.public_url)
            .field("max_requests", &self.max_requests)
            .field("client_selection", &self.client_selection)
            .field("ready_version", &self.ready_version)
            .finish()
    }
}

fn list(text: &str) -> Vec<String> {
    text.split(',')
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(String::from)
        .collect()
}

impl HttpConfig {
    /// Loopback only, stateless, no browser origin allowed, no authorization.
    pub fn new() -> HttpConfig {
        HttpConfig::default()
    }

    /// `Host` names accepted besides loopback ones (`mcp.example.com`, `10.0.0.5:8080`).
    pub fn allowed_hosts(mut self, hosts: impl IntoIterator<Item = impl Into<String>>) -> Self {
        self.allowed_hosts = hosts.into_iter().map(Into::into).collect();
        self
    }

    /// Browser origins allowed to call (`https://app.example.com:443`, `http://localhost:*`).
    pub fn allowed_origins(mut self, origins: impl IntoIterator<Item = impl Into<String>>) -> Self {
        self.allowed_origins = origins.into_iter().map(Into::into).collect();
        self
    }

    /// Keeps sessions for clients of protocol revisions before 2026-07-28 (off: stateless).
    pub fn sessions(mut self, on: bool) -> Self {
        self.sessions = on;
        self
    }

    /// Requires a bearer token `verifier` accepts on every MCP request.
    pub fn verifier(mut self, verifier: impl TokenVerifier) -> Self {
        self.verifier = Some(Arc::new(verifier));
        self
    }

    /// Lists an OAuth authorization server (its issuer URL) in the metadata.
    pub fn authorization_server(mut self, issuer: impl Into<String>) -> Self {
        self.authorization_servers.push(issuer.into());
        self
    }

    /// The URL clients reach the server at, without `/mcp` (`https://mcp.example.com`).
    pub fn public_url(mut self, url: impl Into<String>) -> Self {
        self.public_url = Some(url.into().trim_end_matches('/').to_string());
        self
    }

    /// How many HTTP requests are handled at once (at least 1); a request past it is answered
    /// 503 with `Retry-After: 1` at once.
    pub fn max_requests(mut self, requests: usize) -> Self {
        self.max_requests = requests.max(1);
        self
    }

    /// Whether `GET /metrics` answers with the server's metrics ([`crate::serve::metrics`];
    /// default on, behind the token when there is one).
    pub fn metrics(mut self, on: bool) -> Self {
        self.metrics = on;
        self
    }

    /// Lets each client narrow the server's tool selection with the headers
    /// [`HEADER_TOOLSETS`](crate::serve::selection::HEADER_TOOLSETS),
    /// [`HEADER_TOOLS`](crate::serve::selection::HEADER_TOOLS) and
    /// [`HEADER_READ_ONLY`](crate::serve::selection::HEADER_READ_ONLY) (default off: the
    /// headers are ignored). A client never sees more than the server's own selection.
    pub fn client_selection(mut self, on: bool) -> Self {
        self.client_selection = on;
        self
    }

    /// Applies the `CATALOG_HTTP_*` variables that are set: [`ENV_HTTP_TOKEN`],
    /// [`ENV_HTTP_ALLOWED_HOSTS`], [`ENV_HTTP_ALLOWED_ORIGINS`], [`ENV_HTTP_SESSIONS`], [`ENV_HTTP_METRICS`],
    /// [`ENV_HTTP_PUBLIC_URL`], [`ENV_HTTP_AUTHORIZATION_SERVERS`], [`ENV_HTTP_MAX_REQUESTS`],
    /// [`ENV_HTTP_CLIENT_SELECTION`].
    pub fn with_catalog_env(self) -> Result<HttpConfig, VariableError> {
        self.with_env(crate::wire::environment::var)
    }

    /// [`with_catalog_env`](Self::with_catalog_env) reading from `lookup`.
    pub fn with_env(
        mut self,
        lookup: impl Fn(&str) -> Option<String>,
    ) -> Result<HttpConfig, VariableError> {
        if let Some(token) = lookup(ENV_HTTP_TOKEN) {
            self = self.verifier(StaticToken::new(token)?);
        }
        if let Some(v) = lookup(ENV_HTTP_ALLOWED_HOSTS) {
            self.allowed_hosts = list(&v);
        }
        if let Some(v) = lookup(ENV_HTTP_ALLOWED_ORIGINS) {
            self.allowed_origins = list(&v);
        }
        if let Some(v) = lookup(ENV_HTTP_SESSIONS) {
            self.sessions = match v.trim() {
                "1" | "true" | "yes" => true,
                "0" | "false" | "no" | "" => false,
                _ => {
                    return Err(VariableError::invalid(
                        ENV_HTTP_SESSIONS,
                        &v,
                        "expected 1 or 0",
                    ));
                }
            };
        }
        if let Some(v) = lookup(ENV_HTTP_METRICS) {
            self.metrics = match v.trim() {
                "1" | "true" | "yes" => true,
                "0" | "false" | "no" => false,
                _ => {
                    return Err(VariableError::invalid(
                        ENV_HTTP_METRICS,
                        &v,
                        "expected 1 or 0",
                    ));
                }
            };
        }
        if let Some(v) = lookup(ENV_HTTP_PUBLIC_URL) {
            self = self.public_url(v);
        }
        if let Some(v) = lookup(ENV_HTTP_AUTHORIZATION_SERVERS) {
            self.authorization_servers = list(&v);
        }
        if let Some(v) = lookup(ENV_HTTP_CLIENT_SELECTION) {
            self.client_selection = crate::serve::selection::switch(ENV_HTTP_CLIENT_SELECTION, &v)?;
        }
        match (
            lookup(ENV_READY_STATUS_PATH),
            lookup(ENV_READY_VERSION_FIELD),
        ) {
            (Some(path), field) => {
                let field = field.unwrap_or_else(|| "version".to_string());
                self = self.ready_spec_version(path, field)?;
            }
            (None, Some(field)) => {
                return Err(VariableError::Requires {
                    variable: ENV_READY_VERSION_FIELD.to_string(),
                    value: field,
                    requires: ENV_READY_STATUS_PATH.to_string(),
                    fix: "set the path of the API's status document too (/api/status/), or \
                          unset it"
                        .to_string(),
                });
            }
            (None, None) => {}
        }
        if let Some(v) = lookup(ENV_HTTP_MAX_REQUESTS) {
            self.max_requests = match v.trim().parse::<usize>() {
                Ok(n) if n > 0 => n,
                _ => {
                    return Err(VariableError::invalid(
                        ENV_HTTP_MAX_REQUESTS,
                        &v,
                        "expected a whole number of requests, at least 1",
                    ));
                }
            };
        }
        Ok(self)
    }

    /// Readiness also compares the version the API reports in its status document (`GET
    /// status_path`, relative to the base URL, the dotted `version_field` in its JSON) with the
    /// spec version the tools were built from: `/readyz` is 503 when they differ, or when the
    /// document does not say ([`Catalog::check_spec_version`]). Refused unless `status_path`
    /// starts with `/`.
    ///
    /// [`Catalog::check_spec_version`]: crate::serve::catalog::Catalog::check_spec_version
    pub fn ready_spec_version(
        mut self,
        status_path: impl Into<String>,
        version_field: impl Into<String>,
    ) -> Result<HttpConfig, VariableError> {
        let (path, field) = (status_path.into(), version_field.into());
        if !path.starts_with('/') || path.starts_with("//") {
            return Err(VariableError::invalid(
                ENV_READY_STATUS_PATH,
                &path,
                "expected the path of the API's status document under the base URL, starting \
                 with / (/api/status/)",
            ));
        }
        if field.trim().is_empty() {
            return Err(VariableError::invalid(
                ENV_READY_VERSION_FIELD,
                &field,
                "expected the dotted field of the status document holding the version \
                 (version, info.version)",
            ));
        }
        self.ready_version = Some((path, field.trim().to_string()));
        Ok(self)
    }

    /// Whether a bearer token is required.
    pub fn requires_token(&self) -> bool {
        self.verifier.is_some()
    }
}

/// Binds `addr` (`127.0.0.1:8080`; port 0 for any free port).
pub async fn bind(addr: &str) -> Result<TcpListener, ServeError> {
    TcpListener::bind(addr)
        .await
        .map_err(|e| ServeError::new(format!("cannot listen on {addr}: {e}")))
}

struct State {
    service: StreamableHttpService<McpServer, LocalSessionManager>,
    /// Answers plain tool calls without rmcp's per-request service ([`tool_call`]).
    server: McpServer,
    /// The `Host` names accepted: loopback ones and the configured ones.
    hosts: Vec<String>,
    config: HttpConfig,
    name: String,
    /// One permit per request handled at once.
    requests: Arc<tokio::sync::Semaphore>,
    health: health::Health,
}

impl McpServer {
    /// Serves MCP over Streamable HTTP on `listener` until SIGTERM or SIGINT, then stops
    /// gracefully ([`crate::serve::shutdown`]) and returns `Ok(())`. Fails at once when
    /// `listener` is on a non-loopback address and `config` names no allowed host (every
    /// request would be refused).
    pub async fn serve_http(
        self,
        listener: TcpListener,
        config: HttpConfig,
    ) -> Result<(), ServeError> {
        self.serve_http_until(listener, config, async {
            let which = crate::serve::shutdown::signal().await;
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
        crate::serve::otel::start(&self.server_name())
            .map_err(|e| ServeError::new(e.to_string()))?;
        let grace = self.shutdown_grace_value();
        let state = Arc::new(State {
            name: self.server_name(),
            service: self.http_service(&config),
            hosts: allowed_hosts(&config),
            server: self.client_selection(config.client_selection),
            requests: Arc::new(tokio::sync::Semaphore::new(config.max_requests)),
            config,
            health: health::Health::default(),
        });
        // Each connection holds a receiver: `closing` says when to finish, and its receivers
        // all gone says every connection has.
        let (closing, _) = tokio::sync::watch::channel(false);
        let mut stop = std::pin::pin!(stop);
        loop {
            let accepted = tokio::select! {
                biased;
                () = &mut stop => break,
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
            let state = state.clone();
            let mut finish = closing.subscribe();
            tokio::spawn(async move {
                let service = hyper::service::service_fn(move |req| {
                    let state = state.clone();
                    async move { Ok::<_, Infallible>(admit(&state, req).await) }
                });
                let connection = hyper::server::conn::http1::Builder::new()
                    .serve_connection(hyper_util::rt::TokioIo::new(stream), service);
                let mut connection = std::pin::pin!(connection);
                tokio::select! {
                    _ = connection.as_mut() => return,
                    _ = finish.wait_for(|closing| *closing) => {}
                }
                // The request in progress is answered; then the connection closes.
                connection.as_mut().graceful_shutdown();
                let _ = connection.await;
                drop(finish);
            });
        }
        // Readiness first, then no new connection: a load balancer that probes sees the server
        // leave before it is refused.
        state.health.stop();
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
        // The spans of the calls answered are sent before the process exits.
        crate::serve::otel::flush().await;
        Ok(())
    }

    /// rmcp's Streamable HTTP service over clones of this server (they share the catalog, the
    /// executor and the limit on calls in flight).
    fn http_service(
        &self,
        config: &HttpConfig,
    ) -> StreamableHttpService<McpServer, LocalSessionManager> {
        let rmcp_config = StreamableHttpServerConfig::default()
            .with_allowed_hosts(allowed_hosts(config))
            .with_allowed_origins(config.allowed_origins.clone())
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

/// Loopback names, then the configured ones.
fn allowed_hosts(config: &HttpConfig) -> Vec<String> {
    let mut hosts: Vec<String> = ["localhost", "127.0.0.1", "::1"]
        .into_iter()
        .map(String::from)
        .collect();
    hosts.extend(config.allowed_hosts.iter().cloned());
    hosts
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
                Ok(subject) => subject
                    .zip(token)
                    .map(|(s, t)| crate::serve::credentials::Caller::new(s, t)),
            }
        };
        // The call's caller, for per-user credentials ([`crate::serve::credentials`]).
        if let Some(caller) = caller {
            req.extensions_mut().insert(caller);
        }
    }
    if scrape {
        return metrics(state, &req);
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

fn text(status: StatusCode, message: &str) -> Response<Body> {
    let mut response = Response::new(Full::new(Bytes::from(message.to_string())).boxed());
    *response.status_mut() = status;
    response.headers_mut().insert(
        header::CONTENT_TYPE,
        http::HeaderValue::from_static("text/plain; charset=utf-8"),
    );
    response
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
}
