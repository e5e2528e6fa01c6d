//! A [`Catalog`] served as an MCP server over stdio, on `rmcp` (the official Rust MCP SDK).
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
//! | the API answered (any status) | a result whose text is [`ApiResponse::to_text`]; `isError` when 4xx/5xx |
//! | arguments refused, request not buildable, writes disabled | a result with `isError: true` and the reason; nothing is sent |
//! | unknown tool, or `tools/call` params of the wrong shape | JSON-RPC error -32602, naming the nearest tool |
//! | timeout, connection failure | JSON-RPC error -32603 for that request |
//!
//! The transport reads stdin line by line with a bound ([`DEFAULT_MAX_LINE_BYTES`], set with
//! [`McpServer::max_line_bytes`]): a longer line is drained, never buffered, and answered with
//! -32600; a line that is not JSON gets -32700 with id null; JSON that is not a JSON-RPC message
//! gets -32600. Every per-line error is answered and the server keeps reading.

use crate::serve::catalog::{CallError, Catalog};
use crate::serve::executor::{ApiResponse, ExecuteError, Executor};
use rmcp::model::{
    CallToolRequestParams, CallToolResponse, CallToolResult, ClientRequest, ContentBlock,
    Implementation, JsonObject, JsonRpcMessage, JsonRpcRequest, ListToolsResult,
    PaginatedRequestParams, ServerCapabilities, ServerConfig, ToolAnnotations,
};
use rmcp::service::{RequestContext, RxJsonRpcMessage, ServerInitializeError, TxJsonRpcMessage};
use rmcp::transport::Transport;
use rmcp::{ErrorData, RoleServer, ServerHandler};
use serde_json::{Value, json};
use std::fmt;
use std::sync::Arc;
use tokio::io::{AsyncBufReadExt, AsyncRead, AsyncWrite, AsyncWriteExt, BufReader};
use tokio::sync::{mpsc, oneshot};

/// The default cap on one incoming line (one JSON-RPC message): 4 MiB.
pub const DEFAULT_MAX_LINE_BYTES: usize = 4 * 1024 * 1024;

/// JSON-RPC: the line is not JSON.
pub const PARSE_ERROR: i32 = -32700;
/// JSON-RPC: the JSON is not a valid request (or the line is over the cap).
pub const INVALID_REQUEST: i32 = -32600;
/// JSON-RPC: the method is known but its params are wrong (including an unknown tool).
pub const INVALID_PARAMS: i32 = -32602;
/// JSON-RPC: the request failed on the way (the API timed out or could not be reached).
pub const INTERNAL_ERROR: i32 = -32603;

/// A catalog and an executor, answering MCP `tools/list` and `tools/call`.
#[derive(Clone)]
pub struct McpServer {
    catalog: Arc<Catalog>,
    executor: Executor,
    tools: Arc<Vec<rmcp::model::Tool>>,
    info: ServerConfig,
    max_line_bytes: usize,
}

impl fmt::Debug for McpServer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("McpServer")
            .field("catalog", &self.catalog)
            .field("executor", &self.executor)
            .field("max_line_bytes", &self.max_line_bytes)
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
                let schema: JsonObject = match advertised.as_ref() {
                    Value::Object(m) => m.clone(),
                    // The macro always emits an object schema; anything else would be a bug,
                    // and an empty object schema is still valid for clients.
                    _ => JsonObject::new(),
                };
                let read_only = t.read_only();
                rmcp::model::Tool::new(t.name, t.description, schema).with_annotations(
                    ToolAnnotations::new()
                        .read_only(read_only)
                        .destructive(t.operation.method.eq_ignore_ascii_case("DELETE"))
                        .idempotent(!t.operation.method.eq_ignore_ascii_case("POST"))
                        .open_world(true),
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
        let info = ServerConfig::new(ServerCapabilities::builder().enable_tools().build())
            .with_server_info(Implementation::new(name, version));
        McpServer {
            catalog: Arc::new(catalog),
            executor,
            tools: Arc::new(tools),
            info,
            max_line_bytes: DEFAULT_MAX_LINE_BYTES,
        }
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
        self.max_line_bytes = bytes.max(1);
        self
    }

    /// The catalog served.
    pub fn catalog(&self) -> &Catalog {
        &self.catalog
    }

    /// Answers one `tools/call`, as the MCP handler does.
    pub async fn call(
        &self,
        name: &str,
        arguments: Option<JsonObject>,
    ) -> Result<CallToolResult, ErrorData> {
        let args = Value::Object(arguments.unwrap_or_default());
        match self.catalog.call(&self.executor, name, args).await {
            Ok(response) => Ok(tool_result(&response)),
            Err(e) => call_error(e),
        }
    }

    /// Serves MCP over this process's stdin and stdout until stdin closes.
    pub async fn serve_stdio(self) -> Result<(), ServeError> {
        let (read, write) = rmcp::transport::stdio_pipes();
        self.serve(read, write).await
    }

    /// Serves MCP over any reader and writer (a pipe, a socket, an in-memory duplex) until the
    /// reader ends.
    pub async fn serve<R, W>(self, read: R, write: W) -> Result<(), ServeError>
    where
        R: AsyncRead + Send + Unpin + 'static,
        W: AsyncWrite + Send + Unpin + 'static,
    {
        let (transport, writer) = LineTransport::new(read, write, self.max_line_bytes);
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
        // Whatever was queued (a last error reply) is written before returning.
        let _ = writer.await;
        outcome
    }
}

/// The text result of an API answer: `isError` when the status is 4xx or 5xx.
fn tool_result(response: &ApiResponse) -> CallToolResult {
    let content = vec![ContentBlock::text(response.to_text())];
    if response.is_error() {
        CallToolResult::error(content)
    } else {
        CallToolResult::success(content)
    }
}

fn call_error(e: CallError) -> Result<CallToolResult, ErrorData> {
    let message = e.to_string();
    match e {
        CallError::UnknownTool { .. } => Err(ErrorData::invalid_params(message, None)),
        CallError::Execute(ExecuteError::Timeout(_) | ExecuteError::Transport(_)) => {
            Err(ErrorData::internal_error(message, None))
        }
        CallError::Arguments(_)
        | CallError::Request(_)
        | CallError::Execute(
            ExecuteError::WritesDisabled { .. }
            | ExecuteError::InvalidRequest(_)
            | ExecuteError::Undeclared(_),
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
        _context: RequestContext<RoleServer>,
    ) -> Result<ListToolsResult, ErrorData> {
        Ok(ListToolsResult::with_all_items(self.tools.as_ref().clone()))
    }

    async fn call_tool(
        &self,
        request: CallToolRequestParams,
        _context: RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, ErrorData> {
        self.call(&request.name, request.arguments)
            .await
            .map(Into::into)
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

/// One outgoing line, and who waits for it to be written.
struct Outgoing {
    bytes: Vec<u8>,
    done: Option<oneshot::Sender<std::io::Result<()>>>,
}

/// An rmcp server transport over newline-delimited JSON that bounds each incoming line and
/// answers every line it cannot deliver with a JSON-RPC error (rmcp's own stdio transport
/// drops such lines silently, and ignores invalid JSON).
///
/// Writes go through one task that owns the writer, so a reply queued while a read is
/// cancelled (rmcp polls `receive` inside `select!`) is never half-written.
pub struct LineTransport<R> {
    read: BufReader<R>,
    line: Vec<u8>,
    max_line_bytes: usize,
    /// Set while the tail of an over-long line is being skipped.
    discarding: bool,
    /// A reply for a bad line, kept here until the writer task has room for it.
    pending: Option<Vec<u8>>,
    out: mpsc::Sender<Outgoing>,
}

impl<R: AsyncRead + Send + Unpin> LineTransport<R> {
    /// A transport reading `read` (lines of at most `max_line_bytes`) and writing `write`. The
    /// returned task ends once the transport is dropped and everything queued is written.
    ///
    /// Must be called within a Tokio runtime (it spawns the writer task).
    pub fn new<W>(
        read: R,
        write: W,
        max_line_bytes: usize,
    ) -> (LineTransport<R>, tokio::task::JoinHandle<()>)
    where
        W: AsyncWrite + Send + Unpin + 'static,
    {
        // A small queue: when the client stops reading our output we stop reading its input,
        // instead of piling up replies.
        let (out, mut rx) = mpsc::channel::<Outgoing>(64);
        let writer = tokio::spawn(async move {
            let mut write = write;
            while let Some(msg) = rx.recv().await {
                let result = async {
                    write.write_all(&msg.bytes).await?;
                    write.write_all(b"\n").await?;
                    write.flush().await
                }
                .await;
                let failed = result.is_err();
                if let Some(done) = msg.done {
                    let _ = done.send(result);
                }
                if failed {
                    return;
                }
            }
            let _ = write.shutdown().await;
        });
        let transport = LineTransport {
            read: BufReader::with_capacity(64 * 1024, read),
            line: Vec::new(),
            max_line_bytes,
            discarding: false,
            pending: None,
            out,
        };
        (transport, writer)
    }

    /// Reads one line into `self.line` without letting it pass the cap. Cancellation-safe:
    /// bytes are moved from the reader's buffer into `self.line` with no await in between.
    async fn read_line(&mut self) -> LineRead {
        loop {
            let (consumed, step) = {
                let available = match self.read.fill_buf().await {
                    Ok(a) => a,
                    Err(e) => return LineRead::Io(e),
                };
                if available.is_empty() {
                    return LineRead::Eof;
                }
                let newline = available.iter().position(|b| *b == b'\n');
                let take = newline.map_or(available.len(), |i| i + 1);
                if self.discarding {
                    (
                        take,
                        if newline.is_some() {
                            Step::EndDiscard
                        } else {
                            Step::More
                        },
                    )
                } else if self.line.len().saturating_add(take)
                    > self.max_line_bytes.saturating_add(1)
                {
                    // Over the cap (the newline itself does not count): drop what we have and
                    // skip the rest of the line.
                    self.line = Vec::new();
                    (
                        take,
                        if newline.is_some() {
                            Step::Oversized
                        } else {
                            Step::OversizedDiscard
                        },
                    )
                } else {
                    self.line.extend_from_slice(&available[..take]);
                    (
                        take,
                        if newline.is_some() {
                            Step::Line
                        } else {
                            Step::More
                        },
                    )
                }
            };
            self.read.consume(consumed);
            match step {
                Step::Line => return LineRead::Line,
                Step::More => {}
                Step::EndDiscard => self.discarding = false,
                Step::Oversized => return LineRead::Oversized,
                Step::OversizedDiscard => {
                    self.discarding = true;
                    return LineRead::Oversized;
                }
            }
        }
    }
}

enum LineRead {
    Line,
    Oversized,
    Eof,
    Io(std::io::Error),
}

enum Step {
    Line,
    More,
    EndDiscard,
    Oversized,
    OversizedDiscard,
}

impl<R: AsyncRead + Send + Unpin> Transport<RoleServer> for LineTransport<R> {
    type Error = std::io::Error;

    fn send(
        &mut self,
        item: TxJsonRpcMessage<RoleServer>,
    ) -> impl Future<Output = Result<(), Self::Error>> + Send + 'static {
        let out = self.out.clone();
        async move {
            let bytes = serde_json::to_vec(&item).map_err(std::io::Error::other)?;
            let (done, wait) = oneshot::channel();
            out.send(Outgoing {
                bytes,
                done: Some(done),
            })
            .await
            .map_err(|_| closed())?;
            wait.await.map_err(|_| closed())?
        }
    }

    async fn receive(&mut self) -> Option<RxJsonRpcMessage<RoleServer>> {
        loop {
            if self.pending.is_some() {
                // Cancelled while waiting for room: the reply stays pending for the next call.
                let permit = self.out.reserve().await.ok()?;
                if let Some(bytes) = self.pending.take() {
                    permit.send(Outgoing { bytes, done: None });
                }
            }
            match self.read_line().await {
                LineRead::Line => {}
                LineRead::Oversized => {
                    self.pending = Some(error_reply(
                        &Value::Null,
                        INVALID_REQUEST,
                        &format!(
                            "Invalid Request: the message exceeds the {}-byte line limit and was discarded",
                            self.max_line_bytes
                        ),
                    ));
                    continue;
                }
                LineRead::Eof => return None,
                LineRead::Io(e) => {
                    // stdout carries the protocol; stderr is the server's log.
                    eprintln!("catalog: reading MCP input failed: {e}");
                    return None;
                }
            }
            let inbound = classify(&self.line);
            // Keep a normal-sized buffer for the next line, not the largest ever seen.
            if self.line.capacity() > 64 * 1024 {
                self.line = Vec::new();
            } else {
                self.line.clear();
            }
            match inbound {
                Inbound::Message(m) => return Some(*m),
                Inbound::Reply(bytes) => self.pending = Some(bytes),
                Inbound::Skip => {}
            }
        }
    }

    async fn close(&mut self) -> Result<(), Self::Error> {
        Ok(())
    }
}

fn closed() -> std::io::Error {
    std::io::Error::new(std::io::ErrorKind::BrokenPipe, "the MCP output is closed")
}

/// What to do with one incoming line.
enum Inbound {
    /// A message for rmcp.
    Message(Box<RxJsonRpcMessage<RoleServer>>),
    /// An error reply to write back.
    Reply(Vec<u8>),
    /// Nothing to deliver or answer (a blank line, a notification or response we cannot use).
    Skip,
}

/// A JSON-RPC error response line (without the newline).
fn error_reply(id: &Value, code: i32, message: &str) -> Vec<u8> {
    let reply = json!({
        "jsonrpc": "2.0",
        "id": id,
        "error": { "code": code, "message": message },
    });
    // A `Value` built here always serializes.
    serde_json::to_vec(&reply).unwrap_or_default()
}

/// The requests a client sends that rmcp types; one of these read as a custom request had params
/// that did not fit.
const STANDARD_REQUESTS: &[&str] = &[
    "initialize",
    "ping",
    "server/discover",
    "completion/complete",
    "logging/setLevel",
    "prompts/get",
    "prompts/list",
    "resources/list",
    "resources/templates/list",
    "resources/read",
    "resources/subscribe",
    "resources/unsubscribe",
    "subscriptions/listen",
    "tools/call",
    "tools/list",
];

/// Sorts one line into a message for rmcp, an error reply, or nothing.
fn classify(line: &[u8]) -> Inbound {
    let line = line.strip_suffix(b"\n").unwrap_or(line);
    let line = line.strip_suffix(b"\r").unwrap_or(line);
    let line = line.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(line);
    if line.iter().all(u8::is_ascii_whitespace) {
        return Inbound::Skip;
    }
    let value: Value = match serde_json::from_slice(line) {
        Ok(v) => v,
        Err(e) => {
            return Inbound::Reply(error_reply(
                &Value::Null,
                PARSE_ERROR,
                &format!("Parse error: {e}"),
            ));
        }
    };
    let Some(obj) = value.as_object() else {
        let what = if value.is_array() {
            "batches are not supported; send one message per line"
        } else {
            "a message must be a JSON object"
        };
        return Inbound::Reply(error_reply(
            &Value::Null,
            INVALID_REQUEST,
            &format!("Invalid Request: {what}"),
        ));
    };
    // An id we can echo: a string or an integer (MCP forbids null ids).
    let id = match obj.get("id") {
        Some(v @ Value::String(_)) => Some(v.clone()),
        Some(Value::Number(n)) if n.is_i64() || n.is_u64() => Some(Value::Number(n.clone())),
        _ => None,
    };
    let reply_id = id.clone().unwrap_or(Value::Null);
    let invalid = |why: &str| {
        Inbound::Reply(error_reply(
            &reply_id,
            INVALID_REQUEST,
            &format!("Invalid Request: {why}"),
        ))
    };
    if obj.get("jsonrpc") != Some(&Value::String("2.0".into())) {
        return invalid("`jsonrpc` must be \"2.0\"");
    }
    if obj.contains_key("id") && id.is_none() {
        return invalid("`id` must be a string or an integer");
    }
    let method = match obj.get("method") {
        Some(Value::String(m)) => Some(m.clone()),
        Some(_) => return invalid("`method` must be a string"),
        None => None,
    };
    if let Some(params) = obj.get("params")
        && !params.is_object()
        && !params.is_array()
    {
        return invalid("`params` must be an object");
    }
    if method.is_none() && !obj.contains_key("result") && !obj.contains_key("error") {
        return invalid("a message needs a `method`, or a `result` or `error` in reply");
    }
    match serde_json::from_value::<RxJsonRpcMessage<RoleServer>>(value) {
        // rmcp reads a standard request whose params do not fit as a custom request, and would
        // answer "method not found"; the method exists, its params are what is wrong.
        Ok(JsonRpcMessage::Request(JsonRpcRequest {
            id,
            request: ClientRequest::CustomRequest(custom),
            ..
        })) if STANDARD_REQUESTS.contains(&custom.method.as_str()) => {
            let why = match custom.method.as_str() {
                "tools/call" => match &custom.params {
                    None => "`params` with the tool's `name` is required".to_string(),
                    Some(p) => match serde_json::from_value::<CallToolRequestParams>(p.clone()) {
                        Err(e) => e.to_string(),
                        Ok(_) => "they do not fit the method".to_string(),
                    },
                },
                _ => "they do not fit the method".to_string(),
            };
            Inbound::Reply(error_reply(
                &id.into_json_value(),
                INVALID_PARAMS,
                &format!("Invalid params for `{}`: {why}", custom.method),
            ))
        }
        Ok(m) => Inbound::Message(Box::new(m)),
        Err(e) => match (method, id) {
            // A request whose params do not fit its method.
            (Some(method), Some(id)) => Inbound::Reply(error_reply(
                &id,
                INVALID_PARAMS,
                &format!("Invalid params for `{method}`: {e}"),
            )),
            // A notification or a reply we cannot read: there is nobody to answer.
            _ => Inbound::Skip,
        },
    }
}

#[cfg(test)]
mod tests;
