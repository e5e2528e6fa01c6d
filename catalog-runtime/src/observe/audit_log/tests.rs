use super::*;
use std::time::UNIX_EPOCH;

fn env(pairs: &[(&str, &str)]) -> impl Fn(&str) -> Option<String> {
    let pairs: Vec<(String, String)> = pairs
        .iter()
        .map(|(n, v)| (n.to_string(), v.to_string()))
        .collect();
    move |name| {
        pairs
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.clone())
    }
}

fn refused(pairs: &[(&str, &str)]) -> String {
    AuditLog::from_env(env(pairs)).unwrap_err().to_string()
}

#[test]
fn unset_keeps_no_audit_trail() {
    assert!(AuditLog::from_env(env(&[])).unwrap().is_none());
}

#[test]
fn stderr_and_a_file_are_taken() {
    let log = AuditLog::from_env(env(&[(ENV_AUDIT, " stderr ")]))
        .unwrap()
        .unwrap();
    assert!(matches!(log.sink, Sink::Stderr));
    assert_eq!(log.arguments, AuditArguments::Names);
    let dir = std::env::temp_dir().join(format!("catalog-audit-unit-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("audit.jsonl");
    let value = format!("file:{}", path.display());
    let log = AuditLog::from_env(env(&[(ENV_AUDIT, &value), (ENV_AUDIT_ARGUMENTS, "values")]))
        .unwrap()
        .unwrap();
    assert!(matches!(log.sink, Sink::File(_)));
    assert_eq!(log.arguments, AuditArguments::Values);
    assert!(path.exists(), "the file is created at start-up");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn any_other_form_is_refused_listing_the_accepted_ones() {
    let forms = "expected `stderr` (one JSON line per tool call on standard error), `file:PATH` \
                 (appended to PATH, created if missing) or `otlp` (an OTLP log record per tool \
                 call, with the `otel` feature)";
    assert_eq!(
        refused(&[(ENV_AUDIT, "syslog")]),
        format!("CATALOG_AUDIT=\"syslog\": {forms}")
    );
    assert_eq!(
        refused(&[(ENV_AUDIT, "1")]),
        format!("CATALOG_AUDIT=\"1\": {forms}")
    );
    assert_eq!(
        refused(&[(ENV_AUDIT, "file:")]),
        format!("CATALOG_AUDIT=\"file:\": `file:` names no file; {forms}")
    );
    assert_eq!(
        refused(&[(ENV_AUDIT, "  ")]),
        "CATALOG_AUDIT is set but empty; set it to `stderr`, `file:PATH` or `otlp`, or unset it \
         to keep no audit trail"
    );
}

#[cfg(not(feature = "otel"))]
#[test]
fn otlp_without_the_otel_feature_is_refused_naming_the_feature() {
    let error = AuditLog::from_env(env(&[
        (ENV_AUDIT, "otlp"),
        ("OTEL_EXPORTER_OTLP_ENDPOINT", "http://c:4318"),
    ]))
    .unwrap_err();
    assert_eq!(error.kind(), "invalid");
    assert_eq!(
        error.to_string(),
        "CATALOG_AUDIT=\"otlp\": this server was built without the `otel` feature, which sends \
         the audit trail over OTLP; build it with the feature (`--features otel`), or set \
         `stderr` or `file:PATH` (a collector can read either as logs)"
    );
}

#[cfg(feature = "otel")]
#[test]
fn otlp_takes_the_receiver_the_otel_environment_names() {
    let log = AuditLog::from_env(env(&[
        (ENV_AUDIT, "otlp"),
        (ENV_AUDIT_ARGUMENTS, "values"),
        ("OTEL_EXPORTER_OTLP_ENDPOINT", "http://127.0.0.1:4318"),
    ]))
    .unwrap()
    .unwrap();
    assert!(matches!(log.sink, Sink::Otlp(_)), "{log:?}");
    assert_eq!(log.arguments, AuditArguments::Values);
}

#[cfg(feature = "otel")]
#[test]
fn otlp_without_a_receiver_or_with_a_bad_one_is_refused_saying_the_fix() {
    let error = AuditLog::from_env(env(&[(ENV_AUDIT, "otlp")])).unwrap_err();
    assert_eq!(error.kind(), "invalid");
    assert_eq!(
        error.to_string(),
        "CATALOG_AUDIT=\"otlp\": the audit trail cannot be sent over OTLP: no OTLP receiver is \
         named; set OTEL_EXPORTER_OTLP_ENDPOINT to the receiver's base URL \
         (http://otel-collector:4318: log records go to /v1/logs under it) or \
         OTEL_EXPORTER_OTLP_LOGS_ENDPOINT to the whole logs URL"
    );
    assert_eq!(
        refused(&[
            (ENV_AUDIT, "otlp"),
            ("OTEL_EXPORTER_OTLP_LOGS_ENDPOINT", "collector:4318")
        ]),
        "CATALOG_AUDIT=\"otlp\": the audit trail cannot be sent over OTLP: \
         OTEL_EXPORTER_OTLP_LOGS_ENDPOINT=\"collector:4318\": expected the http:// or https:// \
         URL of an OTLP/HTTP receiver, such as http://otel-collector:4318 \
         (OTEL_EXPORTER_OTLP_ENDPOINT, log records go to /v1/logs under it) or \
         http://otel-collector:4318/v1/logs (OTEL_EXPORTER_OTLP_LOGS_ENDPOINT)"
    );
}

#[test]
fn a_file_that_cannot_be_opened_is_refused_with_the_path_and_the_os_error() {
    let path = std::env::temp_dir()
        .join(format!("catalog-audit-missing-{}", std::process::id()))
        .join("audit.jsonl");
    let value = format!("file:{}", path.display());
    let os = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(&path)
        .unwrap_err();
    assert_eq!(
        refused(&[(ENV_AUDIT, &value)]),
        format!(
            "CATALOG_AUDIT={value:?}: the audit file {} cannot be opened for appending: {os}",
            path.display()
        )
    );
}

#[test]
fn the_arguments_setting_is_names_or_values_and_needs_an_audit_trail() {
    assert_eq!(
        refused(&[(ENV_AUDIT, "stderr"), (ENV_AUDIT_ARGUMENTS, "all")]),
        "CATALOG_AUDIT_ARGUMENTS=\"all\": expected `names` (the default: the argument names \
         only) or `values` (their values too; a credential's never)"
    );
    assert_eq!(
        refused(&[(ENV_AUDIT_ARGUMENTS, "values")]),
        "CATALOG_AUDIT_ARGUMENTS=\"values\" is set without CATALOG_AUDIT: it says what the audit \
         trail records, and there is none; set CATALOG_AUDIT (`stderr` or `file:PATH`) or unset \
         CATALOG_AUDIT_ARGUMENTS"
    );
    let names = AuditLog::from_env(env(&[
        (ENV_AUDIT, "stderr"),
        (ENV_AUDIT_ARGUMENTS, "names"),
    ]))
    .unwrap()
    .unwrap();
    assert_eq!(names.arguments, AuditArguments::Names);
}

#[test]
fn time_is_rfc_3339_in_utc() {
    let at = |secs: u64, millis: u64| {
        rfc3339(UNIX_EPOCH + Duration::from_secs(secs) + Duration::from_millis(millis))
    };
    assert_eq!(at(0, 0), "1970-01-01T00:00:00.000Z");
    assert_eq!(at(951_782_400, 5), "2000-02-29T00:00:00.005Z");
    assert_eq!(at(1_700_000_000, 123), "2023-11-14T22:13:20.123Z");
    assert_eq!(at(4_107_542_399, 999), "2100-02-28T23:59:59.999Z");
}

#[test]
fn secret_names_are_recognized() {
    for name in [
        "password",
        "client_secret",
        "access_token",
        "apiKey",
        "X-API-Key",
        "Authorization",
        "session_id",
        "privateKey",
    ] {
        assert!(secret_name(name), "{name}");
    }
    for name in ["board_id", "title", "status", "limit"] {
        assert!(!secret_name(name), "{name}");
    }
}

#[test]
fn values_are_redacted_under_secret_keys() {
    let value = serde_json::json!({
        "name": "n",
        "auth": {"password": "hunter2", "user": "u"},
        "items": [{"token": "t"}]
    });
    assert_eq!(
        redacted(&value),
        serde_json::json!({
            "name": "n",
            "auth": {"password": "[redacted]", "user": "u"},
            "items": [{"token": "[redacted]"}]
        })
    );
}

#[test]
fn a_record_is_one_json_object_in_field_order() {
    let record = Record {
        time: UNIX_EPOCH + Duration::from_secs(1_700_000_000),
        caller: Who::Subject("alice".into()),
        tool: "get_task",
        operation: None,
        outcome: Outcome::Failed("timeout"),
        verdict: None,
        duration: Duration::from_micros(1500),
        trace_id: Some("4bf92f3577b34da6a3ce929d0e0e4736"),
        span_id: Some(0x00f0_67aa_0ba9_02b7),
        arguments: Arguments {
            names: vec!["a".into(), "b".into()],
            values: None,
        },
    };
    assert_eq!(
        record.to_json().to_string(),
        r#"{"time":"2023-11-14T22:13:20.000Z","caller":{"kind":"subject","id":"alice"},"tool":"get_task","outcome":"failed","reason":"timeout","duration_ms":1.5,"trace_id":"4bf92f3577b34da6a3ce929d0e0e4736","arguments":["a","b"]}"#
    );
}
