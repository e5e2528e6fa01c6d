//! The call path: one `tools/call` answered (counted, traced, confirmed when the tool asks for
//! it), as the MCP handler and the HTTP server run it, and how a call the API did not answer
//! ends (its outcome for the metrics, its result or JSON-RPC error).

use super::{Caller, McpServer};
use crate::inbound::access::rate_limit::CallerKey;
use crate::observe::audit_log::{Pending, Record, Verdict, Who};
use crate::observe::metrics::Outcome;
use crate::observe::progress::{Progress, Step};
use crate::observe::trace::Context;
use crate::outbound::executor::ExecuteError;
use crate::tools::catalog::CallError;
use rmcp::ErrorData;
use rmcp::model::{CallToolResult, ContentBlock, JsonObject};
use serde_json::Value;

impl McpServer {
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
    /// ([`crate::inbound::results::result_size`]).
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
        // Its span ([`crate::observe::span`]) carries the trace into the API requests.
        let tool = self.catalog.get(name);
        let operation = tool.map(|t| t.operation);
        // The audit record's arguments are read before the call takes them, and its trace is
        // the one the span would start (a new one only when spans are exported), its span the
        // call's, chosen here.
        let trace =
            if self.audit.is_some() && trace.ids().is_none() && crate::observe::otel::exporting() {
                Context::root()
            } else {
                trace
            };
        let trace = match &self.audit {
            Some(_) => trace.with_span(crate::observe::trace::span_id()),
            None => trace,
        };
        let pending = self.audit.as_ref().map(|log| {
            Pending::new(
                log.clone(),
                self.who(caller.key.as_ref()),
                name,
                operation,
                trace
                    .ids()
                    .map(|(t, _, _)| (t.to_string(), trace.span().unwrap_or_default())),
                log.arguments_of(tool.as_ref(), arguments.as_ref()),
            )
        });
        let verdict = std::sync::OnceLock::new();
        // The call's future is boxed: it is kilobytes, and each layer of the span (the trace
        // scope, the notes scope, the instrumented future) would otherwise hold and move its
        // own copy. Unboxed, a `tools/call` future was 31 kB, and copying it was about four
        // fifths of a served call's instructions (callgrind on the serving bench).
        let (answer, outcome, served) = crate::observe::span::run(
            name,
            operation,
            trace,
            Box::pin(self.call_counted(name, arguments, caller, form, &verdict)),
        )
        .await;
        let duration = started.elapsed();
        self.metrics.record(served, outcome, duration);
        if let Some(pending) = pending {
            pending.finish(served.is_some(), outcome, verdict.get().copied(), duration);
        }
        answer
    }

    /// Who a call's record names: the HTTP caller `key`, else this clone's stdio connection,
    /// else code in process.
    fn who(&self, key: Option<&CallerKey>) -> Who {
        match key {
            Some(CallerKey::Subject(subject)) => Who::Subject(subject.clone()),
            Some(CallerKey::Token { hash, .. }) => Who::Token(*hash),
            Some(CallerKey::Session(session)) => Who::Session(self.rate.hash(session)),
            Some(CallerKey::Connection(n)) => Who::Connection(*n),
            None if self.connection == 0 => Who::InProcess,
            None => Who::Stdio,
        }
    }

    /// Records a call refused on its HTTP POST for being over its caller's rate: `message` is
    /// its JSON-RPC request, `headers` the POST's.
    pub(crate) fn audit_rate_limited(
        &self,
        key: &CallerKey,
        message: &Value,
        headers: &http::HeaderMap,
    ) {
        if self.audit.is_none() {
            return;
        }
        let name = message
            .pointer("/params/name")
            .and_then(Value::as_str)
            .unwrap_or_default();
        let arguments = message
            .pointer("/params/arguments")
            .and_then(Value::as_object);
        let meta = |field: &str| {
            message
                .pointer(&format!("/params/_meta/{field}"))
                .and_then(Value::as_str)
        };
        let header = |field: &str| headers.get(field).and_then(|v| v.to_str().ok());
        let trace = Context::from_values(meta("traceparent"), meta("tracestate")).or(
            Context::from_values(header("traceparent"), header("tracestate")),
        );
        self.audit_refused(Some(key), name, arguments, &trace, "rate_limited");
    }

    /// Records a call of `name` by `key` (`None`: over stdio or in process) refused for `cause`
    /// before it reached the call path: over its caller's rate on its HTTP POST, or with
    /// selection headers the server refuses.
    pub(crate) fn audit_refused(
        &self,
        key: Option<&CallerKey>,
        name: &str,
        arguments: Option<&JsonObject>,
        trace: &Context,
        cause: &'static str,
    ) {
        let Some(log) = &self.audit else {
            return;
        };
        let tool = self.catalog.get(name);
        log.write(&Record {
            time: std::time::SystemTime::now(),
            caller: self.who(key),
            tool: name,
            operation: tool.map(|t| t.operation),
            outcome: Outcome::Refused(cause),
            verdict: None,
            duration: std::time::Duration::ZERO,
            trace_id: trace.ids().map(|(t, _, _)| t),
            span_id: None,
            arguments: log.arguments_of(tool.as_ref(), arguments),
        });
    }

    async fn call_counted(
        &self,
        name: &str,
        arguments: Option<JsonObject>,
        caller: Caller<'_>,
        form: crate::inbound::results::result_size::Form,
        verdict: &std::sync::OnceLock<Verdict>,
    ) -> (
        Result<CallToolResult, ErrorData>,
        Outcome,
        Option<&'static str>,
    ) {
        // A tool the selection does not offer is unknown to the caller; a confirmation is
        // asked before the call waits for a slot, so no slot is held while a person decides.
        // Over the caller's rate, nothing is asked or sent (an HTTP POST was checked already).
        if !caller.rate_checked
            && let Err(limited) = self.rate.take(
                &CallerKey::Connection(self.connection),
                Some(name),
                std::time::Instant::now(),
            )
        {
            let served = self.catalog.get(name).map(|t| t.name);
            let refused = CallToolResult::error(vec![ContentBlock::text(limited.to_string())]);
            return (Ok(refused), Outcome::Refused("rate_limited"), served);
        }
        let arguments = arguments.unwrap_or_default();
        let offered = self.catalog.get(name).filter(|t| {
            self.offer
                .offers(&self.catalog, t, caller.selection.as_ref())
        });
        if let Some(tool) = &offered
            && let Some(refused) = self.confirm(tool, &arguments, &caller, verdict).await
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
            let e = crate::inbound::access::selection::unknown(name, names.into_iter());
            return (call_error(e), Outcome::Refused("unknown_tool"), None);
        };
        let cap = self.result_cap(tool.name);
        let progress = caller.progress.as_ref();
        let answer = self
            .answer_tool(&tool, args, deadline, form, cap, progress)
            .await;
        if let Some(progress) = progress
            && answer.0.is_ok()
        {
            progress.report(Step::Ready).await;
        }
        answer
    }

    /// The call of `tool`, sent with a slot held: its result, outcome and name.
    async fn answer_tool(
        &self,
        tool: &crate::tools::catalog::ToolInfo,
        args: Value,
        deadline: tokio::time::Instant,
        form: crate::inbound::results::result_size::Form,
        cap: usize,
        progress: Option<&Progress>,
    ) -> (
        Result<CallToolResult, ErrorData>,
        Outcome,
        Option<&'static str>,
    ) {
        let name = tool.name;
        if tool.is_composite() {
            let run = self
                .catalog
                .run_until(&self.executor, name, args, deadline.into_std());
            return match Progress::scope(progress, run).await {
                Ok(value) => (
                    Ok(
                        self.api_result(crate::inbound::results::result::sized_result(
                            tool,
                            crate::inbound::results::result::Answer::Value(&value),
                            form,
                            cap,
                        )),
                    ),
                    Outcome::Answered(200),
                    Some(tool.name),
                ),
                Err(e) => {
                    let outcome = outcome_of(&e);
                    // An API error's body is in the text and `_meta`: held to the cap too.
                    let result = call_error(e)
                        .map(|r| crate::inbound::results::result_size::fit(r, cap, None));
                    (result, outcome, Some(tool.name))
                }
            };
        }
        // The body is read within what the tool's result cap leaves for it.
        let executor = self
            .executor
            .capped(self.results.caps.body_bytes(tool.name, form));
        let call = self
            .catalog
            .call_until(&executor, name, args, deadline.into_std());
        match Progress::scope(progress, call).await {
            Ok(response) => (
                {
                    crate::observe::span::note_response(&response.body);
                    Ok(
                        self.api_result(crate::inbound::results::result::sized_result(
                            tool,
                            crate::inbound::results::result::Answer::Api(&response),
                            form,
                            cap,
                        )),
                    )
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

    /// Asks for the confirmation a call of `tool` needs; `None` when the call goes on.
    async fn confirm(
        &self,
        tool: &crate::tools::catalog::ToolInfo,
        arguments: &JsonObject,
        caller: &Caller<'_>,
        verdict: &std::sync::OnceLock<Verdict>,
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
        let (said, refused) = crate::inbound::access::confirm::ask(
            &self.confirmation,
            tool,
            arguments,
            caller.peer,
            caller.rounds.as_ref(),
        )
        .await;
        let _ = verdict.set(said);
        let refused = refused?;
        Some((
            Ok(refused),
            Outcome::Refused("not_confirmed"),
            Some(tool.name),
        ))
    }
}

/// How a call that the API did not answer ended, for the metrics.
pub(super) fn outcome_of(e: &CallError) -> Outcome {
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
        CallError::Composite(e) => crate::tools::composite::result::outcome_of(e, outcome_of),
    }
}

pub(super) fn call_error(e: CallError) -> Result<CallToolResult, ErrorData> {
    let message = e.to_string();
    match e {
        CallError::UnknownTool { .. } => Err(ErrorData::invalid_params(message, None)),
        CallError::Execute(
            ExecuteError::Timeout(_) | ExecuteError::Transport(_) | ExecuteError::Credentials(_),
        ) => Err(ErrorData::internal_error(message, None)),
        CallError::Composite(e) => Ok(crate::tools::composite::result::error_result(&e)),
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
