//! `CATALOG_AUDIT=otlp`: each record an OTLP log record (feature `otel`), sent as
//! [`crate::observe::otel::logs`] says:
//!
//! - `event_name` [`EVENT_NAME`], severity `INFO` (9), timestamp and observed timestamp the
//!   call's arrival (the record's `time`);
//! - the body: the record's JSON, the very line `stderr` or `file:PATH` would write;
//! - an attribute per field of the record, `catalog.audit.` and the field's name
//!   (`catalog.audit.tool`, `catalog.audit.outcome`, ...), its value as the JSON has it: a
//!   string, an integer (`status`), a double (`duration_ms`), a list of strings (`arguments`), a
//!   map (`caller`, `argument_values`);
//! - the trace context: the call's trace id and the id of its span (the parent of its API
//!   requests, the span exported with the `otel` feature), when the call has a trace.
//!
//! So a record over OTLP carries what the JSON record carries, and nothing else: no token,
//! session id or credential, no argument value unless `CATALOG_AUDIT_ARGUMENTS=values`.

/// The `event_name` of every audit log record.
#[cfg(feature = "otel")]
pub(crate) const EVENT_NAME: &str = "catalog.audit";

/// The prefix of the attributes, one per field of the record.
#[cfg(feature = "otel")]
pub(crate) const ATTRIBUTE_PREFIX: &str = "catalog.audit.";

/// The OTLP sink of `CATALOG_AUDIT=otlp`, to the receiver the environment read by `lookup`
/// names.
#[cfg(feature = "otel")]
pub(super) fn sink(
    lookup: &impl Fn(&str) -> Option<String>,
) -> Result<Box<crate::observe::otel::logs::LogSink>, String> {
    crate::observe::otel::logs::LogSink::from_env(lookup)
        .map(Box::new)
        .map_err(|why| format!("the audit trail cannot be sent over OTLP: {why}"))
}

/// Why `CATALOG_AUDIT=otlp` is refused without the `otel` feature.
#[cfg(not(feature = "otel"))]
pub(super) const WITHOUT_FEATURE: &str = "this server was built without the `otel` feature, \
     which sends the audit trail over OTLP; build it with the feature (`--features otel`), or \
     set `stderr` or `file:PATH` (a collector can read either as logs)";

/// The log record of a call that arrived at `time`, in the trace `trace_id` under its span
/// `span_id`, whose record's JSON is `json` (the line the other sinks write).
#[cfg(feature = "otel")]
pub(super) fn log_record(
    time: std::time::SystemTime,
    trace_id: Option<&str>,
    span_id: Option<u64>,
    json: &serde_json::Value,
) -> crate::observe::otel::logs::Event {
    use opentelemetry::logs::AnyValue;
    use opentelemetry::trace::{SpanId, TraceId};
    let attributes = json
        .as_object()
        .map(|fields| {
            fields
                .iter()
                .filter_map(|(name, value)| {
                    any_value(value).map(|v| (format!("{ATTRIBUTE_PREFIX}{name}"), v))
                })
                .collect()
        })
        .unwrap_or_default();
    let trace = trace_id.and_then(|t| TraceId::from_hex(t).ok()).map(|t| {
        (
            t,
            span_id.map_or(SpanId::INVALID, |s| SpanId::from_bytes(s.to_be_bytes())),
        )
    });
    crate::observe::otel::logs::Event {
        name: EVENT_NAME,
        time,
        body: AnyValue::from(json.to_string()),
        attributes,
        trace,
    }
}

/// A JSON value as an OTLP `AnyValue`; `None` for `null` (the API has no null `AnyValue`: a
/// `null` argument value is left out of the attribute `catalog.audit.argument_values`, the body
/// keeps it).
#[cfg(feature = "otel")]
fn any_value(value: &serde_json::Value) -> Option<opentelemetry::logs::AnyValue> {
    use opentelemetry::Key;
    use opentelemetry::logs::AnyValue;
    use serde_json::Value;
    Some(match value {
        Value::Null => return None,
        Value::Bool(b) => AnyValue::Boolean(*b),
        Value::Number(n) => match n.as_i64() {
            Some(i) => AnyValue::Int(i),
            None => AnyValue::Double(n.as_f64().unwrap_or(f64::NAN)),
        },
        Value::String(s) => AnyValue::from(s.clone()),
        Value::Array(items) => {
            AnyValue::ListAny(Box::new(items.iter().filter_map(any_value).collect()))
        }
        Value::Object(map) => AnyValue::Map(Box::new(
            map.iter()
                .filter_map(|(k, v)| any_value(v).map(|v| (Key::from(k.clone()), v)))
                .collect(),
        )),
    })
}

#[cfg(all(test, feature = "otel"))]
mod tests;
