//! The exporter itself: a batching task of the server's runtime in front of
//! `opentelemetry-otlp`'s HTTP exporter, which sends through the executor's client.

use super::endpoint::endpoint_from;
use crate::config::config_error::ConfigError;
use crate::observe::call_span::CallSpan;
use crate::outbound::executor::client::Client;
use bytes::Bytes;
use http_body_util::BodyExt;
use opentelemetry::trace::{
    SpanContext, SpanId, SpanKind, Status, TraceFlags, TraceId, TraceState,
};
use opentelemetry::{InstrumentationScope, KeyValue};
use opentelemetry_otlp::WithHttpConfig;
use opentelemetry_sdk::Resource;
use opentelemetry_sdk::trace::{SpanData, SpanEvents, SpanExporter, SpanLinks};
use std::borrow::Cow;
use std::sync::OnceLock;
use std::time::Duration;
use tokio::sync::{mpsc, oneshot};

/// The most spans sent in one request.
const BATCH: usize = 512;
/// The most spans waiting to be sent.
const QUEUE: usize = 2048;
/// How long a span waits at most before its batch is sent.
const DELAY: Duration = Duration::from_secs(5);
/// How long a graceful stop waits for the last batch to be sent.
const FLUSH_TIMEOUT: Duration = Duration::from_secs(5);
/// How long one export request may take.
const REQUEST_TIMEOUT: Duration = Duration::from_secs(10);

enum Message {
    Span(Box<SpanData>),
    Flush(oneshot::Sender<()>),
}

/// The queue into the exporting task, once started.
static SINK: OnceLock<mpsc::Sender<Message>> = OnceLock::new();

/// Starts exporting when the environment names a receiver ([`endpoint_from`]); `server_name`
/// is the `service.name` unless `OTEL_SERVICE_NAME` or `OTEL_RESOURCE_ATTRIBUTES` names one.
/// Once per process: a second server shares the first one's exporter. Must run inside the
/// server's runtime.
pub(crate) fn start(server_name: &str) -> Result<(), ConfigError> {
    let Some((_, endpoint)) = endpoint_from(crate::wire::environment::var)? else {
        return Ok(());
    };
    if SINK.get().is_some() {
        return Ok(());
    }
    let client = Client::new(crate::wire::environment::proxies())
        .map_err(|e| ConfigError::new(format!("the OTLP exporter's HTTP client: {e}")))?;
    let mut exporter = opentelemetry_otlp::SpanExporter::builder()
        .with_http()
        .with_http_client(OtlpClient(client))
        .build()
        .map_err(|e| ConfigError::new(format!("the OTLP exporter for {endpoint}: {e}")))?;
    let var = crate::wire::environment::var;
    let named = var(super::endpoint::ENV_SERVICE_NAME).is_some_and(|v| !v.trim().is_empty())
        || var(super::endpoint::ENV_RESOURCE_ATTRIBUTES)
            .is_some_and(|v| v.contains("service.name="));
    let mut resource = Resource::builder();
    if !named {
        resource = resource.with_service_name(server_name.to_string());
    }
    exporter.set_resource(&resource.build());
    let (send, receive) = mpsc::channel(QUEUE);
    if SINK.set(send).is_ok() {
        tokio::spawn(batches(exporter, receive));
    }
    Ok(())
}

/// Whether spans are exported.
pub(crate) fn exporting() -> bool {
    SINK.get().is_some_and(|s| !s.is_closed())
}

/// Queues one finished span; dropped when the queue is full.
pub(crate) fn export(span: CallSpan) {
    if let (Some(sink), Some(data)) = (SINK.get(), span_data(&span)) {
        let _ = sink.try_send(Message::Span(Box::new(data)));
    }
}

/// Sends what is queued, waiting at most [`FLUSH_TIMEOUT`].
pub(crate) async fn flush() {
    let Some(sink) = SINK.get() else {
        return;
    };
    let (done, sent) = oneshot::channel();
    if sink.send(Message::Flush(done)).await.is_ok() {
        let _ = tokio::time::timeout(FLUSH_TIMEOUT, sent).await;
    }
}

/// The exporting task: a batch goes when it is full, [`DELAY`] after its first span, or on a
/// flush.
async fn batches(exporter: opentelemetry_otlp::SpanExporter, mut receive: mpsc::Receiver<Message>) {
    let mut batch: Vec<SpanData> = Vec::new();
    let mut due = None;
    let mut failing = false;
    loop {
        let message = match due {
            Some(at) => tokio::select! {
                m = receive.recv() => m,
                () = tokio::time::sleep_until(at) => {
                    send(&exporter, &mut batch, &mut failing).await;
                    due = None;
                    continue;
                }
            },
            None => receive.recv().await,
        };
        match message {
            Some(Message::Span(span)) => {
                batch.push(*span);
                due.get_or_insert_with(|| tokio::time::Instant::now() + DELAY);
                if batch.len() >= BATCH {
                    send(&exporter, &mut batch, &mut failing).await;
                    due = None;
                }
            }
            Some(Message::Flush(done)) => {
                send(&exporter, &mut batch, &mut failing).await;
                due = None;
                let _ = done.send(());
            }
            None => {
                send(&exporter, &mut batch, &mut failing).await;
                return;
            }
        }
    }
}

async fn send(
    exporter: &opentelemetry_otlp::SpanExporter,
    batch: &mut Vec<SpanData>,
    failing: &mut bool,
) {
    if batch.is_empty() {
        return;
    }
    let spans = std::mem::take(batch);
    let n = spans.len();
    match exporter.export(spans).await {
        Ok(()) => *failing = false,
        Err(e) => {
            if !*failing {
                eprintln!("catalog: warning: {n} span(s) not exported over OTLP: {e}");
            }
            *failing = true;
        }
    }
}

/// The OTLP span of a call span ([`crate::observe::span`] says what each attribute is).
fn span_data(span: &CallSpan) -> Option<SpanData> {
    let trace_id = TraceId::from_hex(&span.trace_id).ok()?;
    let parent_span_id = match &span.parent_id {
        Some(p) => SpanId::from_hex(p).ok()?,
        None => SpanId::INVALID,
    };
    let state = span
        .tracestate
        .as_deref()
        .and_then(|s| s.parse::<TraceState>().ok())
        .unwrap_or_default();
    let flags = if span.sampled {
        TraceFlags::SAMPLED
    } else {
        TraceFlags::default()
    };
    let span_context = SpanContext::new(
        trace_id,
        SpanId::from_bytes(span.span_id.to_be_bytes()),
        flags,
        false,
        state,
    );
    let mut attributes = vec![
        KeyValue::new("mcp.method.name", "tools/call"),
        KeyValue::new("gen_ai.operation.name", "execute_tool"),
        KeyValue::new("catalog.latency_ms", span.latency.as_secs_f64() * 1000.0),
    ];
    let text =
        |key: &'static str, value: Option<&str>| value.map(|v| KeyValue::new(key, v.to_string()));
    let number = |key: &'static str, value: Option<usize>| {
        value.map(|v| KeyValue::new(key, i64::try_from(v).unwrap_or(i64::MAX)))
    };
    attributes.extend(
        [
            text("gen_ai.tool.name", span.tool),
            text("catalog.operation", span.operation.as_deref()),
            text("http.request.method", span.method),
            text("url.template", span.path),
            span.status
                .map(|s| KeyValue::new("http.response.status_code", i64::from(s))),
            number("http.request.body.size", span.bytes_in),
            number("catalog.response.bytes", span.bytes_out),
            text("catalog.cut", span.cut),
            text("catalog.refusal", span.refusal),
            text("error.type", span.refusal),
        ]
        .into_iter()
        .flatten(),
    );
    let status = match (span.refusal, span.status) {
        (Some(refusal), _) => Status::error(format!("refused: {refusal}")),
        (None, Some(s)) if s >= 400 => Status::error(format!("the API answered {s}")),
        _ => Status::Ok,
    };
    let name = match span.tool {
        Some(tool) => format!("tools/call {tool}"),
        None => "tools/call".to_string(),
    };
    Some(SpanData {
        span_context,
        parent_span_id,
        parent_span_is_remote: span.parent_id.is_some(),
        span_kind: SpanKind::Server,
        name: Cow::Owned(name),
        start_time: span.start,
        end_time: span.start + span.latency,
        attributes,
        dropped_attributes_count: 0,
        events: SpanEvents::default(),
        links: SpanLinks::default(),
        status,
        instrumentation_scope: InstrumentationScope::builder("catalog")
            .with_version(env!("CARGO_PKG_VERSION"))
            .build(),
    })
}

/// `opentelemetry-otlp`'s HTTP client: the executor's (pooled hyper over rustls, proxies from
/// the environment), each request bounded by [`REQUEST_TIMEOUT`].
#[derive(Clone)]
pub(super) struct OtlpClient(pub(super) Client);

impl std::fmt::Debug for OtlpClient {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("OtlpClient")
    }
}

#[async_trait::async_trait]
impl opentelemetry_http::HttpClient for OtlpClient {
    async fn send_bytes(
        &self,
        request: http::Request<Bytes>,
    ) -> Result<http::Response<Bytes>, opentelemetry_http::HttpError> {
        let (parts, body) = request.into_parts();
        let request = http::Request::from_parts(parts, http_body_util::Full::new(body));
        let exchange = async {
            let response = self.0.send(request).await?;
            let (parts, body) = response.into_parts();
            let body = body.collect().await?.to_bytes();
            Ok::<_, opentelemetry_http::HttpError>(http::Response::from_parts(parts, body))
        };
        tokio::time::timeout(REQUEST_TIMEOUT, exchange)
            .await
            .map_err(|_| format!("no answer within {} s", REQUEST_TIMEOUT.as_secs()))?
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use opentelemetry::Value;
    use std::time::SystemTime;

    fn call(refusal: Option<&'static str>, status: Option<u16>) -> CallSpan {
        CallSpan {
            trace_id: "0af7651916cd43dd8448eb211c80319c".to_string(),
            span_id: 0x00f0_67aa_0ba9_02b7,
            parent_id: Some("b7ad6b7169203331".to_string()),
            sampled: true,
            tracestate: Some("rojo=1".to_string()),
            tool: Some("get_task"),
            operation: Some("GetTask".to_string()),
            method: Some("GET"),
            path: Some("/boards/{board_id}/tasks/{task_id}"),
            status,
            refusal,
            bytes_in: Some(0),
            bytes_out: Some(42),
            cut: None,
            start: SystemTime::UNIX_EPOCH,
            latency: Duration::from_millis(12),
        }
    }

    fn attribute(data: &SpanData, key: &str) -> Option<Value> {
        data.attributes
            .iter()
            .find(|kv| kv.key.as_str() == key)
            .map(|kv| kv.value.clone())
    }

    #[test]
    fn an_answered_call_is_a_server_span_in_the_caller_s_trace() {
        let data = span_data(&call(None, Some(200))).expect("valid ids");
        assert_eq!(
            data.span_context.trace_id().to_string(),
            "0af7651916cd43dd8448eb211c80319c"
        );
        assert_eq!(data.span_context.span_id().to_string(), "00f067aa0ba902b7");
        assert_eq!(data.parent_span_id.to_string(), "b7ad6b7169203331");
        assert!(data.parent_span_is_remote && data.span_context.is_sampled());
        assert_eq!(data.span_context.trace_state().header(), "rojo=1");
        assert_eq!(data.name, "tools/call get_task");
        assert_eq!(data.span_kind, SpanKind::Server);
        assert_eq!(data.status, Status::Ok);
        assert_eq!(
            data.end_time.duration_since(data.start_time).ok(),
            Some(Duration::from_millis(12))
        );
        for (key, value) in [
            ("gen_ai.tool.name", Value::from("get_task")),
            ("catalog.operation", Value::from("GetTask")),
            ("http.request.method", Value::from("GET")),
            (
                "url.template",
                Value::from("/boards/{board_id}/tasks/{task_id}"),
            ),
            ("http.response.status_code", Value::I64(200)),
            ("http.request.body.size", Value::I64(0)),
            ("catalog.response.bytes", Value::I64(42)),
        ] {
            assert_eq!(attribute(&data, key), Some(value), "{key}");
        }
        assert_eq!(attribute(&data, "catalog.refusal"), None);
        assert_eq!(attribute(&data, "catalog.cut"), None);
    }

    #[test]
    fn a_refused_call_or_an_api_error_is_an_error_span() {
        let refused = span_data(&call(Some("writes_disabled"), None)).expect("valid ids");
        assert_eq!(refused.status, Status::error("refused: writes_disabled"));
        assert_eq!(
            attribute(&refused, "catalog.refusal"),
            Some(Value::from("writes_disabled"))
        );
        assert_eq!(
            attribute(&refused, "error.type"),
            Some(Value::from("writes_disabled"))
        );
        assert_eq!(attribute(&refused, "http.response.status_code"), None);
        let failed = span_data(&call(None, Some(503))).expect("valid ids");
        assert_eq!(failed.status, Status::error("the API answered 503"));
    }

    #[test]
    fn an_unknown_tool_and_a_root_span_have_no_name_or_parent() {
        let mut root = call(Some("unknown_tool"), None);
        root.tool = None;
        root.operation = None;
        root.parent_id = None;
        let data = span_data(&root).expect("valid ids");
        assert_eq!(data.name, "tools/call");
        assert_eq!(data.parent_span_id, SpanId::INVALID);
        assert!(!data.parent_span_is_remote);
        assert_eq!(attribute(&data, "gen_ai.tool.name"), None);
    }
}
