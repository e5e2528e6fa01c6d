//! A finished call's span, as the call's span ([`crate::observe::span`]) hands it to the exporter
//! ([`crate::observe::otel`]).

use std::time::{Duration, SystemTime};

/// A finished call's span: what it says, and where it belongs.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct CallSpan {
    /// The trace, 32 hex digits.
    pub trace_id: String,
    /// This span's id.
    pub span_id: u64,
    /// The caller's span, 16 hex digits; `None` for a root span.
    pub parent_id: Option<String>,
    /// Whether the caller sampled the trace (flags `01`).
    pub sampled: bool,
    /// The caller's `tracestate`.
    pub tracestate: Option<String>,
    /// The tool called, when the server serves it (an unknown name is not recorded).
    pub tool: Option<&'static str>,
    /// The operation: `operationId`, else `METHOD /path`.
    pub operation: Option<String>,
    /// The HTTP method.
    pub method: Option<&'static str>,
    /// The path template.
    pub path: Option<&'static str>,
    /// The API's final status.
    pub status: Option<u16>,
    /// Why the API did not answer.
    pub refusal: Option<&'static str>,
    /// Bytes of the request body sent.
    pub bytes_in: Option<usize>,
    /// Bytes of the body given back.
    pub bytes_out: Option<usize>,
    /// How the body was cut, when it was.
    pub cut: Option<&'static str>,
    /// When the call began.
    pub start: SystemTime,
    /// How long it took.
    pub latency: Duration,
}
