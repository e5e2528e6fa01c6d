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

use super::ENV_AUDIT;
#[cfg(feature = "otel")]
use super::Record;
use crate::config::variable_error::VariableError;

/// The `event_name` of every audit log record.
#[cfg(feature = "otel")]
pub(crate) const EVENT_NAME: &str = "catalog.audit";

/// The prefix of the attributes, one per field of the record.
#[cfg(feature = "otel")]
pub(crate) const ATTRIBUTE_PREFIX: &str = "catalog.audit.";

/// `CATALOG_AUDIT=otlp` (`value`, as given) with the receiver the environment read by `lookup`
/// names.
#[cfg(feature = "otel")]
pub(super) fn from_env(
    value: &str,
    lookup: &impl Fn(&str) -> Option<String>,
) -> Result<super::AuditLog, VariableError> {
    let sink = crate::observe::otel::logs::LogSink::from_env(lookup).map_err(|why| {
        VariableError::invalid(
            ENV_AUDIT,
            value,
            format!("the audit trail cannot be sent over OTLP: {why}"),
        )
    })?;
    Ok(super::AuditLog {
        sink: super::Sink::Otlp(Box::new(sink)),
        arguments: super::AuditArguments::Names,
    })
}

/// Without the `otel` feature, `CATALOG_AUDIT=otlp` is refused, naming the feature.
#[cfg(not(feature = "otel"))]
pub(super) fn from_env(
    value: &str,
    _lookup: &impl Fn(&str) -> Option<String>,
) -> Result<super::AuditLog, VariableError> {
    Err(VariableError::invalid(
        ENV_AUDIT,
        value,
        "this server was built without the `otel` feature, which sends the audit trail over \
         OTLP; build it with the feature (`--features otel`), or set `stderr` or `file:PATH` \
         (a collector can read either as logs)",
    ))
}

/// The log record of `record`, whose JSON is `json` (the line the other sinks write).
#[cfg(feature = "otel")]
pub(super) fn log_record(
    record: &Record<'_>,
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
    let trace = record
        .trace_id
        .and_then(|t| TraceId::from_hex(t).ok())
        .map(|t| {
            (
                t,
                record
                    .span_id
                    .map_or(SpanId::INVALID, |s| SpanId::from_bytes(s.to_be_bytes())),
            )
        });
    crate::observe::otel::logs::Event {
        name: EVENT_NAME,
        time: record.time,
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
