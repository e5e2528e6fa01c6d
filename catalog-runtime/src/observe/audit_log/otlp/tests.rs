use super::*;
use crate::observe::audit_log::{Arguments, Record, Verdict, Who};
use crate::observe::metrics::Outcome;
use opentelemetry::Key;
use opentelemetry::logs::AnyValue;
use opentelemetry::trace::{SpanId, TraceId};
use serde_json::json;
use std::collections::{BTreeMap, HashMap};
use std::time::{Duration, UNIX_EPOCH};

fn record(
    outcome: Outcome,
    values: Option<BTreeMap<String, serde_json::Value>>,
) -> Record<'static> {
    Record {
        time: UNIX_EPOCH + Duration::from_secs(1_700_000_000),
        caller: Who::Subject("alice".into()),
        tool: "get_task",
        operation: None,
        outcome,
        verdict: None,
        duration: Duration::from_micros(1500),
        trace_id: Some("4bf92f3577b34da6a3ce929d0e0e4736"),
        span_id: Some(0x00f0_67aa_0ba9_02b7),
        arguments: Arguments {
            names: vec!["board_id".into(), "task_id".into()],
            values,
        },
    }
}

fn attributes(event: &crate::observe::otel::logs::Event) -> HashMap<String, AnyValue> {
    event.attributes.iter().cloned().collect()
}

#[test]
fn the_body_is_the_json_record_and_each_field_an_attribute() {
    let record = record(Outcome::Answered(200), None);
    let json = record.to_json();
    let event = log_record(record.time, record.trace_id, record.span_id, &json);
    assert_eq!(event.name, "catalog.audit");
    assert_eq!(event.time, record.time);
    // The very line the other sinks write.
    assert_eq!(event.body, AnyValue::from(json.to_string()));
    assert_eq!(
        event.body,
        AnyValue::from(
            r#"{"time":"2023-11-14T22:13:20.000Z","caller":{"kind":"subject","id":"alice"},"tool":"get_task","outcome":"sent","status":200,"duration_ms":1.5,"trace_id":"4bf92f3577b34da6a3ce929d0e0e4736","arguments":["board_id","task_id"]}"#
        )
    );
    let names: Vec<&str> = event.attributes.iter().map(|(k, _)| k.as_str()).collect();
    assert_eq!(
        names,
        [
            "catalog.audit.time",
            "catalog.audit.caller",
            "catalog.audit.tool",
            "catalog.audit.outcome",
            "catalog.audit.status",
            "catalog.audit.duration_ms",
            "catalog.audit.trace_id",
            "catalog.audit.arguments",
        ]
    );
    let attributes = attributes(&event);
    assert_eq!(
        attributes["catalog.audit.time"],
        AnyValue::from("2023-11-14T22:13:20.000Z")
    );
    assert_eq!(
        attributes["catalog.audit.caller"],
        AnyValue::Map(Box::new(HashMap::from([
            (Key::from("kind"), AnyValue::from("subject")),
            (Key::from("id"), AnyValue::from("alice")),
        ])))
    );
    assert_eq!(attributes["catalog.audit.tool"], AnyValue::from("get_task"));
    assert_eq!(attributes["catalog.audit.outcome"], AnyValue::from("sent"));
    assert_eq!(attributes["catalog.audit.status"], AnyValue::Int(200));
    assert_eq!(
        attributes["catalog.audit.duration_ms"],
        AnyValue::Double(1.5)
    );
    assert_eq!(
        attributes["catalog.audit.trace_id"],
        AnyValue::from("4bf92f3577b34da6a3ce929d0e0e4736")
    );
    assert_eq!(
        attributes["catalog.audit.arguments"],
        AnyValue::ListAny(Box::new(vec![
            AnyValue::from("board_id"),
            AnyValue::from("task_id")
        ]))
    );
}

#[test]
fn the_trace_context_is_the_call_s_trace_and_span() {
    let record = record(Outcome::Refused("arguments"), None);
    let event = log_record(
        record.time,
        record.trace_id,
        record.span_id,
        &record.to_json(),
    );
    assert_eq!(
        event.trace,
        Some((
            TraceId::from_hex("4bf92f3577b34da6a3ce929d0e0e4736").expect("hex"),
            SpanId::from_hex("00f067aa0ba902b7").expect("hex")
        ))
    );
    let attributes = attributes(&event);
    assert_eq!(
        attributes["catalog.audit.outcome"],
        AnyValue::from("refused")
    );
    assert_eq!(
        attributes["catalog.audit.reason"],
        AnyValue::from("arguments")
    );
    assert!(!attributes.contains_key("catalog.audit.status"));
    // A call without a trace: no trace context; one refused before its span: the trace alone.
    let mut untraced = record;
    untraced.trace_id = None;
    assert_eq!(
        log_record(
            untraced.time,
            untraced.trace_id,
            untraced.span_id,
            &untraced.to_json()
        )
        .trace,
        None
    );
    let mut spanless = untraced;
    spanless.trace_id = Some("4bf92f3577b34da6a3ce929d0e0e4736");
    spanless.span_id = None;
    assert_eq!(
        log_record(
            spanless.time,
            spanless.trace_id,
            spanless.span_id,
            &spanless.to_json()
        )
        .trace,
        Some((
            TraceId::from_hex("4bf92f3577b34da6a3ce929d0e0e4736").expect("hex"),
            SpanId::INVALID
        ))
    );
}

#[test]
fn argument_values_appear_only_when_the_record_has_them_redacted_as_there() {
    let names_only = record(Outcome::Answered(200), None);
    let event = log_record(
        names_only.time,
        names_only.trace_id,
        names_only.span_id,
        &names_only.to_json(),
    );
    assert!(!attributes(&event).contains_key("catalog.audit.argument_values"));
    let values = BTreeMap::from([
        ("board_id".to_string(), json!("b1")),
        ("session".to_string(), json!("[redacted]")),
        ("note".to_string(), serde_json::Value::Null),
    ]);
    let with_values = record(Outcome::Answered(200), Some(values));
    let json = with_values.to_json();
    let event = log_record(
        with_values.time,
        with_values.trace_id,
        with_values.span_id,
        &json,
    );
    assert_eq!(event.body, AnyValue::from(json.to_string()));
    assert_eq!(
        attributes(&event)["catalog.audit.argument_values"],
        AnyValue::Map(Box::new(HashMap::from([
            (Key::from("board_id"), AnyValue::from("b1")),
            (Key::from("session"), AnyValue::from("[redacted]")),
        ])))
    );
}

#[test]
fn a_confirmed_call_carries_its_confirmation() {
    let mut confirmed = record(Outcome::Answered(204), None);
    confirmed.verdict = Some(Verdict::Accepted);
    let event = log_record(
        confirmed.time,
        confirmed.trace_id,
        confirmed.span_id,
        &confirmed.to_json(),
    );
    let attributes = attributes(&event);
    assert_eq!(
        attributes["catalog.audit.outcome"],
        AnyValue::from("confirmed")
    );
    assert_eq!(
        attributes["catalog.audit.confirmation"],
        AnyValue::from("accepted")
    );
    assert_eq!(attributes["catalog.audit.status"], AnyValue::Int(204));
}
