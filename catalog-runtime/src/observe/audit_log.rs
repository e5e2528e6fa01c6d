//! The audit trail: one JSON line per `tools/call`, saying who called which tool, for which
//! operation, how the call ended and how long it took, for an operator who must answer for what
//! an agent did. Off unless asked for: [`ENV_AUDIT`] (`stderr`, `file:PATH`, or `otlp` with the
//! `otel` feature: each record an OTLP log record, `audit_log::otlp`) or
//! [`McpServer::audit`](crate::inbound::mcp::McpServer::audit).
//!
//! A record, written once the call's outcome is final (every path: sent, refused before
//! anything was sent, asked for a confirmation, rate limited over either transport, failed):
//!
//! ```json
//! {"time":"2026-12-07T03:05:08.123Z","caller":{"kind":"subject","id":"alice"},
//!  "tool":"delete_task","operation":"DELETE /boards/{board_id}/tasks/{task_id}",
//!  "operation_id":"DeleteTask","outcome":"confirmed","confirmation":"accepted","status":204,
//!  "duration_ms":41.503,"trace_id":"4bf92f3577b34da6a3ce929d0e0e4736",
//!  "arguments":["board_id","task_id"]}
//! ```
//!
//! | field | what |
//! |---|---|
//! | `time` | when the call arrived, RFC 3339 in UTC, to the millisecond |
//! | `caller` | `kind` and `id`: `subject` (the subject a token verifier named), `token` (a token the verifier accepted without naming a subject: its keyed hash), `session` (an HTTP session without a verifier: its keyed hash), `connection` (an HTTP connection without either, numbered by the server), `stdio` (the process's one client: the process id), `in_process` (a call made by code through [`McpServer::call`](crate::inbound::mcp::McpServer::call): the process id) |
//! | `tool` | the tool called, as the caller named it (a name no tool has too) |
//! | `operation`, `operation_id` | the operation the tool wraps: `METHOD /path`, and the spec's `operationId` when it gives one; absent for a call refused as `unknown_tool` |
//! | `outcome` | `sent` (the API answered), `confirmed` (the user accepted the call, and the API answered), `confirmation_required` (the client was asked for the user's confirmation by `input_required`; nothing was sent), `refused` (nothing was sent), `rate_limited` (over the caller's rate; nothing was sent), `failed` (no answer came: timeout, connection failure, the server busy, the API credential) |
//! | `reason` | with `refused` and `failed`: the cause, as `catalog_refusals_total` names it (`arguments`, `unknown_tool`, `writes_disabled`, `not_confirmed`, `timeout`, `transport`, `busy`, ...), or `cancelled` (the client cancelled the call before its outcome) |
//! | `confirmation` | for a call that needed the user's confirmation: `asked`, `accepted`, `declined`, `cancelled`, `unanswered`, `unavailable` (the client cannot ask and `CATALOG_CONFIRM_FALLBACK=refuse`) or `unconfirmed` (it cannot ask, and the call went on) |
//! | `status` | the API's final HTTP status, when it answered |
//! | `duration_ms` | from the call's arrival to its outcome |
//! | `trace_id` | the call's trace (`observe::trace`), when it has one |
//! | `arguments` | the argument names the caller gave, sorted |
//! | `argument_values` | with [`AuditArguments::Values`] only: each argument's value, a credential's (and any key inside a value that names one) replaced by `"[redacted]"` |
//!
//! Never recorded: a token, a session id, a credential (the API's, the caller's), an argument's
//! value unless asked for, a credential argument's value even then.

use crate::config::variable_error::VariableError;
use crate::observe::metrics::Outcome;
use crate::tools::catalog::ToolInfo;
use catalog_core::model::{Disposition, Location, Operation, SchemeKind};
use serde_json::{Map, Value};
use std::collections::BTreeMap;
use std::fmt;
use std::io::Write;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant, SystemTime};

/// `CATALOG_AUDIT`: where the audit trail goes, `stderr`, `file:PATH` or `otlp`; unset: no
/// audit trail.
pub const ENV_AUDIT: &str = "CATALOG_AUDIT";
/// `CATALOG_AUDIT_ARGUMENTS`: `names` (the default) or `values`: whether a record carries the
/// arguments' values too.
pub const ENV_AUDIT_ARGUMENTS: &str = "CATALOG_AUDIT_ARGUMENTS";

/// What replaces a credential's value in `argument_values`.
pub const REDACTED: &str = "[redacted]";

/// The most characters of a tool name a record carries (a name no tool has is the caller's).
const MAX_TOOL_CHARS: usize = 200;

const AUDIT_FORMS: &str = "expected `stderr` (one JSON line per tool call on standard error), \
                           `file:PATH` (appended to PATH, created if missing) or `otlp` (an OTLP \
                           log record per tool call, with the `otel` feature)";

/// Whether a record carries the arguments' values.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum AuditArguments {
    /// Their names only.
    #[default]
    Names,
    /// Their names, and their values under `argument_values` (a credential's never).
    Values,
}

/// Where the records go.
enum Sink {
    Stderr,
    File(Mutex<std::fs::File>),
    Writer(Mutex<Box<dyn Write + Send>>),
    /// Each record an OTLP log record.
    #[cfg(feature = "otel")]
    Otlp(Box<crate::observe::otel::logs::LogSink>),
}

/// The audit trail of a server: where its records go and what they carry.
pub struct AuditLog {
    sink: Sink,
    arguments: AuditArguments,
}

impl AuditLog {
    /// `CATALOG_AUDIT=otlp` (`value`, as given): records as OTLP log records, to the receiver
    /// the environment read by `lookup` names.
    #[cfg(feature = "otel")]
    fn otlp(value: &str, lookup: &impl Fn(&str) -> Option<String>) -> Result<Self, VariableError> {
        let sink =
            otlp::sink(lookup).map_err(|why| VariableError::invalid(ENV_AUDIT, value, why))?;
        Ok(AuditLog {
            sink: Sink::Otlp(sink),
            arguments: AuditArguments::Names,
        })
    }

    /// Without the `otel` feature, `CATALOG_AUDIT=otlp` is refused, naming the feature.
    #[cfg(not(feature = "otel"))]
    fn otlp(value: &str, _lookup: &impl Fn(&str) -> Option<String>) -> Result<Self, VariableError> {
        Err(VariableError::invalid(
            ENV_AUDIT,
            value,
            otlp::WITHOUT_FEATURE,
        ))
    }
}

impl fmt::Debug for AuditLog {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sink = match &self.sink {
            Sink::Stderr => "stderr",
            Sink::File(_) => "file",
            Sink::Writer(_) => "writer",
            #[cfg(feature = "otel")]
            Sink::Otlp(_) => "otlp",
        };
        f.debug_struct("AuditLog")
            .field("sink", &sink)
            .field("arguments", &self.arguments)
            .finish()
    }
}

impl AuditLog {
    /// Records on standard error, one JSON line each.
    pub fn stderr() -> AuditLog {
        AuditLog {
            sink: Sink::Stderr,
            arguments: AuditArguments::Names,
        }
    }

    /// Records appended to the file at `path` (created if missing), one JSON line each.
    pub fn file(path: impl Into<PathBuf>) -> std::io::Result<AuditLog> {
        let file = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(path.into())?;
        Ok(AuditLog {
            sink: Sink::File(Mutex::new(file)),
            arguments: AuditArguments::Names,
        })
    }

    /// Records written to `writer`, one JSON line each (a pipe, a socket, a buffer).
    pub fn writer(writer: impl Write + Send + 'static) -> AuditLog {
        AuditLog {
            sink: Sink::Writer(Mutex::new(Box::new(writer))),
            arguments: AuditArguments::Names,
        }
    }

    /// Whether the records carry the arguments' values (default: names only).
    pub fn arguments(mut self, arguments: AuditArguments) -> AuditLog {
        self.arguments = arguments;
        self
    }

    /// Reads [`ENV_AUDIT`] and [`ENV_AUDIT_ARGUMENTS`] from `lookup`: `None` when
    /// [`ENV_AUDIT`] is unset. A value it does not take, or a file that cannot be opened, is
    /// refused, naming the variable.
    pub fn from_env(
        lookup: impl Fn(&str) -> Option<String>,
    ) -> Result<Option<AuditLog>, VariableError> {
        let arguments = match lookup(ENV_AUDIT_ARGUMENTS) {
            None => None,
            Some(v) => Some(match v.trim() {
                "names" => AuditArguments::Names,
                "values" => AuditArguments::Values,
                _ => {
                    return Err(VariableError::invalid(
                        ENV_AUDIT_ARGUMENTS,
                        &v,
                        "expected `names` (the default: the argument names only) or `values` \
                         (their values too; a credential's never)",
                    ));
                }
            }),
        };
        let Some(value) = lookup(ENV_AUDIT) else {
            return match lookup(ENV_AUDIT_ARGUMENTS) {
                Some(v) if arguments.is_some() => Err(VariableError::Requires {
                    variable: ENV_AUDIT_ARGUMENTS.to_string(),
                    value: v,
                    requires: ENV_AUDIT.to_string(),
                    fix: format!(
                        "it says what the audit trail records, and there is none; set \
                         {ENV_AUDIT} (`stderr` or `file:PATH`) or unset {ENV_AUDIT_ARGUMENTS}"
                    ),
                }),
                _ => Ok(None),
            };
        };
        let form = value.trim();
        let log = if form.is_empty() {
            return Err(VariableError::Empty {
                variable: ENV_AUDIT.to_string(),
                fix: "set it to `stderr`, `file:PATH` or `otlp`, or unset it to keep no audit \
                      trail"
                    .to_string(),
            });
        } else if form == "stderr" {
            AuditLog::stderr()
        } else if form == "otlp" {
            AuditLog::otlp(&value, &lookup)?
        } else if let Some(path) = form.strip_prefix("file:") {
            if path.trim().is_empty() {
                return Err(VariableError::invalid(
                    ENV_AUDIT,
                    &value,
                    format!("`file:` names no file; {AUDIT_FORMS}"),
                ));
            }
            let path = path.trim();
            AuditLog::file(path).map_err(|e| {
                VariableError::invalid(
                    ENV_AUDIT,
                    &value,
                    format!("the audit file {path} cannot be opened for appending: {e}"),
                )
            })?
        } else {
            return Err(VariableError::invalid(ENV_AUDIT, &value, AUDIT_FORMS));
        };
        Ok(Some(log.arguments(arguments.unwrap_or_default())))
    }

    /// The `arguments` (and `argument_values`) of a record of a call of `tool` (`None`: a
    /// name no tool has) with `arguments`, read before the call takes them.
    pub(crate) fn arguments_of(
        &self,
        tool: Option<&ToolInfo>,
        arguments: Option<&Map<String, Value>>,
    ) -> Arguments {
        let empty = Map::new();
        let arguments = arguments.unwrap_or(&empty);
        let mut names: Vec<String> = arguments.keys().cloned().collect();
        names.sort();
        let values = (self.arguments == AuditArguments::Values).then(|| {
            let credentials = tool.map(credential_arguments).unwrap_or_default();
            arguments
                .iter()
                .map(|(name, value)| {
                    let value = if credentials.contains(name) || secret_name(name) {
                        Value::String(REDACTED.to_string())
                    } else {
                        redacted(value)
                    };
                    (name.clone(), value)
                })
                .collect::<BTreeMap<_, _>>()
        });
        Arguments { names, values }
    }

    /// Starts sending (over OTLP; the other sinks need no start) with `server_name` as the
    /// `service.name` unless the environment names one; inside the server's runtime.
    pub(crate) fn start(&self, server_name: &str) {
        #[cfg(feature = "otel")]
        if let Sink::Otlp(sink) = &self.sink {
            sink.start(Some(server_name));
        }
        #[cfg(not(feature = "otel"))]
        let _ = server_name;
    }

    /// Sends the records still queued (over OTLP; the other sinks write each record as it
    /// comes), waiting a few seconds at most: on a graceful stop.
    pub(crate) async fn flush(&self) {
        #[cfg(feature = "otel")]
        if let Sink::Otlp(sink) = &self.sink {
            sink.flush().await;
        }
    }

    /// Writes `record` as one line; a failure to write is reported on standard error (the
    /// call's outcome stands).
    pub(crate) fn write(&self, record: &Record<'_>) {
        let json = record.to_json();
        let mut line = json.to_string();
        line.push('\n');
        let written = match &self.sink {
            Sink::Stderr => std::io::stderr().lock().write_all(line.as_bytes()),
            Sink::File(file) => {
                let mut file = file.lock().unwrap_or_else(|e| e.into_inner());
                file.write_all(line.as_bytes()).and_then(|()| file.flush())
            }
            Sink::Writer(writer) => {
                let mut writer = writer.lock().unwrap_or_else(|e| e.into_inner());
                writer
                    .write_all(line.as_bytes())
                    .and_then(|()| writer.flush())
            }
            #[cfg(feature = "otel")]
            Sink::Otlp(sink) => {
                sink.send(otlp::log_record(
                    record.time,
                    record.trace_id,
                    record.span_id,
                    &json,
                ));
                Ok(())
            }
        };
        if let Err(e) = written {
            eprintln!("catalog: an audit record could not be written: {e}");
        }
    }
}

/// A call on its way, whose record is written when it ends ([`finish`](Self::finish)), or, when
/// the call is dropped first (its client cancelled it), as `failed` for `cancelled`: the API
/// request, if it was sent, was aborted, and the API may have acted on it.
pub(crate) struct Pending {
    log: Arc<AuditLog>,
    time: SystemTime,
    started: Instant,
    caller: Who,
    tool: String,
    operation: Option<&'static Operation>,
    trace: Option<(String, u64)>,
    arguments: Option<Arguments>,
}

impl Pending {
    /// The call of `tool` (the operation of a tool of that name, if any) by `caller`, arrived
    /// now; `trace`: its trace id and its span's id, when it has a trace.
    pub(crate) fn new(
        log: Arc<AuditLog>,
        caller: Who,
        tool: &str,
        operation: Option<&'static Operation>,
        trace: Option<(String, u64)>,
        arguments: Arguments,
    ) -> Pending {
        Pending {
            log,
            time: SystemTime::now(),
            started: Instant::now(),
            caller,
            tool: tool.chars().take(MAX_TOOL_CHARS).collect(),
            operation,
            trace,
            arguments: Some(arguments),
        }
    }

    /// Writes the record of the call's `outcome`; `offered`: the server offered the tool.
    pub(crate) fn finish(
        mut self,
        offered: bool,
        outcome: Outcome,
        verdict: Option<Verdict>,
        duration: Duration,
    ) {
        let arguments = self.arguments.take().unwrap_or_default();
        self.write(offered, outcome, verdict, duration, arguments);
    }

    fn write(
        &self,
        offered: bool,
        outcome: Outcome,
        verdict: Option<Verdict>,
        duration: Duration,
        arguments: Arguments,
    ) {
        self.log.write(&Record {
            time: self.time,
            caller: self.caller.clone(),
            tool: &self.tool,
            operation: self.operation.filter(|_| offered),
            outcome,
            verdict,
            duration,
            trace_id: self.trace.as_ref().map(|(t, _)| t.as_str()),
            span_id: self.trace.as_ref().map(|(_, s)| *s),
            arguments,
        });
    }
}

impl Drop for Pending {
    fn drop(&mut self) {
        if let Some(arguments) = self.arguments.take() {
            let duration = self.started.elapsed();
            self.write(
                true,
                Outcome::Failed("cancelled"),
                None,
                duration,
                arguments,
            );
        }
    }
}

/// The arguments a record carries: their names, and their values when asked for.
#[derive(Clone, Debug, Default, PartialEq)]
pub(crate) struct Arguments {
    names: Vec<String>,
    values: Option<BTreeMap<String, Value>>,
}

/// Who made a call, as a record names it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Who {
    /// The subject a token verifier named.
    Subject(String),
    /// A token the verifier accepted without naming a subject: its keyed hash.
    Token(u64),
    /// An HTTP session without a verifier: its keyed hash.
    Session(u64),
    /// An HTTP connection, numbered by the server.
    Connection(u64),
    /// The client of stdio: the process.
    Stdio,
    /// Code calling the server in its own process.
    InProcess,
}

impl Who {
    fn to_json(&self) -> Value {
        let (kind, id) = match self {
            Who::Subject(subject) => ("subject", subject.clone()),
            Who::Token(hash) => ("token", format!("{hash:016x}")),
            Who::Session(hash) => ("session", format!("{hash:016x}")),
            Who::Connection(n) => ("connection", n.to_string()),
            Who::Stdio => ("stdio", std::process::id().to_string()),
            Who::InProcess => ("in_process", std::process::id().to_string()),
        };
        serde_json::json!({"kind": kind, "id": id})
    }
}

/// What became of a call that needed the user's confirmation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Verdict {
    /// Asked by `input_required`; the call ends there.
    Asked,
    /// The user accepted.
    Accepted,
    /// The user declined.
    Declined,
    /// The user cancelled.
    Cancelled,
    /// No answer that accepts, declines or cancels (asking failed, or the answer was of
    /// another form).
    Unanswered,
    /// The client cannot ask, and such calls are refused.
    Unavailable,
    /// The client cannot ask, and such calls go on.
    Unconfirmed,
}

impl Verdict {
    fn as_str(self) -> &'static str {
        match self {
            Verdict::Asked => "asked",
            Verdict::Accepted => "accepted",
            Verdict::Declined => "declined",
            Verdict::Cancelled => "cancelled",
            Verdict::Unanswered => "unanswered",
            Verdict::Unavailable => "unavailable",
            Verdict::Unconfirmed => "unconfirmed",
        }
    }
}

/// One call, as it is recorded.
pub(crate) struct Record<'a> {
    /// When it arrived.
    pub time: SystemTime,
    /// Who made it.
    pub caller: Who,
    /// The tool, as the caller named it.
    pub tool: &'a str,
    /// The operation of the tool, when the server offers it.
    pub operation: Option<&'a Operation>,
    /// How it ended.
    pub outcome: Outcome,
    /// What the user said, when the call needed a confirmation.
    pub verdict: Option<Verdict>,
    /// From its arrival to its outcome.
    pub duration: Duration,
    /// Its trace, when it has one.
    pub trace_id: Option<&'a str>,
    /// Its span, when it has one (not in the JSON record: the OTLP log record's span).
    #[cfg_attr(not(feature = "otel"), allow(dead_code))]
    pub span_id: Option<u64>,
    /// Its arguments.
    pub arguments: Arguments,
}

impl Record<'_> {
    fn to_json(&self) -> Value {
        let mut record = Map::new();
        record.insert("time".into(), Value::String(rfc3339(self.time)));
        record.insert("caller".into(), self.caller.to_json());
        let tool: String = self.tool.chars().take(MAX_TOOL_CHARS).collect();
        record.insert("tool".into(), Value::String(tool));
        if let Some(operation) = self.operation {
            record.insert(
                "operation".into(),
                Value::String(format!("{} {}", operation.method, operation.path)),
            );
            if let Some(id) = &operation.id {
                record.insert("operation_id".into(), Value::String(id.clone()));
            }
        }
        let (outcome, reason, status) = match self.outcome {
            Outcome::Answered(status) if self.verdict == Some(Verdict::Accepted) => {
                ("confirmed", None, Some(status))
            }
            Outcome::Answered(status) => ("sent", None, Some(status)),
            Outcome::Refused("rate_limited") => ("rate_limited", None, None),
            Outcome::Refused(_) if self.verdict == Some(Verdict::Asked) => {
                ("confirmation_required", None, None)
            }
            Outcome::Refused(cause) => ("refused", Some(cause), None),
            Outcome::Failed(cause) => ("failed", Some(cause), None),
            Outcome::Busy => ("failed", Some("busy"), None),
        };
        record.insert("outcome".into(), Value::String(outcome.into()));
        if let Some(reason) = reason {
            record.insert("reason".into(), Value::String(reason.into()));
        }
        if let Some(verdict) = self.verdict {
            record.insert(
                "confirmation".into(),
                Value::String(verdict.as_str().into()),
            );
        }
        if let Some(status) = status {
            record.insert("status".into(), Value::from(status));
        }
        // To the microsecond, in milliseconds.
        let micros = u64::try_from(self.duration.as_micros()).unwrap_or(u64::MAX);
        record.insert("duration_ms".into(), Value::from(micros as f64 / 1000.0));
        if let Some(trace_id) = self.trace_id {
            record.insert("trace_id".into(), Value::String(trace_id.into()));
        }
        record.insert(
            "arguments".into(),
            Value::Array(
                self.arguments
                    .names
                    .iter()
                    .cloned()
                    .map(Value::String)
                    .collect(),
            ),
        );
        if let Some(values) = &self.arguments.values {
            record.insert(
                "argument_values".into(),
                Value::Object(values.clone().into_iter().collect()),
            );
        }
        Value::Object(record)
    }
}

/// The arguments of `tool` whose values are credentials: those that set a cookie, an
/// `Authorization`, `Proxy-Authorization` or `Cookie` header, or the parameter of one of the
/// operation's API key schemes.
pub(crate) fn credential_arguments(tool: &ToolInfo) -> Vec<String> {
    let operation = tool.operation;
    let key_params: Vec<(&str, &str)> = operation
        .security
        .iter()
        .flatten()
        .filter_map(|s| match &s.kind {
            SchemeKind::ApiKey { location, name } => Some((location.as_str(), name.as_str())),
            _ => None,
        })
        .collect();
    operation
        .accounting
        .iter()
        .filter_map(|row| {
            let argument = match &row.disposition {
                Disposition::Set { argument, .. } => argument,
                Disposition::Undocumented {
                    argument: Some(argument),
                    ..
                } => argument,
                _ => return None,
            };
            let param = &row.param;
            let location = param.location.as_str();
            let credential = param.location == Location::Cookie
                || (param.location == Location::Header
                    && ["authorization", "proxy-authorization", "cookie"]
                        .iter()
                        .any(|h| param.name.eq_ignore_ascii_case(h)))
                || key_params
                    .iter()
                    .any(|(at, name)| *at == location && param.name.eq_ignore_ascii_case(name))
                || secret_name(&param.name);
            credential.then(|| argument.clone())
        })
        .collect()
}

/// Whether a name (of an argument, a parameter, a key inside a value) names a secret:
/// `password`, `client_secret`, `access_token`, `apiKey`, `Authorization`, ...
pub(crate) fn secret_name(name: &str) -> bool {
    let plain: String = name
        .chars()
        .filter(char::is_ascii_alphanumeric)
        .map(|c| c.to_ascii_lowercase())
        .collect();
    [
        "password",
        "passwd",
        "passphrase",
        "secret",
        "token",
        "apikey",
        "authorization",
        "credential",
        "cookie",
        "privatekey",
        "sessionid",
    ]
    .iter()
    .any(|s| plain.contains(s))
}

/// `value` with the value of every key inside it that names a secret replaced.
fn redacted(value: &Value) -> Value {
    match value {
        Value::Object(map) => Value::Object(
            map.iter()
                .map(|(k, v)| {
                    let v = if secret_name(k) {
                        Value::String(REDACTED.to_string())
                    } else {
                        redacted(v)
                    };
                    (k.clone(), v)
                })
                .collect(),
        ),
        Value::Array(items) => Value::Array(items.iter().map(redacted).collect()),
        other => other.clone(),
    }
}

/// `time` in RFC 3339, UTC, to the millisecond: `2026-12-07T03:05:08.123Z`.
pub(crate) fn rfc3339(time: SystemTime) -> String {
    let since = time
        .duration_since(SystemTime::UNIX_EPOCH)
        .unwrap_or_default();
    let secs = since.as_secs();
    let (days, rest) = (secs / 86_400, secs % 86_400);
    // Days to the civil date (H. Hinnant's algorithm), from 1970-01-01.
    let z = i64::try_from(days).unwrap_or(0) + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1_460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!(
        "{year:04}-{month:02}-{day:02}T{:02}:{:02}:{:02}.{:03}Z",
        rest / 3600,
        rest % 3600 / 60,
        rest % 60,
        since.subsec_millis()
    )
}

mod otlp;

#[cfg(test)]
mod tests;
