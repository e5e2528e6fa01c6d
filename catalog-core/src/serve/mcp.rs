//! A [`Catalog`] served as an MCP server on `rmcp` (the official Rust MCP SDK), over stdio
//! ([`McpServer::serve_stdio`], any reader and writer with [`McpServer::serve`]) or Streamable
//! HTTP ([`crate::serve::http`]).
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
//! | the API answered (any status) | a result whose text is [`ApiResponse::to_text`](crate::serve::executor::ApiResponse::to_text), with `structuredContent` or binary content and the HTTP facts in `_meta` ([`crate::serve::result`]); `isError` when 4xx/5xx |
//! | arguments refused, request not buildable, writes disabled | a result with `isError: true` and the reason; nothing is sent |
//! | unknown tool, or `tools/call` params of the wrong shape | JSON-RPC error -32602, naming the nearest tool |
//! | a connection failure, 429 or 503, for a tool whose `idempotentHint` is true | sent again within the call's timeout ([`crate::serve::executor::retry`]); the result's `_meta["catalog/attempts"]` counts the attempts |
//! | timeout, connection failure | JSON-RPC error -32603 for that request |
//! | [`McpServer::max_in_flight`] calls already waiting on the API | the call waits for a slot; if none frees within the call's timeout, JSON-RPC error -32603 saying so, and nothing is sent |
//! | the client cancelled the call (`notifications/cancelled`, or an HTTP stream dropped) | the API request is aborted; no answer, as MCP says |
//!
//! What the stdio transport guarantees (bounded lines, back-pressure, ids) is in
//! [`crate::serve::line`].

use crate::model::Operation;
use crate::present::schema::input_schema;
use crate::present::tool_text::{tool_description, tool_name};
use crate::serve::catalog::{CallError, Catalog};
use crate::serve::effects::Effects;
use crate::serve::executor::{ConfigError, ENV_ALLOW_WRITES, ExecuteError, Executor, Writes};
pub use crate::serve::line::{
    DEFAULT_MAX_LINE_BYTES, DEFAULT_MAX_PENDING, INTERNAL_ERROR, INVALID_PARAMS, INVALID_REQUEST,
    PARSE_ERROR,
};
use crate::serve::line::{LineLimits, LineTransport};
use crate::serve::metrics::{Metrics, Outcome};
use crate::serve::trace::Context;
use rmcp::model::{
    CallToolRequestParams, CallToolResponse, CallToolResult, ContentBlock, Implementation,
    JsonObject, ListToolsResult, PaginatedRequestParams, ServerCapabilities, ServerConfig,
};
use rmcp::service::{RequestContext, ServerInitializeError};
use rmcp::{ErrorData, RoleServer, ServerHandler};
use serde_json::Value;
use std::fmt;
use std::sync::Arc;
use tokio::io::{AsyncRead, AsyncWrite};
use tokio::sync::Semaphore;

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
    /// Which tools are offered ([`crate::serve::selection`]); shared by every clone.
    offer: crate::serve::selection::Offer,
    /// Which calls ask the user first ([`crate::serve::confirm`]).
    confirmation: Arc<crate::serve::confirm::Confirmation>,
    /// The form and the cap of results ([`crate::serve::result_size`]).
    results: Arc<results::ResultSettings>,
}

/// Who is calling, for the selection a client narrows over HTTP and the confirmation asked
/// through its connection.
#[derive(Default)]
pub(crate) struct Caller<'a> {
    /// The client's own selection ([`crate::serve::selection`]), when it sent one.
    pub(crate) selection: Option<crate::serve::selection::Selection>,
    /// The client's connection, to ask it for a confirmation.
    pub(crate) peer: Option<&'a rmcp::Peer<RoleServer>>,
    /// The MCP revision the client negotiated, which decides the result's form
    /// ([`crate::serve::result_size`]); `None`: the newest.
    pub(crate) revision: Option<&'a str>,
    /// A 2026-07-28 client that can be asked for a confirmation by `input_required`.
    pub(crate) rounds: Option<crate::serve::confirm::Rounds<'a>>,
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
                    crate::serve::effects::annotations(&t),
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
            shutdown_grace: crate::serve::settings::DEFAULT_SHUTDOWN_GRACE,
            calls: Arc::new(Semaphore::new(DEFAULT_MAX_IN_FLIGHT)),
            metrics: Arc::new(Metrics::default()),
            offer: Default::default(),
            confirmation: Default::default(),
            results: Arc::default(),
        }
    }

    /// Offers only the tools `selection` selects ([`crate::serve::selection`]; default: every
    /// tool). Checked against the tools at start-up ([`check_settings`](Self::check_settings)).
    pub fn with_selection(self, selection: crate::serve::selection::Selection) -> Self {
        self.offer.replace(selection);
        self
    }

    /// The selection applied now.
    pub fn selection(&self) -> crate::serve::selection::Selection {
        self.offer.current()
    }

    /// Replaces the selection while the server runs: every client connected over stdio or an
    /// HTTP session gets `notifications/tools/list_changed` when the tools offered changed.
    /// A selection naming what the server does not serve is refused, and the one in place
    /// kept.
    pub async fn set_selection(
        &self,
        selection: crate::serve::selection::Selection,
    ) -> Result<(), ConfigError> {
        selection.check(&self.catalog)?;
        let before = self.offer.offered(&self.catalog, None);
        self.offer.replace(selection);
        if self.offer.offered(&self.catalog, None) != before {
            self.offer.notify().await;
        }
        Ok(())
    }

    /// Which calls ask the user before they are sent ([`crate::serve::confirm`]; default: the
    /// destructive tools' calls, sent unconfirmed when the client cannot ask).
    pub fn confirmation(mut self, confirmation: crate::serve::confirm::Confirmation) -> Self {
        self.confirmation = Arc::new(confirmation);
        self
    }

    /// Lets each HTTP client narrow the selection with headers (off by default; see
    /// [`crate::serve::selection`]).
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
            .map_err(|e| ErrorData::invalid_params(e, None))?;
        Ok(Caller {
            selection,
            peer,
            revision: None,
            rounds: None,
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
    /// [`DEFAULT_SHUTDOWN_GRACE`](crate::serve::settings::DEFAULT_SHUTDOWN_GRACE); see
    /// [`crate::serve::shutdown`]).
    pub fn shutdown_grace(mut self, grace: std::time::Duration) -> Self {
        self.shutdown_grace = grace;
        self
    }

    /// The grace [`shutdown_grace`](Self::shutdown_grace) set.
    pub fn shutdown_grace_value(&self) -> std::time::Duration {
        self.shutdown_grace
    }

    /// The executor calls are sent through.
    pub fn executor(&self) -> &Executor {
        &self.executor
    }

    /// Applies the server's `CATALOG_*` variables that are set:
    /// [`ENV_MAX_IN_FLIGHT`](crate::serve::settings::ENV_MAX_IN_FLIGHT),
    /// [`ENV_MAX_LINE_BYTES`](crate::serve::settings::ENV_MAX_LINE_BYTES) and
    /// [`ENV_MAX_PENDING`](crate::serve::settings::ENV_MAX_PENDING), each a positive whole
    /// number, and [`ENV_SHUTDOWN_GRACE`](crate::serve::settings::ENV_SHUTDOWN_GRACE) (seconds);
    /// anything else is refused with the variable named.
    pub fn with_catalog_env(self) -> Result<Self, ConfigError> {
        self.with_env(|name| std::env::var(name).ok())
    }

    /// [`with_catalog_env`](Self::with_catalog_env) reading from `lookup`.
    pub fn with_env(
        mut self,
        lookup: impl Fn(&str) -> Option<String>,
    ) -> Result<Self, ConfigError> {
        use crate::serve::settings::{
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
        if let Some(v) = lookup(crate::serve::settings::ENV_SHUTDOWN_GRACE) {
            self = self.shutdown_grace(crate::serve::settings::shutdown_grace(&v)?);
        }
        self.offer
            .replace(crate::serve::selection::Selection::from_env(&lookup)?);
        self.confirmation = Arc::new(crate::serve::confirm::Confirmation::from_env(&lookup)?);
        self.read_result_env(&lookup)
    }

    /// Checks the settings against the tools served: every tool `CATALOG_ALLOW_WRITES` and
    /// `CATALOG_NO_RETRY` name must be one of them (the error names the nearest). Serving runs
    /// this first, so a wrong setting stops the server at start-up rather than silently
    /// allowing nothing (or retrying what was meant not to be).
    pub fn check_settings(&self) -> Result<(), ConfigError> {
        if let Writes::Tools(names) = self.executor.writes() {
            crate::serve::settings::check_tool_names(&self.catalog, ENV_ALLOW_WRITES, names)?;
        }
        crate::serve::settings::check_tool_names(
            &self.catalog,
            crate::serve::settings::ENV_NO_RETRY,
            &self.executor.retry_policy().off,
        )?;
        let selection = self.offer.current();
        selection.check(&self.catalog)?;
        if selection.is_read_only() && *self.executor.writes() != Writes::Refused {
            return Err(ConfigError::new(format!(
                "{}=1 offers no tool that writes, and {ENV_ALLOW_WRITES} enables writes: unset \
                 one of the two",
                crate::serve::selection::ENV_READ_ONLY
            )));
        }
        self.confirmation.check(&self.catalog)?;
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

    /// Answers one `tools/call`, as the MCP handler does for a client on the newest revision,
    /// and counts it in the [`metrics`](Self::metrics).
    pub async fn call(
        &self,
        name: &str,
        arguments: Option<JsonObject>,
    ) -> Result<CallToolResult, ErrorData> {
        self.call_as(
            name,
            arguments,
            rmcp::model::ProtocolVersion::LATEST.as_str(),
        )
        .await
    }

    /// [`call`](Self::call) for a client that negotiated MCP revision `revision`
    /// (`2025-03-26`, `2025-06-18`, ...), which decides the result's form
    /// ([`crate::serve::result_size`]).
    pub async fn call_as(
        &self,
        name: &str,
        arguments: Option<JsonObject>,
        revision: &str,
    ) -> Result<CallToolResult, ErrorData> {
        self.call_traced(
            name,
            arguments,
            Context::default(),
            Caller {
                revision: Some(revision),
                ..Caller::default()
            },
        )
        .await
    }

    /// [`call`](Self::call), its API requests continuing the caller's `trace`.
    pub(crate) async fn call_traced(
        &self,
        name: &str,
        arguments: Option<JsonObject>,
        trace: Context,
        caller: Caller<'_>,
    ) -> Result<CallToolResult, ErrorData> {
        let started = std::time::Instant::now();
        let form = self.results.form.for_revision(caller.revision);
        // Its span ([`crate::serve::span`]) carries the trace into the API requests.
        let operation = self.catalog.get(name).map(|t| t.operation);
        let (answer, outcome, served) = crate::serve::span::run(
            name,
            operation,
            trace,
            self.call_counted(name, arguments, caller, form),
        )
        .await;
        self.metrics.record(served, outcome, started.elapsed());
        answer
    }

    /// The Prometheus text of what this server's calls did (see [`crate::serve::metrics`]): the
    /// HTTP server answers `GET /metrics` with it; over stdio an application exposes it itself.
    pub fn metrics(&self) -> String {
        let in_flight = self
            .max_in_flight
            .saturating_sub(self.calls.available_permits());
        self.metrics.render(in_flight, self.max_in_flight)
    }

    async fn call_counted(
        &self,
        name: &str,
        arguments: Option<JsonObject>,
        caller: Caller<'_>,
        form: crate::serve::result_size::Form,
    ) -> (
        Result<CallToolResult, ErrorData>,
        Outcome,
        Option<&'static str>,
    ) {
        // A tool the selection does not offer is unknown to the caller; a confirmation is
        // asked before the call waits for a slot, so no slot is held while a person decides.
        let arguments = arguments.unwrap_or_default();
        let offered = self.catalog.get(name).filter(|t| {
            self.offer
                .offers(&self.catalog, t, caller.selection.as_ref())
        });
        if let Some(tool) = &offered
            && let Some(refused) = self.confirm(tool, &arguments, &caller).await
        {
            return refused;
        }
        // Held, not refused: the call waits for a slot, and the one timeout bounds the wait and
        // the exchange together. Refused only when no slot frees in time: the agent learns to
        // wait, not to fix its arguments.
        let timeout = self.executor.timeout();
        let deadline = tokio::time::Instant::now() + timeout;
        let Ok(Ok(_permit)) = tokio::time::timeout_at(deadline, self.calls.acquire()).await else {
            let busy = ErrorData::internal_error(
                format!(
                    "the server is busy: {} waiting on the API, the most it allows at once, for \
                     the whole {} s timeout; retry when one has finished",
                    match self.max_in_flight {
                        1 => "1 tool call was".to_string(),
                        n => format!("{n} tool calls were"),
                    },
                    timeout.as_secs_f64()
                ),
                None,
            );
            let served = self.catalog.get(name).map(|t| t.name);
            return (Err(busy), Outcome::Busy, served);
        };
        let args = Value::Object(arguments);
        let Some(tool) = offered else {
            let names = self.offer.offered(&self.catalog, caller.selection.as_ref());
            let e = crate::serve::selection::unknown(name, names.into_iter());
            return (call_error(e), Outcome::Refused("unknown_tool"), None);
        };
        let cap = self.results.caps.bytes(tool.name);
        if tool.is_composite() {
            return match self
                .catalog
                .run_until(&self.executor, name, args, deadline.into_std())
                .await
            {
                Ok(value) => (
                    Ok(crate::serve::result::sized_result(
                        &tool,
                        crate::serve::result::Answer::Value(&value),
                        form,
                        cap,
                    )),
                    Outcome::Answered(200),
                    Some(tool.name),
                ),
                Err(e) => {
                    let outcome = outcome_of(&e);
                    // An API error's body is in the text and `_meta`: held to the cap too.
                    let result =
                        call_error(e).map(|r| crate::serve::result_size::fit(r, cap, None));
                    (result, outcome, Some(tool.name))
                }
            };
        }
        // The body is read within what the tool's result cap leaves for it.
        let executor = self
            .executor
            .capped(self.results.caps.body_bytes(tool.name, form));
        match self
            .catalog
            .call_until(&executor, name, args, deadline.into_std())
            .await
        {
            Ok(response) => (
                {
                    crate::serve::span::note_response(&response.body);
                    Ok(crate::serve::result::sized_result(
                        &tool,
                        crate::serve::result::Answer::Api(&response),
                        form,
                        cap,
                    ))
                },
                Outcome::Answered(response.status.as_u16()),
                Some(tool.name),
            ),
            Err(e) => {
                let outcome = outcome_of(&e);
                (call_error(e), outcome, Some(tool.name))
            }
        }
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
            let which = crate::serve::shutdown::signal().await;
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
        crate::serve::otel::start(&self.server_name()).map_err(|e| ServeError(e.to_string()))?;
        let (stopped, stop_rx) = tokio::sync::watch::channel(false);
        let signal = tokio::spawn(async move {
            stop.await;
            let _ = stopped.send(true);
            // Kept: the transport reads a closed channel as "serve until the input ends".
            std::future::pending::<()>().await;
        });
        let (transport, writer) = LineTransport::new(read, write, self.limits);
        let transport = transport.with_stop(stop_rx, self.shutdown_grace);
        let outcome = match rmcp::serve_server(self, transport).await {
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
        // The spans of the calls answered are sent before the process exits.
        crate::serve::otel::flush().await;
        outcome
    }
}

impl McpServer {
    /// Asks for the confirmation a call of `tool` needs; `None` when the call goes on.
    async fn confirm(
        &self,
        tool: &crate::serve::catalog::ToolInfo,
        arguments: &JsonObject,
        caller: &Caller<'_>,
    ) -> Option<(
        Result<CallToolResult, ErrorData>,
        Outcome,
        Option<&'static str>,
    )> {
        let name = tool.name;
        if !self.confirmation.needs(tool) {
            return None;
        }
        // A call the server refuses anyway (writes disabled, wrong arguments) asks nothing: it
        // goes on to be refused with its reason.
        let writes_allowed = tool.read_only() || self.executor.writes().allows(tool.name);
        let buildable = self
            .catalog
            .request(name, Value::Object(arguments.clone()))
            .is_ok();
        if !writes_allowed || !buildable {
            return None;
        }
        let refused = crate::serve::confirm::ask(
            &self.confirmation,
            tool,
            arguments,
            caller.peer,
            caller.rounds.as_ref(),
        )
        .await?;
        Some((
            Ok(refused),
            Outcome::Refused("not_confirmed"),
            Some(tool.name),
        ))
    }
}

/// How a call that the API did not answer ended, for the metrics.
fn outcome_of(e: &CallError) -> Outcome {
    match e {
        CallError::UnknownTool { .. } => Outcome::Refused("unknown_tool"),
        CallError::Arguments(_) => Outcome::Refused("arguments"),
        CallError::Request(_) => Outcome::Refused("request"),
        CallError::Execute(ExecuteError::WritesDisabled { .. }) => {
            Outcome::Refused("writes_disabled")
        }
        CallError::Execute(ExecuteError::InvalidRequest(_)) => Outcome::Refused("invalid_request"),
        CallError::Execute(ExecuteError::Undeclared(_)) => Outcome::Refused("undeclared"),
        CallError::Execute(ExecuteError::Timeout(_)) => Outcome::Failed("timeout"),
        CallError::Execute(ExecuteError::Transport(_)) => Outcome::Failed("transport"),
        CallError::Execute(ExecuteError::Credentials(_)) => Outcome::Failed("credentials"),
        CallError::Execute(ExecuteError::CallerCredential(_)) => {
            Outcome::Refused("caller_credential")
        }
        CallError::Composite(e) => crate::serve::composite::result::outcome_of(e, outcome_of),
    }
}

fn call_error(e: CallError) -> Result<CallToolResult, ErrorData> {
    let message = e.to_string();
    match e {
        CallError::UnknownTool { .. } => Err(ErrorData::invalid_params(message, None)),
        CallError::Execute(
            ExecuteError::Timeout(_) | ExecuteError::Transport(_) | ExecuteError::Credentials(_),
        ) => Err(ErrorData::internal_error(message, None)),
        CallError::Composite(e) => Ok(crate::serve::composite::result::error_result(&e)),
        CallError::Arguments(_)
        | CallError::Request(_)
        | CallError::Execute(
            ExecuteError::WritesDisabled { .. }
            | ExecuteError::InvalidRequest(_)
            | ExecuteError::Undeclared(_)
            | ExecuteError::CallerCredential(_),
        ) => Ok(CallToolResult::error(vec![ContentBlock::text(message)])),
    }
}

impl ServerHandler for McpServer {
    fn get_info(&self) -> ServerConfig {
        self.info.clone()
    }

    async fn list_tools(
        &self,
        _request: Option<PaginatedRequestParams>,
        context: RequestContext<RoleServer>,
    ) -> Result<ListToolsResult, ErrorData> {
        let headers = context
            .extensions
            .get::<http::request::Parts>()
            .map(|parts| &parts.headers);
        let caller = self.caller(headers, None)?;
        let offered = self.offer.offered(&self.catalog, caller.selection.as_ref());
        let list = ListToolsResult::with_all_items(
            self.tools
                .iter()
                .filter(|t| offered.contains(&t.name.as_ref()))
                .map(|t| self.as_listed(t))
                .collect(),
        );
        Ok(self.with_cache_hints(list, context.protocol_version().as_ref()))
    }

    async fn on_initialized(&self, context: rmcp::service::NotificationContext<RoleServer>) {
        self.offer.add_peer(context.peer);
    }

    async fn call_tool(
        &self,
        request: CallToolRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, ErrorData> {
        // Cancelled (`notifications/cancelled`, a dropped HTTP stream): dropping the call drops
        // the API request with it. rmcp sends no answer for a cancelled request.
        // The call's `_meta` (rmcp hands it over in the context), else the HTTP POST's own
        // headers ([`crate::serve::trace`]).
        let meta = request.meta.as_ref().unwrap_or(&context.meta);
        let from_meta = Context::from_values(meta.get_traceparent(), meta.get_tracestate());
        let from_headers = context
            .extensions
            .get::<http::request::Parts>()
            .map_or_else(Context::default, |parts| {
                let header = |name: &str| parts.headers.get(name).and_then(|v| v.to_str().ok());
                Context::from_values(header("traceparent"), header("tracestate"))
            });
        let trace = from_meta.or(from_headers);
        let headers = context
            .extensions
            .get::<http::request::Parts>()
            .map(|parts| &parts.headers);
        let revision = context.protocol_version();
        let mut caller = self.caller(headers, Some(&context.peer))?;
        caller.revision = revision.as_ref().map(rmcp::model::ProtocolVersion::as_str);
        // A client on 2026-07-28 or later is asked for a confirmation by `input_required`, when
        // it declared form elicitation on the request.
        let asked = std::sync::Mutex::new(None);
        let current = revision
            .as_ref()
            .is_some_and(|r| *r >= rmcp::model::ProtocolVersion::V_2026_07_28);
        let elicits = context
            .client_capabilities()
            .and_then(|c| c.elicitation)
            .is_some_and(|e| e.form.is_some() || e.url.is_none());
        if current && elicits {
            caller.rounds = Some(crate::serve::confirm::Rounds {
                responses: request.input_responses.as_ref(),
                asked: &asked,
            });
        }
        // The verified caller the HTTP server put on the request, for per-user credentials.
        let verified = context
            .extensions
            .get::<http::request::Parts>()
            .and_then(|parts| parts.extensions.get::<crate::serve::credentials::Caller>())
            .cloned();
        let call = crate::serve::credentials::per_user::scope(
            verified,
            self.call_traced(&request.name, request.arguments, trace, caller),
        );
        let answer = tokio::select! {
            result = call => result,
            () = context.ct.cancelled() => Err(ErrorData::internal_error("the call was cancelled", None)),
        }?;
        match asked.into_inner().unwrap_or_else(|e| e.into_inner()) {
            Some(question) => Ok(CallToolResponse::InputRequired(question)),
            None => Ok(answer.into()),
        }
    }
}

/// One tool as `tools/list` gives it: the one place a listing is written, for the server and for
/// [`Budget::of_operations`].
fn listing(
    name: String,
    description: String,
    input: &Value,
    output: Option<&Value>,
    annotations: rmcp::model::ToolAnnotations,
) -> rmcp::model::Tool {
    let input: JsonObject = match input {
        Value::Object(m) => m.clone(),
        // The macro always emits an object schema; anything else would be a bug, and an empty
        // object schema is still valid for clients.
        _ => JsonObject::new(),
    };
    let annotations = compact_annotations(annotations, &description);
    let mut tool = rmcp::model::Tool::new(name, description, input);
    if annotations != rmcp::model::ToolAnnotations::default() {
        tool = tool.with_annotations(annotations);
    }
    // Within its budget, so that no output schema dominates the list.
    let output = output.map(|o| {
        crate::present::output_budget::output_schema_within(
            o,
            crate::present::output_budget::DEFAULT_OUTPUT_SCHEMA_BYTES,
        )
    });
    if let Some(Value::Object(output)) = output {
        tool.output_schema = Some(Arc::new(output));
    }
    tool
}

/// `a` as the list carries it: the hints that say something the specification's defaults do
/// not (`readOnlyHint` false, `destructiveHint` true, `idempotentHint` false, `openWorldHint`
/// true; the destructive and idempotent hints mean nothing for a read-only tool), and the title
/// unless the description already starts with it. A client that reads the annotations as the
/// specification defines them reads the same hints.
fn compact_annotations(
    mut a: rmcp::model::ToolAnnotations,
    description: &str,
) -> rmcp::model::ToolAnnotations {
    let read_only = a.read_only_hint == Some(true);
    let said = |hint: Option<bool>, default: bool| hint.filter(|&h| h != default);
    a.read_only_hint = said(a.read_only_hint, false);
    a.destructive_hint = if read_only {
        None
    } else {
        said(a.destructive_hint, true)
    };
    a.idempotent_hint = if read_only {
        None
    } else {
        said(a.idempotent_hint, false)
    };
    a.open_world_hint = said(a.open_world_hint, true);
    let repeats = |title: &String| {
        let title = title.trim().trim_end_matches('.');
        !title.is_empty() && description.trim_start().starts_with(title)
    };
    if a.title.as_ref().is_some_and(repeats) {
        a.title = None;
    }
    a
}

/// The size of a server's `tools/list`, per tool (see [`McpServer::budget`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Budget {
    /// Each tool's name and the bytes of its JSON in `tools/list`.
    pub tools: Vec<(String, usize)>,
}

impl Budget {
    /// All tools' bytes together (the list's own brackets and commas aside).
    pub fn total_bytes(&self) -> usize {
        self.tools.iter().map(|(_, b)| b).sum()
    }

    /// A token estimate for `bytes` of JSON: one token per four bytes, rounded up (the usual
    /// rule of thumb for English and JSON with common tokenizers; it is an estimate, not a
    /// count).
    pub fn tokens(bytes: usize) -> usize {
        bytes.div_ceil(4)
    }

    /// What `tools/list` would cost with one tool per operation of `ops`, each as `catalog
    /// scaffold` writes it (every parameter a field, the spec's descriptions, effects from the
    /// method) and a server lists it by default (no `outputSchema`: see
    /// [`McpServer::advertise_output_schemas`]): an upper bound for a catalog over the spec
    /// before any tool is written. Operations no tool can wrap are left out.
    pub fn of_operations<O: std::borrow::Borrow<Operation>>(
        ops: impl IntoIterator<Item = O>,
    ) -> Budget {
        let tools = ops
            .into_iter()
            .filter(|op| op.borrow().is_supported())
            .map(|op| {
                let op = &scaffolded(op.borrow());
                let name = tool_name(None, op.id.as_deref(), &op.key());
                let hints = crate::serve::effects::hints(&op.method, &Effects::FROM_METHOD);
                let tool = listing(
                    name.clone(),
                    tool_description(None, op, hints.semantics),
                    &input_schema(op),
                    None,
                    crate::serve::effects::annotations_of(hints, op.summary.as_deref()),
                );
                (name, serde_json::to_vec(&tool).map_or(0, |v| v.len()))
            })
            .collect();
        Budget { tools }
    }
}

/// `op` accounted as `catalog scaffold` writes a tool for it: every parameter Set, its argument
/// named as on the wire. An operation from the index has no accounting, and without one its
/// input schema would offer no argument at all.
fn scaffolded(op: &Operation) -> Operation {
    let mut op = op.clone();
    if op.accounting.is_empty() {
        op.accounting = op
            .params
            .iter()
            .map(|param| crate::model::Accounted {
                param: param.clone(),
                disposition: crate::model::Disposition::Set {
                    argument: param.name.clone(),
                    field: heck::ToSnakeCase::to_snake_case(param.name.as_str()),
                },
                null: None,
                overridden: None,
            })
            .collect();
    }
    op
}

impl fmt::Display for Budget {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let width = self.tools.iter().map(|(n, _)| n.len()).max().unwrap_or(0);
        for (name, bytes) in &self.tools {
            writeln!(
                f,
                "{name:<width$}  {bytes:>7} bytes  ~{:>6} tokens",
                Budget::tokens(*bytes)
            )?;
        }
        let total = self.total_bytes();
        write!(
            f,
            "{} tools: {total} bytes, ~{} tokens in tools/list",
            self.tools.len(),
            Budget::tokens(total)
        )
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

mod budget_gate;
mod results;
pub use budget_gate::{Limits, OverBudget};
pub use results::DEFAULT_LIST_TTL;
#[cfg(test)]
mod tests;
