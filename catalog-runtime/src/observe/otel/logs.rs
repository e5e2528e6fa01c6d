//! Log records exported over OTLP/HTTP with protobuf bodies: the audit trail's
//! (`CATALOG_AUDIT=otlp`, [`crate::observe::audit_log`]). The receiver is named by the standard
//! environment, as for the spans:
//!
//! | variable | what |
//! |---|---|
//! | `OTEL_EXPORTER_OTLP_LOGS_ENDPOINT` | the whole logs URL (`http://collector:4318/v1/logs`) |
//! | `OTEL_EXPORTER_OTLP_ENDPOINT` | otherwise: the receiver's base URL; records go to `/v1/logs` under it |
//! | `OTEL_EXPORTER_OTLP_LOGS_PROTOCOL`, `OTEL_EXPORTER_OTLP_PROTOCOL` | `http/protobuf` only |
//! | `OTEL_EXPORTER_OTLP_LOGS_HEADERS`, `OTEL_EXPORTER_OTLP_HEADERS` | headers for the receiver |
//! | `OTEL_SERVICE_NAME`, `OTEL_RESOURCE_ATTRIBUTES` | the resource, as for the spans |
//!
//! Neither endpoint set is refused (no records would leave the process, where the
//! specification's default, `http://localhost:4318`, has the trail dropped silently when
//! nothing listens there), and so is `OTEL_SDK_DISABLED=true` beside `CATALOG_AUDIT=otlp`.
//!
//! Records are sent in batches (up to 512, at least every second) by a task of the server's
//! runtime through the executor's HTTP client; a call never waits on the receiver. A record is
//! not dropped: one that finds the queue full (8,192 wait: the receiver down or slow for long), and
//! those of an export that failed, are written on stderr instead, one JSON line each, as
//! `CATALOG_AUDIT=stderr` writes them (the first of a run of such failures said on stderr). A
//! graceful stop sends what is queued (within 5 s).

use super::endpoint::{
    ENV_ENDPOINT, ENV_HEADERS, ENV_LOGS_ENDPOINT, ENV_LOGS_HEADERS, ENV_LOGS_PROTOCOL,
    ENV_PROTOCOL, ENV_RESOURCE_ATTRIBUTES, ENV_SDK_DISABLED, ENV_SERVICE_NAME,
};
use super::on::OtlpClient;
use crate::outbound::executor::client::Client;
use opentelemetry::InstrumentationScope;
use opentelemetry::logs::{AnyValue, LogRecord, Logger, LoggerProvider, Severity};
use opentelemetry::trace::{SpanId, TraceId};
use opentelemetry_otlp::{Protocol, WithExportConfig, WithHttpConfig};
use opentelemetry_sdk::Resource;
use opentelemetry_sdk::logs::{LogBatch, LogExporter, SdkLoggerProvider};
use std::collections::HashMap;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, SystemTime};
use tokio::sync::{mpsc, oneshot};

/// The most records sent in one request.
const BATCH: usize = 512;
/// The most records waiting to be sent.
const QUEUE: usize = 8192;
/// How long a record waits at most before its batch is sent.
const DELAY: Duration = Duration::from_secs(1);
/// How long a graceful stop waits for the last batch to be sent.
const FLUSH_TIMEOUT: Duration = Duration::from_secs(5);

/// One log record to send.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Event {
    /// The record's `event_name`.
    pub name: &'static str,
    /// When it happened.
    pub time: SystemTime,
    /// Its body.
    pub body: AnyValue,
    /// Its attributes, in order.
    pub attributes: Vec<(String, AnyValue)>,
    /// The trace and span it belongs to.
    pub trace: Option<(TraceId, SpanId)>,
}

enum Message {
    Event(Box<Event>),
    Flush(oneshot::Sender<()>),
}

/// Where the records go: a queue into the exporting task, started on the first record or
/// [`start`](Self::start).
pub(crate) struct LogSink {
    endpoint: String,
    queue: mpsc::Sender<Message>,
    idle: Mutex<Option<Idle>>,
    /// A record found the queue full since the last one that did not.
    full: AtomicBool,
}

/// The exporter before its task runs.
struct Idle {
    exporter: opentelemetry_otlp::LogExporter,
    receive: mpsc::Receiver<Message>,
}

impl std::fmt::Debug for LogSink {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("LogSink")
            .field("endpoint", &self.endpoint)
            .finish()
    }
}

/// The logs URL the environment names, read by `var`: `Ok(None)` when no endpoint is set;
/// refused: an endpoint that is no http(s) URL with a host, a protocol other than
/// `http/protobuf`, `OTEL_SDK_DISABLED=true`.
pub(crate) fn logs_endpoint(
    var: &impl Fn(&str) -> Option<String>,
) -> Result<Option<(&'static str, String)>, String> {
    let set = |name: &'static str| {
        var(name)
            .map(|v| v.trim().to_string())
            .filter(|v| !v.is_empty())
            .map(|v| (name, v))
    };
    if let Some((name, value)) =
        set(ENV_SDK_DISABLED).filter(|(_, v)| v.eq_ignore_ascii_case("true"))
    {
        return Err(format!(
            "{name}={value} turns OpenTelemetry off, and the audit trail is to be sent over \
             OTLP; unset {name}, or write the audit trail to `stderr` or `file:PATH`"
        ));
    }
    for protocol in [ENV_LOGS_PROTOCOL, ENV_PROTOCOL] {
        if let Some((p, value)) = set(protocol)
            && value != "http/protobuf"
        {
            return Err(format!(
                "{p}={value:?}: log records are exported over OTLP/HTTP with protobuf only; set \
                 it to http/protobuf or unset it (a collector's OTLP/HTTP receiver listens on \
                 port 4318)"
            ));
        }
    }
    let (name, url) = match (set(ENV_LOGS_ENDPOINT), set(ENV_ENDPOINT)) {
        (Some((name, url)), _) => (name, url),
        (None, Some((name, base))) => (name, format!("{}/v1/logs", base.trim_end_matches('/'))),
        (None, None) => return Ok(None),
    };
    let valid = url::Url::parse(&url)
        .ok()
        .filter(|u| matches!(u.scheme(), "http" | "https") && u.host_str().is_some());
    if valid.is_none() {
        let given = set(name).map(|(_, v)| v).unwrap_or_default();
        return Err(format!(
            "{name}={given:?}: expected the http:// or https:// URL of an OTLP/HTTP receiver, \
             such as http://otel-collector:4318 ({ENV_ENDPOINT}, log records go to /v1/logs \
             under it) or http://otel-collector:4318/v1/logs ({ENV_LOGS_ENDPOINT})"
        ));
    }
    Ok(Some((name, url)))
}

/// The headers `OTEL_EXPORTER_OTLP_LOGS_HEADERS` (else `OTEL_EXPORTER_OTLP_HEADERS`) name,
/// `key=value` pairs separated by commas, values percent-encoded.
fn headers(var: &impl Fn(&str) -> Option<String>) -> HashMap<String, String> {
    let Some(list) = var(ENV_LOGS_HEADERS)
        .filter(|v| !v.trim().is_empty())
        .or_else(|| var(ENV_HEADERS))
    else {
        return HashMap::new();
    };
    list.split(',')
        .filter_map(|pair| pair.split_once('='))
        .map(|(k, v)| (k.trim().to_string(), v.trim().to_string()))
        .filter(|(k, _)| !k.is_empty())
        .collect()
}

impl LogSink {
    /// The exporter the environment (read by `var`) names; refused as [`logs_endpoint`] says,
    /// or when no endpoint is set.
    pub(crate) fn from_env(var: &impl Fn(&str) -> Option<String>) -> Result<LogSink, String> {
        let Some((_, endpoint)) = logs_endpoint(var)? else {
            return Err(format!(
                "no OTLP receiver is named; set {ENV_ENDPOINT} to the receiver's base URL \
                 (http://otel-collector:4318: log records go to /v1/logs under it) or \
                 {ENV_LOGS_ENDPOINT} to the whole logs URL"
            ));
        };
        let client = Client::new(crate::wire::environment::proxies())
            .map_err(|e| format!("the OTLP exporter's HTTP client: {e}"))?;
        let mut exporter = opentelemetry_otlp::LogExporter::builder()
            .with_http()
            .with_http_client(OtlpClient(client))
            .with_protocol(Protocol::HttpBinary)
            .with_endpoint(endpoint.clone())
            .with_headers(headers(var))
            .build()
            .map_err(|e| format!("the OTLP log exporter for {endpoint}: {e}"))?;
        let named = var(ENV_SERVICE_NAME).is_some_and(|v| !v.trim().is_empty())
            || var(ENV_RESOURCE_ATTRIBUTES).is_some_and(|v| v.contains("service.name="));
        let mut resource = Resource::builder();
        if !named {
            resource = resource.with_service_name("catalog");
        }
        exporter.set_resource(&resource.build());
        let (queue, receive) = mpsc::channel(QUEUE);
        Ok(LogSink {
            endpoint,
            queue,
            idle: Mutex::new(Some(Idle { exporter, receive })),
            full: AtomicBool::new(false),
        })
    }

    /// Starts the exporting task, once, when inside a Tokio runtime; `service_name`: the
    /// resource's `service.name` unless the environment names one.
    pub(crate) fn start(&self, service_name: Option<&str>) {
        let Ok(runtime) = tokio::runtime::Handle::try_current() else {
            return;
        };
        let idle = self.idle.lock().unwrap_or_else(|e| e.into_inner()).take();
        if let Some(Idle {
            mut exporter,
            receive,
        }) = idle
        {
            if let Some(name) = service_name {
                let var = crate::wire::environment::var;
                let named = var(ENV_SERVICE_NAME).is_some_and(|v| !v.trim().is_empty())
                    || var(ENV_RESOURCE_ATTRIBUTES).is_some_and(|v| v.contains("service.name="));
                if !named {
                    exporter.set_resource(
                        &Resource::builder()
                            .with_service_name(name.to_string())
                            .build(),
                    );
                }
            }
            runtime.spawn(batches(exporter, receive));
        }
    }

    /// Queues `event`; when the queue is full (or the task is gone), its body is written on
    /// stderr instead.
    pub(crate) fn send(&self, event: Event) {
        self.start(None);
        match self.queue.try_send(Message::Event(Box::new(event))) {
            Ok(()) => self.full.store(false, Ordering::Relaxed),
            Err(
                mpsc::error::TrySendError::Full(message)
                | mpsc::error::TrySendError::Closed(message),
            ) => {
                if !self.full.swap(true, Ordering::Relaxed) {
                    eprintln!(
                        "catalog: warning: {QUEUE} audit records wait to be sent over OTLP to {}; \
                         further ones are written on stderr until the queue drains",
                        self.endpoint
                    );
                }
                if let Message::Event(event) = message {
                    fall_back(&event.body, &mut std::io::stderr().lock());
                }
            }
        }
    }

    /// Sends what is queued, waiting at most [`FLUSH_TIMEOUT`].
    pub(crate) async fn flush(&self) {
        self.start(None);
        let (done, sent) = oneshot::channel();
        let queued = tokio::time::timeout(FLUSH_TIMEOUT, self.queue.send(Message::Flush(done)));
        if matches!(queued.await, Ok(Ok(()))) {
            let _ = tokio::time::timeout(FLUSH_TIMEOUT, sent).await;
        }
    }
}

/// The exporting task: a batch goes when it is full, [`DELAY`] after its first record, or on
/// a flush.
async fn batches(exporter: opentelemetry_otlp::LogExporter, mut receive: mpsc::Receiver<Message>) {
    let scope = InstrumentationScope::builder("catalog")
        .with_version(env!("CARGO_PKG_VERSION"))
        .build();
    // Only to make records: it has no processor, nothing is emitted through it.
    let provider = SdkLoggerProvider::builder().build();
    let logger = provider.logger_with_scope(scope.clone());
    let mut batch: Vec<opentelemetry_sdk::logs::SdkLogRecord> = Vec::new();
    let mut due = None;
    let mut failing = false;
    loop {
        let message = match due {
            Some(at) => tokio::select! {
                m = receive.recv() => m,
                () = tokio::time::sleep_until(at) => {
                    send(&exporter, &scope, &mut batch, &mut failing, &mut std::io::stderr()).await;
                    due = None;
                    continue;
                }
            },
            None => receive.recv().await,
        };
        match message {
            Some(Message::Event(event)) => {
                let mut record = logger.create_log_record();
                fill(&mut record, *event);
                batch.push(record);
                due.get_or_insert_with(|| tokio::time::Instant::now() + DELAY);
                if batch.len() >= BATCH {
                    send(
                        &exporter,
                        &scope,
                        &mut batch,
                        &mut failing,
                        &mut std::io::stderr(),
                    )
                    .await;
                    due = None;
                }
            }
            Some(Message::Flush(done)) => {
                send(
                    &exporter,
                    &scope,
                    &mut batch,
                    &mut failing,
                    &mut std::io::stderr(),
                )
                .await;
                due = None;
                let _ = done.send(());
            }
            None => {
                send(
                    &exporter,
                    &scope,
                    &mut batch,
                    &mut failing,
                    &mut std::io::stderr(),
                )
                .await;
                return;
            }
        }
    }
}

/// `record` made of `event`: its name, times, severity INFO, body, attributes and trace.
fn fill(record: &mut impl LogRecord, event: Event) {
    record.set_event_name(event.name);
    record.set_timestamp(event.time);
    record.set_observed_timestamp(event.time);
    record.set_severity_number(Severity::Info);
    record.set_severity_text("INFO");
    record.set_body(event.body);
    for (key, value) in event.attributes {
        record.add_attribute(key, value);
    }
    if let Some((trace_id, span_id)) = event.trace {
        // No flags: the record is written whether or not the trace is sampled.
        record.set_trace_context(trace_id, span_id, None);
    }
}

/// Exports `batch`; when that fails, writes each record's body to `fallback` (stderr).
async fn send(
    exporter: &opentelemetry_otlp::LogExporter,
    scope: &InstrumentationScope,
    batch: &mut Vec<opentelemetry_sdk::logs::SdkLogRecord>,
    failing: &mut bool,
    fallback: &mut impl std::io::Write,
) {
    if batch.is_empty() {
        return;
    }
    let records = std::mem::take(batch);
    let pairs: Vec<_> = records.iter().map(|r| (r, scope)).collect();
    match exporter.export(LogBatch::new(&pairs)).await {
        Ok(()) => *failing = false,
        Err(e) => {
            if !*failing {
                eprintln!(
                    "catalog: warning: {} audit record(s) not exported over OTLP ({e}): written \
                     on stderr instead, as are those of the next failures",
                    records.len()
                );
            }
            *failing = true;
            for record in &records {
                if let Some(body) = record.body() {
                    fall_back(body, fallback);
                }
            }
        }
    }
}

/// A record that cannot be sent, written on stderr: its body, the JSON line
/// `CATALOG_AUDIT=stderr` writes.
fn fall_back(body: &AnyValue, to: &mut impl std::io::Write) {
    if let AnyValue::String(json) = body {
        let mut line = json.as_str().to_string();
        line.push('\n');
        let _ = to.write_all(line.as_bytes());
    }
}

#[cfg(test)]
mod tests;
