use super::*;
use opentelemetry::Key;

fn env<'a>(pairs: &'a [(&'a str, &'a str)]) -> impl Fn(&str) -> Option<String> + 'a {
    move |name| {
        pairs
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(_, v)| v.to_string())
    }
}

#[test]
fn the_logs_url_is_the_logs_endpoint_or_v1_logs_under_the_base_one() {
    assert_eq!(logs_endpoint(&env(&[])), Ok(None));
    assert_eq!(logs_endpoint(&env(&[(ENV_ENDPOINT, "  ")])), Ok(None));
    assert_eq!(
        logs_endpoint(&env(&[(ENV_ENDPOINT, "http://c:4318")])),
        Ok(Some((ENV_ENDPOINT, "http://c:4318/v1/logs".to_string())))
    );
    assert_eq!(
        logs_endpoint(&env(&[(ENV_ENDPOINT, "http://c:4318/otlp/")])),
        Ok(Some((
            ENV_ENDPOINT,
            "http://c:4318/otlp/v1/logs".to_string()
        )))
    );
    // The signal's own URL is taken whole, and first.
    assert_eq!(
        logs_endpoint(&env(&[
            (ENV_ENDPOINT, "http://c:4318"),
            (ENV_LOGS_ENDPOINT, "https://l/ingest")
        ])),
        Ok(Some((ENV_LOGS_ENDPOINT, "https://l/ingest".to_string())))
    );
}

#[test]
fn a_wrong_logs_endpoint_protocol_or_a_disabled_sdk_is_refused_saying_the_fix() {
    for bad in ["collector:4318", "grpc://c:4317", "http://", "not a url"] {
        assert_eq!(
            logs_endpoint(&env(&[(ENV_LOGS_ENDPOINT, bad)])),
            Err(format!(
                "OTEL_EXPORTER_OTLP_LOGS_ENDPOINT={bad:?}: expected the http:// or https:// URL \
                 of an OTLP/HTTP receiver, such as http://otel-collector:4318 \
                 (OTEL_EXPORTER_OTLP_ENDPOINT, log records go to /v1/logs under it) or \
                 http://otel-collector:4318/v1/logs (OTEL_EXPORTER_OTLP_LOGS_ENDPOINT)"
            ))
        );
    }
    assert_eq!(
        logs_endpoint(&env(&[(ENV_ENDPOINT, "c:4318")])),
        Err(
            "OTEL_EXPORTER_OTLP_ENDPOINT=\"c:4318\": expected the http:// or https:// URL of an \
             OTLP/HTTP receiver, such as http://otel-collector:4318 (OTEL_EXPORTER_OTLP_ENDPOINT, \
             log records go to /v1/logs under it) or http://otel-collector:4318/v1/logs \
             (OTEL_EXPORTER_OTLP_LOGS_ENDPOINT)"
                .to_string()
        )
    );
    assert_eq!(
        logs_endpoint(&env(&[
            (ENV_ENDPOINT, "http://c:4318"),
            (ENV_LOGS_PROTOCOL, "grpc")
        ])),
        Err(
            "OTEL_EXPORTER_OTLP_LOGS_PROTOCOL=\"grpc\": log records are exported over OTLP/HTTP \
             with protobuf only; set it to http/protobuf or unset it (a collector's OTLP/HTTP \
             receiver listens on port 4318)"
                .to_string()
        )
    );
    assert_eq!(
        logs_endpoint(&env(&[
            (ENV_ENDPOINT, "http://c:4318"),
            (ENV_PROTOCOL, "http/json")
        ]))
        .unwrap_err(),
        "OTEL_EXPORTER_OTLP_PROTOCOL=\"http/json\": log records are exported over OTLP/HTTP \
         with protobuf only; set it to http/protobuf or unset it (a collector's OTLP/HTTP \
         receiver listens on port 4318)"
    );
    assert_eq!(
        logs_endpoint(&env(&[
            (ENV_ENDPOINT, "http://c:4318"),
            (ENV_SDK_DISABLED, "TRUE")
        ])),
        Err(
            "OTEL_SDK_DISABLED=TRUE turns OpenTelemetry off, and the audit trail is to be sent \
             over OTLP; unset OTEL_SDK_DISABLED, or write the audit trail to `stderr` or `file:PATH`"
                .to_string()
        )
    );
}

#[test]
fn no_endpoint_is_refused_naming_both_variables() {
    let refused = LogSink::from_env(&env(&[])).expect_err("no receiver named");
    assert_eq!(
        refused,
        "no OTLP receiver is named; set OTEL_EXPORTER_OTLP_ENDPOINT to the receiver's base URL \
         (http://otel-collector:4318: log records go to /v1/logs under it) or \
         OTEL_EXPORTER_OTLP_LOGS_ENDPOINT to the whole logs URL"
    );
}

#[test]
fn the_headers_are_the_logs_ones_else_the_general_ones() {
    let general = headers(&env(&[(ENV_HEADERS, "api_key=a%20b, x-tenant = t1 ,bad")]));
    assert_eq!(
        general,
        HashMap::from([
            ("api_key".to_string(), "a%20b".to_string()),
            ("x-tenant".to_string(), "t1".to_string())
        ])
    );
    let logs = headers(&env(&[
        (ENV_HEADERS, "api_key=general"),
        (ENV_LOGS_HEADERS, "api_key=logs"),
    ]));
    assert_eq!(
        logs,
        HashMap::from([("api_key".to_string(), "logs".to_string())])
    );
}

#[test]
fn an_event_is_an_info_record_with_its_name_body_attributes_and_trace() {
    let provider = SdkLoggerProvider::builder().build();
    let logger = provider.logger("test");
    let mut record = logger.create_log_record();
    let time = SystemTime::UNIX_EPOCH + Duration::from_secs(1_700_000_000);
    let trace_id = TraceId::from_hex("4bf92f3577b34da6a3ce929d0e0e4736").expect("hex");
    let span_id = SpanId::from_hex("00f067aa0ba902b7").expect("hex");
    fill(
        &mut record,
        Event {
            name: "catalog.audit",
            time,
            body: AnyValue::from("{\"tool\":\"get_task\"}"),
            attributes: vec![
                ("catalog.audit.tool".to_string(), AnyValue::from("get_task")),
                ("catalog.audit.status".to_string(), AnyValue::Int(200)),
            ],
            trace: Some((trace_id, span_id)),
        },
    );
    assert_eq!(record.event_name(), Some("catalog.audit"));
    assert_eq!(record.timestamp(), Some(time));
    assert_eq!(record.observed_timestamp(), Some(time));
    assert_eq!(record.severity_number(), Some(Severity::Info));
    assert_eq!(record.severity_text(), Some("INFO"));
    assert_eq!(
        record.body(),
        Some(&AnyValue::from("{\"tool\":\"get_task\"}"))
    );
    let attributes: Vec<(Key, AnyValue)> = record.attributes_iter().cloned().collect();
    assert_eq!(
        attributes,
        vec![
            (Key::from("catalog.audit.tool"), AnyValue::from("get_task")),
            (Key::from("catalog.audit.status"), AnyValue::Int(200)),
        ]
    );
    let context = record.trace_context().expect("a trace context");
    assert_eq!(context.trace_id, trace_id);
    assert_eq!(context.span_id, span_id);
    assert_eq!(context.trace_flags, None);
}

#[test]
fn an_event_without_a_trace_has_no_trace_context() {
    let provider = SdkLoggerProvider::builder().build();
    let logger = provider.logger("test");
    let mut record = logger.create_log_record();
    fill(
        &mut record,
        Event {
            name: "catalog.audit",
            time: SystemTime::UNIX_EPOCH,
            body: AnyValue::from("{}"),
            attributes: Vec::new(),
            trace: None,
        },
    );
    assert!(record.trace_context().is_none());
}

#[tokio::test]
async fn records_an_export_failed_to_send_are_written_on_the_fallback_instead() {
    // Port 1 on loopback: nothing listens, the connection is refused.
    let sink = LogSink::from_env(&env(&[(ENV_ENDPOINT, "http://127.0.0.1:1")])).expect("a sink");
    let Idle { exporter, .. } = sink
        .idle
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .take()
        .expect("not started");
    let scope = InstrumentationScope::builder("catalog").build();
    let provider = SdkLoggerProvider::builder().build();
    let logger = provider.logger("test");
    let mut batch = Vec::new();
    for tool in ["get_task", "create_task"] {
        let mut record = logger.create_log_record();
        fill(
            &mut record,
            Event {
                name: "catalog.audit",
                time: SystemTime::UNIX_EPOCH,
                body: AnyValue::from(format!("{{\"tool\":\"{tool}\"}}")),
                attributes: Vec::new(),
                trace: None,
            },
        );
        batch.push(record);
    }
    let mut failing = false;
    let mut fallback = Vec::new();
    send(&exporter, &scope, &mut batch, &mut failing, &mut fallback).await;
    assert!(failing);
    assert!(batch.is_empty());
    assert_eq!(
        String::from_utf8(fallback).expect("utf-8"),
        "{\"tool\":\"get_task\"}\n{\"tool\":\"create_task\"}\n"
    );
}
