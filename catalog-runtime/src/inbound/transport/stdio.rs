//! The stdio transport: newline-delimited JSON-RPC over any reader and writer, hardened for a
//! client that does not play by the rules.
//!
//! - One incoming line is capped ([`LineLimits::max_line_bytes`]): a longer line is drained,
//!   never held, and answered with -32600, with the id its start names (its first 4 KiB, where
//!   clients write `id` before `params`), else id null. A line that is not JSON gets -32700 with id null; JSON
//!   that is not a JSON-RPC message gets -32600. Every per-line error is answered and reading
//!   goes on (rmcp's own stdio transport drops such lines silently).
//! - Before `initialize`, notifications and responses are dropped: rmcp's handshake would
//!   otherwise end the connection on the first message that is not a request.
//! - Output is back-pressured: at most [`LineLimits::max_pending`] requests are held between
//!   being read and their answer being written. A client that stops reading stops the server
//!   from reading more, so memory stays bounded whatever it sends.
//! - A request whose id is already in use by a request in flight is answered with -32600 at
//!   once (rmcp would drop one of the two answers); the first request goes on.
//! - A `notifications/cancelled` frees its request's slot (rmcp cancels the handler and, as MCP
//!   says, sends no answer).
//! - Once told to stop ([`LineTransport::with_stop`]: SIGTERM, through
//!   [`crate::inbound::transport::shutdown`]), no further line is read; the requests already read are
//!   answered, within the grace, and then the input counts as closed.

use rmcp::RoleServer;
use rmcp::model::{
    CallToolRequestParams, ClientNotification, ClientRequest, JsonRpcMessage, JsonRpcNotification,
    JsonRpcRequest, RequestId,
};
use rmcp::service::{RxJsonRpcMessage, TxJsonRpcMessage};
use rmcp::transport::Transport;
use serde_json::{Value, json};
use std::collections::HashMap;
use std::sync::{Arc, Mutex, PoisonError};
use tokio::io::{AsyncBufReadExt, AsyncRead, AsyncWrite, AsyncWriteExt, BufReader};
use tokio::sync::{OwnedSemaphorePermit, Semaphore, mpsc, oneshot, watch};

mod head_id;
pub(crate) mod strict_json;
pub(crate) mod tool_call;

/// The default cap on one incoming line (one JSON-RPC message): 4 MiB.
pub const DEFAULT_MAX_LINE_BYTES: usize = 4 * 1024 * 1024;
/// The default number of requests held between being read and their answer being written.
pub const DEFAULT_MAX_PENDING: usize = 64;

/// JSON-RPC: the line is not JSON.
pub const PARSE_ERROR: i32 = -32700;
/// JSON-RPC: the JSON is not a valid request (or the line is over the cap, or its id is in use).
pub const INVALID_REQUEST: i32 = -32600;
/// JSON-RPC: the method is known but its params are wrong (including an unknown tool).
pub const INVALID_PARAMS: i32 = -32602;
/// JSON-RPC: the request failed on the way (the API timed out or could not be reached, or the
/// server is at its limit of calls in flight).
pub const INTERNAL_ERROR: i32 = -32603;

/// The bounds a [`LineTransport`] keeps.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LineLimits {
    /// The longest incoming line, newline excluded.
    pub max_line_bytes: usize,
    /// Requests read whose answer is not written yet; past it, reading waits.
    pub max_pending: usize,
}

impl Default for LineLimits {
    fn default() -> LineLimits {
        LineLimits {
            max_line_bytes: DEFAULT_MAX_LINE_BYTES,
            max_pending: DEFAULT_MAX_PENDING,
        }
    }
}

/// One outgoing line, and who waits for it to be written.
struct Outgoing {
    bytes: Vec<u8>,
    done: Option<oneshot::Sender<std::io::Result<()>>>,
}

/// Requests read and not answered yet, by id, each holding one of the transport's slots until
/// its answer is written.
type InFlight = Arc<Mutex<HashMap<RequestId, OwnedSemaphorePermit>>>;

/// An rmcp server transport over newline-delimited JSON (see the module documentation for
/// what it guarantees).
///
/// Writes go through one task that owns the writer, so a reply queued while a read is
/// cancelled (rmcp polls `receive` inside `select!`) is never half-written.
pub struct LineTransport<R> {
    read: BufReader<R>,
    line: Vec<u8>,
    limits: LineLimits,
    /// Set while the tail of an over-long line is being skipped.
    discarding: bool,
    /// A reply for a bad line, kept here until the writer task has room for it.
    pending: Option<Vec<u8>>,
    /// A request read and waiting for a slot (kept across a cancelled `receive`).
    held: Option<(RequestId, RxJsonRpcMessage<RoleServer>)>,
    /// Whether an `initialize` request has been delivered.
    initialized: bool,
    slots: Arc<Semaphore>,
    in_flight: InFlight,
    out: mpsc::Sender<Outgoing>,
    /// Turns `true` when the server is to stop; with the grace the calls in flight get then.
    stop: Option<(watch::Receiver<bool>, std::time::Duration)>,
    /// Set once stopping: when the calls in flight are cut.
    stopping: Option<tokio::time::Instant>,
}

impl<R: AsyncRead + Send + Unpin> LineTransport<R> {
    /// A transport reading `read` and writing `write` within `limits`. The returned task ends
    /// once the transport is dropped and everything queued is written.
    ///
    /// Must be called within a Tokio runtime (it spawns the writer task).
    pub fn new<W>(
        read: R,
        write: W,
        limits: LineLimits,
    ) -> (LineTransport<R>, tokio::task::JoinHandle<()>)
    where
        W: AsyncWrite + Send + Unpin + 'static,
    {
        let (out, rx) = mpsc::channel::<Outgoing>(16);
        let writer = tokio::spawn(write_lines(write, rx));
        let limits = LineLimits {
            max_line_bytes: limits.max_line_bytes.max(1),
            max_pending: limits.max_pending.max(1),
        };
        let transport = LineTransport {
            read: BufReader::with_capacity(64 * 1024, read),
            line: Vec::new(),
            limits,
            discarding: false,
            pending: None,
            held: None,
            initialized: false,
            slots: Arc::new(Semaphore::new(limits.max_pending)),
            in_flight: Arc::new(Mutex::new(HashMap::new())),
            out,
            stop: None,
            stopping: None,
        };
        (transport, writer)
    }

    /// Stops reading when `stop` turns `true`: the requests already read are answered (for at
    /// most `grace`), then [`receive`](Transport::receive) says the input is closed.
    pub fn with_stop(mut self, stop: watch::Receiver<bool>, grace: std::time::Duration) -> Self {
        self.stop = Some((stop, grace));
        self
    }

    /// After the stop: what was read is delivered, then the answers are waited for (every slot
    /// free), then `None`. Cancellation-safe like `receive`.
    async fn drain(
        &mut self,
        deadline: tokio::time::Instant,
    ) -> Option<RxJsonRpcMessage<RoleServer>> {
        if self.pending.is_some()
            && let Ok(Ok(permit)) = tokio::time::timeout_at(deadline, self.out.reserve()).await
            && let Some(bytes) = self.pending.take()
        {
            permit.send(Outgoing { bytes, done: None });
        }
        if self.held.is_some()
            && let Ok(Ok(slot)) =
                tokio::time::timeout_at(deadline, self.slots.clone().acquire_owned()).await
            && let Some((id, message)) = self.held.take()
        {
            lock(&self.in_flight).insert(id, slot);
            return Some(message);
        }
        let every = u32::try_from(self.limits.max_pending).unwrap_or(u32::MAX);
        match tokio::time::timeout_at(deadline, self.slots.acquire_many(every)).await {
            Ok(_) => eprintln!("catalog: stopped: every call in flight was answered"),
            Err(_) => eprintln!(
                "catalog: stopped at the end of the grace: {} requests unanswered",
                lock(&self.in_flight).len()
            ),
        }
        None
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
                    > self.limits.max_line_bytes.saturating_add(1)
                {
                    // Over the cap (the newline itself does not count): read the id its
                    // start names, drop what we have and skip the rest of the line.
                    let id = oversized_id(&self.line, &available[..take]);
                    self.line = Vec::new();
                    (
                        take,
                        if newline.is_some() {
                            Step::Oversized(id)
                        } else {
                            Step::OversizedDiscard(id)
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
                Step::Oversized(id) => return LineRead::Oversized(id),
                Step::OversizedDiscard(id) => {
                    self.discarding = true;
                    return LineRead::Oversized(id);
                }
            }
        }
    }
}

enum LineRead {
    Line,
    /// Over the cap, with the id its start names (else null).
    Oversized(Value),
    Eof,
    Io(std::io::Error),
}

enum Step {
    Line,
    More,
    EndDiscard,
    Oversized(Value),
    OversizedDiscard(Value),
}

/// The id an over-long line's start names, from the bytes read of it (`line`, then `next`):
/// null when its first [`head_id::HEAD_BYTES`] do not name one.
fn oversized_id(line: &[u8], next: &[u8]) -> Value {
    let mut head = line[..line.len().min(head_id::HEAD_BYTES)].to_vec();
    let room = head_id::HEAD_BYTES - head.len();
    head.extend_from_slice(&next[..next.len().min(room)]);
    head_id::id_at_start(&head).unwrap_or(Value::Null)
}

/// Lines queued together are written with one write and one flush, up to this many bytes (a
/// single longer line is written whole).
const BATCH_BYTES: usize = 64 * 1024;

/// Writes each queued line, in order, until the queue closes or a write fails. The lines
/// already queued when the writer wakes are batched into one write and one flush, so a burst of
/// answers costs one system call, not two per line; nothing is taken from the queue that is not
/// written at once, so a client that does not read still stops the server (the queue fills).
async fn write_lines<W: AsyncWrite + Unpin>(mut write: W, mut rx: mpsc::Receiver<Outgoing>) {
    let mut batch: Vec<u8> = Vec::with_capacity(BATCH_BYTES);
    let mut waiting: Vec<oneshot::Sender<std::io::Result<()>>> = Vec::new();
    while let Some(first) = rx.recv().await {
        let mut next = Some(first);
        while let Some(msg) = next.take() {
            batch.extend_from_slice(&msg.bytes);
            batch.push(b'\n');
            waiting.extend(msg.done);
            if batch.len() < BATCH_BYTES {
                next = rx.try_recv().ok();
            }
        }
        let result = async {
            write.write_all(&batch).await?;
            write.flush().await
        }
        .await;
        let failed = result.as_ref().err().map(|e| (e.kind(), e.to_string()));
        for done in waiting.drain(..) {
            let _ = done.send(match &failed {
                None => Ok(()),
                Some((kind, text)) => Err(std::io::Error::new(*kind, text.clone())),
            });
        }
        if failed.is_some() {
            return;
        }
        batch.clear();
        // One huge answer does not keep its buffer for the rest of the session.
        batch.shrink_to(BATCH_BYTES);
    }
    let _ = write.shutdown().await;
}

/// The id a server message answers, if it is an answer.
fn answered_id(item: &TxJsonRpcMessage<RoleServer>) -> Option<&RequestId> {
    match item {
        JsonRpcMessage::Response(r) => Some(&r.id),
        JsonRpcMessage::Error(e) => e.id.as_ref(),
        _ => None,
    }
}

fn lock(
    in_flight: &InFlight,
) -> std::sync::MutexGuard<'_, HashMap<RequestId, OwnedSemaphorePermit>> {
    // The map holds no invariant a panic elsewhere could break halfway.
    in_flight.lock().unwrap_or_else(PoisonError::into_inner)
}

impl<R: AsyncRead + Send + Unpin> Transport<RoleServer> for LineTransport<R> {
    type Error = std::io::Error;

    fn send(
        &mut self,
        item: TxJsonRpcMessage<RoleServer>,
    ) -> impl Future<Output = Result<(), Self::Error>> + Send + 'static {
        // The id is free for reuse from now on; its slot is given back once the answer is
        // written (or failed to be), which is what bounds the answers waiting for the client.
        let slot = answered_id(&item).and_then(|id| lock(&self.in_flight).remove(id));
        let out = self.out.clone();
        async move {
            let _slot = slot;
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
        if self.stopping.is_none()
            && let Some((mut stop, grace)) = self.stop.clone()
        {
            let stopped = async move {
                if stop.wait_for(|stop| *stop).await.is_err() {
                    // Nobody can ask any more: serve until the input ends.
                    std::future::pending::<()>().await;
                }
            };
            tokio::select! {
                message = self.receive_lines() => return message,
                () = stopped => {
                    eprintln!(
                        "catalog: stopping: no more input is read; answering the requests read \
                         within {} s",
                        grace.as_secs_f64()
                    );
                    self.stopping = Some(tokio::time::Instant::now() + grace);
                }
            }
        }
        match self.stopping {
            Some(deadline) => self.drain(deadline).await,
            None => self.receive_lines().await,
        }
    }

    async fn close(&mut self) -> Result<(), Self::Error> {
        Ok(())
    }
}

impl<R: AsyncRead + Send + Unpin> LineTransport<R> {
    /// The next message for rmcp from the input (see the module documentation).
    async fn receive_lines(&mut self) -> Option<RxJsonRpcMessage<RoleServer>> {
        loop {
            if self.pending.is_some() {
                // Cancelled while waiting for room: the reply stays pending for the next call.
                let permit = self.out.reserve().await.ok()?;
                if let Some(bytes) = self.pending.take() {
                    permit.send(Outgoing { bytes, done: None });
                }
            }
            if self.held.is_some() {
                // Cancelled while waiting for a slot: the request stays held for the next call.
                let slot = self.slots.clone().acquire_owned().await.ok()?;
                if let Some((id, message)) = self.held.take() {
                    lock(&self.in_flight).insert(id, slot);
                    return Some(message);
                }
            }
            match self.read_line().await {
                LineRead::Line => {}
                LineRead::Oversized(id) => {
                    self.pending = Some(error_reply(
                        &id,
                        INVALID_REQUEST,
                        &format!(
                            "Invalid Request: the message exceeds the {}-byte line limit and was discarded",
                            self.limits.max_line_bytes
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
                Inbound::Message(m) => match self.admit(*m) {
                    Admit::Deliver(m) => return Some(m),
                    Admit::Hold(id, m) => self.held = Some((id, m)),
                    Admit::Reply(bytes) => self.pending = Some(bytes),
                    Admit::Drop => {}
                },
                Inbound::Reply(bytes) => self.pending = Some(bytes),
                Inbound::Skip => {}
            }
        }
    }
}

/// What to do with a well-formed message, given the connection's state.
enum Admit {
    /// Hand it to rmcp now.
    Deliver(RxJsonRpcMessage<RoleServer>),
    /// A request: hand it to rmcp once a slot is free.
    Hold(RequestId, RxJsonRpcMessage<RoleServer>),
    /// Answer it with this error instead.
    Reply(Vec<u8>),
    /// Nothing to do (a notification or a response rmcp cannot use yet).
    Drop,
}

impl<R> LineTransport<R> {
    fn admit(&mut self, message: RxJsonRpcMessage<RoleServer>) -> Admit {
        match message {
            JsonRpcMessage::Request(request) => {
                if lock(&self.in_flight).contains_key(&request.id)
                    || self.held.as_ref().is_some_and(|(id, _)| *id == request.id)
                {
                    return Admit::Reply(error_reply(
                        &request.id.clone().into_json_value(),
                        INVALID_REQUEST,
                        &format!(
                            "Invalid Request: id {} is already in use by a request in flight; \
                             give each request its own id",
                            request.id.clone().into_json_value()
                        ),
                    ));
                }
                if matches!(request.request, ClientRequest::InitializeRequest(_)) {
                    self.initialized = true;
                }
                Admit::Hold(request.id.clone(), JsonRpcMessage::Request(request))
            }
            // rmcp's handshake ends the connection on anything but a request; MCP asks the
            // client not to send these before `initialize`, and nothing is lost by dropping them.
            _ if !self.initialized => Admit::Drop,
            JsonRpcMessage::Notification(JsonRpcNotification {
                notification: ClientNotification::CancelledNotification(cancelled),
                jsonrpc,
            }) => {
                // MCP: a cancelled request is not answered, so its slot is free now.
                if let Some(id) = &cancelled.params.request_id {
                    lock(&self.in_flight).remove(id);
                }
                Admit::Deliver(JsonRpcMessage::Notification(JsonRpcNotification {
                    notification: ClientNotification::CancelledNotification(cancelled),
                    jsonrpc,
                }))
            }
            other => Admit::Deliver(other),
        }
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
impl strict_json::Refusal {
    /// The JSON-RPC error code of the refusal: [`INVALID_PARAMS`] for what is in `params`, else
    /// [`INVALID_REQUEST`].
    pub(crate) fn code(&self) -> i32 {
        if self.in_params {
            INVALID_PARAMS
        } else {
            INVALID_REQUEST
        }
    }
}

pub(crate) fn error_reply(id: &Value, code: i32, message: &str) -> Vec<u8> {
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
    if let Some(message) = tool_call::read(line) {
        return Inbound::Message(Box::new(message));
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
    if let Some(refused) = strict_json::refusal(line) {
        let id = if refused.echo_id {
            &reply_id
        } else {
            &Value::Null
        };
        return Inbound::Reply(error_reply(id, refused.code(), &refused.message));
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
