//! One span per tool call, through `tracing`, and (feature `otel`) exported over OTLP.
//!
//! Every `tools/call` runs inside a `tracing` span named `tools/call` whose fields say what the
//! call did: `tool`, `operation` (the spec's `operationId`, else `METHOD /path`), `method`,
//! `status` (the API's final status), `latency_ms`, `bytes_in` (the request body sent to the
//! API), `bytes_out` (the body given back to the agent), `cut` (how the body was bounded, when
//! it was: `items`, `text`, `too_large`), `refusal` (the cause when the API did not answer:
//! the causes of `catalog_refusals_total`, [`crate::observe::metrics`]), and the span's
//! `trace_id`, `span_id` and `parent_id`. Argument values, URLs, headers and credentials are
//! never recorded: an argument's value is not even seen here.
//!
//! The span belongs to the caller's trace ([`crate::observe::trace`]): its trace id is the
//! caller's, its parent the caller's span, and the API request's `traceparent` names this
//! span as parent. A call that came with no trace context continues none when spans are not
//! exported; when they are, the span starts a new trace (it is then the root) and the API
//! request continues that.
//!
//! With the `otel` feature and `OTEL_EXPORTER_OTLP_ENDPOINT` set, each finished span is handed
//! to the exporter ([`crate::observe::otel`]).

use crate::observe::call_span::CallSpan;
use crate::observe::metrics::Outcome;
use crate::observe::trace::Context;
use crate::wire::bounded::Bounded;
use catalog_core::model::Operation;
use std::cell::Cell;
use std::future::Future;
use std::time::{Instant, SystemTime};
use tracing::Instrument;

tokio::task_local! {
    static NOTES: Notes;
}

/// What the executor and the server note during a call, for its span.
#[derive(Default)]
struct Notes {
    bytes_in: Cell<Option<usize>>,
    bytes_out: Cell<Option<usize>>,
    cut: Cell<Option<&'static str>>,
}

/// Notes the bytes of the request body sent to the API (each attempt sends the same).
pub(crate) fn note_request(bytes: usize) {
    let _ = NOTES.try_with(|n| n.bytes_in.set(Some(bytes)));
}

/// Notes the API's body as kept for the agent: its bytes, and how it was cut.
pub(crate) fn note_response(body: &Bounded) {
    let (bytes, cut) = match body {
        Bounded::Whole(b) => (b.len(), None),
        Bounded::Items { json, .. } => (json.len(), Some("items")),
        Bounded::Cut(text) => (text.len(), Some("text")),
        Bounded::TooLarge { .. } => (0, Some("too_large")),
    };
    let _ = NOTES.try_with(|n| {
        n.bytes_out.set(Some(bytes));
        n.cut.set(cut);
    });
}

/// Runs one call (`call` yields its answer, how it ended and the tool served) inside its span,
/// with its API requests continuing `trace`, and ends the span with what it did.
pub(crate) async fn run<T>(
    name: &str,
    operation: Option<&'static Operation>,
    trace: Context,
    call: impl Future<Output = (T, Outcome, Option<&'static str>)>,
) -> (T, Outcome, Option<&'static str>) {
    let exporting = crate::observe::otel::exporting();
    let trace = if trace.ids().is_none() && exporting {
        Context::root()
    } else {
        trace
    };
    let span_id = trace.span().unwrap_or_else(crate::observe::trace::span_id);
    let known = operation.is_some();
    let span = tracing::info_span!(
        "tools/call",
        tool = if known { name } else { "" },
        operation = operation.map(operation_name).unwrap_or_default(),
        method = operation.map_or("", |o| o.method.as_str()),
        status = tracing::field::Empty,
        latency_ms = tracing::field::Empty,
        bytes_in = tracing::field::Empty,
        bytes_out = tracing::field::Empty,
        cut = tracing::field::Empty,
        refusal = tracing::field::Empty,
        trace_id = trace.ids().map_or("", |(t, _, _)| t),
        span_id = format!("{span_id:016x}"),
        parent_id = trace.ids().map_or("", |(_, p, _)| p),
    );
    let start = SystemTime::now();
    let started = Instant::now();
    let ids = trace
        .ids()
        .map(|(t, p, f)| (t.to_string(), p.to_string(), f == "01"));
    let tracestate = trace.tracestate().map(str::to_string);
    let scoped = crate::observe::trace::scope(trace.with_span(span_id), call);
    let notes = Notes::default();
    let ((answer, outcome, served), notes) = NOTES
        .scope(notes, async move {
            let done = scoped.await;
            (
                done,
                NOTES.with(|n| (n.bytes_in.get(), n.bytes_out.get(), n.cut.get())),
            )
        })
        .instrument(span.clone())
        .await;
    let (bytes_in, bytes_out, cut) = notes;
    let (status, refusal) = match outcome {
        Outcome::Answered(status) => (Some(status), None),
        Outcome::Refused(cause) | Outcome::Failed(cause) => (None, Some(cause)),
        Outcome::Busy => (None, Some("busy")),
    };
    let latency = started.elapsed();
    if let Some(status) = status {
        span.record("status", status);
    }
    span.record("latency_ms", latency.as_secs_f64() * 1000.0);
    if let Some(n) = bytes_in {
        span.record("bytes_in", n);
    }
    if let Some(n) = bytes_out {
        span.record("bytes_out", n);
    }
    if let Some(cut) = cut {
        span.record("cut", cut);
    }
    if let Some(refusal) = refusal {
        span.record("refusal", refusal);
    }
    // Parent-based sampling: a trace the caller did not sample is not exported.
    if let Some((trace_id, parent_id, sampled)) =
        ids.filter(|(_, _, sampled)| exporting && *sampled)
    {
        crate::observe::otel::export(CallSpan {
            trace_id,
            span_id,
            parent_id: (!parent_id.is_empty()).then_some(parent_id),
            sampled,
            tracestate,
            tool: served,
            operation: operation.map(operation_name),
            method: operation.map(|o| o.method.as_str()),
            path: operation.map(|o| o.path.as_str()),
            status,
            refusal,
            bytes_in,
            bytes_out,
            cut,
            start,
            latency,
        });
    }
    (answer, outcome, served)
}

/// `operationId`, else `METHOD /path`.
fn operation_name(operation: &Operation) -> String {
    match &operation.id {
        Some(id) => id.clone(),
        None => format!("{} {}", operation.method, operation.path),
    }
}
