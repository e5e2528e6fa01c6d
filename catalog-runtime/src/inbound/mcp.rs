//! A [`Catalog`] served as an MCP server on `rmcp` (the official Rust MCP SDK), over stdio
//! ([`McpServer::serve_stdio`], any reader and writer with [`McpServer::serve`]) or Streamable
//! HTTP ([`crate::inbound::transport::http`]).
//!
//! ```ignore
//! let catalog = Catalog::new().tool::<ListTasks>().tool::<GetTask>();
//! let executor = Executor::new(ExecutorConfig::new(base_url).with_catalog_env()?)?;
//! McpServer::new(catalog, executor).serve_stdio().await?;
//! ```
//!
//! How calls are answered:
//!
//! | what happened | answer |
//! |---|---|
//! | the API answered (any status) | a result whose text is [`ApiResponse::to_text`](crate::outbound::executor::ApiResponse::to_text), with `structuredContent` or binary content and the HTTP facts in `_meta` ([`crate::inbound::results::result`]); `isError` when 4xx/5xx |
//! | arguments refused, request not buildable, writes disabled | a result with `isError: true` and the reason; nothing is sent |
//! | unknown tool, or `tools/call` params of the wrong shape | JSON-RPC error -32602, naming the nearest tool |
//! | a connection failure, 429 or 503, for a tool whose `idempotentHint` is true | sent again within the call's timeout ([`crate::outbound::executor::retry`]); the result's `_meta["catalog/attempts"]` counts the attempts |
//! | timeout, connection failure | JSON-RPC error -32603 for that request |
//! | [`McpServer::max_in_flight`] calls already waiting on the API | the call waits for a slot; if none frees within the call's timeout, JSON-RPC error -32603 saying so, and nothing is sent |
//! | the call's `_meta` carries a `progressToken` | `notifications/progress` with that token before the answer: the request sent, each retry, the API's answer, the result ready (`observe/progress.rs`) |
//! | the client cancelled the call (`notifications/cancelled`, or an HTTP stream dropped) | the API request is aborted; no answer, as MCP says |
//!
//! What the stdio transport guarantees (bounded lines, back-pressure, ids) is in
//! [`crate::inbound::transport::stdio`].

pub use crate::inbound::transport::stdio::{
    DEFAULT_MAX_LINE_BYTES, DEFAULT_MAX_PENDING, INTERNAL_ERROR, INVALID_PARAMS, INVALID_REQUEST,
    PARSE_ERROR,
};
use crate::inbound::transport::stdio::{LineLimits, LineTransport};
use crate::observe::metrics::Metrics;
use crate::outbound::executor::{ConfigError, ENV_ALLOW_WRITES, Executor, Writes};
use crate::tools::catalog::Catalog;
use rmcp::model::{Implementation, ServerCapabilities, ServerConfig};
use rmcp::service::ServerInitializeError;
use rmcp::{ErrorData, RoleServer};
use std::fmt;
use std::sync::Arc;
use tokio::io::{AsyncRead, AsyncWrite};
use tokio::sync::Semaphore;
use tool_list::listing;

/// The default number of tool calls waiting on the API at once, per server.
pub const DEFAULT_MAX_IN_FLIGHT: usize = 32;

/// A catalog and an executor, answering MCP `tools/list` and `tools/call`.
#[derive(Clone)]
pub struct McpServer {
    catalog: Arc<Catalog>,
    executor: Executor,
    tools: Arc<Vec<rmcp::model::Tool>>,
    info: ServerConfig,
    limits: LineLimits,
    max_in_flight: usize,
    shutdown_grace: std::time::Duration,
    /// One permit per call allowed to wait on the API; shared by every clone of the server
    /// (each HTTP request is served by a clone).
    calls: Arc<Semaphore>,
    /// What the calls did, for scraping; shared by every clone.
    metrics: Arc<Metrics>,
    /// Which tools are offered ([`crate::inbound::access::selection`]); shared by every clone.
    offer: crate::inbound::access::selection::Offer,
    /// Which calls ask the user first ([`crate::inbound::access::confirm`]).
    confirmation: Arc<crate::inbound::access::confirm::Confirmation>,
    /// The form and the cap of results ([`crate::inbound::results::result_size`]).
    results: Arc<result_settings::ResultSettings>,
    /// Counts the changes of the tools offered, for the `subscriptions/listen` streams of
    /// 2026-07-28 clients ([`ServerHandler::listen`](rmcp::ServerHandler::listen)); shared by
    /// every clone.
    list_changes: Arc<tokio::sync::watch::Sender<u64>>,
    /// The `CATALOG_*` variables [`with_catalog_env`](Self::with_catalog_env) found set,
    /// checked by name at start-up ([`crate::config::setting_names`]).
    set_names: Arc<Vec<String>>,
    /// Each caller's rates and buckets ([`crate::inbound::access::rate_limit`]); shared by every clone.
    rate: Arc<crate::inbound::access::rate_limit::RateLimits>,
    /// The connection this clone serves over stdio (or any reader and writer): its callers'
    /// rate-limit key; `0` for calls made in process.
    connection: u64,
    /// Where each call's record goes ([`crate::observe::audit_log`]); `None`: no audit trail.
    audit: Option<Arc<crate::observe::audit_log::AuditLog>>,
}

/// Who is calling, for the selection a client narrows over HTTP and the confirmation asked
/// through its connection.
#[derive(Default)]
pub(crate) struct Caller<'a> {
    /// The client's own selection ([`crate::inbound::access::selection`]), when it sent one.
    pub(crate) selection: Option<crate::inbound::access::selection::Selection>,
    /// The client's connection, to ask it for a confirmation.
    pub(crate) peer: Option<&'a rmcp::Peer<RoleServer>>,
    /// The MCP revision the client negotiated, which decides the result's form
    /// ([`crate::inbound::results::result_size`]); `None`: the newest.
    pub(crate) revision: Option<&'a str>,
    /// A 2026-07-28 client that can be asked for a confirmation by `input_required`.
    pub(crate) rounds: Option<crate::inbound::access::confirm::Rounds<'a>>,
    /// The call's rate limit was checked already (on the HTTP POST that carried it).
    pub(crate) rate_checked: bool,
    /// Who the HTTP caller is (for the rate limits and the audit trail); `None` over stdio and
    /// in process.
    pub(crate) key: Option<crate::inbound::access::rate_limit::CallerKey>,
    /// Where the call's progress goes, when its request carried a progress token
    /// ([`crate::observe::progress`]).
    pub(crate) progress: Option<crate::observe::progress::Progress>,
}

impl fmt::Debug for McpServer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("McpServer")
            .field("catalog", &self.catalog)
            .field("executor", &self.executor)
            .field("limits", &self.limits)
            .field("max_in_flight", &self.max_in_flight)
            .finish_non_exhaustive()
    }
}

impl McpServer {
    /// Serves `catalog`'s tools, sending their requests through `executor`. The server names
    /// itself after the first tool's spec (title and version) until
    /// [`with_name`](Self::with_name) says otherwise.
    pub fn new(catalog: Catalog, executor: Executor) -> McpServer {
        let file_paths = tool_list::file_paths_allowed();
        let tools = catalog
            .tools()
            .map(|t| {
                let advertised = catalog
                    .advertised_schema(t.name)
                    .unwrap_or(std::borrow::Cow::Borrowed(t.input_schema));
                listing(
                    t.name.to_string(),
                    t.description.to_string(),
                    advertised.as_ref(),
                    catalog.advertised_output_schema(t.name).as_deref(),
                    crate::tools::effects::annotations_of(
                        t.hints(),
                        t.operation.summary.as_deref(),
                    ),
                    file_paths,
                )
            })
            .collect();
        let (name, version) = match catalog.tools().next() {
            Some(t) => (
                t.operation.spec.title.clone(),
                t.operation.spec.version.clone(),
            ),
            None => ("catalog".to_string(), env!("CARGO_PKG_VERSION").to_string()),
        };
        let info = ServerConfig::new(
            ServerCapabilities::builder()
                .enable_tools()
                .enable_tool_list_changed()
                .build(),
        )
        .with_server_info(Implementation::new(name, version));
        McpServer {
            catalog: Arc::new(catalog),
            executor,
            tools: Arc::new(tools),
            info,
            limits: LineLimits::default(),
            max_in_flight: DEFAULT_MAX_IN_FLIGHT,
            shutdown_grace: crate::config::settings::DEFAULT_SHUTDOWN_GRACE,
            calls: Arc::new(Semaphore::new(DEFAULT_MAX_IN_FLIGHT)),
            metrics: Arc::new(Metrics::default()),
            offer: Default::default(),
            confirmation: Default::default(),
            results: Arc::default(),
            list_changes: Arc::new(tokio::sync::watch::Sender::new(0)),
            set_names: Arc::default(),
            rate: Arc::default(),
            connection: 0,
            audit: None,
        }
    }

    /// Offers only the tools `selection` selects ([`crate::inbound::access::selection`]; default: every
    /// tool). Checked against the tools at start-up ([`check_settings`](Self::check_settings)).
    pub fn with_selection(self, selection: crate::inbound::access::selection::Selection) -> Self {
        self.offer.replace(selection);
        self
    }

    /// The selection applied now.
    pub fn selection(&self) -> crate::inbound::access::selection::Selection {
        self.offer.current()
    }

    /// Replaces the selection while the server runs: every client connected over stdio or an
    /// HTTP session, and every `subscriptions/listen` stream of a 2026-07-28 client that asked
    /// for tool list changes, gets `notifications/tools/list_changed` when the tools offered
    /// changed.
    /// A selection naming what the server does not serve is refused, and the one in place
    /// kept.
    pub async fn set_selection(
        &self,
        selection: crate::inbound::access::selection::Selection,
    ) -> Result<(), ConfigError> {
        selection.check(&self.catalog)?;
        let before = self.offer.offered(&self.catalog, None);
        self.offer.replace(selection);
        if self.offer.offered(&self.catalog, None) != before {
            self.list_changes.send_modify(|n| *n = n.wrapping_add(1));
            self.offer.notify().await;
        }
        Ok(())
    }

    /// Which calls ask the user before they are sent ([`crate::inbound::access::confirm`]; default: the
    /// destructive tools' calls, sent unconfirmed when the client cannot ask).
    pub fn confirmation(
        mut self,
        confirmation: crate::inbound::access::confirm::Confirmation,
    ) -> Self {
        self.confirmation = Arc::new(confirmation);
        self
    }

    /// Lets each HTTP client narrow the selection with headers (off by default; see
    /// [`crate::inbound::access::selection`]).
    pub(crate) fn client_selection(mut self, on: bool) -> Self {
        self.offer.client_selection = on;
        self
    }

    /// The caller of a request with these HTTP `headers` (none over stdio), or why its
    /// selection headers are refused.
    pub(crate) fn caller<'a>(
        &self,
        headers: Option<&http::HeaderMap>,
        peer: Option<&'a rmcp::Peer<RoleServer>>,
    ) -> Result<Caller<'a>, ErrorData> {
        let selection = self
            .offer
            .client(&self.catalog, headers)
            .map_err(|e| ErrorData::invalid_params(e.to_string(), None))?;
        Ok(Caller {
            selection,
            peer,
            revision: None,
            rounds: None,
            rate_checked: false,
            key: None,
            progress: None,
        })
    }

    /// The name and version the server gives in `initialize`.
    pub fn with_name(mut self, name: impl Into<String>, version: impl Into<String>) -> Self {
        self.info = self
            .info
            .with_server_info(Implementation::new(name.into(), version.into()));
        self
    }

    /// Instructions the client may show the model.
    pub fn with_instructions(mut self, instructions: impl Into<String>) -> Self {
        self.info = self.info.with_instructions(instructions);
        self
    }

    /// Caps one incoming line (one JSON-RPC message); longer lines are drained and answered
    /// with -32600. Default [`DEFAULT_MAX_LINE_BYTES`].
    pub fn max_line_bytes(mut self, bytes: usize) -> Self {
        self.limits.max_line_bytes = bytes.max(1);
        self
    }

    /// Caps the requests read over stdio whose answer is not written yet (default
    /// [`DEFAULT_MAX_PENDING`]); past it the server stops reading until the client reads.
    pub fn max_pending(mut self, requests: usize) -> Self {
        self.limits.max_pending = requests.max(1);
        self
    }

    /// Caps the tool calls waiting on the API at once (default [`DEFAULT_MAX_IN_FLIGHT`]); a
    /// call past it waits for a slot, within the executor's timeout, which bounds the wait and
    /// the exchange together. A call that gets no slot in time is answered with a JSON-RPC error
    /// -32603 saying the server is busy, and nothing is sent. Shared by every connection (and
    /// HTTP request) of this server; what bounds the calls waiting is the transport's own cap
    /// ([`max_pending`](Self::max_pending) over stdio, the HTTP server's request cap).
    pub fn max_in_flight(mut self, calls: usize) -> Self {
        self.max_in_flight = calls.max(1);
        self.calls = Arc::new(Semaphore::new(self.max_in_flight));
        self
    }

    /// How long the calls in flight get to finish after SIGTERM or SIGINT before the server
    /// stops anyway (default
    /// [`DEFAULT_SHUTDOWN_GRACE`](crate::config::settings::DEFAULT_SHUTDOWN_GRACE); see
    /// [`crate::inbound::transport::shutdown`]).
    pub fn shutdown_grace(mut self, grace: std::time::Duration) -> Self {
        self.shutdown_grace = grace;
        self
    }

    /// The grace [`shutdown_grace`](Self::shutdown_grace) set.
    pub fn shutdown_grace_value(&self) -> std::time::Duration {
        self.shutdown_grace
    }

    /// Limits each caller's calls to `limits` ([`crate::inbound::access::rate_limit`]; default: no
    /// limit). `CATALOG_RATE_LIMIT` and `CATALOG_RATE_LIMIT_TOOLS` set it from the environment.
    pub fn rate_limits(mut self, limits: crate::inbound::access::rate_limit::RateLimits) -> Self {
        self.rate = Arc::new(limits);
        self
    }

    /// Writes one JSON record per `tools/call` to `log` ([`crate::observe::audit_log`]; default:
    /// none). `CATALOG_AUDIT` and `CATALOG_AUDIT_ARGUMENTS` set it from the environment
    /// ([`with_catalog_env`](Self::with_catalog_env)), replacing this one when `CATALOG_AUDIT`
    /// is set.
    pub fn audit(mut self, log: crate::observe::audit_log::AuditLog) -> Self {
        self.audit = Some(Arc::new(log));
        self
    }

    /// Whether calls are audited.
    pub(crate) fn auditing(&self) -> bool {
        self.audit.is_some()
    }

    /// The audit trail, when there is one.
    pub(crate) fn audit_log(&self) -> Option<Arc<crate::observe::audit_log::AuditLog>> {
        self.audit.clone()
    }

    /// Each caller's rates and buckets.
    pub(crate) fn rate(&self) -> &crate::inbound::access::rate_limit::RateLimits {
        &self.rate
    }

    /// Counts a call refused before it reached the call path (an HTTP POST over its caller's
    /// rate): `name` is counted as a tool when the server serves it.
    pub(crate) fn record_refused(&self, name: Option<&str>, cause: &'static str) {
        let served = name.and_then(|n| self.catalog.get(n)).map(|t| t.name);
        self.metrics.record(
            served,
            crate::observe::metrics::Outcome::Refused(cause),
            std::time::Duration::ZERO,
        );
    }

    /// The executor calls are sent through.
    pub fn executor(&self) -> &Executor {
        &self.executor
    }

    /// Applies the server's `CATALOG_*` variables that are set:
    /// [`ENV_MAX_IN_FLIGHT`](crate::config::settings::ENV_MAX_IN_FLIGHT),
    /// [`ENV_MAX_LINE_BYTES`](crate::config::settings::ENV_MAX_LINE_BYTES) and
    /// [`ENV_MAX_PENDING`](crate::config::settings::ENV_MAX_PENDING), each a positive whole
    /// number, and [`ENV_SHUTDOWN_GRACE`](crate::config::settings::ENV_SHUTDOWN_GRACE) (seconds);
    /// anything else is refused with the variable named. The names of the `CATALOG_*`
    /// variables set are kept for [`check_settings`](Self::check_settings), which refuses one
    /// the server does not read ([`crate::config::setting_names`]).
    pub fn with_catalog_env(self) -> Result<Self, ConfigError> {
        let mut server = self.with_env(crate::wire::environment::var)?;
        server.set_names = Arc::new(crate::wire::environment::names(
            crate::config::setting_names::PREFIX,
        ));
        Ok(server)
    }

    /// [`with_catalog_env`](Self::with_catalog_env) reading from `lookup`.
    pub fn with_env(
        mut self,
        lookup: impl Fn(&str) -> Option<String>,
    ) -> Result<Self, ConfigError> {
        use crate::config::settings::{
            ENV_MAX_IN_FLIGHT, ENV_MAX_LINE_BYTES, ENV_MAX_PENDING, positive_count,
        };
        if let Some(v) = lookup(ENV_MAX_IN_FLIGHT) {
            self = self.max_in_flight(positive_count(ENV_MAX_IN_FLIGHT, &v, "tool calls")?);
        }
        if let Some(v) = lookup(ENV_MAX_LINE_BYTES) {
            self = self.max_line_bytes(positive_count(ENV_MAX_LINE_BYTES, &v, "bytes")?);
        }
        if let Some(v) = lookup(ENV_MAX_PENDING) {
            self = self.max_pending(positive_count(ENV_MAX_PENDING, &v, "requests")?);
        }
        if let Some(v) = lookup(crate::config::settings::ENV_SHUTDOWN_GRACE) {
            self = self.shutdown_grace(crate::config::settings::shutdown_grace(&v)?);
        }
        self.offer
            .replace(crate::inbound::access::selection::Selection::from_env(
                &lookup,
            )?);
        self.confirmation = Arc::new(crate::inbound::access::confirm::Confirmation::from_env(
            &lookup,
        )?);
        self.rate = Arc::new(crate::inbound::access::rate_limit::RateLimits::from_env(
            &lookup,
        )?);
        if let Some(log) = crate::observe::audit_log::AuditLog::from_env(&lookup)? {
            self.audit = Some(Arc::new(log));
        }
        self.read_result_env(&lookup)
    }

    /// Checks the settings against the tools served: every `CATALOG_*` variable
    /// [`with_catalog_env`](Self::with_catalog_env) found set must be one the server reads
    /// (by name: [`crate::config::setting_names`]), and every tool `CATALOG_ALLOW_WRITES` and
    /// `CATALOG_NO_RETRY` name must be one of them (the error names the nearest). Serving runs
    /// this first, so a wrong setting stops the server at start-up rather than silently
    /// allowing nothing (or retrying what was meant not to be).
    pub fn check_settings(&self) -> Result<(), ConfigError> {
        crate::config::setting_names::check(&self.catalog, self.set_names.iter())?;
        if let Writes::Tools(names) = self.executor.writes() {
            crate::inbound::access::tool_names::check_tool_names(
                &self.catalog,
                ENV_ALLOW_WRITES,
                names,
            )?;
        }
        crate::inbound::access::tool_names::check_tool_names(
            &self.catalog,
            crate::config::settings::ENV_NO_RETRY,
            &self.executor.retry_policy().off,
        )?;
        let selection = self.offer.current();
        selection.check(&self.catalog)?;
        if selection.is_read_only() && *self.executor.writes() != Writes::Refused {
            return Err(ConfigError::new(format!(
                "{}=1 offers no tool that writes, and {ENV_ALLOW_WRITES} enables writes: unset \
                 one of the two",
                crate::inbound::access::selection::ENV_READ_ONLY
            )));
        }
        self.confirmation.check(&self.catalog)?;
        crate::inbound::access::tool_names::check_tool_names(
            &self.catalog,
            crate::inbound::access::rate_limit::ENV_RATE_LIMIT_TOOLS,
            self.rate.tool_names(),
        )?;
        self.check_result_settings()
    }

    /// The catalog served.
    pub fn catalog(&self) -> &Catalog {
        &self.catalog
    }

    /// What `tools/list` costs a model's context: each tool's JSON size in bytes and an
    /// estimate in tokens, in list order, and the total.
    pub fn budget(&self) -> Budget {
        let tools = self
            .tools
            .iter()
            .map(|t| {
                let bytes = serde_json::to_vec(&self.as_listed(t)).map_or(0, |v| v.len());
                (t.name.to_string(), bytes)
            })
            .collect();
        Budget { tools }
    }

    /// The name the server gives in `initialize`.
    pub fn server_name(&self) -> String {
        self.info.server_info.name.clone()
    }

    /// The cap on one incoming message (a stdio line, an HTTP request body).
    pub fn max_line_bytes_value(&self) -> usize {
        self.limits.max_line_bytes
    }

    /// The Prometheus text of what this server's calls did (see [`crate::observe::metrics`]): the
    /// HTTP server answers `GET /metrics` with it; over stdio an application exposes it itself.
    pub fn metrics(&self) -> String {
        let in_flight = self
            .max_in_flight
            .saturating_sub(self.calls.available_permits());
        let mut text = self.metrics.render(in_flight, self.max_in_flight);
        self.rate.render_store(&mut text);
        text
    }

    /// Serves MCP over this process's stdin and stdout until stdin closes, or until SIGTERM or
    /// SIGINT: then no further input is read, the requests read are answered (within the
    /// [`shutdown_grace`](Self::shutdown_grace)), and it returns `Ok(())`.
    ///
    /// stdio has one client: a current-thread runtime (`#[tokio::main(flavor =
    /// "current_thread")]`) serves it with about half the CPU per call of a multi-thread one,
    /// since no call then wakes another thread (the serving bench in `BENCHMARKS.md`).
    pub async fn serve_stdio(self) -> Result<(), ServeError> {
        let (read, write) = rmcp::transport::stdio_pipes();
        self.serve_until(read, write, async {
            let which = crate::inbound::transport::shutdown::signal().await;
            eprintln!("catalog: {which} received");
        })
        .await
    }

    /// Serves MCP over any reader and writer (a pipe, a socket, an in-memory duplex) until the
    /// reader ends.
    pub async fn serve<R, W>(self, read: R, write: W) -> Result<(), ServeError>
    where
        R: AsyncRead + Send + Unpin + 'static,
        W: AsyncWrite + Send + Unpin + 'static,
    {
        self.serve_until(read, write, std::future::pending()).await
    }

    /// [`serve`](Self::serve), stopping gracefully when `stop` resolves: no further input is
    /// read, the requests read are answered (within the
    /// [`shutdown_grace`](Self::shutdown_grace)), then it returns.
    pub async fn serve_until<R, W>(
        self,
        read: R,
        write: W,
        stop: impl std::future::Future<Output = ()> + Send + 'static,
    ) -> Result<(), ServeError>
    where
        R: AsyncRead + Send + Unpin + 'static,
        W: AsyncWrite + Send + Unpin + 'static,
    {
        self.check_settings()
            .map_err(|e| ServeError(e.to_string()))?;
        crate::observe::otel::start(&self.server_name()).map_err(|e| ServeError(e.to_string()))?;
        let audit = self.audit.clone();
        if let Some(audit) = &audit {
            audit.start(&self.server_name());
        }
        let (stopped, stop_rx) = tokio::sync::watch::channel(false);
        let signal = tokio::spawn(async move {
            stop.await;
            let _ = stopped.send(true);
            // Kept: the transport reads a closed channel as "serve until the input ends".
            std::future::pending::<()>().await;
        });
        // Each connection is one caller for the rate limits: over stdio, the process.
        static CONNECTIONS: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(1);
        let mut server = self;
        server.connection = CONNECTIONS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let (transport, writer) = LineTransport::new(read, write, server.limits);
        let transport = transport.with_stop(stop_rx, server.shutdown_grace);
        let outcome = match rmcp::serve_server(server, transport).await {
            Ok(running) => running
                .waiting()
                .await
                .map(|_| ())
                .map_err(|e| ServeError(e.to_string())),
            // A client that leaves before initializing is not a server failure.
            Err(ServerInitializeError::ConnectionClosed(_)) => Ok(()),
            Err(e) => Err(ServeError(e.to_string())),
        };
        signal.abort();
        // Whatever was queued (a last error reply) is written before returning.
        let _ = writer.await;
        // The spans of the calls answered, and their audit records, are sent before the
        // process exits.
        crate::observe::otel::flush().await;
        if let Some(audit) = audit {
            audit.flush().await;
        }
        outcome
    }
}

/// Why serving stopped with an error.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ServeError(String);

impl fmt::Display for ServeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "MCP server: {}", self.0)
    }
}

impl std::error::Error for ServeError {}

impl ServeError {
    pub(crate) fn new(message: impl Into<String>) -> ServeError {
        ServeError(message.into())
    }
}

impl McpServer {
    /// Checks what this server's `tools/list` costs against `limits` ([`Budget::check`]).
    pub fn check_budget(&self, limits: Limits) -> Result<(), OverBudget> {
        self.budget().check(limits)
    }
}

mod budget_gate;
mod call;
mod handler;
mod result_settings;
mod results;
mod tool_list;
pub use budget_gate::{Limits, OverBudget};
pub use result_settings::DEFAULT_LIST_TTL;
pub use tool_list::Budget;
#[cfg(test)]
mod tests;
